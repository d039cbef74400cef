import Testing
@testable import Scrollwork

@Suite struct PageControlImageTests {
    @Test("PC-06: a default image, an image for a particular page, and current-page variants")
    func PC_06_imagesResolve() throws {
        var c = try PageControlState(numberOfPages: 4)
        #expect(c.image(forPage: 1, isCurrent: false) == .dot)
        try c.setIndicatorImage(IndicatorImage("➤"), forPage: 0)
        #expect(c.layout().items[0].image.symbol == "➤")
        c.preferredIndicatorImage = IndicatorImage("○")
        c.preferredCurrentPageIndicatorImage = IndicatorImage("●")
        #expect(c.image(forPage: 2, isCurrent: false).symbol == "○")
        #expect(c.image(forPage: 2, isCurrent: true).symbol == "●")
        try c.setCurrentPageIndicatorImage(IndicatorImage("➢"), forPage: 0)
        #expect(c.image(forPage: 0, isCurrent: true).symbol == "➢")
        try c.setIndicatorImage(nil, forPage: 0)
        #expect(c.image(forPage: 0, isCurrent: false).symbol == "○")
    }

    @Test("PC-06: images for pages that do not exist are reported, not kept")
    func PC_06_outOfRangeImages() throws {
        var c = try PageControlState(numberOfPages: 3)
        #expect(throws: PageControlError.pageOutOfRange(page: 3, numberOfPages: 3)) {
            try c.setIndicatorImage(IndicatorImage("➤"), forPage: 3)
        }
        #expect(throws: PageControlError.self) { try c.setCurrentPageIndicatorImage(IndicatorImage("➤"), forPage: -1) }
        try c.setIndicatorImage(IndicatorImage("➤"), forPage: 2)
        try c.setNumberOfPages(2)
        #expect(c.diagnostics().contains { $0.guideline == "PC-06" && $0.message.contains("2") })
    }

    @Test("PC-07: text or several symbols as an image is diagnosed")
    func PC_07_simpleImagesOnly() throws {
        var c = try PageControlState(numberOfPages: 3)
        c.preferredIndicatorImage = IndicatorImage("A")
        #expect(c.diagnostics().map(\.guideline).contains("PC-07"))
        c.preferredIndicatorImage = IndicatorImage("➤➤")
        #expect(c.diagnostics().map(\.guideline).contains("PC-07"))
        c.preferredIndicatorImage = IndicatorImage("◆")
        #expect(!c.diagnostics().map(\.guideline).contains("PC-07"))
    }

    @Test("PC-08: customising the dot is opt-in; the default stays the dot")
    func PC_08_defaultIsTheDot() throws {
        let c = try PageControlState(numberOfPages: 3)
        #expect(c.layout().items.allSatisfy { $0.image == .dot })
        #expect(c.diagnostics().isEmpty)
    }

    @Test("PC-09: more than two different images is diagnosed")
    func PC_09_atMostTwoImages() throws {
        var c = try PageControlState(numberOfPages: 5)
        try c.setIndicatorImage(IndicatorImage("➤"), forPage: 0)
        #expect(!c.diagnostics().map(\.guideline).contains("PC-09"))
        try c.setIndicatorImage(IndicatorImage("★"), forPage: 1)
        #expect(c.diagnostics().map(\.guideline).contains("PC-09"))
    }

    @Test("PC-10: coloured images are diagnosed; the host tints")
    func PC_10_noColour() throws {
        var c = try PageControlState(numberOfPages: 3)
        c.preferredIndicatorImage = IndicatorImage("◆", color: "#FF0000")
        #expect(c.diagnostics().map(\.guideline) == ["PC-10"])
    }

    @Test("PC-05: more than ten pages suggests a grid")
    func PC_05_tooManyPages() throws {
        #expect(try PageControlState(numberOfPages: 10).diagnostics().isEmpty)
        let found = try PageControlState(numberOfPages: 11).diagnostics()
        #expect(found.count == 1 && found[0].guideline == "PC-05" && found[0].message.contains("grid"))
    }

    @Test("PC-03: a hierarchical source is diagnosed")
    func PC_03_flatListsOnly() throws {
        let found = try PageControlState(numberOfPages: 3).diagnostics(contentIsHierarchical: true)
        #expect(found.map(\.guideline) == ["PC-03"])
    }

    @Test("PC-17: macOS has no page controls; watchOS needs nothing extra")
    func PC_17_idioms() throws {
        let c = try PageControlState(numberOfPages: 3)
        let mac = c.diagnostics(idiom: .macOS)
        #expect(mac.count == 1 && mac[0].guideline == "PC-17" && mac[0].severity == .error)
        #expect(c.diagnostics(idiom: .watchOS).isEmpty)
        #expect(!ScrollIdiom.macOS.supportsPageControls && ScrollIdiom.watchOS.supportsPageControls)
    }
}

@Suite struct PageTimerTests {
    @Test("PC-01: the timer advances pages with per-page durations in virtual time")
    func PC_01_timerProgress() throws {
        var c = try PageControlState(numberOfPages: 3)
        c.setTimer(try PageTimer(preferredDuration: 2))
        try c.setTimerDuration(5, forPage: 1)
        try c.resumeTimer(at: 0)
        #expect(c.isAnimating)
        #expect(c.tick(at: 1) == nil)
        #expect(c.currentPageProgress == 0.5)
        #expect(c.tick(at: 2)?.page == 1)
        c.tick(at: 4.5)
        #expect(c.currentPage == 1 && c.currentPageProgress == 0.5)
        // A long gap passes several pages at once and wraps to the start.
        #expect(c.tick(at: 9.5)?.page == 0)
        #expect(c.currentPageProgress == 0.25)
        c.pauseTimer()
        c.tick(at: 100)
        #expect(c.currentPage == 0 && !c.isAnimating)
    }

    @Test func timerStopsAtTheEndWithoutReset() throws {
        var c = try PageControlState(numberOfPages: 2)
        var timer = try PageTimer(preferredDuration: 1)
        timer.resetsToInitialPageAfterEnd = false
        c.setTimer(timer)
        try c.resumeTimer(at: 0)
        c.tick(at: 10)
        #expect(c.currentPage == 1 && c.currentPageProgress == 1)
        #expect(!c.isAnimating)
    }

    @Test func badDurationsThrow() throws {
        #expect(throws: PageControlError.nonPositiveDuration(0)) { try PageTimer(preferredDuration: 0) }
        #expect(throws: PageControlError.self) { try PageTimer(preferredDuration: .nan) }
        var c = try PageControlState(numberOfPages: 2)
        #expect(throws: PageControlError.pageOutOfRange(page: 5, numberOfPages: 2)) { try c.setTimerDuration(1, forPage: 5) }
        #expect(throws: PageControlError.nonPositiveDuration(-1)) { try c.setTimerDuration(-1, forPage: 0) }
    }

    @Test("PC-12: a tap during a timed page restarts that page's time")
    func PC_12_tapRestartsTimer() throws {
        var c = try PageControlState(numberOfPages: 4)
        c.setTimer(try PageTimer(preferredDuration: 2))
        try c.resumeTimer(at: 0)
        c.tick(at: 1.5)
        c.pointerDown(at: 70, time: 1.5)
        #expect(c.pointerUp(at: 70, time: 1.6)?.page == 1)
        c.tick(at: 3.5)
        #expect(c.currentPage == 1)
        #expect(abs(c.currentPageProgress - 0.95) < 1e-9)
    }
}

@Suite struct PagedScrollCouplingTests {
    func coupled() -> PagedScrollCoupling {
        let scroll = ScrollState(viewport: Size(width: 300, height: 200), content: Size(width: 3000, height: 200))
        var c = PagedScrollCoupling(scroll: scroll, axis: .horizontal)
        c.updateScroll { $0.pageOverlap = Size(width: 0, height: 0) }
        return c
    }

    @Test("SV-10: coupled to a page control, the paging axis hides its indicator")
    func SV_10_hidesSameAxisIndicator() {
        let c = coupled()
        #expect(c.scroll.isPagingEnabled)
        #expect(c.scroll.indicator(.horizontal) == nil)
        #expect(c.pageControl.numberOfPages == 10)
    }

    @Test("SV-10: the current page follows the offset, changing half-way")
    func SV_10_pageFollowsOffset() throws {
        var c = coupled()
        try c.updateScroll { s throws(ScrollInputError) in
            s.beginDrag(at: Point(x: 250, y: 100), time: 0)
            s.drag(to: Point(x: 110, y: 100), time: 0.5)
        }
        #expect(c.pageControl.currentPage == 0)
        try c.updateScroll { s throws(ScrollInputError) in s.drag(to: Point(x: 90, y: 100), time: 0.6) }
        #expect(c.pageControl.currentPage == 1)
    }

    @Test("PC-14: a tap animates the scroll view to the page")
    func PC_14_tapAnimates() throws {
        var c = coupled()
        let change = try c.updatePageControl { p throws(PageControlError) in
            p.pointerDown(at: 100, time: 0)
            return p.pointerUp(at: 100, time: 0.05)
        }
        #expect(change?.animated == true)
        #expect(c.scroll.phase == .animating)
        c.tick(at: 0.15)
        #expect(c.scroll.offset.x > 0 && c.scroll.offset.x < 300)
        #expect(c.pageControl.currentPage == 1)
        var t = 0.15
        while c.isAnimating && t < 3 { t += 1.0 / 60; c.tick(at: t) }
        #expect(c.scroll.offset.x == 300)
        #expect(c.pageControl.currentPage == 1)
    }

    @Test("PC-14: scrubbing moves the scroll view without animation")
    func PC_14_scrubJumps() throws {
        var c = coupled()
        try c.updatePageControl { p throws(PageControlError) in p.pointerDown(at: 11.5, time: 0); return nil }
        let change = try c.updatePageControl { p throws(PageControlError) in p.pointerMoved(to: 41.5, time: 0.05) }
        #expect(change == PageChange(page: 2, animated: false, interaction: .continuous))
        #expect(c.scroll.offset.x == 600)
        #expect(c.scroll.phase == .idle)
    }

    @Test("PC-14: the timer turns pages with animation")
    func PC_14_timerAnimates() throws {
        var c = coupled()
        try c.updatePageControl { p throws(PageControlError) in
            p.setTimer(try PageTimer(preferredDuration: 1))
            try p.resumeTimer(at: 0)
            return nil
        }
        c.tick(at: 1)
        #expect(c.pageControl.currentPage == 1)
        #expect(c.scroll.phase == .animating)
    }
}
