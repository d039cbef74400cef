import Scrollwork

/// What the values of each column of a file have been, read from their bytes: what decides a
/// column's type from every value as the file is indexed, where its first rows alone could call
/// a column of numbers with a word further on numeric.
///
/// A column is integers while every present value is one, reals while every one is a number,
/// and text from its first other value on (or while no value is present). Missing values (an
/// empty field and the ``MissingValues`` words) decide nothing.
public struct ColumnKinds: Sendable, Hashable {
    /// What one column's present values have been.
    struct Seen: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        static let integer = Seen(rawValue: 1)
        static let real = Seen(rawValue: 2)
        static let text = Seen(rawValue: 4)
        /// A number spelled in text its source wrote as text (a JSON string).
        static let sourceText = Seen(rawValue: 8)
    }

    private var seen: [Seen]
    /// The bytes of each column's longest number so far (a cell a byte).
    private var longest: [Int]
    private let words: MissingBytes
    /// The words that stand for no value.
    public let missing: MissingValues

    /// The most columns kept: fields past it are not counted, and their columns read as text.
    /// A million columns is far past any file a person reads as a table, and keeping them
    /// costs 9 MB.
    public static let maximumColumns = 1 << 20

    /// Nothing seen yet of `columns` columns (clamped to 0 … ``maximumColumns``; more are added
    /// as rows hold more fields).
    public init(columns: Int = 0, missing: MissingValues = .common) {
        seen = [Seen](repeating: [], count: Swift.min(Swift.max(0, columns), Self.maximumColumns))
        longest = [Int](repeating: 0, count: seen.count)
        self.missing = missing
        words = MissingBytes(missing)
    }

    /// The columns seen so far.
    public var count: Int { seen.count }

    /// The type of column `column` from what was seen: text for a column never seen or with no
    /// value present.
    public func kind(ofColumn column: Int) -> FieldValues.Kind {
        guard column >= 0, column < seen.count else { return .text }
        let values = seen[column]
        if values.isEmpty || values.contains(.text) { return .text }
        return values.contains(.real) ? .reals : .integers
    }

    /// True when column `column` is text because its source wrote a number in it as text (a
    /// JSON string, `"12"`): it then sorts as text even where every value spells a number.
    public func holdsSourceText(ofColumn column: Int) -> Bool {
        seen.indices.contains(column) && seen[column].contains(.sourceText)
    }

    /// The cells the longest number column `column` has held takes (numbers are ASCII); 0 for
    /// none or a column never seen.
    public func longestNumber(ofColumn column: Int) -> Int {
        longest.indices.contains(column) ? longest[column] : 0
    }

    /// Counts every field of one row (up to ``maximumColumns``).
    @inline(__always)
    public mutating func add(_ fields: FieldList) {
        let count = unsafe Swift.min(fields.count, Self.maximumColumns)
        widen(to: count)
        // Safe: both arrays were widened to `count` columns above and are lent for the call; a
        // field's bytes are lent by the row for it.
        unsafe seen.withUnsafeMutableBufferPointer { seen in
            unsafe longest.withUnsafeMutableBufferPointer { longest in
                for c in 0..<count where unsafe !seen[c].contains(.text) {
                    let value = unsafe fields[c]
                    var kind = unsafe Self.kind(of: value, words: words)
                    // A number spelled in a JSON string is text, as the format says.
                    if kind == .integer || kind == .real, unsafe fields.isText(c) { kind = [.text, .sourceText] }
                    unsafe seen[c].insert(kind)
                    if kind == .integer || kind == .real, let value = unsafe value { unsafe longest[c] = unsafe Swift.max(longest[c], value.count) }
                }
            }
        }
    }

    /// Counts the value `bytes` (nil: the row has no such field) of column `column`; a column
    /// below 0 or at ``maximumColumns`` or past it counts nothing.
    public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>?, column: Int) {
        guard column >= 0, column < Self.maximumColumns else { return }
        widen(to: column + 1)
        guard !seen[column].contains(.text) else { return }
        // Safe: the caller's bytes, read inside their count.
        let kind = unsafe Self.kind(of: bytes, words: words)
        seen[column].insert(kind)
        if kind == .integer || kind == .real, let bytes = unsafe bytes { longest[column] = Swift.max(longest[column], bytes.count) }
    }

    /// Adds what `other` saw (of the same file, with the same missing words).
    public mutating func merge(_ other: ColumnKinds) {
        widen(to: other.seen.count)
        for (c, values) in other.seen.enumerated() { seen[c].formUnion(values) }
        for (c, length) in other.longest.enumerated() { longest[c] = Swift.max(longest[c], length) }
    }

    /// Makes room for `columns` columns, none seen yet.
    @inline(__always)
    private mutating func widen(to columns: Int) {
        if columns > seen.count {
            longest += [Int](repeating: 0, count: columns - seen.count)
            seen += [Seen](repeating: [], count: columns - seen.count)
        }
    }

    /// What one value is: nothing for a missing one, else an integer as `Int(_:)` reads text, a
    /// real as ``NumberText`` reads it, or text.
    @inline(__always)
    static func kind(of bytes: UnsafeBufferPointer<UInt8>?, words: MissingBytes) -> Seen {
        // Safe: the caller's bytes; the first is read only once they are known not to be empty.
        guard unsafe !words.isMissing(bytes), let bytes = unsafe bytes, !bytes.isEmpty else { return [] }
        if unsafe FieldValues.integer(bytes) != nil { return .integer }
        // Only these begin a number (digits, a sign, a point, inf, nan): any
        // other first byte is text without making a string of it.
        switch unsafe bytes[0] {
        case 0x30...0x39, 0x2B, 0x2D, 0x2E, 0x49, 0x4E, 0x69, 0x6E:
            return unsafe NumberText.real(bytes) != nil ? .real : .text
        default:
            return .text
        }
    }

    /// The kinds of every field of `rows` in `range` (clamped to the rows), read a piece at a
    /// time as many pieces at once as `loop` runs; `progress` hears the fraction done after each
    /// round of pieces and stops the pass by returning false. Nil when stopped, or when the loop
    /// left a piece out.
    @_specialize(where Rows == FileRows)
    public static func reading<Rows: InPlaceRows>(_ rows: Rows, in range: Range<Int>, missing: MissingValues = .common,
                                                  concurrently loop: ConcurrentLoop = .serial,
                                                  progress: (Double) -> Bool = { _ in true }) -> ColumnKinds? {
        inPieces(of: range.clamped(to: 0..<Swift.max(0, rows.count)), missing: missing, concurrently: loop, progress: progress) { kinds, piece in
            _ = unsafe rows.fields(at: piece) { _, fields in unsafe kinds.add(fields) }
        }
    }

    /// The kinds of fields `fields` of `rows` in `range` alone, each field's values read by
    /// itself (``InPlaceRows/values(ofField:at:_:)``), as
    /// ``reading(_:in:missing:concurrently:progress:)`` reads every field: a pass that needs a
    /// few columns of many (a batch run's sort or count) does not split every record whole.
    /// The other columns count nothing; a field outside 0 ..< ``maximumColumns`` is left out.
    /// A value counts by its bytes alone, so a number a JSON row writes as a string counts as
    /// a number here: JSON rows are read whole, by the other reading, to know that.
    @_specialize(where Rows == FileRows)
    public static func reading<Rows: InPlaceRows>(_ rows: Rows, fields: [Int], in range: Range<Int>, missing: MissingValues = .common,
                                                  concurrently loop: ConcurrentLoop = .serial,
                                                  progress: (Double) -> Bool = { _ in true }) -> ColumnKinds? {
        let fields = Set(fields.filter { $0 >= 0 && $0 < maximumColumns }).sorted()
        return inPieces(of: range.clamped(to: 0..<Swift.max(0, rows.count)), missing: missing, concurrently: loop, progress: progress) { kinds, piece in
            // Safe: each value's bytes are lent for the call that counts them.
            for field in fields { _ = unsafe rows.values(ofField: field, at: piece) { unsafe kinds.add($0, column: field) } }
        }
    }

    /// What `count` made of `range`'s rows, a piece at a time, as many pieces at once as `loop`
    /// runs, merged; nil when `progress` stopped the pass or the loop left a piece out.
    private static func inPieces(of range: Range<Int>, missing: MissingValues, concurrently loop: ConcurrentLoop, progress: (Double) -> Bool,
                                 _ count: (inout ColumnKinds, Range<Int>) -> Void) -> ColumnKinds? {
        var kinds = ColumnKinds(missing: missing)
        let finished = RowSet.all(count: range.count).inRounds(of: ColumnSummary.pieceSize, loop: loop, progress: progress, { piece -> ColumnKinds in
            var kinds = ColumnKinds(missing: missing)
            let start = range.lowerBound + piece.offset
            count(&kinds, start..<(start + piece.count))
            return kinds
        }, take: { kinds.merge($0) })
        return finished ? kinds : nil
    }
}
