#if Window
import Scrollwork
import ScrollworkWidgets

/// What a window shows a screen reader, addressed as AT-SPI 2 addresses objects: an object path
/// for the application, its window, every element on screen, and every row of a list, table or
/// outline, on screen or not. Paths say where an object is, so none is kept: a row is
/// `…/w/0/2/r5000000` (row 5,000,000 of the third element of the window's first), read when
/// it is asked for, and stays the same row as the table scrolls.
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

    /// The children `node` shows (for a list or table: those before its rows, such as headings).
    private func fixedChildren(of node: Node) -> [AccessibilityElement] {
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
        if index < fixed { return node.path + "/\(index)" }
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
        guard let index = Int(part), index >= 0 else { return nil }
        let fixed = fixedChildren(of: node)
        guard index < fixed.count else { return nil }
        return Node(path: node.path + "/" + part, element: fixed[index], parent: node.path, indexInParent: index, containerRole: role,
                    isShowing: node.isShowing)
    }

    /// The path of the object that has keyboard focus: the deepest focused element, or the
    /// window when no element has focus.
    var focusedPath: String {
        var node = Node(path: Self.windowPath, element: nil, parent: Self.applicationPath, indexInParent: 0, containerRole: nil, isShowing: true)
        var focused = Self.windowPath
        while true {
            let fixed = fixedChildren(of: node)
            var next: Node?
            if let i = fixed.firstIndex(where: { $0.state.contains(.focused) || $0.first(where: { $0.state.contains(.focused) }) != nil }) {
                next = child(of: node, named: Substring("\(i)"))
            } else if let element = node.element, element.state.contains(.focused),
                      let index = element.focusedRow ?? element.children.first(where: { $0.role == .row && $0.state.contains(.focused) })?.rowIndex {
                next = child(of: node, named: Substring("r\(index)"))
            }
            guard let found = next else { return focused }
            if found.element?.state.contains(.focused) == true { focused = found.path }
            node = found
        }
    }

    /// What an object on screen shows, compared between publications for the events a
    /// screen reader follows.
    struct Shown: Equatable, Sendable {
        var name: String
        var value: String?
        var state: AccessibilityElement.State
        var hasRange: Bool
        var childCount: Int
    }

    /// Every object on screen by its path: the window and the elements the app drew, rows by
    /// their index (cells are left out: a row's name holds their text).
    func shownObjects() -> [String: Shown] {
        var shown = [Self.windowPath: Shown(name: title, value: nil, state: [], hasRange: false, childCount: content == nil ? 0 : 1)]
        func visit(_ element: AccessibilityElement, at path: String) {
            let fixed = element.rowCount == nil ? element.children.count : element.children.filter { $0.role != .row }.count
            shown[path] = Shown(name: element.name, value: element.value, state: element.state, hasRange: element.range != nil,
                                childCount: fixed + (element.rowCount ?? 0))
            guard element.role != .row else { return }
            var index = 0
            for child in element.children {
                if element.rowCount != nil, child.role == .row, let row = child.rowIndex {
                    visit(child, at: path + "/r\(row)")
                } else {
                    visit(child, at: path + "/\(index)")
                    index += 1
                }
            }
        }
        if let content { visit(content, at: Self.windowPath + "/0") }
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
