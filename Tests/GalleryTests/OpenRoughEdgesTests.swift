import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import scrollwork

/// What a new user meets first in `scrollwork open`: JSON arrays as tables, a readable record
/// view, problems said in their row.
@Suite struct OpenRoughEdgesTests {
    static func open(_ file: TemporaryFile, columns: Int = 100, rows: Int = 20) throws -> HeadlessTerminal<FileViewer> {
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: columns, rows: rows)
        while t.runWork("index") {}
        return t
    }

    @Test("a JSON file holding an array of objects, pretty-printed or on one line, opens as a table of its elements")
    func jsonArrayOpensAsTable() throws {
        let pretty = """
        [
          {"Name": "chevrolet chevelle malibu", "Miles_per_Gallon": 18, "Origin": "USA"},
          {"Name": "buick, \\"skylark\\" 320", "Miles_per_Gallon": null, "Origin": "USA", "Note": {"a": [1, 2]}},
          {
            "Name": "plymouth satellite",
            "Miles_per_Gallon": 18.5,
            "Origin": "USA"
          },
          [1, 2]
        ]

        """
        for text in [pretty, #"[{"Name":"a","Miles_per_Gallon":1},{"Name":"b]","Miles_per_Gallon":2}]"#] {
            let file = TemporaryFile(name: "cars.json", text)
            var t = try Self.open(file)
            #expect(t.app.format == .json(.arrayElements))
            let titles = t.app.view.table.columns.map(\.title)
            #expect(Array(titles.prefix(3)) == ["#", "Name", "Miles_per_Gallon"])
            if text == pretty {
                #expect(t.app.view.table.list.numberOfRows == 4)
                #expect(try t.app.view.table.list.row(at: IndexPath(row: 1))[0] == #"buick, "skylark" 320"#)
                #expect(try t.app.view.table.list.row(at: IndexPath(row: 2))[1] == "18.5")
                let buick = try t.app.view.table.list.row(at: IndexPath(row: 1))
                #expect(titles.last == "Note" && buick.fields.last == #"{"a":[1,2]}"#)
                #expect(t.app.status.contains("JSON array"))
                // The element that is no object says why in its row.
                #expect(t.text.contains("⚠ 4") && t.text.contains("⚠ "), "\(t.text)")
                let problem = try t.app.view.table.list.row(at: IndexPath(row: 3))
                #expect(problem.problem != nil && problem.fields[0].hasPrefix("⚠ "))
            } else {
                #expect(try t.app.view.table.list.row(at: IndexPath(row: 1))[0] == "b]")
            }
            t.send(.key(KeyEvent(.down)))
            t.send(.key(KeyEvent(.enter)))
            #expect(t.app.detail?.content.lines.first?.text == "a" || t.app.detail?.content.lines.first?.text == "chevrolet chevelle malibu")
        }
        let empty = TemporaryFile(name: "empty.json", "[ ]\n")
        #expect(throws: OpenFile.Failure.self) { try OpenFile.viewer(path: empty.path, separator: nil, header: nil, theme: Theme()) }
    }

    @Test("a JSON Lines line that is not an object says why in its row, not only in record view")
    func jsonLinesProblemInRow() throws {
        let file = TemporaryFile(name: "d.jsonl", "{\"id\": 1, \"name\": \"a\"}\n[1, 2]\n{\"id\": 3}\n")
        let t = try Self.open(file)
        let lines = t.text.split(separator: "\n")
        #expect(lines.contains { $0.contains("⚠ 2") && $0.contains("⚠ ") && $0.contains("object") }, "\(t.text)")
    }

    @Test("record view fits a 19-field record on a 45-row terminal: each name beside its value, long values wrapped")
    func recordViewFitsAScreen() throws {
        let names = ["year", "month", "day", "dep_time", "sched_dep_time", "dep_delay", "arr_time", "sched_arr_time", "arr_delay", "carrier",
                     "flight", "tailnum", "origin", "dest", "air_time", "distance", "hour", "minute", "time_hour"]
        let values = ["2013", "1", "1", "517", "515", "2", "830", "819", "11", "UA", "1545", "N14228", "EWR", "IAH", "227", "1400", "5", "15", "2013-01-01T10:00:00Z"]
        let file = TemporaryFile(name: "flights.csv", names.joined(separator: ",") + "\n" + values.joined(separator: ",") + "\n")
        var t = try Self.open(file, columns: 80, rows: 45)
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.enter)))
        t.advance(by: 0.1)
        let detail = try #require(t.app.detail)
        #expect(detail.content.lines.count == 19)
        let screen = t.text.split(separator: "\n").map(String.init)
        for (name, value) in zip(names, values) {
            #expect(screen.contains { $0.contains(name) && $0.hasSuffix(value) || $0.contains("\(name)  \(value)") }, "\(name) beside \(value)")
        }
        // A long value wraps beside its name, its continuation lines under the value.
        var long = try RecordDetailTestAccess.layout(titles: ["id", "text"], fields: ["7", String(repeating: "word ", count: 40)], columns: 60)
        #expect(long.lines.count > 3 && long.lines[1].name == "text" && long.lines[2].name.isEmpty)
        #expect(long.lines.allSatisfy { displayWidth($0.text) <= 60 - long.nameWidth - 3 })
        long.theme = Theme()
    }
}

/// Lays a record view out without a terminal.
enum RecordDetailTestAccess {
    static func layout(titles: [String], fields: [String], columns: Int) throws -> RecordDetail {
        var detail = RecordDetail(titles: titles, fields: fields, problem: nil, theme: Theme())
        _ = detail.layout(columns: columns)
        return detail
    }
}
