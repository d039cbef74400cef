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
    /// The least value: the smallest number, or for text the first in byte order. Values are
    /// compared byte for byte: `é` written as one scalar and as `e` and an accent are two
    /// values, here, in ``distinct``, in frequency tables and in filters alike.
    public var minimum: String?
    /// The greatest value.
    public var maximum: String?
    /// The mean of the numbers, computed so that finite numbers give a finite mean (of two
    /// 10³⁰⁸ it is 10³⁰⁸). Values that spell NaN are numbers (the column's type is reals) left
    /// out of the least, greatest, mean and median; ±∞ make the mean ±∞ (both: NaN).
    public var mean: Double?
    /// The median of the numbers: one of them, or the midpoint of two, which cannot overflow.
    public var median: Double?
    /// True when ``median`` is an estimate: past 16,777,216 numbers of more than 16,384
    /// distinct values, the median of a uniform sample of 65,536 of them. Otherwise it is
    /// exact: a column of few distinct numbers has them counted by value in the one pass; one
    /// of more, a second pass finds it among the values of a band the sample points to.
    public var medianIsEstimate: Bool

    /// What a source knows of a column before reading any of its values (a Parquet file's
    /// statistics): the figures a summary of every row would give, each nil where it is not
    /// known yet. What is known is what the summary will say: a viewer shows it at once and the
    /// rest once the values are read.
    public struct Known: Sendable, Hashable {
        /// The column's title.
        public var title: String
        /// The type every present value has, when known.
        public var kind: Kind?
        /// The values present, when known.
        public var count: Int?
        /// The values missing, when known.
        public var missing: Int?
        /// The least value, as ``ColumnSummary/minimum`` gives it, when known.
        public var minimum: String?
        /// The greatest value, when known.
        public var maximum: String?

        /// Figures of the column `title`; those not given are not known.
        public init(title: String, kind: Kind? = nil, count: Int? = nil, missing: Int? = nil, minimum: String? = nil, maximum: String? = nil) {
            self.title = title
            self.kind = kind
            self.count = count
            self.missing = missing
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    /// A summary with these figures, as an engine that summarises (a database) gives them.
    public init(title: String, kind: Kind, count: Int, missing: Int, distinct: Int, distinctIsEstimate: Bool = false, minimum: String? = nil,
                maximum: String? = nil, mean: Double? = nil, median: Double? = nil, medianIsEstimate: Bool = false) {
        self.title = title
        self.kind = kind
        self.count = count
        self.missing = missing
        self.distinct = distinct
        self.distinctIsEstimate = distinctIsEstimate
        self.minimum = minimum
        self.maximum = maximum
        self.mean = mean
        self.median = median
        self.medianIsEstimate = medianIsEstimate
    }

    /// A summary of every column titled in `titles` (field `i` is column `i`) among `within` of
    /// `rows` (all of them by default), read in one pass a piece at a time as many pieces at
    /// once as `loop` runs; `seed` chooses the rows a median samples when there are too many.
    /// Nil when `progress` (the fraction done, after each round) stopped it.
    // Specialised for the file rows people open: generic code reading ten million fields through
    // witness tables ran several times slower.
    @_specialize(where Rows == DelimitedRows)
    @_specialize(where Rows == JSONLinesRows)
    @_specialize(where Rows == FileRows)
    @_specialize(where Rows == ParquetTextRows)
    public static func summarizing<Rows: InPlaceRows>(_ rows: Rows, titles: [String], within: RowSet? = nil, missing: MissingValues = .common,
                                                      seed: UInt64 = 0, concurrently loop: ConcurrentLoop = .serial,
                                                      progress: (Double) -> Bool = { _ in true }) -> [ColumnSummary]? {
        let within = (within ?? .all(count: rows.count)).clamped(toRows: rows.count)
        let words = MissingBytes(missing)
        let columns = titles.count
        // Each piece running at once has a lane of tallies of its own, kept from round to round
        // and merged once at the end: small pieces keep both cores busy to the last round, and
        // nothing is merged while the other cores wait.
        let size = Self.pieceSize
        // No more lanes than pieces run at once, nor than there are pieces.
        let pieces = within.count / size + (within.count % size == 0 ? 0 : 1)
        let lanes = (0..<Swift.max(1, Swift.min(loop.width, pieces))).map { _ in TallyLane(columns: columns) }
        // A second pass may follow for exact medians: each pass reports half of the fraction.
        let share = within.count > ValueSample.capacity ? 0.5 : 1
        let finished = within.inRounds(of: size, loop: loop, progress: { progress($0 * share) }, { piece in
            // A round is `loop.width` consecutive pieces, so this lane is no other piece's now.
            let lane = lanes[(piece.offset / size) % lanes.count]
            // Safe: the lane's tallies are one a column (`columns` of them), lent for the call; a
            // row's fields are lent for the closure's call; the batch checks its own places.
            unsafe lane.tallies.withUnsafeMutableBufferPointer { tallies in
                HashBatch.with(columns: columns) { hashes in
                    _ = unsafe rows.fields(at: piece) { row, fields in
                        let priority = ValueHash.mix(UInt64(truncatingIfNeeded: row) ^ seed)
                        for c in 0..<columns {
                            unsafe hashes.set(tallies[c].add(fields[c], isText: fields.isText(c), priority: priority, missing: words), column: c)
                        }
                        if hashes.endRow() { unsafe hashes.flush(into: tallies) }
                    }
                    unsafe hashes.flush(into: tallies)
                }
            }
        }, take: { _ in })
        guard finished else { return nil }
        // Each lane handed over and let go as it is merged: two cores' samples of every column
        // were held twice while the second was merged into a copy of the first.
        var total = lanes[0].tallies
        lanes[0].tallies = []
        for lane in lanes.dropFirst() {
            for c in 0..<columns { total[c].merge(lane.tallies[c]) }
            lane.tallies = []
        }
        var summaries = titles.indices.map { total[$0].summary(title: titles[$0]) }
        // Medians the sample only estimates are made exact by a second pass over their columns.
        var bands: [ExactMedian.Band] = titles.indices.compactMap { c in
            let numbers = total[c].present - total[c].notANumber
            guard summaries[c].medianIsEstimate, numbers <= ExactMedian.limit,
                  let band = total[c].sample.band(0.5 - ExactMedian.margin, 0.5 + ExactMedian.margin) else { return nil }
            return ExactMedian.Band(column: c, low: band.low, high: band.high, count: numbers)
        }
        guard ExactMedian.refine(&bands, rows: rows, within: within, missing: words, loop: loop, progress: { progress(share + $0 * (1 - share)) }) else {
            return nil
        }
        for band in bands {
            guard let median = band.median else { continue }
            summaries[band.column].median = median
            summaries[band.column].medianIsEstimate = false
        }
        return summaries
    }
}

extension ColumnSummary {
    /// The rows a piece of a summary reads: small enough that the last round leaves no core
    /// waiting long and a piece of every column's text stays small (a Parquet file's nineteen
    /// columns took some 20 MB a core at 65,536 rows), large enough that a round costs far more
    /// than starting one (a CSV summary took the same time at 32,768 as at 65,536).
    static let pieceSize = 1 << 15
}

/// The tallies of every column that the pieces of one lane of a summary add to, one piece at a
/// time.
final class TallyLane {
    var tallies: [ColumnTally]

    init(columns: Int) { tallies = [ColumnTally](repeating: ColumnTally(), count: Swift.max(0, columns)) }
}

/// What a pass has seen of one column so far.
struct ColumnTally: Sendable {
    var present = 0, missing = 0
    var allIntegers = true, allNumbers = true
    var lowest = Double.infinity, highest = -Double.infinity
    /// The least and greatest integers, exactly: past 2⁵³ two integers can be one `Double`, and
    /// an integer may pass 64 bits (an unsigned 64-bit number, a HUGEINT) and stay one.
    var lowestInteger: Int128? = nil, highestInteger: Int128? = nil
    /// The sum of the integers while it fits, exact and cheaper to keep than ``sum``.
    var integerSum = 0
    /// The sum of the other numbers below 2⁹⁶⁰ in size (and of integer sums that would
    /// overflow), with Kahan's compensation for what each addition lost.
    var sum = 0.0, compensation = 0.0
    /// The sum of the numbers of 2⁹⁶⁰ or more in size, each scaled by 2⁻⁶⁴ (exactly), with its
    /// compensation: two of 10³⁰⁸ would overflow ``sum``, and their mean is 10³⁰⁸.
    var hugeSum = 0.0, hugeCompensation = 0.0
    /// Values that spell NaN (`nan`, `NaN`): numbers, as `Double` reads them, but left out of
    /// the least, greatest, mean and median, as pandas and R leave them out.
    var notANumber = 0
    /// Values that spell +∞ and −∞: kept out of the sums, whose compensation they would spoil.
    var positiveInfinities = 0, negativeInfinities = 0
    var firstText: [UInt8]? = nil, lastText: [UInt8]? = nil
    /// The first eight bytes of each, big-endian, zero-padded: they order as the texts do, or tie.
    var firstPrefix: UInt64 = 0, lastPrefix: UInt64 = 0
    /// The lengths of the two texts.
    var firstLength = 0, lastLength = 0
    var distinct = DistinctCounter()
    var sample = ValueSample()

    /// Counts one value (nil: the row has no such field, which is empty), all but its
    /// distinctness: returns the hash of a present value and the number it spells (NaN for
    /// none), for ``distinct`` (nil for a missing one). A value its source wrote as text
    /// (`isText`: a JSON string) spells no number, and makes the column text.
    @inline(__always)
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>?, isText: Bool = false, priority: UInt64, missing words: MissingBytes) -> (hash: UInt64, number: Double)? {
        // Safe: the caller's bytes, lent for the call: hashed and compared inside their count, and
        // copied (`Array(bytes)`) where kept.
        guard unsafe !words.isMissing(bytes), let bytes = unsafe bytes else {
            missing += 1
            return nil
        }
        present += 1
        let word = unsafe ValueHash.leadingWord(bytes)
        let hash = unsafe ValueHash.of(bytes, leading: word)
        // The first eight bytes decide nearly every comparison without touching the kept text,
        // and with the lengths every comparison of texts of at most eight bytes.
        // The little-endian word's first byte is the big-endian word's highest.
        let prefix = word.byteSwapped
        if unsafe firstText == nil || prefix < firstPrefix || (prefix == firstPrefix && Self.compare(bytes, firstText, length: firstLength) < 0) {
            firstText = unsafe Array(bytes)
            firstPrefix = prefix
            firstLength = bytes.count
        }
        if unsafe lastText == nil || prefix > lastPrefix || (prefix == lastPrefix && Self.compare(bytes, lastText, length: lastLength) > 0) {
            lastText = unsafe Array(bytes)
            lastPrefix = prefix
            lastLength = bytes.count
        }
        if isText { allNumbers = false }
        guard allNumbers else { return (hash, .nan) }
        let value: Double
        if let n = unsafe FieldValues.integer(bytes) {
            value = Double(n)
            addToIntegerSum(n)
            let wide = Int128(n)
            lowestInteger = Swift.min(lowestInteger ?? wide, wide)
            highestInteger = Swift.max(highestInteger ?? wide, wide)
        } else if bytes.count > 18, let n = unsafe FieldValues.wideInteger(bytes) {
            // Past 64 bits: still an integer, exactly the least or greatest, a double in the sums.
            value = Double(n)
            addToSum(value)
            lowestInteger = Swift.min(lowestInteger ?? n, n)
            highestInteger = Swift.max(highestInteger ?? n, n)
        } else if let x = unsafe NumberText.real(bytes) {
            // The same reading as ColumnKinds and the sort: `inf` and `nan` are reals.
            allIntegers = false
            if x.isNaN {
                notANumber += 1
                return (hash, .nan)
            }
            value = x
            if x == .infinity {
                positiveInfinities += 1
            } else if x == -.infinity {
                negativeInfinities += 1
            } else {
                addToSum(x)
            }
        } else {
            allNumbers = false
            return (hash, .nan)
        }
        lowest = Swift.min(lowest, value)
        highest = Swift.max(highest, value)
        sample.add(value, priority: priority)
        return (hash, value)
    }

    /// Adds `n` to ``integerSum``, moving the sum to ``sum`` first when it would overflow.
    @inline(__always)
    mutating func addToIntegerSum(_ n: Int) {
        let (next, overflow) = integerSum.addingReportingOverflow(n)
        if overflow {
            addToSum(Double(integerSum))
            integerSum = n
        } else {
            integerSum = next
        }
    }

    /// The size from which a number is added to ``hugeSum``.
    static let hugeMagnitude = 0x1p960
    /// What a huge number is scaled by.
    static let hugeScale = 0x1p-64

    /// Adds `value` to ``sum`` (or, scaled, to ``hugeSum``), keeping what the addition lost.
    @inline(__always)
    mutating func addToSum(_ value: Double) {
        if Swift.abs(value) < Self.hugeMagnitude {
            Self.add(value, to: &sum, &compensation)
        } else {
            Self.add(value * Self.hugeScale, to: &hugeSum, &hugeCompensation)
        }
    }

    /// Kahan's step: `total += value`, what it lost kept in `compensation`.
    @inline(__always)
    static func add(_ value: Double, to total: inout Double, _ compensation: inout Double) {
        let adjusted = value - compensation
        let next = total + adjusted
        compensation = (next - total) - adjusted
        total = next
    }

    /// The mean of the ``present`` numbers: each sum divided before the two are added, so no
    /// step overflows while the numbers are finite.
    var mean: Double {
        if positiveInfinities > 0 || negativeInfinities > 0 {
            return positiveInfinities > 0 && negativeInfinities > 0 ? .nan : positiveInfinities > 0 ? .infinity : -.infinity
        }
        let n = Double(present - notANumber)
        let small = (Double(integerSum) + (sum - compensation)) / n
        let huge = (hugeSum - hugeCompensation) / n / Self.hugeScale
        return hugeSum == 0 ? small : small + huge
    }

    /// Byte order of `a` and `b` (nil: no text, which `a` precedes), whose first eight bytes
    /// are the same and whose length is `length`: below 0, 0 or above 0.
    @inline(__always)
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]?, length: Int) -> Int {
        // Equal prefixes of texts no longer than eight bytes leave only zero padding to differ.
        if a.count <= 8 && length <= 8 { return a.count - length }
        guard let b else { return -1 }
        // Safe: `memcmp` is given the shorter count of the two.
        return unsafe b.withUnsafeBufferPointer { b in
            let n = Swift.min(a.count, b.count)
            if n > 0, let pa = a.baseAddress, let pb = b.baseAddress {
                let c = unsafe memcmp(pa, pb, n)
                if c != 0 { return Int(c) }
            }
            return a.count - b.count
        }
    }

    /// Adds what `other` saw.
    mutating func merge(_ other: ColumnTally) {
        present += other.present
        missing += other.missing
        notANumber += other.notANumber
        positiveInfinities += other.positiveInfinities
        negativeInfinities += other.negativeInfinities
        allIntegers = allIntegers && other.allIntegers
        allNumbers = allNumbers && other.allNumbers
        lowest = Swift.min(lowest, other.lowest)
        highest = Swift.max(highest, other.highest)
        if let n = other.lowestInteger { lowestInteger = Swift.min(lowestInteger ?? n, n) }
        if let n = other.highestInteger { highestInteger = Swift.max(highestInteger ?? n, n) }
        let next = sum + other.sum
        compensation += other.compensation + ((next - sum) - other.sum)
        sum = next
        let nextHuge = hugeSum + other.hugeSum
        hugeCompensation += other.hugeCompensation + ((nextHuge - hugeSum) - other.hugeSum)
        hugeSum = nextHuge
        let (integers, overflow) = integerSum.addingReportingOverflow(other.integerSum)
        if overflow {
            addToSum(Double(other.integerSum))
        } else {
            integerSum = integers
        }
        if let t = other.firstText, firstText.map({ t.lexicographicallyPrecedes($0) }) ?? true {
            firstText = t
            firstPrefix = other.firstPrefix
            firstLength = other.firstLength
        }
        if let t = other.lastText, lastText.map({ $0.lexicographicallyPrecedes(t) }) ?? true {
            lastText = t
            lastPrefix = other.lastPrefix
            lastLength = other.lastLength
        }
        distinct.merge(other.distinct)
        sample.merge(other.sample)
    }

    /// `extreme` as text; as the integer `integer` exactly where that integer is the extreme
    /// (a `Double` of it equals `extreme`).
    private func exactly(_ extreme: Double, _ integer: Int128?) -> String {
        if let integer, Double(integer) == extreme { return "\(integer)" }
        return RowFilter.format(extreme)
    }

    /// The summary of what was seen, titled `title`.
    func summary(title: String) -> ColumnSummary {
        let kind: ColumnSummary.Kind = present == 0 ? .empty : !allNumbers ? .text : allIntegers ? .integers : .reals
        let numeric = kind == .integers || kind == .reals
        // Only NaN: a column of reals with no number to tell of.
        let measured = numeric && present > notANumber
        let text = { (bytes: [UInt8]?) in bytes.map { String(decoding: $0, as: UTF8.self) } }
        let counted = measured ? countedMedian : nil
        return ColumnSummary(
            title: title, kind: kind, count: present, missing: missing,
            distinct: distinct.count, distinctIsEstimate: distinct.isEstimate,
            minimum: numeric ? (measured ? exactly(lowest, lowestInteger) : nil) : text(firstText),
            maximum: numeric ? (measured ? exactly(highest, highestInteger) : nil) : text(lastText),
            mean: measured ? mean : nil,
            median: measured ? counted ?? sample.median : nil,
            medianIsEstimate: measured && sample.isEstimate && counted == nil)
    }

    /// The exact median from the numbers counted by value (``DistinctCounter/numberCounts``),
    /// when the sample is cut and every number was counted; nil otherwise. Selected as a band
    /// of the whole line selects it (``ExactMedian/Band/median``): the infinities on its edges,
    /// every other number counted by value inside.
    private var countedMedian: Double? {
        guard sample.isEstimate, let counts = distinct.numberCounts else { return nil }
        var band = ExactMedian.Band(column: 0, low: -.infinity, high: .infinity, count: present - notANumber)
        var total = 0
        for entry in counts where !entry.number.isNaN {
            total += entry.count
            if entry.number == -.infinity { band.atLow += entry.count } else if entry.number == .infinity { band.atHigh += entry.count } else { band.runs[entry.number, default: 0] += entry.count }
        }
        // Every number counted, or the counts are not the numbers this tally saw.
        guard total == band.count, total > 0 else { return nil }
        return band.median
    }
}
