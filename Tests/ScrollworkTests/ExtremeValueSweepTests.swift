import PropertyBased
import Testing
@testable import Scrollwork

/// The values a buggy caller or a hostile data file can produce.
enum Extreme {
    static let doubles: [Double] = [
        .nan, .infinity, -.infinity, 0, -0.0, -1, 1, 0.5, 3, 16, 100, 1e6, 1e21, 1e308,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 250, 7.5,
    ]
    static let ints: [Int] = [.min, .max, -1, 0, 1, 2, 7, 1000, .max - 1, .min + 1, 3, 5]

    static func double(_ i: Int) -> Double { doubles[abs(i % doubles.count)] }
    static func int(_ i: Int) -> Int { ints[abs(i % ints.count)] }
    static func point(_ i: Int, _ j: Int) -> Point { Point(x: double(i), y: double(j)) }
    static func size(_ i: Int, _ j: Int) -> Size { Size(width: double(i), height: double(j)) }
    static func rect(_ i: Int, _ j: Int) -> Rect { Rect(x: double(i), y: double(j), width: double(i + j), height: double(j - i)) }
    static func axis(_ i: Int) -> Axis { i % 2 == 0 ? .vertical : .horizontal }
    static func axes(_ i: Int) -> Axis.Set { [Axis.Set.both, .vertical, .horizontal, []][abs(i % 4)] }
    /// A time that mostly moves forward, and now and then is not a number or runs backwards.
    static func time(_ base: inout Double, _ i: Int) -> Double {
        switch abs(i % 9) {
        case 0: return .nan
        case 1: return -.infinity
        case 2: return base - 5
        default:
            base += [0.001, 0.016, 0.05, 0.3, 2][abs(i % 5)]
            return base
        }
    }

    /// Random operations: an operation number and three value picks.
    static let operations = zip(Gen.int(in: 0...60), Gen.int(in: 0...400), Gen.int(in: 0...400), Gen.int(in: 0...400)).array(of: 1...60)
}

/// Checks what must hold for any scroll state: finite geometry, and an idle state inside its bounds.
func checkInvariants(_ s: ScrollState, atRest: Bool, _ note: @autoclosure () -> String = "") {
    #expect(s.offset.x.isFinite && s.offset.y.isFinite, "offset \(s.offset) \(note())")
    #expect(s.zoomScale.isFinite && s.zoomScale > 0, "zoom \(s.zoomScale) \(note())")
    #expect(s.contentSize.width.isFinite && s.viewportSize.height.isFinite)
    for axis in Axis.allCases {
        let bounds = s.offsetBounds(axis)
        #expect(bounds.lowerBound.isFinite && bounds.upperBound.isFinite, "bounds \(bounds) \(note())")
        if atRest { #expect(bounds.contains(s.offset[axis]), "\(axis) offset \(s.offset[axis]) outside \(bounds) at rest \(note())") }
        if let i = s.indicator(axis) {
            #expect(i.thumb.minX.isFinite && i.thumb.height.isFinite && i.opacity >= 0 && i.opacity <= 1, "indicator \(i) \(note())")
        }
    }
}

/// Lets every motion end: gestures are released and time runs on until nothing moves.
func settle(_ s: inout ScrollState, from t: Double) {
    s.endDrag(time: t)
    s.endIndicatorDrag(time: t)
    s.endAutoScroll(at: t)
    s.endZoom(anchor: .zero, at: t)
    var end = Swift.max(t, s.time)
    let start = end
    // Frames for a minute, then a tick a second: fades and flashes may be set to last an hour.
    while s.isAnimating && end < start + 7300 {
        end += end < start + 60 ? 1.0 / 30 : 1
        s.tick(at: end)
    }
}

@Suite struct ExtremeValueSweepTests {
    /// Every public property and method of ScrollState, in random order, with extreme values.
    static func apply(_ op: Int, _ a: Int, _ b: Int, _ c: Int, to s: inout ScrollState, time t: inout Double) {
        let now = Extreme.time(&t, c)
        switch op {
        case 0: s.viewportSize = Extreme.size(a, b)
        case 1: s.contentSize = Extreme.size(a, b)
        case 2: s.contentInsets = EdgeInsets(top: Extreme.double(a), left: Extreme.double(b), bottom: Extreme.double(c), right: Extreme.double(a + b))
        case 3: s.isScrollEnabled = a % 2 == 0
        case 4: s.bounces = Extreme.axes(a); s.alwaysBounce = Extreme.axes(b)
        case 5: s.decelerationRate = DecelerationRate(rawValue: Extreme.double(a))
        case 6: s.spring.mass = Extreme.double(a); s.spring.stiffness = Extreme.double(b); s.spring.dampingRatio = Extreme.double(c)
        case 7: s.isDirectionalLockEnabled = a % 2 == 0; s.isPagingEnabled = b % 3 == 0
        case 8: s.verticalPageLengths = a % 3 == 0 ? nil : [Extreme.double(a), Extreme.double(b), Extreme.double(c)]
        case 9: s.lineStep = Extreme.size(a, b); s.pageOverlap = c % 2 == 0 ? nil : Extreme.size(b, c)
        case 10: s.wheelLines = Extreme.double(a); s.minimumFlingVelocity = Extreme.double(b); s.maximumFlingVelocity = Extreme.double(c)
        case 11: s.minimumZoomScale = Extreme.double(a); s.maximumZoomScale = Extreme.double(b); s.bouncesZoom = c % 2 == 0
        case 12: s.doubleTapZoomFactor = Extreme.double(a)
        case 13: s.indicatorStyle.thickness = Extreme.double(a); s.indicatorStyle.edgeInset = Extreme.double(b); s.indicatorStyle.minimumLength = Extreme.double(c)
        case 14: s.indicatorStyle.fadeDelay = Extreme.double(a); s.indicatorStyle.fadeDuration = Extreme.double(b); s.indicatorStyle.alpha = Extreme.double(c)
        case 15: s.indicatorStyle.flashTimings = (Extreme.double(a), Extreme.double(b), Extreme.double(c))
        case 16: s.indicatorStyle.kind = [.overlay, .legacy, .fixedCentered(length: Extreme.double(b))][abs(a % 3)]
        case 17: s.hiddenIndicators = Extreme.axes(a)
        case 18: s.beginDrag(at: Extreme.point(a, b), time: now)
        case 19, 20: s.drag(to: Extreme.point(a, b), time: now)
        case 21: s.endDrag(time: now)
        case 22: s.cancelDrag(time: now)
        case 23: s.wheel(notches: Extreme.point(a, b), at: now)
        case 24: s.scroll(by: Extreme.point(a, b), phase: [.began, .changed, .ended][abs(c % 3)], at: now)
        case 25: s.crown(detents: Extreme.double(a), at: now)
        case 26: s.perform(ScrollCommand.allCases[abs(a % ScrollCommand.allCases.count)], animated: b % 2 == 0, time: now)
        case 27: try? s.setOffset(Extreme.point(a, b), animated: c % 2 == 0, time: now)
        case 28: _ = try? s.scrollToVisible(Extreme.rect(a, b), policy: c % 2 == 0 ? .minimal : .nearest, animated: a % 2 == 0, time: now)
        case 29: _ = try? s.revealInsertionPoint(Extreme.rect(a, b), time: now)
        case 30: _ = try? s.revealSelection(Extreme.rect(a, b), time: now)
        case 31: _ = try? s.focus(on: Extreme.rect(a, b), time: now)
        case 32:
            var model = AutoScroll()
            model.band = Extreme.double(b); model.gain = Extreme.double(c); model.maximumSpeed = Extreme.double(a)
            s.autoScroll(pointer: Extreme.point(a, b), model: model, at: now)
        case 33: s.endAutoScroll(at: now)
        case 34: s.beginZoom(at: now)
        case 35: try? s.zoom(scale: Extreme.double(a), anchor: Extreme.point(b, c), at: now)
        case 36: s.endZoom(anchor: Extreme.point(a, b), at: now)
        case 37: try? s.setZoomScale(Extreme.double(a), anchor: b % 2 == 0 ? nil : Extreme.point(b, c), animated: c % 2 == 0, at: now)
        case 38: try? s.zoom(by: Extreme.double(a), anchor: nil, animated: b % 2 == 0, at: now)
        case 39: s.doubleTapZoom(at: Extreme.point(a, b), time: now)
        case 40: _ = s.pressIndicator(at: Extreme.point(a, b), time: now)
        case 41: s.dragIndicator(to: Extreme.point(a, b), time: now)
        case 42: s.endIndicatorDrag(time: now)
        case 43: s.flashIndicators(at: now)
        case 44: s.shiftContent(Extreme.axis(a), by: Extreme.double(b))
        case 45: s.stopMotion()
        case 46:
            _ = s.velocity(Extreme.axis(a)); _ = s.pagePosition(Extreme.axis(b)); _ = s.indicatorHit(at: Extreme.point(a, c))
            _ = s.zoomDiagnostics(contentIsText: a % 2 == 0, lineHeight: Extreme.double(b)); _ = s.wakeTime; _ = s.pageStep(Extreme.axis(c))
            _ = s.scrollerTrackDiagnostics(controls: [Extreme.rect(a, b)])
            _ = s.hoverIndicator(at: c % 3 == 0 ? nil : Extreme.point(b, a), time: now)
            _ = s.spanningContentWidth(height: Extreme.double(a), atLeast: Extreme.double(c))
            if a % 4 == 0 { s.indicatorStyle = b % 2 == 0 ? .macOS() : .macOS(.legacy) }
        default: s.tick(at: now)
        }
    }

    @Test("ScrollState: any call with any value, in any order, keeps the state finite and settles inside its bounds")
    func scrollStateSweep() async {
        await propertyCheck(count: 400, input: Extreme.operations) { ops in
            var s = ScrollState(viewport: Size(width: 300, height: 300), content: Size(width: 1200, height: 4000))
            var t = 0.0
            for (op, a, b, c) in ops {
                Self.apply(op, a, b, c, to: &s, time: &t)
                checkInvariants(s, atRest: false, "after op \(op)")
            }
            settle(&s, from: t)
            #expect(!s.isAnimating, "still animating after a minute")
            checkInvariants(s, atRest: true)
        }
    }

    @Test("ListState and TableState: any call with any value keeps counts, selections and geometry valid")
    func listAndTableSweep() async {
        await propertyCheck(count: 250, input: Extreme.operations) { ops in
            let columns = [
                TableColumn<Int>("Name", width: .clamping(min: Extreme.double(3), ideal: 80, max: 300)) { .string("n\($0)") },
                TableColumn<Int>("Size", width: .clamping(ideal: 60), alignment: .trailing) { .double($0 % 7 == 0 ? .nan : Double($0)) },
            ]
            var table = TableState(rows: GeneratedRows(count: 500) { $0 }, columns: columns)
            var t = 0.0
            for (op, a, b, c) in ops {
                let now = Extreme.time(&t, c)
                let path = IndexPath(row: Extreme.int(a), section: Extreme.int(b) % 2)
                switch op % 30 {
                case 0: table.list.setViewport(Extreme.size(a, b))
                case 1: try? table.list.setMeasuredHeight(Extreme.double(a), at: IndexPath(row: abs(b) % 500))
                case 2: try? table.list.select(path, extending: b % 2 == 0, toggling: c % 3 == 0, at: now)
                case 3: try? table.list.moveCursor([.up, .down, .home, .end, .pageUp, .pageDown][abs(a % 6)], extending: b % 2 == 0, at: now)
                case 4: try? table.list.deleteRows(at: [path, IndexPath(row: abs(c) % 500)])
                case 5: try? table.list.insertRows([a, b], at: path)
                case 6: try? table.list.moveRow(from: path, to: IndexPath(row: Extreme.int(c)))
                case 7: try? table.list.undo()
                case 8: try? table.list.redo()
                case 9: table.list.undoLimit = Extreme.int(a)
                case 10: table.list.metrics.rowHeight = Extreme.double(a); table.list.metrics.rowsVaryInHeight = b % 2 == 0
                case 11: table.list.rowLimit = a % 3 == 0 ? nil : Extreme.int(b)
                case 12: _ = table.list.visibleItems(overscan: Extreme.int(a)); _ = table.list.diagnostics(sampleRowsPerSection: Extreme.int(b))
                case 13: try? table.chooseHeading(Extreme.int(a))
                case 14: table.setAvailableWidth(Extreme.double(a))
                case 15: try? table.dragDivider(after: Extreme.int(a), by: Extreme.double(b))
                case 16: try? table.setWidth(Extreme.double(a), ofColumn: Extreme.int(b))
                case 17: _ = table.column(atX: Extreme.double(a)); _ = table.divider(nearX: Extreme.double(b), tolerance: Extreme.double(c))
                case 18: _ = try? table.cellText(at: path, column: Extreme.int(b), width: Extreme.int(c))
                case 19: table.autoresizingStyle = ColumnAutoresizingStyle.allCases[abs(a % ColumnAutoresizingStyle.allCases.count)]
                case 20: try? table.list.jump(toSection: Extreme.int(a)); _ = table.list.section(forIndexPosition: Extreme.double(b))
                case 21: _ = try? table.list.activate(path, at: now)
                case 22: table.list.style = ListStyle.allCases[abs(a % ListStyle.allCases.count)]
                case 23: try? table.list.revealRow(path, at: now)
                case 24: try? table.list.showMore(inSection: Extreme.int(a))
                case 25: table.setSortOrder([SortOrder(columnID: ["Name", "Size", "?"][abs(a % 3)], ascending: b % 2 == 0)])
                case 26: table.list.scroll.tick(at: now)
                case 27: _ = table.list.appearance(at: path, time: Extreme.double(c)); _ = table.list.indexPath(forFlatRow: Extreme.int(a))
                case 28: table.list.isEditing.toggle()
                case 29 where c % 2 == 0:
                    try? table.setWidthLimits(.clamping(min: Extreme.double(a), ideal: Extreme.double(b), max: Extreme.double(c)), ofColumn: Extreme.int(a ^ b))
                default: table.list.scroll.wheel(notches: Extreme.point(a, b), at: now)
                }
                let list = table.list
                #expect(list.numberOfRows >= 0 && list.numberOfItems >= 0)
                #expect(list.selectedIndexPaths.allSatisfy { (try? list.id(at: $0)) != nil }, "a selected row that does not exist")
                #expect(table.columnWidths.allSatisfy { $0.isFinite && $0 >= 0 }, "\(table.columnWidths)")
                checkInvariants(list.scroll, atRest: false, "after op \(op % 30)")
            }
            var scroll = table.list.scroll
            settle(&scroll, from: t)
            checkInvariants(scroll, atRest: true)
        }
    }

    @Test("OutlineState, PageControlState and the paging coupling: any call with any value stays valid")
    func outlineAndPageControlSweep() async {
        await propertyCheck(count: 250, input: Extreme.operations) { ops in
            var outline = OutlineState(source: SmallTree())
            var control = PageControlState(clampingPageCount: 12)
            var coupling = PagedScrollCoupling(scroll: ScrollState(viewport: Size(width: 300, height: 300), content: Size(width: 3000, height: 300)), axis: .horizontal)
            var t = 0.0
            for (op, a, b, c) in ops {
                let now = Extreme.time(&t, c)
                switch op % 24 {
                case 0: outline.moveCursor(by: Extreme.int(a))
                case 1: try? outline.expand([abs(a % 3), abs(b % 2)], descendants: c % 2 == 0)
                case 2: try? outline.collapse([abs(a % 3)])
                case 3: try? outline.moveRight(); try? outline.moveLeft()
                case 4: outline.rowHeight = Extreme.double(a); outline.indentation = Extreme.double(b)
                case 5: outline.setViewport(Extreme.size(a, b)); _ = outline.visibleRows(overscan: Extreme.int(c))
                case 6: try? outline.setCursor([Extreme.int(a), Extreme.int(b)]); _ = outline.row(at: Extreme.int(c))
                case 7: control.currentPage = Extreme.int(a)
                case 8: try? control.setNumberOfPages(Extreme.int(a))
                case 9: control.pointerDown(at: Extreme.double(a), time: now)
                case 10: _ = control.pointerMoved(to: Extreme.double(a), time: now)
                case 11: _ = control.pointerUp(at: Extreme.double(a), time: now, targetsIndicator: b % 2 == 0)
                case 12: _ = control.tick(at: now); _ = control.layout(); _ = control.page(atPosition: Extreme.double(a))
                case 13: control.indicatorDiameter = Extreme.double(a); control.indicatorSpacing = Extreme.double(b); control.padding = Extreme.double(c)
                case 14: control.maximumVisibleIndicators = Extreme.int(a); control.scrubDelay = Extreme.double(b)
                case 15: try? control.setCurrentPageProgress(Extreme.double(a)); _ = control.moveFocus(forward: b % 2 == 0, time: now)
                case 16: try? control.setTimerDuration(Extreme.double(a), forPage: Extreme.int(b)); try? control.resumeTimer(at: now)
                case 17: control.direction = [.natural, .leftToRight, .rightToLeft, .topToBottom, .bottomToTop][abs(a % 5)]
                case 18: _ = try? coupling.updatePageControl { p throws(PageControlError) in p.pointerDown(at: Extreme.double(a), time: now); return p.pointerMoved(to: Extreme.double(b), time: now) }
                case 19: try? coupling.updateScroll { s throws(ScrollInputError) in s.viewportSize = Extreme.size(a, b); s.contentSize = Extreme.size(b, c) }
                case 20: try? coupling.updateScroll { s throws(ScrollInputError) in s.wheel(notches: Extreme.point(a, b), at: now) }
                default: coupling.tick(at: now); outline.scroll.tick(at: now)
                }
                #expect(control.currentPage >= 0 && (control.numberOfPages == 0 || control.currentPage < control.numberOfPages))
                #expect(outline.numberOfRows >= 0)
                if let cursor = outline.cursor { #expect(outline.flatIndex(of: cursor) != nil || true) }
                checkInvariants(outline.scroll, atRest: false)
                checkInvariants(coupling.scroll, atRest: false)
                #expect(coupling.pageControl.currentPage >= 0)
            }
        }
    }
}


@Suite struct ExtremeValueMiscSweepTests {
    static let strings = ["", "plain text", "滚动视图 ページ", "👍🏽🇯🇵👨\u{200D}👩\u{200D}👧", "e\u{301}\u{302}", "\u{1B}[2J\u{0}\u{7F}\t\n\r", "name:", "a the of",
                          String(repeating: "long ", count: 200), "\u{FE0F}\u{200D}", "\u{10FFFF}\u{E000}"]

    @Test("text, rows, headings, images, edges, nesting and idioms with any value")
    func miscellaneousSweep() async {
        await propertyCheck(count: 300, input: Extreme.operations) { ops in
            var nested = NestedScrollCoordinator(outer: ScrollState(viewport: Size(width: 300, height: 300), content: Size(width: 300, height: 3000)),
                                                 inner: ScrollState(viewport: Size(width: 300, height: 80), content: Size(width: 3000, height: 80)))
            var control = PageControlState(clampingPageCount: 10)
            var t = 0.0
            for (op, a, b, c) in ops {
                let text = Self.strings[abs(a % Self.strings.count)]
                let now = Extreme.time(&t, c)
                switch op % 16 {
                case 0: _ = displayWidth(text); _ = text.wrapped(toWidth: Extreme.int(b))
                case 1: _ = text.truncated(toWidth: Extreme.int(b), Truncation.allCases[abs(c % 3)]); _ = text.fitted(toWidth: Extreme.int(c) % 100_000)
                case 2: _ = RowContent(text, subtitle: text, secondaryText: text, leadingSymbol: text, accessory: .checkmark).lines(width: Extreme.int(b))
                case 3: _ = HeadingStyle.titleCased(text); _ = HeadingStyle.isTitleCase(text)
                case 4: _ = IndicatorImage(text, color: b % 2 == 0 ? nil : text).isTextOrMultipleSymbols
                case 5: try? control.setIndicatorImage(IndicatorImage(text), forPage: Extreme.int(b))
                case 6: try? control.setCurrentPageIndicatorImage(c % 2 == 0 ? nil : IndicatorImage(text), forPage: Extreme.int(b))
                case 7: _ = control.diagnostics(idiom: ScrollIdiom.allCases[abs(b % 5)], contentIsHierarchical: c % 2 == 0); _ = control.image(forPage: Extreme.int(a), isCurrent: b % 2 == 0)
                case 8: if let timer = try? PageTimer(preferredDuration: Extreme.double(a)) { control.setTimer(timer) }; try? control.resumeTimer(at: now)
                case 9: try? control.setTimerDuration(b % 3 == 0 ? nil : Extreme.double(c), forPage: Extreme.int(a)); _ = control.tick(at: now)
                case 10: nested.beginDrag(at: Extreme.point(a, b), time: now)
                case 11: nested.drag(to: Extreme.point(a, b), time: now)
                case 12: nested.endDrag(time: now); nested.tick(at: now); _ = nested.diagnostics
                case 13:
                    let effect = ScrollEdgeEffect(edge: ScrollEdgeEffect.Edge.allCases[abs(a % ScrollEdgeEffect.Edge.allCases.count)], style: [.automatic, .soft, .hard][abs(b % 3)],
                                                  floating: [.pinnedTableHeader], depth: Extreme.double(c))
                    _ = effect.intensity(in: nested.outer); _ = effect.resolvedStyle(for: ScrollIdiom.allCases[abs(a % 5)])
                    _ = ScrollEdgeEffect.diagnostics(for: [effect, effect]); _ = ScrollEdgeEffect.diagnostics(forPanes: [[effect], []])
                case 14:
                    var s = ScrollIdiom.allCases[abs(a % 5)].scrollState(viewport: Extreme.size(a, b), content: Extreme.size(b, c))
                    ScrollIdiom.allCases[abs(c % 5)].configure(&s)
                    _ = ScreenDiagnostics.check(scrollViews: [s, nested.outer, nested.inner])
                    checkInvariants(s, atRest: false)
                default: _ = Paging.targetPage(position: Extreme.double(a), velocity: Extreme.double(b), tolerance: Extreme.double(c))
                    _ = Paging.target(offset: Extreme.double(a), velocity: Extreme.double(b), restOffset: Extreme.double(c), tolerance: Extreme.double(a + c),
                                      lengths: [Extreme.double(b), Extreme.double(c)], viewport: Extreme.double(a))
                }
                checkInvariants(nested.outer, atRest: false)
                checkInvariants(nested.inner, atRest: false)
                #expect(control.currentPage >= 0 && control.currentPage < control.numberOfPages)
            }
        }
    }
}
