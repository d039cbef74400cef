import Foundation
import Testing

/// `scrollwork open` in a real terminal, on files written here.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed"), .serialized)
final class OpenEndToEndTests {
    /// The folders this test made, removed with it.
    private var folders: [String] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Writes `text` to a new file called `name` and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollwork-open-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        folders.append(directory.path)
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a CSV opens at once, G goes to its last row, a heading click sorts it, q quits and the terminal is as it was")
    func csvFromFirstScreenToSort() throws {
        let rows = (1...20_000).map { "\($0),item-\($0),\(($0 * 7919) % 20_000)" }
        let path = try write("items.csv", "id,name,size\n" + rows.joined(separator: "\n") + "\n")
        let t = try Tmux(Tmux.scrollwork + " open " + path)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("item-1 ") && $0.contains("separated by ,") })
        #expect(t.wait { $0.contains("20,000 rows ·") }, "the index reaches the end and the count is final")
        t.keys("G")
        #expect(t.wait { $0.contains("item-20000") })
        let header = t.line(0)
        let size = try #require(header.range(of: "size")).lowerBound.utf16Offset(in: header)
        t.keys("g")
        t.click(column: size + 1, row: 0)
        // The sort keeps the focused row (g focused item-1) in view; g then shows the smallest.
        #expect(t.wait { $0.contains("sorted by size ▲") && $0.contains("item-1 ") })
        t.keys("g")
        #expect(t.wait { $0.contains("item-20000 ") })
        t.keys("q")
        #expect(t.file("status") == "0")
        #expect(t.terminalProblems().isEmpty)
    }

    @Test("exploring: | filters, f makes a frequency table whose Enter keeps a value's rows, Ctrl-S saves the view; --output writes the same view from the command line")
    func filterFrequencySave() throws {
        let carriers = ["AA", "DL", "UA", "B6"]
        let rows = (1...5_000).map { "\($0),\(carriers[($0 * 3 + $0 / 7) % 4]),\(($0 * 37) % 300 - 20)" }
        let path = try write("flights.csv", "id,carrier,dep_delay\n" + rows.joined(separator: "\n") + "\n")
        let saved = path + "-late.csv"
        // Wide enough for the status line to hold the filters and the save's message whole.
        let t = try Tmux(Tmux.scrollwork + " open " + path, columns: 300)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("5,000 rows ·") })
        t.keys("|")
        #expect(t.wait { $0.contains("Filter (COLUMN=VALUE") })
        t.keys("BSpace", "BSpace", "dep_delay>200", "Enter")
        let late = rows.filter { (Int($0.split(separator: ",")[2]) ?? 0) > 200 }
        // Thousands grouped with commas, as the status line writes them whatever the locale.
        let lateCount = late.count >= 1000 ? "\(late.count / 1000),\(String(late.count % 1000 + 1000).dropFirst())" : "\(late.count)"
        #expect(t.wait { $0.contains("\(lateCount) of 5,000 rows") && $0.contains("filtered by dep_delay>200") })
        t.keys("]", "f")
        #expect(t.wait { $0.contains("Frequency of carrier") })
        t.keys("Enter")
        // Enter on the first row of the table: the most frequent carrier (the first by name of equals).
        let counts = Dictionary(grouping: late) { String($0.split(separator: ",")[1]) }.mapValues(\.count)
        let carrier = try #require(counts.keys.sorted().max { counts[$0]! < counts[$1]! || (counts[$0]! == counts[$1]! && $0 > $1) })
        #expect(t.wait { $0.contains("filtered by dep_delay>200, carrier=") })
        let expected = late.filter { $0.split(separator: ",")[1] == carrier }
        #expect(t.wait { $0.contains("\(expected.count) of 5,000 rows") })
        t.keys("C-s")
        #expect(t.wait { $0.contains("Save the view as") })
        t.keys("C-u", saved, "Enter")
        #expect(t.wait { $0.contains("saved \(expected.count) rows") })
        #expect(try String(contentsOfFile: saved, encoding: .utf8) == "id,carrier,dep_delay\n" + expected.joined(separator: "\n") + "\n")
        t.keys("q")
        #expect(t.file("status") == "0")
        #expect(t.terminalProblems().isEmpty)
        // The same view, written by the command line.
        let cli = try Tmux(Tmux.scrollwork + " open " + path + " --filter \"dep_delay>200\" --filter carrier=\(carrier) --output -", columns: 200, rows: 60)
        defer { cli.shutDown() }
        #expect(cli.wait { $0.contains("DONE") })
        #expect(cli.file("status") == "0")
        #expect(cli.screen().contains(expected.last ?? "none"))
    }

    @Test("a ragged file shows every record, a long one marked and a short one not; invalid UTF-8 shows as U+FFFD; a missing file exits 1 with a message")
    func badInput() throws {
        let path = try write("ragged.csv", "a,b,c\n1,2,3\n4,5\n6,7,8,9\nx\u{FFFD}y,8,9\n")
        let t = try Tmux(Tmux.scrollwork + " open " + path)
        defer { t.shutDown() }
        #expect(t.wait { !$0.contains("⚠ 2") && $0.contains("⚠ 3") && $0.contains("x\u{FFFD}y") })
        t.keys("q")
        #expect(t.file("status") == "0")
        let missing = try Tmux(Tmux.scrollwork + " open /nonexistent/file.csv")
        defer { missing.shutDown() }
        #expect(missing.wait { $0.contains("no such file") })
        #expect(missing.file("status") == "1")
    }

    @Test("a log written to while it is open shows its new lines, and F follows them")
    func growingLog() throws {
        let path = try write("app.log.csv", "time,message\n1,started\n")
        let t = try Tmux(Tmux.scrollwork + " open " + path)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("started") })
        t.keys("F")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.seekToEndOfFile()
        handle.write(Data((2...200).map { "\($0),message number \($0)\n" }.joined().utf8))
        try handle.close()
        #expect(t.wait(timeout: 10) { $0.contains("message number 200") && $0.contains("200 rows") })
        t.keys("q")
        #expect(t.file("status") == "0")
    }

    @Test("a log opens in the pager: / finds a line, n the next, w wraps; a directory opens as a Finder list whose folders open with →")
    func pagerAndDirectory() throws {
        var lines = (1...5000).map { "line \($0) of the log" }
        lines[3999] = "line 4000 has the NEEDLE"
        let path = try write("server.log", lines.joined(separator: "\n") + "\n")
        let t = try Tmux(Tmux.scrollwork + " open " + path)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("1 │ line 1 of the log") && $0.contains("5,000 lines") })
        t.keys("/")
        t.bytes("needle")
        t.keys("Enter")
        #expect(t.wait { $0.contains("line 4000 has the NEEDLE") && $0.contains("match on line 4,000") })
        t.keys("q")
        #expect(t.file("status") == "0")

        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder + "/Reports", withIntermediateDirectories: true)
        try Data("a,b\n".utf8).write(to: URL(fileURLWithPath: folder + "/Reports/q3.csv"))
        let d = try Tmux(Tmux.scrollwork + " open " + folder)
        defer { d.shutDown() }
        #expect(d.wait { $0.contains("Name ▲") && $0.contains("▸ Reports") && $0.contains("server.log") })
        d.keys("Right")
        #expect(d.wait { $0.contains("▾ Reports") && $0.contains("q3.csv") && $0.contains("CSV Document") })
        d.keys("q")
        #expect(d.file("status") == "0")
    }
}
