import Scrollwork

/// How a file holds its JSON objects.
public enum JSONFraming: Sendable, Hashable {
    /// One object a line (JSON Lines, NDJSON).
    case lines
    /// The elements of one array (`[{…}, {…}]`, pretty-printed or not), as the index of
    /// ``RecordScanner/jsonArrayElements()`` finds them.
    case arrayElements
}

/// The objects of a JSON Lines file, or of a JSON file holding an array of objects, as rows:
/// each object's values placed in the columns of ``keys`` (every key seen, in the order first
/// seen). Records are read and parsed only when shown; one that is not an object is a row that
/// says why in its first cell.
public struct JSONLinesRows: RowSource, Sendable {
    /// The file.
    public let file: FileBytes
    /// Where its records begin: lines (an index without quotes) or array elements.
    public let index: RecordIndex
    /// The column names.
    public let keys: [String]
    /// Lines or array elements.
    public let framing: JSONFraming
    /// The most bytes of one record read for a row (``DelimitedRows/recordLimit``).
    public var recordLimit = DelimitedRows.shownRecordLimit
    /// The column of each key, by `String` equality (canonical equivalence): ``column(ofKey:)``
    /// checks the code points.
    let columnOfKey: [String: Int]

    /// The records of `file` that `index` has found, with columns `keys`.
    public init(file: FileBytes, index: RecordIndex, keys: [String], framing: JSONFraming = .lines) {
        self.file = file
        self.index = index
        self.keys = keys
        self.framing = framing
        var columns: [String: Int] = [:]
        for (i, key) in keys.enumerated() where columns[key] == nil { columns[key] = i }
        columnOfKey = columns
    }

    /// The column of the member named `key`: the first key with its code points, as JSON tells
    /// keys apart. Swift's `String` equality (canonical equivalence) would take "K" and the
    /// Kelvin sign, or "é" in one scalar and in two, for one key, while a scan of the record's
    /// bytes finds two; the dictionary's answer is checked, and looked for among the keys only
    /// where it is a key canonically equal but of other code points.
    func column(ofKey key: String) -> Int? {
        guard let found = columnOfKey[key] else { return nil }
        if keys[found].utf8.elementsEqual(key.utf8) { return found }
        return keys.firstIndex { $0.utf8.elementsEqual(key.utf8) }
    }

    /// The number of lines found so far.
    public var count: Int { index.count }

    /// Line `i` as a row: a field a key, empty where the line has no such key; that and a
    /// `null` are its ``DelimitedRecord/nulls``.
    public func row(at i: Int) -> DelimitedRecord {
        record(i, Self.members(file: file, index: index, line: i, framing: framing, limit: recordLimit))
    }

    /// Row `i` made of what its record read as: its members, or why it is not an object.
    func record(_ i: Int, _ read: Result<[JSONObjectReader.Member], JSONObjectReader.Problem>) -> DelimitedRecord {
        var record = DelimitedRecord(number: i.addingSaturating(1), fields: Array(repeating: "", count: keys.count))
        let members: [JSONObjectReader.Member]
        switch read {
        case let .success(found): members = found
        case let .failure(problem):
            // No value: a count, a sort or a save reads none here (the screen says why in the row).
            record.problem = problem.description
            record.isUnread = true
            record.nulls = Set(record.fields.indices)
            return record
        }
        var unknown: [String] = []
        // A key the object leaves out is no value, as its `null` is; a text is text, even
        // "null", "NA" or empty.
        var given = [Bool](repeating: false, count: keys.count)
        for member in members {
            guard let c = column(ofKey: member.key) else {
                unknown.append(member.key)
                continue
            }
            record.fields[c] = member.text
            given[c] = member.kind != .null
            // A key given twice: the last value stays, with its kind.
            record.texts.remove(c)
            record.literals.remove(c)
            switch member.kind {
            case .string: record.texts.insert(c)
            case .number, .boolean, .nested: record.literals.insert(c)
            case .null: break
            }
        }
        record.nulls = Set(given.indices.lazy.filter { !given[$0] })
        // A key not seen when the columns were made: kept, shown after the known ones.
        if !unknown.isEmpty {
            record.fields += members.filter { member in unknown.contains { $0.utf8.elementsEqual(member.key.utf8) } }.map { "\($0.key): \($0.text)" }
            record.problem = "keys not in the columns: " + unknown.joined(separator: ", ")
        }
        return record
    }

    /// The members of record `i`.
    static func members(file: FileBytes, index: RecordIndex, line i: Int, framing: JSONFraming,
                        limit: Int = DelimitedRows.shownRecordLimit) -> Result<[JSONObjectReader.Member], JSONObjectReader.Problem> {
        let range = index.range(ofRecord: i)
        let length = Int(clamping: range.upperBound - range.lowerBound)
        var bytes: [UInt8]
        do { bytes = try file.read(at: range.lowerBound, count: Swift.min(length, Swift.max(1, limit))) } catch {
            return .failure(JSONObjectReader.Problem(description: "\(error)"))
        }
        if framing == .arrayElements { bytes = Self.element(bytes, first: i == 0) }
        // Safe: the line is lent for the call.
        return unsafe bytes.withUnsafeBufferPointer { unsafe members(of: $0, framing: framing) }
    }

    /// The members of a record's own bytes (an array element already trimmed).
    static func members(of bytes: UnsafeBufferPointer<UInt8>, framing: JSONFraming) -> Result<[JSONObjectReader.Member], JSONObjectReader.Problem> {
        // Safe: the caller's bytes, read inside their count.
        if unsafe bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return .failure(JSONObjectReader.Problem(description: framing == .lines ? "an empty line" : "an empty element"))
        }
        do { return unsafe .success(try JSONObjectReader.members(of: bytes)) } catch { return .failure(error) }
    }

    /// An array element's own bytes: without the white space around it, the comma after it, and
    /// the array's opening bracket (the first element) or closing bracket (the last).
    static func element(_ bytes: [UInt8], first: Bool) -> [UInt8] {
        Array(bytes[bounds(ofElement: bytes, first: first)])
    }

    /// Where `bytes` lie without the white space around them.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let space: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        var low = 0, high = bytes.count
        // Safe: `low` and `high` stay in `0...count` and a byte is read only between them.
        while unsafe low < high && space(bytes[low]) { low += 1 }
        while unsafe high > low && space(bytes[high - 1]) { high -= 1 }
        return low..<high
    }

    /// Where an array element's own bytes lie in `bytes`, its record (as ``element(_:first:)``
    /// trims it).
    static func bounds(ofElement bytes: some RandomAccessCollection<UInt8>, first: Bool) -> Range<Int> {
        let space: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let at = { (k: Int) in bytes[bytes.index(bytes.startIndex, offsetBy: k)] }
        var low = 0, high = bytes.count
        while low < high && space(at(low)) { low += 1 }
        if first && low < high && at(low) == 0x5B { low += 1 }
        while high > low && space(at(high - 1)) { high -= 1 }
        if high > low && (at(high - 1) == 0x2C || at(high - 1) == 0x5D) { high -= 1 }
        while high > low && space(at(high - 1)) { high -= 1 }
        while low < high && space(at(low)) { low += 1 }
        return low..<high
    }

    /// `known` and then the keys of records `lines` not among them, in the order first seen
    /// (a range is clipped to the records there are, so `0..<Int.max` reads those alone).
    public static func keys(file: FileBytes, index: RecordIndex, lines: some Sequence<Int>, after known: [String], framing: JSONFraming = .lines) -> [String] {
        var keys = known
        var seen = Set(known)
        func take(_ i: Int) {
            guard case let .success(members) = members(file: file, index: index, line: i, framing: framing) else { return }
            for member in members {
                let (inserted, equal) = seen.insert(member.key)
                // A key canonically equal to one seen but of other code points (the Kelvin sign
                // after "K") is a key of its own, as JSON tells keys apart.
                if inserted || (!equal.utf8.elementsEqual(member.key.utf8) && !keys.contains { $0.utf8.elementsEqual(member.key.utf8) }) {
                    keys.append(member.key)
                }
            }
        }
        if let range = lines as? Range<Int> {
            range.clamped(to: 0..<Swift.max(0, index.count)).forEach(take)
        } else {
            lines.forEach(take)
        }
        return keys
    }

    /// The records that are no object, found by their bytes as a pass over the file reads them:
    /// the first (counted from 0) with why, and how many; nil when each record starts with `{`
    /// and ends with `}` (white space, and an array's brackets and commas, aside). A record
    /// that passes but is damaged inside still reads as no value, and its row says why.
    public static func unread(file: FileBytes, index: RecordIndex, framing: JSONFraming = .lines) -> (first: Int, problem: String, count: Int)? {
        // Safe: each record's bytes are lent for the closure's call; its ends are read only when
        // its own range holds two bytes or more.
        var framed = unsafe index.eachRecord(of: file, in: 0..<index.count, limit: DelimitedRows.passRecordLimit) { i, bytes -> Bool? in
            // A record longer than a read is not handed over: read on its own below.
            guard let bytes = unsafe bytes else { return nil }
            let own = unsafe framing == .arrayElements ? Self.bounds(ofElement: bytes, first: i == 0) : Self.trimmed(bytes)
            return unsafe own.count >= 2 && bytes[own.lowerBound] == 0x7B && bytes[own.upperBound - 1] == 0x7D
        }
        for i in framed.indices where framed[i] == nil {
            if case .success = members(file: file, index: index, line: i, framing: framing, limit: DelimitedRows.passRecordLimit) { framed[i] = true } else { framed[i] = false }
        }
        guard let first = framed.firstIndex(of: false) else { return nil }
        let problem: String
        switch members(file: file, index: index, line: first, framing: framing, limit: DelimitedRows.passRecordLimit) {
        case let .failure(why): problem = why.description
        case .success: problem = "not a JSON object"
        }
        return (first, problem, framed.lazy.filter { $0 == false }.count)
    }
}

extension JSONLinesRows {
    /// Column `column`'s value in each of the rows `range` (clipped to the rows), made by `value`
    /// from the text the row shows there, read with one read for up to 16 MB of records: each
    /// record is scanned to its key and that value alone is taken, with no text made for the
    /// others; a record the scan cannot answer for (an escape, a nested value) is read whole. What a sort
    /// reads a column's keys with.
    public func values<T>(ofColumn column: Int, in range: Range<Int>, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        // Safe: a value's bytes are lent to `value` for its call only, here as below.
        unsafe values(ofColumn: column, at: range.clamped(to: 0..<count), value)
    }

    /// Column `column`'s value in each of `rows` (row numbers, in the order given; ascending
    /// reads fastest), as ``values(ofColumn:in:_:)`` reads them; nil for a number outside the rows.
    public func values<T, Rows: RandomAccessCollection<Int>>(ofColumn column: Int, at rows: Rows, _ value: (UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        let key = Array(keys.indices.contains(column) ? keys[column].utf8 : "".utf8)
        // A column past the keys holds members of unknown keys; array elements need trimming.
        // A key mended from bad UTF-8 (U+FFFD) cannot be found by its bytes: looked for scalar by
        // scalar (as a Swift character, U+FFFD and a combining mark after it are one other one).
        let scans = framing == .lines && keys.indices.contains(column) && self.column(ofKey: keys[column]) == column
            && !keys[column].unicodeScalars.contains("\u{FFFD}")
        // A record the scan cannot answer for is read whole through this closure's own copy of
        // the rows: using `self` in the loop copied them (and retained what they hold) each record.
        let alone = { [self] (i: Int) in row(at: i) }
        var scan = JSONColumnScan(key: key)
        // Safe: a record's bytes are lent for the closure's call; a value found in it is a range
        // inside them.
        return unsafe index.eachRecord(of: file, at: rows, limit: recordLimit) { i, bytes in
            if scans, let bytes = unsafe bytes {
                switch unsafe scan.value(in: bytes) {
                case let .value(r): return unsafe value(UnsafeBufferPointer(rebasing: bytes[r]))
                case .absent: return value(nil)
                case .undecided: break
                }
            }
            guard i >= 0, i < index.count else { return value(nil) }
            guard var text = alone(i)[column] else { return value(nil) }
            return text.withUTF8 { unsafe value($0) }
        }
    }
}
