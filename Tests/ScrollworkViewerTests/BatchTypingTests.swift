import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets
import Testing
@testable import ScrollworkViewer

/// A batch run types only the columns whose type its result depends on (`TableQuery`): typing
/// every field of every record had taken two thirds of a count of one column of a large CSV.
/// What it writes is what typing every column gives.
@Suite struct BatchTypingTests {
    /// n: integers with a word at row 5,500; r: reals; i: small integers, every other one
    /// quoted; t: text; m: integers with a word at row 5,900.
    static let text: String = {
        var lines = ["n,r,i,t,m"]
        for row in 0..<6_000 {
            // Column i quoted in every other row, as a tool that quotes every field writes it.
            let i = row % 2 == 0 ? "\"\(row % 7)\"" : String(row % 7)
            lines.append("\(row == 5_500 ? "x" : String(row)),\(Double(row) / 4),\(i),w\(row % 13),\(row == 5_900 ? "late" : String(row % 97))")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let names = ColumnNames(["n", "r", "i", "t", "m"])

    @Test("the columns a recipe's result depends on: those its filters, sorts and count read, and those written where the format tells numbers from text; every column for a summary, a filter on every column or a name not found")
    func columnsARecipeTypes() {
        #expect(ViewRecipe(filters: ["i>3"], frequency: "t").columnsTyped(Self.names, writing: .csv) == [2, 3])
        #expect(ViewRecipe(sorts: ["-m", "n"]).columnsTyped(Self.names, writing: .csv) == [0, 4])
        #expect(ViewRecipe(sorts: ["n"], columns: "r,t").columnsTyped(Self.names, writing: .tsv) == [0])
        #expect(ViewRecipe(sorts: ["n"], columns: "r,t").columnsTyped(Self.names, writing: .jsonLines) == [0, 1, 3])
        #expect(ViewRecipe(sorts: ["n"]).columnsTyped(Self.names, writing: .parquet) == [0, 1, 2, 3, 4])
        #expect(ViewRecipe(frequency: "t").columnsTyped(Self.names, writing: .jsonLines) == [3])
        #expect(ViewRecipe(summary: true).columnsTyped(Self.names, writing: .csv) == nil)
        #expect(ViewRecipe(filters: ["x"]).columnsTyped(Self.names, writing: .csv) == nil)
        #expect(ViewRecipe(sorts: ["nope"]).columnsTyped(Self.names, writing: .csv) == nil)
        #expect(ViewRecipe().columnsTyped(Self.names, writing: .csv) == [])
    }

    @Test("indexed for a batch run, only the columns asked for are typed to the end (every column where more are asked for than are read alone), plain or compressed a slice at a time, and they come out as typing every column makes them")
    func onlyTheColumnsAskedForAreTyped() throws {
        let plain = TemporaryFile(name: "typing.csv", bytes: Array(Self.text.utf8))
        let compressed = TemporaryFile(name: "typing.csv.gz", bytes: try CompressedOpenTests.gzip(Self.text))
        for (file, slice) in [(plain, 4 << 10), (plain, 64 << 20), (compressed, 4 << 10)] {
            let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
            let table = try #require(viewer.fileTable)
            let all = try table.indexedToEnd(concurrently: .serial, slice: slice)
            let some = try table.indexedToEnd(concurrently: .serial, slice: slice, typing: [0, 2])
            #expect(some.fileRows.count == 6_000 && all.fileRows.count == 6_000)
            #expect([0, 2].map { some.shape.typing.kinds.kind(ofColumn: $0) } == [.text, .integers], "\(file.path)")
            #expect([0, 2].map { some.shape.typing.kinds.kind(ofColumn: $0) } == [0, 2].map { all.shape.typing.kinds.kind(ofColumn: $0) })
            #expect(some.shape.typing.typedRows(ofColumn: 0) == 6_000 && some.shape.typing.typedRows(ofColumn: 2) == 6_000)
            // Column m's word at row 5,900 was never read: its rows stop short of the end.
            #expect(some.shape.typing.typedRows(ofColumn: 4) < 5_900, "\(file.path)")
            #expect(all.shape.typing.kinds.kind(ofColumn: 4) == .text)
            // Typed whole afterwards, the table is typed in every column again.
            var whole = some.shape.typing
            whole.typeToEnd(some.fileRows, concurrently: .serial)
            #expect((0..<5).map { whole.kinds.kind(ofColumn: $0) } == (0..<5).map { all.shape.typing.kinds.kind(ofColumn: $0) })
            #expect(whole.typedRows(ofColumn: 4) == 6_000)
            // More columns than are typed alone: each record is split once, every column typed.
            let four = try table.indexedToEnd(concurrently: .serial, slice: slice, typing: [0, 1, 2, 3])
            #expect(four.shape.typing.typedRows(ofColumn: 4) == 6_000 && four.shape.typing.kinds.kind(ofColumn: 4) == .text)
        }
    }

    @Test("a batch run typing only what its recipe reads writes what typing every column writes: sorts by a column a late word makes text, counts, filters and JSON Lines of such a column")
    func answersAsTypedWhole() throws {
        let file = TemporaryFile(name: "answers.csv", bytes: Array(Self.text.utf8))
        let recipes = [
            (ViewRecipe(sorts: ["n"], columns: "n,t"), "csv"),
            (ViewRecipe(sorts: ["-m", "i"], columns: "m,i,n"), "tsv"),
            (ViewRecipe(filters: ["i>3"], frequency: "m"), "csv"),
            (ViewRecipe(filters: ["m>90"], sorts: ["r"]), "jsonl"),
            (ViewRecipe(sorts: ["i"], columns: "n,m,r"), "jsonl"),
        ]
        for (recipe, format) in recipes {
            let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
            let batch = file.directory + "-batch." + format, whole = file.directory + "-whole." + format
            defer { unlink(batch); unlink(whole) }
            // The pipeline every batch run takes, and the file typed in every column beforehand.
            let written = try TableQuery.write(viewer.source, recipe: recipe, to: batch)
            let expected = try TableQuery.write(try #require(viewer.fileTable).wholeRows(concurrently: .serial), recipe: recipe, to: whole)
            #expect(written == expected)
            #expect(try String(contentsOfFile: batch, encoding: .utf8) == String(contentsOfFile: whole, encoding: .utf8), "\(recipe) \(format)")
        }
        // The late word makes n text in the JSON written, its numbers strings.
        let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        let out = file.directory + "-n.jsonl"
        defer { unlink(out) }
        _ = try TableQuery.write(viewer.source, recipe: ViewRecipe(filters: ["i=1"], columns: "n,r"), to: out)
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix(#"{"n":"1","r":0.25}"#))
    }

    /// A source that answers only ``TableSource/readToEnd(progress:)``, refusing, as a source
    /// written before a batch run asked ``TableSource/readToEnd(typing:progress:)`` does.
    struct RefusingTable: TableSource {
        let table = MemoryTable(columnTitles: ["a"], records: [["1"], ["2"]])
        var title: String { table.title }
        var columnTitles: [String] { table.columnTitles }
        var readFiles: Set<FileIdentity> { [] }
        func isNumeric(_ column: Int) -> Bool { table.isNumeric(column) }
        func rowCount(progress: TableProgress) throws(TableSourceError) -> Int { 2 }
        func rows(at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
            try table.rows(at: positions, progress: progress)
        }
        func readToEnd(progress: TableProgress) throws(TableSourceError) -> any TableSource { throw .failed("its rows cannot be trusted") }
    }

    @Test("a source that answers only readToEnd(progress:) is still asked it by a batch run, which then refuses as the source does")
    func sourcesOwnReadingToTheEnd() throws {
        let out = "/tmp/scrollwork-refusing-\(getpid()).csv"
        defer { unlink(out) }
        #expect { _ = try TableQuery.write(RefusingTable(), recipe: ViewRecipe(sorts: ["a"]), to: out) } throws: { error in
            "\(error)".contains("its rows cannot be trusted")
        }
        #expect(access(out, F_OK) != 0, "nothing was written")
    }
}
