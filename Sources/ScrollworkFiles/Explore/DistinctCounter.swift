#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the distinct values of a column: exactly (by 64-bit hash) up to ``exactLimit`` values
/// (a set small enough to stay in a core's cache while nineteen columns are counted at once),
/// then estimated with HyperLogLog (2¹⁴ registers, a standard error of about 0.8%), and says
/// which. Counters of pieces of the rows merge into one.
///
/// While its count is exact it also counts how often each value came and keeps the number the
/// value spells (``numberCounts``), until told the column is not all numbers: a column of up to
/// 16,384 distinct numbers (a year, a delay in minutes, a price in cents) then has its exact
/// median from the one pass that counted it.
struct DistinctCounter: Sendable {
    /// The most distinct values counted exactly.
    static let exactLimit = 1 << 14
    /// log2 of the registers.
    static let precision = 14

    private var exact = HashSet64(counting: true)
    private var registers: [UInt8] = []

    /// An empty counter.
    init() {}

    /// True once the count is an estimate.
    var isEstimate: Bool { !registers.isEmpty }

    /// Counts values of hashes `hashes`, skipping zeros (missing values); `numbers[k]` is the
    /// number value `k` spells (NaN for none), kept while ``numberCounts`` is.
    mutating func add(_ hashes: UnsafeBufferPointer<UInt64>, numbers: UnsafeBufferPointer<Double>) {
        var rest = hashes.indices[...]
        while !rest.isEmpty, !isEstimate {
            // No more than would pass the limit by one: counting switches to an estimate where
            // it would with one value at a time.
            let room = Swift.max(1, Self.exactLimit + 1 - exact.count)
            let part = rest.prefix(room)
            // Safe: `part` is a range of the hashes' own indices, and the numbers are sliced alike
            // only when they are as many.
            unsafe exact.insertNonzero(contentsOf: UnsafeBufferPointer(rebasing: hashes[part]),
                                spelling: numbers.count >= hashes.count ? UnsafeBufferPointer(rebasing: numbers[part]) : UnsafeBufferPointer(start: nil, count: 0))
            rest = rest.dropFirst(part.count)
            if exact.count > Self.exactLimit { switchToEstimate() }
        }
        for k in rest where unsafe hashes[k] != 0 { unsafe record(hashes[k]) }
    }

    /// Stops counting values by number: the column holds text.
    mutating func stopCountingNumbers() {
        if exact.isCounting { exact.stopCounting() }
    }

    /// Each distinct value's number (NaN for none) and how often it came, while the count is
    /// exact and the counter has not been told to stop; nil otherwise.
    var numberCounts: [(number: Double, count: Int)]? {
        guard !isEstimate, exact.isCounting else { return nil }
        return exact.counted.map { (number: $0.number, count: $0.count) }
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
            if exact.isCounting && other.exact.isCounting {
                for entry in other.exact.counted { exact.insert(entry.value, number: entry.number, times: entry.count) }
            } else {
                stopCountingNumbers()
                for hash in other.exact.elements { exact.insert(hash) }
            }
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
///
/// A set made ``init(capacity:counting:)`` with `counting` also keeps, beside each hash, how
/// often it came and the number its value spells: the probe that finds a hash's slot is the
/// only one, so a summary counts a column's numbers by value for the cost of two stores.
struct HashSet64: Sendable {
    private var slots: [UInt64]
    /// Beside each slot while counting: the number its value spells (NaN for none) and how
    /// often the value came; empty when not counting.
    private var numbers: [Double] = []
    private var counts: [Int] = []
    /// Whether 0, which marks an empty slot, is in the set; its number and count while counting.
    private var hasZero = false
    private var zeroNumber = Double.nan, zeroCount = 0
    private(set) var count = 0

    /// An empty set with room for `capacity` values (clamped to 2²⁴) before it grows; with
    /// `counting`, one that keeps each value's number and count too.
    init(capacity: Int = 32, counting: Bool = false) {
        var size = 64
        while size < 2 * Swift.min(Swift.max(0, capacity), 1 << 24) { size *= 2 }
        slots = [UInt64](repeating: 0, count: size)
        if counting {
            numbers = [Double](repeating: .nan, count: size)
            counts = [Int](repeating: 0, count: size)
        }
    }

    /// True while the set keeps each value's number and count.
    var isCounting: Bool { !counts.isEmpty }

    /// Stops keeping numbers and counts, letting their memory go.
    mutating func stopCounting() {
        numbers = []
        counts = []
        zeroNumber = .nan
        zeroCount = 0
    }

    /// Adds `value` (`times` times, spelling `number`, where the set counts).
    @inline(__always)
    mutating func insert(_ value: UInt64, number: Double = .nan, times: Int = 1) {
        if value == 0 {
            if !hasZero { hasZero = true; count += 1; zeroNumber = number }
            zeroCount += isCounting ? times : 0
            return
        }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: value) & mask
        while true {
            let slot = slots[i]
            if slot == value {
                if isCounting { counts[i] += times }
                return
            }
            if slot == 0 { break }
            i = (i + 1) & mask
        }
        slots[i] = value
        if isCounting {
            numbers[i] = number
            counts[i] = times
        }
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Adds every value of `values` but zeros (which stand for no value); where the set counts,
    /// `spelled[k]` is the number value `k` spells (NaN for none).
    mutating func insertNonzero(contentsOf values: UnsafeBufferPointer<UInt64>, spelling spelled: UnsafeBufferPointer<Double>) {
        // Values without their numbers cannot be counted by number: the counts stop, not lie.
        if isCounting && spelled.count < values.count { stopCounting() }
        let counting = isCounting
        var i = 0
        while i < values.count {
            if count * 2 >= slots.count { grow() }
            // As many values as can come without the set growing, inserted through a pointer:
            // the array's own checks cost as much as the probe of a set in cache.
            let end = Swift.min(values.count, i + (slots.count / 2 - count))
            if counting {
                i = unsafe insertCounting(values, spelled, from: i, to: end)
                continue
            }
            // Safe: `i` runs below `end`, at most the values' count; a slot is `value & mask`,
            // inside the table (a power of two), which has room to spare (it grows at half full),
            // so a probe ends.
            unsafe slots.withUnsafeMutableBufferPointer { slots in
                let mask = slots.count - 1
                while i < end {
                    let value = unsafe values[i]
                    i += 1
                    guard value != 0 else { continue }
                    var s = Int(truncatingIfNeeded: value) & mask
                    while unsafe slots[s] != value {
                        if unsafe slots[s] == 0 {
                            unsafe slots[s] = value
                            count += 1
                            break
                        }
                        s = (s + 1) & mask
                    }
                }
            }
        }
    }

    /// Inserts `values[start..<end]` (room for all of them without growing), counting each and
    /// keeping the number a new one spells; returns `end`.
    private mutating func insertCounting(_ values: UnsafeBufferPointer<UInt64>, _ spelled: UnsafeBufferPointer<Double>, from start: Int, to end: Int) -> Int {
        // Safe: as `insertNonzero`: `k` below `end` (at most the values' count, and `spelled` holds
        // as many: counting stops on entry otherwise), a slot below the table's count, and the
        // numbers, counts and slots the same size.
        var added = 0
        unsafe slots.withUnsafeMutableBufferPointer { slots in
            unsafe numbers.withUnsafeMutableBufferPointer { numbers in
                unsafe counts.withUnsafeMutableBufferPointer { counts in
                    let mask = slots.count - 1
                    for k in start..<end {
                        let value = unsafe values[k]
                        guard value != 0 else { continue }
                        var s = Int(truncatingIfNeeded: value) & mask
                        while unsafe slots[s] != value {
                            if unsafe slots[s] == 0 {
                                unsafe slots[s] = value
                                unsafe numbers[s] = unsafe spelled[k]
                                added += 1
                                break
                            }
                            s = (s + 1) & mask
                        }
                        unsafe counts[s] += 1
                    }
                }
            }
        }
        count += added
        return end
    }

    private mutating func grow() {
        let old = slots, oldNumbers = numbers, oldCounts = counts
        slots = [UInt64](repeating: 0, count: old.count * 2)
        if isCounting {
            numbers = [Double](repeating: .nan, count: slots.count)
            counts = [Int](repeating: 0, count: slots.count)
        }
        let mask = slots.count - 1
        for (k, value) in old.enumerated() where value != 0 {
            var i = Int(truncatingIfNeeded: value) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = value
            if isCounting {
                numbers[i] = oldNumbers[k]
                counts[i] = oldCounts[k]
            }
        }
    }

    /// The values, in no order.
    var elements: [UInt64] { slots.filter { $0 != 0 } + (hasZero ? [0] : []) }

    /// Each value with its number and count, in no order; empty when the set does not count.
    var counted: [(value: UInt64, number: Double, count: Int)] {
        guard isCounting else { return [] }
        var entries = slots.indices.compactMap { slots[$0] == 0 ? nil : (value: slots[$0], number: numbers[$0], count: counts[$0]) }
        if hasZero { entries.append((value: 0, number: zeroNumber, count: zeroCount)) }
        return entries
    }
}
