import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The types of a file's columns from every value, decided as the index reads the file: the
/// first frame types them from the first rows, and each stretch of rows the index finds is then
/// read off the loop, on its own core, so that a word far down a column of numbers makes it text.
struct ColumnTyping {
    /// What every row typed so far holds.
    private(set) var kinds: ColumnKinds
    /// The rows typed so far: `0..<typed`.
    private(set) var typed: Int
    /// The rows being typed now.
    private(set) var running: Range<Int>? = nil
    let key = WorkKey<Typed>("types")

    /// What one step found.
    struct Typed: Sendable {
        var rows: Range<Int>
        var kinds: ColumnKinds?
    }

    /// The most rows one step reads, so that a file growing while it is typed is caught up with
    /// in steps.
    static let stepRows = 4_000_000

    /// Typing that starts from `kinds`, what rows `0..<typed` hold.
    init(kinds: ColumnKinds, typed: Int) {
        self.kinds = kinds
        self.typed = Swift.max(0, typed)
    }

    /// The step that types the next rows of `rows`, when none is running and some are untyped.
    /// Rows fewer than were typed (a file read again from its start) start the typing again.
    mutating func next(_ rows: FileRows) -> WorkRequest? {
        let count = rows.count
        if count < typed {
            kinds = ColumnKinds(missing: kinds.missing)
            typed = 0
        }
        guard running == nil, typed < count else { return nil }
        let range = typed..<Swift.min(count, typed + Self.stepRows)
        running = range
        let missing = kinds.missing
        return .start(Work(key) { _ -> Typed? in
            Typed(rows: range, kinds: ColumnKinds.reading(rows, in: range, missing: missing))
        })
    }

    /// What one step's result changed, and the next step to run.
    struct Handled {
        /// The field columns whose kind changed.
        var changed: [Int] = []
        /// The field columns whose longest number grew.
        var longer: [Int] = []
        /// The step that types the rows after these, when there are some.
        var next: WorkRequest?
    }

    /// Takes a step's result (nil for another update).
    mutating func handle(_ update: WorkUpdate, rows: FileRows) -> Handled? {
        if update.isCancellation(of: key) {
            running = nil
            return Handled()
        }
        guard let step = update.result(of: key) else { return nil }
        running = nil
        guard let found = step.kinds, step.rows.lowerBound == typed else { return Handled(next: next(rows)) }
        var handled = merge(found, through: step.rows.upperBound)
        handled.next = next(rows)
        return handled
    }

    /// Every row not typed yet typed at once, on `loop`'s cores (a batch run, which types the
    /// whole file before it sorts or writes, as the viewer has once its steps are done). A step
    /// asked for in the background is dropped when it comes: it starts before the rows typed.
    mutating func typeToEnd(_ rows: FileRows, concurrently loop: ConcurrentLoop) -> Handled {
        running = nil
        if rows.count < typed { (kinds, typed) = (ColumnKinds(missing: kinds.missing), 0) }
        guard typed < rows.count, let found = ColumnKinds.reading(rows, in: typed..<rows.count, missing: kinds.missing, concurrently: loop) else { return Handled() }
        return merge(found, through: rows.count)
    }

    /// `found`, the kinds of the rows from ``typed`` to `end`, taken in: the columns whose kind
    /// changed, and those whose numbers grew longer.
    private mutating func merge(_ found: ColumnKinds, through end: Int) -> Handled {
        let before = kinds
        kinds.merge(found)
        typed = end
        let changed = (0..<kinds.count).filter { before.kind(ofColumn: $0) != kinds.kind(ofColumn: $0) }
        let longer = (0..<kinds.count).filter { before.longestNumber(ofColumn: $0) < kinds.longestNumber(ofColumn: $0) }
        return Handled(changed: changed, longer: longer)
    }
}

/// What the first rows of a file say of each column before the first frame: its kind and its
/// widest present value, read from the fields' bytes with no string made for each.
struct ColumnSample {
    var kinds: ColumnKinds
    /// The cells the widest value of each field takes, a missing one (`NA`, `null`) as written,
    /// which is how it shows.
    var widths: [Int] = []
    /// The fields of the first row, nil for no row.
    var firstRowFields: Int? = nil

    /// The sample of `rows` `range`.
    init(_ rows: FileRows, in range: Range<Int>, missing: MissingValues) {
        var kinds = ColumnKinds(missing: missing)
        var widths: [Int] = []
        var first: Int? = nil
        rows.eachRow(in: range) { fields in
            kinds.add(fields)
            if first == nil { first = fields.count }
            if fields.count > widths.count { widths += [Int](repeating: 0, count: fields.count - widths.count) }
            for c in 0..<fields.count {
                guard let bytes = fields[c], !bytes.isEmpty, bytes.count > widths[c] else { continue }
                widths[c] = Swift.max(widths[c], Self.width(of: bytes))
            }
        }
        self.kinds = kinds
        self.widths = widths
        firstRowFields = first
    }

    /// The cells `bytes` take on screen: printable ASCII a cell a byte, anything else as its
    /// text measures.
    private static func width(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? bytes.count : displayWidth(String(decoding: bytes, as: UTF8.self))
    }
}
