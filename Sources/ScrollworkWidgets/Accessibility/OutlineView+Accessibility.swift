import Scrollwork

extension OutlineView {
    /// The outline as its last render laid it out: the rows on screen with their depth, whether
    /// they open and are open, and their index among the rows shown in all.
    public var accessibility: AccessibilityElement? {
        var element = AccessibilityElement(role: .outline, frame: frame, rowCount: outline.numberOfRows, columnCount: columns.count + 1)
        let area = accessibleBody
        for (index, row) in outline.visibleRows(overscan: 0) {
            let top = area.minY + outline.contentOffset(ofRow: index) - outline.scroll.offset.y
            let rect = Rect(x: area.minX, y: top, width: area.width, height: outline.rowHeight)
            guard rect.maxY > area.minY, rect.minY < area.maxY else { continue }
            var state: AccessibilityElement.State = []
            if outline.cursor == row.path { state.formUnion([.focused, .selected]) }
            if row.isExpandable { state.insert(.expandable) }
            if row.isExpanded { state.insert(.expanded) }
            let values = columns.map { $0.value(row.node) }.filter { !$0.isEmpty }
            var item = AccessibilityElement(role: .row, name: title(row.node), value: values.isEmpty ? nil : values.joined(separator: ", "),
                                            state: state, frame: rect, rowIndex: index, level: row.level)
            // A click makes the row the outline's cursor, whose → and ← open and close it.
            item.actions = [.click(at: rect.center)]
            if row.isExpandable {
                item.actions.append(row.isExpanded ? .click(.collapse, at: rect.center, then: [KeyEvent(.left)])
                                                   : .click(.expand, at: rect.center, then: [KeyEvent(.right)]))
            }
            element.children.append(item)
        }
        return element
    }
}
