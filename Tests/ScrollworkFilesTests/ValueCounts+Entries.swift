@testable import ScrollworkFiles

extension ValueCounts {
    /// Each value's bytes and its count, in the order first met, copied out for a test to
    /// compare (the library reads them in place, through `forEach`).
    var entries: [(bytes: [UInt8], count: Int)] {
        var entries: [(bytes: [UInt8], count: Int)] = []
        forEach { bytes, n in entries.append((Array(bytes), n)) }
        return entries
    }
}
