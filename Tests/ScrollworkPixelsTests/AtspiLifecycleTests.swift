#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import Testing
@testable import ScrollworkPixels
import ScrollworkWidgets

/// How the screen-reader bridge follows what comes and goes: where focus is when menus, lists,
/// documents and dialogs are open, objects retired when a page changes or a menu closes (never
/// brought back at a path a screen reader holds as dead), and the states and events GTK sends.
@Suite struct AtspiLifecycleTests {
    static let w = AtspiTree.windowPath

    /// A window showing `content`, 480 × 192 points at one pixel a point.
    static func tree(_ content: AccessibilityElement) -> AtspiTree {
        AtspiTree(applicationName: "scrollwork", title: "Scrollwork", content: content, size: Size(width: 480, height: 192),
                  scale: 1, origin: (0, 0), isActive: true)
    }

    /// A page of `children`, called `identifier`.
    static func page(_ identifier: String, _ children: [AccessibilityElement]) -> AccessibilityElement {
        var page = AccessibilityElement(role: .group, state: .focused, children: children)
        page.identifier = identifier
        return page
    }

    /// A list of `count` rows whose row `cursor` looks focused (its cursor row), focused itself or not.
    static func list(_ name: String, count: Int, cursor: Int?, focused: Bool) -> AccessibilityElement {
        var list = AccessibilityElement(role: .list, name: name, state: focused ? .focused : [], rowCount: count)
        list.children = (0..<Swift.min(count, 3)).map { i in
            AccessibilityElement(role: .row, name: "\(name) \(i)", state: i == cursor ? .focused : [], rowIndex: i)
        }
        list.focusedRow = cursor
        return list
    }

    /// A menu of `titles`, `highlighted` focused, as ``MenuView`` describes it.
    static func menu(_ titles: [String], highlighted: Int?) -> AccessibilityElement {
        let items = titles.enumerated().map { i, title in
            AccessibilityElement(role: .menuItem, name: title, value: "Ctrl+\(title.prefix(1))", state: i == highlighted ? .focused : [])
        }
        return AccessibilityElement(role: .menu, state: .focused, children: items)
    }

    @Test("LT-12: an open menu has the focus, on its highlighted item, though the table under it has a cursor row; its items are counted once")
    func LT_12_menuTakesFocus() {
        let table = Self.list("Files", count: 1_000, cursor: 1, focused: false)
        var tree = Self.tree(Self.page("Table", [table, Self.menu(["Copy", "Select All"], highlighted: 1)]))
        let published = tree.published(after: nil)
        let menu = Self.w + "/group0_Table/menu1"
        #expect(published.tree.focus == menu + "/menuItem1", "\(published.tree.focus)")
        #expect(published.events.contains { $0.path == menu + "/menuItem1" && $0.detail == "focused" && $0.detail1 == 1 })
        // Two items, two children: a menu's items are not its rows as well.
        tree.focus = published.tree.focus
        #expect(AtspiAnswersTests.ask(tree, menu, "org.freedesktop.DBus.Properties", "Get", [.string("org.a11y.atspi.Accessible"), .string("ChildCount")])
            == [.variant(.int32(2))])
        // Opened by the pointer, no item highlighted: the menu itself.
        let unhighlighted = Self.tree(Self.page("Table", [table, Self.menu(["Copy"], highlighted: nil)])).published(after: nil)
        #expect(unhighlighted.tree.focus == menu)
    }

    @Test("LT-12: a focused group hands its focus to the first list, table or text in it, as a GTK container does; a list without a focused row keeps it")
    func LT_12_focusHandedOn() {
        // The settings pane: a group named by its title, holding a list the app does not mark.
        var pane = AccessibilityElement(role: .group, name: "Settings", state: .focused,
                                        children: [AccessibilityElement(role: .button, name: "Back"), Self.list("Settings", count: 12, cursor: nil, focused: false)])
        pane.identifier = "settings"
        let options = Self.list("Text Size", count: 5, cursor: 2, focused: false)
        let tree = Self.tree(Self.page("List", [pane, options]))
        #expect(tree.published(after: nil).tree.focus == Self.w + "/group0_List/group0_settings/list1")
        // Focus moved to the option list by the app: its focused row, not the pane's list.
        pane.state.remove(.focused)
        let moved = Self.tree(Self.page("List", [pane, Self.list("Text Size", count: 5, cursor: 2, focused: true)])).published(after: nil)
        #expect(moved.tree.focus == Self.w + "/group0_List/list1/r2")
        // A scroll view hands its focus to the text it shows.
        let scroll = AccessibilityElement(role: .scrollArea, value: "0% down", state: .focused,
                                          children: [AccessibilityElement(role: .document, value: "one\ntwo")])
        #expect(Self.tree(Self.page("Scroll", [scroll])).published(after: nil).tree.focus == Self.w + "/group0_Scroll/scrollArea0/document0")
    }

    @Test("LT-12: a page changed is retired (defunct, removed from its parent), the new one added; a page that comes back comes back at a new path")
    func LT_12_pagesRetired() {
        let table = Self.tree(Self.page("Table", [Self.list("Files", count: 1_000, cursor: 0, focused: true)]))
        let list = Self.tree(Self.page("List", [Self.list("Contacts", count: 90, cursor: 0, focused: true)]))
        let first = table.published(after: nil)
        let tablePage = Self.w + "/group0_Table", listPage = Self.w + "/group0_List"
        #expect(first.tree.focus == tablePage + "/list0/r0")
        let second = list.published(after: first)
        let events = second.events
        #expect(events.contains { $0.path == Self.w && $0.member == "ChildrenChanged" && $0.detail == "remove" && $0.object == tablePage })
        for gone in [tablePage, tablePage + "/list0", tablePage + "/list0/r0"] {
            #expect(events.contains { $0.path == gone && $0.member == "StateChanged" && $0.detail == "defunct" && $0.detail1 == 1 }, "\(gone)")
        }
        #expect(events.contains { $0.path == Self.w && $0.member == "ChildrenChanged" && $0.detail == "add" && $0.object == listPage })
        #expect(second.tree.focus == listPage + "/list0/r0")
        #expect(events.last?.path == listPage + "/list0/r0" && events.last?.detail == "focused", "focus comes after the structure: \(events.map(\.member))")
        // Back to the table: its old paths stay dead; the page is a new object at a path of its own.
        let third = table.published(after: second)
        #expect(third.tree.focus == tablePage + "_g1/list0/r0", "\(third.tree.focus)")
        #expect(third.tree.node(at: tablePage) == nil && third.tree.node(at: tablePage + "_g1/list0/r2") != nil)
        // And a menu opened twice is two menus.
        let menu = Self.tree(Self.page("List", [Self.list("Contacts", count: 90, cursor: 0, focused: false), Self.menu(["Copy"], highlighted: 0)]))
        let opened = menu.published(after: second), closed = list.published(after: opened), again = menu.published(after: closed)
        #expect(opened.tree.focus == listPage + "/menu1/menuItem0" && again.tree.focus == listPage + "/menu1_g1/menuItem0", "\(again.tree.focus)")
        #expect(closed.events.contains { $0.path == listPage + "/menu1" && $0.detail == "defunct" })
    }

    @Test("LT-12: a node that opens says expanded and no longer collapsed, one that closes the other way round, as GTK's tree rows do")
    func LT_12_expandedAndCollapsed() {
        var row = AccessibilityElement(role: .row, name: "Region 1", state: [.expandable], rowIndex: 0)
        var outline = AccessibilityElement(role: .outline, state: .focused, rowCount: 10, children: [row])
        let closed = Self.tree(outline).shownObjects()
        row.state.insert(.expanded)
        outline.children = [row]
        outline.rowCount = 14
        let open = Self.tree(outline).shownObjects()
        let opening = AtspiEvent.changes(from: closed, to: open)
        #expect(opening.contains { $0.detail == "expanded" && $0.detail1 == 1 } && opening.contains { $0.detail == "collapsed" && $0.detail1 == 0 })
        #expect(opening.contains { $0.member == "ChildrenChanged" && $0.detail == "add" }, "the rows that appeared")
        let closing = AtspiEvent.changes(from: open, to: closed)
        #expect(closing.contains { $0.detail == "expanded" && $0.detail1 == 0 } && closing.contains { $0.detail == "collapsed" && $0.detail1 == 1 })
    }

    @Test("the window is resizable, never stale; a checkable row says checkable, not visited")
    func stateNumbers() throws {
        var option = AccessibilityElement(role: .row, name: "Medium", state: [.checkable, .checked], rowIndex: 0)
        option.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let tree = Self.tree(Self.page("List", [AccessibilityElement(role: .list, rowCount: 1, children: [option])]))
        func states(_ path: String) throws -> Set<Int> {
            let node = try #require(tree.node(at: path))
            return Set(AtspiRoles.states(of: node, windowIsActive: true, hasFocus: false))
        }
        let window = try states(Self.w)
        #expect(window.contains(21) && !window.contains(27), "resizable (21), not stale (27): \(window.sorted())")
        let row = try states(Self.w + "/group0_List/list0/r0")
        #expect(row.contains(41) && row.contains(4) && !row.contains(40), "checkable (41) and checked (4), not visited (40): \(row.sorted())")
    }

    @Test("an identifier becomes letters, digits and escaped bytes a D-Bus path allows, and two identifiers never share a part")
    func identifiersInPaths() {
        var element = AccessibilityElement(role: .group)
        element.identifier = "Page control"
        #expect(AtspiTree.basePart(for: element, at: 4) == "group4_Page_20control")
        element.identifier = "Page_20control"
        #expect(AtspiTree.basePart(for: element, at: 4) == "group4_Page_5F20control")
        element.identifier = "é/"
        #expect(AtspiTree.basePart(for: element, at: 0) == "group0__C3_A9_2F")
        element.identifier = ""
        #expect(AtspiTree.basePart(for: element, at: 7) == "group7")
    }
}
#endif
