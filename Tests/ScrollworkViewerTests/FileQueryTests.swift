import Foundation
import Glibc
import Scrollwork
@testable import ScrollworkFiles
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// `scrollwork open FILE --filter … --sort … --columns … --output FILE`: the view a script asks
/// for, written by the viewer's own filters, sort and save.
@Suite struct FileQueryTests {
    /// Flights-like rows: id, carrier, dep_delay (NA every 11th), origin.
    static let rows: [[String]] = (0..<30_000).map { i in
        ["\(i + 1)", ["AA", "DL", "UA", "B6"][(i * 7 + i / 5) % 4], i % 11 == 0 ? "NA" : "\((i * 53) % 241 - 40)", ["JFK", "LGA", "EWR"][i % 3]]
    }
    static let header = ["id", "carrier", "dep_delay", "origin"]

    /// Runs `recipe` on `file` and reads the written CSV back as rows (the header first).
    static func query(_ file: TemporaryFile, _ recipe: ViewRecipe, format: String = "csv") throws -> (rows: Int, text: String) {
        let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        let out = file.directory + "-out." + format
        defer { unlink(out) }
        let written = try FileQuery.write(try #require(viewer.fileTable), recipe: recipe, to: out, concurrently: ConcurrentLoop(width: 2) { n, body in for i in 0..<n { body(i) } })
        return (written, try String(contentsOfFile: out, encoding: .utf8))
    }

    @Test("a save writes the file's header as the file spells it, as it writes the rows: in a file of UTF-8, a name in Latin-1 stays in CSV and TSV, not mended to U+FFFD; a made name and a repeated one are written as made")
    func headerKeepsItsBytes() throws {
        // "café" and "été" in Latin-1 in a file of UTF-8 (its last row's "ü"; a file of no UTF-8
        // past ASCII is read as Windows-1252); an empty name, and a name given twice.
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9] + Array(",x,,x\n".utf8) + [0xE9, 0x74, 0xE9] + Array(",2,3,4\nü,5,6,7\n".utf8)
        let file = TemporaryFile(name: "latin.csv", bytes: bytes)
        for (format, separator) in [("csv", UInt8(ascii: ",")), ("tsv", UInt8(ascii: "\t"))] {
            let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
            let out = file.directory + "-out." + format
            defer { unlink(out) }
            _ = try TableQuery.write(viewer.source, recipe: ViewRecipe(sorts: ["x"]), to: out)
            let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
            let s = separator
            let expected: [UInt8] = Array("caf".utf8) + [0xE9, s] + Array("x".utf8) + [s] + Array("Column 3".utf8) + [s] + Array("x (2)\n".utf8)
                + [0xE9, 0x74, 0xE9, s] + Array("2".utf8) + [s] + Array("3".utf8) + [s] + Array("4\n".utf8) + Array("ü".utf8) + [s] + Array("5".utf8) + [s]
                + Array("6".utf8) + [s] + Array("7\n".utf8)
            #expect(written == expected, "\(format): \(String(decoding: written, as: UTF8.self))")
        }
        // The same file without its row of UTF-8 is Windows-1252 text, and its save is the same
        // characters in UTF-8.
        let latin = TemporaryFile(name: "latin1.csv", bytes: Array(bytes.prefix(bytes.count - Array("ü,5,6,7\n".utf8).count)))
        let viewer = try OpenFile.viewer(path: latin.path, separator: nil, header: nil, theme: Theme())
        let out = latin.directory + "-out.csv"
        defer { unlink(out) }
        _ = try TableQuery.write(viewer.source, recipe: ViewRecipe(sorts: ["x"]), to: out)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "café,x,Column 3,x (2)\nété,2,3,4\n")
    }

    /// What the recipe `carrier=DL`, `dep_delay>=100`, sorted by -dep_delay then id, columns
    /// dep_delay,id gives, worked out directly.
    static var expected: String {
        let kept = rows.filter { $0[1] == "DL" && Int($0[2]).map { $0 >= 100 } == true }
            .sorted { a, b in Int(a[2])! != Int(b[2])! ? Int(a[2])! > Int(b[2])! : Int(a[0])! < Int(b[0])! }
        return (["dep_delay,id"] + kept.map { "\($0[2]),\($0[0])" }).joined(separator: "\n") + "\n"
    }

    static let recipe = ViewRecipe(filters: ["carrier=DL", "dep_delay>=100"], sorts: ["-dep_delay", "id"], columns: "dep_delay,id")

    @Test("filters, sort keys and columns from the command line give the view worked out by hand, from CSV and from JSON Lines")
    func filterSortColumns() throws {
        let csv = TemporaryFile(name: "flights.csv", ([Self.header] + Self.rows).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n")
        let result = try Self.query(csv, Self.recipe)
        #expect(result.text == Self.expected)
        #expect(result.rows == Self.expected.split(separator: "\n").count - 1 && result.rows > 500)
        let json = TemporaryFile(name: "flights.jsonl", Self.rows.map { r in
            "{\"id\": \(r[0]), \"carrier\": \"\(r[1])\", \"dep_delay\": \(r[2] == "NA" ? "null" : r[2]), \"origin\": \"\(r[3])\"}"
        }.joined(separator: "\n") + "\n")
        #expect(try Self.query(json, Self.recipe).text == Self.expected)
        // Without a sort the rows keep the file's order; without columns every column is written.
        let unsorted = try Self.query(csv, ViewRecipe(filters: ["origin=LGA", "id<=10"]))
        #expect(unsorted.text == "id,carrier,dep_delay,origin\n" + Self.rows.prefix(10).filter { $0[3] == "LGA" }.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n")
    }

    @Test("a file read whole in the first look keeps its numbers' types in a batch run: JSON Lines writes them as numbers, Parquet as INT64 and DOUBLE, sorted as numbers")
    func smallFileKeepsTypes() throws {
        let csv = TemporaryFile(name: "small.csv", "id,delay,carrier\n10,2.5,AA\n-42,,DL\n9,1e3,UA\n")
        let lines = try Self.query(csv, ViewRecipe(sorts: ["id"]), format: "jsonl")
        #expect(lines.text == "{\"id\":-42,\"delay\":null,\"carrier\":\"DL\"}\n{\"id\":9,\"delay\":1e3,\"carrier\":\"UA\"}\n{\"id\":10,\"delay\":2.5,\"carrier\":\"AA\"}\n")
        let viewer = try OpenFile.viewer(path: csv.path, separator: nil, header: nil, theme: Theme())
        let out = csv.directory + "-out.parquet"
        defer { unlink(out) }
        #expect(try TableQuery.write(viewer.source, recipe: ViewRecipe(sorts: ["-delay"]), to: out) == 3)
        let table = try ParquetTable(path: out)
        #expect(table.footer.schema.dropFirst().map(\.type) == [2, 5, 6])
        let count = try table.rowCount(progress: .unwatched)
        #expect(try table.rows(at: 0..<count, progress: .unwatched).map { $0.map { $0.isMissing ? "" : $0.description } } == [["9", "1000.0", "UA"], ["10", "2.5", "AA"], ["-42", "", "DL"]])
    }

    @Test("a blank line in JSON Lines (a last one, one between records, white space alone, CRLF) is no record: every reader skips it, and a batch run writes every record")
    func jsonBlankLines() throws {
        let json = TemporaryFile(name: "blank.jsonl", "\r\n{\"a\":1}\r\n\r\n  \t\n{\"a\":2,\"b\":\"x\"}\n\n{\"a\":3}\n\n")
        let lines = try Self.query(json, ViewRecipe(sorts: ["-a"]), format: "jsonl")
        #expect(lines.rows == 3)
        #expect(lines.text == "{\"a\":3,\"b\":null}\n{\"a\":2,\"b\":\"x\"}\n{\"a\":1,\"b\":null}\n")
        let viewer = try OpenFile.viewer(path: json.path, separator: nil, header: nil, theme: Theme())
        let table = try #require(viewer.fileTable).indexedToEnd(concurrently: .serial)
        #expect(table.fileRows.count == 3 && (0..<3).allSatisfy { table.fileRows.row(at: $0).problem == nil })
        // A record that is no object is named by the line an editor shows, blank lines counted.
        let bad = TemporaryFile(name: "bad.jsonl", "\n{\"a\":1}\n\n\r\n{\"a\":2\n{\"a\":3}\n")
        #expect(throws: (any Error).self) { try Self.query(bad, ViewRecipe(), format: "jsonl") }
        do { _ = try Self.query(bad, ViewRecipe(), format: "jsonl") } catch {
            #expect("\(error)".contains("line 5: not a JSON object"), "\(error)")
        }
    }

    @Test("a record longer than a row shown is read to (1 MB) is read whole by a batch run: saved byte for byte, its later fields filtered and summarised (a save cut it at 1 MB and said it wrote every row)")
    func longRecordsWhole() throws {
        let blob = String(repeating: "a", count: 3 << 19)
        let csv = TemporaryFile(name: "long.csv", "id,blob,x\n1,\(blob),end\n2,short,ok\n")
        let saved = try Self.query(csv, ViewRecipe())
        #expect(saved.rows == 2 && saved.text == "id,blob,x\n1,\(blob),end\n2,short,ok\n")
        #expect(try Self.query(csv, ViewRecipe(filters: ["x=end"], columns: "id,x")).text == "id,x\n1,end\n")
        let json = TemporaryFile(name: "long.jsonl", "{\"id\":1,\"blob\":\"\(blob)\",\"x\":\"end\"}\n{\"id\":2,\"blob\":\"s\",\"x\":\"ok\"}\n")
        #expect(try Self.query(json, ViewRecipe(columns: "id,x")).text == "id,x\n1,end\n2,ok\n")
        // A record past what a pass reads whole is refused by name, never written cut.
        let viewer = try OpenFile.viewer(path: csv.path, separator: nil, header: nil, theme: Theme())
        let table = try #require(viewer.fileTable).indexedToEnd(concurrently: .serial)
        #expect(throws: TableSourceError.self) { try table.refuseRecordsTooLong(limit: 1 << 20) }
        do { try table.refuseRecordsTooLong(limit: 1 << 20) } catch { #expect("\(error)".contains("record 1 is 1,572,871 bytes long"), "\(error)") }
        try table.refuseRecordsTooLong()
        // Rows given a longer limit read the row again, not the one cut to the shorter limit.
        guard case var .delimited(rows) = table.fileRows else {
            Issue.record("a CSV's rows are delimited")
            return
        }
        #expect(rows.row(at: 0).problem != nil && rows.row(at: 0).fields.count == 2)
        rows.recordLimit = DelimitedRows.passRecordLimit
        #expect(rows.row(at: 0).problem == nil && rows.row(at: 0).fields.last == "end")
        var index = RecordIndex()
        Array("a\nbbbb\ncc".utf8).withUnsafeBufferPointer { index.add($0) }
        index.finish()
        #expect(index.firstRecord(longerThan: 3)! == (1, 5) && index.firstRecord(longerThan: 5) == nil && index.firstRecord(longerThan: Int.min)! == (0, 2))
    }

    @Test("a JSON text that reads as a missing word (\"NA\", \"-\", \"null\", \"\") is text: saved as text to JSON Lines and Parquet, counted as text and apart from a null, and a number column with nulls stays numbers")
    func jsonTextIsNeverMissing() throws {
        let json = TemporaryFile(name: "words.jsonl", #"""
            {"a":"NA","n":1}
            {"a":null,"n":null}
            {"a":"","n":3}
            {"a":"-","n":4}
            {"a":"null","n":5}
            {"n":6}

            """#)
        let lines = try Self.query(json, ViewRecipe(), format: "jsonl")
        #expect(lines.text == #"""
            {"a":"NA","n":1}
            {"a":null,"n":null}
            {"a":"","n":3}
            {"a":"-","n":4}
            {"a":"null","n":5}
            {"a":null,"n":6}

            """#)
        let viewer = try OpenFile.viewer(path: json.path, separator: nil, header: nil, theme: Theme())
        let out = json.directory + "-out.parquet"
        defer { unlink(out) }
        #expect(try TableQuery.write(viewer.source, recipe: ViewRecipe(), to: out) == 6)
        let table = try ParquetTable(path: out)
        #expect(table.footer.schema.dropFirst().map(\.type) == [6, 2], "a text column and an integer one")
        let written = try table.rows(at: 0..<6, progress: .unwatched).map { $0.map { $0.isMissing ? "(null)" : $0.description } }
        #expect(written.map(\.[0]) == ["NA", "(null)", "", "-", "null", "(null)"])
        #expect(written.map(\.[1]) == ["1", "(null)", "3", "4", "5", "6"])
        let frequency = try Self.query(json, ViewRecipe(frequency: "a"))
        #expect(Set(frequency.text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().filter { !$0.isEmpty }.map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(2).joined(separator: ",") })
            == ["NULL,2", ",1", "-,1", "NA,1", "null,1"])
        let summary = try Self.query(json, ViewRecipe(summary: true), format: "jsonl")
        #expect(summary.text.hasPrefix(#"{"column":"a","type":"text","count":4,"missing":2,"#), "\(summary.text)")
        #expect(summary.text.contains(#"{"column":"n","type":"integers","count":5,"missing":1,"#), "\(summary.text)")
    }

    @Test("a JSON value keeps its JSON type: a string that spells a number is text to the column's type, a summary, a sort and every save, and a number, boolean, array or object saved as JSON Lines is written as it was")
    func jsonTypesKept() throws {
        let json = TemporaryFile(name: "typed.jsonl", #"""
            {"code":"007","n":1,"mixed":1,"flag":true,"list":[1,2]}
            {"code":"12","n":2,"mixed":"3","flag":false,"list":{"x":1}}
            {"code":"3","n":3,"mixed":2,"flag":null,"list":null}

            """#)
        // Saved as JSON Lines: every value as it was written ("12" stayed "12", 1 stayed 1).
        let lines = try Self.query(json, ViewRecipe(), format: "jsonl")
        #expect(lines.text == #"""
            {"code":"007","n":1,"mixed":1,"flag":true,"list":[1,2]}
            {"code":"12","n":2,"mixed":"3","flag":false,"list":{"x":1}}
            {"code":"3","n":3,"mixed":2,"flag":null,"list":null}

            """#)
        // A column of strings sorts as text, as a column of them does in DuckDB.
        let sorted = try Self.query(json, ViewRecipe(sorts: ["code"]), format: "jsonl")
        #expect(sorted.text.split(separator: "\n").map { $0.split(separator: ",")[0] } == [#"{"code":"007""#, #"{"code":"12""#, #"{"code":"3""#])
        let summary = try Self.query(json, ViewRecipe(summary: true), format: "jsonl")
        #expect(summary.text.hasPrefix(#"{"column":"code","type":"text","count":3,"#), "\(summary.text)")
        #expect(summary.text.contains(#"{"column":"n","type":"integers","#) && summary.text.contains(#"{"column":"mixed","type":"text","#), "\(summary.text)")
        // Saved as Parquet: the strings stay strings ("007" is not 7.0), and so does the column
        // a string made text; read back, its summary says text too.
        let viewer = try OpenFile.viewer(path: json.path, separator: nil, header: nil, theme: Theme())
        let out = json.directory + "-typed.parquet"
        defer { unlink(out) }
        #expect(try TableQuery.write(viewer.source, recipe: ViewRecipe(), to: out) == 3)
        let table = try ParquetTable(path: out)
        #expect(table.footer.schema.dropFirst().prefix(3).map(\.type) == [6, 2, 6], "code and mixed as text, n as integers")
        let written = try table.rows(at: 0..<3, progress: .unwatched).map { $0.map(\.description) }
        #expect(written.map(\.[0]) == ["007", "12", "3"] && written.map(\.[2]) == ["1", "3", "2"])
        let back = try table.summary(where: [], progress: .unwatched)
        #expect(back.map(\.kind).prefix(3) == [ColumnSummary.Kind.text, .integers, .text], "\(back.map(\.kind))")
    }

    @Test("a whole number written with a leading zero (a postal code, 007) makes a Parquet save's column text, as DuckDB's reader types it: saved and read back as written, not as 501.0")
    func zeroPaddedNumbersSavedAsWritten() throws {
        let csv = TemporaryFile(name: "zips.csv", "zip,n,code,price\n00501,1,5,1.5\n12345,2,-07,007.25\n02134,3,0,2\n")
        let viewer = try OpenFile.viewer(path: csv.path, separator: nil, header: nil, theme: Theme())
        let out = csv.directory + "-zips.parquet"
        defer { unlink(out) }
        #expect(try TableQuery.write(viewer.source, recipe: ViewRecipe(), to: out) == 3)
        let table = try ParquetTable(path: out)
        #expect(table.footer.schema.dropFirst().map(\.type) == [6, 2, 6, 6], "zip, code and price as text, n as integers")
        let written = try table.rows(at: 0..<3, progress: .unwatched).map { $0.map(\.description) }
        #expect(written.map(\.[0]) == ["00501", "12345", "02134"] && written.map(\.[2]) == ["5", "-07", "0"], "\(written)")
        #expect(written.map(\.[3]) == ["1.5", "007.25", "2"], "a real column meeting 007.25 is text too: \(written)")
    }

    @Test("a batch run types every row before it sorts, as the viewer does once its steps are done: a text far past the first rows sorts the column as text in both")
    func typesEveryRowBeforeSorting() throws {
        let values = (0..<20_000).map { "\(($0 * 7919) % 100_003)" } + ["abc", "5"]
        let csv = TemporaryFile(name: "late.csv", "n\n" + values.joined(separator: "\n") + "\n")
        let batch = try Self.query(csv, ViewRecipe(sorts: ["n"]))
        let sorted = batch.text.split(separator: "\n").dropFirst().map(String.init)
        #expect(sorted == values.sorted(), "the column holds text: it sorts as text")
        var t = try OpenViewerTruthTests.open(csv)
        while t.runWork() {}
        try OpenViewerTruthTests.sort(&t, by: "n")
        while t.runWork() {}
        #expect(try OpenViewerTruthTests.column(t, 0) == sorted, "the viewer sorts it the same way")
    }

    @Test("a frequency table and a summary of the rows kept, as CSV and JSON Lines")
    func frequencyAndSummary() throws {
        let csv = TemporaryFile(name: "flights.csv", ([Self.header] + Self.rows).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n")
        let frequency = try Self.query(csv, ViewRecipe(filters: ["origin=JFK"], frequency: "carrier"))
        let jfk = Self.rows.filter { $0[3] == "JFK" }
        var counts: [String: Int] = [:]
        for r in jfk { counts[r[1], default: 0] += 1 }
        let lines = frequency.text.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        #expect(lines[0] == ["value", "count", "percent"] && lines.count == counts.count + 1)
        for line in lines.dropFirst() { #expect(counts[line[0]] == Int(line[1]), "\(line)") }
        #expect(lines.dropFirst().map { Int($0[1]) ?? 0 } == lines.dropFirst().map { Int($0[1]) ?? 0 }.sorted(by: >))
        let summary = try Self.query(csv, ViewRecipe(columns: "dep_delay", summary: true), format: "jsonl")
        let present = Self.rows.compactMap { Int($0[2]) }
        let mean = Double(present.reduce(0, +)) / Double(present.count)
        #expect(summary.text.hasPrefix("{\"column\":\"dep_delay\",\"type\":\"integers\",\"count\":\(present.count),\"missing\":\(Self.rows.count - present.count),\"distinct\":241,\"min\":\"-40\",\"max\":\"200\","))
        #expect(summary.text.contains("\"mean\":\(ColumnSummary.rounded(mean))"), "\(summary.text)")
    }

    @Test("bad filters, unknown columns, options that do not go together and bad output names fail with status 64; an unwritable place with 1")
    func badRecipes() throws {
        let csv = TemporaryFile(name: "flights.csv", ([Self.header] + Self.rows.prefix(50)).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n")
        let viewer = try OpenFile.viewer(path: csv.path, separator: nil, header: nil, theme: Theme())
        let wrong: [(ViewRecipe, String, String)] = [
            (ViewRecipe(filters: ["nope=1"]), "x.csv", "no column is called 'nope'"), (ViewRecipe(filters: ["dep_delay>NaN"]), "x.csv", "is not a number"),
            (ViewRecipe(sorts: ["-nope"]), "x.csv", "'nope'"), (ViewRecipe(columns: "id,,origin"), "x.csv", "empty column name"),
            (ViewRecipe(frequency: "carrier", summary: true), "x.csv", "give one of them"), (ViewRecipe(frequency: "zzz"), "x.csv", "'zzz'"),
            (ViewRecipe(), "x.xlsx", ".csv"), (ViewRecipe(filters: ["origin~["]), "x.csv", "regular expression"),
        ]
        for (recipe, name, message) in wrong {
            let out = csv.directory + "-" + name
            #expect(throws: OpenFile.Failure.self) { try TableQuery.write(viewer.source, recipe: recipe, to: out) }
            do { _ = try TableQuery.write(viewer.source, recipe: recipe, to: out) } catch {
                #expect(error.status == 64 && error.description.contains(message), "\(recipe): \(error)")
            }
            #expect(access(out, F_OK) != 0, "nothing written for \(recipe)")
        }
        do { _ = try TableQuery.write(viewer.source, recipe: ViewRecipe(), to: "/no/such/dir/out.csv") } catch {
            #expect(error.status == 1 && error.description.contains("no such file"), "\(error)")
        }
    }
}
