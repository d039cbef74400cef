import Scrollwork
import ScrollworkFiles

// A `TableSource` written in a few dozen lines, as the DocC article on writing one shows it (the
// article's code is this, checked by scripts/check-docs; Examples/ builds and runs it as an app
// of its own): rows in memory, every call done over them with the library's own passes.
// BEGIN MEMORY TABLE EXAMPLE
struct MemoryTable: TableSource {
    let title = "memory"
    let columnTitles: [String]
    let records: [[String]]
    var readFiles: Set<FileIdentity> { [] }

    /// A column of numbers where every value present reads as one.
    func isNumeric(_ column: Int) -> Bool {
        let present = records.compactMap { $0.indices.contains(column) && !$0[column].isEmpty ? $0[column] : nil }
        return !present.isEmpty && present.allSatisfy { NumberText.real($0) != nil }
    }

    func rowCount(progress: TableProgress) throws(TableSourceError) -> Int { records.count }

    func rows(at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        records[positions.clamped(to: records.indices)].map { record in
            record.indices.map { c in
                if record[c].isEmpty { return .missing("") }
                guard isNumeric(c) else { return .string(record[c]) }
                return Int(record[c]).map(TableValue.int) ?? NumberText.real(record[c]).map(TableValue.double) ?? .string(record[c])
            }
        }
    }
}
// END MEMORY TABLE EXAMPLE
