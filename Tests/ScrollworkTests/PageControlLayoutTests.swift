import Testing
@testable import Scrollwork

@Suite struct PageControlLayoutTests {
    func control(_ n: Int, at page: Int) throws -> PageControlState {
        var c = try PageControlState(numberOfPages: n)
        c.currentPage = page
        return c
    }

    /// Scales of the drawn dots, as a compact string: "o" full, "s" 0.66, "." 0.33, "@" current.
    func picture(_ layout: PageIndicatorLayout) -> String {
        String(layout.items.map { $0.isCurrent ? "@" : $0.scale == 1 ? "o" : $0.scale > 0.5 ? "s" : "." })
    }

    @Test("PC-01, PC-02, PC-11: layouts at the first, middle and last page", arguments: [
        // pages, current, dots, first visible page
        (0, 0, "", 0), (1, 0, "@", 0), (2, 0, "@o", 0), (2, 1, "o@", 0),
        (10, 0, "@ooooooooo", 0), (10, 5, "ooooo@oooo", 0), (10, 9, "ooooooooo@", 0),
        (11, 0, "@ooooooos.", 0), (11, 5, ".soo@ooooo", 1), (11, 10, ".sooooooo@", 1),
        (12, 0, "@ooooooos.", 0), (12, 6, ".soo@ooooo", 2), (12, 11, ".sooooooo@", 2),
        (1000, 0, "@ooooooos.", 0), (1000, 500, ".soo@ooos.", 496), (1000, 999, ".sooooooo@", 990),
        (1_000_000, 0, "@ooooooos.", 0), (1_000_000, 500_000, ".soo@ooos.", 499_996), (1_000_000, 999_999, ".sooooooo@", 999_990),
    ])
    func PC_01_PC_02_PC_11_layouts(pages: Int, current: Int, dots: String, first: Int) throws {
        let layout = try control(pages, at: current).layout()
        #expect(layout.items.count == min(pages, 10))
        #expect(layout.firstVisiblePage == first)
        #expect(picture(layout) == dots)
        #expect(layout.items.filter(\.isCurrent).map(\.page) == (pages > 0 ? [current] : []))
    }

    @Test("PC-11: the current dot is never one of the shrunk edge dots")
    func PC_11_currentNeverShrunk() throws {
        for n in [11, 12, 37, 1000] {
            for page in 0..<min(n, 40) {
                let item = try #require(try control(n, at: page).layout().items.first(where: \.isCurrent))
                #expect(item.scale == 1)
            }
        }
    }

    @Test("PC-02: dots are equally spaced and the row is clipped past the maximum")
    func PC_02_equalSpacingAndClipping() throws {
        let layout = try control(1000, at: 400).layout()
        let centres = layout.items.map(\.center)
        let gaps = zip(centres, centres.dropFirst()).map { $1 - $0 }
        #expect(Set(gaps) == [15])
        #expect(layout.clippedAtStart && layout.clippedAtEnd)
        #expect(layout.length == 10 * 15 - 8 + 16)
        let c = try control(3, at: 0)
        #expect(c.size(forNumberOfPages: 3).length == 3 * 15 - 8 + 16)
        #expect(c.size(forNumberOfPages: 1_000_000).length == layout.length)
        #expect(c.size(forNumberOfPages: 0).length == 0)
    }

    @Test("PC-01: the current page is always clamped to range; hidesForSinglePage")
    func PC_01_clampingAndHiding() throws {
        var c = try PageControlState(numberOfPages: 5)
        c.currentPage = 99
        #expect(c.currentPage == 4)
        c.currentPage = -3
        #expect(c.currentPage == 0)
        try c.setNumberOfPages(2)
        c.currentPage = 1
        try c.setNumberOfPages(1)
        #expect(c.currentPage == 0)
        #expect(!c.isHidden)
        c.hidesForSinglePage = true
        #expect(c.isHidden)
        try c.setNumberOfPages(0)
        #expect(c.isHidden && c.currentPage == 0)
        #expect(throws: PageControlError.negativePageCount(-1)) { try c.setNumberOfPages(-1) }
        #expect(throws: PageControlError.negativePageCount(-7)) { try PageControlState(numberOfPages: -7) }
    }

    @Test("PC-02: right-to-left and vertical directions mirror the row")
    func PC_02_directions() throws {
        var c = try control(3, at: 0)
        c.direction = .rightToLeft
        let rtl = c.layout()
        #expect(rtl.items.first?.page == 2 && rtl.items.last?.page == 0)
        #expect(rtl.items.last!.center > rtl.items.first!.center)
        c.direction = .natural
        c.isRightToLeftLayout = true
        #expect(c.isReversed)
        c.direction = .topToBottom
        #expect(c.layout().isVertical && !c.isReversed)
        c.direction = .bottomToTop
        #expect(c.isReversed)
    }

    @Test("PC-04: the default placement is centred near the bottom")
    func PC_04_bottomCentre() throws {
        let c = try control(5, at: 0)
        let frame = PageControlPlacement.bottomCenter.frame(for: c, in: Size(width: 400, height: 800))
        #expect(abs(frame.midX - 200) < 1e-9)
        #expect(frame.maxY <= 800 && frame.maxY > 700)
    }

    @Test("PC-04 the control's own rectangle centred in a larger one, horizontal and vertical")
    func PC_04_centredFrame() throws {
        var state = try PageControlState(numberOfPages: 5)
        let (length, thickness) = state.size(forNumberOfPages: 5)
        let room = Rect(x: 10, y: 20, width: 200, height: 40)
        let frame = state.frame(centredIn: room)
        #expect(frame.width == length && frame.height == thickness)
        #expect(frame.midX == room.midX && frame.midY == room.midY)
        state.direction = .topToBottom
        let vertical = state.frame(centredIn: room)
        #expect(vertical.width == thickness && vertical.height == length && vertical.midY == room.midY)
    }
}
