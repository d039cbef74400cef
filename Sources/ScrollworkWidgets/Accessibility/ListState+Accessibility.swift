import Scrollwork

extension ListState {
    /// The rows on screen of a list whose rows lie in `body` (points) as its last render placed
    /// them: each row's path, its index among all the rows, where it is and how it looks.
    func accessibleRows(in body: Rect) -> [(path: IndexPath, index: Int, frame: Rect, look: RowAppearance)] {
        var rows: [(path: IndexPath, index: Int, frame: Rect, look: RowAppearance)] = []
        // Rows before each section, so that a row's index counts every row above it.
        var before = 0, section = 0
        for entry in visibleItems(overscan: 0) {
            guard case let .row(path) = entry.item else { continue }
            while section < path.section, section < numberOfSections {
                before = before.addingSaturating(numberOfRows(inSection: section))
                section += 1
            }
            let frame = Rect(x: body.minX, y: body.minY + entry.frame.minY - scroll.offset.y, width: body.width, height: entry.frame.height)
            guard frame.maxY > body.minY, frame.minY < body.maxY else { continue }
            rows.append((path, before.addingSaturating(path.row), frame, appearance(at: path)))
        }
        return rows
    }

    /// A row's state as a screen reader reads it.
    static func accessibleState(_ look: RowAppearance) -> AccessibilityElement.State {
        var state: AccessibilityElement.State = []
        if look.isSelected { state.insert(.selected) }
        if look.isFocused { state.insert(.focused) }
        return state
    }
}
