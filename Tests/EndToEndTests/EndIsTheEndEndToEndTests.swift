import Foundation
import Testing

/// What #42 found a person trips over, in a real terminal: G on a file still being indexed, a
/// FIFO, F after a partial line.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed"), .serialized)
final class EndIsTheEndEndToEndTests {
    /// The folders this test made, removed with it.
    private var folders: [String] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A new folder of the test's own.
    func folder() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollwork-end-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        folders.append(directory.path)
        return directory.path
    }

    @Test("G pressed at once on a file still being indexed reaches its last row, and the focus is there")
    func endWhileIndexing() throws {
        let path = try folder() + "/big.csv"
        let rows = (1...400_000).map { "\($0),row-\($0)," + String(repeating: "x", count: 40) }
        try Data(("id,name,text\n" + rows.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let t = try Tmux(Tmux.scrollwork + " open " + path, columns: 120, rows: 20)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("separated by ,") })
        t.keys("G")
        #expect(t.wait(timeout: 60) { $0.contains(" 400000   400000 ") && $0.contains("400,000 rows ·") }, "\(t.screen())")
        // The focus came along: Enter shows the last record.
        t.keys("Enter")
        #expect(t.wait { $0.contains("record 400,000 of the file") })
        t.keys("q", "q")
        #expect(t.wait { _ in t.file("status") == "0" })
        #expect(t.terminalProblems().isEmpty)
    }

    @Test("/ after a sort finds the next match after the focus in the order shown")
    func searchAfterASort() throws {
        let path = try folder() + "/tails.csv"
        let tails = ["N20", "N07", "N55", "N31", "N20", "N99", "N07", "N12"]
        try Data(("id,tail\n" + tails.enumerated().map { "\($0.offset + 1),\($0.element)" }.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let t = try Tmux(Tmux.scrollwork + " open " + path, columns: 160, rows: 20)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("8 rows") })
        t.keys("]", "o")
        #expect(t.wait { $0.contains("sorted by tail ▲") })
        // Sorted: N07 N07 N12 N20 N20 …; in the file's order N2 would first match row 1.
        t.keys("/", "N2", "Enter")
        #expect(t.wait { $0.contains("match in row 4 (record 1 of the file), in the order shown") }, "\(t.screen())")
        t.keys("n")
        #expect(t.wait { $0.contains("match in row 5 (record 5 of the file), in the order shown") }, "\(t.screen())")
        t.keys("q")
        #expect(t.wait { _ in t.file("status") == "0" })
    }

    @Test("a FIFO opens as standard input does: scrollwork waits for its writer and shows what it writes")
    func fifo() throws {
        let path = try folder() + "/feed"
        #expect(mkfifo(path, 0o600) == 0)
        let t = try Tmux(Tmux.scrollwork + " open " + path, columns: 120, rows: 20)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("waiting for data on") })
        let writer = try #require(FileHandle(forWritingAtPath: path))
        writer.write(Data("city,people\nOslo,709000\nBergen,291000\n".utf8))
        try writer.close()
        #expect(t.wait { $0.contains("Bergen") && $0.contains("2 rows") }, "\(t.screen())")
        t.keys("q")
        #expect(t.wait { _ in t.file("status") == "0" })
        #expect(t.terminalProblems().isEmpty)
    }

    @Test("F draws a line finished after a partial write, and each line after it")
    func followAfterPartialLine() throws {
        let path = try folder() + "/app.log"
        try Data((1...60).map { "line \($0)" }.joined(separator: "\n").appending("\n").utf8).write(to: URL(fileURLWithPath: path))
        let t = try Tmux(Tmux.scrollwork + " open " + path, columns: 80, rows: 15)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("line 1") && $0.contains("60 lines") })
        t.keys("F")
        #expect(t.wait { $0.contains("following the end") && $0.contains("line 60") })
        let log = try #require(FileHandle(forWritingAtPath: path))
        log.seekToEndOfFile()
        log.write(Data("partial".utf8))
        #expect(t.wait { $0.contains("partial") })
        log.write(Data(" now whole\n".utf8))
        #expect(t.wait { $0.contains("partial now whole") })
        log.write(Data("the newest line\n".utf8))
        #expect(t.wait { $0.contains("the newest line") }, "\(t.screen())")
        try log.close()
        t.keys("q")
        #expect(t.wait { _ in t.file("status") == "0" })
    }
}

/// `scrollwork open` with a view asked for and standard output a pipe: the result goes there (#42).
@Suite struct PipedViewTests {
    /// Runs `scrollwork` with `arguments`, standard output a pipe; what it wrote there and its status.
    static func run(_ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Tmux.scrollwork)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    @Test("--summary and --frequency into a pipe write CSV there; --help lists the keys one a line, by group")
    func summaryIntoAPipe() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("piped-\(UInt32.random(in: 0...UInt32.max)).csv").path
        defer { unlink(path) }
        try Data("city,people\nOslo,709000\nBergen,291000\nOslo,1\n".utf8).write(to: URL(fileURLWithPath: path))
        let summary = try Self.run(["open", path, "--summary"])
        #expect(summary.status == 0)
        #expect(summary.output.hasPrefix("column,type,count,missing,distinct,min,max,mean,median,estimated\n"), "\(summary.output)")
        #expect(summary.output.contains("people,integers,3,0,3,1,709000,333333.666667,291000,\n"), "\(summary.output)")
        let frequency = try Self.run(["open", path, "--frequency", "city"])
        #expect(frequency.status == 0 && frequency.output == "value,count,percent\nOslo,2,66.67\nBergen,1,33.33\n", "\(frequency.output)")
        let help = try Self.run(["open", "--help"])
        #expect(help.output.contains("  Sorting and filtering:\n") && help.output.contains("\n    o              sort by the current column, ascending (less leaves o and O\n"))
        #expect(help.output.contains("JSON arrays") && help.output.contains("SQLite") && help.output.contains("postgres://"))
    }
}

/// A database table explored in a real terminal (#42).
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed"), .serialized)
struct DatabaseEndToEndTests {
    @Test("an SQLite table: ] f groups the carrier column in the engine, Enter keeps a value's rows, I summarises, q quits cleanly")
    func frequencyInADatabase() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flights-\(UInt32.random(in: 0...UInt32.max)).sqlite").path
        defer { unlink(path) }
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("CREATE TABLE flights (id INTEGER PRIMARY KEY, carrier TEXT, delay INTEGER)")
            db.executemany("INSERT INTO flights VALUES (?, ?, ?)", [(i, ["UA", "AA", "DL", "UA"][i % 4], None if i % 13 == 0 else i % 90) for i in range(1, 5001)])
            db.commit()
            """, path]
        try make.run()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        let t = try Tmux(Tmux.scrollwork + " open " + path, columns: 140, rows: 24)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("flights") && $0.contains("5,000") })
        t.keys("Enter")
        #expect(t.wait { $0.contains("5,000 rows") })
        t.keys("]", "f")
        #expect(t.wait { $0.contains("Frequency of carrier") && $0.contains("2500") }, "\(t.screen())")
        t.keys("Enter")
        #expect(t.wait { $0.contains("2,500 of 5,000 rows") && $0.contains("filtered by carrier=UA") }, "\(t.screen())")
        t.keys("I")
        #expect(t.wait { $0.contains("Summary of 3 columns") }, "\(t.screen())")
        // Esc and q apart: together a terminal sends them as Alt+q.
        t.keys("Escape")
        #expect(t.wait { !$0.contains("Summary of 3 columns") })
        t.keys("q")
        #expect(t.wait { _ in t.file("status") == "0" })
        #expect(t.terminalProblems().isEmpty)
    }
}
