import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// `scrollwork open --window`'s app: the viewer of what was opened, replaced by what is dropped.
@Suite struct ViewerWindowTests {
    static func window(showing file: TemporaryFile) throws -> HeadlessTerminal<ViewerWindow> {
        let opened = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme())
        var t = HeadlessTerminal(ViewerWindow(opened, path: file.path, theme: Theme()), columns: 100, rows: 10)
        t.advance(by: 0.1)
        return t
    }

    @Test("a file dropped on the viewer's window opens in it in place of what it showed, the window named after it; a folder opens as its listing")
    func dropOpens() throws {
        let first = TemporaryFile(name: "cities.csv", "city,people\nLyon,500000\nNice,340000\n")
        let second = TemporaryFile(name: "notes.txt", "a line of notes\nanother\n")
        var t = try Self.window(showing: first)
        #expect(t.text.contains("Lyon"))
        #expect(t.app.shown.keyConvention == .desktop)
        t.send(.droppedFiles([second.path]))
        t.advance(by: 0.1)
        guard case .pager = t.app.shown else { Issue.record("the text file should show in the pager"); return }
        #expect(t.app.shown.keyConvention == .desktop, "a dropped file's viewer keeps a desktop app's keys")
        #expect(t.text.contains("a line of notes") && !t.text.contains("Lyon"), "\(t.text)")
        #expect(t.title == "notes.txt - Scrollwork")
        #expect(t.app.path == second.path)
        t.send(.droppedFiles([first.directory]))
        t.advance(by: 0.1)
        guard case .directory = t.app.shown else { Issue.record("a folder should show as its listing"); return }
        #expect(t.text.contains("cities.csv"), "\(t.text)")
    }

    @Test("a dropped file that cannot be shown leaves the view as it was and says why; a drop of several files opens the first and says the rest were not opened")
    func dropsThatCannotAllOpen() throws {
        let shown = TemporaryFile(name: "cities.csv", "city,people\nLyon,500000\n")
        let binary = TemporaryFile(name: "photo.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0, 1, 2, 3])
        let other = TemporaryFile(name: "more.csv", "a,b\n1,2\n")
        var t = try Self.window(showing: shown)
        t.send(.droppedFiles([binary.path]))
        t.advance(by: 0.1)
        guard case .table = t.app.shown else { Issue.record("the table should stay"); return }
        #expect(t.text.contains("Lyon") && t.text.contains("did not open what was dropped") && t.text.contains("binary"), "\(t.text)")
        #expect(t.title != "photo.png - Scrollwork")
        t.send(.droppedFiles([other.path, binary.path, shown.path]))
        t.advance(by: 0.1)
        #expect(t.app.path == other.path)
        #expect(t.text.contains("opened more.csv; 2 more dropped with it not opened"), "\(t.text)")
    }

    @Test("a replaced viewer's work is cancelled: a big file still being read when another is dropped stops being read")
    func dropCancelsWork() throws {
        let big = TemporaryFile(name: "big.csv", "id,text\n" + (1...20_000).map { "\($0),row \($0)" }.joined(separator: "\n") + "\n")
        let small = TemporaryFile(name: "small.csv", "a,b\n1,2\n")
        var t = try Self.window(showing: big)
        let reading = Set(t.pendingWork.map(\.id))
        try #require(!reading.isEmpty, "the big file's reading waits to run")
        t.send(.droppedFiles([small.path]))
        t.advance(by: 0.1)
        #expect(Set(t.pendingWork.map(\.id)).isDisjoint(with: reading), "the replaced viewer's work is cancelled")
        while t.runWork() {}
        #expect(t.app.path == small.path && t.text.contains("1 row"), "\(t.text)")
    }

    @Test("in a window the status line names a desktop app's keys (Ctrl+F, F1, Ctrl+Q), in a terminal the terminal's", arguments: [true, false])
    func statusNamesTheWindowsKeys(window: Bool) throws {
        let table = TemporaryFile(name: "cities.csv", "city,people\nLyon,500000\n")
        let notes = TemporaryFile(name: "notes.txt", "a line\n")
        func status<A: App>(_ app: A) -> String {
            var t = HeadlessTerminal(app, columns: 200, rows: 6)
            t.advance(by: 0.1)
            return t.text.split(separator: "\n").last.map(String.init) ?? ""
        }
        for file in [table, notes] {
            let opened = try OpenFile.opened(path: file.path, separator: nil, header: nil, theme: Theme())
            let line: String
            switch (window, opened) {
            case (true, _): line = status(ViewerWindow(opened, path: file.path, theme: Theme()))
            case let (false, .table(viewer)): line = status(viewer)
            case let (false, .pager(pager)): line = status(pager)
            default: Issue.record("a CSV opens as a table and text in the pager"); continue
            }
            #expect(line.contains(window ? "Ctrl+F search" : "/ search") && line.contains(window ? "Ctrl+Q quits" : "q quits"), "\(line)")
            if file === table { #expect(line.contains(window ? "F1 keys" : "? keys"), "\(line)") }
        }
    }

    @Test("the window's title names the page drilled into before the file: a row shown whole, and the file again once back")
    func titleFollowsThePage() throws {
        let file = TemporaryFile(name: "cities.csv", "city,people\nLyon,500000\nNice,340000\n")
        var t = try Self.window(showing: file)
        while t.runWork() {}
        t.send(.key(KeyEvent(.enter)))
        #expect(t.title == "Record 1 - cities.csv - Scrollwork", "\(t.title)")
        t.send(.key(KeyEvent(.escape)))
        t.advance(by: 1)
        #expect(t.title == "cities.csv - Scrollwork", "\(t.title)")
    }

    @Test("the window's title is the name of what it shows: a file's, a folder's, a database's without its password, standard input")
    func titles() {
        #expect(ViewerWindow.title(for: "data/cities.csv") == "cities.csv - Scrollwork")
        #expect(ViewerWindow.title(for: "postgres://ada:secret@db.example/flights?sslmode=require") == "flights - Scrollwork")
        #expect(ViewerWindow.title(for: "-") == "standard input - Scrollwork" && ViewerWindow.title(for: "logs/") == "logs - Scrollwork")
    }
}
