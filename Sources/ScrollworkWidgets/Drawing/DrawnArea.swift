import Scrollwork

/// A part of a frame that seldom changes (a title bar, a status line), kept from frame to frame
/// on a terminal: while what it is drawn from, its `Key`, stays the same, the next frame copies
/// its cells instead of laying it out and drawing it again. A window draws it every frame (its
/// drawing is recorded, and marks such as buttons must be handed over each time).
public struct DrawnArea<Key: Equatable & Sendable>: Sendable {
    @usableFromInline var key: Key? = nil
    @usableFromInline var area = CellRect.none
    @usableFromInline var cells = Buffer(columns: 0, rows: 0)

    /// Nothing kept yet.
    public init() {}

    /// True when the cells kept are `area` drawn from `key`. The cheap checks come first, and
    /// the key is compared where it lies: keys hold a whole theme, and copying one into an
    /// optional to compare it cost more than the comparison.
    @inlinable
    func holds(_ key: Key, over area: CellRect) -> Bool {
        guard self.area == area, cells.rows == area.rows, cells.columns == area.columns else { return false }
        switch self.key {
        case let .some(kept): return kept == key
        case .none: return false
        }
    }
}

extension Canvas {
    /// Draws what `body` draws as one drawing of `rect` in `idiom`'s type (``draw(_:idiom:_:)``),
    /// or, on a terminal, copies the cells `cache` kept when it was last drawn with the same
    /// `key` over the same cells. `key` must hold everything the drawing depends on.
    /// Inlinable, so that each caller's key is compared and kept in its own type rather than
    /// through the generic one: a terminal asks this of its chrome every frame.
    @inlinable
    public mutating func reusing<Key>(_ cache: inout DrawnArea<Key>, key: Key, in rect: Rect, idiom: ScrollIdiom,
                                      _ body: (inout Canvas) -> Void) {
        guard !drawsInPoints, !isRecording else { draw(rect, idiom: idiom, body); return }
        let area = cells(in: rect).intersection(currentClip)
        if cache.holds(key, over: area) {
            for row in 0..<area.rows { cells.copyCells(of: row, from: cache.cells, to: area.row + row, column: area.column) }
            return
        }
        draw(rect, idiom: idiom, body)
        if cache.cells.rows != area.rows || cache.cells.columns != area.columns { cache.cells = Buffer(columns: area.columns, rows: area.rows) }
        cache.cells.numberColors(as: cells)
        for row in 0..<area.rows { cache.cells.copyCells(of: area.row + row, from: cells, to: row, column: 0, sourceColumn: area.column, width: area.columns) }
        cache.key = key
        cache.area = area
    }
}
