/// Which rows of a page of a column that may hold nulls hold a value, and where each row's value
/// is among the values there: a bit a row and a count every 64 rows, a twentieth of the memory
/// of a number a row (a page cache of ten million rows with nulls held 40 MB of such numbers).
struct ParquetPresence: Sendable {
    /// Bit `r % 64` of word `r / 64` is set when row `r` holds a value.
    private let words: [UInt64]
    /// The values in the words before each word.
    private let before: [Int32]
    /// The rows.
    let rows: Int

    /// The rows of `definitions`, one a row: a row holds a value where its level is `full`.
    init(definitions: [UInt8], full: UInt8) {
        rows = definitions.count
        var words = [UInt64](repeating: 0, count: (definitions.count + 63) / 64)
        for (row, level) in definitions.enumerated() where level == full { words[row >> 6] |= 1 << UInt64(row & 63) }
        var before = [Int32](repeating: 0, count: words.count)
        var total: Int32 = 0
        for (k, word) in words.enumerated() {
            before[k] = total
            total &+= Int32(word.nonzeroBitCount)
        }
        self.words = words
        self.before = before
    }

    /// Where row `row`'s value is among the values: -1 for a null, or a row outside them.
    func slot(ofRow row: Int) -> Int {
        guard row >= 0, row < rows else { return -1 }
        let word = words[row >> 6], bit: UInt64 = 1 << UInt64(row & 63)
        guard word & bit != 0 else { return -1 }
        return Int(before[row >> 6]) + (word & (bit &- 1)).nonzeroBitCount
    }

    /// The bytes it keeps, about.
    var memory: Int { words.count * 12 }
}
