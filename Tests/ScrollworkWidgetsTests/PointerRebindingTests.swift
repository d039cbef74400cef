import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// Clicks and wheel turns go through each widget's pointer table, as keys go through its key
/// table: a gesture bound anew does its new command, and every other gesture what it did.
@Suite struct PointerRebindingTests {
    typealias File = TableMultipleSelectionTests.File

    /// A 50-row macOS table that selects several rows, drawn in 40 × 20 cells.
    func table() throws -> TableView<File> { try TableMultipleSelectionTests().view() }

    /// Every gesture a table knows, and some it does not.
    static let gestures: [PointerGesture] = [
        PointerGesture(.click(.left)), PointerGesture(.click(.left), .shift), PointerGesture(.click(.left), .alt),
        PointerGesture(.click(.left), .control), PointerGesture(.click(.right)), PointerGesture(.click(.middle)),
        PointerGesture(.wheel), PointerGesture(.wheel, .shift), PointerGesture(.wheel, .control),
    ]

    /// The events that make `gesture` on table row `row` (under the header) at `time`.
    func events(_ gesture: PointerGesture, row: Int) -> [MouseEvent] {
        switch gesture.kind {
        case let .click(button), let .doubleClick(button):
            return [.press, .release].map { MouseEvent($0, button: button, column: 5, row: row + 1, modifiers: gesture.modifiers) }
        case .wheel:
            return [MouseEvent(.wheel(.down), button: .none, column: 5, row: row + 1, modifiers: gesture.modifiers)]
        }
    }

    /// What `gesture` on row 5 does to `view` after a click on row 2: handled or not, the
    /// selection, and the offset once the scrolling settles.
    func effect(of gesture: PointerGesture, on view: TableView<File>) -> String {
        var v = view
        for mouse in events(PointerGesture(.click(.left)), row: 2) { _ = v.handle(.mouse(mouse), at: 0) }
        let handled = events(gesture, row: 5).map { v.handle(.mouse($0), at: 1).isHandled }
        _ = v.tick(at: 10)
        let list = v.table.list
        let selected = list.selectedIndexPaths.map(\.row).sorted()
        return "\(handled) \(selected) \(list.scroll.offset.y) \(list.scroll.offset.x)"
    }

    @Test("LT-01: a gesture bound anew in a table does its new command; every other gesture does what it did")
    func LT_01_rebindingChangesExactlyThatGesture() throws {
        let plain = try table()
        var rebound = plain
        rebound.gestures = plain.gestures
            .rebinding(PointerGesture(.click(.left), .control), to: nil, summary: "left to the app")
            .rebinding(PointerGesture(.click(.right)), to: .choose(.toggle), summary: "add the row or take it out")
            .rebinding(PointerGesture(.wheel, .shift), to: .scroll(across: false), summary: "scroll down, as without Shift")
        for gesture in Self.gestures {
            let before = effect(of: gesture, on: plain), after = effect(of: gesture, on: rebound)
            switch gesture {
            case PointerGesture(.click(.left), .control):
                #expect(before.contains("[2, 5]") && after.contains("[2]"), "Ctrl+click toggled; now it chooses nothing: \(after)")
            case PointerGesture(.click(.right)):
                #expect(after == effect(of: PointerGesture(.click(.left), .control), on: plain) && after != before)
            case PointerGesture(.wheel, .shift):
                #expect(after == effect(of: PointerGesture(.wheel), on: plain) && after != before, "\(before) → \(after)")
            default:
                #expect(after == before, "\(gesture.label) did \(before), now \(after)")
            }
        }
        let help = rebound.gestures.help
        #expect(help.entries.prefix(3).map(\.keys) == ["Ctrl+click", "right-click", "Shift+wheel"])
        #expect(help.entries[0].does.hasPrefix("nothing") && help.markdown.hasPrefix("| Table | pointer |"))
    }

    @Test("LT-01: the standard tables: Shift or Alt extends, Ctrl toggles, other modifiers click as a plain click, Shift turns the wheel sideways")
    func LT_01_standardGestures() {
        let table = PointerCommand.table
        #expect(table.command(for: PointerGesture(.click(.left), .shift)) == .choose(.extend))
        #expect(table.command(for: PointerGesture(.click(.left), .alt)) == .choose(.extend))
        #expect(table.command(for: PointerGesture(.click(.left), .control)) == .choose(.toggle))
        #expect(table.command(for: PointerGesture(.click(.left), [.control, .alt])) == .choose(.replace), "unlisted modifiers: as without them")
        #expect(table.command(for: PointerGesture(.click(.right))) == .showMenu && PointerCommand.list.command(for: PointerGesture(.click(.right))) == nil)
        #expect(table.command(for: PointerGesture(.doubleClick(.left))) == .fit && PointerCommand.list.command(for: PointerGesture(.doubleClick(.left))) == nil)
        #expect(table.command(for: MouseEvent(.wheel(.up), column: 0, row: 0, modifiers: .shift)) == .scroll(across: true))
        #expect(table.command(for: MouseEvent(.drag, column: 0, row: 0)) == nil, "motion is part of a gesture, not one")
        #expect(PointerGesture(.doubleClick(.middle), [.control, .shift]).label == "Ctrl+Shift+middle-double-click")
    }

    @Test("a double-click on a heading's divider fits the column only while the table binds it to fit")
    func dividerDoubleClickFollowsTheTable() throws {
        func doubleClickDivider(_ v: inout TableView<File>) {
            let x = v.table.dividerPositions[0] - 2
            for t in [1.0, 1.2] {
                _ = v.handle(.mouse(MouseEvent(.press, at: Point(x: x, y: 8))), at: t)
                _ = v.handle(.mouse(MouseEvent(.release, at: Point(x: x, y: 8))), at: t + 0.05)
            }
        }
        var fitted = try table(), kept = try table()
        let width = fitted.table.columnWidths[0]
        kept.gestures = kept.gestures.rebinding(PointerGesture(.doubleClick(.left)), to: nil, summary: "nothing")
        doubleClickDivider(&fitted)
        doubleClickDivider(&kept)
        #expect(fitted.table.columnWidths[0] < width, "fitted to file-49's width")
        #expect(kept.table.columnWidths[0] == width)
    }

    struct Tree: OutlineSource, Sendable {
        func childCount(of parent: OutlinePath?) -> Int { (parent?.count ?? 0) < 3 ? 2 : 0 }
        func child(of parent: OutlinePath?, at index: Int) -> OutlinePath { (parent ?? []) + [index] }
    }

    @Test("LT-12: Alt+click on a triangle opens everything inside while the outline binds it so; bound to choose, it opens the row alone")
    func LT_12_altClickFollowsTheTable() throws {
        func altClickFirstTriangle(_ gestures: PointerTable<PointerCommand>) throws -> Int {
            var view = OutlineView(OutlineState(source: Tree())) { $0.map(String.init).joined(separator: ".") }
            view.gestures = gestures
            var buffer = Buffer(columns: 30, rows: 20)
            view.render(in: buffer.area, into: &buffer, at: 0)
            let lines = buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
            let row = try #require(lines.firstIndex { $0.contains("▸") })
            let column = try #require(lines[row].firstIndex(of: "▸"))
            for kind in [MouseEvent.Kind.press, .release] { _ = view.handle(.mouse(MouseEvent(kind, column: column, row: row, modifiers: .alt)), at: 1) }
            return view.outline.numberOfRows
        }
        #expect(try altClickFirstTriangle(PointerCommand.outline) == 2 + 2 + 4, "the first row and everything inside it open")
        #expect(try altClickFirstTriangle(PointerCommand.outline.rebinding(PointerGesture(.click(.left), .alt), to: .choose(.replace), summary: "open one")) == 4)
    }
}
