import Testing
@testable import Scrollwork

@Suite struct ListStateTests {
    @Test("LT-01: sections with headers and footers, laid out in order")
    func LT_01_sectionsHeadersFooters() throws {
        let list = settingsList()
        #expect(list.numberOfSections == 3 && list.numberOfRows == 8)
        #expect(list.item(at: 0) == .header(section: 0))
        #expect(list.item(at: 1) == .row(IndexPath(row: 0, section: 0)))
        #expect(list.item(at: 4) == .footer(section: 0))
        #expect(list.item(at: 5) == .header(section: 1))
        #expect(list.numberOfItems == 8 + 3 + 2)
        #expect(list.decorations(ofSection: 2).footer?.title == "Version 1")
        #expect(try list.row(at: IndexPath(row: 1, section: 2)) == "Privacy")
        #expect(list.itemIndex(of: IndexPath(row: 1, section: 1)) == 7)
    }

    @Test("LT-01: rows are fetched only when shown")
    func LT_01_lazyRows() throws {
        let counter = FetchCounter()
        let source = GeneratedRows(count: 10_000_000) { i in counter.fetched.withLock { $0 += 1 }; return "Row \(i)" }
        var list = ListState(rows: source) { RowContent($0) }.inCells()
        list.setViewport(Size(width: 320, height: 640))
        #expect(counter.count == 0)
        #expect(list.scroll.contentSize.height == 160_000_000)
        let visible = list.visibleItems(overscan: 0)
        #expect(visible.count == 40)
        for entry in visible { if case let .row(path) = entry.item { _ = try list.content(at: path) } }
        #expect(counter.count == 40)
        try list.scroll.setOffset(Point(x: 0, y: 80_000_000), time: 0)
        #expect(list.visibleItems(overscan: 0).first?.item == .row(IndexPath(row: 5_000_000)))
    }

    @Test("LT-01: insert, delete and move through one model, undoable")
    func LT_01_editing() throws {
        var list = settingsList()
        try list.insertRows(["VPN"], at: IndexPath(row: 3, section: 0))
        #expect(titles(list)[0] == ["Wi-Fi", "Bluetooth", "Cellular", "VPN"])
        try list.deleteRows(at: [IndexPath(row: 0, section: 1)])
        #expect(titles(list)[1] == ["Sounds"])
        try list.moveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 2))
        #expect(titles(list)[0] == ["Bluetooth", "Cellular", "VPN"])
        #expect(titles(list)[2] == ["General", "Wi-Fi", "Privacy", "About"])
        try list.moveSection(from: 2, to: 0)
        #expect(list.decorations(ofSection: 0).header?.title == "System")
        try list.insertSection(ListSection(["Keyboard"], header: RowContent("Input")), at: 1)
        #expect(titles(list)[1] == ["Keyboard"])
        try list.deleteSection(at: 1)
        for _ in 0..<6 { try list.undo() }
        #expect(titles(list) == titles(settingsList()))
        #expect(!list.canUndo && list.canRedo)
        try list.redo()
        #expect(titles(list)[0] == ["Wi-Fi", "Bluetooth", "Cellular", "VPN"])
        #expect(throws: ListError.nothingToUndo) { var fresh = settingsList(); try fresh.undo() }
    }

    @Test("LT-01: selection follows rows through sort, insert, delete and move")
    func LT_01_selectionFollowsIdentity() throws {
        var list = settingsList()
        try list.select(IndexPath(row: 2, section: 0))  // Cellular
        try list.insertRows(["A", "B"], at: IndexPath(row: 0, section: 0))
        #expect(list.selectedIndexPaths == [IndexPath(row: 4, section: 0)])
        try list.sortRows(inSection: 0) { $0 < $1 }
        #expect(titles(list)[0] == ["A", "B", "Bluetooth", "Cellular", "Wi-Fi"])
        #expect(list.selectedIndexPaths == [IndexPath(row: 3, section: 0)])
        try list.moveRow(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 1))
        #expect(list.selectedIndexPaths == [IndexPath(row: 0, section: 1)])
        try list.deleteRows(at: [IndexPath(row: 0, section: 1)])
        #expect(list.selectedIndexPaths.isEmpty)
        try list.undo()
        #expect(list.selectedIndexPaths == [IndexPath(row: 0, section: 1)])
    }

    @Test("LT-03: with selectsAfterEdits, a delete selects the next row (the previous at the end) and an insert the new row")
    func LT_03_selectionAfterEdits() throws {
        var list = ListState(rows: ["a", "b", "c", "d"]) { RowContent($0) }
        list.selectsAfterEdits = true
        try list.select(IndexPath(row: 1))
        try list.deleteRows(at: [IndexPath(row: 1)])
        #expect(list.selectedIndexPaths == [IndexPath(row: 1)])
        #expect(try list.row(at: IndexPath(row: 1)) == "c")
        try list.deleteRows(at: [IndexPath(row: 1)])
        #expect(try list.row(at: list.selectedIndexPaths[0]) == "d")
        try list.deleteRows(at: [IndexPath(row: 1)])
        #expect(try list.row(at: list.selectedIndexPaths[0]) == "a")
        try list.insertRows(["new"], at: IndexPath(row: 0))
        #expect(try list.row(at: list.selectedIndexPaths[0]) == "new")
        try list.undo()
        #expect(list.numberOfRows == 1)
        // Off by default: the selection follows its rows only.
        var plain = ListState(rows: ["a", "b"]) { RowContent($0) }
        try plain.select(IndexPath(row: 0))
        try plain.deleteRows(at: [IndexPath(row: 0)])
        #expect(plain.selectedIndexPaths.isEmpty)
    }

    @Test("LT-01: sorting is stable")
    func LT_01_stableSort() throws {
        var list = ListState(rows: ["b1", "a1", "b2", "a2", "b3"]) { RowContent($0) }
        try list.sortRows(inSection: 0) { $0.first! < $1.first! }
        #expect(titles(list)[0] == ["a1", "a2", "b1", "b2", "b3"])
    }

    @Test("LT-03: reordering may be allowed when adding and removing are not")
    func LT_03_reorderAlone() throws {
        var list = settingsList()
        list.editPermissions = .reorder
        list.isEditing = true
        try list.moveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        #expect(titles(list)[0] == ["Bluetooth", "Cellular", "Wi-Fi"])
        #expect(throws: ListError.editNotAllowed("deleting rows")) { try list.deleteRows(at: [IndexPath(row: 0, section: 0)]) }
        #expect(throws: ListError.self) { try list.insertRows(["X"], at: IndexPath(row: 0, section: 0)) }
        let look = list.appearance(at: IndexPath(row: 0, section: 0))
        #expect(look.showsReorderHandle && !look.showsDeleteControl)
    }

    @Test("LT-03: on iOS, several rows are selected for an action only in edit mode")
    func LT_03_multipleSelectionNeedsEditMode() throws {
        var list = settingsList()
        list.selectionMode = .multiple
        try list.select(IndexPath(row: 0, section: 0))
        try list.select(IndexPath(row: 1, section: 0), toggling: true)
        #expect(list.selectedIndexPaths == [IndexPath(row: 1, section: 0)])
        list.isEditing = true
        try list.select(IndexPath(row: 2, section: 0), toggling: true)
        #expect(list.selectedIndexPaths == [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
        try list.select(IndexPath(row: 1, section: 2), extending: true)
        #expect(list.selectedIndexPaths.count == 5)
        list.isEditing = false
        #expect(list.selectedIndexPaths.count == 1)
        // macOS allows it without an edit mode.
        list.idiom = .macOS
        try list.select(IndexPath(row: 0, section: 0), toggling: true)
        #expect(list.selectedIndexPaths.count == 2)
    }

    @Test("LT-04: a navigation list keeps the selection highlighted")
    func LT_04_persistentHighlight() throws {
        var list = settingsList()
        #expect(try list.activate(IndexPath(row: 1, section: 0), at: 1) == .navigate(IndexPath(row: 1, section: 0)))
        #expect(list.appearance(at: IndexPath(row: 1, section: 0), time: 5).isSelected)
        #expect(!list.appearance(at: IndexPath(row: 1, section: 0), time: 5).showsCheckmark)
    }

    @Test("LT-04: an option list highlights briefly, then shows a checkmark")
    func LT_04_checkmarkFeedback() throws {
        var list = ListState(rows: ["Small", "Medium", "Large"]) { RowContent($0) }
        list.selectionFeedback = .checkmark
        #expect(try list.activate(IndexPath(row: 1), at: 10) == .selectionChanged(IndexPath(row: 1)))
        let during = list.appearance(at: IndexPath(row: 1), time: 10.1)
        #expect(during.isFlashing && !during.showsCheckmark && !during.isSelected)
        let after = list.appearance(at: IndexPath(row: 1), time: 10.3)
        #expect(!after.isFlashing && after.showsCheckmark)
        try list.select(IndexPath(row: 2), at: 11)
        #expect(!list.appearance(at: IndexPath(row: 1), time: 12).showsCheckmark)
        #expect(list.appearance(at: IndexPath(row: 2), time: 12).showsCheckmark)
    }

    @Test("LT-04: in an option list, moving the focus keeps the chosen row's checkmark; Return chooses")
    func LT_04_checkmarkStaysWhileFocusMoves() throws {
        var list = ListState(rows: ["Small", "Medium", "Large", "Huge"]) { RowContent($0) }
        list.selectionFeedback = .checkmark
        _ = try list.activate(IndexPath(row: 1), at: 0)
        for move in [ListMove.down, .down, .up, .end] {
            try list.moveCursor(move, at: 1)
            #expect(list.appearance(at: IndexPath(row: 1), time: 1).showsCheckmark)
        }
        let focused = try #require(list.cursor.flatMap { list.indexPath(of: $0) })
        #expect(focused == IndexPath(row: 3))
        #expect(list.appearance(at: focused, time: 1).isFocused)
        _ = try list.activate(focused, at: 2)
        #expect(list.appearance(at: focused, time: 3).showsCheckmark)
        #expect(!list.appearance(at: IndexPath(row: 1), time: 3).showsCheckmark)
    }

    @Test("LT-05: a row shows its title on one line; long text is clipped, not wrapped")
    func LT_05_shortRows() {
        let row = RowContent("A very long title that will not fit the row", subtitle: "and a subtitle", secondaryText: "On", leadingSymbol: "★")
        let lines = row.lines(width: 24)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { displayWidth($0) <= 24 })
        #expect(lines[0].hasPrefix("★ A very") && lines[0].hasSuffix("… On"))
        #expect(RowContent("Short").lines(width: 24) == ["Short"])
        // The value sits at the trailing edge, as in iOS settings.
        #expect(RowContent("Wi-Fi", secondaryText: "Home").lines(width: 20) == ["Wi-Fi           Home"])
    }

    @Test("LT-09: rows, headers and footers use one content configuration")
    func LT_09_contentConfiguration() throws {
        let list = settingsList()
        let content = try list.content(at: IndexPath(row: 0, section: 0))
        #expect(content.title == "Wi-Fi" && content.accessory == .disclosureIndicator)
        #expect(list.decorations(ofSection: 0).header == RowContent("Network"))
        let full = RowContent("Wi-Fi", subtitle: "Home", secondaryText: "On", leadingSymbol: "≋", accessory: .detailDisclosureButton)
        #expect(full.leadingSymbol == "≋" && full.subtitle == "Home" && full.secondaryText == "On")
    }

    @Test("LT-10: the detail button shows details and never navigates; the disclosure navigates")
    func LT_10_detailVersusDisclosure() throws {
        var list = ListState(rows: ["Home", "Work"]) { RowContent($0, accessory: $0 == "Home" ? .detailButton : .detailDisclosureButton) }
        #expect(try list.activate(IndexPath(row: 0), target: .detailButton) == .showDetails(IndexPath(row: 0)))
        #expect(try list.activate(IndexPath(row: 0)) == .selectionChanged(IndexPath(row: 0)))
        #expect(try list.activate(IndexPath(row: 1), target: .detailButton) == .showDetails(IndexPath(row: 1)))
        #expect(try list.activate(IndexPath(row: 1)) == .navigate(IndexPath(row: 1)))
    }

    @Test("LT-11: a section index jumps to sections; combined with trailing accessories it is diagnosed")
    func LT_11_sectionIndex() throws {
        let letters = (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) }
        var contacts = ListState(sections: letters.map { letter in
            ListSection((1...5).map { "\(letter)name \($0)" }, header: RowContent(letter), indexTitle: letter)
        }) { RowContent($0) }.inCells()
        contacts.setViewport(Size(width: 320, height: 320))
        #expect(contacts.sectionIndexTitles.count == 26)
        #expect(contacts.section(forIndexPosition: 0) == 0)
        #expect(contacts.section(forIndexPosition: 0.5) == 13)
        #expect(contacts.section(forIndexPosition: 1) == 25)
        try contacts.jump(toSection: 3)
        #expect(contacts.scroll.offset.y == 3 * 6 * 16)
        #expect(contacts.visibleItems(overscan: 0).first?.item == .header(section: 3))
        #expect(contacts.diagnostics().isEmpty)
        contacts.content = { RowContent($0, accessory: .disclosureIndicator) }
        #expect(contacts.diagnostics().map(\.guideline) == ["LT-11"])
    }

    @Test("LT-02: widely varying row heights are diagnosed")
    func LT_02_varyingHeights() throws {
        var list = settingsList()
        list.metrics.rowsVaryInHeight = true
        try list.setMeasuredHeight(16, at: IndexPath(row: 0, section: 0))
        #expect(list.diagnostics().isEmpty)
        try list.setMeasuredHeight(200, at: IndexPath(row: 1, section: 0))
        #expect(list.diagnostics().map(\.guideline) == ["LT-02"])
    }

    @Test("LT-02: a measured height takes effect at once, in every style, with or without rowsVaryInHeight", arguments: [false, true])
    func LT_02_measuredHeightAppliesAtOnce(varies: Bool) throws {
        for style in [ListStyle.plain, .grouped, .insetGrouped] {
            var list = ListState(rows: GeneratedRows(count: 100) { "Row \($0)" }) { RowContent($0) }
            list.style = style
            list.metrics.rowsVaryInHeight = varies
            list.setViewport(Size(width: 320, height: 320))
            let total = list.scroll.contentSize.height
            let row = try #require(list.itemIndex(of: IndexPath(row: 5)))
            try list.setMeasuredHeight(64, at: IndexPath(row: 5))
            #expect(list.frame(ofItem: row).height == 64, "\(style)")
            #expect(list.scroll.contentSize.height == total + 64 - list.metrics.rowHeight, "\(style)")
            // A row above the view keeps what is visible still (scroll anchoring), here too.
            try list.scroll.setOffset(Point(x: 0, y: 800), time: 0)
            let before = list.visibleItems(overscan: 0).first?.item
            try list.setMeasuredHeight(48, at: IndexPath(row: 1))
            #expect(list.visibleItems(overscan: 0).first?.item == before, "\(style)")
        }
    }

    @Test("LT-01: a row above the view changing height does not move what is visible")
    func LT_01_scrollAnchoring() throws {
        var list = ListState(rows: GeneratedRows(count: 1000) { "Row \($0)" }) { RowContent($0) }.inCells()
        list.metrics.rowsVaryInHeight = true
        list.setViewport(Size(width: 320, height: 320))
        try list.scroll.setOffset(Point(x: 0, y: 1600), time: 0)
        let before = list.visibleItems(overscan: 0).first?.item
        try list.setMeasuredHeight(48, at: IndexPath(row: 10))
        #expect(list.scroll.offset.y == 1632)
        #expect(list.visibleItems(overscan: 0).first?.item == before)
        // A row below the top changes height without moving the view.
        try list.setMeasuredHeight(48, at: IndexPath(row: 105))
        #expect(list.scroll.offset.y == 1632)
    }

    @Test("LT-01: keyboard movement scrolls only as much as needed")
    func LT_01_keyboardKeepsSelectionVisible() throws {
        var list = ListState(rows: GeneratedRows(count: 100) { "Row \($0)" }) { RowContent($0) }.inCells()
        list.setViewport(Size(width: 320, height: 160))  // ten rows
        for _ in 0..<9 { try list.moveCursor(.down) }
        #expect(list.selectedIndexPaths == [IndexPath(row: 8)])
        #expect(list.scroll.offset.y == 0)
        try list.moveCursor(.down)
        try list.moveCursor(.down)
        #expect(list.selectedIndexPaths == [IndexPath(row: 10)])
        #expect(list.scroll.offset.y == 16)
        try list.moveCursor(.pageDown)
        #expect(list.selectedIndexPaths == [IndexPath(row: 19)])
        try list.moveCursor(.end)
        #expect(list.selectedIndexPaths == [IndexPath(row: 99)])
        #expect(list.scroll.offset.y == 1440)
        try list.moveCursor(.home)
        #expect(list.scroll.offset.y == 0)
        list.selectionMode = .multiple
        list.idiom = .macOS
        try list.moveCursor(.down, extending: true)
        try list.moveCursor(.down, extending: true)
        #expect(list.selectedIndexPaths == [IndexPath(row: 0), IndexPath(row: 1), IndexPath(row: 2)])
    }

    @Test("LT-08: grouped styles separate sections; bordered alternates; inset grouped insets; elliptical shrinks towards the edges")
    func LT_08_styles() throws {
        var list = settingsList().inCells()
        let plainItems = list.numberOfItems
        list.style = .grouped
        #expect(list.numberOfItems == plainItems + 2)
        #expect(list.item(at: 5) == .spacer(section: 1))
        list.style = .insetGrouped
        #expect(list.frame(ofItem: 1).minX == 16)
        list.style = .bordered
        #expect(!list.appearance(at: IndexPath(row: 0, section: 0)).usesAlternateBackground)
        #expect(list.appearance(at: IndexPath(row: 1, section: 0)).usesAlternateBackground)
        list.style = .elliptical
        list.setViewport(Size(width: 200, height: 112))
        let middle = list.appearance(at: IndexPath(row: 2, section: 0))
        let edge = list.appearance(at: IndexPath(row: 0, section: 0))
        #expect(middle.scale > edge.scale && middle.opacity > edge.opacity)
        #expect(edge.scale < 1)
        list.style = .sidebar
        #expect(list.style.separatesSections)
    }

    @Test("LT-13: on tvOS the focused row is raised")
    func LT_13_focusRaises() throws {
        var list = settingsList()
        list.idiom = .tvOS
        try list.moveCursor(.down)
        #expect(list.appearance(at: IndexPath(row: 0, section: 0)).isRaised)
        #expect(!list.appearance(at: IndexPath(row: 1, section: 0)).isRaised)
    }

    @Test("LT-14: watchOS limits rows with a show-more row, and pages between detail views")
    func LT_14_rowLimitAndDetailPaging() throws {
        var list = ListState(sections: [ListSection((0..<20).map { "Workout \($0)" }), ListSection(["Summary"])]) { RowContent($0) }
        list.rowLimit = 5
        #expect(list.numberOfItems == 5 + 1 + 1)
        #expect(list.item(at: 5) == .showMore(section: 0))
        try list.showMore(inSection: 0)
        #expect(list.numberOfItems == 21)
        #expect(list.nextDetail(after: IndexPath(row: 19, section: 0)) == IndexPath(row: 0, section: 1))
        #expect(list.nextDetail(after: IndexPath(row: 0, section: 1)) == nil)
        #expect(list.previousDetail(before: IndexPath(row: 0, section: 1)) == IndexPath(row: 19, section: 0))
        #expect(list.previousDetail(before: IndexPath(row: 0, section: 0)) == nil)
    }

    @Test func badInputIsAnsweredWithTypedErrors() throws {
        var list = settingsList()
        #expect(throws: ListError.rowOutOfRange(IndexPath(row: 3, section: 0), rowsInSection: 3)) { try list.row(at: IndexPath(row: 3, section: 0)) }
        #expect(throws: ListError.sectionOutOfRange(7, count: 3)) { try list.select(IndexPath(row: 0, section: 7)) }
        #expect(throws: ListError.self) { try list.moveRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 5, section: 0)) }
        #expect(throws: ListError.self) { try list.insertRows(["x"], at: IndexPath(row: -1, section: 0)) }
        #expect(throws: ListError.self) { try list.setMeasuredHeight(.infinity, at: IndexPath(row: 0, section: 0)) }
        #expect(titles(list) == titles(settingsList()))
        #expect(ListError.sectionOutOfRange(7, count: 3).description.contains("0 to 2"))
    }

    @Test func sourceThatChangesCountIsReported() throws {
        let store = GrowingStore()
        var list = ListState(rows: store.source) { RowContent($0) }
        #expect(throws: Never.self) { try list.validateSources() }
        store.grow()
        #expect(throws: ListError.sourceCountChanged(section: 0, expected: 3, actual: 4)) { try list.validateSources() }
        list.reloadData()
        #expect(list.numberOfRows == 4)
        try list.validateSources()
    }
}

/// A source whose count can change, as a live data set's would.
final class GrowingStore: Sendable {
    let rows = FetchCounter()
    init() { rows.fetched.withLock { $0 = 3 } }
    func grow() { rows.fetched.withLock { $0 += 1 } }
    var source: GrowingSource { GrowingSource(store: self) }
}

struct GrowingSource: RowSource, Sendable {
    let store: GrowingStore
    var count: Int { store.rows.count }
    func row(at index: Int) -> String { "Row \(index)" }
}

/// A list that keeps a focused row (#64): the first row is focused when none is, in the first
/// section that has rows; a focus already there stays; an empty list has none to focus.
@Suite struct ListKeepsAFocusTests {
    @Test("LT-01: focusFirstRowIfNone focuses the first row of the first section with rows, once")
    func LT_01_focusFirstRowIfNone() throws {
        var list = ListState(sections: [ListSection([String]()), ListSection(["a", "b"])]) { RowContent($0) }
        list.selectionMode = .single
        #expect(try list.focusFirstRowIfNone())
        #expect(list.cursor.flatMap { list.indexPath(of: $0) } == IndexPath(row: 0, section: 1))
        try list.select(IndexPath(row: 1, section: 1))
        #expect(try !list.focusFirstRowIfNone(), "a focused row stays focused")
        #expect(list.cursor.flatMap { list.indexPath(of: $0) } == IndexPath(row: 1, section: 1))
        var empty = ListState(rows: [String]()) { RowContent($0) }
        #expect(try !empty.focusFirstRowIfNone() && empty.cursor == nil)
        var unselectable = ListState(rows: ["x"]) { RowContent($0) }
        unselectable.selectionMode = .none
        #expect(try !unselectable.focusFirstRowIfNone())
    }
}
