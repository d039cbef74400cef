import ScrollworkFiles

/// A JSON object or array laid out a member a line, indented two spaces a level, as `jq`
/// prints it: what a record's page shows for a nested value (a Parquet list, map or struct, a
/// PostgreSQL `jsonb`, a JSON Lines member that is an object) too long for one line.
enum IndentedJSON {
    /// The lines of `text` indented, when it is one JSON object or array and nothing else;
    /// nil for any other text (a note that starts with a bracket, JSON cut short), which shows
    /// as it is written.
    static func lines(of text: String) -> [String]? {
        // Read as a member's value, the reader checks the whole text and hands it back compact.
        // One member: a text such as `{"a":1}, "w": 2` reads as two, and is no one value; a
        // nested member is an object or an array, never a string, number or literal.
        let members: [JSONObjectReader.Member]
        do { members = try JSONObjectReader.members(of: Array(#"{"v":"#.utf8) + Array(text.utf8) + [0x7D]) } catch { return nil }
        guard members.count == 1, let member = members.first, member.kind == .nested else { return nil }
        return indented(compact: Array(member.text.utf8))
    }

    /// `compact` (valid JSON with no space between tokens) a member a line.
    private static func indented(compact bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        var line: [UInt8] = []
        var depth = 0
        var inString = false, escaped = false
        func breakLine() {
            lines.append(String(decoding: line, as: UTF8.self))
            line = [UInt8](repeating: 0x20, count: 2 * depth)
        }
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            if inString {
                line.append(byte)
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22:
                inString = true
                line.append(byte)
            case 0x7B, 0x5B:
                line.append(byte)
                // An empty object or array stays `{}` or `[]`.
                if i < bytes.count, bytes[i] == byte + 2 {
                    line.append(bytes[i])
                    i += 1
                } else {
                    depth += 1
                    breakLine()
                }
            case 0x7D, 0x5D:
                depth = Swift.max(0, depth - 1)
                breakLine()
                line.append(byte)
            case 0x2C:
                line.append(byte)
                breakLine()
            case 0x3A:
                line += [0x3A, 0x20]
            default:
                line.append(byte)
            }
        }
        lines.append(String(decoding: line, as: UTF8.self))
        return lines
    }
}
