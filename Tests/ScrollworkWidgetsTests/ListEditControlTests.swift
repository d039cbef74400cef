import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// The edit-mode controls of a list view are clickable: ⊖ deletes, ≡ drags the row.
@Suite struct ListEditControlTests {
    func view() -> ListView<String> {
        var list = ListState(rows: (0..<40).map { "Contact \($0)" }) { RowContent($0) }
        list.isEditing = true
        var view = ListView(list, theme: Theme())
        var buffer = Buffer(columns: 30, rows: 10)
        view.render(in: buffer.area, into: &buffer, at: 0)
        return view
    }

    func titles(_ v: ListView<String>, _ n: Int) -> [String] { (0..<n).compactMap { try? v.list.row(at: IndexPath(row: $0)) } }

    @Test("LT-03: a drag on ≡ moves the row instead of scrolling the list, and says where it went")
    func LT_03_dragTheHandle() throws {
        var replies = Reply<ListEvent>()
        var v = view()
        var buffer = Buffer(columns: 30, rows: 10)
        v.render(in: buffer.area, into: &buffer, at: 0)
        #expect(buffer.text.split(separator: "\n")[0].hasSuffix("≡"))
        let handle = v.body.maxColumn - 2
        replies.merge(v.handle(.mouse(MouseEvent(.press, column: handle, row: 0)), at: 0))
        for (i, row) in [1, 2, 3].enumerated() { replies.merge(v.handle(.mouse(MouseEvent(.drag, column: handle, row: row)), at: 0.05 * Double(i + 1))) }
        replies.merge(v.handle(.mouse(MouseEvent(.release, column: handle, row: 3)), at: 0.3))
        #expect(titles(v, 4) == ["Contact 1", "Contact 2", "Contact 3", "Contact 0"])
        #expect(v.list.scroll.offset.y == 0)
        #expect(replies.newReports() == [.moved(from: IndexPath(row: 0), to: IndexPath(row: 3))])
        // The same drag on the row's text scrolls, as ever.
        replies.merge(v.handle(.mouse(MouseEvent(.press, column: 8, row: 6)), at: 1))
        for (i, row) in [5, 4, 3].enumerated() { replies.merge(v.handle(.mouse(MouseEvent(.drag, column: 8, row: row)), at: 1 + 0.05 * Double(i + 1))) }
        replies.merge(v.handle(.mouse(MouseEvent(.release, column: 8, row: 3)), at: 1.2))
        #expect(v.list.scroll.offset.y > 0 && titles(v, 1) == ["Contact 1"])
    }

    @Test("LT-03: a click on ⊖ deletes its row (undo brings it back); a click beside it selects")
    func LT_03_clickTheDeleteControl() throws {
        var replies = Reply<ListEvent>()
        var v = view()
        replies.merge(v.handle(.mouse(MouseEvent(.press, column: 1, row: 2)), at: 0))
        replies.merge(v.handle(.mouse(MouseEvent(.release, column: 1, row: 2)), at: 0.05))
        #expect(replies.newReports() == [.deleted(IndexPath(row: 2))])
        #expect(titles(v, 3) == ["Contact 0", "Contact 1", "Contact 3"])
        try v.list.undo()
        #expect(titles(v, 3) == ["Contact 0", "Contact 1", "Contact 2"])
        replies.merge(v.handle(.mouse(MouseEvent(.press, column: 8, row: 2)), at: 1))
        replies.merge(v.handle(.mouse(MouseEvent(.release, column: 8, row: 2)), at: 1.05))
        #expect(replies.newReports() == [.selectionChanged(IndexPath(row: 2))] && v.list.numberOfRows == 40)
    }
}

@Suite struct ListPinnedHeaderDrawingTests {
    @Test("LT-08: a plain list draws the current section's header on top of its rows; a tap there selects nothing")
    func LT_08_pinnedHeaderDrawn() throws {
        var replies = Reply<ListEvent>()
        var list = ListState(sections: ["A", "B"].map { letter in
            ListSection((0..<10).map { "\(letter)\($0)" }, header: RowContent("Letter \(letter)"))
        }) { RowContent($0) }
        list.selectionMode = .single
        var view = ListView(list, theme: Theme())
        var buffer = Buffer(columns: 20, rows: 6)
        view.render(in: buffer.area, into: &buffer, at: 0)
        try view.list.scroll.setOffset(Point(x: 0, y: 4 * 16), time: 0)
        view.render(in: buffer.area, into: &buffer, at: 0)
        let lines = buffer.text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix(" Letter A") && lines[1].hasPrefix(" A4"))
        replies.merge(view.handle(.mouse(MouseEvent(.press, column: 3, row: 0)), at: 1))
        replies.merge(view.handle(.mouse(MouseEvent(.release, column: 3, row: 0)), at: 1.05))
        #expect(view.list.selection.isEmpty && replies.newReports().isEmpty)
    }
}
