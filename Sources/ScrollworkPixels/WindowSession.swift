#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CSDL2
import Scrollwork
import ScrollworkWidgets

/// The window's part of a loop turn, apart from SDL's window and renderer: its events translated
/// and delivered through the ``Driver``, its clipboard, its frames. ``PixelWindow`` runs it; a
/// test runs the same code with SDL events it makes, without a display.
@safe struct WindowSession<A: App, S: WorkScheduler> {
    // Safe to hold: `window` is the display's SDL window, which outlives the session that
    // titles it (the host ends the session first).
    /// The loop's rules.
    var driver: Driver<A, S>
    /// SDL's events as the widgets' events.
    var input: WindowInput
    /// The window whose title shows status; nil in tests without a display.
    var window: OpaquePointer? = nil

    /// What an SDL event came to.
    enum Outcome {
        /// The window was closed.
        case quit
        /// The window changed size: the host makes a new surface and calls ``resize(columns:rows:at:)``.
        case resized
        /// Its events (if any) were delivered.
        case delivered
    }

    /// Where a paste's text comes from: the clipboard (Ctrl+V, Shift+Insert) or, for a middle
    /// click, the primary selection (X11's); SDL's by default, a test's own in a test.
    var pasteText: @Sendable (_ primary: Bool) -> String? = { primary in SystemClipboard.text(primary: primary) }

        init(driver: Driver<A, S>, input: WindowInput) {
        self.driver = driver
        self.input = input
        // A window cannot stop like a terminal job: Ctrl-Z reaches the app as a key.
        self.driver.suspendsOnControlZ = false
    }

    /// Translates `event` (its positions in window units, `pointScale` of them a point) and
    /// delivers what it means at `time`.
    mutating func take(_ event: SDL_Event, pointScale: Double, at time: Double) -> Outcome {
        switch unsafe input.translate(event, pointScale: pointScale) {
        case .quit: return .quit
        case .resized: return .resized
        case let .events(events):
            for e in events.flatMap(withPastes) { perform(driver.deliver(e, at: time)) }
            if case let .mouse(mouse)? = events.last { showPointerShape(driver.app.pointerShape(at: mouse.location)) }
            return .delivered
        }
    }

    /// `event` with the paste a desktop makes of it: Ctrl+V and Shift+Insert paste the clipboard
    /// (in place of the key), a middle click the primary selection (after the click, so that what
    /// it lands on has it), as a terminal delivers a paste; nothing to paste leaves the event as
    /// it is.
    func withPastes(_ event: Event) -> [Event] {
        switch event {
        case let .key(key) where key == KeyEvent(.character("v"), .control) || key == KeyEvent(.character("V"), [.control, .shift])
            || key == KeyEvent(.insert, .shift):
            return pasteText(false).map { [.paste($0)] } ?? [event]
        case let .mouse(mouse) where mouse.kind == .press && mouse.button == .middle:
            return [event] + (pasteText(true).map { [.paste($0)] } ?? [])
        default:
            return [event]
        }
    }


    /// The pointer's shape the app last asked for.
    private(set) var pointerShape = PointerShape.arrow
    // Safe: each cursor is made by SDL here and freed once, in `freeCursors()`, after which the
    // list is empty.
    /// SDL's system cursors, made once each when first shown.
    private var cursors: [PointerShape: OpaquePointer] = unsafe [:]

    /// Frees the cursors made, as the window closes.
    mutating func freeCursors() {
        for unsafe cursor in unsafe cursors.values { unsafe SDL_FreeCursor(cursor) }
        unsafe cursors = unsafe [:]
    }

    /// Shows `shape` as the pointer (where there is a display to show it on).
    private mutating func showPointerShape(_ shape: PointerShape) {
        guard shape != pointerShape else { return }
        pointerShape = shape
        guard unsafe window != nil else { return }
        if unsafe cursors[shape] == nil { unsafe cursors[shape] = unsafe SDL_CreateSystemCursor(Self.systemCursor(shape)) }
        if let cursor = unsafe cursors[shape] { unsafe SDL_SetCursor(cursor) }
    }

    /// SDL's system cursor for `shape`.
    static func systemCursor(_ shape: PointerShape) -> SDL_SystemCursor {
        switch shape {
        case .arrow: SDL_SYSTEM_CURSOR_ARROW
        case .pointingHand: SDL_SYSTEM_CURSOR_HAND
        case .iBeam: SDL_SYSTEM_CURSOR_IBEAM
        case .resizeLeftRight: SDL_SYSTEM_CURSOR_SIZEWE
        case .resizeUpDown: SDL_SYSTEM_CURSOR_SIZENS
        }
    }

    /// Tells the app the window's size in cells.
    mutating func resize(columns: Int, rows: Int, at time: Double) {
        perform(driver.deliver(.resize(columns: columns, rows: rows), at: time))
    }

    /// Delivers work's news.
    mutating func deliverWork(at time: Double) { perform(driver.deliverWork(at: time)) }

    /// Delivers `event` (not from SDL: a screen reader's action) at `time`.
    mutating func deliver(_ event: Event, at time: Double) { perform(driver.deliver(event, at: time)) }

    /// Ticks and draws the app on `canvas`.
    mutating func drawFrame(into canvas: inout Canvas, at time: Double) { perform(driver.drawFrame(into: &canvas, at: time)) }

    /// The window's title: the document's name and page as the app last named them, never the
    /// status (a desktop's title bar names the document; "sorted by Size ▼ · sort took 946 ms"
    /// in it read as part of the name). Setting it sets the window's.
    var title = "Scrollwork" {
        didSet { if let window = unsafe window { unsafe SDL_SetWindowTitle(window, title) } }
    }

    /// The text last selected in the app, offered as the window system's primary selection (what
    /// a middle click pastes, here or in another app). Setting it sets the system's.
    var selectedText: String? = nil {
        didSet { if unsafe window != nil, let selectedText { unsafe SDL_SetPrimarySelectionText(selectedText) } }
    }

    /// Copies go to the window system's clipboard, the app's name for itself to the title bar; a
    /// status is the app's to show in its own status line, as a terminal leaves it; a window
    /// does not suspend.
    private mutating func perform(_ actions: [HostAction]) {
        for action in actions {
            switch action {
            case let .copy(text): unsafe SDL_SetClipboardText(text)
            case let .select(text): selectedText = text
            case .status: break
            case let .title(text): title = text
            case .suspend: break
            case let .diagnostics(found): writeToStandardError(found)
            }
        }
    }
}
/// The window system's clipboard and primary selection, through SDL.
enum SystemClipboard {
    /// The clipboard's text, or the primary selection's; nil when it holds none.
    static func text(primary: Bool) -> String? {
        guard (primary ? SDL_HasPrimarySelectionText() : SDL_HasClipboardText()) == SDL_TRUE,
              // Safe: SDL's copy of the text is made a String and freed before this returns.
              let text = unsafe primary ? SDL_GetPrimarySelectionText() : SDL_GetClipboardText() else { return nil }
        defer { unsafe SDL_free(text) }
        let pasted = unsafe String(cString: text)
        return pasted.isEmpty ? nil : pasted
    }
}
#endif
