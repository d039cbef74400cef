import Scrollwork

extension ListView {
    /// The list as its last render laid it out, called by ``accessibilityLabel``: the section
    /// headers on screen as headings, then the rows on screen, each named by its title (its
    /// subtitle and secondary text as its value), with its index among all the rows; any other
    /// row is read through ``AccessibilityElement/rows``.
    public var accessibility: AccessibilityElement? {
        var state: AccessibilityElement.State = []
        if list.selectionMode == .multiple { state.insert(.multiselectable) }
        var element = AccessibilityElement(role: .list, name: accessibilityLabel, state: state, frame: frame, rowCount: list.numberOfRows)
        element.children = list.accessibleHeaders(in: accessibleBody)
        for row in list.accessibleRows(in: accessibleBody) {
            guard let found = Self.accessibleRow(list, path: row.path, index: row.index, look: row.look, frame: row.frame) else { continue }
            element.children.append(found)
        }
        element.focusedRow = focusedRow.map { self.list.flatRow($0) }
        let list = self.list
        element.rows = AccessibleRows { index in
            guard let path = list.indexPath(forFlatRow: index) else { return nil }
            return Self.accessibleRow(list, path: path, index: index, look: list.appearance(at: path), frame: .zero)
        } selected: {
            list.selectedIndexPaths.map { list.flatRow($0) }  // in order already: flat rows follow index paths
        }
        return element
    }

    private static func accessibleRow(_ list: ListState<Row>, path: IndexPath, index: Int, look: RowAppearance, frame: Rect) -> AccessibilityElement? {
        let content: RowContent
        do { content = try list.content(at: path) } catch { return nil }
        let value = [content.subtitle, content.secondaryText].compactMap { $0 }.joined(separator: ", ")
        var state = ListState<Row>.accessibleState(look)
        // An option list's rows are checked as they show their checkmark.
        if list.selectionFeedback == .checkmark {
            state.insert(.checkable)
            // Chosen is checked, also while the row's highlight flashes before its checkmark shows.
            if list.selectedIndexPaths.contains(path) { state.insert(.checked) }
        }
        if content.accessory == .checkmark { state.formUnion([.checkable, .checked]) }
        var row = AccessibilityElement(role: .row, name: content.title, value: value.isEmpty ? nil : value,
                                       state: state, frame: frame, rowIndex: index)
        if frame.width > 0, frame.height > 0 { row.actions = [.click(at: frame.center)] }
        return row
    }
}
