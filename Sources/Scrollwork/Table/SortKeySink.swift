/// Where a column's own reader puts the sort keys of a range of rows, one a row, in row order,
/// with no ``TableValue`` made for each: an integer as an integer, text as its UTF-8 bytes
/// (short ASCII text packed straight from them), a missing value as a bit. What a file's
/// columns read their keys from the file's bytes with (``TableColumn/sourceKeys``).
public struct SortKeySink {
    private var reader: KeyReader
    /// Keys taken so far.
    public private(set) var count = 0
    /// True once a key came that the keys so far cannot take (text after Finder keys): the
    /// sort then reads the values instead.
    private(set) var failed = false

    init(count: Int, textOrder: TextOrder) {
        reader = KeyReader(count: count, textOrder: textOrder)
    }

    /// The next row's key is `value`.
    public mutating func append(_ value: TableValue) {
        if !failed, !reader.read(value, at: count) { failed = true }
        count += 1
    }

    /// The next row's key is the integer `n`.
    public mutating func appendInt(_ n: Int) {
        if !failed, !reader.readInt(n, at: count) { failed = true }
        count += 1
    }

    /// The next row's key is the real `x`.
    public mutating func appendDouble(_ x: Double) {
        if !failed, !reader.readDouble(x, at: count) { failed = true }
        count += 1
    }

    /// The next row's value is missing (empty, or a word that stands for no value).
    public mutating func appendMissing() {
        if !failed { _ = reader.read(.empty, at: count) }
        count += 1
    }

    /// The next row's key is the text `utf8` spells (invalid UTF-8 is repaired, as
    /// `String(decoding:as:)` repairs it).
    /// The bytes are read during the call alone, never kept.
    public mutating func appendText(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Safe: the caller's bytes, which the reader reads inside their count.
        if !failed, unsafe !reader.readText(utf8, at: count) { failed = true }
        count += 1
    }

    /// The keys, or nil when a key could not be taken.
    var piece: SortKeys.Piece? {
        failed ? nil : SortKeys.Piece(keys: reader.keys, count: count, allMissing: reader.isAllMissing)
    }
}
