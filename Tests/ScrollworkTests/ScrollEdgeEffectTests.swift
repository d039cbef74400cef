import Testing
@testable import Scrollwork

@Suite struct ScrollEdgeEffectTests {
    @Test("SV-08: the effect fades in as content scrolls under the floating bar")
    func SV_08_intensityFollowsContentUnderBar() throws {
        var s = phoneScroll()
        let top = ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 44)
        let bottom = ScrollEdgeEffect(edge: .bottom, floating: [.bar], depth: 50)
        #expect(top.intensity(in: s) == 0)
        #expect(bottom.intensity(in: s) == 1)
        try s.setOffset(Point(x: 0, y: 22), time: 0)
        #expect(top.intensity(in: s) == 0.5)
        try s.setOffset(Point(x: 0, y: 400), time: 0)
        #expect(top.intensity(in: s) == 1)
        try s.setOffset(Point(x: 0, y: 4520 - 25), time: 0)
        #expect(bottom.intensity(in: s) == 0.5)
    }

    @Test("SV-08: only next to a floating element")
    func SV_08_onlyWithFloatingElement() {
        let s = phoneScroll()
        let lonely = ScrollEdgeEffect(edge: .top, style: .soft, floating: [], depth: 44)
        #expect(!lonely.isActive)
        #expect(lonely.intensity(in: s) == 0)
        #expect(ScrollEdgeEffect.diagnostics(for: [lonely]).map(\.guideline) == ["SV-08"])
    }

    @Test("SV-08: automatic is soft in most cases, hard for macOS, pinned headers, interactive text and backless controls")
    func SV_08_automaticResolution() {
        #expect(ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 44).resolvedStyle(for: .iOS) == .soft)
        #expect(ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 44).resolvedStyle(for: .macOS) == .hard)
        for element in [ScrollEdgeEffect.FloatingElement.pinnedTableHeader, .interactiveText, .backless] {
            #expect(ScrollEdgeEffect(edge: .top, floating: [element], depth: 44).resolvedStyle(for: .iOS) == .hard)
        }
        #expect(ScrollEdgeEffect(edge: .top, style: .soft, floating: [.pinnedTableHeader], depth: 20).resolvedStyle(for: .iOS) == .soft)
    }

    @Test("SV-08: one effect per edge, and split-view panes match in height")
    func SV_08_diagnostics() {
        let a = ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 44)
        let b = ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 44)
        #expect(ScrollEdgeEffect.diagnostics(for: [a]).isEmpty)
        #expect(ScrollEdgeEffect.diagnostics(for: [a, b]).count == 1)
        #expect(ScrollEdgeEffect.diagnostics(for: [ScrollEdgeEffect(edge: .top, floating: [.bar, .backless], depth: 44)]).count == 1)
        let c = ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 52)
        #expect(ScrollEdgeEffect.diagnostics(forPanes: [[a], [b]]).isEmpty)
        let mismatch = ScrollEdgeEffect.diagnostics(forPanes: [[a], [c]])
        #expect(mismatch.count == 1 && mismatch[0].guideline == "SV-08")
    }
}

@Suite struct NestedScrollTests {
    func listWithCarousel() -> NestedScrollCoordinator {
        let list = ScrollState(viewport: Size(width: 320, height: 480), content: Size(width: 320, height: 5000))
        let carousel = ScrollState(viewport: Size(width: 320, height: 120), content: Size(width: 1600, height: 120))
        return NestedScrollCoordinator(outer: list, inner: carousel)
    }

    @Test("SV-04: a horizontal carousel in a vertical list gets horizontal drags; the list vertical ones")
    func SV_04_routesByAxis() throws {
        var n = listWithCarousel()
        #expect(n.diagnostics.isEmpty)
        n.beginDrag(at: Point(x: 200, y: 60), time: 0)
        n.drag(to: Point(x: 190, y: 61), time: 0.02)
        n.drag(to: Point(x: 150, y: 62), time: 0.04)
        #expect(n.owner == .inner)
        #expect(n.inner.offset.x == 50)
        #expect(n.outer.offset.y == 0)
        n.endDrag(time: 0.3)
        n.beginDrag(at: Point(x: 200, y: 300), time: 1)
        n.drag(to: Point(x: 199, y: 290), time: 1.02)
        n.drag(to: Point(x: 198, y: 200), time: 1.04)
        #expect(n.owner == .outer)
        #expect(n.outer.offset.y == 100)
        #expect(n.inner.offset.x == 50)
        n.endDrag(time: 1.3)
        n.tick(at: 5)
        #expect(n.owner == nil)
    }

    @Test("SV-04: nesting views of the same orientation is diagnosed")
    func SV_04_sameAxisNestingDiagnosed() {
        let outer = ScrollState(viewport: Size(width: 320, height: 480), content: Size(width: 320, height: 5000))
        let inner = ScrollState(viewport: Size(width: 320, height: 200), content: Size(width: 320, height: 900))
        let found = NestedScrollCoordinator(outer: outer, inner: inner).diagnostics
        #expect(found.count == 1 && found[0].guideline == "SV-04")
    }

    @Test("SV-09: two scroll views on one screen must scroll in different directions")
    func SV_09_oneScrollViewPerAxis() {
        let list = ScrollState(viewport: Size(width: 320, height: 480), content: Size(width: 320, height: 5000))
        let other = ScrollState(viewport: Size(width: 320, height: 200), content: Size(width: 320, height: 900))
        let strip = ScrollState(viewport: Size(width: 320, height: 100), content: Size(width: 900, height: 100))
        #expect(ScreenDiagnostics.check(scrollViews: [list, strip]).isEmpty)
        let found = ScreenDiagnostics.check(scrollViews: [list, strip, other])
        #expect(found.count == 1 && found[0].guideline == "SV-09")
    }
}

@Suite struct ScrollIdiomTests {
    @Test("SV-11: the macOS idiom uses scrollers; SV-13 tvOS none; SV-14 visionOS fixed")
    func SV_11_SV_13_SV_14_idiomPresets() {
        let size = Size(width: 400, height: 300), content = Size(width: 400, height: 3000)
        #expect(ScrollIdiom.iOS.scrollState(viewport: size, content: content).indicatorStyle.thickness == 3)
        #expect(ScrollIdiom.macOS.scrollState(viewport: size, content: content).indicatorStyle.minimumLength == 26)
        #expect(ScrollIdiom.tvOS.scrollState(viewport: size, content: content).indicator(.vertical) == nil)
        #expect(ScrollIdiom.visionOS.scrollState(viewport: size, content: content).indicatorStyle.kind == .fixedCentered(length: 36))
        let watch = ScrollIdiom.watchOS.scrollState(viewport: size, content: content)
        #expect(watch.bounces == .vertical && watch.isDirectionalLockEnabled)
    }

    @Test("SV-15: watchOS prefers vertical scrolling")
    func SV_15_watchPrefersVertical() throws {
        var s = ScrollIdiom.watchOS.scrollState(viewport: Size(width: 184, height: 224), content: Size(width: 184, height: 2000))
        try s.flick(from: Point(x: 150, y: 200), to: Point(x: 20, y: 190), start: 0, duration: 0.1)
        s.settle(from: 0.1)
        #expect(s.offset.x == 0)
    }
}
