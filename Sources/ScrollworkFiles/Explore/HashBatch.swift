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
    /// The number each value spells, in the same places; NaN where it spells none.
    private let numbers: UnsafeMutableBufferPointer<Double>
    private let columns: Int
    private var rowsHeld = 0

    /// `body` with an empty batch for `columns` columns, valid only during the call.
    static func with<T>(columns: Int, _ body: (inout HashBatch) -> T) -> T {
        let columns = Swift.max(0, columns)
        let hashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: columns * rows)
        hashes.initialize(repeating: 0)
        let numbers = UnsafeMutableBufferPointer<Double>.allocate(capacity: columns * rows)
        numbers.initialize(repeating: .nan)
        defer {
            hashes.deallocate()
            numbers.deallocate()
        }
        var batch = HashBatch(hashes: hashes, numbers: numbers, columns: columns)
        return body(&batch)
    }

    private init(hashes: UnsafeMutableBufferPointer<UInt64>, numbers: UnsafeMutableBufferPointer<Double>, columns: Int) {
        self.hashes = hashes
        self.numbers = numbers
        self.columns = columns
    }

    /// Holds the hash of the current row's value in `column`, one of the batch's columns, and
    /// the number it spells (NaN for none): nil for a missing value. A value that hashes to 0 is
    /// held as 1, a collision as unlikely as any other.
    @inline(__always)
    func set(_ value: (hash: UInt64, number: Double)?, column: Int) {
        let at = column &* Self.rows &+ rowsHeld
        hashes[at] = value.map { $0.hash | ($0.hash == 0 ? 1 : 0) } ?? 0
        numbers[at] = value?.number ?? .nan
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
            // A column that turned out to hold text has no median: its values stop being counted.
            if !tallies[c].allNumbers { tallies[c].distinct.stopCountingNumbers() }
            let held = start..<(start + rowsHeld)
            tallies[c].distinct.add(UnsafeBufferPointer(rebasing: hashes[held]), numbers: UnsafeBufferPointer(rebasing: numbers[held]))
        }
        rowsHeld = 0
    }
}
