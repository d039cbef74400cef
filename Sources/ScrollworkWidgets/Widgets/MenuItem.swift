/// An item of a ``MenuView``: a title that runs `action`, the keys that run the same outside the
/// menu (shown at the trailing end, dimmed), whether it can be chosen now; or a separator.
public struct MenuItem<Action: Sendable & Hashable>: Sendable, Hashable {
    /// What the item says ("Sort Ascending").
    public var title: String
    /// What choosing it does; nil for a separator.
    public var action: Action?
    /// The keys that do the same outside the menu ("Ctrl+C"), or "".
    public var shortcut: String
    /// False for an item shown dimmed that cannot be chosen now (Copy with nothing selected).
    public var isEnabled: Bool

    /// An item titled `title` that runs `action`.
    public init(_ title: String, action: Action, shortcut: String = "", isEnabled: Bool = true) {
        self.title = title
        self.action = action
        self.shortcut = shortcut
        self.isEnabled = isEnabled
    }

    /// A line between groups of items.
    public static var separator: MenuItem {
        var item = MenuItem(title: "")
        item.isEnabled = false
        return item
    }

    private init(title: String) {
        self.title = title
        action = nil
        shortcut = ""
        isEnabled = false
    }

    /// True for a separator.
    public var isSeparator: Bool { action == nil }
    /// True when the item can be chosen: it is enabled and not a separator.
    public var isChoosable: Bool { isEnabled && action != nil }
}

/// What a ``MenuView`` reports: the action chosen, or that it closed with none.
public enum MenuReport<Action: Sendable & Hashable>: Sendable, Hashable {
    /// An item was chosen; the menu closed.
    case chose(Action)
    /// The menu closed with nothing chosen (Esc, a click outside it).
    case dismissed
}

/// What a key does in a ``MenuView``.
public enum MenuCommand: Sendable, Hashable {
    /// Highlight the previous (false) or next (true) item that can be chosen, round the ends.
    case step(forward: Bool)
    /// Highlight the first (false) or last (true) item that can be chosen.
    case end(last: Bool)
    /// Choose the highlighted item.
    case choose
    /// Close the menu, choosing nothing.
    case dismiss
    /// Highlight the next item whose title starts with this character.
    case typeSelect(Character)
}

extension MenuCommand {
    /// The keys of a menu, as GTK's and AppKit's menus take them.
    public static let keys = CommandTable<MenuCommand>("Menu", [
        KeyBinding(.step(forward: false), "the item above", keys: KeyEvent(.up)),
        KeyBinding(.step(forward: true), "the item below", keys: KeyEvent(.down)),
        KeyBinding(.end(last: false), "the first item", keys: KeyEvent(.home), KeyEvent(.pageUp)),
        KeyBinding(.end(last: true), "the last item", keys: KeyEvent(.end), KeyEvent(.pageDown)),
        KeyBinding(.choose, "choose the highlighted item", keys: KeyEvent(.enter), KeyEvent(.character(" "))),
        KeyBinding(.dismiss, "close the menu", keys: KeyEvent(.escape), KeyEvent(.function(10), .shift), KeyEvent(.menu)),
        .typeAhead("the next item that starts with the letter typed") { .typeSelect($0) },
    ])
}

extension PointerCommand {
    /// A menu's gestures: a click on an item chooses it (either button, as in a context menu),
    /// a click outside closes the menu.
    public static let menu = PointerTable<PointerCommand>("Menu", [
        PointerBinding(.choose(.replace), "choose the item; outside the menu, close it", PointerGesture(.click(.left)), PointerGesture(.click(.right))),
    ])
}
