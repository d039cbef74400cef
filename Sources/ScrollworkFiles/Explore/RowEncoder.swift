import Scrollwork

/// Writes rows' fields as a save's format spells them, byte by byte, with no string made.
struct RowEncoder: Sendable {
    let format: ExportFormat
    /// The field of each column written, in order.
    let columns: [Int]
    /// Each column's heading as written, one a column: its title's bytes.
    private let headings: [[UInt8]]
    /// Each column's key as JSON (`"dep_delay":`), for JSON Lines.
    private let keys: [[UInt8]]
    /// Whether each column's values are written as JSON numbers where they are numbers.
    private let numeric: [Bool]
    /// How each column's source wrote its values, for batches that carry no mark of their own.
    private let written: [FieldSpan.Written]
    /// What JSON Lines writes as `null`: a null, and the values `missing` names.
    private let missing: MissingBytes

    /// An encoder of `columns` (fields of the rows) titled `titles`, `numeric` saying which
    /// hold numbers (JSON Lines writes those as numbers), the values `missing` names written
    /// as `null` in JSON Lines (as written in CSV and TSV). A heading line writes a title as `titleBytes` spell it (the file's own
    /// header, bytes that are not UTF-8 included) where one is given and the title needed no
    /// change to be unique.
    init(format: ExportFormat, columns: [Int], titles: [String], titleBytes: [[UInt8]] = [], numeric: [Bool], written: [FieldSpan.Written] = [], missing: MissingValues) {
        self.format = format
        self.columns = columns
        self.numeric = columns.indices.map { numeric.indices.contains($0) && numeric[$0] }
        self.written = columns.indices.map { written.indices.contains($0) ? written[$0] : .unknown }
        self.missing = MissingBytes(missing)
        let given = columns.indices.map { titles.indices.contains($0) ? titles[$0] : "" }
        let titles = Self.uniqueTitles(given)
        headings = titles.indices.map { k in titles[k] == given[k] && titleBytes.indices.contains(k) ? titleBytes[k] : Array(titles[k].utf8) }
        keys = titles.map { key in
            var out: [UInt8] = []
            Self.jsonString(Array(key.utf8), into: &out)
            out.append(0x3A)
            return out
        }
    }

    /// `titles` made unique, so that no value is lost to a repeated key or heading: an empty
    /// title becomes the column's number (from 1), and a title met before gets the first
    /// ` (2)`, ` (3)`, … that no title has (`x, x, x (2)` become `x, x (3), x (2)`: the title
    /// written by hand keeps its name).
    static func uniqueTitles(_ titles: [String]) -> [String] {
        let named = titles.enumerated().map { $0.element.isEmpty ? "\($0.offset + 1)" : $0.element }
        var taken = Set<String>()
        var seen = Set<String>()
        // Every title as written is taken first, so a made name never hides a later one.
        for title in named { taken.insert(title) }
        return named.map { title in
            guard seen.contains(title) else {
                seen.insert(title)
                return title
            }
            var n = 2
            while taken.contains("\(title) (\(n))") { n += 1 }
            let made = "\(title) (\(n))"
            taken.insert(made)
            seen.insert(made)
            return made
        }
    }

    /// The heading line (none for JSON Lines, whose keys name each value).
    func header() -> [UInt8] {
        guard format != .jsonLines else { return [] }
        var out: [UInt8] = []
        for (k, heading) in headings.enumerated() {
            if k > 0 { out.append(separator) }
            // Safe: the heading is lent for the call.
            unsafe heading.withUnsafeBufferPointer { unsafe delimited($0, into: &out) }
        }
        out.append(0x0A)
        return out
    }

    private var separator: UInt8 { format == .tsv ? 0x09 : 0x2C }

    /// Appends one row, its line ending included.
    func append(_ fields: FieldList, into out: inout [UInt8]) {
        if format == .jsonLines { out.append(0x7B) }
        // Safe: the row's fields are lent for this call (the list reads only its own).
        for (k, field) in columns.enumerated() {
            unsafe appendField(fields[field], column: k, written: fields.written(field), into: &out)
        }
        if format == .jsonLines { out.append(0x7D) }
        out.append(0x0A)
    }

    /// Appends row `row` of a batch whose values `value` reads (column, row: the bytes, nil for
    /// a null), one a column, each as its column's source wrote it, its line ending included.
    func append(row: Int, from value: (Int, Int) -> UnsafeBufferPointer<UInt8>?, into out: inout [UInt8]) {
        if format == .jsonLines { out.append(0x7B) }
        // Safe: each value's bytes are lent for the append, which copies them.
        for k in columns.indices { unsafe appendField(value(k, row), column: k, written: written[k], into: &out) }
        if format == .jsonLines { out.append(0x7D) }
        out.append(0x0A)
    }

    /// Appends column `k`'s field (its separator or key first): a null (nil) as an empty field
    /// or `null`, as pandas and DuckDB write it; a value ``missing`` names is `null` in JSON
    /// Lines too, and stays as written in CSV and TSV.
    /// A value its source wrote as text (a JSON string) is written as a string whatever it
    /// spells, and one it wrote as a value of its own (a JSON number, boolean, array or object)
    /// as it is; one from a source without types (delimited text) as its column's type says.
    private func appendField(_ bytes: UnsafeBufferPointer<UInt8>?, column k: Int, written: FieldSpan.Written = .unknown, into out: inout [UInt8]) {
        if format == .jsonLines {
            if k > 0 { out.append(0x2C) }
            out += keys[k]
            // Safe: the caller's bytes, read inside their count and copied into `out`.
            if let bytes = unsafe bytes, unsafe !missing.isMissing(bytes) {
                let asIs = unsafe written == .literal ? Self.isJSONLiteral(bytes) : written == .unknown && numeric[k] && Self.isJSONNumber(bytes)
                if asIs { unsafe out.append(contentsOf: bytes) } else { unsafe Self.jsonString(bytes, into: &out) }
            } else {
                out += [0x6E, 0x75, 0x6C, 0x6C]
            }
        } else {
            if k > 0 { out.append(separator) }
            if let bytes = unsafe bytes { unsafe delimited(bytes, into: &out) }
        }
    }

    /// A field of CSV or TSV: quoted (quotes doubled) when it holds the separator, a quote or a
    /// line break.
    private func delimited(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let sep = separator
        // Safe: the caller's bytes, read in order inside their count.
        guard unsafe bytes.contains(where: { $0 == sep || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            unsafe out.append(contentsOf: bytes)
            return
        }
        out.append(0x22)
        for unsafe b in unsafe bytes {
            if b == 0x22 { out.append(0x22) }
            out.append(b)
        }
        out.append(0x22)
    }

    /// True for a value a JSON reader gave as one of its own: a number, `true`, `false`, or an
    /// array or object (which the reader makes compact JSON).
    static func isJSONLiteral(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        // Safe: the caller's bytes, read inside their count.
        guard let first = unsafe b.first else { return false }
        return unsafe first == 0x5B || first == 0x7B || b.elementsEqual("true".utf8) || b.elementsEqual("false".utf8) || isJSONNumber(b)
    }

    /// True for text JSON reads as a number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        // Safe: every byte is read at an `i` checked below `n`, the count (the one unchecked read
        // follows `guard i < n`).
        var i = 0
        let n = b.count
        func digits() -> Int {
            let from = i
            while i < n, unsafe b[i] >= 0x30, unsafe b[i] <= 0x39 { i += 1 }
            return i - from
        }
        if i < n, unsafe b[i] == 0x2D { i += 1 }
        guard i < n else { return false }
        if unsafe b[i] == 0x30 { i += 1 } else if digits() == 0 { return false }
        if i < n, unsafe b[i] == 0x2E {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < n, unsafe b[i] == 0x65 || b[i] == 0x45 {
            i += 1
            if i < n, unsafe b[i] == 0x2B || b[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n
    }

    /// A JSON string of `bytes`: quotes, backslashes and control characters escaped, invalid
    /// UTF-8 as U+FFFD.
    static func jsonString<Bytes: Collection<UInt8>>(_ bytes: Bytes, into out: inout [UInt8]) {
        // Valid UTF-8 is copied as it is (its bytes past ASCII never need escaping); decoding mends the rest.
        if bytes.contains(where: { $0 >= 0x80 }) {
            return escaped(Array(String(decoding: bytes, as: UTF8.self).utf8), into: &out)
        }
        escaped(bytes, into: &out)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func escaped<Bytes: Collection<UInt8>>(_ bytes: Bytes, into out: inout [UInt8]) {
        out.append(0x22)
        for b in bytes {
            switch b {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0..<0x20, 0x7F: out += [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            default: out.append(b)
            }
        }
        out.append(0x22)
    }
}
