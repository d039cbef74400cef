#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the distinct values of a column: exactly (by 64-bit hash) up to ``exactLimit`` values
/// (a set small enough to stay in a core's cache while nineteen columns are counted at once),
/// then estimated with HyperLogLog (2¹⁴ registers, a standard error of about 0.8%), and says
/// which. Counters of pieces of the rows merge into one.
struct DistinctCounter: Sendable, Hashable {
    /// The most distinct values counted exactly.
    static let exactLimit = 1 << 14
    /// log2 of the registers.
    static let precision = 14

    private var exact = HashSet64()
    private var registers: [UInt8] = []

    /// An empty counter.
    init() {}

    /// True once the count is an estimate.
    var isEstimate: Bool { !registers.isEmpty }

    /// Counts a value of hash `hash`.
    @inline(__always)
    mutating func add(_ hash: UInt64) {
        if registers.isEmpty {
            exact.insert(hash)
            if exact.count > Self.exactLimit { switchToEstimate() }
        } else {
            record(hash)
        }
    }

    /// Counts values of hashes `hashes`, skipping zeros (missing values).
    mutating func add(_ hashes: UnsafeBufferPointer<UInt64>) {
        var rest = hashes[...]
        while !rest.isEmpty, !isEstimate {
            // No more than would pass the limit by one: counting switches to an estimate where
            // it would with one value at a time.
            let room = Swift.max(1, Self.exactLimit + 1 - exact.count)
            let part = rest.prefix(room)
            exact.insertNonzero(contentsOf: UnsafeBufferPointer(rebasing: part))
            rest = rest.dropFirst(part.count)
            if exact.count > Self.exactLimit { switchToEstimate() }
        }
        for hash in rest where hash != 0 { record(hash) }
    }

    private mutating func switchToEstimate() {
        registers = [UInt8](repeating: 0, count: 1 << Self.precision)
        for hash in exact.elements { record(hash) }
        exact = HashSet64()
    }

    @inline(__always)
    private mutating func record(_ hash: UInt64) {
        let index = Int(hash >> UInt64(64 - Self.precision))
        let rest = (hash << UInt64(Self.precision)) | (1 << UInt64(Self.precision - 1))
        let rank = UInt8(rest.leadingZeroBitCount + 1)
        if rank > registers[index] { registers[index] = rank }
    }

    /// Adds what `other` counted.
    mutating func merge(_ other: DistinctCounter) {
        if !isEstimate && !other.isEstimate {
            for hash in other.exact.elements { exact.insert(hash) }
            if exact.count > Self.exactLimit { switchToEstimate() }
            return
        }
        if !isEstimate { switchToEstimate() }
        if other.isEstimate {
            for i in registers.indices where other.registers[i] > registers[i] { registers[i] = other.registers[i] }
        } else {
            for hash in other.exact.elements { record(hash) }
        }
    }

    /// The number of distinct values: exact while ``isEstimate`` is false.
    var count: Int {
        guard isEstimate else { return exact.count }
        let m = Double(registers.count)
        var sum = 0.0, zeros = 0
        for r in registers {
            sum += 1 / Double(UInt64(1) << UInt64(r))
            if r == 0 { zeros += 1 }
        }
        let alpha = 0.7213 / (1 + 1.079 / m)
        let raw = alpha * m * m / sum
        // Few values for the registers: linear counting is the better estimate.
        if raw <= 2.5 * m, zeros > 0 { return Int((m * log(m / Double(zeros))).rounded()) }
        return Int(raw.rounded())
    }
}

/// A set of well-mixed 64-bit hashes, open addressing with linear probing: a value's own low bits
/// place it, so an insert is a few instructions where `Set` would hash the hash again.
struct HashSet64: Sendable, Hashable {
    private var slots: [UInt64]
    /// Whether 0, which marks an empty slot, is in the set.
    private var hasZero = false
    private(set) var count = 0

    /// An empty set with room for `capacity` values (clamped to 2²⁴) before it grows.
    init(capacity: Int = 32) {
        var size = 64
        while size < 2 * Swift.min(Swift.max(0, capacity), 1 << 24) { size *= 2 }
        slots = [UInt64](repeating: 0, count: size)
    }

    /// Adds `value`.
    @inline(__always)
    mutating func insert(_ value: UInt64) {
        if value == 0 {
            if !hasZero { hasZero = true; count += 1 }
            return
        }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: value) & mask
        while true {
            let slot = slots[i]
            if slot == value { return }
            if slot == 0 { break }
            i = (i + 1) & mask
        }
        slots[i] = value
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Adds every value of `values` but zeros (which stand for no value).
    mutating func insertNonzero(contentsOf values: UnsafeBufferPointer<UInt64>) {
        var i = 0
        while i < values.count {
            if count * 2 >= slots.count { grow() }
            // As many values as can come without the set growing, inserted through a pointer:
            // the array's own checks cost as much as the probe of a set in cache.
            let end = Swift.min(values.count, i + (slots.count / 2 - count))
            slots.withUnsafeMutableBufferPointer { slots in
                let mask = slots.count - 1
                while i < end {
                    let value = values[i]
                    i += 1
                    guard value != 0 else { continue }
                    var s = Int(truncatingIfNeeded: value) & mask
                    while slots[s] != value {
                        if slots[s] == 0 {
                            slots[s] = value
                            count += 1
                            break
                        }
                        s = (s + 1) & mask
                    }
                }
            }
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for value in old where value != 0 {
            var i = Int(truncatingIfNeeded: value) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = value
        }
    }

    /// The values, in no order.
    var elements: [UInt64] { slots.filter { $0 != 0 } + (hasZero ? [0] : []) }
}
