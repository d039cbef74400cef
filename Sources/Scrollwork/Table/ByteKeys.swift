/// Byte keys for many rows in one buffer: key `i` is `bytes[ends[i - 1]..<ends[i]]`. One
/// allocation for a column instead of one per row, and keys that lie side by side in memory.
struct ByteKeys: Sendable, Hashable {
    private(set) var bytes: [UInt8] = []
    private(set) var ends: [Int] = []

    /// Room for `count` keys of about `bytesPerKey` bytes.
    init(reserving count: Int, bytesPerKey: Int = 16) {
        ends.reserveCapacity(Swift.max(0, count))
        bytes.reserveCapacity(Swift.max(0, count).multipliedReportingOverflow(by: bytesPerKey).partialValue)
    }

    /// The keys of `keys`, in order.
    init(_ keys: [[UInt8]]) {
        self.init(reserving: keys.count)
        for key in keys { append { $0.append(contentsOf: key) } }
    }

    /// The number of keys.
    var count: Int { ends.count }

    /// Adds a key that `write` appends to the shared buffer.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
        ends.append(bytes.count)
    }

    /// Adds the keys of `other` after these.
    mutating func append(contentsOf other: ByteKeys) {
        let offset = bytes.count
        bytes.append(contentsOf: other.bytes)
        ends.reserveCapacity(ends.count + other.ends.count)
        for end in other.ends { ends.append(offset + end) }
    }

    /// Key `i`'s bytes.
    subscript(i: Int) -> ArraySlice<UInt8> { bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]] }

    /// Calls `body` with key `i`'s bytes.
    func withKey<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // Safe: the ends rise within the bytes (each key appended whole), so start...end lies in
        // them; the slice is lent for the call alone.
        let start = i == 0 ? 0 : ends[i - 1], end = ends[i]
        return unsafe bytes.withUnsafeBufferPointer { unsafe body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// True when key `a` sorts before key `b`: the first differing byte decides, and a key that
    /// is a prefix of the other comes first.
    func precedes(_ a: Int, _ b: Int) -> Bool {
        unsafe withKey(a) { x in unsafe withKey(b) { y in unsafe bytesPrecede(x, y) } }
    }
}
