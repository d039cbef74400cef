import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// A terminal's page control keeps the dots it drew and copies them while they look the same:
/// whatever changes, the frame is the one a control that kept nothing draws.
@Suite struct PageControlReuseTests {
    func frames(_ view: inout PageControlView, at time: Double) -> (kept: Buffer, fresh: Buffer) {
        var fresh = view
        fresh.drawnDots = DrawnArea()
        var kept = Buffer(columns: 40, rows: 3), drawn = Buffer(columns: 40, rows: 3)
        view.render(in: kept.area, into: &kept, at: time)
        fresh.render(in: drawn.area, into: &drawn, at: time)
        return (kept, drawn)
    }

    @Test("the dots copied from the last frame match a fresh drawing after every kind of change")
    func keptDotsMatchAFreshDrawing() throws {
        var v = PageControlView(try PageControlState(numberOfPages: 5))
        let changes: [(String, (inout PageControlView) throws -> Void)] = [
            ("nothing but the clock", { _ in }),
            ("another page", { $0.state.currentPage = 3 }),
            ("more pages than show", { try $0.state.setNumberOfPages(30) }),
            ("a page near the end", { $0.state.currentPage = 28 }),
            ("a timer's progress", { try $0.state.setCurrentPageProgress(0.5) }),
            ("a custom symbol", { try $0.state.setIndicatorImage(IndicatorImage("★"), forPage: 27) }),
            ("the background", { $0.state.backgroundStyle = .prominent }),
            ("a theme", { $0.theme.accent.foreground = .palette(200) }),
            ("a key", { _ = $0.handle(.key(KeyEvent(.left)), at: 50) }),
            ("fewer pages", { try $0.state.setNumberOfPages(2) }),
        ]
        var time = 0.0
        for (what, change) in changes {
            try change(&v)
            time += 10
            _ = v.tick(at: time)
            let (kept, fresh) = frames(&v, at: time)
            let same = kept == fresh
            #expect(same, "after \(what):\n\(kept.text)\nshould be:\n\(fresh.text)")
        }
    }
}
