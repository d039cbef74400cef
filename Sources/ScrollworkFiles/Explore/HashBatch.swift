/// The hashes of the last rows' values, column by column, waiting to be counted as distinct.
///
/// Counting a row's values at once would touch every column's set in turn, nineteen sets that do
/// not fit a core's cache together; counting a column's hashes a batch at a time keeps one set in
/// cache while it is used.
struct HashBatch {
    /// The rows held before they are counted.
    static let rows = 256

    /// Column `c`'s hash of row `r` of the batch at `c * rows + r`; 0 where the value is missing.
    private let hashes: UnsafeMutableBufferPointer<UInt64>
    private let columns: Int
    private var rowsHeld = 0

    /// `body` with an empty batch for `columns` columns, valid only during the call.
    static func with<T>(columns: Int, _ body: (inout HashBatch) -> T) -> T {
        let columns = Swift.max(0, columns)
        let hashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: columns * rows)
        hashes.initialize(repeating: 0)
        defer { hashes.deallocate() }
        var batch = HashBatch(hashes: hashes, columns: columns)
        return body(&batch)
    }

    private init(hashes: UnsafeMutableBufferPointer<UInt64>, columns: Int) {
        self.hashes = hashes
        self.columns = columns
    }

    /// Holds the hash of the current row's value in `column`, one of the batch's columns: 0 for a
    /// missing value. A value that hashes to 0 is held as 1, a collision as unlikely as any other.
    @inline(__always)
    func set(_ hash: UInt64?, column: Int) {
        hashes[column &* Self.rows &+ rowsHeld] = hash.map { $0 | ($0 == 0 ? 1 : 0) } ?? 0
    }

    /// Ends a row: true when the batch is full and must be flushed before the next.
    @inline(__always)
    mutating func endRow() -> Bool {
        rowsHeld += 1
        return rowsHeld == Self.rows
    }

    /// Counts the hashes held in the columns' tallies and empties the batch.
    mutating func flush(into tallies: UnsafeMutableBufferPointer<ColumnTally>) {
        for c in 0..<Swift.min(columns, tallies.count) {
            let start = c * Self.rows
            tallies[c].distinct.add(UnsafeBufferPointer(rebasing: hashes[start..<(start + rowsHeld)]))
        }
        rowsHeld = 0
    }
}
