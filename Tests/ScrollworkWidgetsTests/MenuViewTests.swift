import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// A context menu on its own: where it opens, how the keys and the pointer move through it, what
/// it reports.
@Suite struct MenuViewTests {
    enum Action: Hashable, Sendable { case cut, copy, paste, delete }

    static let items: [MenuItem<Action>] = [
        MenuItem("Cut", action: .cut, shortcut: "Ctrl+X"), MenuItem("Copy", action: .copy, shortcut: "Ctrl+C"),
        MenuItem("Paste", action: .paste, isEnabled: false), .separator, MenuItem("Delete", action: .delete),
    ]

    func drawn(_ menu: inout MenuView<Action>, columns: Int = 40, rows: Int = 12) -> Buffer {
        var buffer = Buffer(columns: columns, rows: rows)
        var canvas = Canvas(cells: buffer)
        menu.render(in: canvas.bounds, into: &canvas, at: 0)
        buffer = canvas.cells
        return buffer
    }

    @Test("it opens below and after the point where there is room, above or before it where there is not, and inside the area always")
    func placement() {
        var menu = MenuView(Self.items, at: Point(x: 16, y: 16))
        _ = drawn(&menu)
        #expect(menu.frame.minX == 16 && menu.frame.minY == 16)
        menu = MenuView(Self.items, at: Point(x: 300, y: 180))
        let buffer = drawn(&menu)
        #expect(menu.frame.maxX <= 300 + 8 && menu.frame.maxY <= 180 + 16 && menu.frame.maxX <= 320 && menu.frame.maxY <= 192,
                "opened up and to the left of a point near the corner (to the nearest cell), inside the area: \(menu.frame)")
        #expect(buffer.text.contains("Cut") && buffer.text.contains("Ctrl+X") && buffer.text.contains("╭"))
        #expect(MenuView<Action>.place(.nan, length: 10, within: 0...100) == 0 && MenuView<Action>.place(50, length: 500, within: 0...100) == 0)
    }

    @Test("↓ and ↑ skip the dimmed item and the separator and go round; a letter finds the next item starting with it; Enter chooses")
    func keys() {
        var replies = Reply<MenuReport<Action>>()
        var menu = MenuView(Self.items, at: .zero, highlightingFirst: true)
        _ = drawn(&menu)
        #expect(menu.highlighted == 0)
        for (key, expected) in [(Key.down, 1), (.down, 4), (.down, 0), (.up, 4), (.home, 0), (.end, 4)] {
            replies.merge(menu.handle(.key(KeyEvent(key)), at: 0))
            #expect(menu.highlighted == expected, "\(key.label)")
        }
        replies.merge(menu.handle(.key(KeyEvent(.character("c"))), at: 0))
        #expect(menu.highlighted == 0, "from Delete, round to Cut")
        replies.merge(menu.handle(.key(KeyEvent(.character("C"))), at: 0))
        #expect(menu.highlighted == 1, "then Copy, whatever the case")
        replies.merge(menu.handle(.key(KeyEvent(.character("p"))), at: 0))
        #expect(menu.highlighted == 1, "Paste is dimmed: the highlight stays")
        replies.merge(menu.handle(.key(KeyEvent(.enter)), at: 0))
        #expect(replies.newReports() == [.chose(.copy)] && !menu.isOpen && !menu.isPresent)
        #expect(menu.handle(.key(KeyEvent(.down)), at: 0).result == .ignored, "closed, it takes nothing")
    }

    @Test("the release of the click that opened it chooses nothing; a click on an item chooses it; a press outside closes it")
    func pointer() throws {
        var menuReplies = Reply<MenuReport<Action>>()
        var otherReplies = Reply<MenuReport<Action>>()
        var menu = MenuView(Self.items, at: Point(x: 8, y: 8))
        _ = drawn(&menu)
        let copy = menu.itemFrames[1]
        let centre = Point(x: copy.midX, y: copy.midY)
        menuReplies.merge(menu.handle(.mouse(MouseEvent(.release, button: .right, at: centre)), at: 0))
        #expect(menu.isOpen && menuReplies.newReports().isEmpty)
        menuReplies.merge(menu.handle(.mouse(MouseEvent(.press, at: centre)), at: 1))
        menuReplies.merge(menu.handle(.mouse(MouseEvent(.release, at: centre)), at: 1.1))
        #expect(menuReplies.newReports() == [.chose(.copy)])
        var other = MenuView(Self.items, at: Point(x: 8, y: 8))
        _ = drawn(&other)
        let paste = other.itemFrames[2]
        otherReplies.merge(other.handle(.mouse(MouseEvent(.press, at: Point(x: paste.midX, y: paste.midY))), at: 0))
        otherReplies.merge(other.handle(.mouse(MouseEvent(.release, at: Point(x: paste.midX, y: paste.midY))), at: 0.1))
        #expect(other.isOpen && otherReplies.newReports().isEmpty, "a dimmed item cannot be chosen")
        let outside = other.handle(.mouse(MouseEvent(.press, at: Point(x: 300, y: 180))), at: 1)
        #expect(outside.isHandled)
        #expect(outside.reports == [.dismissed] && !other.isOpen)
        let element = try #require(MenuView(Self.items, at: .zero).accessibility)
        #expect(element.role == .menu && element.children.map(\.name) == ["Cut", "Copy", "Paste", "Delete"])
        #expect(element.children[2].state.contains(.disabled) && element.children[0].value == "Ctrl+X")
    }
}
