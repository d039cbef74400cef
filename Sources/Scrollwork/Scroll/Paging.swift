/// Where a paging scroll view settles after a release (SV-05, SV-15).
public enum Paging {
    /// The page a release settles on, for pages of equal size.
    ///
    /// `position` is the offset in pages (2.3 is 30% into the fourth page); a release faster than
    /// `tolerance` in either direction adds or removes half a page before rounding (half away from
    /// zero), so a flick moves at most one page and a slow release snaps to the nearest
    /// (Flutter's `PageScrollPhysics`).
    public static func targetPage(position: Double, velocity: Double, tolerance: Double) -> Int {
        var p = position
        if velocity > tolerance { p += 0.5 } else if velocity < -tolerance { p -= 0.5 }
        let rounded = p.rounded(.toNearestOrAwayFromZero)
        return rounded.isFinite ? Int(rounded.clamped(to: -1e15...1e15)) : 0
    }

    /// Where a release settles among pages of differing lengths (watchOS tab pages).
    ///
    /// A page longer than the viewport scrolls inside itself first; only a flick at its end moves
    /// to the next page, and a flick at its start to the end of the previous one.
    ///
    /// - Parameters:
    ///   - offset: the offset from the first page's start.
    ///   - velocity: the release velocity, points per second (positive toward the end).
    ///   - restOffset: where momentum alone would come to rest.
    ///   - tolerance: the speed below which a release counts as at rest.
    ///   - lengths: the length of each page.
    ///   - viewport: the viewport's length.
    public static func target(offset: Double, velocity: Double, restOffset: Double, tolerance: Double,
                              lengths: [Double], viewport: Double) -> Double {
        guard !lengths.isEmpty else { return offset }
        var starts: [Double] = []
        starts.reserveCapacity(lengths.count + 1)
        var sum = 0.0
        for length in lengths { starts.append(sum); sum += Swift.max(0, length) }
        starts.append(sum)
        func innerEnd(_ i: Int) -> Double { starts[i] + Swift.max(0, lengths[i] - viewport) }
        let epsilon = 0.5
        var page = 0
        while page + 1 < lengths.count && starts[page + 1] <= offset + epsilon { page += 1 }
        let start = starts[page], end = innerEnd(page)
        let next = page + 1 < lengths.count ? starts[page + 1] : end
        let previousEnd = page > 0 ? innerEnd(page - 1) : start
        if offset > end + epsilon {
            // Between the end of a page and the start of the next.
            if velocity > tolerance { return next }
            if velocity < -tolerance { return end }
            return offset - end < next - offset ? end : next
        }
        if velocity > tolerance { return offset >= end - epsilon ? next : Swift.min(restOffset, end) }
        if velocity < -tolerance { return offset <= start + epsilon ? previousEnd : Swift.max(restOffset, start) }
        return offset.clamped(to: start...Swift.max(start, end))
    }
}

extension ScrollState {
    /// The offset a release with `velocity` settles on in paging mode.
    func pageTarget(_ axis: Axis, velocity: Double) -> Double {
        let bounds = offsetBounds(axis)
        let position = offset[axis] - bounds.lowerBound
        if axis == .vertical, let lengths = verticalPageLengths {
            let rest = Deceleration(from: position, velocity: velocity, rate: decelerationRate).restPosition
            let target = Paging.target(offset: position, velocity: velocity, restOffset: rest,
                                       tolerance: minimumFlingVelocity, lengths: lengths,
                                       viewport: contentViewport.height)
            return (bounds.lowerBound + target).clamped(to: bounds)
        }
        let size = pageStep(axis)
        guard size > 0 else { return offset[axis].clamped(to: bounds) }
        let page = Paging.targetPage(position: position / size, velocity: velocity, tolerance: minimumFlingVelocity)
        return (bounds.lowerBound + Double(page) * size).clamped(to: bounds)
    }

    /// `target` moved to the nearest page boundary in paging mode, so programmatic scrolls never
    /// leave a paging view between pages; unchanged otherwise.
    func snappedToPage(_ axis: Axis, _ target: Double) -> Double {
        guard isPagingEnabled else { return target }
        var probe = self
        probe.offset[axis] = target
        return probe.pageTarget(axis, velocity: 0)
    }

    /// The boundary of the page after (or before) the one at `from`, for page keys in paging mode.
    func adjacentPage(_ axis: Axis, from: Double, forward: Bool) -> Double {
        let bounds = offsetBounds(axis)
        if axis == .vertical, verticalPageLengths != nil {
            var probe = self
            probe.offset[axis] = from
            return probe.pageTarget(axis, velocity: forward ? maximumFlingVelocity : -maximumFlingVelocity)
        }
        let size = pageStep(axis)
        guard size > 0 else { return from }
        let page = ((from - bounds.lowerBound) / size).rounded() + (forward ? 1 : -1)
        return (bounds.lowerBound + page * size).clamped(to: bounds)
    }

    /// Where the view stands among its pages along `axis`: the page at the viewport's start, the
    /// number of pages, and how far through the current page it is (0…1). For a watchOS page
    /// indicator that shows both positions (SV-15).
    public func pagePosition(_ axis: Axis) -> (page: Int, count: Int, progress: Double) {
        let bounds = offsetBounds(axis)
        let position = (offset[axis] - bounds.lowerBound).clamped(to: 0...(bounds.upperBound - bounds.lowerBound))
        if axis == .vertical, let lengths = verticalPageLengths, !lengths.isEmpty {
            var start = 0.0
            for (i, length) in lengths.enumerated() {
                let inner = Swift.max(0, length - contentViewport.height)
                if position < start + length - 0.5 || i == lengths.count - 1 {
                    let progress = inner > 0 ? ((position - start) / inner).clamped(to: 0...1) : 1
                    return (i, lengths.count, progress)
                }
                start += length
            }
        }
        let size = pageStep(axis)
        guard size > 0 else { return (0, 1, 1) }
        let span = bounds.upperBound - bounds.lowerBound
        // Far more pages than any count can name are held at a large finite number.
        let count = Int(saturating: (span / size).rounded(.up)).clamped(to: 0...(Int.max / 2)) + 1
        let page = Int(flooringSaturating: position / size + 0.5).clamped(to: 0...(count - 1))
        return (page, count, 1)
    }
}
