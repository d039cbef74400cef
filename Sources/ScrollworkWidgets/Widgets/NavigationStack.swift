import Scrollwork

/// What a ``NavigationStack`` reports to its owner: what the page shown reported, and the pops
/// the person made.
public enum NavigationEvent<PageReport> {
    /// The page shown reported this (a list's `ListEvent.navigate(_:)`, which its owner answers
    /// with ``NavigationStack/push(_:title:at:)``).
    case page(PageReport)
    /// The person went back (the back button, a back key or an edge swipe): `title` is the page
    /// shown now and `depth` how deep the stack is (1: the root alone). The owner's own
    /// ``NavigationStack/pop(at:)`` and ``NavigationStack/popToRoot(at:)`` are not reported.
    case popped(title: String, depth: Int)
}

extension NavigationEvent: Sendable where PageReport: Sendable {}
extension NavigationEvent: Equatable where PageReport: Equatable {}
extension NavigationEvent: Hashable where PageReport: Hashable {}

/// What a key can ask of a ``NavigationStack``.
public enum NavigationCommand: Sendable, Hashable {
    /// Back to the page under the top one.
    case back

    /// The keys of a stack: Esc, and Alt+← as GNOME and browsers go back.
    public static let keys = CommandTable("Navigation", [
        KeyBinding(NavigationCommand.back, "back to the page under this one (when the page shown leaves the key)",
                   keys: KeyEvent(.escape), KeyEvent(.left, .alt)),
    ])
}

/// Pages one drills into, one over the other: a list row opens a page of its own, and back
/// returns to the list as it was left. UIKit's navigation controller, SwiftUI's
/// `NavigationStack`, Textual's screen stack.
///
/// A bar across the top names the page shown and, under the root, holds a back button named
/// after the page under it ("‹ Settings"). Back is the button, a key the page shown does not use
/// (Esc, or Alt+← as GNOME and browsers go back; ``keys``), or a drag from the leading edge, the
/// page following the pointer and going back when let go past half way or flicked. A push slides
/// the new page in from the trailing edge over the old one, which moves a third as far the other
/// way (the platform's push); a pop the reverse; both take ``transitionDuration`` and decelerate,
/// and happen at once with ``reducesMotion`` or a canvas that reduces motion (`Canvas.reducesMotion`).
///
/// Each page is kept whole while pages lie on it (its scroll position, selection, text), so back
/// shows it as it was, and it goes on hearing from the work it started (``Event/work(_:)``
/// reaches every page, the one shown first). A page a person goes back from is dismissed
/// (``Widget/dismiss(at:)``): the reply of the back carries the effects that cancel its work.
/// Pages are one type: an app whose pages differ makes them cases of an enum
/// that is a widget.
public struct NavigationStack<Page: Widget>: Widget {
    /// The page shown's reports, and the person's pops.
    public typealias Report = NavigationEvent<Page.Report>

    /// A page with the title its bar shows.
    public struct Entry {
        /// The title in the bar, and on the back button of the page pushed over it.
        public var title: String
        /// The page.
        public var page: Page
    }

    /// The pages, the root first and the page shown last; never empty.
    public private(set) var entries: [Entry]
    /// The colours.
    public var theme: Theme
    /// The type sizes the bar's text is set in.
    public var idiom: ScrollIdiom
    /// True to push and pop without sliding (Reduce Motion).
    public var reducesMotion = false
    /// False to leave the bar out while the root is shown, where a title around the stack
    /// already names it; pages over the root have it, for their way back, unless ``showsBar``
    /// is false.
    public var showsBarAtRoot = true
    /// False to leave the bar out on every page: where each page names itself and its way back
    /// (a terminal program's status line), and back is a key.
    public var showsBar = true
    /// False where the pages take a drag from their leading edge themselves (a table that
    /// selects or scrolls sideways by dragging): no swipe goes back; the keys and the button do.
    public var swipesBack = true
    /// The keys that go back when the page shown leaves them unused: ``NavigationCommand/keys``
    /// unless rebound.
    public var keys = NavigationCommand.keys
    /// The area the stack took in its last render.
    public private(set) var frame = Rect.zero

    /// How long a push or a pop slides, in seconds: UIKit's 0.35.
    public static var transitionDuration: Double { 0.35 }
    /// How far from the leading edge, in points, a drag starts going back (UIKit's 20).
    public static var edgeWidth: Double { 20 }
    /// How far the page under the top one moves while the top slides a whole width: a third.
    static var parallax: Double { 0.3 }
    /// A release faster than this, in points a second to the trailing side, goes back whatever
    /// the distance (a flick).
    static var flickSpeed: Double { 300 }

    private var motion: Motion? = nil
    private var barFrame = Rect.zero
    private var pageFrame = Rect.zero
    private var backFrame = Rect.zero
    /// True while the back button is held down.
    private var backPressed = false
    /// A press at the leading edge, held until it becomes a swipe or a tap.
    private var edgePress: MouseEvent? = nil

    /// A page sliding in or out: the top page's share of the way across (0: in place, 1: gone past
    /// the trailing edge), where it started, and whether a pointer holds it.
    private struct Motion {
        /// The page leaving in a pop, drawn over the page shown until it is gone.
        var leaving: Entry?
        /// The share of the width the sliding page is from its place when the motion began.
        var from: Double
        /// Where it goes: 0 (a push, or a swipe let go short) or 1 (a pop).
        var to: Double
        var start: Double
        /// The pointer's x where a swipe holds the page, and the speed it moved at; nil once
        /// let go.
        var held: (x: Double, originX: Double, speed: Double, time: Double)? = nil

        /// The sliding page's share of the way at `time` in a page `width` points wide: under the
        /// pointer while held, else decelerating from `from` to `to`.
        func share(at time: Double, duration: Double, width: Double) -> Double {
            if let held { return Swift.min(1, Swift.max(0, (held.x - held.originX) / Swift.max(1, width))) }
            guard duration > 0, time.isFinite else { return to }
            let t = Swift.min(1, Swift.max(0, (time - start) / duration))
            let eased = 1 - (1 - t) * (1 - t) * (1 - t)
            return from + (to - from) * eased
        }

        func isDone(at time: Double, duration: Double) -> Bool { held == nil && !(time - start < duration) }
    }

    /// A stack of one page, `root`, titled `title`.
    public init(root: Page, title: String, theme: Theme = Theme(), idiom: ScrollIdiom = .macOS) {
        entries = [Entry(title: title, page: root)]
        self.theme = theme
        self.idiom = idiom
    }

    /// How many pages there are (1: the root alone).
    public var depth: Int { entries.count }

    /// The page shown.
    public var top: Page {
        get { entries[entries.count - 1].page }
        set { entries[entries.count - 1].page = newValue }
        // In place: a page may be large (a table's whole state), and every frame asks the page
        // shown several mutating questions, each of which would otherwise copy it out and back.
        _modify { yield &entries[entries.count - 1].page }
    }

    /// The first page, under all the others.
    public var root: Page {
        get { entries[0].page }
        set { entries[0].page = newValue }
        _modify { yield &entries[0].page }
    }

    /// The title of the page shown.
    public var title: String { entries[entries.count - 1].title }

    /// Shows `page` over the page shown, titled `title`, sliding in unless ``reducesMotion``.
    public mutating func push(_ page: Page, title: String, at time: Double) {
        finishMotion()
        entries.append(Entry(title: title, page: page))
        if !reducesMotion { motion = Motion(leaving: nil, from: 1, to: 0, start: time) }
        entries[entries.count - 1].page.appear(at: time)
    }

    /// Runs `body` on every page, the root first, and returns what it gives for each: for what
    /// concerns pages not shown as well (their work, their state).
    public mutating func updatePages<T>(_ body: (inout Page) -> T) -> [T] {
        entries.indices.map { body(&entries[$0].page) }
    }

    /// Runs `body` on the page `index` places from the root (0: the root) and returns what it
    /// gives; nil, without running it, for an index no page has.
    public mutating func updatePage<T>(at index: Int, _ body: (inout Page) -> T) -> T? {
        guard entries.indices.contains(index) else { return nil }
        return body(&entries[index].page)
    }

    /// Takes the page shown off the stack, sliding it out unless ``reducesMotion``, and returns
    /// it (not dismissed: its owner says what becomes of its work); nil at the root, which stays.
    @discardableResult
    public mutating func pop(at time: Double) -> Page? {
        finishMotion()
        return popNow(from: 0, at: time)?.page
    }

    /// Takes every page but the root off the stack (the root shows at once), dismissing them;
    /// returns the effects that cancel their work.
    public mutating func popToRoot(at time: Double) -> [Effect] {
        finishMotion()
        guard entries.count > 1 else { return [] }
        var effects: [Effect] = []
        for index in entries.indices.dropFirst().reversed() { effects += entries[index].page.dismiss(at: time) }
        entries.removeLast(entries.count - 1)
        return effects
    }

    /// Takes the top page off, sliding from `share` of the way out; returns it and the report
    /// of the pop, or nil at the root.
    private mutating func popNow(from share: Double, at time: Double) -> (page: Page, report: Report)? {
        guard entries.count > 1 else { return nil }
        let leaving = entries.removeLast()
        if !reducesMotion { motion = Motion(leaving: leaving, from: share, to: 1, start: time) }
        top.appear(at: time)
        return (leaving.page, .popped(title: title, depth: entries.count))
    }

    /// The person's pop, as a reply: handled, reporting it when there was a page to pop, with
    /// the effects of dismissing it.
    private mutating func back(at time: Double) -> Reply<Report> {
        guard var popped = popNow(from: 0, at: time) else { return .handled }
        return Reply(.handled, reports: [popped.report], effects: popped.page.dismiss(at: time))
    }

    /// The page shown's reply as the stack's.
    private func fromPage(_ reply: Reply<Page.Report>) -> Reply<Report> { reply.map { .page($0) } }

    /// Ends a slide at once: the page shown is in place. A swipe still held is called off, its
    /// page the top again, as if let go short.
    private mutating func finishMotion() {
        if let held = motion, held.held != nil, let leaving = held.leaving { entries.append(leaving) }
        motion = nil
        edgePress = nil
    }

    // MARK: Widget

    /// The bar on top, the page shown under it; while a page slides, both pages, each where the
    /// slide has it.
    public mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        frame = area
        let line = canvas.measurer(for: idiom).lineHeight(.headline)
        // Two lines of the title's type and a little: on a grid, a row for the title and one for
        // the rule under it.
        let hidden = !showsBar || (entries.count == 1 && motion == nil && !showsBarAtRoot)
        let bar = hidden ? 0 : Swift.min(area.height, canvas.alignedRow(2 * line + 6))
        barFrame = Rect(x: area.minX, y: area.minY, width: area.width, height: bar)
        pageFrame = Rect(x: area.minX, y: area.minY + bar, width: area.width, height: Swift.max(0, area.height - bar))
        if let done = motion?.isDone(at: time, duration: Self.transitionDuration), done { motion = nil }
        // The host's Reduce Motion ends a slide at once, as the stack's own does; a swipe still follows the pointer.
        if canvas.reducesMotion, motion?.held == nil { motion = nil }
        if bar > 0 { drawBar(into: &canvas, line: line) } else { backFrame = .zero }
        guard let motion else { return top.render(in: pageFrame, into: &canvas, at: time) }
        let share = motion.share(at: time, duration: Self.transitionDuration, width: pageFrame.width)
        let width = pageFrame.width
        let under = pageFrame.offsetBy(x: canvas.aligned(-Self.parallax * width * (1 - share)))
        let sliding = pageFrame.offsetBy(x: canvas.aligned(width * share))
        let (theme, idiom) = (theme, idiom)
        canvas.draw(pageFrame, idiom: idiom) { c in
            if let leaving = motion.leaving {
                // A pop: the page shown comes back from the leading side, the leaving one slides off.
                top.render(in: under, into: &c, at: time)
                var page = leaving.page
                c.fill(sliding, theme.text)
                page.render(in: sliding, into: &c, at: time)
            } else if entries.count > 1 {
                entries[entries.count - 2].page.render(in: under, into: &c, at: time)
                c.fill(sliding, theme.text)
                top.render(in: sliding, into: &c, at: time)
            }
        }
    }

    /// The bar: the back button (‹ and the title of the page under this one) at the leading
    /// edge, the page's title in the middle, a rule under it. Text is measured in the bar's own
    /// drawing, in the type it is drawn in.
    private mutating func drawBar(into canvas: inout Canvas, line: Double) {
        let (bar, theme, title, pressed) = (barFrame, theme, title, backPressed)
        let back = entries.count > 1 ? "‹ " + entries[entries.count - 2].title : nil
        let pad = canvas.aligned(8)
        let textY = bar.minY + Swift.max(0, (bar.height - line) / 2 - 3)
        var backFrame = Rect.zero
        canvas.draw(bar, idiom: idiom) { c in
            c.fill(bar, theme.header)
            var backWidth = 0.0
            if let back {
                let wanted = c.textMeasurer.width(of: back, font: .body) + 2 * pad
                backWidth = c.aligned(Swift.min(bar.width * 0.4, wanted))
                backFrame = Rect(x: bar.minX, y: bar.minY, width: backWidth, height: bar.height)
                var accent = theme.accent
                if pressed { accent.reverse.toggle() }
                // Cut only where the button is held narrower than its text.
                c.text(back, at: Point(x: bar.minX + pad, y: textY), width: wanted > backWidth ? backWidth - pad : nil, style: accent)
            }
            c.text(title, at: Point(x: bar.minX + backWidth, y: textY), width: Swift.max(0, bar.width - 2 * backWidth), font: .headline,
                   style: theme.header, alignment: .center)
            c.line(from: Point(x: bar.minX, y: bar.maxY - 0.5), to: Point(x: bar.maxX, y: bar.maxY - 0.5), theme.separator)
        }
        self.backFrame = backFrame
    }

    /// Keys go to the page shown first; the back keys it leaves go back. The back button and a
    /// swipe from the leading edge go back; other pointer events go to the page shown.
    /// The reply carries the page shown's (its reports as ``NavigationEvent/page(_:)``) and
    /// the person's pops.
    public mutating func handle(_ event: Event, at time: Double) -> Reply<Report> {
        if case let .mouse(mouse) = event { return handle(mouse, at: time) }
        if case .work = event { return handleWork(event, at: time) }
        finishMotion()
        var reply = fromPage(top.handle(event, at: time))
        guard !reply.isHandled, case let .key(key) = event, keys.command(for: key) == .back, entries.count > 1 else { return reply }
        reply.merge(back(at: time))
        return reply
    }

    /// Work's news goes to the page shown, then down the stack until a page uses it: a page
    /// under another still hears from the work it started.
    private mutating func handleWork(_ event: Event, at time: Double) -> Reply<Report> {
        var reply: Reply<Report> = .ignored
        for index in entries.indices.reversed() where !reply.isHandled {
            reply.merge(fromPage(entries[index].page.handle(event, at: time)))
        }
        return reply
    }

    private mutating func handle(_ mouse: MouseEvent, at time: Double) -> Reply<Report> {
        let point = mouse.location
        switch mouse.kind {
        case .press where mouse.button == .left && backFrame.contains(point):
            finishMotion()
            backPressed = true
            return .handled
        case .drag where backPressed:
            return .handled
        case .release where backPressed:
            backPressed = false
            return backFrame.contains(point) ? back(at: time) : .handled
        case .press where swipesBack && mouse.button == .left && entries.count > 1 && pageFrame.contains(point) && point.x < pageFrame.minX + Self.edgeWidth:
            finishMotion()
            edgePress = mouse
            return .handled
        case .drag where edgePress != nil || motion?.held != nil:
            return Reply(swipe(to: point.x, at: time))
        case .release where edgePress != nil || motion?.held != nil:
            guard let press = edgePress else { return letGo(at: time) }
            // Let go without moving: a tap, which the page shown takes as one.
            edgePress = nil
            var reply = fromPage(top.handle(.mouse(press), at: time)).with(.ignored)
            reply.merge(fromPage(top.handle(.mouse(mouse), at: time)))
            return reply
        default:
            if motion != nil, case .press = mouse.kind { finishMotion() }
            guard motion == nil else { return .handled }
            return barFrame.contains(point) && mouse.kind == .press ? .handled : fromPage(top.handle(.mouse(mouse), at: time))
        }
    }

    /// A drag from the leading edge: the top page follows the pointer across.
    private mutating func swipe(to x: Double, at time: Double) -> EventResult {
        if let press = edgePress {
            // Four points to the trailing side make it a swipe; before that it may still be a tap.
            guard x - press.location.x >= 4 else { return .handled }
            edgePress = nil
            var started = Motion(leaving: entries.removeLast(), from: 0, to: 1, start: time)
            started.held = (x, press.location.x, 0, time)
            motion = started
            return .handled
        }
        guard var held = motion?.held else { return .handled }
        if time > held.time { held.speed = (x - held.x) / (time - held.time) }
        (held.x, held.time) = (x, time)
        motion?.held = held
        return .handled
    }

    /// A swipe let go: past half way or flicked, the page goes back (and the pop is returned,
    /// with the effects of dismissing it); else it slides back in place.
    private mutating func letGo(at time: Double) -> Reply<Report> {
        guard let current = motion, let held = current.held, var leaving = current.leaving else { return .handled }
        let width = Swift.max(1, pageFrame.width)
        let share = Swift.min(1, Swift.max(0, (held.x - held.originX) / width))
        // A pointer that stopped before it was let go flicks nothing.
        let speed = time - held.time > 0.05 ? 0 : held.speed
        defer { if reducesMotion { motion = nil } }
        guard share > 0.5 || speed > Self.flickSpeed else {
            // Back in place: the page is the top again, sliding home.
            entries.append(leaving)
            motion = Motion(leaving: nil, from: share, to: 0, start: time)
            return .handled
        }
        let effects = leaving.page.dismiss(at: time)
        motion = Motion(leaving: leaving, from: share, to: 1, start: time)
        top.appear(at: time)
        return Reply(.handled, reports: [.popped(title: title, depth: entries.count)], effects: effects)
    }

    /// Advances the page shown and a slide; the reply is the page shown's.
    public mutating func tick(at time: Double) -> Reply<Report> {
        if let done = motion?.isDone(at: time, duration: Self.transitionDuration), done { motion = nil }
        return fromPage(top.tick(at: time))
    }

    /// The page shown came into view.
    public mutating func appear(at time: Double) { top.appear(at: time) }

    /// True while a page slides in or out, or a swipe holds one aside.
    public var isSliding: Bool { motion != nil }

    /// True while a page slides, or the page shown moves.
    public var isAnimating: Bool { mutating get { (motion != nil && motion?.held == nil) || top.isAnimating } }

    /// The page shown's next deadline.
    public var wakeTime: Double? { mutating get { top.wakeTime } }

    /// The page shown's cursor.
    public var cursorPosition: Point? { mutating get { motion == nil ? top.cursorPosition : nil } }

    /// True while the page shown takes printable keys as text.
    public var isEditingText: Bool { mutating get { top.isEditingText } }

    /// The page shown's pointer shape, over the page.
    public mutating func pointerShape(at point: Point) -> PointerShape {
        pageFrame.contains(point) ? top.pointerShape(at: point) : .arrow
    }

    /// A wheel at the end of the page shown.
    public mutating func overscroll(_ mouse: MouseEvent, at time: Double) { top.overscroll(mouse, at: time) }

    /// A group named by the page's title: the back button (named "Back to …") and the page shown.
    public var accessibility: AccessibilityElement? {
        mutating get {
            var children: [AccessibilityElement] = []
            if entries.count > 1 {
                children.append(AccessibilityElement(role: .button, name: "Back to " + entries[entries.count - 2].title, frame: backFrame))
            }
            // The page shown is called by the title over it, where it has no name of its own.
            if var page = top.accessibility {
                if page.name.isEmpty { page.name = title }
                children.append(page)
            }
            return AccessibilityElement(role: .group, name: title, frame: frame, children: children)
        }
    }

    /// The page shown's diagnostics.
    public var diagnostics: [Diagnostic] { mutating get { top.diagnostics } }
}

extension Rect {
    /// The rectangle moved `x` points across.
    func offsetBy(x: Double) -> Rect { Rect(x: minX + x, y: minY, width: width, height: height) }
}
