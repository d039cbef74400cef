import Scrollwork
import ScrollworkTerminal
import ScrollworkWidgets

/// Drives an `App` as a person would, without a screen and in virtual time: presses keys,
/// types, clicks what the screen shows or what a screen reader would name, scrolls, drags, runs
/// the work the app asked for and advances the clock, and reads the screen a terminal shows.
///
/// Every frame goes through the terminal host's real renderer to a virtual terminal, so the text
/// read is what a person would see. A class, so that each call can sit inside `#expect`, and each
/// action returns the pilot, so that calls chain:
///
/// ```swift
/// let pilot = Pilot(MyApp(), columns: 60, rows: 20)
/// #expect(pilot.press(.down).press(.enter).contains("Opened row 2"))
/// try pilot.click("Size")          // the heading: the table sorts by it
/// pilot.runAllWork()
/// #expect(pilot.line(1).hasPrefix(" a.txt"))
/// ```
public final class Pilot<A: App> {
    /// The headless terminal the pilot drives, for what the pilot does not ask itself.
    public private(set) var terminal: HeadlessTerminal<A>

    /// Starts `app` on a terminal of `columns` × `rows` (clamped as `Buffer` clamps them) in
    /// `colorMode`, and draws the first frame.
    public init(_ app: A, columns: Int = 80, rows: Int = 24, colorMode: ColorMode = .trueColor) {
        terminal = HeadlessTerminal(app, columns: columns, rows: rows, colorMode: colorMode)
    }

    // MARK: What the screen shows

    /// The app under test. A change made through it shows in the next frame (``redraw()``, or
    /// any action).
    public var app: A {
        get { terminal.app }
        set { terminal.app = newValue }
    }

    /// The screen as text, one line a row, trailing spaces removed.
    public var text: String { terminal.text }
    /// The screen's cells, with their styles.
    public var screen: Buffer { terminal.screen }
    /// The virtual clock, in seconds.
    public var time: Double { terminal.time }
    /// The screen's size in cells.
    public var size: (columns: Int, rows: Int) { (terminal.columns, terminal.rows) }
    /// What the app last put on the clipboard.
    public var clipboard: String? { terminal.clipboard }
    /// What the app last offered as the primary selection (text a person selected).
    public var primarySelection: String? { terminal.primarySelection }
    /// The window's title as the app last named it.
    public var title: String? { terminal.title }
    /// The guideline diagnostics reported so far.
    public var diagnostics: [Diagnostic] { terminal.diagnostics }
    /// Whether the app asked to end.
    public var wantsQuit: Bool { terminal.wantsQuit }
    /// The names of the work the app asked for that has not run yet.
    public var pendingWork: [String] { terminal.pendingWork.map(\.id.name) }
    /// Where the app's focus is on the screen, if it says.
    public var cursorPosition: CellPosition? { terminal.cursorPosition }

    /// Row `row` of the screen as text, trailing spaces removed; "" outside the screen.
    public func line(_ row: Int) -> String {
        guard row >= 0 && row < terminal.rows else { return "" }
        // As `text` has it: the same row, the same trim.
        var line = screen.text(ofRow: row)
        while line.last == " " { line.removeLast() }
        return line
    }

    /// True when `text` shows anywhere on one row of the screen.
    public func contains(_ text: String) -> Bool { position(of: text) != nil }

    /// The cell where the `occurrence`th (1 for the first) showing of `text` on the screen
    /// begins, reading rows top to bottom and each left to right; nil when it shows fewer times
    /// (or `text` is empty, or `occurrence` is under 1). Text is matched a character a cell, so a
    /// wide character counts once.
    public func position(of text: String, occurrence: Int = 1) -> CellPosition? {
        let wanted = Array(text)
        guard !wanted.isEmpty, occurrence >= 1 else { return nil }
        var found = 0
        for row in 0..<terminal.rows {
            let cells = ScreenRow(screen, row: row)
            guard cells.characters.count >= wanted.count else { continue }
            for start in 0...(cells.characters.count - wanted.count) where cells.characters[start..<(start + wanted.count)].elementsEqual(wanted) {
                found += 1
                if found == occurrence { return CellPosition(column: cells.columns[start], row: row) }
            }
        }
        return nil
    }

    /// The element a screen reader would find first (depth first) with `role` and, when given,
    /// `name`; nil when the app says nothing of itself or no element matches.
    public func element(_ role: AccessibilityElement.Role, named name: String? = nil) -> AccessibilityElement? {
        terminal.app.accessibility?.first { $0.role == role && (name == nil || $0.name == name) }
    }

    // MARK: Acting

    /// Presses `key` with `modifiers`, as a person does on the keyboard, and draws the next frame.
    @discardableResult
    public func press(_ key: Key, _ modifiers: Modifiers = []) -> Pilot {
        terminal.send(.key(KeyEvent(key, modifiers)))
        return self
    }

    /// Presses each key in turn.
    @discardableResult
    public func press(_ keys: [KeyEvent]) -> Pilot {
        for key in keys { terminal.send(.key(key)) }
        return self
    }

    /// Types `text` as the terminal would send it, byte by byte through the real input decoder:
    /// "q" is the key q, "\u{1B}[A" is ↑.
    @discardableResult
    public func type(_ text: String) -> Pilot {
        terminal.type(text)
        return self
    }

    /// Pastes `text`, as a bracketed paste delivers it.
    @discardableResult
    public func paste(_ text: String) -> Pilot {
        terminal.send(.paste(text))
        return self
    }

    /// Clicks (presses and releases `button`, the left one unless said, 50 milliseconds apart)
    /// the middle of the `occurrence`th showing of `text`; throws
    /// ``PilotError/notOnScreen(_:occurrence:screen:)`` when it does not show that often.
    @discardableResult
    public func click(_ text: String, occurrence: Int = 1, button: MouseEvent.Button = .left, modifiers: Modifiers = []) throws(PilotError) -> Pilot {
        guard let start = position(of: text, occurrence: occurrence) else {
            throw .notOnScreen(text, occurrence: occurrence, screen: self.text)
        }
        let width = ScreenRow(screen, row: start.row).width(of: text.count, from: start.column)
        return click(column: start.column + (width - 1) / 2, row: start.row, button: button, modifiers: modifiers)
    }

    /// Clicks (with `button`, the left one unless said) the middle of the element a screen
    /// reader would find with `role` and `name`; throws ``PilotError/noElement(_:named:)`` when
    /// there is none.
    @discardableResult
    public func click(_ role: AccessibilityElement.Role, named name: String? = nil, button: MouseEvent.Button = .left,
                      modifiers: Modifiers = []) throws(PilotError) -> Pilot {
        guard let element = element(role, named: name) else { throw .noElement(role, named: name) }
        let middle = Point(x: element.frame.midX, y: element.frame.midY)
        return press(at: .mouse(MouseEvent(.press, button: button, at: middle, modifiers: modifiers)),
                     release: .mouse(MouseEvent(.release, button: button, at: middle, modifiers: modifiers)))
    }

    /// Clicks cell (`column`, `row`) with `button` (the left one unless said): a press and, 50
    /// milliseconds later, a release.
    @discardableResult
    public func click(column: Int, row: Int, button: MouseEvent.Button = .left, modifiers: Modifiers = []) -> Pilot {
        press(at: .mouse(MouseEvent(.press, button: button, column: column, row: row, modifiers: modifiers)),
              release: .mouse(MouseEvent(.release, button: button, column: column, row: row, modifiers: modifiers)))
    }

    /// Drags with the left button from one cell to another through `steps` moves (at least
    /// one), 16 milliseconds apart, and releases there.
    @discardableResult
    public func drag(from start: CellPosition, to end: CellPosition, steps: Int = 4) -> Pilot {
        let count = Swift.max(1, Swift.min(steps, 1_000))
        terminal.send(.mouse(MouseEvent(.press, column: start.column, row: start.row)))
        for i in 1...count {
            terminal.advance(by: 0.016)
            // In doubles: cells at the ends of Int's range differ by more than an Int holds.
            let column = Int(saturating: Double(start.column) + (Double(end.column) - Double(start.column)) * Double(i) / Double(count))
            let row = Int(saturating: Double(start.row) + (Double(end.row) - Double(start.row)) * Double(i) / Double(count))
            terminal.send(.mouse(MouseEvent(.drag, column: column, row: row)))
        }
        terminal.send(.mouse(MouseEvent(.release, column: end.column, row: end.row)))
        return self
    }

    /// Turns the wheel `notches` times (1…1,000) over cell (`column`, `row`).
    @discardableResult
    public func scroll(_ direction: MouseEvent.WheelDirection, notches: Int = 1, column: Int, row: Int) -> Pilot {
        for _ in 0..<Swift.max(1, Swift.min(notches, 1_000)) {
            terminal.send(.mouse(MouseEvent(.wheel(direction), button: .none, column: column, row: row)))
        }
        return self
    }

    /// Advances the virtual clock by `seconds` (as `HeadlessDriver/advance(by:)` clamps it),
    /// drawing the frames an animation would.
    @discardableResult
    public func advance(by seconds: Double) -> Pilot {
        terminal.advance(by: seconds)
        return self
    }

    /// Runs the oldest pending work called `name` (or the oldest of all) now; false when there
    /// was none.
    @discardableResult
    public func runWork(_ name: String? = nil) -> Bool { terminal.runWork(name) }

    /// Runs pending work until none is left (work that asks for more runs too), at most `limit`
    /// (clamped to 1…1,000,000) pieces; returns how many ran.
    @discardableResult
    public func runAllWork(limit: Int = 10_000) -> Int {
        var ran = 0
        while ran < Swift.max(1, Swift.min(limit, 1_000_000)), terminal.runWork() { ran += 1 }
        return ran
    }

    /// Changes the terminal's size, as a window resized around it would.
    @discardableResult
    public func resize(columns: Int, rows: Int) -> Pilot {
        terminal.resize(columns: columns, rows: rows)
        return self
    }

    /// Draws a frame now: after changing `app` directly.
    @discardableResult
    public func redraw() -> Pilot {
        terminal.draw()
        return self
    }

    /// Sends any event, and draws.
    @discardableResult
    public func send(_ event: Event) -> Pilot {
        terminal.send(event)
        return self
    }

    private func press(at down: Event, release up: Event) -> Pilot {
        terminal.send(down)
        terminal.advance(by: 0.05)
        terminal.send(up)
        return self
    }
}

/// What a ``Pilot`` could not do.
public enum PilotError: Error, CustomStringConvertible, Equatable {
    /// The text to click does not show (that often) on the screen, which is given.
    case notOnScreen(String, occurrence: Int, screen: String)
    /// No element has that role and name.
    case noElement(AccessibilityElement.Role, named: String?)

    /// What went wrong, with the screen when it helps.
    public var description: String {
        switch self {
        case let .notOnScreen(text, occurrence, screen):
            let which = occurrence == 1 ? "" : " \(occurrence) times"
            return "\"\(text)\" does not show\(which) on the screen:\n\(screen)"
        case let .noElement(role, name):
            return "no \(role.rawValue) element" + (name.map { " named \"\($0)\"" } ?? "") + " in what the app says of itself"
        }
    }
}

/// One row of the screen as characters and the cell each begins at.
struct ScreenRow {
    var characters: [Character] = []
    var columns: [Int] = []
    var widths: [Int] = []

    init(_ screen: Buffer, row: Int) {
        for column in 0..<screen.columns {
            let cell = screen[column, row]
            guard !cell.isContinuation else { continue }
            // An empty cell reads as a space, as it shows.
            let shown = cell.text.isEmpty ? " " : cell.text
            for character in shown {
                characters.append(character)
                columns.append(column)
                widths.append(Int(cell.width))
            }
        }
    }

    /// The cells `count` characters take from the one at `column`.
    func width(of count: Int, from column: Int) -> Int {
        guard let start = columns.firstIndex(of: column) else { return Swift.max(1, count) }
        let end = Swift.min(widths.count, start + Swift.max(1, count))
        return Swift.max(1, widths[start..<end].reduce(0, +))
    }
}
