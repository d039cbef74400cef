extension SortKeys {
    /// These keys as numbers when they are text and every present value is an integer or a real
    /// (as `Int(_:)` and `Double(_:)` read text, finite), else unchanged: integers while every
    /// one is, reals (every integer exact in a Double) once one is not. Text that is not a number
    /// is found at once in most text columns (a code, a name), so the check costs little there.
    ///
    /// Where a real cannot keep the numbers apart (more than 15 significant digits, as in a
    /// decimal of 18 or 38 digits, or whole numbers past 2^53 beside reals, or past Int.max) and
    /// every one is written in decimal, they are keyed exactly instead (``ExactDecimal``): a real
    /// would tie 1234567890123456.78 with …77, and a whole number too large for Int had turned
    /// the whole column back into text.
    func numbersWhenAllAre() -> SortKeys {
        let count: Int
        let text: (Int) -> String
        switch storage {
        case let .strings(k): count = k.count; text = { k[$0] }
        case let .shortText(k): count = k.count; text = { ShortText.unpack(k[$0]) }
        case .ints, .narrowInts, .doubles, .textKeys, .values: return self
        }
        var ints: [Int] = [], reals: [Double]? = nil
        ints.reserveCapacity(count)
        // Whether some number needs more than a real keeps, whether the whole numbers read
        // before the first real were all exact in one, and whether all are decimal text.
        var realsTie = false, intsExact = true, allDecimal = true
        for i in 0..<count {
            if isMissing(i) {
                if reals == nil { ints.append(0) } else { reals?.append(0) }
                continue
            }
            let t = text(i)
            if reals == nil, let n = Int(t) { ints.append(n); continue }
            let exact = ExactDecimal(t)
            guard let x = Double(t), x.isFinite || exact != nil else { return self }
            if let exact { realsTie = realsTie || exact.needsMoreThanAReal } else { allDecimal = false }
            if reals == nil {
                intsExact = ints.allSatisfy(KeyReader.isExact)
                reals = ints.map(Double.init)
                reals?.reserveCapacity(count)
                ints = []
            }
            reals?.append(x)
        }
        if (realsTie || !intsExact) && allDecimal { return exactKeys(count: count, text: text) }
        // Not all decimal text (hexadecimal, say): reals, as near as they come, while the whole
        // numbers are exact in them; else the text as it is.
        if let reals { return intsExact ? SortKeys(.doubles(reals), missing: missing) : self }
        return SortKeys(.ints(ints), missing: missing)
    }

    /// Keys that order the present values, all decimal text, as the numbers they spell exactly.
    private func exactKeys(count: Int, text: (Int) -> String) -> SortKeys {
        var keys = ByteKeys(reserving: count, bytesPerKey: 12)
        for i in 0..<count {
            keys.append { bytes in
                if !isMissing(i) { ExactDecimal(text(i))?.appendKey(to: &bytes) }
            }
        }
        return SortKeys(.textKeys(keys), missing: missing)
    }
}
