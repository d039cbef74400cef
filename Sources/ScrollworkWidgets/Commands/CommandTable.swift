import Scrollwork

/// Which keys run which named commands, for one widget, page or app, and what each does in words:
/// the one place keys are interpreted, and the source of the help a person reads (the gallery's
/// help overlay and the key reference (docs/keys.md) are made from these tables, so they cannot drift).
///
/// ```swift
/// enum PagerCommand { case search, nextMatch, quit }
/// static let commands = CommandTable<PagerCommand>("Pager", [
///     KeyBinding(.search, "search", keys: KeyEvent(.character("/"))),
///     KeyBinding(.nextMatch, "the next match", keys: KeyEvent(.character("n"))),
///     KeyBinding(.quit, "quit", keys: KeyEvent(.character("q"))),
/// ])
/// if case .key(let key) = event, let command = Self.commands.command(for: key) { … }
/// ```
public struct CommandTable<Command: Sendable>: Sendable {
    /// What the keys belong to ("Table", "Gallery"), as the help names it.
    public let title: String
    /// The bindings, first match wins.
    public let bindings: [KeyBinding<Command>]

    /// A table titled `title` of `bindings`, tried in order.
    public init(_ title: String, _ bindings: [KeyBinding<Command>]) {
        self.title = title
        self.bindings = bindings
    }

    /// The command the first binding that matches `key` names, if any.
    public func command(for key: KeyEvent) -> Command? {
        // By index: a binding is read in place, not copied (its keys and closure) per key.
        for i in bindings.indices where bindings[i].matches(key) { return bindings[i].command }
        return nil
    }

    /// The table in words, for help.
    public var help: KeyHelp { KeyHelp(title: title, entries: bindings.map { ($0.label, $0.summary) }) }
}

/// A command table in words: what help screens and READMEs show.
public struct KeyHelp: Sendable {
    /// What the keys belong to.
    public let title: String
    /// Each binding's keys and what it does.
    public let entries: [(keys: String, does: String)]

    /// Help titled `title` of `entries`.
    public init(title: String, entries: [(keys: String, does: String)]) {
        self.title = title
        self.entries = entries
    }

    /// A line an entry: its keys, padded to one width, then what it does.
    public var lines: [String] { lines(fitting: .max) }

    /// ``lines`` for a screen `width` cells wide: where the padded keys would leave less than
    /// 24 cells for what they do, each line is "keys: does" instead, which wraps readably.
    public func lines(fitting width: Int) -> [String] {
        let keysWidth = entries.map { displayWidth($0.keys) }.max() ?? 0
        guard keysWidth + 2 + 24 <= width else { return entries.map { "\($0.keys): \($0.does)" } }
        return entries.map { $0.keys + String(repeating: " ", count: keysWidth - displayWidth($0.keys)) + "  " + $0.does }
    }

    /// The whole help on one line (wrapped where it is shown): "] the next page · q quit".
    public var compact: String { entries.map { "\($0.keys) \($0.does)" }.joined(separator: " · ") }

    /// The help as a Markdown table, for a README.
    public var markdown: String {
        func cell(_ text: String) -> String { text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
        return (["| \(title) | keys |", "| --- | --- |"] + entries.map { "| \(cell($0.does)) | \(cell($0.keys)) |" })
            .joined(separator: "\n")
    }
}

/// Keys and the command they run, with what it does in words.
public struct KeyBinding<Command: Sendable>: Sendable {
    /// The command.
    public let command: Command
    /// What it does, for help ("select every row").
    public let summary: String
    /// The keys as help shows them ("Shift+↑ ↓").
    public let label: String
    private let keys: [KeyEvent]
    private let matching: (@Sendable (KeyEvent) -> Bool)?

    /// `command` on any of `keys`; help shows the keys' names unless `label` says otherwise.
    public init(_ command: Command, _ summary: String, keys: KeyEvent..., label: String? = nil) {
        self.command = command
        self.summary = summary
        self.keys = keys
        self.label = label ?? keys.map(\.label).joined(separator: " ")
        matching = nil
    }

    /// `command` on every key `matches` accepts (typing: any letter or digit), shown as `label`.
    public init(_ command: Command, _ summary: String, label: String, matches: @escaping @Sendable (KeyEvent) -> Bool) {
        self.command = command
        self.summary = summary
        self.keys = []
        self.label = label
        matching = matches
    }

    /// True when `key` runs this binding's command.
    public func matches(_ key: KeyEvent) -> Bool {
        if keys.contains(key) { return true }
        return matching?(key) ?? false
    }
}

extension KeyEvent {
    /// The key as help names it: "Ctrl+A", "Shift+Tab", "PgDn", "↑", "F2", "/".
    public var label: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        // A chord names its letter as the keycap does: Ctrl+A, Alt+C.
        if !parts.isEmpty, case let .character(c) = key, c.isLetter { parts.append(c.uppercased()) } else { parts.append(key.label) }
        return parts.joined(separator: "+")
    }
}

extension Key {
    /// The key's name in help.
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case let .character(c): return String(c)
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backspace: return "⌫"
        case .escape: return "Esc"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .insert: return "Ins"
        case .delete: return "Del"
        case let .function(n): return "F\(n)"
        }
    }
}
