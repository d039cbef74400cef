import Scrollwork

extension KeyBinding {
    /// The command `command` makes of the character typed, on the keys type-ahead takes: a
    /// letter, a digit, - . or _, without Ctrl or Alt (`TableState.typeAhead`).
    public static func typeAhead(_ summary: String, _ command: @escaping @Sendable (Character) -> Command) -> KeyBinding {
        KeyBinding(summary, label: "a–z 0–9 - . _", example: command("a")) { key in
            guard case let .character(c) = key.key, key.modifiers.isDisjoint(with: [.control, .alt]),
                  c.isLetter || c.isNumber || "-._".contains(c) else { return nil }
            return command(c)
        }
    }

    /// `command` on `keys` whatever modifiers are held with them (an arrow with Shift still scrolls).
    static func anyModifiers(_ command: Command, _ summary: String, _ keys: Key..., label: String? = nil) -> KeyBinding {
        KeyBinding(command, summary, label: label ?? keys.map(\.label).joined(separator: " ")) { keys.contains($0.key) }
    }
}

extension ScrollCommand {
    /// The keys every scroll view, list and table scrolls with: arrows a line, Page Up/Down and
    /// Space (Shift-Space back) a page, Home and End to the ends.
    public static let keys = CommandTable<ScrollCommand>("Scrolling", [
        .anyModifiers(.lineUp, "a line up", .up),
        .anyModifiers(.lineDown, "a line down", .down),
        .anyModifiers(.lineLeft, "a step left", .left),
        .anyModifiers(.lineRight, "a step right", .right),
        KeyBinding(.pageUp, "a page back, keeping a line", label: "PgUp Shift+Space") { $0.key == .pageUp || $0 == KeyEvent(.character(" "), .shift) },
        KeyBinding(.pageDown, "a page on, keeping a line", label: "PgDn Space") { $0.key == .pageDown || ($0.key == .character(" ") && !$0.modifiers.contains(.shift)) },
        .anyModifiers(.top, "to the top", .home),
        .anyModifiers(.bottom, "to the end", .end),
    ])

    /// The command for a key (``keys``); nil for other keys.
    public init?(key: KeyEvent) {
        guard let command = Self.keys.command(for: key) else { return nil }
        self = command
    }
}

extension ListMove {
    /// The cursor movement of a key's key (arrows, Page Up/Down, Home/End); nil for other keys.
    public init?(key: KeyEvent) {
        switch key.key {
        case .up: self = .up
        case .down: self = .down
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home: self = .home
        case .end: self = .end
        default: return nil
        }
    }
}

/// What a key does in a ``ListView`` or a ``TableView``.
public enum RowsCommand: Sendable, Hashable {
    /// Cancel the table's own sort under way.
    case cancelSort
    /// Select every row, where several may be selected.
    case selectAll
    /// Move the focus (a view whose page keys scroll scrolls for a page or an end instead),
    /// extending the selection when `extending`.
    case move(ListMove, extending: Bool)
    /// Activate the focused row.
    case activate
    /// Scroll the rows without moving the focus.
    case scroll(ScrollCommand)
    /// Open the focused row's context menu (a table reports it as
    /// ``TableEvent/menuRequested(_:at:)``).
    case showMenu
}

extension RowsCommand {
    private static let selectAllBinding = KeyBinding(RowsCommand.selectAll, "select every row (where several may be selected)", keys: KeyEvent(.character("a"), .control))

    /// The keys of a list. Alt with a key is the app's (moving a row in edit mode, say): no key
    /// with Alt is a list's.
    public static let listKeys = CommandTable<RowsCommand>("List", [
        selectAllBinding,
        KeyBinding("move the selection; with Shift, extend it", label: "↑ ↓ PgUp PgDn Home End") { key in
            guard !key.modifiers.contains(.alt), let move = ListMove(key: key) else { return nil }
            return .move(move, extending: key.modifiers.contains(.shift))
        },
        KeyBinding("open the focused row", label: "Enter") { key in
            key.key == .enter && !key.modifiers.contains(.alt) ? .activate : nil
        },
        KeyBinding("scroll: Space and Shift+Space a page, ← → sideways", label: "Space ← →") { key in
            guard !key.modifiers.contains(.alt), let scroll = ScrollCommand(key: key) else { return nil }
            return .scroll(scroll)
        },
    ])

    /// The keys of a table: a list's, Esc to cancel its sort, Shift+F10 or Menu for the context
    /// menu.
    public static let tableKeys = CommandTable<RowsCommand>("Table", [
        KeyBinding(.cancelSort, "cancel the sort under way", keys: KeyEvent(.escape)),
        KeyBinding(.showMenu, "the focused row's context menu", keys: KeyEvent(.function(10), .shift), KeyEvent(.menu)),
        selectAllBinding,
        KeyBinding("move the selection; with Shift, extend it", label: "↑ ↓ Shift+↑ ↓") { key in
            guard key.key == .up || key.key == .down else { return nil }
            return .move(key.key == .up ? .up : .down, extending: key.modifiers.contains(.shift))
        },
        .anyModifiers(.activate, "open the focused row", .enter),
        KeyBinding("scroll: a page, to the ends, sideways", label: "PgUp PgDn Space Home End ← →") { key in
            // Page keys and the ends move the focus where the view asks for it (not with Alt).
            if !key.modifiers.contains(.alt), let move = ListMove(key: key), move.isPageOrEnd {
                return .move(move, extending: key.modifiers.contains(.shift))
            }
            return ScrollCommand(key: key).map { .scroll($0) }
        },
    ])
}

/// What a key does in an ``OutlineView``.
public enum OutlineCommand: Sendable, Hashable {
    /// Expand the focused node and everything below it.
    case expandAll
    /// Expand the focused node, or go to its first child.
    case expandOrEnter
    /// Collapse the focused node, or go to its parent.
    case collapseOrLeave
    /// Move the cursor a row, a page or to an end.
    case move(ListMove)
    /// Expand or collapse the focused node.
    case toggle
}

extension OutlineCommand {
    /// The keys of an outline.
    public static let keys = CommandTable<OutlineCommand>("Outline", [
        KeyBinding(.expandAll, "expand everything below the focused node", keys: KeyEvent(.right, .alt)),
        .anyModifiers(.expandOrEnter, "expand the node, or go into it", .right),
        .anyModifiers(.collapseOrLeave, "collapse the node, or go to its parent", .left),
        KeyBinding("move the cursor", label: "↑ ↓ PgUp PgDn Home End") { key in ListMove(key: key).map { .move($0) } },
        .anyModifiers(.toggle, "expand or collapse the node", .enter),
    ])
}

/// What a key does in a ``TextField``.
public enum TextFieldCommand: Sendable, Hashable {
    /// Submit the text.
    case submit
    /// Cancel.
    case cancel
    /// Delete the last character.
    case deleteBackward
    /// Delete all the text (Ctrl-U, as in a shell).
    case clear
    /// Select all the text, so that what is typed next replaces it (Ctrl+A, as in a desktop field).
    case selectAll
    /// Type a character.
    case insert(Character)
    /// Move the caret one character back (←), or forward (→).
    case moveCaret(forward: Bool)
    /// Move the caret to the start of the text (Home), or its end (End).
    case moveCaretToEnd(forward: Bool)
    /// Delete the character after the caret (Delete).
    case deleteForward
    /// Undo the last change (Ctrl+Z), or redo what was undone (Ctrl+Shift+Z, Ctrl+Y).
    case undo, redo
    /// Move the caret a word back (Ctrl+←), or forward (Ctrl+→).
    case moveWord(forward: Bool)
    /// Extend the selection a character back (Shift+←) or forward (Shift+→).
    case extendSelection(forward: Bool)
    /// Extend the selection a word back (Ctrl+Shift+←) or forward (Ctrl+Shift+→).
    case extendWord(forward: Bool)
    /// Extend the selection to the start (Shift+Home) or the end (Shift+End).
    case extendToEnd(forward: Bool)
    /// Delete the word before the caret (Ctrl+Backspace), or after it (Ctrl+Delete).
    case deleteWord(forward: Bool)
    /// Copy the selected text (a desktop's Ctrl+C and Ctrl+Insert; ``TextFieldCommand/desktopKeys``).
    case copy
    /// Cut the selected text (a desktop's Ctrl+X and Shift+Delete).
    case cut
}

extension TextFieldCommand {
    /// The keys of a text field.
    public static let keys = CommandTable<TextFieldCommand>("Text field", [
        .anyModifiers(.submit, "submit", .enter),
        .anyModifiers(.cancel, "cancel", .escape),
        KeyBinding(.deleteBackward, "delete the last character", keys: KeyEvent(.backspace), KeyEvent(.backspace, .shift)),
        KeyBinding(.clear, "delete all the text", keys: KeyEvent(.character("u"), .control), label: "Ctrl-U"),
        KeyBinding(.selectAll, "select all the text (typing replaces it)", keys: KeyEvent(.character("a"), .control), label: "Ctrl+A"),
        KeyBinding(.moveCaret(forward: false), "move the caret back a character", keys: KeyEvent(.left)),
        KeyBinding(.moveCaret(forward: true), "move the caret forward a character", keys: KeyEvent(.right)),
        KeyBinding(.moveCaretToEnd(forward: false), "move the caret to the start", keys: KeyEvent(.home)),
        KeyBinding(.moveCaretToEnd(forward: true), "move the caret to the end", keys: KeyEvent(.end), KeyEvent(.character("e"), .control)),
        KeyBinding(.deleteForward, "delete the character after the caret", keys: KeyEvent(.delete)),
        KeyBinding(.moveWord(forward: false), "move the caret back a word", keys: KeyEvent(.left, .control)),
        KeyBinding(.moveWord(forward: true), "move the caret forward a word", keys: KeyEvent(.right, .control)),
        KeyBinding(.extendSelection(forward: false), "select a character back", keys: KeyEvent(.left, .shift)),
        KeyBinding(.extendSelection(forward: true), "select a character forward", keys: KeyEvent(.right, .shift)),
        KeyBinding(.extendWord(forward: false), "select a word back", keys: KeyEvent(.left, [.control, .shift])),
        KeyBinding(.extendWord(forward: true), "select a word forward", keys: KeyEvent(.right, [.control, .shift])),
        KeyBinding(.extendToEnd(forward: false), "select to the start", keys: KeyEvent(.home, .shift)),
        KeyBinding(.extendToEnd(forward: true), "select to the end", keys: KeyEvent(.end, .shift)),
        KeyBinding(.deleteWord(forward: false), "delete the word before the caret", keys: KeyEvent(.backspace, .control), KeyEvent(.backspace, .alt),
                   label: "Ctrl+Backspace"),
        KeyBinding(.deleteWord(forward: true), "delete the word after the caret", keys: KeyEvent(.delete, .control), label: "Ctrl+Delete"),
        KeyBinding(.undo, "undo the last change", keys: KeyEvent(.character("z"), .control), label: "Ctrl+Z"),
        KeyBinding(.redo, "redo what was undone", keys: KeyEvent(.character("z"), [.control, .shift]), KeyEvent(.character("Z"), [.control, .shift]),
                   KeyEvent(.character("Z"), .control), KeyEvent(.character("y"), .control), label: "Ctrl+Shift+Z"),
        KeyBinding("type it (a paste is typed whole)", label: "any character") { key in
            guard case let .character(c) = key.key, key.modifiers.isDisjoint(with: [.control, .alt]) else { return nil }
            return .insert(c)
        },
    ])
}

extension TextFieldCommand {
    /// A desktop's keys for a field, as a GtkEntry takes them: ``keys`` and Ctrl+C and
    /// Ctrl+Insert to copy the selection, Ctrl+X and Shift+Delete to cut it. (A terminal's Ctrl+C
    /// stays the terminal's.)
    public static let desktopKeys = keys
        .rebinding(KeyEvent(.character("c"), .control), to: .copy, summary: "copy the selected text")
        .rebinding(KeyEvent(.insert, .control), to: .copy, summary: "copy the selected text")
        .rebinding(KeyEvent(.character("x"), .control), to: .cut, summary: "cut the selected text")
        .rebinding(KeyEvent(.delete, .shift), to: .cut, summary: "cut the selected text")
}

/// What a key does in a ``PageControlView``.
public enum PageControlCommand: Sendable, Hashable {
    /// The previous page.
    case previous
    /// The next page.
    case next
}

extension PageControlCommand {
    /// The keys of a page control.
    public static let keys = CommandTable<PageControlCommand>("Page control", [
        .anyModifiers(.previous, "the previous page", .left),
        .anyModifiers(.next, "the next page", .right),
    ])
}
