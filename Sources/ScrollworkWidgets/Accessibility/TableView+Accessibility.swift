import Scrollwork

extension TableView {
    /// The table as its last render laid it out: its headings with the sort they show, then the
    /// rows on screen, each with its index among all the rows, its state and its cells.
    public var accessibility: AccessibilityElement? {
        let layout = accessibleLayout
        var state: AccessibilityElement.State = []
        if sorting != nil { state.insert(.busy) }
        if table.list.selectionMode == .multiple { state.insert(.multiselectable) }
        var element = AccessibilityElement(role: .table, name: table.headerLabel ?? "", state: state, frame: frame,
                                           rowCount: table.list.numberOfRows, columnCount: table.columns.count)
        let order = sorting?.order ?? table.sortOrder
        for (i, column) in layout.columns.enumerated() where i < table.columns.count {
            var heading: AccessibilityElement.State = []
            if let first = order.first, first.columnID == table.columns[i].id {
                heading.insert(first.ascending ? .sortedAscending : .sortedDescending)
            }
            element.children.append(AccessibilityElement(role: .columnHeader, name: table.columns[i].title, state: heading,
                                                         frame: Rect(x: column.x, y: layout.header.minY, width: column.width, height: layout.header.height),
                                                         columnIndex: i))
        }
        for row in table.list.accessibleRows(in: layout.body) {
            let value: Row
            do { value = try readRow(table.list, row.path) } catch { continue }
            let cells = layout.columns.enumerated().compactMap { i, column -> AccessibilityElement? in
                guard i < table.columns.count else { return nil }
                return AccessibilityElement(role: .cell, name: cellText(table, value, i),
                                            frame: Rect(x: column.x, y: row.frame.minY, width: column.width, height: row.frame.height),
                                            rowIndex: row.index, columnIndex: i)
            }
            element.children.append(AccessibilityElement(role: .row, name: cells.map(\.name).joined(separator: ", "),
                                                         state: ListState<Row>.accessibleState(row.look), frame: row.frame,
                                                         rowIndex: row.index, children: cells))
        }
        return element
    }
}
