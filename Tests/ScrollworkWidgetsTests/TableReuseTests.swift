import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// A table keeps the header and rows it drew to copy them into the next frame while nothing they
/// show has changed: whatever changes, the frame is the one a table that kept nothing draws.
@Suite struct TableReuseTests {
    struct File: Sendable { var name: String; var size: Int }

    func view() throws -> TableView<File> {
        let files = (0..<300).map { File(name: "file-\($0)", size: $0 * 7) }
        let width = try ColumnWidth(min: 120, ideal: 160, max: 400)
        let table = TableState(rows: files, columns: [
            TableColumn("Name", width: width) { .string($0.name) },
            TableColumn("Size", width: width, alignment: .trailing) { .int($0.size) },
            TableColumn("Note", width: width) { .string($0.name.uppercased()) },
        ])
        return TableView(table, theme: Theme())
    }

    /// `view`'s frame at `time`, and the frame of a copy that kept nothing from earlier frames.
    func frames(_ view: inout TableView<File>, at time: Double) -> (kept: Buffer, fresh: Buffer) {
        var fresh = view
        fresh.drawnHeader = DrawnArea()
        fresh.drawnRows = DrawnRows()
        var kept = Buffer(columns: 40, rows: 12), drawn = Buffer(columns: 40, rows: 12)
        view.render(in: kept.area, into: &kept, at: time)
        fresh.render(in: drawn.area, into: &drawn, at: time)
        return (kept, drawn)
    }

    @Test("the header and rows drawn from kept cells match a fresh drawing after every kind of change")
    func keptCellsMatchAFreshDrawing() throws {
        var v = try view()
        let changes: [(String, (inout TableView<File>) -> Void)] = [
            ("nothing", { _ in }),
            ("a highlighted column", { $0.highlightedColumn = 1 }),
            ("a sort", { $0.table.setSortOrder([SortOrder(columnID: "Size", ascending: false)]) }),
            ("the other direction", { $0.table.setSortOrder([SortOrder(columnID: "Size", ascending: true)]) }),
            ("rows scrolled under the header", { _ = $0.handle(.key(KeyEvent(.pageDown)), at: 1) }),
            ("a theme", { $0.theme.header.italic.toggle(); $0.theme.zebra.background = .palette(240) }),
            ("columns scrolled sideways", { _ = $0.handle(.key(KeyEvent(.right)), at: 2) }),
            ("a pinned column", { $0.table.pinnedColumns = 1 }),
            ("a sort under way", { v in
                v.sortsInBackground = true
                _ = v.handle(.mouse(MouseEvent(.press, button: .left, column: 2, row: 0)), at: 3)
                _ = v.handle(.mouse(MouseEvent(.release, button: .left, column: 2, row: 0)), at: 3.05)
            }),
            ("no highlight", { $0.highlightedColumn = nil }),
            ("the focus moved", { _ = $0.handle(.key(KeyEvent(.down)), at: 4) }),
        ]
        var time = 0.0
        for (what, change) in changes {
            change(&v)
            time += 10
            _ = v.tick(at: time)
            let (kept, fresh) = frames(&v, at: time)
            let same = kept == fresh
            #expect(same, "after \(what):\n\(kept.text)\nshould be:\n\(fresh.text)")
        }
        #expect(v.sorting != nil, "the last frames drew a sort under way")
    }
}

extension TableReuseTests {
    @Test("LT-01: a sort under way names its column by identity: moved, it follows; hidden, it says which column it was and never reads past the columns (the viewer fuzz test trapped there)")
    func LT_01_sortingTitleWhileColumnsChange() throws {
        var v = try view()
        v.sortsInBackground = true
        _ = v.sort(byColumn: 2, ascending: true, at: 0)
        #expect(v.sortingTitle == "Note" && v.sortProgress?.column == 2)
        _ = try v.table.removeColumn(0)
        #expect(v.sortingTitle == "Note" && v.sortProgress?.column == 1, "the sorted column moved to the first place but one")
        _ = try v.table.removeColumn(1)
        #expect(v.sortingTitle == "column 3", "\(String(describing: v.sortingTitle))")
    }
}
