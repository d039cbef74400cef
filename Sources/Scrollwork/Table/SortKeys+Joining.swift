extension SortKeys {
    /// One piece of a column's keys read apart from the others: its keys, and whether every one
    /// of its values was missing (its keys are then placeholders of no type).
    struct Piece {
        var keys: SortKeys
        var count: Int
        var allMissing: Bool

        /// This piece with its integers in 32 bits where every one fits: ten million keys read
        /// a piece at a time are all held at once while they are joined, and in half the memory
        /// so. Reals stay reals until the pieces are joined: a whole real in one piece with a huge
        /// integer in another makes the column mixed values, as one reader would have it.
        func narrowingInts() -> Piece {
            guard case .ints = keys.storage else { return self }
            return Piece(keys: keys.narrowed(), count: count, allMissing: allMissing)
        }
    }

    /// The storage pieces join into.
    private enum Joined { case narrowInts, ints, doubles, shortText, strings, textKeys, values }

    /// The keys of `pieces` one after another, in the narrowest storage that holds them all, as
    /// one reader of every value in order would have chosen: integers with reals become reals
    /// (while every integer is exact in a Double), short text with longer text strings, any other
    /// mix mixed values. Nil when text stored as byte keys (which cannot be turned back into text)
    /// meets another type: the caller then reads the column again in one piece.
    ///
    /// Each piece is emptied as soon as its keys are copied, so joining holds the keys about
    /// once, not twice.
    static func joined(_ pieces: inout [Piece]) -> SortKeys? {
        if pieces.count == 1, !pieces[0].allMissing {
            defer { pieces = [] }
            return pieces[0].keys
        }
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
        guard let kind = joinedKind(pieces) else { return nil }
        /// Every piece's keys as `extract` reads them, `placeholder` for a piece of missing
        /// values; each piece emptied once read.
        func concatenated<T>(_ placeholder: T, _ extract: (Storage) -> [T]) -> [T] {
            var keys: [T] = []
            keys.reserveCapacity(total)
            for i in pieces.indices {
                if pieces[i].allMissing { keys += repeatElement(placeholder, count: pieces[i].count) } else { keys += extract(pieces[i].keys.storage) }
                pieces[i].keys = SortKeys(.ints([]))
            }
            return keys
        }
        switch kind {
        case .narrowInts:
            return SortKeys(.narrowInts(concatenated(Int32(0)) { if case let .narrowInts(k) = $0 { k } else { [] } }), missing: missing)
        case .ints:
            return SortKeys(.ints(concatenated(0) {
                switch $0 {
                case let .ints(k): return k
                case let .narrowInts(k): return k.map(Int.init)
                default: return []
                }
            }), missing: missing)
        case .doubles:
            return SortKeys(.doubles(concatenated(0.0) {
                switch $0 {
                case let .doubles(k): return k
                case let .ints(k): return k.map(Double.init)
                case let .narrowInts(k): return k.map(Double.init)
                default: return []
                }
            }), missing: missing)
        case .shortText:
            return SortKeys(.shortText(concatenated(UInt64(0)) { if case let .shortText(k) = $0 { k } else { [] } }), missing: missing)
        case .strings:
            return SortKeys(.strings(concatenated("") {
                switch $0 {
                case let .strings(k): return k
                case let .shortText(k): return k.map(ShortText.unpack)
                default: return []
                }
            }), missing: missing)
        case .textKeys:
            var keys = ByteKeys(reserving: 0)
            for i in pieces.indices {
                if case let .textKeys(k) = pieces[i].keys.storage, !pieces[i].allMissing {
                    keys.append(contentsOf: k)
                } else {
                    for _ in 0..<pieces[i].count { keys.append { _ in } }
                }
                pieces[i].keys = SortKeys(.ints([]))
            }
            return SortKeys(.textKeys(keys), missing: missing)
        case .values:
            // Any other mix: every key as a value, a missing one as the placeholder a reader keeps.
            var keys: [TableValue] = []
            keys.reserveCapacity(total)
            offset = 0
            for p in pieces.indices {
                let piece = pieces[p]
                for i in 0..<piece.count {
                    if piece.allMissing || missing?[offset + i] == true { keys.append(.empty); continue }
                    switch piece.keys.storage {
                    case let .ints(k): keys.append(.int(k[i]))
                    case let .narrowInts(k): keys.append(.int(Int(k[i])))
                    case let .doubles(k): keys.append(.double(k[i]))
                    case let .strings(k): keys.append(.string(k[i]))
                    case let .shortText(k): keys.append(.string(ShortText.unpack(k[i])))
                    case let .values(k): keys.append(k[i])
                    case .textKeys: return nil
                    }
                }
                pieces[p].keys = SortKeys(.ints([]))
                offset += piece.count
            }
            return SortKeys(.values(keys), missing: missing)
        }
    }

    /// The storage `pieces` join into, chosen before any is copied; nil when byte keys meet
    /// another type.
    private static func joinedKind(_ pieces: [Piece]) -> Joined? {
        let present = pieces.filter { !$0.allMissing }.map(\.keys.storage)
        func all(_ test: (Storage) -> Bool) -> Bool { present.allSatisfy(test) }
        // Integers stay in 32 bits while every piece's fit.
        if !present.isEmpty && all({ if case .narrowInts = $0 { true } else { false } }) { return .narrowInts }
        if present.isEmpty || all({
            switch $0 {
            case .ints, .narrowInts: return true
            default: return false
            }
        }) { return .ints }
        // Integers with reals: reals, while every integer is exact in a Double.
        if all({
            switch $0 {
            case .doubles, .narrowInts: return true
            case let .ints(k): return k.allSatisfy(KeyReader.isExact)
            default: return false
            }
        }) { return .doubles }
        if all({ if case .shortText = $0 { true } else { false } }) { return .shortText }
        if all({ if case .shortText = $0 { true } else if case .strings = $0 { true } else { false } }) { return .strings }
        if all({ if case .textKeys = $0 { true } else { false } }) { return .textKeys }
        if present.contains(where: { if case .textKeys = $0 { true } else { false } }) { return nil }
        return .values
    }
}
