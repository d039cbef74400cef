/// The values present in one column of a row group being saved, PLAIN-encoded or as a
/// dictionary and indices into it, with their least and greatest.
struct ParquetChunkValues {
    private let column: ParquetRowGroupBuilder.Column
    private let kind: ParquetColumnKind
    /// How the values are kept, and a fixed length's bytes: asked for every value, so worked
    /// out once.
    private let storage: ParquetColumnKind.Storage
    private let fixedLength: Int?
    /// The bytes of a whole number of the kind's physical type: four for `INT32`, else eight.
    private let integerWidth: Int

    /// A dictionary is used while it has at most this many entries.
    static let dictionaryLimit = 1 << 16
    /// … and takes at most this many bytes.
    static let dictionaryBytes = 1 << 20

    init(_ column: ParquetRowGroupBuilder.Column, kind: ParquetColumnKind) {
        self.column = column
        self.kind = kind
        storage = kind.storage
        fixedLength = kind.fixedLength
        integerWidth = kind.physicalType == ParquetCode.Physical.int32 ? 4 : 8
    }

    /// The values present (nulls are not among them).
    var count: Int {
        switch storage {
        case .integers: column.integers.count
        case .reals, .floats: column.reals.count
        case .text, .bytes: column.ends.count
        }
    }

    /// Text value `i`'s bytes.
    private func text(_ i: Int) -> ArraySlice<UInt8> { column.text[(i == 0 ? 0 : column.ends[i - 1])..<column.ends[i]] }

    /// Value `i`, PLAIN-encoded: a number's bytes little-endian, a four-byte length and the
    /// bytes for text and bytes, a fixed-length value's bytes alone.
    private func plain(_ i: Int, into out: inout [UInt8]) {
        switch storage {
        case .integers: out += ParquetHybrid.littleEndian(UInt64(bitPattern: column.integers[i]), bytes: integerWidth)
        case .floats: out += ParquetHybrid.littleEndian(UInt64(Float(column.reals[i]).bitPattern), bytes: 4)
        case .reals: out += ParquetHybrid.littleEndian(column.reals[i].bitPattern, bytes: 8)
        case .text, .bytes:
            let bytes = text(i)
            if fixedLength == nil { out += ParquetHybrid.littleEndian(UInt64(bytes.count), bytes: 4) }
            out += bytes
        }
    }

    /// Every value, PLAIN-encoded (booleans a bit each, the first in the lowest bit).
    func plain() -> [UInt8] {
        var out: [UInt8] = []
        if kind == .boolean {
            out = [UInt8](repeating: 0, count: (count + 7) / 8)
            for (i, v) in column.integers.enumerated() where v != 0 { out[i / 8] |= 1 << UInt8(i % 8) }
            return out
        }
        for i in 0..<count { plain(i, into: &out) }
        return out
    }

    /// The distinct values PLAIN-encoded in the order first met, their number, and each value's
    /// index into them (a byte of bit width, then the hybrid encoding); nil where values
    /// repeat too little for a dictionary to pay, or it would grow past its limits.
    func dictionary() -> (plain: [UInt8], count: Int, indices: [UInt8])? {
        let n = count
        // Booleans are a bit each already: the format gives them no dictionary.
        guard n > 0, kind != .boolean else { return nil }
        var firsts: [Int] = []
        var indices: [UInt32] = []
        indices.reserveCapacity(n)
        var slots = [Int32](repeating: -1, count: Self.slotCount(for: n))
        let mask = slots.count - 1
        var bytes = 0
        for i in 0..<n {
            var slot = hash(i) & mask
            while true {
                let entry = slots[slot]
                if entry < 0 {
                    guard firsts.count < Self.dictionaryLimit, firsts.count * 2 <= n + 16 else { return nil }
                    slots[slot] = Int32(firsts.count)
                    indices.append(UInt32(firsts.count))
                    firsts.append(i)
                    bytes += storage == .text || storage == .bytes ? text(i).count + 4 : 8
                    guard bytes <= Self.dictionaryBytes else { return nil }
                    break
                }
                if same(firsts[Int(entry)], i) {
                    indices.append(UInt32(entry))
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        var plain: [UInt8] = []
        for i in firsts { self.plain(i, into: &plain) }
        let width = Swift.max(1, UInt32.bitWidth - UInt32(firsts.count - 1).leadingZeroBitCount)
        var encoded: [UInt8] = [UInt8(width)]
        ParquetHybrid.packed(indices, width: width, into: &encoded)
        return (plain, firsts.count, encoded)
    }

    /// A power of two at least twice the values, up to twice the dictionary's limit.
    private static func slotCount(for n: Int) -> Int {
        var size = 16
        while size < 2 * Swift.min(n, dictionaryLimit + 1) { size <<= 1 }
        return size
    }

    private func hash(_ i: Int) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        switch storage {
        case .integers: h ^= UInt64(bitPattern: column.integers[i]) &* 0x9E37_79B9_7F4A_7C15
        case .reals, .floats: h ^= column.reals[i].bitPattern &* 0x9E37_79B9_7F4A_7C15
        case .text, .bytes: for b in text(i) { mix(b) }
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// True when values `a` and `b` are the same bits (a real's NaNs and zeros kept apart).
    private func same(_ a: Int, _ b: Int) -> Bool {
        switch storage {
        case .integers: column.integers[a] == column.integers[b]
        case .reals, .floats: column.reals[a].bitPattern == column.reals[b].bitPattern
        case .text, .bytes: text(a).elementsEqual(text(b))
        }
    }

    /// The least value, PLAIN without a length (as statistics hold it); nil when there is none,
    /// for a text longer than 64 bytes (statistics are to be short), for reals that are all NaN,
    /// or for a decimal of 16 bytes (which compare as signed numbers, not as their bytes).
    var minimum: [UInt8]? { extreme(least: true) }
    /// The greatest value, the same way.
    var maximum: [UInt8]? { extreme(least: false) }

    private func extreme(least: Bool) -> [UInt8]? {
        switch storage {
        case .integers where kind == .fixedWidthInteger(bits: 64, signed: false):
            // Kept as their bits, compared as the unsigned numbers they are.
            let values = column.integers.lazy.map { UInt64(bitPattern: $0) }
            guard let v = least ? values.min() : values.max() else { return nil }
            return ParquetHybrid.littleEndian(v, bytes: 8)
        case .integers:
            guard let v = least ? column.integers.min() : column.integers.max() else { return nil }
            return ParquetHybrid.littleEndian(UInt64(bitPattern: v), bytes: kind == .boolean ? 1 : integerWidth)
        case .reals, .floats:
            let numbers = column.reals.lazy.filter { !$0.isNaN }
            guard var v = least ? numbers.min() : numbers.max() else { return nil }
            // The format asks for -0 as a least zero and +0 as a greatest.
            if v == 0 { v = least ? -0.0 : 0.0 }
            return storage == .floats ? ParquetHybrid.littleEndian(UInt64(Float(v).bitPattern), bytes: 4) : ParquetHybrid.littleEndian(v.bitPattern, bytes: 8)
        case .text, .bytes:
            guard count > 0, fixedLength == nil else { return nil }
            var best = text(0)
            for i in 1..<count {
                let value = text(i)
                if least ? value.lexicographicallyPrecedes(best) : best.lexicographicallyPrecedes(value) { best = value }
            }
            return best.count <= 64 ? Array(best) : nil
        }
    }
}
