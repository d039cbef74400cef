import Testing
@testable import Scrollwork

/// A paging key's turn lands on a page that exists, whatever the page and count given.
@Suite struct PageTurnTests {
    @Test("turns stay within the pages, at the ends and for any value")
    func staysWithinThePages() {
        #expect(PageTurn.next.page(from: 2, of: 5) == 3 && PageTurn.next.page(from: 4, of: 5) == 4)
        #expect(PageTurn.previous.page(from: 0, of: 5) == 0 && PageTurn.previous.page(from: 3, of: 5) == 2)
        #expect(PageTurn.first.page(from: 3, of: 5) == 0 && PageTurn.last.page(from: 0, of: 5) == 4)
        for turn in [PageTurn.previous, .next, .first, .last] {
            for (current, count) in [(Int.max, Int.max), (Int.min, Int.min), (Int.max, 0), (-7, 3)] {
                let page = turn.page(from: current, of: count)
                #expect(page >= 0 && page <= Swift.max(1, count) - 1)
            }
        }
    }
}
