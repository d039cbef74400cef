#if Window
// The pixel host, built with the Window trait.
import CSDL2
import Scrollwork
@testable import ScrollworkPixels
@testable import ScrollworkWidgets
import Testing

/// One driver for every host: a scripted session through the window's own code path (SDL events
/// translated by the window and delivered through its session) ends in the same state as the
/// same session through the headless driver.
@Suite struct WindowParityTests {
    /// Two hundred files in a table that sorts itself.
    struct Files: WidgetApp {
        var content: TableView<Int>
        var wantsQuit = false

        init() {
            content = TableView(TableState(rows: Array(0..<200), columns: [
                TableColumn("Name", width: ColumnWidth.clamping(min: 64, ideal: 120), textOrder: .finder) { .string("file-\($0)") },
                TableColumn("Size", width: ColumnWidth.clamping(min: 48, ideal: 80), alignment: .trailing) { .int($0 * 7_919 % 1_009) },
            ]))
            content.table.list.selectionMode = .multiple
            content.table.list.idiom = .macOS
        }
    }

    /// A user's actions, in cells.
    enum Action {
        case click(column: Int, row: Int)
        case drag(column: Int, fromRow: Int, toRow: Int)
        case wheelDown(column: Int, row: Int)
        case key(Key)
        case text(String)
    }

    static let script: [Action] = [
        .click(column: 3, row: 4), .key(.down), .key(.down),
        .click(column: 3, row: 9),
        .wheelDown(column: 5, row: 6), .key(.pageDown),
        .drag(column: 4, fromRow: 12, toRow: 6),
        .click(column: 17, row: 0),
        .key(.home), .text("file-1"), .key(.end),
    ]

    /// The actions as the widgets' events, for the headless driver.
    static func events(_ action: Action) -> [Event] {
        switch action {
        case let .click(column, row):
            return [.mouse(MouseEvent(.press, column: column, row: row)), .mouse(MouseEvent(.release, column: column, row: row))]
        case let .drag(column, from, to):
            return [.mouse(MouseEvent(.press, column: column, row: from))]
                + stride(from: from - 1, through: to, by: -1).map { .mouse(MouseEvent(.drag, column: column, row: $0)) }
                + [.mouse(MouseEvent(.release, column: column, row: to))]
        case let .wheelDown(column, row):
            return [.mouse(MouseEvent(.move, button: .none, column: column, row: row)), .mouse(MouseEvent(.wheel(.down), button: .none, column: column, row: row))]
        case let .key(key): return [.key(KeyEvent(key))]
        case let .text(text): return text.map { .key(KeyEvent(.character($0))) }
        }
    }

    /// The actions as SDL's events, in window units at a scale of 2 (a point is 2 units), each at
    /// the top left of its cell.
    static func sdlEvents(_ action: Action) -> [SDL_Event] {
        func units(_ column: Int, _ row: Int) -> (Int32, Int32) { (Int32(column * 8 * 2), Int32(row * 16 * 2)) }
        func button(_ down: Bool, _ column: Int, _ row: Int) -> SDL_Event {
            var e = SDL_Event()
            e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
            (e.button.x, e.button.y) = units(column, row)
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            return e
        }
        func motion(_ column: Int, _ row: Int) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_MOUSEMOTION.rawValue
            (e.motion.x, e.motion.y) = units(column, row)
            return e
        }
        func key(_ code: SDL_KeyCode) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_KEYDOWN.rawValue
            e.key.keysym.sym = SDL_Keycode(bitPattern: code.rawValue)
            return e
        }
        switch action {
        case let .click(column, row):
            return [button(true, column, row), button(false, column, row)]
        case let .drag(column, from, to):
            return [button(true, column, from)] + stride(from: from - 1, through: to, by: -1).map { motion(column, $0) } + [button(false, column, to)]
        case let .wheelDown(column, row):
            var wheel = SDL_Event()
            wheel.type = SDL_MOUSEWHEEL.rawValue
            wheel.wheel.y = -1
            wheel.wheel.preciseY = -1
            return [motion(column, row), wheel]
        case let .key(k):
            switch k {
            case .down: return [key(SDLK_DOWN)]
            case .pageDown: return [key(SDLK_PAGEDOWN)]
            case .home: return [key(SDLK_HOME)]
            case .end: return [key(SDLK_END)]
            default: return []
            }
        case let .text(text):
            var e = SDL_Event()
            e.type = SDL_TEXTINPUT.rawValue
            withUnsafeMutableBytes(of: &e.text.text) { raw in
                for (i, byte) in text.utf8.enumerated() { raw[i] = byte }
            }
            return [e]
        }
    }

    /// What the two runs are compared on.
    static func state(_ app: Files) -> String {
        let t = app.content.table
        return "\(t.list.scroll.offset) \(t.list.selectedIndexPaths.map(\.row)) \(t.sortOrder.map { "\($0.columnID)\($0.ascending)" })"
    }

    /// A search field alone in a window.
    struct Field: WidgetApp {
        var content = TextField(prompt: "Find: ")
        var wantsQuit = false
    }

    @Test("a window pastes as a desktop does: Ctrl+V and Shift+Insert the clipboard at the caret, a middle click the primary selection; with nothing to paste a key stays a key")
    func desktopPastes() {
        var window = WindowSession(driver: Driver(Field(), work: ManualWork()), input: WindowInput())
        window.pasteText = { primary in primary ? "primary" : "clip\nboard" }
        window.resize(columns: 40, rows: 3, at: 0)
        func press(_ event: Event) { for e in window.withPastes(event) { window.deliver(e, at: 1) } }
        press(.key(KeyEvent(.character("v"), .control)))
        #expect(window.driver.app.content.text == "clip board", "a line break pasted is a space in a one-line field")
        press(.key(KeyEvent(.home)))
        press(.key(KeyEvent(.insert, .shift)))
        #expect(window.driver.app.content.text == "clip boardclip board" && window.driver.app.content.caret == 10)
        press(.mouse(MouseEvent(.press, button: .middle, at: Point(x: 20, y: 8))))
        #expect(window.driver.app.content.text == "clip boardprimaryclip board")
        #expect(window.withPastes(.mouse(MouseEvent(.press, button: .left, at: Point(x: 20, y: 8)))).count == 1, "only the middle button pastes")
        window.pasteText = { _ in nil }
        #expect(window.withPastes(.key(KeyEvent(.character("v"), .control))) == [.key(KeyEvent(.character("v"), .control))])
        // Text selected in the window is offered as its primary selection, for a middle click here or elsewhere.
        press(.key(KeyEvent(.left, .shift)))
        press(.key(KeyEvent(.left, .shift)))
        #expect(window.selectedText == "ry", "the two characters before the caret, after the pasted \"primary\"")
    }

    /// A window session of the files table, 40 × 20 cells, its first frame drawn.
    static func filesWindow() -> WindowSession<Files, ManualWork> {
        var window = WindowSession(driver: Driver(Files(), work: ManualWork()), input: WindowInput())
        window.resize(columns: 40, rows: 20, at: 0)
        var frame = Canvas(cells: Buffer(columns: 40, rows: 20))
        window.drawFrame(into: &frame, at: 0)
        return window
    }

    @Test("LT-12: moving over a heading's divider asks for the resize arrows, moving off it for the arrow again")
    func pointerShapeFollowsThePointer() {
        var window = Self.filesWindow()
        func move(to point: Point) {
            var e = SDL_Event()
            e.type = SDL_MOUSEMOTION.rawValue
            (e.motion.x, e.motion.y) = (Int32(point.x * 2), Int32(point.y * 2))
            _ = window.take(e, pointScale: 2, at: 1)
        }
        let divider = window.driver.app.content.table.dividerPositions[0]
        move(to: Point(x: divider - 2, y: 8))
        #expect(window.pointerShape == .resizeLeftRight)
        move(to: Point(x: divider - 2, y: 100))
        #expect(window.pointerShape == .arrow)
    }

    @Test("the window's title stays the document's name: a sort's status (\"sort cancelled\") does not go into it")
    func titleIsNeverTheStatus() {
        var window = Self.filesWindow()
        // A sort started and cancelled: the table says "sort cancelled" through the host's status.
        _ = window.driver.app.content.sort(byColumn: 1, at: 0)
        window.deliver(.key(KeyEvent(.escape)), at: 1)
        var frame = Canvas(cells: Buffer(columns: 40, rows: 20))
        window.drawFrame(into: &frame, at: 1)
        #expect(window.driver.app.content.sorting == nil)
        #expect(window.title == "Scrollwork", "a status is not the window's name: \(window.title)")
    }

    @Test("one driver: the window's code path and the headless driver end a scripted session in the same state and draw the same cells")
    func windowAndHeadlessAgree() {
        var headless = HeadlessDriver(Files(), columns: 40, rows: 20)
        var window = WindowSession(driver: Driver(Files(), work: ManualWork()), input: WindowInput())
        window.resize(columns: 40, rows: 20, at: 0)
        var first = Canvas(cells: Buffer(columns: 40, rows: 20))
        window.drawFrame(into: &first, at: 0)
        for action in Self.script {
            headless.deliver(Self.events(action))
            for event in Self.sdlEvents(action) { _ = window.take(event, pointScale: 2, at: headless.time) }
            headless.advance(by: 0.1)
            // The window's loop draws a frame after each turn, as the headless one does.
            var frame = Canvas(cells: Buffer(columns: 40, rows: 20))
            window.drawFrame(into: &frame, at: headless.time)
        }
        // The heading click handed a sort to each; both run it.
        #expect(headless.pendingWork.map(\.id.name) == ["sort"] && window.driver.work.pending.map(\.id.name) == ["sort"])
        _ = headless.runWork("sort")
        _ = window.driver.work.run(named: "sort")
        window.deliverWork(at: headless.time)
        var frame = Canvas(cells: Buffer(columns: 40, rows: 20))
        window.drawFrame(into: &frame, at: headless.time)
        headless.draw()
        #expect(Self.state(window.driver.app) == Self.state(headless.app))
        #expect(!headless.app.content.table.sortOrder.isEmpty, "the heading click sorted")
        #expect(frame.cells.text == headless.text, "the same cells")
    }

    @Test("SV-11: the pointer leaving the window is a move to nowhere, so a scroller widened under it lets go")
    func leavingTheWindow() {
        var input = WindowInput()
        var leave = SDL_Event()
        leave.type = SDL_WINDOWEVENT.rawValue
        leave.window.event = UInt8(SDL_WINDOWEVENT_LEAVE.rawValue)
        guard case let .events(events) = input.translate(leave, pointScale: 1), case let .mouse(mouse)? = events.first else {
            Issue.record("leaving the window made no event")
            return
        }
        #expect(events.count == 1 && mouse.kind == .move && mouse.x < 0 && mouse.y < 0)
        // Through a group: the child the pointer was over hears it and narrows its scroller.
        var scroll = ScrollState(viewport: Size(width: 320, height: 320), content: Size(width: 320, height: 4000))
        scroll.indicatorStyle = .macOS()
        var view = ScrollView(NumberedRows(), scroll: scroll)
        var buffer = Buffer(columns: 40, rows: 20)
        view.render(in: buffer.area, into: &buffer, at: 0)
        _ = view.handle(.mouse(MouseEvent(.move, button: .none, column: 39, row: 5)), at: 1)
        #expect(view.scroll.indicator(.vertical)?.showsTrack == true)
        _ = view.handle(.mouse(mouse), at: 2)
        #expect(view.scroll.indicator(.vertical)?.showsTrack == false)
    }
}

/// Rows of nothing, for a scroll view that only needs to scroll.
struct NumberedRows: ScrollContent {
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {}
}
#endif
