import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The source a table screen shows, what it is called, and what the screen knows of its
/// connection: lost or not, connecting again (``TableSource/reopened()``), and a look at the
/// table after a call failed.
struct ConnectionWatch {
    /// Where the rows come from.
    var source: any TableSource
    /// The table's name, which the status line shows and a save's suggested name starts from.
    let name: String
    /// What kind of table it is where that matters ("view"), shown after its name.
    var kind: String? = nil
    /// The file the table is read from, beside which a save is suggested ("flights-view.csv"
    /// next to flights.parquet); nil suggests one named after the table here.
    var file: String? = nil
    /// What the status line says ⌫ does ("⌫ back to the tables"); nil where it does nothing.
    var back: String? = nil
    /// Why the connection was lost, while it is; the rows shown stay and the screen connects
    /// again at `reconnectAt` (every few seconds until it can).
    var lost: String? = nil
    var reconnectAt: Double? = nil
    /// True while connecting again.
    var reconnecting = false
    /// True while the table is being looked at again after a failed call.
    var checkingSchema = false
    /// Set when the table's columns changed, or the table went away, under the view: the
    /// viewer then opens it again, or goes back to the list.
    var schemaChanged: TableScreen.SchemaCheck? = nil
    /// The keys of its work: connecting again, and looking at the table again.
    let reconnectKey = WorkKey<Result<any TableSource, TableSourceError>>("table-reconnect")
    let schemaKey = WorkKey<TableScreen.SchemaCheck>("table-schema")
    /// The key of the copying of standard input as it comes (``TableScreen/keepsArriving(_:keepingRest:)``).
    let arrivalKey = WorkKey<Bool>("table-input")

    /// `source`, called `name`.
    init(source: any TableSource, name: String) {
        self.source = source
        self.name = name
    }

    /// The name as the status line shows it: "late (view)".
    var label: String { name + (kind.map { " (\($0))" } ?? "") }
}

extension TableScreen {
    /// What a look at the table after a failed call found: the same columns (the failure
    /// stands as it was said), other columns, or no such table any more.
    enum SchemaCheck: Sendable, Equatable {
        case same, changed, gone
    }

    /// The connection broke: the rows shown stay, the status line says so, and the screen
    /// connects again in a few seconds.
    mutating func connectionLost(_ reason: String, at time: Double) {
        connection.lost = reason
        if !connection.reconnecting && connection.reconnectAt == nil { connection.reconnectAt = time + Self.reconnectDelay }
    }

    /// What every failed call leads to: `what` (then the error) in the status line, unless
    /// the failure is said elsewhere (a page's rows); connecting again when the connection was
    /// lost; a look at the table when the statement itself failed.
    mutating func failed(_ error: TableSourceError, saying what: String?, at time: Double) {
        if let what { note = what + "\(error)" }
        if case let .connectionLost(reason) = error { connectionLost(reason, at: time) }
        checkSchema(after: error)
    }

    /// After a call failed (not cancelled, the connection not lost): looks at the table again,
    /// off the loop, for whether someone changed its columns or dropped it meanwhile, which no
    /// call of this view can read past.
    mutating func checkSchema(after error: TableSourceError) {
        guard !connection.checkingSchema, connection.schemaChanged == nil else { return }
        switch error {
        case .failed, .gone: break
        default: return
        }
        connection.checkingSchema = true
        let source = self.source, columns = titles
        effects.append(.work(.start(Work(connection.schemaKey.named("schema")) { progress in
            let found: SchemaCheck
            switch Result(catching: { () throws(TableSourceError) in try source.reopened().columnTitles }) {
            case let .success(now): found = now == columns ? .same : .changed
            case .failure(.gone): found = .gone
            // Not able to tell (the server went away, say): the failure stands as said.
            case .failure: found = .same
            }
            return progress.isCancelled ? nil : found
        })))
    }

    /// Connected again, or the table's columns looked at after a failure.
    mutating func handleConnectionWork(_ update: WorkUpdate, at time: Double) -> Bool {
        if let reconnected = update.result(of: connection.reconnectKey) {
            connection.reconnecting = false
            switch reconnected {
            case let .success(source):
                connection.source = source
                connection.lost = nil
                note = "connected again"
                if byName && !shown.identitiesComplete { effects.append(.work(.start(chunk(after: shown.identities.last)))) }
                if counts.total == nil { effects.append(.work(.start(counts.counting(source)))) }
                // The pages that failed are asked for again at the next frame.
                for page in 0...Swift.max(0, shown.pages.page(ofRow: shown.pages.count - 1)) where !shown.pages.isLoaded(page: page) { shown.pages.retry(page: page) }
                showRows()
            case let .failure(error):
                connection.lost = "\(error)"
                connection.reconnectAt = time + Self.reconnectDelay
            }
            return true
        }
        if update.result(of: connection.arrivalKey) != nil {
            // All of the input has come (or stopped coming): its last rows are looked for now.
            shown.following.nextLook = time
            return true
        }
        if let found = update.result(of: connection.schemaKey) {
            connection.checkingSchema = false
            if found != .same { connection.schemaChanged = found }
            return true
        }
        return false
    }
}

extension TableScreen {
    /// Shows a file read from standard input as it comes (`arrival`): `keepingRest`, the work
    /// that copies the rest of it, runs as the screen's own (cancelled with it); nil when all
    /// of it came before the screen opened.
    mutating func keepsArriving(_ arrival: InputArrival, keepingRest: (@Sendable (WorkProgress) -> Bool?)?) {
        if let table = source as? FileTable { connection.source = table.arriving(arrival) }
        // Run whatever the table: the copying closes the input's files when it ends.
        if let keepingRest { effects.append(.work(.start(Work(connection.arrivalKey.named("input"), keepingRest)))) }
    }
}
