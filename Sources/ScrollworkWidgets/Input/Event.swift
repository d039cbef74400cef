/// Modifier keys held with a key or mouse event.
public struct Modifiers: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The raw bits: shift 1, alt 2, control 4 (as xterm encodes them, minus one).
    public let rawValue: UInt8
    /// Creates modifiers from bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1)
    /// Alt (Option, Meta).
    public static let alt = Modifiers(rawValue: 2)
    /// Control.
    public static let control = Modifiers(rawValue: 4)

    /// `shift+alt+ctrl` style.
    public var description: String {
        [(Modifiers.shift, "shift"), (.alt, "alt"), (.control, "ctrl")].filter { contains($0.0) }.map(\.1).joined(separator: "+")
    }
}

/// A key on the keyboard.
public enum Key: Sendable, Hashable {
    /// A printable character (for Ctrl-A the character is "a" with `.control`).
    case character(Character)
    /// Return or Enter.
    case enter
    /// Tab (Shift-Tab arrives as `.tab` with `.shift`).
    case tab
    /// Backspace.
    case backspace
    /// A lone Escape.
    case escape
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (forward).
    case delete
    /// A function key, F1 to F12.
    case function(Int)
    /// The Menu key (the context-menu key beside the right Ctrl; xterm's CSI 29 ~).
    case menu
}

/// A key press with its modifiers.
public struct KeyEvent: Sendable, Hashable {
    /// The key.
    public var key: Key
    /// The modifiers held.
    public var modifiers: Modifiers

    /// Creates a key event.
    public init(_ key: Key, _ modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }
}

/// A mouse report (SGR encoding).
public struct MouseEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A button went down.
        case press
        /// A button came up.
        case release
        /// The pointer moved with a button held.
        case drag
        /// The pointer moved with no button held.
        case move
        /// A wheel step: up, down, left or right.
        case wheel(WheelDirection)
    }

    /// A wheel direction.
    public enum WheelDirection: Sendable, Hashable {
        /// Away from the user (content moves down).
        case up
        /// Towards the user.
        case down
        /// To the left.
        case left
        /// To the right.
        case right
    }

    /// A mouse button.
    public enum Button: Sendable, Hashable {
        /// The primary button.
        case left
        /// The wheel button.
        case middle
        /// The secondary button.
        case right
        /// No button (motion, or a release reported without one).
        case none
    }

    /// What happened.
    public var kind: Kind
    /// Which button.
    public var button: Button
    /// Where the pointer is across, in points from the left edge of the host's canvas.
    /// Clamped to ±``coordinateLimit`` (NaN is 0), so that any arithmetic on it stays finite.
    public var x: Double { didSet { x = Self.clamp(x) } }
    /// Where the pointer is down, in points from the top edge; clamped as ``x`` is.
    public var y: Double { didSet { y = Self.clamp(y) } }
    /// Modifier keys held.
    public var modifiers: Modifiers
    /// How many wheel notches a ``Kind/wheel(_:)`` report stands for: 1 from a terminal, a
    /// fraction from a trackpad's precise deltas. Clamped to 0…100 (NaN and infinities are 1).
    public var wheelNotches: Double {
        get { Double(notches) }
        set { notches = Float(Self.clampNotches(newValue)) }
    }
    // Kept small, as events are copied through every widget they pass.
    // (The input decoder's fuzzer builds this file alone: what needs `Point` is in
    // MouseEvent+Points.swift.)
    private var notches: Float = 1

    /// The largest distance from the origin a pointer position keeps, in points (2⁴⁰, beyond any
    /// screen).
    public static var coordinateLimit: Double { 1_099_511_627_776 }

    @inline(__always) static func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, -coordinateLimit), coordinateLimit) }
    static func clampNotches(_ v: Double) -> Double { v.isFinite ? Swift.min(Swift.max(v, 0), 100) : 1 }

    /// A pointer event at `x`, `y` points (clamped as those properties are). A wheel report
    /// carries `wheelNotches` notches (clamped as that property is).
    public init(_ kind: Kind, button: Button = .left, x: Double, y: Double, modifiers: Modifiers = [], wheelNotches: Double = 1) {
        self.kind = kind
        self.button = button
        self.x = Self.clamp(x)
        self.y = Self.clamp(y)
        self.modifiers = modifiers
        self.notches = Float(Self.clampNotches(wheelNotches))
    }

    /// What a terminal reports: the pointer in the cell at `column`, `row` (0-based), placed at
    /// the centre of that cell's rectangle of `cellWidth` × `cellHeight` points (a terminal
    /// cell is 8 × 16 points), as a terminal says only which cell the pointer is in.
    public init(_ kind: Kind, button: Button = .left, column: Int, row: Int, modifiers: Modifiers = [],
                cellWidth: Double = 8, cellHeight: Double = 16) {
        self.init(kind, button: button, x: (Double(column) + 0.5) * cellWidth, y: (Double(row) + 0.5) * cellHeight, modifiers: modifiers)
    }
}

/// Something that happened at the terminal or the window the app runs in.
public enum Event: Sendable, Hashable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse report.
    case mouse(MouseEvent)
    /// Text pasted with bracketed paste, whole, however long.
    case paste(String)
    /// The terminal gained (true) or lost (false) focus.
    case focus(Bool)
    /// The terminal changed size, in cells.
    case resize(columns: Int, rows: Int)
    /// News from background work a widget or the app handed out (``Effect/work(_:)``).
    case work(WorkUpdate)
    /// Files dragged onto a window and dropped there, by their paths, in the order given (one
    /// drop, however many files). A terminal has no such event: it pastes a dropped file's path.
    case droppedFiles([String])
    /// The desktop's colours changed while a window shows the app (light or dark, contrast, the
    /// accent): the theme to draw with from now on. A terminal has no such event: it keeps the
    /// colours it was given.
    case themeChanged(Theme)
}
