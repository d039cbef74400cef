import Testing
@testable import Scrollwork

/// Each call here trapped once for some value of its parameters' types. Every case runs in its own
/// process (an exit test), so one crash cannot hide the others.
@Suite struct TotalCallTests {
    @Test("zoom limits with the minimum above the maximum: zooming is off, nothing traps")
    func invertedZoomLimits() async {
        await #expect(processExitsWith: .success) {
            var s = ScrollState(viewport: Size(width: 100, height: 100), content: Size(width: 400, height: 400))
            s.minimumZoomScale = 4
            s.maximumZoomScale = 2
            try s.setZoomScale(3, animated: false, at: 0)
            try s.setZoomScale(3, animated: true, at: 0.1)
            s.beginZoom(at: 0.2)
            try s.zoom(scale: 2, anchor: Point(x: 10, y: 10), at: 0.3)
            s.endZoom(anchor: Point(x: 10, y: 10), at: 0.4)
            s.doubleTapZoom(at: Point(x: 5, y: 5), time: 0.5)
            s.tick(at: 5)
            precondition(s.zoomScale == 1, "zooming is off, the scale stays")
        }
    }

    @Test("a zoom range changed to min > max during a pinch ends without a trap")
    func zoomLimitsInvertedMidPinch() async {
        await #expect(processExitsWith: .success) {
            var s = ScrollState(viewport: Size(width: 100, height: 100), content: Size(width: 400, height: 400))
            s.maximumZoomScale = 4
            s.beginZoom(at: 0)
            try s.zoom(scale: 3, anchor: Point(x: 10, y: 10), at: 0.1)
            s.minimumZoomScale = 8
            s.endZoom(anchor: Point(x: 10, y: 10), at: 0.2)
            s.tick(at: 5)
            precondition(s.zoomScale.isFinite && s.offset.x.isFinite)
        }
    }

    @Test("negative, NaN or infinite fling velocities and wheel settings", arguments: [-1.0, .nan, .infinity, -.infinity, 0])
    func flingVelocityLimits(value: Double) async {
        await #expect(processExitsWith: .success) {
            for v in [-1.0, .nan, .infinity, -.infinity, 0, .leastNonzeroMagnitude] {
                var s = ScrollState(viewport: Size(width: 100, height: 100), content: Size(width: 400, height: 4000))
                s.maximumFlingVelocity = v
                s.minimumFlingVelocity = v
                s.wheelLines = v
                s.lineStep = Size(width: v, height: v)
                s.pageOverlap = Size(width: v, height: v)
                s.doubleTapZoomFactor = v
                s.wheel(notches: Point(x: 0, y: 3), at: 0)
                s.beginDrag(at: Point(x: 50, y: 90), time: 0.1)
                s.drag(to: Point(x: 50, y: 10), time: 0.12)
                s.endDrag(time: 0.13)
                s.perform(.lineDown, time: 0.2)
                s.tick(at: 20)
                precondition(s.offset.y.isFinite && s.offset.y >= 0 && s.offset.y <= 3900, "offset \(s.offset.y)")
            }
        }
    }

    @Test("a spring of mass 0 and content of 1e308 with an inset keep the offset finite")
    func springAndHugeContent() async {
        await #expect(processExitsWith: .success) {
            var s = ScrollState(viewport: Size(width: 100, height: 100), content: Size(width: 100, height: 1e308), insets: EdgeInsets(top: 1e308, left: 0, bottom: 1e308, right: 0))
            s.spring.mass = 0
            s.spring.stiffness = -1
            s.spring.dampingRatio = .nan
            s.beginDrag(at: Point(x: 50, y: 50), time: 0)
            s.drag(to: Point(x: 50, y: 500), time: 0.05)
            s.endDrag(time: 0.06)
            s.tick(at: 30)
            precondition(s.offset.y.isFinite && !s.isAnimating, "offset \(s.offset.y)")
            s.isPagingEnabled = true
            s.perform(.pageDown, time: 31)
            s.tick(at: 60)
            precondition(s.offset.y.isFinite)
        }
    }

    @Test("paging with content of 1e21 points, and a paging coupling over it")
    func hugePagedContent() async {
        await #expect(processExitsWith: .success) {
            var s = ScrollState(viewport: Size(width: 1e-300, height: 100), content: Size(width: 1e21, height: 100))
            s.isPagingEnabled = true
            s.perform(.pageDown, time: 0)
            s.tick(at: 5)
            var c = PagedScrollCoupling(scroll: ScrollState(viewport: Size(width: 100, height: 100), content: Size(width: 1e21, height: 100)), axis: .horizontal)
            c.tick(at: 1)
            precondition(c.pageControl.numberOfPages > 0)
        }
    }

    @Test("a pinch by 1e308 and a NaN-free zoom afterwards")
    func hugePinch() async {
        await #expect(processExitsWith: .success) {
            var s = ScrollState(viewport: Size(width: 100, height: 100), content: Size(width: 400, height: 400))
            s.maximumZoomScale = 4
            s.beginZoom(at: 0)
            try s.zoom(scale: 1e308, anchor: Point(x: 10, y: 10), at: 0.1)
            try s.zoom(scale: 1e-308, anchor: Point(x: 10, y: 10), at: 0.2)
            s.endZoom(anchor: Point(x: 10, y: 10), at: 0.3)
            s.tick(at: 5)
            precondition(s.zoomScale >= 1 && s.zoomScale <= 4 && s.offset.x.isFinite)
        }
    }

    @Test("undo limits, velocity tracker capacities and column widths out of range")
    func negativeCountsAndLimits() async {
        await #expect(processExitsWith: .success) {
            var list = ListState(rows: GeneratedRows(count: 10) { "r\($0)" }) { RowContent($0) }
            list.undoLimit = -5
            try list.deleteRows(at: [IndexPath(row: 0, section: 0)])
            // A limit below 0 keeps no undo steps, as a limit of 0 does.
            precondition(list.undoLimit == 0 && (try? list.undo()) == nil)
            var tracker = VelocityTracker()
            tracker.capacity = -3
            tracker.add(Point(x: 0, y: 0), at: 0)
            tracker.add(Point(x: 0, y: 10), at: 0.01)
            _ = tracker.velocity(at: 0.02)
            var width = ColumnWidth.clamping(min: 10, ideal: 20, max: 30)
            width.min = 50
            width.max = 5
            _ = width.clamp(20)
            width.ideal = .nan
            _ = ColumnLayout.fit([10, 20, 30], limits: [width], resizable: [true], available: 100, style: .uniform)
            _ = ColumnLayout.fit([.nan, -1], limits: [], resizable: [true, false, true], available: .infinity, style: .uniform)
        }
    }

    @Test("LT-12: every column style ends for widths at the largest there is and gaps below their precision")
    func columnLayoutEnds() {
        let huge = ColumnWidth.largestWidth
        let limits = [ColumnWidth.clamping(min: 0, ideal: huge, max: huge), .clamping(min: 0, ideal: huge / 3, max: huge)]
        for style in ColumnAutoresizingStyle.allCases {
            for (widths, available) in [([huge, huge / 3], huge + huge / 3 - 1e-6), ([huge / 2, huge / 3], huge / 2 + huge / 3 + 1e-6),
                                        ([huge, huge], huge * 2 - 3e-5), ([1e-9, 2e-9], 1e-8), ([huge, 0], 0.5)] {
                let fitted = ColumnLayout.fit(widths, limits: limits, resizable: [true, true], available: available, style: style)
                #expect(fitted.count == 2 && fitted.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= huge }, "\(style) \(widths) in \(available)")
            }
        }
    }

    @Test("points and rects with NaN or infinity, negative overscans and samples")
    func geometryExtremes() async {
        await #expect(processExitsWith: .success) {
            _ = Point(x: 1, y: 2).clamped(to: Rect(x: .nan, y: .infinity, width: -.infinity, height: .nan))
            let h = RowHeights.fixed(16, count: 100)
            _ = h.visibleRange(top: 0, length: 100, overscan: -5)
            _ = h.visibleRange(top: 0, length: 100, overscan: .max)
            _ = h.visibleRange(top: .nan, length: .infinity, overscan: .min)
            _ = h.item(atOffset: 1e300)
            _ = h.item(atOffset: -.infinity)
            let tiny = RowHeights.fixed(1e-300, count: 1000)
            _ = tiny.visibleRange(top: 0, length: 100)
            _ = tiny.item(atOffset: 50)
            let list = ListState(rows: GeneratedRows(count: 10) { "r\($0)" }) { RowContent($0) }
            _ = list.diagnostics(sampleRowsPerSection: -1)
            _ = list.diagnostics(sampleRowsPerSection: .max)
            _ = list.visibleItems(overscan: .max)
            _ = list.visibleItems(overscan: .min)
        }
    }

    @Test("Int.max and Int.min counts and moves")
    func integerExtremes() async {
        await #expect(processExitsWith: .success) {
            let huge = RowHeights.variable(count: .max) { _ in 16 }
            _ = huge.totalHeight
            var outline = OutlineState(source: SmallTree())
            outline.moveCursor(by: .max)
            outline.moveCursor(by: .min)
            _ = outline.visibleRows(overscan: .max)
            var pages = PageControlState(clampingPageCount: .max)
            pages.pointerDown(at: 0, time: 0)
            _ = pages.pointerMoved(to: 1e300, time: 0.5)
            _ = pages.pointerMoved(to: -1e300, time: 1)
            _ = pages.pointerUp(at: .greatestFiniteMagnitude, time: 1.5)
            _ = "abc".fitted(toWidth: .max)
            _ = "abc".truncated(toWidth: .min, .middle)
            _ = pages.layout()
        }
    }
}

/// A three-level tree for the outline cases.
struct SmallTree: OutlineSource {
    func childCount(of parent: Int?) -> Int { parent.map { $0 < 100 ? 2 : 0 } ?? 3 }
    func child(of parent: Int?, at index: Int) -> Int { parent.map { $0 * 10 + index } ?? index + 1 }
}
