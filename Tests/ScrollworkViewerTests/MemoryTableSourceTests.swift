import Foundation
import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets
import Testing
@testable import ScrollworkViewer

/// A ``TableSource`` written in a few dozen lines, as the DocC article on writing one shows it
/// (the article's code is this, checked by scripts/check-docs): rows in memory, every call done
/// over them with the library's own passes.
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

/// #65: a source written in a few dozen lines gets every batch option, through the one pipeline.
@Suite struct MemoryTableSourceTests {
    @Test("a source of its own, in memory, writes what the same rows in a CSV file write, for every recipe")
    func memorySourceAgreesWithAFile() throws {
        let records = (1...200).map { i in ["\(i)", ["UA", "AA", "DL"][i % 3], i % 11 == 0 ? "" : "\((i * 37) % 101 - 50)", "row \(i)"] }
        let source = MemoryTable(columnTitles: ["id", "carrier", "delay", "note"], records: records)
        let file = TemporaryFile(name: "rows.csv", (["id,carrier,delay,note"] + records.map { $0.joined(separator: ",") }).joined(separator: "\n") + "\n")
        let recipes = [ViewRecipe(filters: ["carrier=AA"], sorts: ["-delay", "note"], columns: "note,delay"), ViewRecipe(frequency: "carrier"),
                       ViewRecipe(filters: ["delay>0"], summary: true), ViewRecipe(sorts: ["carrier"])]
        for (i, recipe) in recipes.enumerated() {
            let fromFile = file.directory + "/file-\(i).csv", fromMemory = file.directory + "/memory-\(i).csv"
            defer { unlink(fromFile); unlink(fromMemory) }
            _ = try FileQuery.write(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), recipe: recipe, to: fromFile)
            _ = try TableQuery.write(source, recipe: recipe, to: fromMemory)
            let a = try String(contentsOfFile: fromFile, encoding: .utf8), b = try String(contentsOfFile: fromMemory, encoding: .utf8)
            #expect(a == b, "\(recipe)\n\(a.prefix(200))\n\(b.prefix(200))")
        }
        do throws(OpenFile.Failure) {
            _ = try TableQuery.write(source, recipe: ViewRecipe(filters: ["nope=1"]), to: file.directory + "/x.csv")
            Issue.record("a column no one has")
        } catch {
            #expect(error.status == 64 && "\(error)".contains("nope"))
        }
    }
}
