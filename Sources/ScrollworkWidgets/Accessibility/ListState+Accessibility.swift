import Scrollwork

extension ListState {
    /// The rows on screen of a list whose rows lie in `body` (points) as its last render placed
    /// them: each row's path, its index among all the rows, where it is and how it looks.
    func accessibleRows(in body: Rect) -> [(path: IndexPath, index: Int, frame: Rect, look: RowAppearance)] {
        visibleItems(overscan: 0).compactMap { entry in
            guard case let .row(path) = entry.item else { return nil }
            let frame = Rect(x: body.minX, y: body.minY + entry.frame.minY - scroll.offset.y, width: body.width, height: entry.frame.height)
            guard frame.maxY > body.minY, frame.minY < body.maxY else { return nil }
            return (path, flatRow(path), frame, appearance(at: path))
        }
    }

    /// The section headers on screen within `body` (the rows' area), each a heading named by
    /// its title where it is drawn; a header without a title is left out.
    func accessibleHeaders(in body: Rect) -> [AccessibilityElement] {
        visibleItems(overscan: 0).compactMap { entry in
            guard case let .header(section) = entry.item, let title = decorations(ofSection: section).header?.title, !title.isEmpty else { return nil }
            let frame = Rect(x: body.minX, y: body.minY + entry.frame.minY - scroll.offset.y, width: body.width, height: entry.frame.height)
            guard frame.maxY > body.minY, frame.minY < body.maxY else { return nil }
            return AccessibilityElement(role: .heading, name: title, frame: frame, level: 0)
        }
    }

    /// A row's state as a screen reader reads it.
    static func accessibleState(_ look: RowAppearance) -> AccessibilityElement.State {
        var state: AccessibilityElement.State = []
        if look.isSelected { state.insert(.selected) }
        if look.isFocused { state.insert(.focused) }
        return state
    }
}
