/// A value read from Thrift's compact protocol, the encoding of a Parquet file's footer and
/// page headers: read whole into a tree first, so that what a Parquet reader takes from it is
/// looked up by field number, and a field it does not know is passed over.
enum ThriftValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case binary([UInt8])
    case list([ThriftValue])
    case map([(ThriftValue, ThriftValue)])
    case structure(ThriftFields)

    static func == (a: ThriftValue, b: ThriftValue) -> Bool {
        switch (a, b) {
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x.bitPattern == y.bitPattern
        case let (.binary(x), .binary(y)): return x == y
        case let (.list(x), .list(y)): return x == y
        case let (.map(x), .map(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.structure(x), .structure(y)): return x == y
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case let .bool(v): hasher.combine(v)
        case let .int(v): hasher.combine(v)
        case let .double(v): hasher.combine(v.bitPattern)
        case let .binary(v): hasher.combine(v)
        case let .list(v): hasher.combine(v)
        case let .map(v): hasher.combine(v.count)
        case let .structure(v): hasher.combine(v)
        }
    }

    /// Field `id` of a struct; nil for a field it does not have, or for a value that is no struct.
    subscript(_ id: Int16) -> ThriftValue? {
        if case let .structure(fields) = self { return fields[id] }
        return nil
    }

    /// The value as an integer, if it is one.
    var int: Int64? { if case let .int(v) = self { v } else { nil } }
    /// The value as an `Int`, if it is an integer.
    var intValue: Int? { int.map { Int(truncatingIfNeeded: $0) } }
    /// The value as a truth value, if it is one.
    var bool: Bool? { if case let .bool(v) = self { v } else { nil } }
    /// The value as text (bytes read as UTF-8, a bad byte replaced), if it is binary.
    var string: String? { if case let .binary(v) = self { String(decoding: v, as: UTF8.self) } else { nil } }
    /// The value's elements, if it is a list or a set.
    var elements: [ThriftValue]? { if case let .list(v) = self { v } else { nil } }
}

/// A struct's fields by number, in order, a number at most once (the last read wins, as a
/// dictionary's would): a footer of 520 row groups holds some hundred thousand structs of a few
/// fields each, which a hash table a struct made slow to read.
struct ThriftFields: Sendable, Hashable {
    /// The fields, ordered by number.
    private(set) var fields: [(id: Int16, value: ThriftValue)] = []

    /// The fields of `read` (in the order read; a number read twice keeps its last value).
    init(_ read: [(id: Int16, value: ThriftValue)] = []) {
        var sorted = read
        // Stable, so a number read twice keeps its values in the order read: the last wins.
        if zip(read, read.dropFirst()).contains(where: { $0.id >= $1.id }) {
            sorted = read.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }.map(\.element)
            var unique: [(id: Int16, value: ThriftValue)] = []
            for field in sorted {
                if unique.last?.id == field.id { unique[unique.count - 1] = field } else { unique.append(field) }
            }
            sorted = unique
        }
        fields = sorted
    }

    /// Field `id`'s value; nil for a number it does not have.
    subscript(_ id: Int16) -> ThriftValue? {
        for field in fields where field.id == id { return field.value }
        return nil
    }

    /// The field of the lowest number (a union's one field).
    var first: (key: Int16, value: ThriftValue)? { fields.first.map { ($0.id, $0.value) } }

    /// The numbers, in order.
    var keys: [Int16] { fields.map(\.id) }

    static func == (a: ThriftFields, b: ThriftFields) -> Bool {
        a.fields.count == b.fields.count && zip(a.fields, b.fields).allSatisfy { $0.id == $1.id && $0.value == $1.value }
    }

    func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.id)
            hasher.combine(field.value)
        }
    }
}

/// Reads Thrift's compact protocol from bytes, refusing what cannot be one (a size past the
/// bytes there are, structs nested deeper than ``depthLimit``) with a message: whole into a
/// ``ThriftValue`` (``readStruct()``), or a field at a time (``readFields(_:)``), which makes
/// nothing of the fields a reader passes over (a footer of 520 row groups holds some hundred
/// thousand structs, whose trees took longer to build than the rest of opening the file).
struct ThriftReader {
    private let bytes: [UInt8]
    /// Where the next byte is read.
    private(set) var offset: Int
    /// The structs and containers open around the next byte.
    private var depth = 0

    /// Structs and containers nested deeper than this are refused: no footer needs it, and a
    /// damaged one cannot overflow the stack.
    static let depthLimit = 64

    /// A reader of `bytes` from `offset`.
    init(_ bytes: [UInt8], at offset: Int = 0) {
        self.bytes = bytes
        self.offset = Swift.max(0, offset)
    }

    /// Why the bytes are not a Thrift value.
    struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        var description: String
    }

    /// A struct, from its first field to its stop byte.
    mutating func readStruct() throws(Failure) -> ThriftValue {
        var fields: [(id: Int16, value: ThriftValue)] = []
        try readFields { reader, id, type throws(Failure) in
            fields.append((id, try reader.fieldValue(type)))
            return true
        }
        return .structure(ThriftFields(fields))
    }

    /// A struct's fields in turn, from the first to its stop byte: `field` is given each
    /// field's number and type, and either reads its value (``fieldValue(_:)``,
    /// ``readList(_:)``, ``readFields(_:)``) and returns true, or returns false to have it
    /// passed over.
    @inline(__always)
    mutating func readFields(_ field: (inout ThriftReader, Int16, UInt8) throws(Failure) -> Bool) throws(Failure) {
        try enter()
        defer { depth -= 1 }
        var last: Int16 = 0
        while let (id, type) = try nextField(after: &last) {
            // A bool field's value is its type; every other type's follows.
            if try !field(&self, id, type), type != 1, type != 2 { try skip(type) }
        }
    }

    /// The next field's number and type, or nil at the struct's stop byte: for a reader that
    /// stops before a struct's end (a footer read as far as its first row group), which
    /// ``readFields(_:)`` cannot. `last` is the field number before (0 at the first), and
    /// becomes this one's.
    @inline(__always)
    mutating func nextField(after last: inout Int16) throws(Failure) -> (id: Int16, type: UInt8)? {
        let header = try byte()
        if header == 0 { return nil }
        let delta = Int16(header >> 4)
        if delta == 0 {
            let raw = try zigzag()
            guard let fitted = Int16(exactly: raw) else { throw Failure(description: "a field number \(raw) at byte \(offset)") }
            last = fitted
        } else {
            last = last &+ delta
        }
        return (last, header & 0x0F)
    }

    /// The value of a field of type `type` (a bool's value is its type).
    mutating func fieldValue(_ type: UInt8) throws(Failure) -> ThriftValue {
        switch type {
        case 1: .bool(true)
        case 2: .bool(false)
        default: try value(ofType: type)
        }
    }

    /// The value of a field of type `type` when it is a whole number, without a ``ThriftValue``
    /// made of it (a footer reads some hundred thousand); any other value is passed over, nil.
    @inline(__always)
    mutating func fieldInteger(_ type: UInt8) throws(Failure) -> Int64? {
        switch type {
        case 3: return Int64(Int8(bitPattern: try byte()))
        case 4, 5, 6: return try zigzag()
        case 1, 2: return nil
        default:
            try skip(type)
            return nil
        }
    }

    /// A list's element of type `type` when it is a whole number, as ``fieldInteger(_:)``
    /// reads a field's (a bool in a list takes a byte, passed over).
    mutating func listInteger(_ type: UInt8) throws(Failure) -> Int64? {
        guard type > 2 else {
            try skip(type)
            return nil
        }
        return try fieldInteger(type)
    }

    /// A list's (or set's) elements in turn: `element` is given each element's type and reads
    /// it (``readFields(_:)`` for a struct, ``value(ofType:)``) or passes over it (``skip(_:)``).
    @inline(__always)
    mutating func readList(_ element: (inout ThriftReader, UInt8) throws(Failure) -> Void) throws(Failure) {
        try enter()
        defer { depth -= 1 }
        let (count, type) = try listHeader()
        for _ in 0..<count { try element(&self, type) }
    }

    /// Passes over a value of type `type` (a list's element, or a field's that is not a bool).
    mutating func skip(_ type: UInt8) throws(Failure) {
        switch type {
        case 1, 2, 3: _ = try byte()
        case 4, 5, 6: try skipVarint()
        case 7:
            guard bytes.count - offset >= 8 else { throw Failure(description: "a double cut short at byte \(offset)") }
            offset += 8
        case 8: offset += try size(elementBytes: 1)
        case 9, 10:
            try enter()
            defer { depth -= 1 }
            let (count, type) = try listHeader()
            switch type {
            case 4, 5, 6: for _ in 0..<count { try skipVarint() }
            case 12: for _ in 0..<count { try skipStruct() }
            default: for _ in 0..<count { try skip(type) }
            }
        case 11:
            try enter()
            defer { depth -= 1 }
            let count = try size(elementBytes: 1)
            guard count > 0 else { return }
            let types = try byte()
            for _ in 0..<count {
                try skip(types >> 4)
                try skip(types & 0x0F)
            }
        case 12: try skipStruct()
        default: throw Failure(description: "a value of unknown type \(type) at byte \(offset - 1)")
        }
    }

    /// Passes over a struct's fields to its stop byte, as ``readFields(_:)`` passing over each.
    /// The common fields (numbers and short texts) are passed over here without a call.
    private mutating func skipStruct() throws(Failure) {
        try enter()
        defer { depth -= 1 }
        while true {
            let header = try byte()
            if header == 0 { return }
            // A field number of its own follows a header whose delta is 0.
            if header >> 4 == 0 {
                let raw = try zigzag()
                guard Int16(exactly: raw) != nil else { throw Failure(description: "a field number \(raw) at byte \(offset)") }
            }
            switch header & 0x0F {
            // A bool field's value is its type.
            case 1, 2: continue
            case 4, 5, 6: try skipVarint()
            case let type: try skip(type)
            }
        }
    }

    @inline(__always)
    private mutating func enter() throws(Failure) {
        guard depth < Self.depthLimit else { throw Self.tooDeep() }
        depth += 1
    }

    @inline(__always)
    private mutating func byte() throws(Failure) -> UInt8 {
        guard offset < bytes.count else { throw Self.endsEarly(at: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A varint: most in a footer are one byte, read here without a loop.
    @inline(__always)
    private mutating func varint() throws(Failure) -> UInt64 {
        if offset < bytes.count, bytes[offset] < 0x80 {
            defer { offset += 1 }
            return UInt64(bytes[offset])
        }
        return try longVarint()
    }

    private mutating func longVarint() throws(Failure) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw Failure(description: "a number of more than 64 bits at byte \(offset)") }
            result |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// Passes over a varint: its bytes up to the first below 0x80, ten at most.
    @inline(__always)
    private mutating func skipVarint() throws(Failure) {
        if offset < bytes.count, bytes[offset] < 0x80 {
            offset += 1
            return
        }
        try skipLongVarint()
    }

    private mutating func skipLongVarint() throws(Failure) {
        let end = Swift.min(bytes.count, offset + 10)
        var at = offset
        while at < end {
            let b = bytes[at]
            at += 1
            if b < 0x80 {
                offset = at
                return
            }
        }
        guard end - offset == 10 else { throw Self.endsEarly(at: end) }
        throw Failure(description: "a number of more than 64 bits at byte \(end)")
    }

    @inline(__always)
    private mutating func zigzag() throws(Failure) -> Int64 {
        let v = try varint()
        return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    // The failures made apart from the readers above, which are inlined where they are used.
    @inline(never)
    private static func endsEarly(at offset: Int) -> Failure { Failure(description: "the metadata ends early, at byte \(offset)") }

    @inline(never)
    private static func tooDeep() -> Failure { Failure(description: "values nested more than \(depthLimit) deep") }

    /// A size that fits in the bytes left (each element takes at least a byte, but a bool or
    /// an empty struct may take less: `minimum` bytes an element).
    private mutating func size(elementBytes minimum: Int = 1) throws(Failure) -> Int {
        let n = try varint()
        guard n <= UInt64(Int32.max), minimum == 0 || Int(n) <= (bytes.count - offset) / minimum else {
            throw Failure(description: "a size of \(n) at byte \(offset), past the \(bytes.count - offset) bytes left")
        }
        return Int(n)
    }

    /// A list's element count and element type.
    mutating func listHeader() throws(Failure) -> (count: Int, type: UInt8) {
        let header = try byte()
        var count = Int(header >> 4)
        if count == 15 { count = try size(elementBytes: 0) }
        guard count <= bytes.count - offset else {
            throw Failure(description: "a list of \(count) at byte \(offset), past the bytes left")
        }
        return (count, header & 0x0F)
    }

    /// The bytes read.
    var source: [UInt8] { bytes }

    /// Where the bytes of a binary value are in ``source`` (nothing copied), and past them.
    mutating func binarySpan() throws(Failure) -> Range<Int> {
        let n = try size(elementBytes: 1)
        defer { offset += n }
        return offset..<offset + n
    }

    /// A value of type `type`, whole (a list's element, or a field's that is not a bool).
    mutating func value(ofType type: UInt8) throws(Failure) -> ThriftValue {
        switch type {
        case 1, 2:
            // A bool in a list or map: one byte, 1 for true.
            return .bool(try byte() == 1)
        case 3: return .int(Int64(Int8(bitPattern: try byte())))
        case 4, 5, 6: return .int(try zigzag())
        case 7:
            guard bytes.count - offset >= 8 else { throw Failure(description: "a double cut short at byte \(offset)") }
            var bits: UInt64 = 0
            for k in 0..<8 { bits |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
            offset += 8
            return .double(Double(bitPattern: bits))
        case 8:
            let n = try size(elementBytes: 1)
            defer { offset += n }
            return .binary(Array(bytes[offset..<offset + n]))
        case 9, 10:
            var elements: [ThriftValue] = []
            try readList { reader, type throws(Failure) in elements.append(try reader.value(ofType: type)) }
            return .list(elements)
        case 11:
            try enter()
            defer { depth -= 1 }
            let count = try size(elementBytes: 1)
            guard count > 0 else { return .map([]) }
            let types = try byte()
            var pairs: [(ThriftValue, ThriftValue)] = []
            for _ in 0..<count {
                let key = try value(ofType: types >> 4)
                pairs.append((key, try value(ofType: types & 0x0F)))
            }
            return .map(pairs)
        case 12: return try readStruct()
        default: throw Failure(description: "a value of unknown type \(type) at byte \(offset - 1)")
        }
    }
}
