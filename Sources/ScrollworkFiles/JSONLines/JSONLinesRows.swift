import Scrollwork

/// The lines of a JSON Lines file as rows: each line one object, its values placed in the
/// columns of ``keys`` (every key seen, in the order first seen). Lines are read and parsed only
/// when shown; a line that is not an object is a row that says why.
public struct JSONLinesRows: RowSource, Sendable {
    /// The file.
    public let file: FileBytes
    /// Where its lines begin (an index without quotes).
    public let index: RecordIndex
    /// The column names.
    public let keys: [String]
    private let columnOfKey: [String: Int]

    /// The lines of `file` that `index` has found, with columns `keys`.
    public init(file: FileBytes, index: RecordIndex, keys: [String]) {
        self.file = file
        self.index = index
        self.keys = keys
        var columns: [String: Int] = [:]
        for (i, key) in keys.enumerated() where columns[key] == nil { columns[key] = i }
        columnOfKey = columns
    }

    /// The number of lines found so far.
    public var count: Int { index.count }

    /// Line `i` as a row: a field a key, empty where the line has no such key.
    public func row(at i: Int) -> DelimitedRecord {
        var record = DelimitedRecord(number: i.addingSaturating(1), fields: Array(repeating: "", count: keys.count))
        let members: [JSONObjectReader.Member]
        switch Self.members(file: file, index: index, line: i) {
        case let .success(found): members = found
        case let .failure(problem):
            record.problem = problem.description
            return record
        }
        var unknown: [String] = []
        for member in members {
            if let c = columnOfKey[member.key] { record.fields[c] = member.text } else { unknown.append(member.key) }
        }
        // A key not seen when the columns were made: kept, shown after the known ones.
        if !unknown.isEmpty {
            record.fields += members.filter { unknown.contains($0.key) }.map { "\($0.key): \($0.text)" }
            record.problem = "keys not in the columns: " + unknown.joined(separator: ", ")
        }
        return record
    }

    /// The members of line `i`.
    static func members(file: FileBytes, index: RecordIndex, line i: Int) -> Result<[JSONObjectReader.Member], JSONObjectReader.Problem> {
        let range = index.range(ofRecord: i)
        let length = Int(clamping: range.upperBound - range.lowerBound)
        let bytes: [UInt8]
        do { bytes = try file.read(at: range.lowerBound, count: Swift.min(length, DelimitedRows.recordLimit)) } catch {
            return .failure(JSONObjectReader.Problem(description: "\(error)"))
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return .failure(JSONObjectReader.Problem(description: "an empty line"))
        }
        do { return .success(try JSONObjectReader.members(of: bytes)) } catch { return .failure(error) }
    }

    /// `known` and then the keys of lines `lines` not among them, in the order first seen.
    public static func keys(file: FileBytes, index: RecordIndex, lines: some Sequence<Int>, after known: [String]) -> [String] {
        var keys = known
        var seen = Set(known)
        for i in lines {
            guard case let .success(members) = members(file: file, index: index, line: i) else { continue }
            for member in members where seen.insert(member.key).inserted { keys.append(member.key) }
        }
        return keys
    }
}
