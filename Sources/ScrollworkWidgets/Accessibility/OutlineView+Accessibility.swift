import Scrollwork

extension OutlineView {
    /// The outline as its last render laid it out: the rows on screen with their depth, whether
    /// they open and are open, and their index among the rows shown in all; any other row is
    /// read through ``AccessibilityElement/rows``.
    public var accessibility: AccessibilityElement? {
        var element = AccessibilityElement(role: .outline, frame: frame, rowCount: outline.numberOfRows, columnCount: columns.count + 1)
        let area = accessibleBody
        for (index, row) in outline.visibleRows(overscan: 0) {
            let top = area.minY + outline.contentOffset(ofRow: index) - outline.scroll.offset.y
            let rect = Rect(x: area.minX, y: top, width: area.width, height: outline.rowHeight)
            guard rect.maxY > area.minY, rect.minY < area.maxY else { continue }
            element.children.append(Self.accessibleRow(row, index: index, outline: outline, title: title, columns: columns, frame: rect))
        }
        let state = outline, name = title, values = columns
        element.focusedRow = state.cursor.flatMap { state.flatIndex(of: $0) }
        element.rows = AccessibleRows { index in
            guard index < state.numberOfRows, let row = state.row(at: index) else { return nil }
            return Self.accessibleRow(row, index: index, outline: state, title: name, columns: values, frame: .zero)
        } selected: {
            // The outline selects the row its cursor is on.
            state.cursor.flatMap { state.flatIndex(of: $0) }.map { [$0] } ?? []
        }
        return element
    }

    /// Row `index`, `row`, of `outline`: placed in `frame` and pressable when it is on screen.
    private static func accessibleRow(_ row: OutlineRow<Source.Node>, index: Int, outline: OutlineState<Source>, title: @Sendable (Source.Node) -> String,
                                      columns: [OutlineColumn<Source.Node>], frame: Rect) -> AccessibilityElement {
        var state: AccessibilityElement.State = []
        if outline.cursor == row.path { state.formUnion([.focused, .selected]) }
        if row.isExpandable { state.insert(.expandable) }
        if row.isExpanded { state.insert(.expanded) }
        let values = columns.map { $0.value(row.node) }.filter { !$0.isEmpty }
        var item = AccessibilityElement(role: .row, name: title(row.node), value: values.isEmpty ? nil : values.joined(separator: ", "),
                                        state: state, frame: frame, rowIndex: index, level: row.level)
        guard frame.width > 0, frame.height > 0 else { return item }
        // A click makes the row the outline's cursor, whose → and ← open and close it.
        item.actions = [.click(at: frame.center)]
        if row.isExpandable {
            item.actions.append(row.isExpanded ? .click(.collapse, at: frame.center, then: [KeyEvent(.left)])
                                               : .click(.expand, at: frame.center, then: [KeyEvent(.right)]))
        }
        return item
    }
}
