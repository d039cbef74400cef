#if Window
import CDBus

/// One value of a D-Bus message, as the accessibility bridge writes and reads them: the few
/// types AT-SPI 2 uses, nested as its signatures say.
indirect enum DBusValue: Equatable, Sendable {
    case string(String)
    case objectPath(String)
    case int32(Int32)
    case uint32(UInt32)
    case boolean(Bool)
    case double(Double)
    /// A structure, `(…)`.
    case structure([DBusValue])
    /// An array whose elements have `signature` (an empty array still needs it).
    case array(signature: String, [DBusValue])
    /// A variant: the value with its own signature.
    case variant(DBusValue)
    /// A dictionary's entry, `{kv}`; only inside an array.
    case entry(DBusValue, DBusValue)

    /// The value's D-Bus signature.
    var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .int32: "i"
        case .uint32: "u"
        case .boolean: "b"
        case .double: "d"
        case let .structure(fields): "(" + fields.map(\.signature).joined() + ")"
        case let .array(signature, _): "a" + signature
        case .variant: "v"
        case let .entry(key, value): "{" + key.signature + value.signature + "}"
        }
    }

    /// An accessible object's reference as AT-SPI passes it: the bus name and the path.
    static func reference(_ bus: String, _ path: String) -> DBusValue { .structure([.string(bus), .objectPath(path)]) }

    /// The text of a string or object path, nil for any other value.
    var text: String? {
        switch self {
        case let .string(text), let .objectPath(text): text
        case let .variant(inner): inner.text
        default: nil
        }
    }

    /// The number an integer value holds, nil for any other value.
    var integer: Int? {
        switch self {
        case let .int32(n): Int(n)
        case let .uint32(n): Int(n)
        case let .variant(inner): inner.integer
        default: nil
        }
    }
}

/// The type codes of libdbus's iterators (its header defines them as macros Swift cannot import).
enum DBusType {
    static func code(_ letter: Character) -> Int32 { Int32(letter.asciiValue ?? 0) }
    static let string = code("s"), objectPath = code("o"), int32 = code("i"), uint32 = code("u")
    static let boolean = code("b"), double = code("d"), array = code("a"), variant = code("v")
    static let structure = code("r"), entry = code("e"), byte = code("y"), int64 = code("x"), uint64 = code("t")
    static let int16 = code("n"), uint16 = code("q"), signature = code("g"), invalid: Int32 = 0
}

extension DBusValue {
    /// Appends the value at `iter` (libdbus checks the text is UTF-8, which a Swift string is).
    func append(to iter: inout DBusMessageIter) {
        // Safe: `iter` is libdbus's iterator over a message being built, lent for the call; each value
        // appended is a local (or a C string lent for its call) that libdbus copies before returning.
        switch self {
        case let .string(text): unsafe Self.appendText(text, type: DBusType.string, to: &iter)
        case let .objectPath(path): unsafe Self.appendText(path, type: DBusType.objectPath, to: &iter)
        case let .int32(n):
            var value = n
            _ = unsafe dbus_message_iter_append_basic(&iter, DBusType.int32, &value)
        case let .uint32(n):
            var value = n
            _ = unsafe dbus_message_iter_append_basic(&iter, DBusType.uint32, &value)
        case let .boolean(flag):
            var value: UInt32 = flag ? 1 : 0
            _ = unsafe dbus_message_iter_append_basic(&iter, DBusType.boolean, &value)
        case let .double(x):
            var value = x
            _ = unsafe dbus_message_iter_append_basic(&iter, DBusType.double, &value)
        case let .structure(fields): unsafe Self.container(DBusType.structure, nil, &iter) { inner in for field in fields { unsafe field.append(to: &inner) } }
        case let .array(signature, elements): unsafe Self.container(DBusType.array, signature, &iter) { inner in for element in elements { unsafe element.append(to: &inner) } }
        case let .variant(inner): unsafe Self.container(DBusType.variant, inner.signature, &iter) { unsafe inner.append(to: &$0) }
        case let .entry(key, value): unsafe Self.container(DBusType.entry, nil, &iter) { unsafe key.append(to: &$0); unsafe value.append(to: &$0) }
        }
    }

    private static func appendText(_ text: String, type: Int32, to iter: inout DBusMessageIter) {
        // D-Bus strings end at the first NUL; a Swift string may hold one, which is cut there.
        unsafe text.withCString { pointer in
            var value: UnsafePointer<CChar>? = unsafe pointer
            _ = unsafe dbus_message_iter_append_basic(&iter, type, &value)
        }
    }

    private static func container(_ type: Int32, _ signature: String?, _ iter: inout DBusMessageIter, _ body: (inout DBusMessageIter) -> Void) {
        var inner = unsafe DBusMessageIter()
        let opened: UInt32
        if let signature {
            opened = unsafe signature.withCString { unsafe dbus_message_iter_open_container(&iter, type, $0, &inner) }
        } else {
            opened = unsafe dbus_message_iter_open_container(&iter, type, nil, &inner)
        }
        guard opened != 0 else { return }
        unsafe body(&inner)
        _ = unsafe dbus_message_iter_close_container(&iter, &inner)
    }

    /// Reads every value from `iter` to its end.
    static func readAll(_ iter: inout DBusMessageIter) -> [DBusValue] {
        // Safe: `iter` is libdbus's iterator over a message that outlives this call; each value is read
        // by the type libdbus says it has, and a text is copied into a String at once.
        var values: [DBusValue] = []
        while case let type = unsafe dbus_message_iter_get_arg_type(&iter), type != DBusType.invalid {
            if let value = unsafe read(&iter, type: type) { values.append(value) }
            if unsafe dbus_message_iter_next(&iter) == 0 { break }
        }
        return values
    }

    private static func read(_ iter: inout DBusMessageIter, type: Int32) -> DBusValue? {
        switch type {
        case DBusType.string, DBusType.objectPath, DBusType.signature:
            var pointer: UnsafePointer<CChar>? = nil
            unsafe dbus_message_iter_get_basic(&iter, &pointer)
            let text = unsafe pointer.map { unsafe String(cString: $0) } ?? ""
            return type == DBusType.objectPath ? .objectPath(text) : .string(text)
        case DBusType.int32, DBusType.uint32, DBusType.boolean, DBusType.int16, DBusType.uint16, DBusType.byte:
            // libdbus writes these at their own width into an 8-byte slot.
            var value: UInt64 = 0
            unsafe dbus_message_iter_get_basic(&iter, &value)
            switch type {
            case DBusType.int32: return .int32(Int32(truncatingIfNeeded: value))
            case DBusType.boolean: return .boolean(UInt32(truncatingIfNeeded: value) != 0)
            case DBusType.int16: return .int32(Int32(Int16(truncatingIfNeeded: value)))
            case DBusType.byte: return .uint32(UInt32(UInt8(truncatingIfNeeded: value)))
            case DBusType.uint16: return .uint32(UInt32(UInt16(truncatingIfNeeded: value)))
            default: return .uint32(UInt32(truncatingIfNeeded: value))
            }
        case DBusType.int64, DBusType.uint64:
            var value: Int64 = 0
            unsafe dbus_message_iter_get_basic(&iter, &value)
            return .int32(Int32(clamping: value))
        case DBusType.double:
            var value: Double = 0
            unsafe dbus_message_iter_get_basic(&iter, &value)
            return .double(value)
        case DBusType.structure, DBusType.array, DBusType.variant, DBusType.entry:
            var inner = unsafe DBusMessageIter()
            unsafe dbus_message_iter_recurse(&iter, &inner)
            let values = unsafe readAll(&inner)
            switch type {
            case DBusType.structure: return .structure(values)
            case DBusType.variant: return values.first.map { .variant($0) }
            case DBusType.entry: return values.count == 2 ? .entry(values[0], values[1]) : nil
            default:
                let signature = unsafe dbus_message_iter_get_signature(&iter).map { raw in
                    defer { unsafe dbus_free(raw) }
                    return unsafe String(String(cString: raw).dropFirst())
                } ?? ""
                return .array(signature: signature, values)
            }
        default:
            return nil
        }
    }
}
#endif
