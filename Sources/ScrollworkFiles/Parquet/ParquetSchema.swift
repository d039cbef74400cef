/// A Parquet file's schema as a tree: each node's definition and repetition levels (how many
/// optional or repeated nodes lie on the way to it, which say in the pages whether a value is
/// there), and its leaves in the order the row groups' column chunks follow.
struct ParquetSchemaNode: Sendable {
    var element: ParquetMetadata.SchemaElement
    var children: [ParquetSchemaNode]
    /// The definition level at which this node is there (not null, not an empty list).
    var definitionLevel: Int
    /// The repetition level of its nearest repeated node (itself, where it repeats).
    var repetitionLevel: Int
    /// The leaves under it (itself, for a leaf), as column numbers of the row groups' chunks.
    var leaves: Range<Int>

    var isLeaf: Bool { children.isEmpty && element.type != nil }
    var isRepeated: Bool { element.repetition == ParquetCode.Repetition.repeated }

    /// The tree of `elements` (a root, then its fields depth first).
    static func tree(_ elements: [ParquetMetadata.SchemaElement]) throws(ParquetMetadata.Failure) -> ParquetSchemaNode {
        guard !elements.isEmpty else { throw ParquetBytes.failure("the schema is empty") }
        var at = 0, leaf = 0
        let root = try node(elements, at: &at, leaf: &leaf, definition: 0, repetition: 0, depth: 0, isRoot: true)
        guard at == elements.count else { throw ParquetBytes.failure("the schema has \(elements.count - at) elements outside its tree") }
        return root
    }

    private static func node(_ elements: [ParquetMetadata.SchemaElement], at: inout Int, leaf: inout Int, definition: Int, repetition: Int, depth: Int,
                             isRoot: Bool) throws(ParquetMetadata.Failure) -> ParquetSchemaNode {
        guard at < elements.count else { throw ParquetBytes.failure("the schema names more children than it has elements") }
        guard depth < 64 else { throw ParquetBytes.failure("the schema nests more than 64 deep") }
        let element = elements[at]
        at += 1
        let repeated = !isRoot && element.repetition == ParquetCode.Repetition.repeated
        let defined = definition + (!isRoot && (element.repetition ?? ParquetCode.Repetition.required) != ParquetCode.Repetition.required ? 1 : 0)
        let repeats = repetition + (repeated ? 1 : 0)
        let firstLeaf = leaf
        var children: [ParquetSchemaNode] = []
        if element.childCount > 0 {
            guard element.childCount <= elements.count - at else { throw ParquetBytes.failure("a group names \(element.childCount) children past the schema's end") }
            for _ in 0..<element.childCount {
                children.append(try node(elements, at: &at, leaf: &leaf, definition: defined, repetition: repeats, depth: depth + 1, isRoot: false))
            }
        } else if !isRoot {
            guard element.type != nil else { throw ParquetBytes.failure("the field \(element.name) has neither a type nor children") }
            leaf += 1
        }
        return ParquetSchemaNode(element: element, children: children, definitionLevel: defined, repetitionLevel: repeats, leaves: firstLeaf..<leaf)
    }

    /// The leaves under this node, depth first.
    var leafNodes: [ParquetSchemaNode] { isLeaf ? [self] : children.flatMap(\.leafNodes) }

    /// How its values read as text: the logical type (or the converted one an older writer set).
    var kind: ParquetValueKind { ParquetValueKind(element) }
}

/// How a leaf's values read, from its physical and logical types.
package enum ParquetValueKind: Sendable, Hashable {
    case boolean
    case signed
    case unsigned
    case float
    case double
    case text
    case binary
    case decimal(scale: Int)
    case date
    /// A time of day in units of 10^-`digits` seconds.
    case time(digits: Int)
    /// A timestamp in units of 10^-`digits` seconds since 1970, in UTC when `utc`.
    case timestamp(digits: Int, utc: Bool)
    /// Spark's INT96: nanoseconds of a Julian day.
    case int96
    case uuid
    case float16

    init(_ element: ParquetMetadata.SchemaElement) {
        // The logical types' structs: DecimalType's scale is field 1; TimeType's and
        // TimestampType's UTC flag field 1 and unit field 2; IntType's signedness field 2.
        if let (id, value) = element.logicalType {
            switch id {
            case Logical.string, Logical.enumeration, Logical.json: self = .text; return
            case Logical.decimal: self = .decimal(scale: Swift.max(0, value[1]?.intValue ?? element.scale ?? 0)); return
            case Logical.date: self = .date; return
            case Logical.time: self = .time(digits: Self.digits(value[2])); return
            case Logical.timestamp: self = .timestamp(digits: Self.digits(value[2]), utc: value[1]?.bool ?? false); return
            case Logical.integer: self = value[2]?.bool == false ? .unsigned : .signed; return
            case Logical.uuid: self = .uuid; return
            case Logical.float16: self = .float16; return
            default: break
            }
        }
        if let converted = element.converted {
            switch converted {
            case Converted.utf8, Converted.enumeration, Converted.json: self = .text; return
            case Converted.decimal: self = .decimal(scale: Swift.max(0, element.scale ?? 0)); return
            case Converted.date: self = .date; return
            case Converted.timeMillis: self = .time(digits: 3); return
            case Converted.timeMicros: self = .time(digits: 6); return
            case Converted.timestampMillis: self = .timestamp(digits: 3, utc: true); return
            case Converted.timestampMicros: self = .timestamp(digits: 6, utc: true); return
            case Converted.uint8, Converted.uint16, Converted.uint32, Converted.uint64: self = .unsigned; return
            default: break
            }
        }
        switch element.type ?? Physical.byteArray {
        case Physical.boolean: self = .boolean
        case Physical.int32, Physical.int64: self = .signed
        case Physical.int96: self = .int96
        case Physical.float: self = .float
        case Physical.double: self = .double
        default: self = .binary
        }
    }

    /// The fractional digits of a `TimeUnit` union: 3 for millis, 6 for micros, 9 for nanos.
    private static func digits(_ unit: ThriftValue?) -> Int {
        guard case let .structure(fields)? = unit, let id = fields.keys.first else { return 6 }
        return id == 1 ? 3 : id == 3 ? 9 : 6
    }

    /// True for values that are numbers (aligned and sorted as numbers).
    var isNumeric: Bool {
        switch self {
        case .signed, .unsigned, .float, .double, .decimal, .float16: return true
        default: return false
        }
    }
}

private typealias Physical = ParquetCode.Physical
private typealias Logical = ParquetCode.Logical
private typealias Converted = ParquetCode.Converted
