/// A set of row positions, a bit a row: which rows of a sort hold missing values.
struct RowBits: Sendable, Hashable {
    private var words: [UInt64]

    /// No positions, for rows `0..<count`.
    init(count: Int) { words = [UInt64](repeating: 0, count: (Swift.max(0, count) + 63) / 64) }

    /// True when `i` is in the set; false for any position outside the rows.
    subscript(i: Int) -> Bool {
        i >= 0 && i >> 6 < words.count && words[i >> 6] & (1 << UInt64(i & 63)) != 0
    }

    /// Adds `i` (a position outside the rows is ignored).
    mutating func insert(_ i: Int) {
        guard i >= 0, i >> 6 < words.count else { return }
        words[i >> 6] |= 1 << UInt64(i & 63)
    }
}

/// Reads one column's sort keys a value at a time, in row order, into the narrowest storage:
/// typed arrays while the present values agree on their type, mixed values once they do not;
/// missing values only set a bit (and hold a placeholder, so positions stay indexes).
struct KeyReader {
    private enum Kind { case unknown, ints, doubles, shortText, strings, bytes, values }

    let count: Int
    let textOrder: TextOrder
    private var kind: Kind
    // One array a kind, not an enum with payloads: appending to a payload would copy it.
    private var ints: [Int] = []
    private var doubles: [Double] = []
    private var words: [UInt64] = []
    private var strings: [String] = []
    private var bytes = ByteKeys(reserving: 0)
    private var mixed: [TableValue] = []
    private var missing: RowBits? = nil
    /// Missing values before the first present one.
    private var leading = 0

    /// A reader of `count` keys; `mixed` stores every key as a ``TableValue`` from the start.
    init(count: Int, textOrder: TextOrder, mixed: Bool = false) {
        self.count = count
        self.textOrder = textOrder
        kind = mixed ? .values : .unknown
        if mixed { self.mixed.reserveCapacity(count) }
    }

    /// Takes position `i`'s value (positions come in order from 0). False when it cannot:
    /// text after Finder keys were stored, which cannot be turned back into text, so the caller
    /// reads every value again with a mixed reader.
    mutating func read(_ value: TableValue, at i: Int) -> Bool {
        if value.isMissing {
            if missing == nil { missing = RowBits(count: count) }
            missing?.insert(i)
            appendPlaceholder()
            return true
        }
        if kind == .unknown { begin(with: value) }
        switch (kind, value) {
        case let (.ints, .int(x)): ints.append(x)
        case let (.doubles, .double(x)): doubles.append(x)
        case let (.shortText, .string(x)):
            if let word = ShortText.pack(x) { words.append(word); break }
            // Longer text or beyond ASCII: what was read becomes strings again.
            strings.reserveCapacity(count)
            for word in words { strings.append(ShortText.unpack(word)) }
            words = []
            kind = .strings
            strings.append(x)
        case let (.strings, .string(x)): strings.append(x)
        case let (.bytes, .string(x)): bytes.append { textOrder.appendSortKey(x, to: &$0) }
        case (.values, _): mixed.append(value)
        case (.bytes, _): return false
        // Integers and reals in one column stay numbers: as reals while every integer is exact
        // in a Double, which is how a mixed comparison of the two compares them anyway.
        case let (.doubles, .int(x)) where Self.isExact(x): doubles.append(Double(x))
        case let (.ints, .double(x)) where ints.allSatisfy(Self.isExact):
            doubles.reserveCapacity(count)
            for n in ints { doubles.append(Double(n)) }
            ints = []
            kind = .doubles
            doubles.append(x)
        default:
            // Another type: what was read so far becomes mixed values.
            mixed.reserveCapacity(count)
            switch kind {
            case .ints: mixed = ints.map { .int($0) }
            case .doubles: mixed = doubles.map { .double($0) }
            case .strings: mixed = strings.map { .string($0) }
            case .shortText: mixed = words.map { .string(ShortText.unpack($0)) }
            case .unknown, .bytes, .values: break
            }
            ints = []
            words = []
            doubles = []
            strings = []
            kind = .values
            mixed.append(value)
        }
        return true
    }

    /// ``read(_:at:)`` of `.int(n)`, without the enum when the keys are integers already.
    mutating func readInt(_ n: Int, at i: Int) -> Bool {
        if kind == .ints {
            ints.append(n)
            return true
        }
        return read(.int(n), at: i)
    }

    /// ``read(_:at:)`` of `.double(x)`, without the enum when the keys are reals already.
    mutating func readDouble(_ x: Double, at i: Int) -> Bool {
        if kind == .doubles {
            doubles.append(x)
            return true
        }
        return read(.double(x), at: i)
    }

    /// ``read(_:at:)`` of the text `utf8` spells: packed straight from the bytes while the keys
    /// are short text, with no string made.
    ///
    /// Safe where the caller's buffer is valid for the call: its bytes are read, not kept.
    mutating func readText(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        if kind == .unknown, textOrder == .lexical, let word = unsafe ShortText.pack(utf8) {
            begin(with: .string(""))
            words.append(word)
            return true
        }
        if kind == .shortText, let word = unsafe ShortText.pack(utf8) {
            words.append(word)
            return true
        }
        return unsafe read(.string(String(decoding: utf8, as: UTF8.self)), at: i)
    }

    /// True when `x` converts to a Double and back unchanged (|x| ≤ 2^53).
    static func isExact(_ x: Int) -> Bool { x.magnitude <= 1 << 53 }

    /// The first present value decides the storage; missing values before it get placeholders.
    private mutating func begin(with value: TableValue) {
        switch value {
        case .int: kind = .ints; ints.reserveCapacity(count)
        case .double: kind = .doubles; doubles.reserveCapacity(count)
        case .string where textOrder == .lexical: kind = .shortText; words.reserveCapacity(count)
        case .string: kind = .bytes; bytes = ByteKeys(reserving: count)
        case .empty, .missing: return
        }
        let placeholders = leading
        leading = 0
        for _ in 0..<placeholders { appendPlaceholder() }
    }

    private mutating func appendPlaceholder() {
        switch kind {
        case .unknown: leading += 1
        case .ints: ints.append(0)
        case .doubles: doubles.append(0)
        case .shortText: words.append(0)
        case .strings: strings.append("")
        case .bytes: bytes.append { _ in }
        case .values: mixed.append(.empty)
        }
    }

    /// True when every value read so far was missing.
    var isAllMissing: Bool { kind == .unknown }

    /// The keys read.
    var keys: SortKeys {
        switch kind {
        // Every value missing: placeholders only, which no comparison reads.
        case .unknown: return SortKeys(.ints([Int](repeating: 0, count: leading)), missing: missing)
        case .ints: return SortKeys(.ints(ints), missing: missing)
        case .doubles: return SortKeys(.doubles(doubles), missing: missing)
        case .shortText: return SortKeys(.shortText(words), missing: missing)
        case .strings: return SortKeys(.strings(strings), missing: missing)
        case .bytes: return SortKeys(.textKeys(bytes), missing: missing)
        case .values: return SortKeys(.values(mixed), missing: missing)
        }
    }
}
