extension SortKeys {
    /// These keys as numbers when they are text and every present value is an integer or a real
    /// (as `Int(_:)` and `Double(_:)` read text, finite), else unchanged: integers while every
    /// one is, reals (every integer exact in a Double) once one is not. Text that is not a number
    /// is found at once in most text columns (a code, a name), so the check costs little there.
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
        for i in 0..<count {
            if isMissing(i) {
                if reals == nil { ints.append(0) } else { reals?.append(0) }
                continue
            }
            let t = text(i)
            if reals == nil, let n = Int(t) { ints.append(n); continue }
            guard let x = Double(t), x.isFinite, ints.allSatisfy(KeyReader.isExact) || reals != nil else { return self }
            if reals == nil {
                reals = ints.map(Double.init)
                reals?.reserveCapacity(count)
                ints = []
            }
            reals?.append(x)
        }
        if let reals { return SortKeys(.doubles(reals), missing: missing) }
        return SortKeys(.ints(ints), missing: missing)
    }
}
