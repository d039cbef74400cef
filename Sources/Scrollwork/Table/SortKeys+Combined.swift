extension SortKeys {
    /// Position `i`'s present key as a word that orders as the keys do, for keys that have one:
    /// integers with the sign bit flipped, reals by ``orderedBits(_:)``, short text with the bits
    /// no two keys differ in left out (``BitRuns``), so that a column of a few codes takes a few
    /// bits instead of sixty. Nil for other text.
    private func orderedWords() -> ((Int) -> UInt64)? {
        switch storage {
        case let .ints(k): return { UInt64(UInt(bitPattern: k[$0])) ^ (1 << 63) }
        case let .narrowInts(k): return { UInt64(UInt32(bitPattern: k[$0]) ^ (1 << 31)) }
        case let .doubles(k): return { orderedBits(k[$0]) }
        case let .shortText(k):
            let runs = shortTextRuns(k)
            return { runs.extract(k[$0]) }
        case .strings, .textKeys, .values: return nil
        }
    }

    /// The bits in which the present words of `k` differ: the others say nothing about order.
    func shortTextRuns(_ k: [UInt64]) -> BitRuns {
        var first: UInt64? = nil, differ: UInt64 = 0
        for i in k.indices where !isMissing(i) {
            if let f = first { differ |= k[i] ^ f } else { first = k[i] }
        }
        return BitRuns(differ)
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
        // A field at a time over all the rows: a loop over the fields for each row took a
        // reference to each field's code every row.
        func packed<Word: FixedWidthInteger & UnsignedInteger>(as: Word.Type) -> [Word] {
            var words = [Word](repeating: 0, count: count)
            for field in fields {
                let code = field.code, bits = field.bits
                for i in 0..<count { words[i] = words[i] << bits | Word(code(position(i))) }
            }
            for i in 0..<count { words[i] = words[i] << indexBits | Word(i) }
            return words
        }
        if total <= 64 {
            var words = packed(as: UInt64.self)
            return .some(PackedRadixSort.sorted(order, words: &words, indexBits: indexBits, progress: progress))
        }
        var words = packed(as: UInt128.self)
        return .some(PackedRadixSort.sorted(order, words: &words, indexBits: indexBits, progress: progress))
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

    /// The number of bits the mask holds.
    var width: Int { runs.reduce(0) { $0 + Int($1.width) } }

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
