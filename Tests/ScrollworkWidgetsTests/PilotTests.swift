import Foundation
import Scrollwork
import ScrollworkWidgets
import Testing
@testable import ScrollworkTesting

/// The test kit's pilot: it finds what the screen shows, acts as a person would, runs work when
/// asked, and keeps snapshots.
@Suite struct PilotTests {
    struct File: Sendable { var name: String; var size: Int }

    /// A table of files that sorts in the background when a heading is clicked.
    struct Files: WidgetApp {
        var content: TableView<File>
        var wantsQuit = false

        init(count: Int = 200) {
            let files = (0..<count).map { File(name: "file-\($0)", size: ($0 * 7_919) % 1_000) }
            content = TableView(TableState(rows: files, columns: [
                TableColumn("Name") { .string($0.name) },
                TableColumn("Size", alignment: .trailing) { .int($0.size) },
            ]))
        }
    }

    @Test("text is found a character a cell, wide characters counted once, and the nth showing on request")
    func findsText() {
        let pilot = Pilot(Files(), columns: 40, rows: 10)
        #expect(pilot.position(of: "Size")?.row == 0)
        #expect(pilot.position(of: "file-1", occurrence: 1) == CellPosition(column: 1, row: 2))
        #expect(pilot.position(of: "file-1", occurrence: 2) == nil, "file-10 and on are below the screen")
        #expect(pilot.position(of: "") == nil && pilot.position(of: "Name", occurrence: 0) == nil)
        #expect(pilot.line(1).hasPrefix(" file-0") && pilot.line(-1) == "" && pilot.line(99) == "")
        // As documented: a row's trailing spaces removed, as `text` removes them (#72).
        for row in 0..<10 {
            #expect(!pilot.line(row).hasSuffix(" ") && pilot.line(row) == pilot.text.split(separator: "\n", omittingEmptySubsequences: false)[row])
        }

        var wide = Buffer(columns: 12, rows: 1)
        wide.draw("滚动 ok", column: 1, row: 0)
        let row = ScreenRow(wide, row: 0)
        #expect(row.columns[row.characters.firstIndex(of: "o")!] == 6, "each wide character takes two cells")
        #expect(row.width(of: 2, from: 1) == 4)
    }

    @Test("keys, typed bytes and clicks reach the app; a click on a heading sorts once the work runs")
    func actsAsAPerson() throws {
        let pilot = Pilot(Files(), columns: 40, rows: 10)
        #expect(pilot.press(.down).press(.down).app.content.table.list.cursor != nil)
        // Typed bytes go through the terminal's decoder: ESC [ B is ↓.
        let before = pilot.app.content.table.list.cursor
        pilot.type("\u{1B}[B")
        #expect(pilot.app.content.table.list.cursor != before)
        try pilot.click("Size")
        #expect(pilot.pendingWork == ["sort"], "the sort waits for the test")
        #expect(pilot.runAllWork() == 1 && pilot.pendingWork.isEmpty)
        #expect(pilot.contains("Size ▲"))
        // The focused row stays in view; Home shows the top, where the smallest size is.
        #expect(pilot.press(.home).advance(by: 1).line(1).hasPrefix(" file-0 "), "the smallest size first:\n\(pilot.text)")
        // The table says what it is, and a click on it by role lands inside it.
        #expect(pilot.element(.table)?.rowCount == 200)
        try pilot.click(.table)
        #expect(pilot.app.content.table.list.selection.count == 1)
    }

    @Test("what cannot be clicked says why, with the screen")
    func explainsMisses() {
        let pilot = Pilot(Files(), columns: 40, rows: 10)
        #expect(throws: PilotError.notOnScreen("Kind", occurrence: 1, screen: pilot.text)) { try pilot.click("Kind") }
        #expect(throws: PilotError.noElement(.pageControl, named: nil)) { try pilot.click(.pageControl) }
        #expect("\(PilotError.notOnScreen("Kind", occurrence: 2, screen: "…"))".contains("\"Kind\" does not show 2 times"))
    }

    @Test("the wheel and a drag scroll; time moves only when the test moves it")
    func scrollsAndWaits() {
        let pilot = Pilot(Files(count: 2_000), columns: 40, rows: 10)
        pilot.scroll(.down, notches: 3, column: 10, row: 5).advance(by: 2)
        let wheeled = pilot.app.content.table.list.scroll.offset.y
        #expect(wheeled > 0 && !pilot.contains("file-0 "))
        pilot.drag(from: CellPosition(column: 10, row: 8), to: CellPosition(column: 10, row: 3))
        #expect(pilot.time > 2 && pilot.time < 2.2)
        pilot.advance(by: 5)
        #expect(pilot.app.content.table.list.scroll.offset.y > wheeled)
        #expect(pilot.resize(columns: 30, rows: 6).size == (30, 6))
    }

    @Test("a snapshot is recorded when missing, then checked: a difference names its first line")
    func snapshots() throws {
        let folder = "/tmp/scrollwork-pilot-\(UInt64.random(in: 0...UInt64.max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = SnapshotStore(testFile: folder + "/ExampleTests.swift")
        #expect(store.folder == folder + "/__Snapshots__/ExampleTests")
        #expect(throws: SnapshotError.recorded(store.folder + "/first.txt")) { try store.verify("a\nb\n", named: "first", record: false) }
        try store.verify("a\nb\n", named: "first", record: false)
        #expect(throws: SnapshotError.mismatch(path: store.folder + "/first.txt", line: 2, kept: "b", shown: "c")) {
            try store.verify("a\nc\n", named: "first", record: false)
        }
        #expect(throws: SnapshotError.recorded(store.folder + "/first.txt")) { try store.verify("a\nc\n", named: "first", record: true) }
        try store.verify("a\nc\n", named: "first", record: false)
        #expect(throws: SnapshotError.badName("../x")) { try store.verify("", named: "../x", record: false) }
        #expect(throws: SnapshotError.badName(".hidden")) { try store.verify("", named: ".hidden", record: false) }
    }

    @Test("a screen kept as a snapshot in the repository matches")
    func keptSnapshot() throws {
        let pilot = Pilot(Files(), columns: 30, rows: 6)
        try pilot.press(.down).verifySnapshot("files-focused", environment: [:])
    }
}

#if Window
/// PNG snapshots: the app drawn as the pixel host draws it, checked with a tolerance for type.
@Suite struct PilotPictureTests {
    @Test("a picture kept in the repository matches; a changed screen does not")
    func pictures() throws {
        let pilot = Pilot(PilotTests.Files(), columns: 30, rows: 6)
        try pilot.verifyPictureSnapshot("files", tolerance: 48, allowedPixels: 200, environment: [:])
        pilot.press(.down).press(.down)
        #expect {
            try pilot.verifyPictureSnapshot("files", tolerance: 48, allowedPixels: 200, environment: [:])
        } throws: { error in
            guard case let .pictureMismatch(_, pixels, _) = error as? SnapshotError else { return false }
            return pixels > 200
        }
    }
}
#endif
