/// Lists taller than a scroll view can be (``ScrollState/maximumExtent``, 10¹⁵ points: about 23
/// trillion rows of 44 points) are compressed: the scroll offset stands for a place in the list in
/// proportion to how far it is between the ends, and the items around that place are laid out at
/// their own heights, measured from the first item shown. The ends are exact: the top shows the
/// first row, End the last. Lists that fit (every list of real data) are laid out as they are.
extension ListState {
    /// Where a compressed list stands: the first item shown, and where its top is in content
    /// coordinates.
    struct CompressedPlace {
        var first: Int
        var origin: Double
    }

    /// The place for the current scroll offset, or nil for a list that fits.
    var compressedPlace: CompressedPlace? {
        guard heights.totalHeight > ScrollState.maximumExtent, heights.count > 0 else { return nil }
        let viewport = Swift.max(0, scroll.contentViewport.height)
        let y = scroll.offset.y
        let last = lastScreen(viewport)
        if scroll.fraction(.vertical) >= 1 {
            // The last screen exactly: the last item's bottom at the view's bottom.
            return CompressedPlace(first: last.top, origin: y + viewport - last.below)
        }
        let top = scroll.proportionalItem(.vertical, last: last.top)
        return CompressedPlace(first: top.item, origin: y - top.within * heights.height(ofItem: top.item))
    }

    /// The first item of the last screen, and how tall it and the items after it are.
    private func lastScreen(_ viewport: Double) -> (top: Int, below: Double) {
        var top = heights.count - 1, below = heights.height(ofItem: top), steps = 0
        // Bounded: a screen of zero-height items must not walk a trillion of them.
        while top > 0 && below < viewport && steps < 100_000 {
            top -= 1
            below += heights.height(ofItem: top)
            steps += 1
        }
        return (top, below)
    }

    /// The top of item `index` in content coordinates, as the views draw it.
    func contentOffset(ofItem index: Int) -> Double {
        guard let place = compressedPlace else { return heights.offset(ofItem: index) }
        return place.origin + heights.distance(from: place.first, to: index)
    }

    /// The item at content position `y` (clamped to the items; nil when there are none).
    func item(atContentOffset y: Double) -> Int? {
        guard let place = compressedPlace else { return heights.item(atOffset: y) }
        guard y.isFinite else { return place.first }
        var i = place.first, top = place.origin, steps = 0
        let count = heights.count
        // Near the view, where this is asked, a short walk; far from it, the nearest it reaches.
        if y >= top {
            while i < count - 1 && top + heights.height(ofItem: i) <= y && steps < 100_000 {
                top += heights.height(ofItem: i)
                i += 1
                steps += 1
            }
        } else {
            while i > 0 && top > y && steps < 100_000 {
                i -= 1
                top -= heights.height(ofItem: i)
                steps += 1
            }
        }
        return i
    }

    /// The scroll offset that shows item `index` at the top of the view (as near as a compressed
    /// list's offsets can say).
    func scrollOffset(showingAtTop index: Int) -> Double {
        guard heights.totalHeight > ScrollState.maximumExtent, heights.count > 0 else { return heights.offset(ofItem: index) }
        let last = lastScreen(Swift.max(0, scroll.contentViewport.height)).top
        return scroll.offset(.vertical, atFraction: last > 0 ? Double(index) / Double(last) : 0)
    }

    /// The items in view of a compressed list, as ``visibleItems(overscan:)`` gives them.
    func compressedVisibleItems(_ place: CompressedPlace, overscan: Int) -> [(index: Int, item: Item, frame: Rect)] {
        let top = scroll.offset.y, length = scroll.contentViewport.height
        guard heights.count > 0, length > 0, let first = item(atContentOffset: top), var last = item(atContentOffset: top + length) else { return [] }
        if last > first && place.origin + heights.distance(from: place.first, to: last) >= top + length { last -= 1 }
        let low = first.subtractingSaturating(overscan) < 0 ? 0 : first - overscan
        let high = Swift.min(heights.count, last.addingSaturating(1).addingSaturating(overscan))
        let map = items, inset = style.rowInset
        let width = Swift.max(0, scroll.contentViewport.width - 2 * inset)
        var y = place.origin + heights.distance(from: place.first, to: low)
        var result: [(index: Int, item: Item, frame: Rect)] = []
        for i in low..<high {
            let h = heights.height(ofItem: i)
            if let item = map.item(at: i) { result.append((i, item, Rect(x: inset, y: y, width: width, height: h))) }
            y += h
        }
        return result
    }

    /// Shows item `index` whole in a compressed list: at the top when it lies above the view, at
    /// the bottom when below; nothing moves when it is in view.
    mutating func revealCompressed(item index: Int, time: Double) {
        let top = contentOffset(ofItem: index), height = heights.height(ofItem: index)
        let viewport = scroll.contentViewport.height
        if top >= scroll.offset.y && top + height <= scroll.offset.y + viewport { return }
        var first = index
        if top > scroll.offset.y {
            // Below: as many items above it as fill the view.
            var room = viewport - height, steps = 0
            while first > 0 && room >= heights.height(ofItem: first - 1) && steps < 100_000 {
                first -= 1
                room -= heights.height(ofItem: first)
                steps += 1
            }
        }
        scroll.moveOffset(to: Point(x: scroll.offset.x, y: scrollOffset(showingAtTop: first)), time: Swift.max(time, scroll.time))
    }
}
