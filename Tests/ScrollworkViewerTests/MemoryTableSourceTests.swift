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
    private var rows: StringRows { StringRows(records) }

    func isNumeric(_ column: Int) -> Bool { records.allSatisfy { $0.indices.contains(column) && NumberText.real($0[column]) != nil } }

    /// The rows `filters` keep, in the table's order.
    private func kept(_ filters: [RowFilter], _ progress: (Double) -> Bool) throws(TableSourceError) -> [UInt32] {
        guard !filters.isEmpty else { return (0..<records.count).map(UInt32.init) }
        do {
            guard let kept = try RowFilter.rows(of: rows, passing: filters, progress: progress) else { throw TableSourceError.cancelled }
            return kept
        } catch let error as TableSourceError { throw error } catch { throw .unsupported("\(error)") }
    }

    func frequency(ofColumn column: Int, where filters: [RowFilter], progress: (Double) -> Bool) throws(TableSourceError) -> FrequencyTable {
        guard let table = FrequencyTable.counting(field: column, of: rows, within: .rows(try kept(filters, progress)), progress: progress) else { throw .cancelled }
        return table
    }

    func summary(where filters: [RowFilter], progress: (Double) -> Bool) throws(TableSourceError) -> [ColumnSummary] {
        guard let summaries = ColumnSummary.summarizing(rows, titles: columnTitles, within: .rows(try kept(filters, progress)), progress: progress) else {
            throw .cancelled
        }
        return summaries
    }

    func write(where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat, to output: OutputFile,
               progress: (Double) -> Bool) throws(TableSourceError) -> Int {
        // Numbers by value, text by bytes; the table's order breaks ties (a stable sort).
        let shown = try kept(filters, progress).enumerated().sorted { a, b in
            for key in order {
                let x = records[Int(a.element)][key.column], y = records[Int(b.element)][key.column]
                guard x != y else { continue }
                if let p = NumberText.real(x), let q = NumberText.real(y), p != q { return key.ascending ? p < q : p > q }
                return key.ascending ? Array(x.utf8).lexicographicallyPrecedes(y.utf8) : Array(y.utf8).lexicographicallyPrecedes(x.utf8)
            }
            return a.offset < b.offset
        }.map(\.element)
        do {
            return try TableExport.write(rows, order: .rows(shown), columns: columns, titles: columns.map { columnTitles[$0] }, numeric: columns.map(isNumeric),
                                         format: format, to: output, progress: progress) ?? 0
        } catch { throw .failed("\(error)") }
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
