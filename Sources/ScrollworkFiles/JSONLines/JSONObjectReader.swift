/// Reads the top level of one JSON object (a line of a JSON Lines file) into named values: text
/// for strings (unescaped), numbers as written, and nested arrays and objects as compact JSON.
public enum JSONObjectReader {
    /// The kind of a value.
    public enum Kind: Sendable, Hashable {
        /// A string, unescaped.
        case string
        /// A number, as written.
        case number
        /// `true` or `false`.
        case boolean
        /// `null`.
        case null
        /// An array or object, as compact JSON.
        case nested
    }

    /// One member of the object.
    public struct Member: Sendable, Hashable {
        /// Its name.
        public var key: String
        /// Its value as text.
        public var text: String
        /// What the value is.
        public var kind: Kind
    }

    /// Why a line is not a JSON object.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What was wrong.
        public var description: String
    }

    /// The deepest nesting read; deeper values are a problem, not a crash.
    public static let maximumDepth = 256

    /// The members of the object in `line`, in order (a key given twice keeps both).
    ///
    /// - Throws: ``Problem`` when the line is not one JSON object, saying where.
    public static func members(of line: UnsafeBufferPointer<UInt8>) throws(Problem) -> [Member] {
        // Safe: the cursor is dropped before this returns, and reads only below the line's count.
        var reader = unsafe Cursor(bytes: line)
        reader.skipSpace()
        guard reader.take(0x7B) else { throw reader.problem("expected { to begin an object") }
        var members: [Member] = []
        reader.skipSpace()
        if reader.take(0x7D) { return try reader.end(members) }
        while true {
            reader.skipSpace()
            guard reader.peek == 0x22 else { throw reader.problem("expected a quoted key") }
            let key = try reader.string()
            reader.skipSpace()
            guard reader.take(0x3A) else { throw reader.problem("expected : after the key \"\(key)\"") }
            reader.skipSpace()
            members.append(try reader.member(key))
            reader.skipSpace()
            if reader.take(0x2C) { continue }
            guard reader.take(0x7D) else { throw reader.problem("expected , or } after the value of \"\(key)\"") }
            return try reader.end(members)
        }
    }

    /// The members of the object in `line`, for bytes in an array.
    public static func members(of line: [UInt8]) throws(Problem) -> [Member] {
        var result: Result<[Member], Problem> = .success([])
        // Safe: the line is lent for the call.
        unsafe line.withUnsafeBufferPointer { bytes in
            do throws(Problem) { result = unsafe .success(try members(of: bytes)) } catch { result = .failure(error) }
        }
        return try result.get()
    }

    @safe private struct Cursor {
        // Safe to hold: made over bytes lent for one `members(of:)` call and dropped before it
        // returns; every read checks `at` against their count.
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        var peek: UInt8? { unsafe at < bytes.count ? bytes[at] : nil }

        func problem(_ what: String) -> Problem { Problem(description: "not a JSON object: \(what) at byte \(at + 1)") }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            at += 1
            return true
        }

        mutating func skipSpace() {
            while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { at += 1 }
        }

        func end(_ members: [Member]) throws(Problem) -> [Member] {
            var rest = self
            rest.skipSpace()
            guard rest.peek == nil else { throw rest.problem("text after the object") }
            return members
        }

        mutating func member(_ key: String) throws(Problem) -> Member {
            switch peek {
            case 0x22: return Member(key: key, text: try string(), kind: .string)
            case 0x7B, 0x5B:
                var out: [UInt8] = []
                try compact(into: &out, depth: 1)
                return Member(key: key, text: String(decoding: out, as: UTF8.self), kind: .nested)
            default:
                var out: [UInt8] = []
                let kind = try scalar(into: &out)
                return Member(key: key, text: String(decoding: out, as: UTF8.self), kind: kind)
            }
        }

        /// A number, true, false or null, copied.
        mutating func scalar(into out: inout [UInt8]) throws(Problem) -> Kind {
            for (word, kind) in [("true", Kind.boolean), ("false", .boolean), ("null", .null)] {
                let w = Array(word.utf8)
                if unsafe at + w.count <= bytes.count && Array(bytes[at..<(at + w.count)]) == w {
                    out += w
                    at += w.count
                    return kind
                }
            }
            let start = at
            while let b = peek, (0x30...0x39).contains(b) || [0x2D, 0x2B, 0x2E, 0x65, 0x45].contains(b) { at += 1 }
            guard at > start else { throw problem("expected a value") }
            unsafe out += bytes[start..<at]
            return .number
        }

        /// A value copied without the space between its tokens.
        mutating func compact(into out: inout [UInt8], depth: Int) throws(Problem) {
            guard depth <= JSONObjectReader.maximumDepth else { throw problem("nested more than \(JSONObjectReader.maximumDepth) deep") }
            switch peek {
            case 0x22:
                let start = at
                _ = try string()
                unsafe out += bytes[start..<at]
            case let open? where open == 0x7B || open == 0x5B:
                let close: UInt8 = open == 0x7B ? 0x7D : 0x5D
                out.append(open)
                at += 1
                skipSpace()
                if take(close) { out.append(close); return }
                while true {
                    skipSpace()
                    if open == 0x7B {
                        guard peek == 0x22 else { throw problem("expected a quoted key") }
                        try compact(into: &out, depth: depth + 1)
                        skipSpace()
                        guard take(0x3A) else { throw problem("expected :") }
                        out.append(0x3A)
                        skipSpace()
                    }
                    try compact(into: &out, depth: depth + 1)
                    skipSpace()
                    if take(0x2C) { out.append(0x2C); continue }
                    guard take(close) else { throw problem("expected , or \(open == 0x7B ? "}" : "]")") }
                    out.append(close)
                    return
                }
            default:
                _ = try scalar(into: &out)
            }
        }

        /// A quoted string, unescaped; invalid escapes and UTF-8 become U+FFFD.
        mutating func string() throws(Problem) -> String {
            guard take(0x22) else { throw problem("expected \"") }
            var out: [UInt8] = []
            while let b = peek {
                at += 1
                switch b {
                case 0x22: return String(decoding: out, as: UTF8.self)
                case 0x5C:
                    guard let e = peek else { throw problem("an escape at the end of the line") }
                    at += 1
                    switch e {
                    case 0x22, 0x5C, 0x2F: out.append(e)
                    case 0x62: out.append(0x08)
                    case 0x66: out.append(0x0C)
                    case 0x6E: out.append(0x0A)
                    case 0x72: out.append(0x0D)
                    case 0x74: out.append(0x09)
                    case 0x75: appendScalar(unicodeEscape(), to: &out)
                    default: appendScalar(0xFFFD, to: &out)
                    }
                default: out.append(b)
                }
            }
            throw problem("a string that never ends")
        }

        /// The scalar of a `\u` escape and its four hex digits (the `\u` already read), joining a surrogate pair; U+FFFD for
        /// anything else.
        mutating func unicodeEscape() -> UInt32 {
            guard let high = hex4() else { return 0xFFFD }
            if (0xD800...0xDBFF).contains(high) {
                let save = at
                if take(0x5C), take(0x75), let low = hex4(), (0xDC00...0xDFFF).contains(low) {
                    return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                }
                at = save
                return 0xFFFD
            }
            return (0xDC00...0xDFFF).contains(high) ? 0xFFFD : high
        }

        mutating func hex4() -> UInt32? {
            guard unsafe at + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for i in 0..<4 {
                let b = unsafe bytes[at + i]
                let digit: UInt32
                switch b {
                case 0x30...0x39: digit = UInt32(b - 0x30)
                case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
                default: return nil
                }
                value = value << 4 | digit
            }
            at += 4
            return value
        }

        func appendScalar(_ value: UInt32, to out: inout [UInt8]) {
            out += Array(String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8)
        }
    }
}
