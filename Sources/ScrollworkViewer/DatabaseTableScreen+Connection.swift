import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkWidgets

/// The table on its connections, where it comes from (to connect again when a connection is
/// lost), and a look at the table after a statement failed: what the screen knows of its
/// connection.
struct ConnectionWatch {
    /// Where the table comes from.
    let source: any DatabaseSource
    /// The table, read through a connection for pages.
    var table: any DatabaseTable
    /// The same table on a connection of its own for long statements (orders, the count), so
    /// that pages keep coming while the engine sorts; one snapshot with `table` where the
    /// engine can share one.
    var long: any DatabaseTable
    /// Why the connection was lost, while it is; the rows shown stay and the screen connects
    /// again at `reconnectAt` (every few seconds until it can).
    var lost: String? = nil
    var reconnectAt: Double? = nil
    /// True while connecting again.
    var reconnecting = false
    /// True while the table is being looked at again after a failed statement.
    var checkingSchema = false
    /// Set when the table's columns changed, or the table went away, under the view: the
    /// viewer then opens it again, or goes back to the list.
    var schemaChanged: DatabaseTableScreen.SchemaCheck? = nil
    /// The keys of its work: connecting again, and looking at the table again.
    let reconnectKey = WorkKey<Result<[any DatabaseTable], DatabaseError>>("database-reconnect")
    let schemaKey = WorkKey<DatabaseTableScreen.SchemaCheck>("database-schema")
}

extension DatabaseTableScreen {
    /// What a look at the table after a failed statement found: the same columns (the failure
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

    /// What every failed statement leads to: `what` (then the error) in the status line, unless
    /// the failure is said elsewhere (a page's rows); connecting again when the connection was
    /// lost; a look at the table when the statement itself failed.
    mutating func failed(_ error: DatabaseError, saying what: String?, at time: Double) {
        if let what { note = what + "\(error)" }
        if case let .connectionLost(reason) = error { connectionLost(reason, at: time) }
        checkSchema(after: error)
    }

    /// After a statement failed (not cancelled, the connection not lost): looks at the table
    /// again, off the loop, for whether someone changed its columns or dropped it meanwhile,
    /// which no statement of this view can read past.
    mutating func checkSchema(after error: DatabaseError) {
        guard case .failed = error, !connection.checkingSchema, connection.schemaChanged == nil else { return }
        connection.checkingSchema = true
        let source = self.source, name = table.name, columns = table.columns
        effects.append(.work(.start(Work(connection.schemaKey.named("schema")) { progress in
            let found: SchemaCheck
            switch Result(catching: { () throws(DatabaseError) in try source.table(name, sharingSnapshotWith: nil).columns }) {
            case let .success(now): found = now == columns ? .same : .changed
            case .failure(.noSuchTable): found = .gone
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
            case let .success(tables) where tables.count == 2:
                connection.long = tables[0]
                connection.table = tables[1]
                connection.lost = nil
                note = "connected again"
                if table.hasIdentities && !shown.identitiesComplete { effects.append(.work(.start(chunk(after: shown.identities.last)))) }
                if counts.total == nil { effects.append(.work(.start(counts.counting(long)))) }
                // The pages that failed are asked for again at the next frame.
                for page in 0...Swift.max(0, shown.pages.page(ofRow: shown.pages.count - 1)) where !shown.pages.isLoaded(page: page) { shown.pages.retry(page: page) }
                view.table.replaceRows(with: shown.pages, orderedBy: view.table.sortOrder, sameRows: true)
            case let .failure(error):
                connection.lost = "\(error)"
                connection.reconnectAt = time + Self.reconnectDelay
            default:
                connection.reconnectAt = time + Self.reconnectDelay
            }
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
