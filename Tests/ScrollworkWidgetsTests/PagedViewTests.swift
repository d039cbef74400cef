import Scrollwork
import ScrollworkTestSupport
import Testing
@testable import ScrollworkWidgets

/// Pages that say which they are: "Page N" at the top-left of each.
struct NumberedPages: ScrollContent {
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let width = window.box.width
        guard width > 0 else { return }
        let first = Swift.max(0, Int((window.offset.x / width).rounded(.down)))
        for page in first...(first + 1) {
            let x = window.box.minX + Double(page) * width - window.offset.x
            canvas.clipped(to: window.box) { $0.text("Page \(page + 1)", at: Point(x: x + 8, y: window.box.minY), width: width - 16) }
        }
    }
}

@Suite struct PagedViewTests {
    /// Five numbered pages in a 40 × 10 terminal.
    static func driver(pages: Int = 5, reducesMotion: Bool = false) -> HeadlessDriver<Harness<PagedView<NumberedPages>>, BufferOutput> {
        var view = PagedView(NumberedPages(), pageCount: pages)
        view.reducesMotion = reducesMotion
        return HeadlessDriver(Harness(content: view), columns: 40, rows: 10)
    }

    @Test("SV-10, PC-14: the content is as many pages as asked, each the view less the dots, and the dots show the first")
    func SV_10_PC_14_sizesItsPages() {
        let t = Self.driver()
        let view = t.app.content
        #expect(view.coupling.scroll.viewportSize == Size(width: 320, height: 128))
        #expect(view.coupling.scroll.contentSize == Size(width: 1600, height: 128))
        #expect(view.currentPage == 0 && view.coupling.pageControl.numberOfPages == 5)
        #expect(t.text.contains("Page 1") && t.text.contains("●"))
    }

    @Test("PC-14: → and ← turn a page, animated, End and Home go to the last and the first; each change is reported once")
    func PC_14_keysTurnPages() {
        var t = Self.driver()
        t.send(.key(KeyEvent(.right)))
        #expect(t.app.content.currentPage == 1, "the dots show the destination at once")
        #expect(t.app.content.isAnimating)
        t.advance(by: 1)
        #expect(t.app.content.coupling.scroll.offset.x == 320 && t.text.contains("Page 2"))
        #expect(t.app.reported == [1], "the change is reported once, by the reply of the key that turned the page")
        t.send(.key(KeyEvent(.end)))
        t.advance(by: 1)
        #expect(t.app.content.coupling.scroll.offset.x == 1280 && t.text.contains("Page 5"))
        t.send(.key(KeyEvent(.right)))
        #expect(t.app.content.currentPage == 4, "no page after the last")
        t.send(.key(KeyEvent(.home)))
        t.advance(by: 1)
        #expect(t.app.content.coupling.scroll.offset.x == 0)
    }

    @Test("SV-10: a drag more than half a page and released turns to the next page, and the dots follow")
    func SV_10_dragTurnsPages() {
        var t = Self.driver()
        t.send(.mouse(MouseEvent(.press, button: .left, column: 30, row: 3)))
        for column in stride(from: 28, through: 8, by: -4) {
            t.advance(by: 0.02)
            t.send(.mouse(MouseEvent(.drag, button: .left, column: column, row: 3)))
        }
        t.send(.mouse(MouseEvent(.release, button: .left, column: 8, row: 3)))
        t.advance(by: 2)
        #expect(t.app.content.coupling.scroll.offset.x == 320)
        #expect(t.app.content.currentPage == 1 && t.text.contains("Page 2"))
    }

    @Test("PC-14: a click after the current dot shows the next page")
    func PC_14_tapOnDots() throws {
        var t = Self.driver()
        let dots = t.app.content.dots.frame
        // The cell after the current (first) dot's.
        let column = Int(dots.minX / 8) + 3, row = Int(dots.minY / 16)
        t.send(.mouse(MouseEvent(.press, button: .left, column: column, row: row)))
        t.send(.mouse(MouseEvent(.release, button: .left, column: column, row: row)))
        t.advance(by: 1)
        #expect(t.app.content.currentPage == 1 && t.app.content.coupling.scroll.offset.x == 320)
    }

    @Test("SV-10: with Reduce Motion a page turn is immediate")
    func SV_10_reduceMotion() {
        var t = Self.driver(reducesMotion: true)
        t.send(.key(KeyEvent(.right)))
        #expect(t.app.content.coupling.scroll.offset.x == 320 && !t.app.content.isAnimating)
    }

    @Test("SV-10: a resize keeps the page shown; fewer pages than the one shown go to the last; a count below one is one")
    func SV_10_resizeAndCount() {
        var t = Self.driver()
        t.send(.key(KeyEvent(.right)))
        t.send(.key(KeyEvent(.right)))
        t.advance(by: 1)
        t.resize(columns: 60, rows: 12)
        #expect(t.app.content.currentPage == 2 && t.app.content.coupling.scroll.offset.x == 2 * 480)
        t.app.content.pageCount = 2
        t.advance(by: 1)
        #expect(t.app.content.currentPage == 1 && t.app.content.coupling.scroll.offset.x == 480)
        t.app.content.pageCount = -7
        t.advance(by: 1)
        #expect(t.app.content.pageCount == 1 && t.app.content.currentPage == 0 && t.app.content.coupling.scroll.offset.x == 0)
    }

    @Test("SV-10: a resize in the middle of a page turn shows the page being turned to, not the offset's place at the new size")
    func SV_10_resizeMidTurn() {
        var t = Self.driver()
        t.send(.key(KeyEvent(.right)))
        t.send(.key(KeyEvent(.right)))
        #expect(t.app.content.isAnimating)
        t.resize(columns: 12, rows: 8)
        t.advance(by: 1)
        #expect(t.app.content.currentPage == 2 && t.app.content.coupling.scroll.offset.x == 2 * 96)
    }

    @Test("the page control says which page is shown to a screen reader")
    func accessibilitySaysThePage() {
        var t = Self.driver()
        t.send(.key(KeyEvent(.right)))
        t.advance(by: 1)
        let element = t.app.content.accessibility
        #expect(element?.children.contains { $0.value?.contains("page 2 of 5") == true } == true, "\(String(describing: element))")
    }

    @Test("PC-14: a count of Int.max pages is held at maximumPageCount, and End shows that many pages' last, Home the first")
    func PC_14_hugeCountsReachTheLastPage() {
        for asked in [Int.max, PagedView<NumberedPages>.maximumPageCount, 1 << 40] {
            var t = Self.driver(pages: asked)
            let count = t.app.content.pageCount
            #expect(count == PagedView<NumberedPages>.maximumPageCount && t.app.content.coupling.pageControl.numberOfPages == count)
            t.send(.key(KeyEvent(.end)))
            t.advance(by: 1)
            #expect(t.app.content.currentPage == count - 1, "\(asked): \(t.app.content.currentPage)")
            t.send(.key(KeyEvent(.left)))
            t.advance(by: 1)
            #expect(t.app.content.currentPage == count - 2)
            t.send(.key(KeyEvent(.home)))
            t.advance(by: 1)
            #expect(t.app.content.currentPage == 0)
        }
    }
}
