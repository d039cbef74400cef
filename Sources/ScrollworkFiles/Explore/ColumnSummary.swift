#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// What a column holds, found from every value of a view's rows: its type, how many values are
/// there and missing, how many distinct, the least and greatest, and for numbers the mean and
/// the median. Counts and medians that are estimates say so.
public struct ColumnSummary: Sendable, Hashable {
    /// The type every present value has.
    public enum Kind: String, Sendable, Hashable {
        /// Every present value is an integer.
        case integers
        /// Every present value is a number, not all integers.
        case reals
        /// Some value is not a number.
        case text
        /// No value is present.
        case empty
    }

    /// The column's title.
    public var title: String
    /// The type found.
    public var kind: Kind
    /// The values present.
    public var count: Int
    /// The values missing (empty, `NA`, …).
    public var missing: Int
    /// The distinct values present.
    public var distinct: Int
    /// True when ``distinct`` is an estimate (more than 16,384 distinct values, counted with
    /// HyperLogLog: within about 2% nineteen times in twenty).
    public var distinctIsEstimate: Bool
    /// The least value: the smallest number, or for text the first in byte order.
    public var minimum: String?
    /// The greatest value.
    public var maximum: String?
    /// The mean of the numbers.
    public var mean: Double?
    /// The median of the numbers.
    public var median: Double?
    /// True when ``median`` is an estimate (more than 65,536 numbers: the median of a uniform
    /// sample of 65,536 of them).
    public var medianIsEstimate: Bool

    /// A summary of every column titled in `titles` (field `i` is column `i`) among `within` of
    /// `rows` (all of them by default), read in one pass a piece at a time as many pieces at
    /// once as `loop` runs; `seed` chooses the rows a median samples when there are too many.
    /// Nil when `progress` (the fraction done, after each round) stopped it.
    // Specialised for the file rows people open: generic code reading ten million fields through
    // witness tables ran several times slower.
    @_specialize(where Rows == DelimitedRows)
    @_specialize(where Rows == JSONLinesRows)
    @_specialize(where Rows == FileRows)
    public static func summarizing<Rows: InPlaceRows>(_ rows: Rows, titles: [String], within: RowSet? = nil, missing: MissingValues = .common,
                                                      seed: UInt64 = 0, concurrently loop: ConcurrentLoop = .serial,
                                                      progress: (Double) -> Bool = { _ in true }) -> [ColumnSummary]? {
        let within = (within ?? .all(count: rows.count)).clamped(toRows: rows.count)
        let words = MissingBytes(missing)
        let columns = titles.count
        var total = [ColumnTally](repeating: ColumnTally(), count: columns)
        // Each round's pieces start from what the whole has kept of each column's sample, so
        // that they drop at once the values the merge would drop.
        var thresholds = [UInt64](repeating: .max, count: columns)
        var counters = [DistinctCounter](repeating: DistinctCounter(), count: columns)
        let finished = within.inRounds(of: RowFilter.pieceSize, loop: loop, progress: progress, { piece -> [ColumnTally] in
            var tallies = (0..<columns).map { ColumnTally(distinct: counters[$0], sample: ValueSample(threshold: thresholds[$0])) }
            tallies.withUnsafeMutableBufferPointer { tallies in
                _ = rows.fields(at: piece) { row, fields in
                    let priority = ValueHash.mix(UInt64(truncatingIfNeeded: row) ^ seed)
                    for c in 0..<columns { tallies[c].add(fields[c], priority: priority, missing: words) }
                }
            }
            return tallies
        }, take: { piece in
            for c in 0..<columns {
                total[c].merge(piece[c])
                thresholds[c] = total[c].sample.keepsBelow
                counters[c] = DistinctCounter(like: total[c].distinct)
            }
        })
        guard finished else { return nil }
        return titles.indices.map { total[$0].summary(title: titles[$0]) }
    }
}

/// What a pass has seen of one column so far.
struct ColumnTally: Sendable, Hashable {
    var present = 0, missing = 0
    var allIntegers = true, allNumbers = true
    var lowest = Double.infinity, highest = -Double.infinity
    /// The sum of the numbers, with Kahan's compensation for what each addition lost.
    var sum = 0.0, compensation = 0.0
    var firstText: [UInt8]? = nil, lastText: [UInt8]? = nil
    /// The first eight bytes of each, big-endian, zero-padded: they order as the texts do, or tie.
    var firstPrefix: UInt64 = 0, lastPrefix: UInt64 = 0
    var distinct = DistinctCounter()
    var sample = ValueSample()

    /// Counts one value (nil: the row has no such field, which is empty).
    @inline(__always)
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>?, priority: UInt64, missing words: MissingBytes) {
        guard let bytes, !bytes.isEmpty, !words.contain(bytes) else {
            missing += 1
            return
        }
        present += 1
        distinct.add(ValueHash.of(bytes))
        // The first eight bytes decide nearly every comparison without touching the kept text.
        let prefix = Self.prefix(bytes)
        if firstText == nil || prefix < firstPrefix || (prefix == firstPrefix && Self.compare(bytes, firstText ?? []) < 0) {
            firstText = Array(bytes)
            firstPrefix = prefix
        }
        if lastText == nil || prefix > lastPrefix || (prefix == lastPrefix && Self.compare(bytes, lastText ?? []) > 0) {
            lastText = Array(bytes)
            lastPrefix = prefix
        }
        guard allNumbers else { return }
        let value: Double
        if let n = FieldValues.integer(bytes) {
            value = Double(n)
        } else if bytes.count <= 64, let x = Double(String(decoding: bytes, as: UTF8.self)), x.isFinite {
            value = x
            allIntegers = false
        } else {
            allNumbers = false
            return
        }
        lowest = Swift.min(lowest, value)
        highest = Swift.max(highest, value)
        let adjusted = value - compensation
        let next = sum + adjusted
        compensation = (next - sum) - adjusted
        sum = next
        sample.add(value, priority: priority)
    }

    /// The first eight bytes of `bytes` as a big-endian number, zero-padded: a smaller prefix
    /// means smaller text; equal prefixes need the whole text compared.
    @inline(__always)
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var p: UInt64 = 0
        let n = Swift.min(8, bytes.count)
        for i in 0..<8 { p = (p << 8) | (i < n ? UInt64(bytes[i]) : 0) }
        return p
    }

    /// Byte order of `a` and `b`: below 0, 0 or above 0, as `memcmp` and then the lengths say.
    @inline(__always)
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Int {
        b.withUnsafeBufferPointer { b in
            let n = Swift.min(a.count, b.count)
            if n > 0, let pa = a.baseAddress, let pb = b.baseAddress {
                let c = memcmp(pa, pb, n)
                if c != 0 { return Int(c) }
            }
            return a.count - b.count
        }
    }

    /// Adds what `other` saw.
    mutating func merge(_ other: ColumnTally) {
        present += other.present
        missing += other.missing
        allIntegers = allIntegers && other.allIntegers
        allNumbers = allNumbers && other.allNumbers
        lowest = Swift.min(lowest, other.lowest)
        highest = Swift.max(highest, other.highest)
        let next = sum + other.sum
        compensation += other.compensation + ((next - sum) - other.sum)
        sum = next
        if let t = other.firstText, firstText.map({ t.lexicographicallyPrecedes($0) }) ?? true {
            firstText = t
            firstPrefix = other.firstPrefix
        }
        if let t = other.lastText, lastText.map({ $0.lexicographicallyPrecedes(t) }) ?? true {
            lastText = t
            lastPrefix = other.lastPrefix
        }
        distinct.merge(other.distinct)
        sample.merge(other.sample)
    }

    /// The summary of what was seen, titled `title`.
    func summary(title: String) -> ColumnSummary {
        let kind: ColumnSummary.Kind = present == 0 ? .empty : !allNumbers ? .text : allIntegers ? .integers : .reals
        let numeric = kind == .integers || kind == .reals
        let text = { (bytes: [UInt8]?) in bytes.map { String(decoding: $0, as: UTF8.self) } }
        return ColumnSummary(
            title: title, kind: kind, count: present, missing: missing,
            distinct: distinct.count, distinctIsEstimate: distinct.isEstimate,
            minimum: numeric ? RowFilter.format(lowest) : text(firstText),
            maximum: numeric ? RowFilter.format(highest) : text(lastText),
            mean: numeric ? (sum - compensation) / Double(present) : nil,
            median: numeric ? sample.median : nil,
            medianIsEstimate: numeric && sample.isEstimate)
    }
}
