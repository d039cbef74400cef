import Scrollwork
import ScrollworkTestSupport
import Testing
@testable import ScrollworkWidgets

/// A page that shows its name and how many times ↓ was pressed on it, takes ↓ and, when asked,
/// Esc, and counts the clicks that reach it.
struct CountingPage: Widget {
    var name: String
    var presses = 0
    var clicks = 0
    var takesEscape = false
    var frame = Rect.zero
    /// The work whose news this page waits for, and the news it heard.
    var work: WorkKey<Int>? = nil
    var heard: [Int] = []

    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        frame = area
        canvas.fill(area, .plain)
        canvas.text("\(name) pressed \(presses)", at: area.origin, width: area.width)
    }

    mutating func handle(_ event: Event, at time: Double) -> Reply<Never> {
        switch event {
        case .key(KeyEvent(.down)): presses += 1; return .handled
        case .key(KeyEvent(.escape)) where takesEscape: return .handled
        case let .mouse(mouse) where mouse.kind == .release && frame.contains(mouse.location): clicks += 1; return .handled
        case let .mouse(mouse) where mouse.kind == .press && frame.contains(mouse.location): return .handled
        case let .work(update):
            guard let work, let value = update.result(of: work) else { return .ignored }
            heard.append(value)
            return .handled
        default: return .ignored
        }
    }

    /// Cancels its work, when it has some.
    mutating func dismiss(at time: Double) -> [Effect] { work.map { [.work(.cancel($0.id))] } ?? [] }
}

extension HeadlessDriver where Output == BufferOutput {
    /// The cell where `text` first starts on the screen (by characters: the test's text is ASCII
    /// but for ‹).
    func position(of text: String) -> CellPosition? {
        for (row, line) in self.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return CellPosition(column: line.distance(from: line.startIndex, to: range.lowerBound), row: row) }
        }
        return nil
    }
}

@Suite struct NavigationStackTests {
    typealias Stack = NavigationStack<CountingPage>

    /// A stack with a Settings page at its root, in a 60 × 12 terminal.
    static func driver(reducesMotion: Bool = false) -> HeadlessDriver<Harness<Stack>, BufferOutput> {
        var stack = Stack(root: CountingPage(name: "root"), title: "Settings")
        stack.reducesMotion = reducesMotion
        return HeadlessDriver(Harness(content: stack), columns: 60, rows: 12)
    }

    /// Pushes a page named `name` titled `title` and lets the slide end.
    static func push(_ t: inout HeadlessDriver<Harness<Stack>, BufferOutput>, _ name: String, title: String) {
        t.app.content.push(CountingPage(name: name), title: title, at: t.time)
        t.advance(by: 1)
    }

    @Test("the root shows its title in the bar and no back button; a push shows the new page, titled, with ‹ and the root's title to go back")
    func pushShowsTitleAndBack() {
        var t = Self.driver()
        #expect(t.text.contains("Settings") && t.text.contains("root pressed 0") && !t.text.contains("‹"))
        Self.push(&t, "wifi", title: "Wi-Fi")
        #expect(t.text.contains("‹ Settings") && t.text.contains("Wi-Fi") && t.text.contains("wifi pressed 0"))
        #expect(!t.text.contains("root pressed"), "the page under is covered once the slide ends")
        #expect(t.app.content.depth == 2 && t.app.content.title == "Wi-Fi")
        #expect(t.app.reported.isEmpty, "the owner's own push is not reported back to it")
    }

    @Test("a push slides the new page in from the trailing edge over 0.35 s, decelerating, the page under moving a third as far the other way")
    func pushSlides() throws {
        var t = Self.driver()
        t.app.content.push(CountingPage(name: "wifi"), title: "Wi-Fi", at: t.time)
        t.advance(by: 0.05)
        let early = try #require(t.position(of: "wifi pressed"))
        #expect(t.app.content.isSliding)
        t.advance(by: 0.1)
        let later = try #require(t.position(of: "wifi pressed"))
        #expect(early.column > later.column && later.column > 0, "the page comes in from the right")
        // Decelerating: the first 0.05 s covered more than half of the next 0.1 s's distance.
        #expect(60 - early.column > (early.column - later.column) / 2)
        t.advance(by: 0.25)
        #expect(t.position(of: "wifi pressed")?.column == 0 && !t.app.content.isSliding)
    }

    @Test("keys go to the page shown first; Esc and Alt+← the page leaves go back, the page under as it was left; at the root they are left to the app")
    func backKeys() {
        var t = Self.driver(reducesMotion: true)
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.down)))
        Self.push(&t, "wifi", title: "Wi-Fi")
        t.send(.key(KeyEvent(.down)))
        #expect(t.text.contains("wifi pressed 1"))
        t.app.reported = []
        t.send(.key(KeyEvent(.escape)))
        #expect(t.text.contains("root pressed 2"), "the root page kept its state under the pushed one")
        #expect(t.app.reported == [.popped(title: "Settings", depth: 1)])
        #expect(t.app.content.handle(.key(KeyEvent(.escape)), at: t.time).result == .ignored, "Esc at the root is the app's")
        Self.push(&t, "vpn", title: "VPN")
        t.send(.key(KeyEvent(.left, .alt)))
        #expect(t.app.content.depth == 1 && t.text.contains("root pressed 2"))
        #expect(t.app.content.pop(at: t.time) == nil && t.app.content.depth == 1, "the root stays")
    }

    @Test("a page that uses Esc itself keeps it: the stack goes back only with keys the page leaves")
    func pageKeepsItsEscape() {
        var t = Self.driver(reducesMotion: true)
        t.app.content.push(CountingPage(name: "search", takesEscape: true), title: "Search", at: t.time)
        t.send(.key(KeyEvent(.escape)))
        #expect(t.app.content.depth == 2)
    }

    @Test("a click on the back button goes back; a press on it let go elsewhere does not")
    func backButton() throws {
        var t = Self.driver(reducesMotion: true)
        Self.push(&t, "wifi", title: "Wi-Fi")
        let back = try #require(t.position(of: "‹ Settings"))
        t.send(.mouse(MouseEvent(.press, button: .left, column: back.column + 2, row: back.row)))
        t.send(.mouse(MouseEvent(.release, button: .left, column: 40, row: 8)))
        #expect(t.app.content.depth == 2)
        t.send(.mouse(MouseEvent(.press, button: .left, column: back.column + 2, row: back.row)))
        t.send(.mouse(MouseEvent(.release, button: .left, column: back.column + 2, row: back.row)))
        #expect(t.app.content.depth == 1 && t.text.contains("root pressed 0"))
    }

    @Test("a drag from the leading edge past half way goes back; one let go short slides the page home; a tap at the edge reaches the page")
    func edgeSwipe() {
        var t = Self.driver()
        Self.push(&t, "wifi", title: "Wi-Fi")
        // Short: a quarter of the way, slowly.
        t.send(.mouse(MouseEvent(.press, button: .left, column: 0, row: 6)))
        for column in [2, 4, 6, 8, 10, 12, 14, 15] {
            t.advance(by: 0.1)
            t.send(.mouse(MouseEvent(.drag, button: .left, column: column, row: 6)))
        }
        #expect(t.position(of: "wifi pressed")?.column == 15, "the page follows the pointer")
        t.advance(by: 0.1)
        t.send(.mouse(MouseEvent(.release, button: .left, column: 15, row: 6)))
        t.advance(by: 1)
        #expect(t.app.content.depth == 2 && t.position(of: "wifi pressed")?.column == 0)
        // Past half way.
        t.app.reported = []
        t.send(.mouse(MouseEvent(.press, button: .left, column: 1, row: 6)))
        for column in [5, 15, 25, 35, 40] {
            t.advance(by: 0.1)
            t.send(.mouse(MouseEvent(.drag, button: .left, column: column, row: 6)))
        }
        t.advance(by: 0.1)
        t.send(.mouse(MouseEvent(.release, button: .left, column: 40, row: 6)))
        t.advance(by: 1)
        #expect(t.app.content.depth == 1 && t.app.reported == [.popped(title: "Settings", depth: 1)])
        // A tap at the edge.
        Self.push(&t, "vpn", title: "VPN")
        t.send(.mouse(MouseEvent(.press, button: .left, column: 0, row: 6)))
        t.send(.mouse(MouseEvent(.release, button: .left, column: 0, row: 6)))
        #expect(t.app.content.depth == 2 && t.app.content.top.clicks == 1)
    }

    @Test("where the pages take drags from their edge themselves (swipesBack off), a drag from the leading edge reaches the page and goes nowhere")
    func noSwipeBack() {
        var t = Self.driver(reducesMotion: true)
        t.app.content.swipesBack = false
        Self.push(&t, "wifi", title: "Wi-Fi")
        t.send(.mouse(MouseEvent(.press, button: .left, column: 0, row: 6)))
        for column in [10, 30, 50] {
            t.advance(by: 0.1)
            t.send(.mouse(MouseEvent(.drag, button: .left, column: column, row: 6)))
        }
        t.send(.mouse(MouseEvent(.release, button: .left, column: 50, row: 6)))
        #expect(t.app.content.depth == 2 && t.app.content.top.clicks == 1, "the page took the press and its release")
    }

    @Test("a quick flick from the edge goes back however short; a key during a held swipe calls it off")
    func flickAndCalledOff() {
        var t = Self.driver()
        Self.push(&t, "wifi", title: "Wi-Fi")
        t.send(.mouse(MouseEvent(.press, button: .left, column: 0, row: 6)))
        t.advance(by: 0.01)
        t.send(.mouse(MouseEvent(.drag, button: .left, column: 6, row: 6)))
        t.advance(by: 0.01)
        t.send(.mouse(MouseEvent(.drag, button: .left, column: 12, row: 6)))
        t.send(.mouse(MouseEvent(.release, button: .left, column: 12, row: 6)))
        t.advance(by: 1)
        #expect(t.app.content.depth == 1, "48 points in 10 ms is a flick")
        Self.push(&t, "vpn", title: "VPN")
        t.send(.mouse(MouseEvent(.press, button: .left, column: 0, row: 6)))
        t.send(.mouse(MouseEvent(.drag, button: .left, column: 20, row: 6)))
        t.send(.key(KeyEvent(.down)))
        #expect(t.app.content.depth == 2 && t.app.content.top.presses == 1 && t.app.content.title == "VPN")
    }

    @Test("news of work reaches the page that started it under the page shown; a page gone back from by key, button or swipe is dismissed, the reply cancelling its work, and so is every page popped to the root")
    func workReachesEveryPageAndBackDismisses() {
        let rootWork = WorkKey<Int>("root's count"), deepWork = WorkKey<Int>("deep count")
        var stack = Stack(root: CountingPage(name: "root", work: rootWork), title: "Settings")
        stack.reducesMotion = true
        stack.push(CountingPage(name: "deep", work: deepWork), title: "Deep", at: 0)
        stack.push(CountingPage(name: "top"), title: "Top", at: 0)
        let finished = { (key: WorkKey<Int>, value: Int) -> Event in .work(.finished(id: key.id, value: WorkValue(value))) }
        #expect(stack.handle(finished(rootWork, 7), at: 1).isHandled)
        #expect(stack.handle(finished(deepWork, 8), at: 1).isHandled)
        #expect(!stack.handle(finished(WorkKey<Int>("nobody's"), 9), at: 1).isHandled)
        #expect(stack.root.heard == [7] && stack.entries[1].page.heard == [8] && stack.top.heard.isEmpty)
        // A page under the top is reached by its place; a place no page has runs nothing.
        #expect(stack.updatePage(at: 1) { page -> String in page.presses += 1; return page.name } == "deep" && stack.entries[1].page.presses == 1)
        #expect(stack.updatePage(at: 3) { _ in 0 } == nil && stack.updatePage(at: -1) { _ in 0 } == nil && stack.updatePage(at: Int.min) { _ in 0 } == nil)
        // Back from the top page, which started nothing: nothing to cancel; from the deep one,
        // its work is cancelled in the reply that reports the pop.
        var reply = stack.handle(.key(KeyEvent(.escape)), at: 2)
        #expect(reply.reports == [.popped(title: "Deep", depth: 2)] && reply.effects.isEmpty)
        reply = stack.handle(.key(KeyEvent(.escape)), at: 3)
        #expect(reply.reports == [.popped(title: "Settings", depth: 1)])
        #expect(reply.effects.count == 1 && reply.effects.contains { if case .work(.cancel(deepWork.id)) = $0 { true } else { false } }, "\(reply.effects)")
        // Popping to the root dismisses every page over it.
        stack.push(CountingPage(name: "deep", work: deepWork), title: "Deep", at: 4)
        stack.push(CountingPage(name: "top"), title: "Top", at: 4)
        let effects = stack.popToRoot(at: 5)
        #expect(stack.depth == 1 && effects.count == 1, "\(effects)")
        // A swipe that goes back dismisses the page it took away.
        var t = Self.driver(reducesMotion: true)
        t.app.content.push(CountingPage(name: "deep", work: deepWork), title: "Deep", at: t.time)
        t.advance(by: 1)
        t.send(.mouse(MouseEvent(.press, button: .left, column: 0, row: 6)))
        for column in [10, 30, 50] {
            t.advance(by: 0.1)
            t.send(.mouse(MouseEvent(.drag, button: .left, column: column, row: 6)))
        }
        t.send(.mouse(MouseEvent(.release, button: .left, column: 50, row: 6)))
        #expect(t.app.content.depth == 1)
        #expect(t.app.asked.contains { if case .work(.cancel(deepWork.id)) = $0 { true } else { false } }, "\(t.app.asked)")
    }

    @Test("a canvas that reduces motion (the host's Reduce Motion) ends a slide at once")
    func hostReducesMotion() {
        var stack = Stack(root: CountingPage(name: "root"), title: "Settings")
        stack.push(CountingPage(name: "deep"), title: "Deep", at: 0)
        var canvas = Canvas(cells: Buffer(columns: 40, rows: 10))
        stack.render(in: Rect(x: 0, y: 0, width: 320, height: 160), into: &canvas, at: 0.01)
        #expect(stack.isSliding, "a slide takes its time on a canvas that does not reduce motion")
        stack.push(CountingPage(name: "deeper"), title: "Deeper", at: 0.02)
        canvas.reducesMotion = true
        stack.render(in: Rect(x: 0, y: 0, width: 320, height: 160), into: &canvas, at: 0.03)
        #expect(!stack.isSliding)
    }

    @Test("with Reduce Motion a push and a pop show at once")
    func reducesMotion() {
        var t = Self.driver(reducesMotion: true)
        t.app.content.push(CountingPage(name: "wifi"), title: "Wi-Fi", at: t.time)
        #expect(!t.app.content.isSliding)
        t.advance(by: 0.01)
        #expect(t.position(of: "wifi pressed")?.column == 0)
    }

    @Test("a screen reader hears the page's title and a back button named for the page it goes back to")
    func accessibility() {
        var t = Self.driver(reducesMotion: true)
        Self.push(&t, "wifi", title: "Wi-Fi")
        let element = t.app.content.accessibility
        #expect(element?.role == .group && element?.name == "Wi-Fi")
        #expect(element?.children.first?.role == .button && element?.children.first?.name == "Back to Settings")
    }

    @Test("any area, however odd, and any time draw without trapping")
    func oddValues() {
        var stack = Stack(root: CountingPage(name: "root"), title: "Settings")
        stack.push(CountingPage(name: "a"), title: String(repeating: "long ", count: 200), at: .nan)
        var canvas = Canvas(cells: Buffer(columns: 20, rows: 4))
        for area in [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: -5, height: .infinity), Rect(x: -1e300, y: 1e300, width: 1e300, height: 0)] {
            for time: Double in [0, .nan, .infinity, -.infinity] {
                stack.render(in: area, into: &canvas, at: time)
                _ = stack.tick(at: time)
                _ = stack.handle(.mouse(MouseEvent(.press, button: .left, x: .nan, y: 3)), at: time)
            }
        }
        #expect(stack.depth >= 1)
    }
}
