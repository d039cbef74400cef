import Foundation
import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// What a new user meets first in `scrollwork open`: JSON arrays as tables, a readable record
/// view, problems said in their row.
@Suite struct OpenRoughEdgesTests {
    static func open(_ file: TemporaryFile, columns: Int = 100, rows: Int = 20) throws -> HeadlessTerminal<TableViewer> {
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: columns, rows: rows)
        while t.runWork("growth") {}
        return t
    }

    @Test("a /proc file, which says it is empty, opens however it is reached (a directory, a window): as what it holds, not 'the file is empty'")
    func procFileOpens() throws {
        let file = try FileBytes(path: "/proc/self/status")
        #expect(String(decoding: try file.read(at: 0, count: 5), as: UTF8.self) == "Name:")
        // Its lines are `Name:<tab>value`: a table of two columns.
        guard case let .table(viewer) = try OpenFile.opened(path: "/proc/self/status", separator: nil, header: false, theme: Theme()) else {
            Issue.record("/proc/self/status did not open as a table")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 80, rows: 10)
        while t.runWork("growth") {}
        #expect(t.text.contains("Name:") && t.text.contains("State:"), "\(t.text)")
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
            let titles = t.app.screen.view.table.columns.map(\.title)
            #expect(Array(titles.prefix(3)) == ["#", "Name", "Miles_per_Gallon"])
            if text == pretty {
                #expect(t.app.screen.view.table.list.numberOfRows == 4)
                #expect(try t.app.screen.view.table.list.row(at: IndexPath(row: 1))[0] == #"buick, "skylark" 320"#)
                #expect(try t.app.screen.view.table.list.row(at: IndexPath(row: 2))[1] == "18.5")
                let buick = try t.app.screen.view.table.list.row(at: IndexPath(row: 1))
                #expect(titles.last == "Note" && buick.fields.last == #"{"a":[1,2]}"#)
                #expect(t.app.status.contains("JSON array"))
                // The element that is no object is marked, its first cell says why, and it has no value.
                #expect(t.text.contains("⚠ 4") && t.text.contains("⚠ "), "\(t.text)")
                let problem = try t.app.screen.view.table.list.row(at: IndexPath(row: 3))
                #expect(problem.isMarked && problem.fields[0].hasPrefix("⚠ "))
                let valueless = problem.values.dropLast().allSatisfy { $0.isMissing }
                #expect(valueless, "\(problem.values)")
            } else {
                #expect(try t.app.screen.view.table.list.row(at: IndexPath(row: 1))[0] == "b]")
            }
            t.send(.key(KeyEvent(.enter)))
            #expect(t.app.record?.detail.content.lines.first?.text == "a" || t.app.record?.detail.content.lines.first?.text == "chevrolet chevelle malibu")
        }
        let empty = TemporaryFile(name: "empty.json", "[ ]\n")
        #expect(throws: OpenFile.Failure.self) { try OpenFile.viewer(path: empty.path, separator: nil, header: nil, theme: Theme()) }
    }

    @Test("a JSON Lines line that is not an object says why in its row, holds no value, and a batch run over it writes nothing")
    func jsonLinesProblemInRow() throws {
        let file = TemporaryFile(name: "d.jsonl", "{\"id\": 1, \"name\": \"a\"}\n[1, 2]\n{\"id\": 3}\n{\"id\": 4, \"na")
        let t = try Self.open(file)
        let lines = t.text.split(separator: "\n")
        #expect(lines.contains { $0.contains("⚠ 2") && $0.contains("⚠ ") }, "\(t.text)")
        let problem = try t.app.screen.view.table.list.row(at: IndexPath(row: 1))
        let valueless = problem.values.dropLast().allSatisfy { $0.isMissing }
        #expect(problem.fields[0].hasPrefix("⚠ not a JSON object") && valueless, "\(problem.values)")
        // The id column stays whole numbers: the reason is no value of it.
        let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        let summary = try viewer.source.summary(where: [], progress: .unwatched)
        #expect(summary.first?.kind == .integers && summary.first?.count == 2, "\(summary)")
        let out = file.path + "-out.csv"
        defer { unlink(out) }
        do {
            _ = try TableQuery.write(viewer.source, recipe: ViewRecipe(frequency: "id"), to: out)
            Issue.record("a frequency table with two lines unread")
        } catch {
            #expect(error.status == 1 && "\(error)".contains("line 2: not a JSON object") && "\(error)".contains("(and 1 other line that is no object)")
                    && "\(error)".contains("nothing was written"), "\(error)")
        }
        #expect(access(out, F_OK) != 0)
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
        let detail = try #require(t.app.record?.detail)
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

/// The directory listing says what entries are, and opens files in place.
@Suite struct OpenDirectoryKindsTests {
    static func make(_ path: String, _ text: String, mode: mode_t = 0o644) {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
        Array(text.utf8).withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    @Test("Kind comes from the file system: a folder, a link and where it points, a program; a name like Apache-2.0 is a Document")
    func kindsFromTheFileSystem() throws {
        let base = TemporaryFile(name: "Apache-2.0", "licence text\n")
        let d = base.directory
        Self.make(d + "/cities.csv", "name,population\nOslo,700000\nBergen,285000\n")
        Self.make(d + "/run", "#!/bin/sh\necho hi\n", mode: 0o755)
        symlink("cities.csv", d + "/latest")
        mkdir(d + "/Folder.v2", 0o755)
        defer {
            for name in ["cities.csv", "run", "latest"] { unlink(d + "/" + name) }
            rmdir(d + "/Folder.v2")
        }
        let tree = DirectoryTree(root: d)
        let kinds = Dictionary(uniqueKeysWithValues: (0..<tree.childCount(of: nil)).map { tree.child(of: nil, at: $0) }.map { ($0.name, $0.kind) })
        #expect(kinds["Apache-2.0"] == "Document")
        #expect(kinds["cities.csv"] == "CSV Document")
        #expect(kinds["run"] == "Unix Executable File")
        #expect(kinds["latest"] == "Alias → cities.csv")
        #expect(kinds["Folder.v2"] == "Folder")
    }

    @Test("Enter on a file opens it in the viewer; Esc or ⌫ returns to the listing where it was")
    func enterOpensAFile() throws {
        let base = TemporaryFile(name: "b-notes.txt", (1...50).map { "note \($0)" }.joined(separator: "\n") + "\n")
        let d = base.directory
        Self.make(d + "/a-cities.csv", "name,population\nOslo,700000\nBergen,285000\n")
        Self.make(d + "/c-blob.bin", "\u{0}\u{1}\u{2}")
        defer {
            unlink(d + "/a-cities.csv")
            unlink(d + "/c-blob.bin")
        }
        guard case let .directory(viewer) = try OpenFile.opened(path: d, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("a directory should open as a list")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 100, rows: 12)
        t.advance(by: 0.1)
        t.send(.key(KeyEvent(.enter)))
        while t.runWork("index") || t.runWork("growth") {}
        #expect(t.text.contains("Oslo") && t.text.contains("population"), "the CSV as a table")
        #expect(t.text.contains("back to the folder"))
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.pages.stack.depth == 1 && t.text.contains("a-cities.csv") && t.text.contains("b-notes.txt"))
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.enter)))
        while t.runWork("index") || t.runWork("growth") {}
        #expect(t.text.contains("note 1") && t.text.contains("│"), "text in the pager")
        // A prompt takes ⌫ for itself; outside one, ⌫ goes back.
        t.type("/no")
        t.send(.key(KeyEvent(.backspace)))
        #expect(t.app.pages.stack.depth == 2)
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.backspace)))
        #expect(t.app.pages.stack.depth == 1)
        let outline = try #require(t.app.listing?.view.outline)
        #expect(try outline.node(at: try #require(outline.cursor)).name == "b-notes.txt", "the cursor where it was")
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.enter)))
        #expect(t.app.pages.stack.depth == 1 && t.app.status.contains("binary"))
    }
}

@Suite struct OpenColumnWidthTests {
    @Test("columns start as wide as their content needs, sampled from the first 64 KB, not as wide as a long heading")
    func widthsFromContent() throws {
        let rows = (0..<1500).map { i in "\(1000 + i % 900),\(i == 1200 ? String(repeating: "w", count: 30) : "short"),x" }
        let file = TemporaryFile(name: "w.csv", "sched_dep_time_in_minutes,label,a_very_long_heading_for_one_letter\n" + rows.joined(separator: "\n") + "\n")
        let t = try OpenRoughEdgesTests.open(file, columns: 200)
        let widths = t.app.screen.view.table.columnWidths.map { Int($0 / 8) }
        // Four digits (the heading counts for 8 cells at most), 30 letters from row 1,201 and an
        // eighth more, 1 letter: each and a cell either side.
        #expect(Array(widths.dropFirst().prefix(2)) == [10, 35], "\(widths)")
        #expect(t.app.screen.view.table.columns[3].width.ideal == 80)
    }
}

extension OpenDirectoryKindsTests {
    @Test("a file opened from the listing still says when it is replaced under it")
    func openedFileNoticesReplacement() throws {
        let base = TemporaryFile(name: "data.csv", "name,n\nold,1\n")
        let d = base.directory
        guard case let .directory(viewer) = try OpenFile.opened(path: d, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("a directory should open as a list")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 100, rows: 8)
        t.send(.key(KeyEvent(.enter)))
        while t.runWork("index") || t.runWork("growth") {}
        Self.make(d + "/new.csv", "name,n\nnew,2\n")
        rename(d + "/new.csv", d + "/data.csv")
        t.advance(by: 2.5)
        // The file is looked at off the loop.
        while t.runWork("growth") {}
        guard case .table = t.app.pages.stack.top else { Issue.record("the CSV should be open"); return }
        #expect(t.app.status.contains("the file was replaced") && t.app.status.contains(DirectoryViewer.backHint), "\(t.app.status)")
    }
}
