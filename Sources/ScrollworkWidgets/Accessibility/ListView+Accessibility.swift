import Scrollwork

extension ListView {
    /// The list as its last render laid it out: the rows on screen, each named by its title
    /// (its subtitle and secondary text as its value), with its index among all the rows.
    public var accessibility: AccessibilityElement? {
        var state: AccessibilityElement.State = []
        if list.selectionMode == .multiple { state.insert(.multiselectable) }
        var element = AccessibilityElement(role: .list, state: state, frame: frame, rowCount: list.numberOfRows)
        for row in list.accessibleRows(in: accessibleBody) {
            let content: RowContent
            do { content = try list.content(at: row.path) } catch { continue }
            let value = [content.subtitle, content.secondaryText].compactMap { $0 }.joined(separator: ", ")
            element.children.append(AccessibilityElement(role: .row, name: content.title, value: value.isEmpty ? nil : value,
                                                         state: ListState<Row>.accessibleState(row.look), frame: row.frame, rowIndex: row.index))
        }
        return element
    }
}
