import Foundation
import Testing

/// #64 as a person meets it: batch runs over pipes, FIFOs and compressed streams give the file's
/// own numbers with no terminal at all, damaged input fails, `--output` keeps what is there; in a
/// real terminal Ctrl-S asks before replacing, a quiet pipe shows at once, `N` after `G` starts
/// from the screen, and `F` follows a rotated log.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed"), .serialized)
struct NothingLostEndToEndTests {
    /// A new folder with `flights.csv` (120,000 rows, about 2 MB) in it; its path.
    static func folder() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollwork-lost-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let rows = (0..<120_000).map { "\($0),\(["EWR", "JFK", "LGA"][($0 * 7 + $0 / 5) % 3]),\(($0 * 31) % 997)" }
        try Data(("id,origin,delay\n" + rows.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/flights.csv"))
        return directory
    }

    /// Runs `script` with sh in `directory`, in a session of its own with no terminal (as cron or
    /// CI would); its status, and what it wrote to standard output and to standard error.
    static func run(_ script: String, in directory: String) throws -> (status: Int32, output: String, errors: String) {
        let result = try Tmux.run(["setsid", "-w", "sh", "-c", "cd '\(directory)' && { \(script); } 2> errors.txt"])
        let errors = (try? String(contentsOfFile: directory + "/errors.txt", encoding: .utf8)) ?? ""
        return (result.status, result.output, errors)
    }

    @Test("a batch run over a pipe, a FIFO and gzip, zstd, bzip2 and xz pipes gives the file's own counts, with no terminal")
    func batchOverStreams() throws {
        let d = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: d) }
        let s = Tmux.scrollwork
        let expected = try Self.run("\(s) open flights.csv --frequency origin --output -", in: d)
        #expect(expected.status == 0)
        let lines = expected.output.split(separator: "\n")
        #expect(lines.count == 4 && lines.dropFirst().map { Int($0.split(separator: ",")[1]) ?? 0 }.reduce(0, +) == 120_000, "\(expected)")
        let summary = try Self.run("\(s) open flights.csv --summary --output -", in: d).output
        #expect(summary.contains("id,integers,120000,"))
        for (name, command) in [("pipe", "cat flights.csv |"), ("gzip", "gzip -c flights.csv |"), ("zstd", "zstd -qc flights.csv |"),
                                ("bzip2", "bzip2 -c flights.csv |"), ("xz", "xz -c flights.csv |")] {
            let piped = try Self.run("\(command) \(s) open - --frequency origin --output -", in: d)
            #expect(piped.status == 0 && piped.output == expected.output, "\(name): \(piped)")
            let counted = try Self.run("\(command) \(s) open - --summary --output -", in: d)
            #expect(counted.output == summary, "\(name): \(counted.errors)")
            let all = try Self.run("\(command) \(s) - --output - | wc -l", in: d)
            #expect(all.output.trimmingCharacters(in: .whitespacesAndNewlines) == "120001", "\(name): \(all)")
        }
        let fifo = try Self.run("mkfifo f && (cat flights.csv > f &) && \(s) open f --frequency origin --output -", in: d)
        #expect(fifo.status == 0 && fifo.output == expected.output, "\(fifo)")
    }

    @Test("damaged compressed input fails a batch run with the decoder's message; --output keeps a file that exists unless --force; never the file read")
    func batchKeepsFilesAndRefusesDamage() throws {
        let d = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: d) }
        let s = Tmux.scrollwork
        let cut = try Self.run("gzip -c flights.csv | head -c 100000 | \(s) open - --output out.csv", in: d)
        #expect(cut.status == 1 && cut.errors.contains("gzip") && !cut.errors.contains("wrote"), "\(cut)")
        #expect(!FileManager.default.fileExists(atPath: d + "/out.csv"))
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: d + "/kept.csv"))
        let refused = try Self.run("\(s) flights.csv --frequency origin --output kept.csv", in: d)
        #expect(refused.status == 1 && refused.errors.contains("already exists") && refused.errors.contains("--force"), "\(refused)")
        #expect(try String(contentsOfFile: d + "/kept.csv", encoding: .utf8) == "precious\n")
        let forced = try Self.run("\(s) flights.csv --frequency origin --output kept.csv --force", in: d)
        let replaced = try String(contentsOfFile: d + "/kept.csv", encoding: .utf8)
        #expect(forced.status == 0 && replaced.hasPrefix("value,count,percent\n"), "\(forced)")
        let own = try Self.run("\(s) flights.csv --output flights.csv --force", in: d)
        #expect(own.status == 1 && own.errors.contains("never replaces"), "\(own)")
        #expect(try String(contentsOfFile: d + "/flights.csv", encoding: .utf8).hasPrefix("id,origin,delay\n0,"))
        let null = try Self.run("\(s) flights.csv --filter origin=JFK --output /dev/null", in: d)
        #expect(null.status == 0, "\(null)")
    }

    @Test("Ctrl-S suggests a new name, asks before replacing a file that exists, and n keeps it")
    func saveAsksInTheTerminal() throws {
        let d = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: d) }
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: d + "/flights-view.csv"))
        let t = try Tmux("cd \(d) && " + Tmux.scrollwork + " open flights.csv", columns: 160)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("120,000 rows") })
        t.keys("C-s")
        #expect(t.wait { $0.contains("Save the view as") && $0.contains("flights-view-2.csv") })
        t.keys("C-u", "flights-view.csv", "Enter")
        #expect(t.wait { $0.contains("flights-view.csv exists. Replace it?") })
        t.keys("n")   // the key alone answers, as a dialog's does
        #expect(t.wait { $0.contains("nothing saved: flights-view.csv is kept") })
        #expect(try String(contentsOfFile: d + "/flights-view.csv", encoding: .utf8) == "precious\n")
        t.keys("C-s")
        #expect(t.wait { $0.contains("Save the view as") })
        t.keys("C-u", "flights.csv", "Enter")
        #expect(t.wait { $0.contains("a save never replaces it") })
        t.keys("q")
        #expect(t.file("status") == "0")
    }

    @Test("a quiet pipe (tail -f) shows its lines at once and says it waits; N after G starts from the screen; F follows a rotated log")
    func streamsSearchAndRotation() throws {
        let d = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: d) }
        try Data("first quiet line\n".utf8).write(to: URL(fileURLWithPath: d + "/quiet.log"))
        let t = try Tmux("cd \(d) && tail -f quiet.log | " + Tmux.scrollwork, columns: 140)
        defer { t.shutDown() }
        #expect(t.wait(timeout: 5) { $0.contains("first quiet line") && $0.contains("waiting for more input") })
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: d + "/quiet.log"))
        handle.seekToEndOfFile()
        handle.write(Data("second quiet line\n".utf8))
        try handle.close()
        #expect(t.wait(timeout: 5) { $0.contains("second quiet line") })
        t.keys("q")

        let lines = (1...3000).map { [10, 1500, 2500].contains($0) ? "a needle here" : "line \($0)" }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: d + "/app.log"))
        let p = try Tmux("cd \(d) && " + Tmux.scrollwork + " app.log", columns: 120, rows: 20)
        defer { p.shutDown() }
        #expect(p.wait { $0.contains("3,000 lines") })
        p.keys("/")
        p.bytes("needle")
        p.keys("Enter")
        #expect(p.wait { $0.contains("match on line 10") })
        p.keys("G")
        #expect(p.wait { $0.contains("line 3000") })
        p.keys("N")
        #expect(p.wait { $0.contains("match on line 2,500") })
        p.keys("F")
        try FileManager.default.moveItem(atPath: d + "/app.log", toPath: d + "/app.log.1")
        try Data("after the rotation\n".utf8).write(to: URL(fileURLWithPath: d + "/app.log"))
        #expect(p.wait(timeout: 10) { $0.contains("after the rotation") && $0.contains("following the new file") })
        p.keys("q")
        #expect(p.file("status") == "0")
    }
}
