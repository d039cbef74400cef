/// Writes Thrift's compact protocol, the encoding of a Parquet file's footer and page headers:
/// each field with its own type, since readers made from parquet.thrift pass over a field whose
/// type is not the one they expect.
struct ThriftWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []
    /// The last field number of each struct being written, innermost last.
    private var lastFields: [Int16] = [0]

    /// A compact-protocol type.
    enum FieldType: UInt8 {
        case boolTrue = 1, boolFalse = 2, i8 = 3, i32 = 5, i64 = 6, binary = 8, list = 9, structure = 12
    }

    mutating func field(_ id: Int16, i32 value: Int) {
        header(id, .i32)
        zigzag(Int64(value))
    }

    mutating func field(_ id: Int16, i64 value: Int) {
        header(id, .i64)
        zigzag(Int64(value))
    }

    /// A boolean field: its value is its type (1 true, 2 false), with no bytes after.
    mutating func field(_ id: Int16, bool value: Bool) { header(id, value ? .boolTrue : .boolFalse) }

    /// A byte field: the byte itself, as it is.
    mutating func field(_ id: Int16, i8 value: Int) {
        header(id, .i8)
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func field(_ id: Int16, binary value: [UInt8]) {
        header(id, .binary)
        binary(value)
    }

    mutating func field(_ id: Int16, string value: String) { field(id, binary: Array(value.utf8)) }

    /// A struct field, its fields written by `body`.
    mutating func field(_ id: Int16, structure body: (inout ThriftWriter) -> Void) {
        header(id, .structure)
        structure(body)
    }

    /// A list field of `count` elements of `type`, written by `body`.
    mutating func field(_ id: Int16, listOf type: FieldType, count: Int, _ body: (inout ThriftWriter) -> Void) {
        header(id, .list)
        if count < 15 {
            bytes.append(UInt8(count) << 4 | type.rawValue)
        } else {
            bytes.append(0xF0 | type.rawValue)
            varint(UInt64(count))
        }
        body(&self)
    }

    /// A struct (a list's element, or the whole message): its fields, then its stop byte.
    mutating func structure(_ body: (inout ThriftWriter) -> Void) {
        lastFields.append(0)
        body(&self)
        bytes.append(0)
        lastFields.removeLast()
    }

    /// An element of a list of 32-bit integers.
    mutating func element(i32 value: Int) { zigzag(Int64(value)) }

    /// An element of a list of binaries.
    mutating func element(binary value: [UInt8]) { binary(value) }

    private mutating func header(_ id: Int16, _ type: FieldType) {
        let delta = id &- lastFields[lastFields.count - 1]
        if delta > 0, delta <= 15 {
            bytes.append(UInt8(delta) << 4 | type.rawValue)
        } else {
            bytes.append(type.rawValue)
            zigzag(Int64(id))
        }
        lastFields[lastFields.count - 1] = id
    }

    private mutating func binary(_ value: [UInt8]) {
        varint(UInt64(value.count))
        bytes += value
    }

    private mutating func zigzag(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    private mutating func varint(_ value: UInt64) { ParquetHybrid.varint(value, into: &bytes) }
}
