#if Window
import Scrollwork
import ScrollworkWidgets

/// What a window shows a screen reader, addressed as AT-SPI 2 addresses objects: an object path
/// for the application, its window, every element on screen, and every row of a list, table or
/// outline, on screen or not. Paths say where an object is and what it is, so none is kept: a
/// row is `…/w/group0/table2/r5000000` (row 5,000,000 of the table that is the third element
/// of the window's first), read when it is asked for, and stays the same row as the table
/// scrolls. An element's part names its role and its ``AccessibilityElement/identifier``, so a
/// path is never taken over by an object of another role or another page: the old one is
/// retired (``AtspiEvent/structure(from:to:stillThere:)``).
struct AtspiTree: Sendable {
    /// The root of every path the bridge serves.
    static let base = "/org/a11y/atspi/accessible"
    /// The application's path, the one AT-SPI names for every application's root.
    static let applicationPath = base + "/root"
    /// The window's path.
    static let windowPath = base + "/w"
    /// The path AT-SPI reads as "no object".
    static let nullPath = "/org/a11y/atspi/null"

    /// The application's name ("scrollwork").
    var applicationName: String
    /// The window's title.
    var title: String
    /// What the app says it shows.
    var content: AccessibilityElement?
    /// The window's size in points.
    var size: Size
    /// Pixels per point, and where the window's top left is on the screen in pixels.
    var scale: Double
    var origin: (x: Int, y: Int)
    /// Whether the window has the keyboard (AT-SPI's active state).
    var isActive: Bool
    /// The path of the object with keyboard focus, as ``focusedPath`` found it when the tree
    /// was published.
    var focus = ""
    /// How many objects were retired from each place (a parent's path and a child's part before
    /// retirements), which the bridge keeps from one publication to the next.
    var generations: [String: Int] = [:]

    /// One object of the tree: the application (no element), the window, or an element.
    struct Node {
        var path: String
        /// nil for the application and the window.
        var element: AccessibilityElement?
        /// The path of its parent; nil for the application, whose parent is the desktop.
        var parent: String?
        var indexInParent: Int
        /// The role of the element it is inside, which makes a row a table's, list's or tree's.
        var containerRole: AccessibilityElement.Role?
        /// False for a row read by index that is not on screen.
        var isShowing: Bool

        var isApplication: Bool { path == AtspiTree.applicationPath }
        var isWindow: Bool { path == AtspiTree.windowPath }
    }

    /// The object at `path`, or nil when there is none (any more).
    func node(at path: String) -> Node? {
        if path == Self.applicationPath {
            return Node(path: path, element: nil, parent: nil, indexInParent: 0, containerRole: nil, isShowing: true)
        }
        guard path == Self.windowPath || path.hasPrefix(Self.windowPath + "/") else { return nil }
        var node = Node(path: Self.windowPath, element: nil, parent: Self.applicationPath, indexInParent: 0, containerRole: nil, isShowing: true)
        for part in path.dropFirst(Self.windowPath.count).split(separator: "/") {
            guard let next = child(of: node, named: part) else { return nil }
            node = next
        }
        return node
    }

    /// The part of a path that names `element`, child `index` of the object at `parent` (rows
    /// aside): its role and place, then its identifier where it has one (`table1`,
    /// `group4_Table`), in the letters, digits and underscores a D-Bus path allows (any other
    /// byte as `_` and two hex digits, so two identifiers never share a part), then how many
    /// objects in that place were retired before it (`_g2`): a screen reader holds a retired path
    /// as dead for good, so an object that comes back (the page under a closed help sheet, a
    /// menu opened again) comes back at a path of its own.
    func part(for element: AccessibilityElement, at index: Int, in parent: String) -> String {
        let base = Self.basePart(for: element, at: index)
        let generation = generations[parent + "/" + base] ?? 0
        return generation > 0 ? base + "_g" + String(generation) : base
    }

    /// ``part(for:at:in:)`` before any object in its place was retired.
    static func basePart(for element: AccessibilityElement, at index: Int) -> String {
        var part = element.role.rawValue + String(index)
        guard let identifier = element.identifier, !identifier.isEmpty else { return part }
        part += "_"
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        for byte in identifier.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                part.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                part.unicodeScalars.append("_")
                part.unicodeScalars.append(hex[Int(byte >> 4)])
                part.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return part
    }

    /// The path of the window's content, or nil when it shows none.
    var contentPath: String? { content.map { Self.windowPath + "/" + part(for: $0, at: 0, in: Self.windowPath) } }

    /// The path of fixed child `index` of `node` (a child that is not one of its rows), or nil
    /// when it has no such child.
    func fixedChildPath(of node: Node, at index: Int) -> String? {
        if node.isWindow { return index == 0 ? contentPath : nil }
        let fixed = fixedChildren(of: node)
        guard index >= 0, index < fixed.count else { return nil }
        return node.path + "/" + part(for: fixed[index], at: index, in: node.path)
    }

    /// The children `node` shows (for a list or table: those before its rows, such as headings).
    func fixedChildren(of node: Node) -> [AccessibilityElement] {
        guard let element = node.element else { return node.isWindow ? (content.map { [$0] } ?? []) : [] }
        return element.rowCount == nil ? element.children : element.children.filter { $0.role != .row }
    }

    /// How many children `node` has: a list or table counts every row, shown or not.
    func childCount(of node: Node) -> Int {
        if node.isApplication { return 1 }
        return fixedChildren(of: node).count + (node.element?.rowCount ?? 0)
    }

    /// The path of child `index` of `node`, or nil when it has no such child.
    func childPath(of node: Node, at index: Int) -> String? {
        if node.isApplication { return index == 0 ? Self.windowPath : nil }
        let fixed = fixedChildren(of: node).count
        guard index >= 0 else { return nil }
        if index < fixed { return fixedChildPath(of: node, at: index) }
        guard let rows = node.element?.rowCount, index - fixed < rows else { return nil }
        return node.path + "/r\(index - fixed)"
    }

    private func child(of node: Node, named part: Substring) -> Node? {
        let role = node.element?.role
        if part.first == "r", let row = Int(part.dropFirst()), let element = node.element, let count = element.rowCount, row >= 0, row < count {
            let fixed = fixedChildren(of: node).count
            if let shown = element.children.first(where: { $0.role == .row && $0.rowIndex == row }) {
                return Node(path: node.path + "/" + part, element: shown, parent: node.path, indexInParent: fixed + row, containerRole: role, isShowing: true)
            }
            guard let read = element.rows?.row(row) else { return nil }
            return Node(path: node.path + "/" + part, element: read, parent: node.path, indexInParent: fixed + row, containerRole: role, isShowing: false)
        }
        // The part says the child's place and what it was; a child of another role or
        // identifier in that place now is another object, and the old one is gone.
        let fixed = fixedChildren(of: node)
        guard let index = Int(part.prefix { $0 != "_" }.drop { !$0.isNumber }), index >= 0, index < fixed.count,
              self.part(for: fixed[index], at: index, in: node.path) == part else { return nil }
        return Node(path: node.path + "/" + part, element: fixed[index], parent: node.path, indexInParent: index, containerRole: role,
                    isShowing: node.isShowing)
    }

    /// The path of the object that has keyboard focus: the deepest focused element, or the
    /// window when no element has focus. A child the app marks focused is followed before one
    /// that only holds a focused-looking row (a table's cursor row under an open menu); a
    /// focused group hands focus on to the first list, table, field or other content in it, as
    /// a GTK container gives its focus to its first focusable child (a scroll view to the text in
    /// it, as GTK's to its text view); a list or table with focus
    /// gives it to its focused row.
    var focusedPath: String {
        var node = Node(path: Self.windowPath, element: nil, parent: Self.applicationPath, indexInParent: 0, containerRole: nil, isShowing: true)
        var focused = Self.windowPath
        while true {
            let fixed = fixedChildren(of: node)
            var next: Node?
            var handedOn = false
            if let i = fixed.firstIndex(where: { $0.state.contains(.focused) })
                ?? fixed.firstIndex(where: { $0.first(where: { $0.state.contains(.focused) }) != nil }) {
                next = fixedChildPath(of: node, at: i).flatMap { self.node(at: $0) }
            } else if node.path == focused, let element = node.element, element.rowCount != nil,
                      let index = element.focusedRow ?? element.children.first(where: { $0.role == .row && $0.state.contains(.focused) })?.rowIndex {
                next = child(of: node, named: Substring("r\(index)"))
            } else if node.path == focused, let role = node.element?.role, role == .group || role == .scrollArea || role == .dialog,
                      let i = fixed.firstIndex(where: { $0.first(where: { Self.takesFocus.contains($0.role) }) != nil }) {
                next = fixedChildPath(of: node, at: i).flatMap { self.node(at: $0) }
                handedOn = true
            }
            guard let found = next else { return focused }
            if handedOn || found.element?.state.contains(.focused) == true { focused = found.path }
            node = found
        }
    }

    /// A tree as published: with its focus and retired places worked out, what its objects on
    /// screen show, and the events that tell a screen reader how it differs from the last.
    struct Publication: Sendable {
        var tree: AtspiTree
        var shown: [String: Shown]
        var events: [AtspiEvent]
    }

    /// This tree published after `last` (nil for the first): the focus found, objects gone from
    /// the last one retired for good (a place whose object went holds a new path for whatever
    /// comes to it next), and the events in the order a screen reader needs them: the window
    /// coming up, objects gone and added, changes, then focus.
    func published(after last: Publication?) -> Publication {
        var tree = self
        tree.generations = last?.tree.generations ?? [:]
        let focused = tree.focusedPath
        tree.focus = focused
        let shown = tree.shownObjects()
        var events: [AtspiEvent] = last == nil ? [.windowActivated] : []
        let old = last?.shown ?? [:]
        let (structure, retired) = AtspiEvent.structure(from: old, to: shown) { tree.node(at: $0) != nil }
        for place in retired { tree.generations[place, default: 0] += 1 }
        events += structure
        events += AtspiEvent.changes(from: old, to: shown)
        if focused != last?.tree.focus { events += AtspiEvent.focusMoved(from: last?.tree.focus, to: focused) }
        return Publication(tree: tree, shown: shown, events: events)
    }

    /// The roles a focused group hands its focus on to.
    private static let takesFocus: Set<AccessibilityElement.Role> = [.list, .table, .outline, .textField, .slider, .pageControl, .document, .scrollArea, .menu, .dialog]

    /// What an object on screen shows, compared between publications for the events a
    /// screen reader follows.
    struct Shown: Equatable, Sendable {
        var name: String
        var value: String?
        var state: AccessibilityElement.State
        var hasRange: Bool
        var childCount: Int
        /// True for a document, whose value is its text.
        var isDocument = false
        /// Where its caret is (a document's).
        var caret: Int? = nil
        /// The characters of its text selected.
        var selection: Range<Int>? = nil
        /// True for a list, table or outline, whose children are mostly its rows.
        var hasRows = false
        /// Its place among its parent's children.
        var index = 0
        /// Its parent's path and its part before retirements (the key of ``AtspiTree/generations``);
        /// nil for a row.
        var place: String?
    }

    /// Every object on screen by its path: the window and the elements the app drew, rows by
    /// their index (cells are left out: a row's name holds their text).
    func shownObjects() -> [String: Shown] {
        var shown = [Self.windowPath: Shown(name: title, value: nil, state: [], hasRange: false, childCount: content == nil ? 0 : 1)]
        func visit(_ element: AccessibilityElement, at path: String, index: Int, key: String?) {
            let fixed = element.rowCount == nil ? element.children.count : element.children.filter { $0.role != .row }.count
            shown[path] = Shown(name: element.name, value: element.value, state: element.state, hasRange: element.range != nil,
                                childCount: fixed + (element.rowCount ?? 0), isDocument: element.role == .document, caret: element.caretOffset, selection: element.textSelection, hasRows: element.rowCount != nil,
                                index: index, place: key)
            guard element.role != .row else { return }
            var place = 0
            for child in element.children {
                if element.rowCount != nil, child.role == .row, let row = child.rowIndex {
                    visit(child, at: path + "/r\(row)", index: fixed + row, key: nil)
                } else {
                    visit(child, at: path + "/" + part(for: child, at: place, in: path), index: place, key: path + "/" + Self.basePart(for: child, at: place))
                    place += 1
                }
            }
        }
        if let content, let path = contentPath { visit(content, at: path, index: 0, key: Self.windowPath + "/" + Self.basePart(for: content, at: 0)) }
        return shown
    }

    /// True for the object with keyboard focus, and for the list, table or outline whose row
    /// that is: such a container keeps focus while its active row moves, as GTK's do, so that
    /// a screen reader follows its active-descendant events.
    func hasFocus(_ node: Node) -> Bool {
        node.path == focus || (node.element?.rowCount != nil && Self.container(ofRow: focus) == node.path)
    }

    /// The path of the list, table or outline whose row `path` is (`…/r12`), or nil when it is
    /// not a row's.
    static func container(ofRow path: String) -> String? {
        guard let slash = path.lastIndex(of: "/"), path[path.index(after: slash)...].first == "r" else { return nil }
        return String(path[..<slash])
    }

    /// `rect` (points, in the window) on the screen or in the window, in pixels.
    func pixels(_ rect: Rect, onScreen: Bool) -> (x: Int32, y: Int32, width: Int32, height: Int32) {
        let dx = onScreen ? Double(origin.x) : 0, dy = onScreen ? Double(origin.y) : 0
        func px(_ v: Double) -> Int32 { Int32(clamping: Int(exactly: (v.isFinite ? v : 0).rounded()) ?? 0) }
        return (px(rect.minX * scale + dx), px(rect.minY * scale + dy), px(rect.width * scale), px(rect.height * scale))
    }

    /// Where `node` is, in points in the window.
    func frame(of node: Node) -> Rect {
        if let element = node.element { return element.frame }
        return Rect(x: 0, y: 0, width: size.width, height: size.height)
    }
}
#endif
