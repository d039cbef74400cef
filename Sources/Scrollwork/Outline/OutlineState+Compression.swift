/// Outlines taller than a scroll view can be (``ScrollState/maximumExtent``) are compressed as
/// lists are (see ``ListState``): the scroll offset stands for a place in proportion, the rows
/// around it lie at their own height from the first row shown, and the ends are exact.
extension OutlineState {
    /// The first row shown and where its top is, in content coordinates; nil when the outline
    /// fits a scroll view and rows lie at `index × rowHeight`.
    var compressedPlace: (first: Int, origin: Double)? {
        let count = numberOfRows
        guard rowHeight > 0, Double(count) * rowHeight > ScrollState.maximumExtent else { return nil }
        let viewport = Swift.max(0, scroll.contentViewport.height)
        let onScreen = Swift.min(count, Swift.max(1, Int(saturating: (viewport / rowHeight).rounded(.up))))
        let lastTop = count - onScreen
        let bounds = scroll.offsetBounds(.vertical)
        let span = bounds.upperBound - bounds.lowerBound
        let y = scroll.offset.y
        let fraction = span > 0 && y.isFinite ? ((y - bounds.lowerBound) / span).clamped(to: 0...1) : 0
        if fraction >= 1 { return (lastTop, y + viewport - Double(onScreen) * rowHeight) }
        let exact = fraction * Double(lastTop)
        let first = Swift.min(lastTop, Swift.max(0, Int(saturating: exact.rounded(.down))))
        return (first, y - (exact - Double(first)).clamped(to: 0...1) * rowHeight)
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
        guard let place = compressedPlace else { return Int(saturating: (y / rowHeight).rounded(.down)) }
        return place.first.addingSaturating(Int(saturating: ((y - place.origin) / rowHeight).rounded(.down)))
    }

    /// Shows row `index` whole: in a compressed outline by moving to its place in proportion.
    mutating func reveal(row index: Int) {
        guard compressedPlace != nil else {
            scroll.reveal(Rect(x: 0, y: Double(index) * rowHeight, width: 1, height: rowHeight), policy: .nearest, animated: false, time: scroll.time)
            return
        }
        let top = contentOffset(ofRow: index), viewport = scroll.contentViewport.height
        if top >= scroll.offset.y && top + rowHeight <= scroll.offset.y + viewport { return }
        let count = numberOfRows
        let onScreen = Swift.min(count, Swift.max(1, Int(saturating: (viewport / rowHeight).rounded(.up))))
        let lastTop = count - onScreen
        // Below the view: it becomes the last row shown; above: the first.
        let first = top > scroll.offset.y ? Swift.max(0, index - (onScreen - 1)) : index
        let bounds = scroll.offsetBounds(.vertical)
        let y = lastTop > 0 ? bounds.lowerBound + (bounds.upperBound - bounds.lowerBound) * (Double(Swift.min(first, lastTop)) / Double(lastTop)) : bounds.lowerBound
        scroll.moveOffset(to: Point(x: scroll.offset.x, y: y), time: scroll.time)
    }
}
