import Foundation
import Testing

/// The gallery in a real terminal emulator (tmux): mouse reports as bytes, screens as text.
@Suite(.serialized) struct GalleryEndToEndTests {
    init() throws {
        try #require(Tmux.isAvailable, "tmux is needed; scripts/test installs it")
        try #require(FileManager.default.isExecutableFile(atPath: Tmux.scrollwork), "build scrollwork first: \(Tmux.scrollwork)")
    }

    @Test("PC-04, PC-12: the gallery opens and its page control moves between pages")
    func PC_04_PC_12_pagesThroughTheGallery() throws {
        let t = try Tmux(Tmux.scrollwork)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("1/7 Scroll view") })
        #expect(t.alternateScreen())
        // The dots sit on the bottom row, centred; dot i is in column start + 1 + 2i.
        let dots = t.line(39)
        let first = try #require(dots.firstIndex(of: "●")).utf16Offset(in: dots)
        t.click(column: first + 2 * 2, row: 39)
        #expect(t.wait { $0.contains("3/7 List") })
        // Scrub: press on the first dot and drag along the row to the last.
        t.bytes("\u{1B}[<0;\(first + 1);40M\u{1B}[<32;\(first + 7);40M\u{1B}[<32;\(first + 13);40M\u{1B}[<0;\(first + 13);40m")
        #expect(t.wait { $0.contains("7/7 Guideline checks") })
        t.keys("Tab")
        #expect(t.wait { $0.contains("1/7 Scroll view") })
        t.keys("q")
        #expect(t.wait { $0.contains("DONE") })
    }

    @Test("LT-12: while a million rows sort, Page Down moves the table and q quits within a frame or two")
    func LT_12_tableMovesWhileSorting() throws {
        let t = try Tmux(Tmux.scrollwork + " --page table")
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("2/7 Table") })
        let header = t.line(1)
        let name = try #require(header.range(of: "Name")).lowerBound.utf16Offset(in: header)
        let top = t.line(2)
        t.click(column: name + 1, row: 1)
        #expect(t.wait { $0.contains("Sorting by Name…") })
        t.keys("PageDown")
        // The page moves while the sort is still under way (it takes seconds in a debug build).
        #expect(t.wait(timeout: 2) { screen in screen.contains("Sorting by Name…") && !screen.contains(top) })
        let start = Date()
        t.keys("q")
        #expect(t.wait(timeout: 5) { $0.contains("DONE") })
        #expect(Date().timeIntervalSince(start) < 2, "q waited for the sort")
    }

    @Test("LT-12: a heading click sorts, a second reverses, a divider drag widens the column")
    func LT_12_tableSortsAndResizes() throws {
        let t = try Tmux(Tmux.scrollwork + " --page table")
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("2/7 Table") })
        let header = t.line(1)
        let size = try #require(header.range(of: "Size")).lowerBound.utf16Offset(in: header)
        t.click(column: size + 1, row: 1)
        #expect(t.wait(timeout: 60) { $0.contains("sorted by Size ▲") })
        let ascending = t.line(2)
        t.click(column: size + 1, row: 1)
        #expect(t.wait(timeout: 60) { $0.contains("sorted by Size ▼") })
        #expect(t.line(2) != ascending)
        // Sizes are shown as Finder shows them ("3.9 MB"); read them back as bytes.
        let sizes = (2...6).compactMap { bytes(shownIn: t.line($0)) }
        #expect(sizes.count == 5 && sizes == sizes.sorted(by: >), "rows \(sizes) are not in descending size order")
        // Drag the first divider eight cells to the right.
        let divider = try #require(t.line(1).firstIndex(of: "│")).utf16Offset(in: t.line(1))
        t.bytes("\u{1B}[<0;\(divider + 1);2M\u{1B}[<32;\(divider + 9);2M\u{1B}[<0;\(divider + 9);2m")
        #expect(t.wait { screen in
            let line = screen.split(separator: "\n", omittingEmptySubsequences: false)[1]
            return line.firstIndex(of: "│").map { line.utf16.distance(from: line.startIndex, to: $0) } == divider + 8
        })
        t.keys("q")
        #expect(t.wait { $0.contains("DONE") })
    }

    @Test("SV-05, SV-02: Page Down keeps the last line; the top edge gives and comes back")
    func SV_05_SV_02_pagingAndBounce() throws {
        let t = try Tmux(Tmux.scrollwork + " --page 1")
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("1/7 Scroll view") })
        // The document shows rows 2…37 (36 lines); after Page Down the old last line is on top.
        #expect(t.wait { _ in t.line(37).count > 3 })
        let lastLine = String(t.line(37).prefix(70))
        t.keys("PageDown")
        #expect(t.wait { _ in t.line(2).hasPrefix(lastLine) })
        t.keys("Home")
        #expect(t.wait { _ in t.line(2).hasPrefix(" Scrollwork  ") })
        // A wheel step up at the top stretches the content down, then it springs back.
        t.bytes("\u{1B}[<64;10;10M")
        #expect(t.wait(timeout: 5) { _ in t.line(3).hasPrefix(" Scrollwork  ") })
        #expect(t.wait(timeout: 5) { _ in t.line(2).hasPrefix(" Scrollwork  ") })
        t.keys("q")
        #expect(t.wait { $0.contains("DONE") })
    }

    @Test("q restores the terminal: stty settings unchanged and the alternate screen left")
    func quitRestoresTheTerminal() throws {
        let t = try Tmux(Tmux.scrollwork)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("Scrollwork") })
        t.keys("q")
        #expect(t.wait { $0.contains("DONE") })
        #expect(t.file("status") == "0")
        let before = try #require(t.file("before")), after = try #require(t.file("after"))
        #expect(before == after)
        #expect(!t.alternateScreen())
    }

    @Test("SIGTERM restores the terminal too")
    func sigtermRestoresTheTerminal() throws {
        let marker = "--fps 59.5"
        let t = try Tmux(Tmux.scrollwork + " " + marker)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("Scrollwork") })
        let pid = try #require(t.programPID())
        kill(pid, SIGTERM)
        #expect(t.wait { $0.contains("DONE") })
        #expect(t.file("status") == "143")
        let before = try #require(t.file("before")), after = try #require(t.file("after"))
        #expect(before == after)
        #expect(!t.alternateScreen())
    }

    @Test("Ctrl-Z (SIGTSTP) gives the terminal back while stopped; SIGCONT takes it again and redraws")
    func suspendAndResume() throws {
        let marker = "--fps 57.5"
        let t = try Tmux(Tmux.scrollwork + " " + marker, jobControl: true)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("1/7 Scroll view") })
        let before = try #require(t.file("before"))
        let pid = try #require(t.programPID())
        kill(pid, SIGTSTP)
        // Stopped: the terminal is as it was before the program started.
        #expect(t.wait { _ in !t.alternateScreen() })
        let stopped = try Tmux.run(["stty", "-g", "-F", t.tty()]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(stopped == before)
        // `fg` continues it (SIGCONT): it takes the screen again and redraws.
        t.resume()
        #expect(t.wait { _ in t.alternateScreen() })
        #expect(t.wait { $0.contains("1/7 Scroll view") })
        t.keys("q")
        #expect(t.wait { $0.contains("DONE") })
        #expect(t.file("status") == "0")
        #expect(t.file("after") == before)
    }

    @Test("TERM=dumb gets a clear message and exit status 2, not garbage")
    func dumbTerminalExitsTwo() throws {
        let t = try Tmux("env TERM=dumb " + Tmux.scrollwork)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("DONE") })
        #expect(t.file("status") == "2")
        #expect(t.screen().contains("cannot draw a full screen"))
        #expect(!t.alternateScreen())
    }

    @Test("SV-01: the idle gallery uses no CPU: no frames while nothing moves")
    func idleUsesNoCPU() throws {
        let marker = "--fps 58.5"
        let t = try Tmux(Tmux.scrollwork + " " + marker)
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("Scrollwork") })
        let pid = try #require(t.programPID())
        // The indicators flash for about two seconds when the page appears; then all is still.
        Thread.sleep(forTimeInterval: 3)
        let before = try cpuTicks(pid)
        Thread.sleep(forTimeInterval: 2)
        let after = try cpuTicks(pid)
        #expect(after - before <= 2, "\(after - before) clock ticks of CPU in 2 idle seconds")
        t.keys("q")
        #expect(t.wait { $0.contains("DONE") })
    }

    /// User plus system CPU time of a process, in clock ticks (1/100 s).
    private func cpuTicks(_ pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    @Test("without a terminal, scrollwork explains and exits 2")
    func noTerminalExitsTwo() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tmux.scrollwork)
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        p.standardInput = Pipe()
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 2)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("needs an interactive terminal"))
    }
}

/// The byte count of a size as the table shows it ("Zero bytes", "532 bytes", "12 KB", "3.9 MB").
func bytes(shownIn line: String) -> Double? {
    if line.contains("Zero bytes") { return 0 }
    let units: [String: Double] = ["byte": 1, "bytes": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9]
    let words = line.split(separator: " ").map(String.init)
    for (i, word) in words.enumerated().dropFirst() {
        if let unit = units[word], let number = Double(words[i - 1]) { return number * unit }
    }
    return nil
}
