extension SortKeys {
    /// Position `i`'s present key as a word that orders as the keys do, for keys that have one:
    /// integers with the sign bit flipped, reals by ``orderedBits(_:)``, short text with the bits
    /// no two keys differ in left out (``BitRuns``), so that a column of a few codes takes a few
    /// bits instead of sixty. Nil for other text.
    private func orderedWords() -> ((Int) -> UInt64)? {
        switch storage {
        case let .ints(k): return { UInt64(UInt(bitPattern: k[$0])) ^ (1 << 63) }
        case let .doubles(k): return { orderedBits(k[$0]) }
        case let .shortText(k):
            var first: UInt64? = nil, differ: UInt64 = 0
            for i in k.indices where !isMissing(i) {
                if let f = first { differ |= k[i] ^ f } else { first = k[i] }
            }
            let runs = BitRuns(differ)
            return { runs.extract(k[$0]) }
        case .strings, .textKeys, .values: return nil
        }
    }

    /// `order` (identity when nil) sorted stably by all of `keys` at once (most significant
    /// first, each ascending or not): every key's word, less its smallest, side by side in one
    /// packed word above the position, missing values as one more than a key's largest, so that
    /// they come last in either direction. One radix sort instead of one a key, each of which
    /// read its keys in the order the last one left. Nil when a key is text that does not pack
    /// into a word or the keys need more than 128 bits with the position; `.some(nil)` when
    /// `progress` said stop.
    static func combinedSorted<P: FixedWidthInteger>(_ order: [P]?, count: Int, keys: [(SortKeys, Bool)], progress: (Double) -> Bool) -> [P]?? {
        let position: (Int) -> Int = order.map { o in { Int(o[$0]) } } ?? { $0 }
        var fields: [(code: (Int) -> UInt64, bits: Int)] = []
        for (key, ascending) in keys {
            guard let word = key.orderedWords() else { return nil }
            var low = UInt64.max, high = UInt64.min
            for i in 0..<count where !key.isMissing(i) {
                let w = word(i)
                low = Swift.min(low, w)
                high = Swift.max(high, w)
            }
            // All missing: every code is the one for missing, which takes no bits.
            guard low <= high else { continue }
            let range = high - low
            guard range < UInt64.max else { return nil }
            let missingCode = range + 1
            let bits = UInt64.bitWidth - missingCode.leadingZeroBitCount
            fields.append(({ i in key.isMissing(i) ? missingCode : ascending ? word(i) - low : high - word(i) }, bits))
        }
        let indexBits = PackedRadixSort.indexBits(count)
        let total = fields.reduce(indexBits) { $0 + $1.bits }
        guard total <= 128 else { return nil }
        func packed<Word: FixedWidthInteger & UnsignedInteger>(_ i: Int, as: Word.Type) -> Word {
            let p = position(i)
            var word: Word = 0
            for field in fields { word = word << field.bits | Word(field.code(p)) }
            return word << indexBits | Word(i)
        }
        if total <= 64 {
            return .some(PackedRadixSort.sorted(order, count: count, indexBits: indexBits, progress: progress) { packed($0, as: UInt64.self) })
        }
        return .some(PackedRadixSort.sorted(order, count: count, indexBits: indexBits, progress: progress) { packed($0, as: UInt128.self) })
    }
}

/// The runs of set bits of a mask, to pack the bits of a word that the mask holds next to one
/// another in the same order (a parallel bit extract): of words that agree on every bit outside
/// the mask, the packed bits order as the whole words do.
struct BitRuns {
    private var runs: [(shift: UInt64, width: UInt64)] = []

    init(_ mask: UInt64) {
        var bit = 63
        while bit >= 0 {
            guard mask & (1 << UInt64(bit)) != 0 else { bit -= 1; continue }
            var low = bit
            while low > 0 && mask & (1 << UInt64(low - 1)) != 0 { low -= 1 }
            runs.append((UInt64(low), UInt64(bit - low + 1)))
            bit = low - 1
        }
    }

    /// The bits of `word` under the mask, packed from the lowest bit up.
    @inline(__always)
    func extract(_ word: UInt64) -> UInt64 {
        var packed: UInt64 = 0
        for run in runs {
            let bits = run.width == 64 ? word : (word >> run.shift) & ((1 << run.width) - 1)
            packed = run.width == 64 ? bits : packed << run.width | bits
        }
        return packed
    }
}
