/// What the pointer's gestures do in a widget: each click, double-click and wheel turn, with
/// the modifiers held, names a command, as a ``CommandTable`` does for keys. A widget asks its
/// table what a gesture means before it acts, so rebinding a gesture (a right-click to toggle a
/// row, nothing for a double-click) changes exactly that gesture.
///
/// A gesture no binding lists with its modifiers does what it does without them (Ctrl+wheel
/// scrolls where nothing zooms), as the widgets always behaved; a gesture bound anew to
/// nothing does nothing.
public struct PointerTable<Command: Sendable>: Sendable {
    /// What the gestures belong to ("Table"), as help names it.
    public let title: String
    /// The bindings, first match wins.
    public let bindings: [PointerBinding<Command>]
    /// Gestures bound anew (``rebinding(_:to:summary:)``): tried before any binding, listed
    /// first in help.
    public private(set) var overrides: [(gesture: PointerGesture, command: Command?, summary: String)] = []
    private let firstListing: [PointerGesture: Int]

    /// A table titled `title` of `bindings`.
    public init(_ title: String, _ bindings: [PointerBinding<Command>]) {
        self.title = title
        self.bindings = bindings
        var first: [PointerGesture: Int] = [:]
        for (i, binding) in bindings.enumerated() {
            for gesture in binding.gestures where first[gesture] == nil { first[gesture] = i }
        }
        firstListing = first
    }

    /// The command `gesture` runs: its own binding when it was bound anew, else the first
    /// binding that lists it, else what it runs without its modifiers; nil for none.
    public func command(for gesture: PointerGesture) -> Command? {
        if let bound = overrides.last(where: { $0.gesture == gesture }) { return bound.command }
        if let i = firstListing[gesture] { return bindings[i].command }
        guard !gesture.modifiers.isEmpty else { return nil }
        return command(for: PointerGesture(gesture.kind))
    }

    /// The command of the gesture `mouse` is (``PointerGesture/init(_:)``); nil for motion.
    public func command(for mouse: MouseEvent) -> Command? { PointerGesture(mouse).flatMap(command(for:)) }

    /// This table with `gesture`, and only `gesture`, running `command` (nil: nothing),
    /// described as `summary` in help.
    public func rebinding(_ gesture: PointerGesture, to command: Command?, summary: String) -> PointerTable {
        var table = self
        table.overrides.removeAll { $0.gesture == gesture }
        table.overrides.append((gesture, command, summary))
        return table
    }

    /// This table followed by `other`'s bindings (a list's clicks, then scrolling's wheel).
    public func adding(_ other: PointerTable) -> PointerTable {
        var table = PointerTable(title, bindings + other.bindings)
        table.overrides = overrides + other.overrides
        return table
    }

    /// The table in words, for help and docs/keys.md.
    public var help: KeyHelp {
        KeyHelp(title: title, entries: overrides.map { ($0.gesture.label, $0.command == nil ? "nothing (\($0.summary))" : $0.summary) }
            + bindings.map { ($0.gestures.map(\.label).joined(separator: " "), $0.summary) }, inputs: "pointer")
    }
}

/// Gestures and the command they run, with what it does in words.
public struct PointerBinding<Command: Sendable>: Sendable {
    /// The command.
    public let command: Command
    /// What it does, for help.
    public let summary: String
    /// The gestures that run it.
    public let gestures: [PointerGesture]

    /// `command` on any of `gestures`, described as `summary`.
    public init(_ command: Command, _ summary: String, _ gestures: PointerGesture...) {
        self.command = command
        self.summary = summary
        self.gestures = gestures
    }
}
