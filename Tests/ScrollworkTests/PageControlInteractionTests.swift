import PropertyBased
import Testing
@testable import Scrollwork

@Suite struct PageControlInteractionTests {
    /// Five pages: dot centres at 11.5 + 15·i, control 83 pt long.
    func five(at page: Int = 2) throws -> PageControlState {
        var c = try PageControlState(numberOfPages: 5)
        c.currentPage = page
        return c
    }

    @Test("PC-12: a tap after the current dot goes to the next page, before it to the previous")
    func PC_12_tapBeforeAndAfter() throws {
        var c = try five()
        c.pointerDown(at: 70, time: 0)
        let next = c.pointerUp(at: 70, time: 0.05)
        #expect(next == PageChange(page: 3, animated: true, interaction: .discrete))
        c.pointerDown(at: 5, time: 1)
        #expect(c.pointerUp(at: 5, time: 1.05)?.page == 2)
        // At the ends, a tap that would leave the range changes nothing.
        c.currentPage = 4
        c.pointerDown(at: 80, time: 2)
        #expect(c.pointerUp(at: 80, time: 2.05) == nil)
        #expect(c.currentPage == 4)
    }

    @Test("PC-12: a pointer can target a particular indicator")
    func PC_12_pointerTargetsIndicator() throws {
        var c = try five(at: 0)
        c.pointerDown(at: 56.5, time: 0)
        #expect(c.pointerUp(at: 56.5, time: 0.05, targetsIndicator: true)?.page == 3)
    }

    @Test("PC-13: tapping is discrete, scrubbing continuous")
    func PC_13_interactionStates() throws {
        var c = try five()
        #expect(c.interactionState == .none)
        c.pointerDown(at: 70, time: 0)
        #expect(c.interactionState == .discrete)
        _ = c.pointerUp(at: 70, time: 0.05)
        #expect(c.interactionState == .none)
        c.pointerDown(at: 41.5, time: 1)
        c.pointerMoved(to: 50, time: 1.05)
        #expect(c.interactionState == .continuous)
        _ = c.pointerUp(at: 50, time: 1.2)
        #expect(c.interactionState == .none)
    }

    @Test("PC-12: scrubbing moves through the pages in order, one per dot")
    func PC_12_scrubInOrder() throws {
        var c = try PageControlState(numberOfPages: 50)
        c.currentPage = 20
        c.pointerDown(at: 71.5, time: 0)
        var pages: [Int] = []
        for step in 1...6 {
            if let change = c.pointerMoved(to: 71.5 + Double(step) * 7.5, time: Double(step) * 0.02) {
                #expect(!change.animated && change.interaction == .continuous)
                pages.append(change.page)
            }
        }
        #expect(pages == [21, 22, 23])
        #expect(c.pointerUp(at: 116.5, time: 0.2) == nil)
        #expect(c.currentPage == 23)
    }

    @Test("PC-12: scrubbing past either end jumps to the first or last page")
    func PC_12_scrubPastEnds() throws {
        var c = try PageControlState(numberOfPages: 1000)
        c.currentPage = 500
        c.pointerDown(at: 70, time: 0)
        c.pointerMoved(to: 60, time: 0.02)
        #expect(c.pointerMoved(to: 200, time: 0.05)?.page == 999)
        #expect(c.pointerMoved(to: -5, time: 0.1)?.page == 0)
        _ = c.pointerUp(at: -5, time: 0.2)
        #expect(c.currentPage == 0)
    }

    @Test("PC-12: a press held still becomes a scrub after 0.15 s")
    func PC_12_pressAndHold() throws {
        var c = try five()
        c.pointerDown(at: 41.5, time: 0)
        #expect(c.isAnimating)
        #expect(c.tick(at: 0.1) == nil)
        #expect(c.interactionState == .discrete)
        _ = c.tick(at: 0.16)
        #expect(c.interactionState == .continuous)
        // Released in place after a hold: no tap.
        #expect(c.pointerUp(at: 41.5, time: 0.3) == nil)
    }

    @Test("PC-15: the background shows during interaction (automatic), always (prominent), never (minimal); minimal cannot scrub")
    func PC_15_backgroundStyles() throws {
        var c = try five()
        #expect(!c.isBackgroundVisible)
        c.pointerDown(at: 70, time: 0)
        #expect(c.isBackgroundVisible)
        _ = c.pointerUp(at: 70, time: 0.1)
        c.backgroundStyle = .prominent
        #expect(c.isBackgroundVisible)
        c.backgroundStyle = .minimal
        #expect(!c.canScrub)
        c.pointerDown(at: 41.5, time: 1)
        #expect(c.pointerMoved(to: 80, time: 1.3) == nil)
        #expect(c.interactionState == .discrete)
        #expect(!c.isBackgroundVisible)
        // It still taps.
        #expect(c.pointerUp(at: 80, time: 1.35)?.page == 4)
        let found = c.diagnostics()
        #expect(found.contains { $0.guideline == "PC-15" })
    }

    @Test("PC-16: tvOS focus moves between full-screen pages")
    func PC_16_focusMoves() throws {
        var c = try five(at: 0)
        #expect(c.moveFocus(forward: true, time: 0)?.page == 1)
        #expect(c.moveFocus(forward: false, time: 1)?.page == 0)
        #expect(c.moveFocus(forward: false, time: 2) == nil)
        c.direction = .rightToLeft
        #expect(c.moveFocus(forward: false, time: 3)?.page == 1)
    }

    @Test func nonFiniteInputThrows() throws {
        var c = try five()
        // Pointer input is sanitised: NaN is position 0 (before the first dot), and a time
        // that is not finite leaves the clock where it was.
        c.currentPage = 2
        c.pointerDown(at: .nan, time: 0)
        #expect(c.pointerMoved(to: .nan, time: .infinity) == nil)
        #expect(c.pointerUp(at: .nan, time: .nan)?.page == 1, "a tap before the current dot goes back a page")
        #expect(c.time == 0)
        #expect(throws: PageControlError.self) { try c.setCurrentPageProgress(.nan) }
        try c.setCurrentPageProgress(7)
        #expect(c.currentPageProgress == 1)
        #expect(PageControlError.pageOutOfRange(page: 9, numberOfPages: 5).description.contains("0 to 4"))
    }

    /// Any sequence of taps, scrubs, focus moves and page changes keeps the current page in range
    /// and inside the visible window.
    @Test("PC-01, PC-11, PC-12: random interaction keeps the page in range and in the window")
    func PC_01_PC_11_PC_12_property() async {
        let step = zip(Gen.int(in: 0...6), Gen.double(in: -100...300), Gen.int(in: -5...2_000_000))
        await propertyCheck(count: 300, input: Gen.int(in: 0...2_000_000), step.array(of: 1...40)) { pages, steps in
            var c = try PageControlState(numberOfPages: pages)
            var t = 0.0
            for (kind, position, value) in steps {
                t += 0.03
                switch kind {
                case 0: c.pointerDown(at: position, time: t)
                case 1: c.pointerMoved(to: position, time: t)
                case 2: c.pointerUp(at: position, time: t, targetsIndicator: value % 2 == 0)
                case 3: c.currentPage = value
                case 4: c.moveFocus(forward: value % 2 == 0, time: t)
                case 5: try c.setNumberOfPages(abs(value) % 3000)
                default: c.tick(at: t)
                }
                let layout = c.layout()
                if c.numberOfPages == 0 {
                    #expect(c.currentPage == 0 && layout.items.isEmpty)
                } else {
                    #expect(c.currentPage >= 0 && c.currentPage < c.numberOfPages)
                    #expect(layout.items.contains { $0.page == c.currentPage && $0.isCurrent })
                    #expect(layout.items.count == min(c.numberOfPages, c.maximumVisibleIndicators))
                }
            }
        }
    }
}
