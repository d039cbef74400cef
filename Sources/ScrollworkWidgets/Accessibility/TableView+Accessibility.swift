import Scrollwork

extension TableView {
    /// The table as its last render laid it out: its headings with the sort they show, then the
    /// rows on screen, each with its index among all the rows, its state and its cells; any
    /// other row is read through ``AccessibilityElement/rows``.
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
            var header = AccessibilityElement(role: .columnHeader, name: table.columns[i].title, state: heading,
                                              frame: Rect(x: column.x, y: layout.header.minY, width: column.width, height: layout.header.height),
                                              columnIndex: i)
            header.actions = Self.pressActions(at: header.frame)
            if !header.actions.isEmpty {
                // A click sorts by the column, a click on the sorting column the other way.
                let ascending = heading.contains(.sortedAscending), descending = heading.contains(.sortedDescending)
                header.actions.append(.clicks(ascending ? 0 : 1, .sortAscending, at: header.frame.center))
                header.actions.append(.clicks(descending ? 0 : ascending ? 1 : 2, .sortDescending, at: header.frame.center))
            }
            element.children.append(header)
        }
        for row in table.list.accessibleRows(in: layout.body) {
            let look = ListState<Row>.accessibleState(row.look)
            guard let found = Self.accessibleRow(table, readRow, cellText, path: row.path, index: row.index, state: look,
                                                  frame: row.frame, columns: layout.columns) else { continue }
            element.children.append(found)
        }
        element.focusedRow = focusedRow.map { self.table.list.flatRow($0) }
        let (table, readRow, cellText) = (self.table, self.readRow, self.cellText)
        element.rows = AccessibleRows { index in
            guard let path = table.list.indexPath(forFlatRow: index) else { return nil }
            let look = ListState<Row>.accessibleState(table.list.appearance(at: path))
            return Self.accessibleRow(table, readRow, cellText, path: path, index: index, state: look, frame: .zero, columns: [])
        } selected: {
            table.list.selectedIndexPaths.map { table.list.flatRow($0) }  // in order already: flat rows follow index paths
        }
        return element
    }

    /// Row `index` at `path` of `table` with its cells: placed in `frame` and under `columns`
    /// when it is on screen, without places (zero frames) when it is not.
    private static func accessibleRow(_ table: TableState<Row>, _ readRow: @Sendable (ListState<Row>, IndexPath) throws(ListError) -> Row,
                                      _ cellText: @Sendable (TableState<Row>, Row, Int) -> String, path: IndexPath, index: Int,
                                      state: AccessibilityElement.State, frame: Rect, columns: [(x: Double, width: Double)]) -> AccessibilityElement? {
        let value: Row
        do { value = try readRow(table.list, path) } catch { return nil }
        let cells = table.columns.indices.map { i in
            let place = i < columns.count ? Rect(x: columns[i].x, y: frame.minY, width: columns[i].width, height: frame.height) : .zero
            return AccessibilityElement(role: .cell, name: cellText(table, value, i), frame: place, rowIndex: index, columnIndex: i)
        }
        var row = AccessibilityElement(role: .row, name: cells.map(\.name).joined(separator: ", "), state: state, frame: frame,
                                       rowIndex: index, children: cells)
        row.actions = pressActions(at: frame)
        return row
    }

    /// A click and the context menu at the centre of `frame`, where it is on screen (a row
    /// scrolled away has nothing to press).
    static func pressActions(at frame: Rect) -> [AccessibilityAction] {
        guard frame.width > 0, frame.height > 0 else { return [] }
        return [.click(at: frame.center), .menu(at: frame.center)]
    }
}
