import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// A file shown while it is indexed in the background and watched for growth: what the table
/// and the pager share. The first slice is indexed at once, the rest a slice a step as work; once
/// at its end, the file's size is looked at every second, and new bytes are indexed as well.
struct FileIndexing {
    /// How much of the file is indexed before the first frame, so that it shows at once: a
    /// screen of rows of up to a kilobyte and more (the next step follows the frame at once).
    static let firstSlice = 64 << 10
    /// How much each background step indexes.
    static let slice = 64 << 20
    /// The most of a file's start read to find its first two lines whole, which tell its
    /// separator, its header and its titles (a header of 20,000 columns is 150 KB): a slice.
    static let firstLinesLimit = slice
    /// How often a file indexed to its end is checked for growth.
    static let sizeCheckInterval = 1.0
    /// How often while standard input or a pipe is still being read: its lines show as they come.
    static let streamCheckInterval = 0.1

    /// The file read: the one opened, or the new one at its path once following the end
    /// (`F`) found the old one rotated away.
    private(set) var file: FileBytes
    private(set) var index: RecordIndex
    /// True while background steps are under way.
    private(set) var isIndexing: Bool
    /// What the status line calls the file: its path, or "standard input".
    var name: String
    /// True while standard input is still being read into the file.
    var spooling: Bool { arrival.map { !$0.done } ?? false }
    /// True while standard input is being read and nothing came since the last look: its
    /// writer is quiet (`tail -f` of a quiet log), and the status line says it waits.
    private(set) var waitingForMore = false
    /// Standard input as it is kept, for the status line; nil for a file.
    var arrival: InputArrival? = nil
    /// How to go back to where the file was opened from (a directory listing), for the status
    /// line's keys; nil when there is nowhere to go back to.
    var backHint: String? = nil
    /// Following the end as the file grows (`F`, as `less +F`).
    var following = false
    /// Going to the last row of a file still being read (G or End while indexing): the focus
    /// follows the index to its end, as `less` waits; any other key or click stops it.
    var seekingEnd = false

    private var nextSizeCheck = 0.0

    /// `file` indexed to its first slice, its records found by `scanner` (records of delimited
    /// text, lines, or a JSON array's elements).
    init(file: FileBytes, scanner: RecordScanner) throws(FileError) {
        var index = RecordIndex(scanner: scanner)
        try index.extend(from: file, limit: Self.firstSlice, chunkSize: Self.firstSlice)
        self.init(file: file, index: index)
    }

    /// `file`, indexed as far as `index` says.
    init(file: FileBytes, index: RecordIndex) {
        self.file = file
        name = file.path
        self.index = index
        isIndexing = !index.isFinished
    }

    /// The key of the indexing's steps.
    let indexKey = WorkKey<Step>("index")
    /// The key of the copying of standard input (`StandardInput`), which says how it ended in
    /// ``arrival``.
    let spoolKey = WorkKey<Bool>("spool")

    /// The work of the next step, while there is one to do.
    var nextStep: WorkRequest? { isIndexing ? .start(Self.step(indexKey, file: file, from: index)) : nil }

    /// Indexes the next slice of the file off the loop; the result is the longer index.
    static func step(_ key: WorkKey<Step>, file: FileBytes, from start: RecordIndex) -> Work {
        Work(key) { progress -> Step? in
            var index = start
            let size = Swift.max(1, file.size)
            do {
                try index.extend(from: file, limit: slice) { progress.report(Double($0) / Double(size)) }
            } catch {
                return Step(index: index, failure: "\(error)")
            }
            return Step(index: index, failure: nil)
        }
    }

    /// A finished step.
    struct Step: Sendable {
        var index: RecordIndex
        var failure: String?
    }

    /// What an update or a look at the file did: the records found by it, a message for the
    /// status line, the next step to start, and whether the index started over (the file
    /// shrank), so that every row shown before is gone.
    struct Outcome {
        var found: Range<Int> = 0..<0
        var note: String? = nil
        var work: WorkRequest? = nil
        var restarted = false
    }

    /// Takes an update of the indexing or of the spooling of standard input; nil for others.
    mutating func handle(_ update: WorkUpdate, at time: Double) -> Outcome? {
        if update.result(of: spoolKey) != nil || update.isCancellation(of: spoolKey) {
            // The last bytes are looked at now.
            nextSizeCheck = 0
            return Outcome(found: index.count..<index.count)
        }
        guard let step = update.result(of: indexKey) else { return nil }
        let before = index.count
        index = step.index
        var outcome = Outcome(found: before..<Swift.max(before, index.count), note: step.failure)
        if step.failure != nil || index.isFinished {
            isIndexing = false
            nextSizeCheck = time + Self.sizeCheckInterval
        } else {
            outcome.work = nextStep
        }
        return outcome
    }

    /// Looks at the file once a second after its end was indexed: new bytes start a step; a file
    /// cut shorter (a log rotated by copytruncate) is read again from its start, as `tail -F`
    /// does; a file replaced or removed (a log rotated by renaming it) is read anew from the new
    /// file at its path while `following`, as `tail -F` does, else gives a message.
    mutating func tick(at time: Double, following: Bool = false) -> Outcome {
        guard !isIndexing, time >= nextSizeCheck else { return Outcome() }
        nextSizeCheck = time + (spooling ? Self.streamCheckInterval : Self.sizeCheckInterval)
        // Standard input has no path, so it is never replaced.
        if file.isReplaced {
            guard following else {
                return Outcome(note: "the file was replaced or removed since it was opened; this is the file as it was (F follows the new one, or open it again)")
            }
            // The old file's last lines were read when it was looked at last; the new one is read from its start.
            if file.size > index.scanned { return grown() }
            do {
                file = try FileBytes(path: file.path).decodingText()
            } catch {
                return Outcome(note: "\(file.path) was renamed or removed (rotated): waiting for a new file there, as tail -F does (\(error))")
            }
            index = index.emptied()
            isIndexing = true
            return Outcome(note: "\(file.path) was replaced (rotated): following the new file from its start, as tail -F does", work: nextStep, restarted: true)
        }
        let size = file.size
        waitingForMore = spooling && size <= index.scanned
        if size > index.scanned { return grown() }
        if size < index.scanned {
            index = index.emptied()
            isIndexing = true
            return Outcome(note: Self.shrankNote(size: size), work: nextStep, restarted: true)
        }
        return Outcome()
    }

    /// Written to since: the new bytes indexed, as `less +F` shows them.
    private mutating func grown() -> Outcome {
        index.resume()
        isIndexing = true
        return Outcome(work: nextStep)
    }

    /// What the status line says when the file got shorter: at most 80 columns, whatever the size.
    static func shrankNote(size: UInt64) -> String {
        "the file shrank to \(grouped(Int(clamping: size))) bytes: read again from the start"
    }

    /// "so far" while the count may still grow.
    var countSuffix: String { isIndexing ? " so far" : "" }

    /// How far indexing and spooling are, for the status line.
    var statusParts: [String] {
        var parts: [String] = []
        if let compression = file.compression {
            // The decompressed size is known only once all of it is read: say how far the index is.
            parts.append(isIndexing ? "\(compression), indexing: \(finderByteCount(Int(clamping: index.scanned))) decompressed so far"
                : "\(compression), \(finderByteCount(Int(clamping: file.size))) decompressed")
            // What reaching a row far back costs: from the checkpoint before it, not the start.
            if let access = file.randomAccess, access.checkpoints > 1 || access.keptOnDisk > 0 { parts.append(access.summary) }
        } else if isIndexing {
            parts.append("indexing \((Double(index.scanned) / Double(Swift.max(1, file.size))).wholePercent)%")
        }
        if let encoding = file.encoding { parts.append("\(encoding) text, decoded") }
        if let damage = file.damage { parts.append(damage) }
        if let arrival { parts += arrival.statusParts(size: file.size, caughtUp: waitingForMore) }
        return parts
    }

    /// When the file's size is looked at next.
    var wakeTime: Double? { isIndexing ? nil : nextSizeCheck }
}

/// A viewer of a file that ``FileIndexing`` reads: its file, index and state at hand.
protocol ShowsIndexedFile {
    var source: FileIndexing { get set }
}

extension ShowsIndexedFile {
    var file: FileBytes { source.file }
    var index: RecordIndex { source.index }
    var indexing: Bool { source.isIndexing }
    /// True while standard input is still being read into the file.
    var spooling: Bool { source.spooling }
    /// What the status line calls the file.
    var name: String {
        get { source.name }
        set { source.name = newValue }
    }
    /// Following the end as the file grows (`F`).
    var following: Bool {
        get { source.following }
        set { source.following = newValue }
    }
    /// Going to the end of a file still being read (G or End while indexing).
    var seekingEnd: Bool {
        get { source.seekingEnd }
        set { source.seekingEnd = newValue }
    }
}

/// A search through a file's bytes off the loop, for `/`, `n` and `N` in the file's order: from
/// the focus (the focused record or line), going round past the end once, as `less` and vim do.
/// Text is looked for as the file spells it too: a quote doubled inside a quoted field
/// (`O''Neill` in a file quoted with `'`), `\"` in JSON; the nearest spelling found wins.
struct FileSearch {
    /// The text as typed, then its other spellings in the file.
    private(set) var searches: [TextSearch] = []
    /// The text as typed.
    var search: TextSearch? { searches.first }
    /// True while a search runs.
    private(set) var isRunning = false
    /// The direction of the last search: true for forward (`/`, `n`), false for backward (`N`).
    private(set) var forward = true
    /// The key of the search's work.
    private let key = WorkKey<Step>("search")

    /// A new search for `text`, also spelled as `format` writes it, from the start of `focus`
    /// (the focused record's bytes) on.
    mutating func begin(_ text: String, spelledAs format: FileFormat? = nil, in file: FileBytes, focus: Range<UInt64>) -> (work: WorkRequest?, note: String?) {
        let spellings = [text] + (format.map { Self.spellings(of: text, in: $0) } ?? [])
        searches = spellings.reduce(into: []) { found, spelling in
            if let search = TextSearch(spelling), !found.contains(search) { found.append(search) }
        }
        return sweep(forward: true, in: file, from: focus.lowerBound, limit: focus.lowerBound, wentRound: false)
    }

    /// How `format` writes `text` inside a value, where that differs from the text itself.
    static func spellings(of text: String, in format: FileFormat) -> [String] {
        switch format {
        case let .delimited(dialect):
            let quote = UnicodeScalar(dialect.quote)
            return text.containsScalar(quote) ? [text.replacingScalar(quote, with: String(quote) + String(quote))] : []
        case .json:
            guard text.containsScalar("\"") || text.containsScalar("\\") else { return [] }
            return [text.replacingScalar("\\", with: "\\\\").replacingScalar("\"", with: "\\\"")]
        }
    }

    /// The next match after `focus` (the previous before it when not `forward`).
    mutating func next(forward: Bool, in file: FileBytes, focus: Range<UInt64>) -> (work: WorkRequest?, note: String?) {
        let start = forward ? focus.upperBound : focus.lowerBound
        return sweep(forward: forward, in: file, from: start, limit: start, wentRound: false)
    }

    /// The nearest match of any spelling from `from` on (or before it when not `forward`).
    private static func nearest(_ searches: [TextSearch], forward: Bool, in file: FileBytes, from: UInt64,
                                progress: (UInt64) -> Bool) throws(FileError) -> UInt64? {
        var best: UInt64?
        for search in searches {
            let found = forward ? try search.first(in: file, from: from, concurrently: .processors, progress: progress)
                : try search.last(in: file, before: from, progress: progress)
            if let found, best.map({ forward ? found < $0 : found > $0 }) ?? true { best = found }
        }
        return best
    }

    /// Searches from `from` towards the end (or the start), round from the other end when
    /// nothing is found before it, to `limit`; `wentRound` when `from` is already past the end.
    private mutating func sweep(forward: Bool, in file: FileBytes, from: UInt64, limit: UInt64, wentRound: Bool) -> (work: WorkRequest?, note: String?) {
        guard !searches.isEmpty else { return (nil, "no search yet: / to search") }
        let searches = searches
        isRunning = true
        self.forward = forward
        return (.start(Work(key) { progress -> Step? in
            let size = Swift.max(1, file.size)
            let report = { (at: UInt64) in progress.report(forward ? Double(at) / Double(size) : 1 - Double(at) / Double(size)) }
            do {
                if !wentRound {
                    if let found = try Self.nearest(searches, forward: forward, in: file, from: from, progress: report) {
                        return Step(offset: found, wentRound: false)
                    }
                    if progress.isCancelled { return nil }
                }
                // Round from the other end, as far as where the search began.
                let start = wentRound ? from : (forward ? 0 : UInt64.max)
                let found = try Self.nearest(searches, forward: forward, in: file, from: start, progress: report)
                guard let found, forward ? found < limit : found >= limit else { return Step(offset: nil, wentRound: true) }
                return Step(offset: found, wentRound: true)
            } catch {
                return Step(offset: nil, failure: "\(error)")
            }
        }), nil)
    }

    /// A finished search: the match's offset, and whether the search went round past the end
    /// to find it.
    struct Step: Sendable {
        var offset: UInt64?
        var wentRound = false
        var failure: String?
    }

    /// Takes a search update: the match's offset (and whether the search went round), or a
    /// message (not found, a failure); nil for other updates and for progress.
    mutating func handle(_ update: WorkUpdate) -> Result<(offset: UInt64, wentRound: Bool), Message>? {
        if update.isCancellation(of: key) {
            isRunning = false
            return nil
        }
        guard let step = update.result(of: key) else { return nil }
        isRunning = false
        if let failure = step.failure { return .failure(Message(text: failure)) }
        guard let offset = step.offset else {
            return .failure(Message(text: "not found: \(String(decoding: search?.needle ?? [], as: UTF8.self))"))
        }
        return .success((offset, step.wentRound))
    }

    /// What the status line adds when the last search went round.
    var roundNote: String { SearchSweep.roundNote(forward: forward) }

    /// Stops a search under way; the work to cancel.
    mutating func cancel() -> WorkRequest? {
        guard isRunning else { return nil }
        isRunning = false
        return .cancel(key.id)
    }

    /// A message for the status line.
    struct Message: Error {
        var text: String
    }
}

extension Widget {
    /// Gives `event` to the widget and returns its reply, with the key it left for the viewer's
    /// own keys: nil when it used the event or the event is no key. A wheel turn it could not use
    /// stretches it at the edge (SV-02).
    mutating func keyLeftOver(_ event: Event, at time: Double) -> (reply: Reply<Report>, key: KeyEvent?) {
        let reply = handle(event, at: time)
        if reply.isHandled { return (reply, nil) }
        guard case let .key(key) = event else {
            if case let .mouse(mouse) = event, case .wheel = mouse.kind { overscroll(mouse, at: time) }
            return (reply, nil)
        }
        return (reply, key)
    }
}

