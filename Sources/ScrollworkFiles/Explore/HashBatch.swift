/// The hashes of the last rows' values, column by column, waiting to be counted as distinct.
///
/// Counting a row's values at once would touch every column's set in turn, nineteen sets that do
/// not fit a core's cache together; counting a column's hashes a batch at a time keeps one set in
/// cache while it is used.
@safe struct HashBatch {
    // Safe to hold: its memory is made and freed by `with`, the only maker, which lends the batch
    // for its body's call; every place is `c * rows + r`, checked to lie below `columns × rows`.
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
        // Safe: both buffers hold `columns × rows` values, initialized here and freed when `body`
        // returns.
        let hashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: columns * rows)
        unsafe hashes.initialize(repeating: 0)
        let numbers = UnsafeMutableBufferPointer<Double>.allocate(capacity: columns * rows)
        unsafe numbers.initialize(repeating: .nan)
        defer {
            unsafe hashes.deallocate()
            unsafe numbers.deallocate()
        }
        var batch = unsafe HashBatch(hashes: hashes, numbers: numbers, columns: columns)
        return body(&batch)
    }

    private init(hashes: UnsafeMutableBufferPointer<UInt64>, numbers: UnsafeMutableBufferPointer<Double>, columns: Int) {
        unsafe self.hashes = unsafe hashes
        unsafe self.numbers = unsafe numbers
        self.columns = columns
    }

    /// Holds the hash of the current row's value in `column`, one of the batch's columns, and
    /// the number it spells (NaN for none): nil for a missing value. A value that hashes to 0 is
    /// held as 1, a collision as unlikely as any other.
    @inline(__always)
    func set(_ value: (hash: UInt64, number: Double)?, column: Int) {
        // Checked, as the memory is unchecked: a column past the batch's, or a row past a full
        // batch (one not flushed), holds nothing.
        guard column >= 0, column < columns, rowsHeld < Self.rows else { return }
        let at = column &* Self.rows &+ rowsHeld
        unsafe hashes[at] = value.map { $0.hash | ($0.hash == 0 ? 1 : 0) } ?? 0
        unsafe numbers[at] = value?.number ?? .nan
    }

    /// Ends a row: true when the batch is full and must be flushed before the next.
    @inline(__always)
    mutating func endRow() -> Bool {
        rowsHeld += 1
        return rowsHeld == Self.rows
    }

    /// Counts the hashes held in the columns' tallies and empties the batch.
    mutating func flush(into tallies: UnsafeMutableBufferPointer<ColumnTally>) {
        // Safe: `c` is below both the batch's columns and the tallies' count, and `held` is the
        // column's first `rowsHeld` places.
        for c in 0..<Swift.min(columns, tallies.count) {
            let start = c * Self.rows
            // A column that turned out to hold text has no median: its values stop being counted.
            if unsafe !tallies[c].allNumbers { unsafe tallies[c].distinct.stopCountingNumbers() }
            let held = start..<(start + rowsHeld)
            unsafe tallies[c].distinct.add(UnsafeBufferPointer(rebasing: hashes[held]), numbers: UnsafeBufferPointer(rebasing: numbers[held]))
        }
        rowsHeld = 0
    }
}
