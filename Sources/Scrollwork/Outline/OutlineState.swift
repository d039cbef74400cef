/// The headless model of an outline view: a lazy tree, which nodes are expanded, and the
/// flattened visible rows (LT-12).
///
/// Expanding a node costs the same whether it has ten descendants or a million: only the
/// expansion is recorded and the row counts along its ancestors updated; rows are found on demand.
public struct OutlineState<Source: OutlineSource & Sendable>: Sendable where Source.Node: Sendable {
    /// The tree.
    public let source: Source
    var root: ExpansionLevel
    /// The path of the row the keyboard is on.
    public internal(set) var cursor: OutlinePath? = nil
    /// Horizontal indentation per level, in points (16, as in AppKit's outline views); clamped
    /// to 0…1,000, NaN means 16.
    public var indentation: Double = 16 { didSet { indentation = indentation.isNaN ? 16 : indentation.clamped(to: 0...1000) } }
    /// Row height, in points: 24 by default (a desktop outline's row); a host sets its own (the
    /// terminal host: one cell). Clamped to 0.01…10,000, NaN means 24.
    public var rowHeight: Double = 24 {
        didSet {
            rowHeight = rowHeight.isNaN ? 24 : rowHeight.clamped(to: 0.01...10_000)
            updateContentSize()
        }
    }
    /// The scroll view showing the outline.
    public var scroll: ScrollState

    /// An outline of `source` with every root collapsed.
    public init(source: Source) {
        self.source = source
        root = ExpansionLevel(childCount: source.childCount(of: nil))
        scroll = ScrollState(viewport: .zero, content: .zero)
        updateContentSize()
    }

    /// The number of visible rows.
    public var numberOfRows: Int { root.visible }

    /// The visible row at `index`, or nil past the end. O(depth · expanded siblings).
    public func row(at index: Int) -> OutlineRow<Source.Node>? {
        guard index >= 0 && index < root.visible else { return nil }
        var level = root
        var parent: Source.Node? = nil
        var path: OutlinePath = []
        var position = index
        while true {
            let (child, inside) = locate(position, in: level, parent: parent)
            let node = source.child(of: parent, at: child)
            path.append(child)
            let childLevel = self.childLevel(child, of: level, node: node)
            guard let inside, let next = childLevel else {
                let count = childLevel?.childCount ?? source.childCount(of: node)
                return OutlineRow(node: node, path: path, isExpandable: count > 0, isExpanded: childLevel != nil && count > 0)
            }
            level = next
            parent = node
            position = inside
        }
    }

    /// The most rows ``rows(in:)`` reads at once: many screens, never more memory than that.
    public static var maximumRowsAtOnce: Int { 100_000 }

    /// The rows `range` (clamped to the rows, and to ``maximumRowsAtOnce`` from its start), for
    /// drawing.
    public func rows(in range: Range<Int>) -> [OutlineRow<Source.Node>] {
        let clamped = range.clamped(to: 0..<root.visible)
        return consecutiveRows(from: clamped.lowerBound, count: Swift.min(clamped.count, Self.maximumRowsAtOnce))
    }

    /// The visible rows for the scroll view's current offset, with `overscan` more on each side
    /// (clamped to 0…1,000).
    public func visibleRows(overscan: Int = 2) -> [(index: Int, row: OutlineRow<Source.Node>)] {
        let range = visibleRowRange(overscan: overscan)
        let found = rows(in: range)
        var rows: [(index: Int, row: OutlineRow<Source.Node>)] = []
        rows.reserveCapacity(found.count)
        // By index: an iterator over these generic rows asks the runtime for its pairs' types at
        // every step.
        for k in found.indices { rows.append((range.lowerBound + k, found[k])) }
        return rows
    }

    /// The flat indexes of ``visibleRows(overscan:)``: what a host draws is ``rows(in:)`` of it,
    /// with no pair made a row.
    public func visibleRowRange(overscan: Int = 2) -> Range<Int> {
        guard rowHeight > 0 else { return 0..<0 }
        let overscan = overscan.clamped(to: 0...1000)
        let top = scroll.offset.y, bottom = scroll.offset.y + scroll.contentViewport.height
        let first = Swift.max(0, row(atContentOffset: top).subtractingSaturating(overscan))
        // The row holding the bottom edge, unless that edge is its top.
        let end = row(atContentOffset: bottom)
        let last = Swift.min(root.visible, (contentOffset(ofRow: end) < bottom ? end.addingSaturating(1) : end).addingSaturating(overscan))
        return first < last ? first..<last : 0..<0
    }

    /// `count` rows from row `first` on (fewer past the end), in order.
    func consecutiveRows(from first: Int, count: Int) -> [OutlineRow<Source.Node>] {
        var rows: [OutlineRow<Source.Node>] = []
        rows.reserveCapacity(Swift.max(0, Swift.min(count, root.visible)))
        appendRows(from: first, count: count, to: &rows)
        return rows
    }

    /// Appends `count` rows from row `first` on to `rows`: the first found as ``row(at:)`` finds
    /// it, each next one by stepping through the tree in order (into a row's children when it is
    /// expanded, else on to its next sibling or its parent's), so a screen of rows costs one
    /// search, not one each. One function with no closure a row: in this generic code each call
    /// of a closure given a row looked up the row's type again (about 1,000 instructions a row).
    private func appendRows(from first: Int, count: Int, to rows: inout [OutlineRow<Source.Node>]) {
        guard count > 0, first >= 0, first < root.visible else { return }
        // The levels from the root down to the row, the parent node of each, and the row's path.
        var levels = [root], parents: [Source.Node?] = [nil], path: OutlinePath = []
        var position = first
        var node: Source.Node
        var below: ExpansionLevel?
        while true {
            let depth = levels.count - 1
            let (child, inside) = locate(position, in: levels[depth], parent: parents[depth])
            node = source.child(of: parents[depth], at: child)
            path.append(child)
            below = childLevel(child, of: levels[depth], node: node)
            guard let inside, let next = below else { break }
            levels.append(next)
            parents.append(node)
            position = inside
        }
        var given = 0
        while true {
            let children = below?.childCount ?? source.childCount(of: node)
            rows.append(OutlineRow(node: node, path: path, isExpandable: children > 0, isExpanded: below != nil && children > 0))
            given += 1
            if given == count { return }
            if let next = below, children > 0 {
                // Into the first child.
                levels.append(next)
                parents.append(node)
                path.append(0)
            } else {
                // On to the next sibling, climbing out of levels that are done.
                var depth = levels.count - 1
                path[depth] += 1
                while path[depth] >= levels[depth].childCount {
                    guard depth > 0 else { return }
                    levels.removeLast()
                    parents.removeLast()
                    path.removeLast()
                    depth -= 1
                    path[depth] += 1
                }
            }
            let depth = levels.count - 1
            node = source.child(of: parents[depth], at: path[depth])
            below = childLevel(path[depth], of: levels[depth], node: node)
        }
    }

    /// The leading indentation of a row at `level`.
    public func indent(forLevel level: Int) -> Double { Double(Swift.max(0, level)) * indentation }

    /// Sets the size of the view the outline is shown in.
    public mutating func setViewport(_ size: Size) {
        scroll.viewportSize = size
        updateContentSize()
    }

    // MARK: Expanding and collapsing

    /// True when the node at `path` shows its children.
    public func isExpanded(_ path: OutlinePath) -> Bool {
        var level = root
        var parent: Source.Node? = nil
        for index in path {
            guard index >= 0 && index < level.childCount else { return false }
            let node = source.child(of: parent, at: index)
            guard let next = childLevel(index, of: level, node: node) else { return false }
            level = next
            parent = node
        }
        return !path.isEmpty
    }

    /// Shows the children of the node at `path`; with `descendants`, every node below it too. A
    /// node inside a collapsed one is revealed: its ancestors expand as well. Costs O(depth ·
    /// expanded siblings), not O(subtree). Throws for a path that does not exist.
    public mutating func expand(_ path: OutlinePath, descendants: Bool = false) throws(OutlineError) {
        let source = self.source
        // A leaf has nothing to show; expanding it changes nothing, not even its ancestors.
        guard source.childCount(of: try node(at: path)) > 0 else { return }
        try update(path, expanding: true) { node, existing in
            let count = source.childCount(of: node)
            guard count > 0 else { return existing }
            if descendants { return ExpansionLevel(childCount: count, deep: true, visible: source.descendantCount(of: node)) }
            return existing ?? ExpansionLevel(childCount: count)
        }
    }

    /// Hides the children of the node at `path` (and forgets what was expanded below it).
    public mutating func collapse(_ path: OutlinePath) throws(OutlineError) {
        try update(path, expanding: false) { _, _ in nil }
        if let c = cursor, c.count > path.count, Array(c.prefix(path.count)) == path { cursor = path }
    }

    /// Expands or collapses the node at `path`.
    public mutating func toggle(_ path: OutlinePath, descendants: Bool = false) throws(OutlineError) {
        if isExpanded(path) { try collapse(path) } else { try expand(path, descendants: descendants) }
    }

    // MARK: Keyboard

    /// Moves the keyboard cursor to `path`.
    public mutating func setCursor(_ path: OutlinePath?) throws(OutlineError) {
        if let path { _ = try node(at: path) }
        cursor = path
    }

    /// Right arrow: a collapsed node expands; an expanded node moves to its first child (LT-12).
    public mutating func moveRight() throws(OutlineError) {
        guard let path = cursor else { return try setCursor(root.childCount > 0 ? [0] : nil) }
        if isExpanded(path) {
            if source.childCount(of: try node(at: path)) > 0 { cursor = path + [0] }
        } else {
            try expand(path)
        }
        revealCursor()
    }

    /// Left arrow: an expanded node collapses; otherwise the cursor moves to the parent (LT-12).
    public mutating func moveLeft() throws(OutlineError) {
        guard let path = cursor else { return }
        if isExpanded(path) { try collapse(path) } else if path.count > 1 { cursor = Array(path.dropLast()) }
        revealCursor()
    }

    /// Up and down arrows move through the visible rows.
    public mutating func moveCursor(by rows: Int) {
        let current = cursor.flatMap { flatIndex(of: $0) } ?? (rows > 0 ? -1 : root.visible)
        let target = Swift.min(Swift.max(current.addingSaturating(rows), 0), root.visible - 1)
        cursor = row(at: target)?.path
        revealCursor()
    }

    /// The flat row index of the node at `path`, or nil when it is hidden inside a collapsed node.
    public func flatIndex(of path: OutlinePath) -> Int? {
        var level = root
        var parent: Source.Node? = nil
        var index = 0
        for (depth, child) in path.enumerated() {
            guard child >= 0 && child < level.childCount else { return nil }
            index += rowsBefore(child, in: level, parent: parent)
            let node = source.child(of: parent, at: child)
            if depth == path.count - 1 { return index }
            guard let next = childLevel(child, of: level, node: node) else { return nil }
            index += 1
            level = next
            parent = node
        }
        return nil
    }

    /// The node at `path`.
    public func node(at path: OutlinePath) throws(OutlineError) -> Source.Node {
        guard !path.isEmpty else { throw .invalidPath(path) }
        var parent: Source.Node? = nil
        for index in path {
            guard index >= 0 && index < source.childCount(of: parent) else { throw .invalidPath(path) }
            parent = source.child(of: parent, at: index)
        }
        return parent!
    }

    // MARK: Internals

    /// The level of child `index` of `level` if it shows its children: stored, or implied by a
    /// deep parent.
    func childLevel(_ index: Int, of level: ExpansionLevel, node: Source.Node) -> ExpansionLevel? {
        if let stored = level.expanded[index] { return stored }
        guard level.deep, !level.collapsed.contains(index) else { return nil }
        let count = source.childCount(of: node)
        guard count > 0 else { return nil }
        return ExpansionLevel(childCount: count, deep: true, visible: source.descendantCount(of: node))
    }

    /// Which child row `position` falls on, and the position inside that child's rows if below it.
    private func locate(_ position: Int, in level: ExpansionLevel, parent: Source.Node?) -> (Int, Int?) {
        var p = position
        if !level.othersShowOneRowEach {
            for i in 0..<level.childCount {
                if p == 0 { return (i, nil) }
                p -= 1
                let below = childLevel(i, of: level, node: source.child(of: parent, at: i))?.visible ?? 0
                if p < below { return (i, p) }
                p -= below
            }
            return (level.childCount - 1, nil)
        }
        var next = 0
        for key in level.sortedKeys {
            let gap = key - next
            if p < gap { return (next + p, nil) }
            p -= gap
            if p == 0 { return (key, nil) }
            p -= 1
            let below = level.expanded[key]!.visible
            if p < below { return (key, p) }
            p -= below
            next = key + 1
        }
        return (next + p, nil)
    }

    /// Rows shown by children `0 ..< child` of `level`.
    private func rowsBefore(_ child: Int, in level: ExpansionLevel, parent: Source.Node?) -> Int {
        if !level.othersShowOneRowEach {
            var total = 0
            for i in 0..<child { total = total.addingSaturating(1).addingSaturating(childLevel(i, of: level, node: source.child(of: parent, at: i))?.visible ?? 0) }
            return total
        }
        // Saturating: a source may claim Int.max children at several levels.
        return level.expanded.filter { $0.key < child }.reduce(child) { $0.addingSaturating($1.value.visible) }
    }

    /// Replaces the level of the node at `path` with what `change` returns, updating the row
    /// counts of its ancestors.
    private mutating func update(_ path: OutlinePath, expanding: Bool, _ change: (Source.Node, ExpansionLevel?) -> ExpansionLevel?) throws(OutlineError) {
        let target = try node(at: path)
        let anchorRow = topRow()
        func apply(_ level: inout ExpansionLevel, parent: Source.Node?, depth: Int) {
            let index = path[depth]
            let node = source.child(of: parent, at: index)
            var child = childLevel(index, of: level, node: node)
            if depth == path.count - 1 {
                child = change(target, child)
            } else {
                // Expanding a node inside a collapsed one reveals it: its ancestors expand too.
                // Collapsing a hidden node changes nothing.
                guard var existing = child ?? (expanding ? ExpansionLevel(childCount: source.childCount(of: node)) : nil) else { return }
                apply(&existing, parent: node, depth: depth + 1)
                child = existing
            }
            if let child {
                level.expanded[index] = child
                level.collapsed.remove(index)
            } else {
                level.expanded[index] = nil
                if level.deep { level.collapsed.insert(index) }
            }
            level.visible = recount(level, parent: parent)
        }
        var top = root
        apply(&top, parent: nil, depth: 0)
        root = top
        updateContentSize()
        keepTopRow(anchorRow)
    }

    private func recount(_ level: ExpansionLevel, parent: Source.Node?) -> Int {
        if level.deep {
            var total = 0
            for i in 0..<level.childCount { total = total.addingSaturating(1).addingSaturating(childLevel(i, of: level, node: source.child(of: parent, at: i))?.visible ?? 0) }
            return total
        }
        return level.expanded.values.reduce(level.childCount) { $0.addingSaturating($1.visible) }
    }

    private func topRow() -> OutlinePath? { rowHeight > 0 ? row(at: row(atContentOffset: scroll.offset.y))?.path : nil }

    /// Keeps the row that was at the top of the view there after rows above it changed (an
    /// outline too tall for a scroll view keeps its place in proportion instead).
    private mutating func keepTopRow(_ path: OutlinePath?) {
        guard compressedPlace == nil, let path, let index = flatIndex(of: path) else { return }
        let delta = Double(index) * rowHeight - (scroll.offset.y - scroll.offset.y.truncatingRemainder(dividingBy: rowHeight))
        if delta != 0 { scroll.shiftContent(.vertical, by: delta) }
    }

    /// Scrolls the cursor's row into view.
    mutating func revealCursor() {
        guard let path = cursor, let index = flatIndex(of: path) else { return }
        reveal(row: index)
    }

    private mutating func updateContentSize() {
        let height = Double(root.visible) * rowHeight
        let size = Size(width: scroll.spanningContentWidth(height: height), height: height)
        if scroll.contentSize != size { scroll.contentSize = size }
    }

    /// Sizes the content to the view again after a change the outline does not see: a scroller
    /// style set on `scroll` directly (a legacy scroller narrows the width rows span, SV-11).
    public mutating func fitContentWidth() { updateContentSize() }
}

/// An outline operation that cannot be carried out.
public enum OutlineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A path that leads to no node.
    case invalidPath(OutlinePath)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case let .invalidPath(path): return "no node at path \(path); each index must be within its parent's children"
        }
    }
}

extension OutlineState {
    /// The index of the row drawn at `y` points from the top of the viewport, if any.
    public func rowIndex(atViewportY y: Double) -> Int? {
        let offset = scroll.offset.y + y
        guard offset.isFinite, offset >= contentOffset(ofRow: 0), rowHeight > 0 else { return nil }
        let index = row(atContentOffset: offset)
        return index >= 0 && index < numberOfRows ? index : nil
    }
}
