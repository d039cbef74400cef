/// Outlines taller than a scroll view can be (``ScrollState/maximumExtent``) are compressed as
/// lists are (see ``ListState``): the scroll offset stands for a place in proportion, the rows
/// around it lie at their own height from the first row shown, and the ends are exact.
extension OutlineState {
    /// The first row shown and where its top is, in content coordinates; nil when the outline
    /// fits a scroll view and rows lie at `index × rowHeight`.
    var compressedPlace: (first: Int, origin: Double)? {
        guard let screen = compressedScreen else { return nil }
        let y = scroll.offset.y
        if scroll.fraction(.vertical) >= 1 { return (screen.lastTop, y + Swift.max(0, scroll.contentViewport.height) - Double(screen.rows) * rowHeight) }
        let top = scroll.proportionalItem(.vertical, last: screen.lastTop)
        return (top.item, y - top.within * rowHeight)
    }

    /// For an outline too tall for a scroll view, how many rows a screen shows and the first row
    /// of the last screen; nil for one that fits.
    private var compressedScreen: (rows: Int, lastTop: Int)? {
        let count = numberOfRows
        guard rowHeight > 0, Double(count) * rowHeight > ScrollState.maximumExtent else { return nil }
        let rows = Swift.min(count, Swift.max(1, Int(saturating: (Swift.max(0, scroll.contentViewport.height) / rowHeight).rounded(.up))))
        return (rows, count - rows)
    }

    /// The top of row `index` in content coordinates, as a view draws it.
    public func contentOffset(ofRow index: Int) -> Double {
        guard let place = compressedPlace else { return Double(index) * rowHeight }
        // Both are rows of the outline, so the difference cannot overflow.
        return place.origin + Double(index - place.first) * rowHeight
    }

    /// The row at content position `y` (not clamped to the rows).
    func row(atContentOffset y: Double) -> Int {
        guard rowHeight > 0 else { return 0 }
        guard let place = compressedPlace else { return Int(flooringSaturating: y / rowHeight) }
        return place.first.addingSaturating(Int(flooringSaturating: (y - place.origin) / rowHeight))
    }

    /// Shows row `index` whole: in a compressed outline by moving to its place in proportion.
    mutating func reveal(row index: Int) {
        guard let screen = compressedScreen else {
            scroll.reveal(Rect(x: 0, y: Double(index) * rowHeight, width: 1, height: rowHeight), policy: .nearest, animated: false, time: scroll.time)
            return
        }
        let top = contentOffset(ofRow: index), viewport = scroll.contentViewport.height
        if top >= scroll.offset.y && top + rowHeight <= scroll.offset.y + viewport { return }
        // Below the view: it becomes the last row shown; above: the first.
        let first = top > scroll.offset.y ? Swift.max(0, index - (screen.rows - 1)) : index
        let y = scroll.offset(.vertical, atFraction: screen.lastTop > 0 ? Double(first) / Double(screen.lastTop) : 0)
        scroll.moveOffset(to: Point(x: scroll.offset.x, y: y), time: scroll.time)
    }
}
