extension SortKeys {
    /// One piece of a column's keys read apart from the others: its keys, and whether every one
    /// of its values was missing (its keys are then placeholders of no type).
    struct Piece {
        var keys: SortKeys
        var count: Int
        var allMissing: Bool
    }

    /// The keys of `pieces` one after another, in the narrowest storage that holds them all, as
    /// one reader of every value in order would have chosen: integers with reals become reals
    /// (while every integer is exact in a Double), any other mix becomes mixed values. Nil when
    /// text stored as byte keys (which cannot be turned back into text) meets another type: the
    /// caller then reads the column again in one piece.
    static func joined(_ pieces: [Piece]) -> SortKeys? {
        let total = pieces.reduce(0) { $0 + $1.count }
        var missing: RowBits? = nil
        var offset = 0
        for piece in pieces {
            if let bits = piece.keys.missing {
                if missing == nil { missing = RowBits(count: total) }
                for i in 0..<piece.count where bits[i] { missing?.insert(offset + i) }
            }
            offset += piece.count
        }
        let present = pieces.filter { !$0.allMissing }
        func all(_ test: (Storage) -> Bool) -> Bool { present.allSatisfy { test($0.keys.storage) } }
        if present.isEmpty { return SortKeys(.ints([Int](repeating: 0, count: total)), missing: missing) }
        /// Every piece's keys as `extract` reads them, `placeholder` for a piece of missing values.
        func concatenated<T>(_ placeholder: T, _ extract: (Storage) -> [T]?) -> [T]? {
            var keys: [T] = []
            keys.reserveCapacity(total)
            for piece in pieces {
                if piece.allMissing {
                    keys += repeatElement(placeholder, count: piece.count)
                } else {
                    guard let k = extract(piece.keys.storage) else { return nil }
                    keys += k
                }
            }
            return keys
        }
        if let keys = concatenated(0, { if case let .ints(k) = $0 { k } else { nil } }) { return SortKeys(.ints(keys), missing: missing) }
        // Integers with reals: reals, while every integer is exact in a Double.
        let reals = concatenated(0.0) {
            switch $0 {
            case let .doubles(k): return k
            case let .ints(k) where k.allSatisfy(KeyReader.isExact): return k.map(Double.init)
            default: return nil
            }
        }
        if let reals { return SortKeys(.doubles(reals), missing: missing) }
        if let keys = concatenated(UInt64(0), { if case let .shortText(k) = $0 { k } else { nil } }) { return SortKeys(.shortText(keys), missing: missing) }
        // Short text with longer text: all of it as strings.
        let strings = concatenated("") {
            switch $0 {
            case let .strings(k): return k
            case let .shortText(k): return k.map(ShortText.unpack)
            default: return nil
            }
        }
        if let strings { return SortKeys(.strings(strings), missing: missing) }
        if all({ if case .textKeys = $0 { true } else { false } }) {
            var keys = ByteKeys(reserving: 0)
            for piece in pieces {
                if case let .textKeys(k) = piece.keys.storage, !piece.allMissing {
                    keys.append(contentsOf: k)
                } else {
                    for _ in 0..<piece.count { keys.append { _ in } }
                }
            }
            return SortKeys(.textKeys(keys), missing: missing)
        }
        if !all({ if case .textKeys = $0 { false } else { true } }) { return nil }
        // Any other mix: every key as a value, a missing one as the placeholder a reader keeps.
        var keys: [TableValue] = []
        keys.reserveCapacity(total)
        offset = 0
        for piece in pieces {
            for i in 0..<piece.count {
                if piece.allMissing || missing?[offset + i] == true { keys.append(.empty); continue }
                switch piece.keys.storage {
                case let .ints(k): keys.append(.int(k[i]))
                case let .doubles(k): keys.append(.double(k[i]))
                case let .strings(k): keys.append(.string(k[i]))
                case let .shortText(k): keys.append(.string(ShortText.unpack(k[i])))
                case let .values(k): keys.append(k[i])
                case .textKeys: return nil
                }
            }
            offset += piece.count
        }
        return SortKeys(.values(keys), missing: missing)
    }
}
