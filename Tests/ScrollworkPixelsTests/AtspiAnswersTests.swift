#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import Testing
@testable import ScrollworkPixels
import ScrollworkWidgets

/// What the window's screen-reader bridge answers AT-SPI's calls with, from a tree alone: paths,
/// roles, states, rows read on demand, bounds in pixels. (The bus itself is the end-to-end
/// test's, with a real client.)
@Suite struct AtspiAnswersTests {
    struct Flight: Sendable { var number: Int }

    /// A window whose page holds a ten-million-row table, row 3 focused and the focus the
    /// table's, drawn at 2 pixels a point at (100, 50) on the screen.
    static func tree(scrolledAway: Bool = false) -> AtspiTree {
        var state = TableState(rows: GeneratedRows(count: 10_000_000) { Flight(number: $0) }, columns: [
            TableColumn("Flight", width: .clamping(ideal: 120)) { .int($0.number) },
            TableColumn("Gate", width: .clamping(ideal: 80)) { .string("G\($0.number % 40)") },
        ])
        state.list.selectionMode = .single
        var view = TableView(state)
        var buffer = Buffer(columns: 60, rows: 12)
        view.render(in: buffer.area, into: &buffer, at: 0)
        for time in 1...4 { _ = view.handle(.key(KeyEvent(.down)), at: Double(time)) }
        if scrolledAway {
            _ = view.handle(.key(KeyEvent(.pageDown)), at: 5)
            _ = view.tick(at: 9)
        }
        view.render(in: buffer.area, into: &buffer, at: 9)
        var table = view.accessibility
        table?.state.insert(.focused)
        let label = AccessibilityElement(role: .staticText, name: "Flights", frame: Rect(x: 0, y: 0, width: 80, height: 16))
        let page = AccessibilityElement(role: .group, frame: Rect(x: 0, y: 0, width: 480, height: 192), children: [label, table!])
        var tree = AtspiTree(applicationName: "scrollwork", title: "Table - Scrollwork", content: page, size: Size(width: 480, height: 192),
                             scale: 2, origin: (100, 50), isActive: true)
        // As the bridge publishes it.
        tree.focus = tree.focusedPath
        return tree
    }

    static func ask(_ tree: AtspiTree, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []) -> [DBusValue] {
        switch AtspiAnswers(tree: tree, bus: ":1.7").answer(path: path, interface: interface, member: member, arguments: arguments) {
        case let .values(values): return values
        case let .error(name, text): return [.string("error \(name): \(text)")]
        case let .perform(path, action): return [.string("perform \(action) at \(path)")]
        }
    }

    static let w = AtspiTree.windowPath
    /// The page, the table on it and the label over it, as the tree names them: each part a
    /// role and a place.
    static let page = w + "/group0"
    static let table = page + "/table1"
    static let label = page + "/staticText0"

    @Test("LT-12: the application holds its window, the window the page, the page a label and a table whose children are its headings and every row")
    func LT_12_treeOfPaths() {
        let tree = Self.tree()
        let accessible = "org.a11y.atspi.Accessible"
        #expect(Self.ask(tree, AtspiTree.applicationPath, accessible, "GetRole") == [.uint32(75)])
        #expect(Self.ask(tree, AtspiTree.applicationPath, accessible, "GetChildAtIndex", [.int32(0)]) == [.reference(":1.7", Self.w)])
        #expect(Self.ask(tree, AtspiTree.applicationPath, "org.freedesktop.DBus.Properties", "Get", [.string(accessible), .string("Name")]) == [.variant(.string("scrollwork"))])
        #expect(Self.ask(tree, Self.w, "org.freedesktop.DBus.Properties", "Get", [.string(accessible), .string("Name")]) == [.variant(.string("Table - Scrollwork"))])
        #expect(Self.ask(tree, Self.w, accessible, "GetRole") == [.uint32(23)])
        #expect(Self.ask(tree, Self.table, accessible, "GetRoleName") == [.string("table")])
        // Two headings, then ten million rows, counted but never listed.
        #expect(Self.ask(tree, Self.table, "org.freedesktop.DBus.Properties", "Get", [.string(accessible), .string("ChildCount")]) == [.variant(.int32(10_000_002))])
        #expect(Self.ask(tree, Self.table, accessible, "GetChildAtIndex", [.int32(1)]) == [.reference(":1.7", Self.table + "/columnHeader1")])
        #expect(Self.ask(tree, Self.table, accessible, "GetChildAtIndex", [.int32(5_000_002)]) == [.reference(":1.7", Self.table + "/r5000000")])
        #expect(Self.ask(tree, Self.table, accessible, "GetChildAtIndex", [.int32(10_000_002)]) == [.reference(":1.7", AtspiTree.nullPath)])
        #expect(Self.ask(tree, Self.table, accessible, "GetChildren") == [.array(signature: "(so)", [])])
        #expect(Self.ask(tree, Self.table + "/r5000000", accessible, "GetIndexInParent") == [.int32(5_000_002)])
        #expect(Self.ask(tree, Self.table + "/r5000000", accessible, "GetRoleName") == [.string("table row")])
        #expect(Self.ask(tree, Self.table + "/r5000000/cell1", accessible, "GetRoleName") == [.string("table cell")])
        #expect(Self.ask(tree, Self.label, accessible, "GetRoleName") == [.string("label")])
        // Paths that name nothing are unknown objects, whatever they hold.
        for path in [Self.table + "/r10000000", Self.table + "/r-1", Self.table + "/r", Self.table + "/9", Self.w + "/x", Self.table + "/r99999999999999999999", Self.page + "/list1", Self.page + "/table1_g1",
                     "/org/a11y/atspi/accessible/other", Self.table + "/r5/5"] {
            #expect(Self.ask(tree, path, accessible, "GetRole").first?.text?.hasPrefix("error org.freedesktop.DBus.Error.UnknownObject") == true, "\(path)")
        }
    }

    @Test("LT-12: a cell of any row is read through the Table interface, with its heading")
    func LT_12_tableInterface() {
        let tree = Self.tree()
        let table = "org.a11y.atspi.Table", properties = "org.freedesktop.DBus.Properties"
        #expect(Self.ask(tree, Self.table, properties, "Get", [.string(table), .string("NRows")]) == [.variant(.int32(10_000_000))])
        #expect(Self.ask(tree, Self.table, properties, "Get", [.string(table), .string("NColumns")]) == [.variant(.int32(2))])
        let cell = Self.ask(tree, Self.table, table, "GetAccessibleAt", [.int32(7_654_321), .int32(1)])
        #expect(cell == [.reference(":1.7", Self.table + "/r7654321/cell1")])
        #expect(Self.ask(tree, Self.table + "/r7654321/cell1", properties, "Get", [.string("org.a11y.atspi.Accessible"), .string("Name")]) == [.variant(.string("G1"))])
        #expect(Self.ask(tree, Self.table + "/r7654321", properties, "Get", [.string("org.a11y.atspi.Accessible"), .string("Name")]) == [.variant(.string("7654321, G1"))])
        #expect(Self.ask(tree, Self.table, table, "GetColumnHeader", [.int32(1)]) == [.reference(":1.7", Self.table + "/columnHeader1")])
        #expect(Self.ask(tree, Self.table + "/r7654321/cell1", properties, "Get", [.string("org.a11y.atspi.TableCell"), .string("Position")])
            == [.variant(.structure([.int32(7_654_321), .int32(1)]))])
        #expect(Self.ask(tree, Self.table, table, "GetSelectedRows") == [.array(signature: "i", [.int32(3)])])
        #expect(Self.ask(tree, Self.table, table, "IsRowSelected", [.int32(3)]) == [.boolean(true)])
        #expect(Self.ask(tree, Self.table, table, "IsRowSelected", [.int32(4)]) == [.boolean(false)])
        #expect(Self.ask(tree, Self.table, "org.a11y.atspi.Selection", "GetSelectedChild", [.int32(0)]) == [.reference(":1.7", Self.table + "/r3")])
    }

    @Test("LT-06: a row on screen and a heading offer a click and their menu, done as input at their centre; a row scrolled away offers nothing")
    func LT_06_actions() {
        let tree = Self.tree()
        let action = "org.a11y.atspi.Action"
        #expect(Self.ask(tree, Self.table + "/r1", action, "GetActions") == [.array(signature: "(sss)", [
            .structure([.string("click"), .string("Presses it"), .string("")]), .structure([.string("menu"), .string("Opens its context menu"), .string("")]),
        ])])
        #expect(Self.ask(tree, Self.table + "/r1", action, "DoAction", [.int32(0)]) == [.string("perform 0 at \(Self.table)/r1")])
        #expect(Self.ask(tree, Self.table + "/r1", action, "DoAction", [.int32(2)]) == [.boolean(false)])
        #expect(Self.ask(tree, Self.table + "/r1", action, "DoAction", [.int32(-1)]) == [.boolean(false)])
        #expect(Self.ask(tree, Self.table + "/r9000000", "org.freedesktop.DBus.Properties", "Get", [.string(action), .string("NActions")]) == [.variant(.int32(0))])
        let heading = tree.node(at: Self.table + "/columnHeader0")?.element
        let centre = heading?.frame.center ?? Point(x: -1, y: -1)
        #expect(centre.y == 8 && heading?.actions.first?.events == [.mouse(MouseEvent(.press, x: centre.x, y: 8)), .mouse(MouseEvent(.release, x: centre.x, y: 8))])
    }

    @Test("LT-12: an assistive tool grabs focus on a row on screen, or selects one, by a click on it, as a person would; a row off screen cannot be clicked and says so")
    func LT_12_focusAndSelectionFromATool() {
        let tree = Self.tree()
        #expect(Self.ask(tree, Self.table + "/r1", "org.a11y.atspi.Component", "GrabFocus") == [.string("perform 0 at \(Self.table)/r1")])
        #expect(Self.ask(tree, Self.table + "/r9000000", "org.a11y.atspi.Component", "GrabFocus") == [.boolean(false)])
        // The table's children are its two headings, then its rows: child 4 is row 2.
        #expect(Self.ask(tree, Self.table, "org.a11y.atspi.Selection", "SelectChild", [.int32(4)]) == [.string("perform 0 at \(Self.table)/r2")])
        #expect(Self.ask(tree, Self.table, "org.a11y.atspi.Selection", "SelectChild", [.int32(9_000_002)]) == [.boolean(false)])
        #expect(Self.ask(tree, Self.table, "org.a11y.atspi.Selection", "SelectChild", [.int32(-1)]) == [.boolean(false)])
        #expect(Self.ask(tree, Self.label, "org.a11y.atspi.Component", "GrabFocus") == [.boolean(false)], "a label is not clicked")
    }

    @Test("LT-12: focus is the focused row, on screen or scrolled away; its states say focused, selected and whether it shows")
    func LT_12_focusAndStates() {
        for away in [false, true] {
            let tree = Self.tree(scrolledAway: away)
            #expect(tree.focusedPath == Self.table + "/r3")
            guard case let .array(_, words)? = Self.ask(tree, Self.table + "/r3", "org.a11y.atspi.Accessible", "GetState").first else {
                Issue.record("no state set")
                continue
            }
            let bits = words.compactMap(\.integer).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (32 * UInt64($1.offset)) }
            func has(_ state: Int) -> Bool { bits & (1 << UInt64(state)) != 0 }
            #expect(has(12) && has(23) && has(11) && has(22), "focused, selected, focusable, selectable")
            #expect(has(25) == !away && has(30) == !away, "showing and visible only while on screen")
            // The row has focus, and the table whose active row it is; the page the app marks
            // around them does not.
            guard case let .array(_, table)? = Self.ask(tree, Self.table, "org.a11y.atspi.Accessible", "GetState").first else { continue }
            #expect(table.first?.integer.map { $0 & (1 << 12) != 0 } == true)
            for around in [Self.page, Self.label] {
                guard case let .array(_, outer)? = Self.ask(tree, around, "org.a11y.atspi.Accessible", "GetState").first else { continue }
                #expect(outer.first?.integer.map { $0 & (1 << 12) == 0 } == true, "\(around)")
            }
        }
        // Row to row: the old row loses focus, the table says which row is active, the new row
        // gains focus; the table keeps it throughout.
        let events = AtspiEvent.focusMoved(from: Self.table + "/r3", to: Self.table + "/r4")
        #expect(events.map(\.member) == ["StateChanged", "ActiveDescendantChanged", "SelectionChanged", "StateChanged"])
        #expect(events[1].path == Self.table && events[1].object == Self.table + "/r4")
        #expect(events.first?.detail1 == 0 && events.first?.path == Self.table + "/r3" && events.last?.detail1 == 1 && events.last?.path == Self.table + "/r4")
        // From the table itself to its first row: the table is not said to lose focus.
        let first = AtspiEvent.focusMoved(from: Self.table, to: Self.table + "/r0")
        #expect(first.map(\.member) == ["ActiveDescendantChanged", "SelectionChanged", "StateChanged"] && first.last?.path == Self.table + "/r0")
        // From a row to a field elsewhere: the row and its table lose focus, the field gains it.
        let away = AtspiEvent.focusMoved(from: Self.table + "/r4", to: Self.label)
        #expect(away.map(\.path) == [Self.table + "/r4", Self.table, Self.label] && away.map(\.detail1) == [0, 0, 1])
    }

    @Test("LT-12, PC-02: what changes on screen becomes the events screen readers follow: selection, a value, a name, rows added")
    func LT_12_PC_02_changeEvents() {
        var tree = Self.tree()
        let before = tree.shownObjects()
        #expect(before[Self.table + "/r3"]?.state.contains(.selected) == true && before[Self.table]?.childCount == 10_000_002)
        #expect(AtspiEvent.changes(from: before, to: before).isEmpty)
        var dots = AccessibilityElement(role: .pageControl, value: "page 1 of 3")
        dots.range = AccessibilityRange(current: 1, minimum: 1, maximum: 3)
        tree.content?.children.append(dots)
        tree.content?.children[1].children.removeAll { $0.rowIndex == 3 }
        tree.content?.children[1].rowCount = 10_000_005
        tree.title = "Outline - Scrollwork"
        let middle = tree.shownObjects()
        let events = AtspiEvent.changes(from: before, to: middle)
        #expect(events.contains { $0.path == AtspiTree.windowPath && $0.member == "PropertyChange" && $0.detail == "accessible-name" })
        #expect(events.contains { $0.path == Self.table && $0.member == "ChildrenChanged" && $0.detail == "add" && $0.detail1 == 10_000_002 })
        #expect(!events.contains { $0.path.hasSuffix("/r3") }, "a row scrolled away is not said to change")
        dots.range?.current = 2
        dots.value = "page 2 of 3"
        tree.content?.children[2] = dots
        tree.content?.children[1].children[2].state.insert(.expanded)
        let after = AtspiEvent.changes(from: middle, to: tree.shownObjects())
        #expect(after.contains { $0.path == Self.page + "/pageControl2" && $0.detail == "accessible-value" })
        #expect(after.contains { $0.member == "StateChanged" && $0.detail == "expanded" && $0.detail1 == 1 })
        #expect(after.count == 2, "\(after)")
    }

    @Test("SV-01: a page of text is read by characters, words and lines, at any offset")
    func textByUnits() {
        var tree = Self.tree()
        tree.content?.children.append(AccessibilityElement(role: .document, value: "one two\nthree\n\nfour"))
        let path = Self.page + "/document2", text = "org.a11y.atspi.Text"
        func at(_ offset: Int, _ boundary: Int) -> [DBusValue] { Self.ask(tree, path, text, "GetTextAtOffset", [.int32(Int32(offset)), .uint32(UInt32(boundary))]) }
        #expect(at(9, 5) == [.string("three\n"), .int32(8), .int32(14)])
        #expect(at(0, 5) == [.string("one two\n"), .int32(0), .int32(8)])
        #expect(at(14, 5) == [.string("\n"), .int32(14), .int32(15)])
        #expect(at(99, 5) == [.string("four"), .int32(15), .int32(19)])
        #expect(at(-5, 1) == [.string("one "), .int32(0), .int32(4)])
        #expect(at(5, 0) == [.string("w"), .int32(5), .int32(6)])
        #expect(Self.ask(tree, path, text, "GetStringAtOffset", [.int32(16), .uint32(3)]) == [.string("four"), .int32(15), .int32(19)])
        #expect(Self.ask(tree, path, text, "GetText", [.int32(4), .int32(-1)]) == [.string("two\nthree\n\nfour")])
        #expect(Self.ask(tree, path, text, "GetText", [.int32(Int32.max), .int32(Int32.min)]) == [.string("")])
        #expect(Self.ask(tree, path, "org.freedesktop.DBus.Properties", "Get", [.string(text), .string("CharacterCount")]) == [.variant(.int32(19))])
        var empty = tree
        empty.content?.children[2].value = ""
        #expect(Self.ask(empty, path, text, "GetTextAtOffset", [.int32(3), .uint32(5)]) == [.string(""), .int32(0), .int32(0)])
    }

    @Test("SV-01: a document's characters lie in their lines (each its share of its line's width), a point finds its character, and its selection is read and followed")
    func SV_01_textExtentsAndSelection() {
        var tree = Self.tree()
        var document = AccessibilityElement.document(AccessibleText(lines: ["abcd", "", "xy"], firstShown: 0,
                                                                    lineFrames: [Rect(x: 10, y: 20, width: 40, height: 10), Rect(x: 10, y: 30, width: 0, height: 10),
                                                                                 Rect(x: 10, y: 40, width: 20, height: 10)],
                                                                    selection: 2..<7), frame: Rect(x: 0, y: 20, width: 200, height: 30))
        tree.content?.children.append(document)
        let path = Self.page + "/document2", text = "org.a11y.atspi.Text"
        // At 2 pixels a point, the window at (100, 50) on the screen.
        #expect(Self.ask(tree, path, text, "GetCharacterExtents", [.int32(1), .uint32(1)]) == [.int32(40), .int32(40), .int32(20), .int32(20)])
        #expect(Self.ask(tree, path, text, "GetCharacterExtents", [.int32(1), .uint32(0)]) == [.int32(140), .int32(90), .int32(20), .int32(20)])
        #expect(Self.ask(tree, path, text, "GetCharacterExtents", [.int32(7), .uint32(1)]) == [.int32(40), .int32(80), .int32(20), .int32(20)], "y of the third line")
        #expect(Self.ask(tree, path, text, "GetRangeExtents", [.int32(0), .int32(4), .uint32(1)]) == [.structure([.int32(20), .int32(40), .int32(80), .int32(20)])])
        #expect(Self.ask(tree, path, text, "GetOffsetAtPoint", [.int32(45), .int32(45), .uint32(1)]) == [.int32(1)])
        #expect(Self.ask(tree, path, text, "GetOffsetAtPoint", [.int32(45), .int32(85), .uint32(1)]) == [.int32(7)])
        #expect(Self.ask(tree, path, text, "GetOffsetAtPoint", [.int32(45), .int32(500), .uint32(1)]) == [.int32(-1)])
        #expect(Self.ask(tree, path, text, "GetNSelections") == [.int32(1)] && Self.ask(tree, path, text, "GetSelection", [.int32(0)]) == [.int32(2), .int32(7)])
        for offset in [Int32.min, -1, 99, Int32.max] {
            #expect(Self.ask(tree, path, text, "GetCharacterExtents", [.int32(offset), .uint32(0)]).count == 4, "\(offset)")
        }
        let before = tree.shownObjects()
        document.textSelection = nil
        tree.content?.children[2] = document
        #expect(AtspiEvent.changes(from: before, to: tree.shownObjects()).map(\.member) == ["TextSelectionChanged"])
        #expect(Self.ask(tree, path, text, "GetNSelections") == [.int32(0)])
    }

    @Test("bounds are in pixels, on the screen or in the window, and a point finds the deepest object under it")
    func boundsInPixels() {
        let tree = Self.tree()
        let component = "org.a11y.atspi.Component"
        #expect(Self.ask(tree, Self.label, component, "GetExtents", [.uint32(0)]) == [.structure([.int32(100), .int32(50), .int32(160), .int32(32)])])
        #expect(Self.ask(tree, Self.label, component, "GetExtents", [.uint32(1)]) == [.structure([.int32(0), .int32(0), .int32(160), .int32(32)])])
        // Row 1 of the table is drawn at y 32…48 points: 64…96 pixels in the window.
        let found = Self.ask(tree, Self.w, component, "GetAccessibleAtPoint", [.int32(20), .int32(70), .uint32(1)])
        #expect(found == [.reference(":1.7", Self.table + "/r1/cell0")], "\(found)")
        // Any point, however far, is answered without overflowing.
        for (x, y) in [(Int32.max, Int32.max), (Int32.min, Int32.min), (0, Int32.max)] {
            #expect(Self.ask(tree, Self.w, component, "Contains", [.int32(x), .int32(y), .uint32(0)]).count == 1)
            #expect(Self.ask(tree, Self.w, component, "GetAccessibleAtPoint", [.int32(x), .int32(y), .uint32(0)]).count == 1)
        }
        #expect(AtspiAnswers.contains((Int32.max, Int32.max, Int32.max, Int32.max), Int(Int32.max), Int(Int32.max)))
    }

    @Test("every method of every interface answers any arguments on any path without trapping")
    func anyCallAnswers() {
        let tree = Self.tree()
        let answers = AtspiAnswers(tree: tree, bus: ":1.7")
        let members = ["Get", "GetAll", "Set", "GetChildAtIndex", "GetChildren", "GetIndexInParent", "GetRelationSet", "GetRole", "GetRoleName",
                       "GetLocalizedRoleName", "GetState", "GetAttributes", "GetApplication", "GetInterfaces", "GetLocale", "GetExtents", "GetPosition",
                       "GetSize", "GetLayer", "GetAlpha", "GrabFocus", "Contains", "GetAccessibleAtPoint", "GetAccessibleAt", "GetIndexAt", "GetRowAtIndex",
                       "GetColumnAtIndex", "GetRowDescription", "GetColumnDescription", "GetRowExtentAt", "GetColumnExtentAt", "GetRowHeader",
                       "GetColumnHeader", "GetSelectedRows", "GetSelectedColumns", "IsRowSelected", "IsColumnSelected", "IsSelected", "GetSelectedChild",
                       "IsChildSelected", "SelectChild", "ClearSelection", "GetText", "GetTextAtOffset", "GetStringAtOffset", "GetCharacterAtOffset",
                       "GetCaretOffset", "GetAttributes", "GetDefaultAttributes", "GetNSelections", "GetActions", "GetName", "GetDescription",
                       "GetKeyBinding", "DoAction", "GetItems", "Nonsense"]
        let interfaces = ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component", "org.a11y.atspi.Table", "org.a11y.atspi.Selection",
                          "org.a11y.atspi.Text", "org.a11y.atspi.Action", "org.a11y.atspi.Application", "org.a11y.atspi.Value",
                          "org.freedesktop.DBus.Properties", "org.a11y.atspi.Cache", ""]
        let paths = [AtspiTree.applicationPath, Self.w, Self.page, Self.label, Self.table, Self.table + "/columnHeader0", Self.table + "/r3",
                     Self.table + "/r3/cell1", Self.table + "/r9999999", Self.table + "/r9999999/cell1", "/org/a11y/atspi/cache", "/", ""]
        let arguments: [[DBusValue]] = [[], [.int32(Int32.min), .int32(Int32.max), .uint32(UInt32.max)], [.int32(-1), .int32(-1)],
                                        [.string("org.a11y.atspi.Accessible"), .string("Name")], [.string(""), .string("")], [.int32(3), .int32(1), .uint32(7)],
                                        [.structure([]), .array(signature: "s", []), .variant(.double(.nan))]]
        var answered = 0
        for path in paths {
            for interface in interfaces {
                for member in members {
                    for values in arguments {
                        _ = answers.answer(path: path, interface: interface, member: member, arguments: values)
                        answered += 1
                    }
                }
            }
        }
        #expect(answered == paths.count * interfaces.count * members.count * arguments.count)
    }

    @Test("a window without an accessibility bus runs without a bridge; a bus that cannot be reached stops it, saying why, and never blocks")
    func noBus() {
        #expect(AccessibilityBridge.start(environment: [:]) == nil)
        #expect(AccessibilityBridge.start(environment: ["AT_SPI_BUS_ADDRESS": "unix:path=/nowhere", "NO_AT_BRIDGE": "1"]) == nil)
        let bridge = AccessibilityBridge.start(environment: ["AT_SPI_BUS_ADDRESS": "unix:path=/nonexistent/scrollwork-test-bus"])
        #expect(bridge != nil)
        bridge?.publish(Self.tree())
        bridge?.stop()
        #expect(bridge?.isConnected == false)
        #expect(bridge?.failure?.contains("/nonexistent/scrollwork-test-bus") == true, "\(bridge?.failure ?? "no failure")")
    }
}
#endif
