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
    /// Keys bound anew (``rebinding(_:to:summary:)``): each runs its command, or nothing, before
    /// any binding is tried, and is listed first in help.
    public private(set) var overrides: [(key: KeyEvent, command: Command?, summary: String)] = []
    /// The first binding that lists each key: a key is looked up, not compared with every
    /// binding's keys (a lookup runs on every key press, through several tables).
    @usableFromInline let firstListing: [KeyEvent: Int]
    /// The bindings that make their commands from keys, in order.
    @usableFromInline let mappings: [Int]

    /// A table titled `title` of `bindings`, tried in order.
    public init(_ title: String, _ bindings: [KeyBinding<Command>]) {
        self.title = title
        self.bindings = bindings
        var first: [KeyEvent: Int] = [:]
        for (i, binding) in bindings.enumerated() {
            for key in binding.listedKeys where first[key] == nil { first[key] = i }
        }
        firstListing = first
        mappings = bindings.indices.filter { bindings[$0].makesCommands }
    }

    /// The command `key` runs: its own binding when it was bound anew, else the one the first
    /// binding that matches it names, with the values the key gives it; nil for none.
    /// Inlinable, so that it is specialised for each table's commands: a key press asks
    /// several tables.
    @inlinable
    public func command(for key: KeyEvent) -> Command? {
        if !overrides.isEmpty, let bound = overrides.last(where: { $0.key == key }) { return bound.command }
        let listed = firstListing[key] ?? bindings.count
        // Bindings that make commands from keys come first where they come first in the table.
        for i in mappings where i < listed {
            if let command = bindings[i].command(for: key) { return command }
        }
        return listed < bindings.count ? bindings[listed].command(for: key) : nil
    }

    /// This table with `key`, and only `key`, running `command` (nil: nothing, so that the key
    /// goes on to whatever handles keys the widget leaves), described as `summary` in help.
    /// Every other key keeps its command; binding a key again replaces what it was bound to.
    public func rebinding(_ key: KeyEvent, to command: Command?, summary: String) -> CommandTable {
        var table = self
        table.overrides.removeAll { $0.key == key }
        table.overrides.append((key, command, summary))
        return table
    }

    /// The table in words, for help: keys bound anew first.
    public var help: KeyHelp {
        KeyHelp(title: title, entries: overrides.map { ($0.key.label, $0.command == nil ? "nothing (\($0.summary))" : $0.summary) }
            + bindings.map { ($0.label, $0.summary) })
    }
}

extension CommandTable where Command: Equatable {
    /// The key a menu shows beside `command` ("Ctrl+S"): the first key bound anew to it
    /// (``rebinding(_:to:summary:)``: a window's keys, the ones people use there), else the first
    /// key its binding lists (for a binding that makes its commands from keys, the first key its
    /// label names); nil when no key runs it.
    public func shortcut(for command: Command) -> String? {
        if let bound = overrides.first(where: { $0.command == command }) { return bound.key.label }
        guard let binding = bindings.first(where: { $0.example == command }) else { return nil }
        if let key = binding.listedKeys.first { return key.label }
        return binding.label.split(separator: " ").first.map(String.init)
    }
}

/// A command table in words: what help screens and READMEs show.
public struct KeyHelp: Sendable {
    /// What the keys belong to.
    public let title: String
    /// Each binding's keys and what it does.
    public let entries: [(keys: String, does: String)]
    /// What the entries' first column names, as the Markdown table heads it: "keys", or
    /// "pointer" for a ``PointerTable``'s gestures.
    public let inputs: String

    /// Help titled `title` of `entries`, whose first column is `inputs`.
    public init(title: String, entries: [(keys: String, does: String)], inputs: String = "keys") {
        self.title = title
        self.entries = entries
        self.inputs = inputs
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
        return (["| \(title) | \(inputs) |", "| --- | --- |"] + entries.map { "| \(cell($0.does)) | \(cell($0.keys)) |" })
            .joined(separator: "\n")
    }
}

/// Keys and the command they run, with what it does in words.
public struct KeyBinding<Command: Sendable>: Sendable {
    /// What it does, for help ("select every row").
    public let summary: String
    /// The keys as help shows them ("Shift+↑ ↓").
    public let label: String
    /// A command the binding runs, for sorting bindings into groups: the one it always runs, or
    /// the example one that makes commands with values from keys was given.
    public let example: Command?
    @usableFromInline let keys: [KeyEvent]
    @usableFromInline let fixed: Command?
    @usableFromInline let mapping: (@Sendable (KeyEvent) -> Command?)?

    /// `command` on any of `keys`; help shows the keys' names unless `label` says otherwise.
    public init(_ command: Command, _ summary: String, keys: KeyEvent..., label: String? = nil) {
        self.summary = summary
        self.keys = keys
        self.label = label ?? keys.map(\.label).joined(separator: " ")
        fixed = command
        example = command
        mapping = nil
    }

    /// `command` on every key `matches` accepts (typing: any letter or digit), shown as `label`.
    public init(_ command: Command, _ summary: String, label: String, matches: @escaping @Sendable (KeyEvent) -> Bool) {
        self.init(summary, label: label, example: command) { matches($0) ? command : nil }
    }

    /// The command `command` makes of a key, with the values the key gives it (which way, how
    /// far, which character), or nil for a key the binding does not take; shown as `label`.
    /// `example`, one of those commands, sorts the binding into its group where help has groups.
    public init(_ summary: String, label: String, example: Command? = nil, command: @escaping @Sendable (KeyEvent) -> Command?) {
        self.summary = summary
        self.keys = []
        self.label = label
        self.example = example
        fixed = nil
        mapping = command
    }

    /// The command `key` runs through this binding, or nil.
    @inlinable
    public func command(for key: KeyEvent) -> Command? {
        if let fixed, keys.contains(key) { return fixed }
        return mapping?(key)
    }

    /// True when `key` runs this binding's command.
    public func matches(_ key: KeyEvent) -> Bool { command(for: key) != nil }

    /// The keys the binding lists, each running its one command.
    var listedKeys: [KeyEvent] { fixed == nil ? [] : keys }
    /// True when the binding makes its commands from keys.
    var makesCommands: Bool { mapping != nil }
}

extension KeyEvent {
    /// The key as help names it: "Ctrl+A", "Shift+Tab", "PgDn", "↑", "F2", "/"; a character
    /// that would read as another key (an arrow, ⌫, a control) or an upper-case letter in a
    /// chord by its code point ("U+2191", "Ctrl+U+0041"). ``init(label:)`` reads every label
    /// back as its key (modifier bits other than shift, alt and control are not named).
    public var label: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        let chord = modifiers.contains(.control) || modifiers.contains(.alt)
        if chord, case let .character(c) = key, c.isLetter {
            // A chord names its letter as the keycap does (Ctrl+A, Alt+C) where the capital is
            // one letter that reads back as it (not ß's "SS"); a capital itself by its code point.
            if let capital = Key.capital(of: c) { parts.append(String(capital)) } else if c.isUppercase { parts.append(Key.codePoints(of: c)) } else { parts.append(key.label) }
        } else {
            parts.append(key.label)
        }
        return parts.joined(separator: "+")
    }
}

extension Key {
    /// The key's name in help.
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        // A character a name would read as another key, or that shows as nothing, by its code point.
        case let .character(c) where Key(name: String(c)) != self || Self.showsAsNothing(c):
            return Key.codePoints(of: c)
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
        case .menu: return "Menu"
        }
    }
}

extension KeyEvent {
    /// The key help names `label` ("Ctrl+A", "Shift+F10", "PgDn", "↓" or "Down", "Menu"),
    /// as ``label`` writes it; nil for a name no key has.
    public init?(label: String) {
        var modifiers: Modifiers = []
        var rest = Substring(label)
        modifiers: while let plus = rest.firstIndex(of: "+"), plus != rest.startIndex, plus != rest.index(before: rest.endIndex) {
            switch rest[..<plus].lowercased() {
            case "ctrl", "control": modifiers.insert(.control)
            case "alt", "option": modifiers.insert(.alt)
            case "shift": modifiers.insert(.shift)
            case "u": break modifiers  // a code point: "U+2191"
            default: return nil
            }
            rest = rest[rest.index(after: plus)...]
        }
        guard let key = Key(name: String(rest)) else { return nil }
        // A chord's capital letter stands for the small one, as a terminal sends Ctrl+A; a
        // capital named by its code point is itself.
        if !modifiers.isDisjoint(with: [.control, .alt]), case let .character(c) = key, !rest.hasPrefix("U+"), !rest.hasPrefix("u+"),
           let small = Key.small(of: c) {
            self.init(.character(small), modifiers)
        } else {
            self.init(key, modifiers)
        }
    }
}

extension Key {
    /// The key called `name` as ``label`` names it, or by its word ("Up", "Escape", "Space",
    /// "Backspace"); one character is that character; nil for anything else.
    init?(name: String) {
        if let key = Self.words[name.lowercased()] { self = key; return }
        if name.count == 1, let c = name.first { self = .character(c); return }
        let upper = name.uppercased()
        if upper.hasPrefix("U+"), let c = Self.character(codePoints: upper.dropFirst(2)) { self = .character(c); return }
        guard upper.hasPrefix("F"), let n = Int(upper.dropFirst()) else { return nil }
        self = .function(n)
    }

    /// The keys named by a word, lowercased. Made once: made at each call, it took 13,000
    /// instructions a name, and every key binding's label is read back through it (half a
    /// million before a viewer's first frame).
    private static let words: [String: Key] = [
        "space": .character(" "), "enter": .enter, "return": .enter, "tab": .tab, "⌫": .backspace, "backspace": .backspace,
        "esc": .escape, "escape": .escape, "↑": .up, "up": .up, "↓": .down, "down": .down, "←": .left, "left": .left,
        "→": .right, "right": .right, "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown,
        "pagedown": .pageDown, "ins": .insert, "insert": .insert, "del": .delete, "delete": .delete, "menu": .menu,
    ]

    /// `c` by its code points: "U+2191", "U+0065+U+0301" for a letter and its accent.
    static func codePoints(of c: Character) -> String {
        c.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
        }.joined(separator: "+")
    }

    /// The character `text` ("2191", "0065+U+0301": the code points after the first "U+")
    /// names; nil when it is not one character's.
    static func character(codePoints text: Substring) -> Character? {
        var scalars = String.UnicodeScalarView()
        for (i, part) in text.split(separator: "+", omittingEmptySubsequences: false).enumerated() {
            // Between code points: "+U+".
            if i % 2 == 1 {
                guard part == "U" || part == "u" else { return nil }
                continue
            }
            guard !part.isEmpty, part.count <= 6, let value = UInt32(part, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        let text = String(scalars)
        return text.count == 1 ? text.first : nil
    }

    /// True for a character a label could not show: whitespace (but the space, "Space"), a
    /// control or format character, an unassigned or private code point, or a lone accent
    /// (which would join the "+" before it).
    static func showsAsNothing(_ c: Character) -> Bool {
        if let first = c.unicodeScalars.first {
            switch first.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: return true
            default: break
            }
        }
        return c != " " && (c.isWhitespace || c.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .unassigned, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator, .spaceSeparator: true
            default: false
            }
        })
    }

    /// The one capital letter that names small letter `c` and reads back as it; nil otherwise.
    static func capital(of c: Character) -> Character? {
        guard c.isLowercase else { return nil }
        let upper = c.uppercased()
        guard upper.count == 1, let capital = upper.first, capital != c, capital.lowercased() == String(c) else { return nil }
        return capital
    }

    /// The small letter capital `c` names in a chord, when `c` is the ``capital(of:)`` of one.
    static func small(of c: Character) -> Character? {
        let lower = c.lowercased()
        guard lower.count == 1, let small = lower.first, capital(of: small) == c else { return nil }
        return small
    }
}
