import Foundation
import Testing

/// A terminal screen reader follows the cursor and speaks what is redrawn: with
/// `--screen-reader` (or `SCROLLWORK_SCREEN_READER=1`) the cursor shows, on the first character
/// of what has focus, in the gallery and in the viewer.
@Suite(.enabled(if: Tmux.isAvailable), .serialized) struct ScreenReaderEndToEndTests {
    /// The cursor's place and whether it shows.
    func cursor(_ t: Tmux) -> (shown: Bool, column: Int, row: Int) {
        (t.flag("cursor_flag") == "1", Int(t.flag("cursor_x")) ?? -1, Int(t.flag("cursor_y")) ?? -1)
    }

    @Test("LT-05: --screen-reader shows the cursor on the focused row's first character as Down moves it, in the gallery's table")
    func LT_05_galleryTable() throws {
        let t = try Tmux(Tmux.scrollwork + " --screen-reader --page table")
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("2/7 Table") })
        t.keys("Down", "Down")
        #expect(t.wait { screen in screen.contains("charlie-1.png") && cursor(t).shown && t.line(cursor(t).row).contains("charlie-1.png") })
        let at = cursor(t)
        let line = t.line(at.row)
        let first = try #require(line.range(of: "charlie-1.png")).lowerBound
        #expect(at.column == line.distance(from: line.startIndex, to: first), "the cursor is on the row's first character: \(at) in \(line)")
        t.keys("q")
        #expect(t.wait { $0.contains("DONE") })
    }

    @Test("LT-05: SCROLLWORK_SCREEN_READER=1 does the same in the viewer: the cursor on the record Down moved to")
    func LT_05_viewer() throws {
        let t = try Tmux("env SCROLLWORK_SCREEN_READER=1 " + Tmux.scrollwork + " open docs/examples/cities.csv")
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("Tokyo") })
        // The first row is focused from the start: Down moves to the second.
        t.keys("Down")
        #expect(t.wait { _ in cursor(t).shown && t.line(cursor(t).row).contains("Delhi") }, "\(cursor(t)) \(t.screen())")
        t.keys("q")
        #expect(t.wait { $0.contains("DONE") })
    }

    @Test("without it the cursor is placed there but hidden, as before")
    func hiddenWithout() throws {
        let t = try Tmux(Tmux.scrollwork + " open docs/examples/cities.csv")
        defer { t.shutDown() }
        #expect(t.wait { $0.contains("Tokyo") })
        // The first row is focused from the start.
        #expect(t.wait { _ in t.line(cursor(t).row).contains("Tokyo") })
        #expect(!cursor(t).shown)
        t.keys("q")
        #expect(t.wait { $0.contains("DONE") })
    }
}
