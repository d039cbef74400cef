import Scrollwork
import ScrollworkWidgets

/// What a key does in the viewers of `scrollwork open`.
public enum ViewerCommand: Sendable, Hashable {
    case quit, top, bottom, follow, search, nextMatch, previousMatch, cancel, jumpToColumn, copy, typeAhead, wrap, record, open
}

/// The keys of `scrollwork open`'s viewers, one table a viewer: what the viewers do with a key
/// their table or list leaves, and what `scrollwork open --help` and the README list. The
/// convention is `less`'s where it has one (q, g, G, F, /, n, N), a spreadsheet's for copying
/// (Alt+C, the terminal's ⌘C) and Finder's for type-ahead and folders.
public enum ViewerKeys {
    private static let quit = KeyBinding(ViewerCommand.quit, "quit (Ctrl-C too)", keys: KeyEvent(.character("q")), KeyEvent(.character("Q")), KeyEvent(.character("c"), .control), label: "q")
    private static let top = KeyBinding(ViewerCommand.top, "to the top", keys: KeyEvent(.character("g")))
    private static let bottom = KeyBinding(ViewerCommand.bottom, "to the end", keys: KeyEvent(.character("G")))
    private static let follow = KeyBinding(ViewerCommand.follow, "follow the end of a growing file, or stop", keys: KeyEvent(.character("F")))
    private static let search = KeyBinding(ViewerCommand.search, "search the file's bytes (Enter starts, Esc closes)", keys: KeyEvent(.character("/")))
    private static let next = KeyBinding(ViewerCommand.nextMatch, "the next match", keys: KeyEvent(.character("n")))
    private static let previous = KeyBinding(ViewerCommand.previousMatch, "the previous match", keys: KeyEvent(.character("N")))
    private static let cancel = KeyBinding(ViewerCommand.cancel, "cancel the search or the sort under way", keys: KeyEvent(.escape))

    /// A CSV, TSV or JSON file as a table.
    public static let table = CommandTable<ViewerCommand>("Table (scrollwork open)", [
        KeyBinding(.record, "show the focused record whole (Esc, Enter or q closes it)", keys: KeyEvent(.enter)),
        quit, top, bottom, follow, search, next, previous, cancel,
        KeyBinding(.jumpToColumn, "jump to a column by name", keys: KeyEvent(.character(":"))),
        KeyBinding(.copy, "copy the selected rows with the heading, tab-separated (OSC 52)", keys: KeyEvent(.character("c"), .alt)),
        .typeAhead(.typeAhead, "select the first row whose sort column starts with what is typed"),
    ])

    /// Other text in the pager.
    public static let pager = CommandTable<ViewerCommand>("Pager (scrollwork open)", [
        quit, top, bottom, follow, search, next, previous, cancel,
        KeyBinding(.wrap, "wrap long lines, or cut them and scroll sideways", keys: KeyEvent(.character("w"))),
    ])

    /// A directory as a Finder list.
    public static let directory = CommandTable<ViewerCommand>("Directory (scrollwork open)", [
        KeyBinding(.open, "open the file as scrollwork open would (Esc or ⌫ comes back)", keys: KeyEvent(.enter)),
        quit, top, bottom,
    ])

    /// What `scrollwork open --help` says about the keys, made from the tables.
    public static var discussion: String {
        [table, pager, directory].map { "\($0.title): \($0.help.compact)." }.joined(separator: "\n")
    }
}
