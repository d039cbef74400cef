import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

@Suite struct GalleryResizeTests {
    /// Keys that move each page away from its first state: a page, a selection, a scrolled list.
    static func moveAway(_ t: inout HeadlessTerminal<GalleryApp>, page: GalleryApp.PageKind) {
        let keys: [String]
        switch page {
        case .pageControl: keys = ["m", "\u{1B}[C", "\u{1B}[C", "\u{1B}[C", "\u{1B}[C", "\u{1B}[C"]
        case .scrollView: keys = ["\u{1B}[6~", "\u{1B}[6~", "\u{1B}[6~", "\u{1B}[B"]
        default: keys = Array(repeating: "\u{1B}[B", count: 7) + ["\u{1B}[6~", "\u{1B}[B", "\r"]
        }
        for key in keys {
            t.send(bytes: Array(key.utf8))
            t.advance(by: 0.05)
        }
        t.advance(by: 5)
    }

    @Test("a resize never changes the current page, the selection or the row at the top", arguments: GalleryApp.PageKind.allCases)
    func resizeKeepsState(page: GalleryApp.PageKind) {
        var t = gallery(page, rows: 5_000, columns: 100, lines: 30)
        Self.moveAway(&t, page: page)
        let before = t.text, beforeStatus = status(t)
        for (c, r) in [(80, 24), (60, 18), (160, 50), (30, 10), (100, 30)] {
            t.resize(columns: c, rows: r)
            t.advance(by: 5)
            // The scroll view re-wraps its text at each width, so its line numbers change with it.
            if page != .scrollView { #expect(status(t) == beforeStatus, "at \(c)×\(r)") }
        }
        #expect(status(t) == beforeStatus)
        // Columns may share the width differently after a narrow size (AppKit's autoresizing is
        // lossy too); the rows shown, first column and order, are the same.
        func rows(_ text: String) -> [Substring] { text.split(separator: "\n").map { $0.split(separator: " ").first ?? "" } }
        let after = t.text
        #expect(rows(after) == rows(before), "before:\n\(before)\nafter:\n\(after)")
    }

    @Test("PC-04: on the 1,000-page control, page 1000 stays page 1000 at every size")
    func PC_04_lastPageStaysAcrossResizes() throws {
        var t = gallery(.pageControl, columns: 100, lines: 30)
        t.type("mm")
        let last = t.app.pageControlPage.coupling.offset(ofPage: 999)
        try t.app.pageControlPage.coupling.updateScroll { s throws(ScrollInputError) in try s.setOffset(Point(x: last, y: 0), animated: false, time: 0) }
        t.advance(by: 1)
        #expect(status(t).hasPrefix("page 1,000 of 1,000"))
        for (c, r) in [(10, 6), (40, 12), (200, 60), (7, 5), (100, 30)] {
            t.resize(columns: c, rows: r)
            t.advance(by: 2)
            #expect(status(t).hasPrefix("page 1,000 of 1,000"), "at \(c)×\(r)")
        }
    }
}
