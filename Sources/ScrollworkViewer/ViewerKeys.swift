import Scrollwork
import ScrollworkWidgets

/// What a key does in the viewers of `scrollwork open`.
public enum ViewerCommand: Sendable, Hashable {
    case quit, top, bottom, follow, search, cancel, jumpToColumn, copy, wrap, record, open
    case filter, keepEqual, keepDifferent, removeFilter, frequency, summary, lastColumn
    case hideColumn, showColumns, pinColumn, fitColumn, goToRow, save, help, sortAscending, sortDescending
    /// The next match of the last search, or the one before.
    case nextMatch(forward: Bool)
    /// The current column becomes the one `by` columns on (negative: back).
    case stepColumn(by: Int)
    /// The current column moves `by` places (negative: left).
    case moveColumn(by: Int)
    /// A character of a name typed to find a row (type-ahead).
    case typeAhead(Character)
    /// Close what is shown over the table (a record, the keys, a frequency table).
    case close
    /// Back to the listing a file or table was opened from.
    case back
    /// The context menu of what has focus (the pager's text).
    case menu
    /// A window's primary menu (F10): the keys, search, save, About, quit.
    case primaryMenu
    /// What Scrollwork is, its version and what it opens.
    case about
}

extension ViewerCommand {
    /// The groups help lists the keys in, in this order.
    public enum Group: String, Sendable, CaseIterable {
        case moving = "Moving and searching"
        case sortingAndFiltering = "Sorting and filtering"
        case exploring = "Exploring"
        case files = "Files, copying and quitting"
    }

    /// True for the commands that hide, show, pin and move columns.
    public var arrangesColumns: Bool {
        switch self {
        case .hideColumn, .showColumns, .pinColumn, .moveColumn: return true
        default: return false
        }
    }

    /// The group help lists the command in.
    public var group: Group {
        switch self {
        case .top, .bottom, .follow, .search, .nextMatch, .goToRow, .jumpToColumn, .stepColumn, .lastColumn, .typeAhead, .wrap:
            return .moving
        case .sortAscending, .sortDescending, .filter, .keepEqual, .keepDifferent, .removeFilter:
            return .sortingAndFiltering
        case .record, .frequency, .summary, .hideColumn, .showColumns, .pinColumn, .moveColumn, .fitColumn, .help:
            return .exploring
        case .quit, .cancel, .copy, .save, .open, .close, .back, .menu, .primaryMenu, .about:
            return .files
        }
    }
}

extension CommandTable where Command == ViewerCommand {
    /// The table's keys by group, each group's keys one a line (keys padded to one width, then
    /// what they do, wrapped under itself past `width` cells): what `scrollwork open --help` shows.
    public func groupedHelp(width: Int = .max) -> [(group: ViewerCommand.Group, lines: [String])] {
        let keys = bindings.map { displayWidth($0.label) }.max() ?? 0
        let room = Swift.max(20, width.addingSaturating(-keys - 2))
        return ViewerCommand.Group.allCases.compactMap { group in
            let lines = bindings.filter { $0.example?.group == group }.flatMap { binding -> [String] in
                let does = binding.summary.wrapped(toWidth: room)
                let first = binding.label + String(repeating: " ", count: Swift.max(0, keys - displayWidth(binding.label))) + "  " + (does.first ?? "")
                return [first] + does.dropFirst().map { String(repeating: " ", count: keys + 2) + $0 }
            }
            return lines.isEmpty ? nil : (group, lines)
        }
    }
}

/// The keys of `scrollwork open`'s viewers, one table a viewer: what the viewers do with a key
/// their table or list leaves, and what `scrollwork open --help`, the `?` help and docs/keys.md
/// list. The convention is `less`'s for moving and searching (q, g, G, F, /, n, N), VisiData's
/// for exploring a table (| filter, - hide, _ fit, $ last column, I summary, u undo, Ctrl-S
/// save; `f`, lower-case, for the frequency table, as `F` already follows the end as in
/// `less`; `o` and `O` order by the current column, as VisiData's `[` and `]` are column steps
/// here and `less` binds neither), a spreadsheet's for copying (Alt+C, the terminal's ⌘C) and Finder's for type-ahead
/// and folders.
public enum ViewerKeys {
    private static let quit = KeyBinding(ViewerCommand.quit, "quit (Ctrl-C too)", keys: KeyEvent(.character("q")), KeyEvent(.character("Q")), KeyEvent(.character("c"), .control), label: "q")
    private static let top = KeyBinding(ViewerCommand.top, "to the top", keys: KeyEvent(.character("g")))
    private static let bottom = KeyBinding(ViewerCommand.bottom, "to the end (End too)", keys: KeyEvent(.character("G")), KeyEvent(.end), label: "G")
    private static let search = KeyBinding(ViewerCommand.search, "search the file's bytes (Enter starts, Esc closes)", keys: KeyEvent(.character("/")))
    private static let next = KeyBinding(ViewerCommand.nextMatch(forward: true), "the next match", keys: KeyEvent(.character("n")))
    private static let previous = KeyBinding(ViewerCommand.nextMatch(forward: false), "the previous match", keys: KeyEvent(.character("N")))
    private static let cancel = KeyBinding(ViewerCommand.cancel, "cancel the search, sort, filter, count or save under way", keys: KeyEvent(.escape))
    private static let follow = KeyBinding(ViewerCommand.follow, "follow the end of a growing file or table, or stop", keys: KeyEvent(.character("F")))
    // The keys of a file's table that a database's table has too, worded once.
    private static let jumpToColumn = KeyBinding(ViewerCommand.jumpToColumn, "jump to a column by name (it becomes the current column)", keys: KeyEvent(.character(":")))
    private static let stepColumn = KeyBinding("the current column: the one before, the one after (a click on a cell chooses it too)", label: "[ ]",
                                               example: ViewerCommand.stepColumn(by: 1)) { key in
        key == KeyEvent(.character("[")) ? .stepColumn(by: -1) : key == KeyEvent(.character("]")) ? .stepColumn(by: 1) : nil
    }
    private static let lastColumn = KeyBinding(ViewerCommand.lastColumn, "the last column", keys: KeyEvent(.character("$")))
    private static let keepDifferent = KeyBinding(ViewerCommand.keepDifferent, "keep the rows whose current column holds another value", keys: KeyEvent(.character("!")))
    private static let removeFilter = KeyBinding(ViewerCommand.removeFilter, "remove the last filter", keys: KeyEvent(.character("u")))
    private static let hideColumn = KeyBinding(ViewerCommand.hideColumn, "hide the current column", keys: KeyEvent(.character("-")))
    private static let showColumns = KeyBinding(ViewerCommand.showColumns, "show the hidden columns again", keys: KeyEvent(.character("+")))
    private static let pinColumn = KeyBinding(ViewerCommand.pinColumn, "pin the current column on the leading edge, or unpin it", keys: KeyEvent(.character("P")))
    private static let moveColumn = KeyBinding("move the current column left, right", label: "{ }", example: ViewerCommand.moveColumn(by: 1)) { key in
        key == KeyEvent(.character("{")) ? .moveColumn(by: -1) : key == KeyEvent(.character("}")) ? .moveColumn(by: 1) : nil
    }
    private static let fitColumn = KeyBinding(ViewerCommand.fitColumn, "fit the current column to its content", keys: KeyEvent(.character("_")))
    private static let goToRow = KeyBinding(ViewerCommand.goToRow, "go to a row: its number, or a percentage of the rows (50%)", keys: KeyEvent(.character("#")))
    private static let help = KeyBinding(ViewerCommand.help, "these keys", keys: KeyEvent(.character("?")))

    /// The keys every table has, a file's and a database's alike, each with one meaning and
    /// one wording: how a source carries a key out (in place, or in the engine) is its own.
    private static let everyTable: [KeyBinding<ViewerCommand>] = [
        KeyBinding(.record, "show the focused row whole (Esc, Enter or q closes it)", keys: KeyEvent(.enter)),
        quit, top, bottom,
        KeyBinding(.search, "search the rows in the order shown, from the focus (Enter starts, Esc closes)", keys: KeyEvent(.character("/"))),
        next, previous, cancel,
        jumpToColumn,
        stepColumn,
        lastColumn,
        goToRow,
        KeyBinding(.filter, "filter: COLUMN=VALUE, ==, !=, <, <=, >, >= numbers or text, *= text, ~ regex, is null (as --filter)", keys: KeyEvent(.character("|"))),
        KeyBinding(.keepEqual, "keep the rows whose current column holds the focused row's value", keys: KeyEvent(.character("="))),
        keepDifferent,
        removeFilter,
        KeyBinding(.sortAscending, "sort by the current column, ascending (less leaves o and O free)", keys: KeyEvent(.character("o"))),
        KeyBinding(.sortDescending, "sort by the current column, descending", keys: KeyEvent(.character("O"))),
        KeyBinding(.frequency, "the frequency table of the current column (Enter keeps that value's rows)", keys: KeyEvent(.character("f"))),
        KeyBinding(.summary, "the summary of every column: counts, distinct values, least, greatest, mean, median", keys: KeyEvent(.character("I"))),
        hideColumn,
        showColumns,
        pinColumn,
        moveColumn,
        fitColumn,
        KeyBinding(.save, "save the rows shown (those kept, in their order, the columns shown) as .csv, .tsv, .jsonl or .parquet", keys: KeyEvent(.character("s"), .control),
                   label: "Ctrl+S"),
        KeyBinding(.copy, "copy the selected rows with the heading, tab-separated", keys: KeyEvent(.character("c"), .alt)),
        help,
    ]

    /// A CSV, TSV or JSON file as a table: every table's keys, and a growing file's end
    /// followed, rows copied, type-ahead.
    public static let table = CommandTable<ViewerCommand>("Table (scrollwork open)", everyTable + [
        follow,
        typeAhead,
    ])

    /// Type-ahead: a letter, a digit, - . or _ without Ctrl or Alt, as itself.
    static let typeAhead = KeyBinding<ViewerCommand>.typeAhead("select the first row whose sort column starts with what is typed") { .typeAhead($0) }

    /// The keys that go on with a name being typed (a key within a second of the last) rather
    /// than run the commands they also name.
    public static let typing = CommandTable<ViewerCommand>("Typing a name", [typeAhead])

    /// A record or the keys shown over the table.
    public static let record = CommandTable<ViewerCommand>("Record (scrollwork open)", [
        KeyBinding(.close, "close it", keys: KeyEvent(.escape), KeyEvent(.enter), KeyEvent(.character("q"))),
    ])

    /// A frequency table or a summary shown over the table: a table of its own, which sorts,
    /// searches, filters and saves as the table does.
    public static let sheet = CommandTable<ViewerCommand>("Frequency table or summary (scrollwork open)", [
        KeyBinding(.open, "a frequency table: keep the table's rows that hold the focused value; a summary: go to the focused column", keys: KeyEvent(.enter)),
        KeyBinding(.close, "cancel the search, filter, sort or save under way; else close it", keys: KeyEvent(.escape), KeyEvent(.character("q"))),
        KeyBinding(.record, "show the focused row whole (Esc, Enter or q closes it)", keys: KeyEvent(.character(" "))),
        top, bottom,
        KeyBinding(.search, "search the sheet's rows in the order shown (Enter starts, Esc closes)", keys: KeyEvent(.character("/"))),
        next, previous,
        jumpToColumn, stepColumn, lastColumn, goToRow,
        KeyBinding(.sortAscending, "sort the sheet by the current column, ascending (a heading click too)", keys: KeyEvent(.character("o"))),
        KeyBinding(.sortDescending, "sort the sheet by the current column, descending", keys: KeyEvent(.character("O"))),
        KeyBinding(.filter, "filter the sheet: COLUMN=VALUE, ==, !=, <, <=, >, >= numbers or text, *= text, ~ regex, is null", keys: KeyEvent(.character("|"))),
        KeyBinding(.keepEqual, "keep the sheet's rows whose current column holds the focused row's value", keys: KeyEvent(.character("="))),
        keepDifferent, removeFilter,
        KeyBinding(.save, "save the sheet as shown (rows kept, their order) as .csv, .tsv, .jsonl or .parquet", keys: KeyEvent(.character("s"), .control), label: "Ctrl+S"),
        help,
    ])

    /// A file or table opened from a listing: the keys that go back to it when the viewer has
    /// no use for them.
    public static let openedFromListing = CommandTable<ViewerCommand>("Opened from a listing (scrollwork open)", [
        KeyBinding(.back, "back to the listing (outside a prompt)", keys: KeyEvent(.backspace), KeyEvent(.left, .alt)),
        KeyBinding(.cancel, "back to the listing, when nothing runs", keys: KeyEvent(.escape)),
    ])

    /// Other text in the pager.
    public static let pager = CommandTable<ViewerCommand>("Pager (scrollwork open)", [
        quit, top, bottom, follow, search, next, previous, cancel,
        KeyBinding(.wrap, "wrap long lines, or cut them and scroll sideways", keys: KeyEvent(.character("w"))),
        KeyBinding(.menu, "the text's menu (a right-click opens it on a line): copy the line or the lines shown, find, wrap", keys: KeyEvent(.function(10), .shift), KeyEvent(.menu)),
    ])

    /// A directory as a Finder list.
    public static let directory = CommandTable<ViewerCommand>("Directory (scrollwork open)", [
        KeyBinding(.open, "open the file as scrollwork open would (Esc or ⌫ comes back)", keys: KeyEvent(.enter)),
        quit, top, bottom,
        KeyBinding<ViewerCommand>.typeAhead("select the first file or folder shown whose name starts with what is typed") { .typeAhead($0) },
    ])

    /// A database's tables and views.
    public static let database = CommandTable<ViewerCommand>("Database (scrollwork open data.sqlite)", [
        KeyBinding(.open, "open the table or view (⌫ comes back; Esc too, when nothing runs)", keys: KeyEvent(.enter)),
        quit, top, bottom, help,
        KeyBinding<ViewerCommand>.typeAhead("select the first table or view whose name starts with what is typed") { .typeAhead($0) },
    ])

    /// A table opened from a database's tables or a folder: every table's keys (a database's
    /// engine sorts, filters, searches, groups and summarises), and back to them.
    public static let databaseTable = CommandTable<ViewerCommand>("Database table (scrollwork open data.sqlite)", everyTable + [
        KeyBinding(ViewerCommand.back, "back to what the table was opened from: the database's tables, the folder", keys: KeyEvent(.backspace)),
        follow,
        typeAhead,
    ])

    /// What `scrollwork open --help` says about the keys, made from the tables: each viewer's
    /// keys by group, one a line.
    public static var discussion: String {
        [table, pager, directory, database, databaseTable, record, sheet, openedFromListing].map { table in
            // Wrapped here, under each description, within the 80 columns help is read in.
            (["\(table.title):"] + table.groupedHelp(width: 74).flatMap { group in ["  \(group.group.rawValue):"] + group.lines.map { "    " + $0 } })
                .joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}

extension ViewerKeys {
    /// `base` as a window takes keys, a desktop app's: Ctrl+C copies (where the viewer copies;
    /// else nothing, never quitting), Ctrl+Q quits, Ctrl+W closes the window, Ctrl+F searches and
    /// F1 shows the keys where the viewer does those, and on a table F10 opens the primary menu
    /// (the keys, About, quit), as a GNOME app's does, and Alt+← goes back where ⌫ does; every
    /// other key as in the terminal.
    public static func desktop(_ base: CommandTable<ViewerCommand>) -> CommandTable<ViewerCommand> {
        func has(_ command: ViewerCommand) -> Bool { base.bindings.contains { $0.example == command } }
        var keys = base
            .rebinding(KeyEvent(.character("c"), .control), to: has(.copy) ? .copy : nil, summary: "copy, as Alt+C does")
            .rebinding(KeyEvent(.character("q"), .control), to: .quit, summary: "quit")
            .rebinding(KeyEvent(.character("w"), .control), to: .quit, summary: "close the window")
        if has(.search) { keys = keys.rebinding(KeyEvent(.character("f"), .control), to: .search, summary: "search, as / does") }
        if has(.help) { keys = keys.rebinding(KeyEvent(.function(1)), to: .help, summary: "these keys, as ? shows them") }
        if has(.filter) { keys = keys.rebinding(KeyEvent(.function(10)), to: .primaryMenu, summary: "the menu: the keys, About Scrollwork, quit") }
        if has(.back) { keys = keys.rebinding(KeyEvent(.left, .alt), to: .back, summary: "back, as GNOME apps and browsers go back") }
        return keys
    }

    /// The table viewer's keys in a window.
    public static let desktopTable = desktop(table)
    /// The pager's keys in a window.
    public static let desktopPager = desktop(pager)
    /// The directory listing's keys in a window.
    public static let desktopDirectory = desktop(directory)
    /// The database listing's keys in a window.
    public static let desktopDatabase = desktop(database)
    /// A database table's keys in a window.
    public static let desktopDatabaseTable = desktop(databaseTable)
    /// A frequency table's or summary's keys in a window.
    public static let desktopSheet = desktop(sheet)
}

/// The key tables of one viewer's host: a terminal's, or a window's (``ViewerKeys/desktop(_:)``).
struct ViewerKeySet: Sendable {
    /// A table's keys.
    let table: CommandTable<ViewerCommand>
    /// The pager's.
    let pager: CommandTable<ViewerCommand>
    /// A directory listing's.
    let directory: CommandTable<ViewerCommand>
    /// A database listing's.
    let database: CommandTable<ViewerCommand>
    /// A database table's.
    let databaseTable: CommandTable<ViewerCommand>
    /// A frequency table's or summary's.
    let sheet: CommandTable<ViewerCommand>

    /// How the status line names the keys that quit, search and show the keys: a desktop app's
    /// own in a window (Ctrl+Q, Ctrl+F, F1), where the terminal's still work too.
    let quitKey: String, searchKey: String, helpKey: String
    /// True in a window, where a copy goes straight onto the clipboard, not through a terminal.
    let copiesToClipboard: Bool
    /// A prompt's keys: a desktop field's in a window (Ctrl+C and Ctrl+X copy and cut the
    /// selection), the terminal's otherwise (Ctrl+C is the terminal's).
    var fieldKeys: CommandTable<TextFieldCommand> { copiesToClipboard ? TextFieldCommand.desktopKeys : TextFieldCommand.keys }
    /// The most rows a copy holds: what a terminal takes through OSC 52 (a few megabytes), or in
    /// a window a million, which no terminal limits.
    var copyLimit: Int { copiesToClipboard ? 1_000_000 : 10_000 }

    /// The keys a table's status line ends with, the same on every table: the way `back` to
    /// where it was opened from first, when there is one.
    func tableHint(back: String?) -> String {
        (back.map { $0 + " · " } ?? "") + "\(searchKey) search · | filter · f frequency · \(helpKey) keys · \(quitKey) quits"
    }

    /// The tables for `convention`.
    init(_ convention: KeyConvention) {
        let desktop = convention == .desktop
        (quitKey, searchKey, helpKey) = desktop ? ("Ctrl+Q", "Ctrl+F", "F1") : ("q", "/", "?")
        copiesToClipboard = desktop
        table = desktop ? ViewerKeys.desktopTable : ViewerKeys.table
        pager = desktop ? ViewerKeys.desktopPager : ViewerKeys.pager
        directory = desktop ? ViewerKeys.desktopDirectory : ViewerKeys.directory
        database = desktop ? ViewerKeys.desktopDatabase : ViewerKeys.database
        databaseTable = desktop ? ViewerKeys.desktopDatabaseTable : ViewerKeys.databaseTable
        sheet = desktop ? ViewerKeys.desktopSheet : ViewerKeys.sheet
    }
}

/// A viewer of `scrollwork open`: an app that follows a terminal's keys or a window's.
public protocol ViewerApp: App {
    /// Whose keys it follows.
    var keyConvention: KeyConvention { get set }
    /// Cancels whatever the viewer runs (reading, sorting, searching, counting): it is being
    /// closed or replaced. Returns the effects that do it, for the host to carry out.
    mutating func cancelAllWork() -> [Effect]
    /// The title of the page drilled into (a table, a row, a file opened from a folder); nil on
    /// the first page.
    var pageTitle: String? { get }
    /// Draws in `theme` from now on (the desktop's colours changed), every page keeping its place.
    mutating func retheme(_ theme: Theme)
}

extension TextPager: ViewerApp {
    /// The pager is one page.
    public var pageTitle: String? { nil }
}
extension DirectoryViewer: ViewerApp {
    /// The page shown, when it is not the listing.
    public var pageTitle: String? { pages.pageTitle }
    /// Every page drawn in `theme` from now on.
    public mutating func retheme(_ theme: Theme) { pages.retheme(theme) }
}
extension DatabaseViewer: ViewerApp {
    /// The page shown, when it is not the list of tables.
    public var pageTitle: String? { pages.pageTitle }
    /// Every page drawn in `theme` from now on.
    public mutating func retheme(_ theme: Theme) { pages.retheme(theme) }
}
extension TableViewer: ViewerApp {
    /// The row shown whole, while one is.
    public var pageTitle: String? { pages.pageTitle }
    /// Every page drawn in `theme` from now on.
    public mutating func retheme(_ theme: Theme) { pages.retheme(theme) }
}

extension TypeAheadState {
    /// What `key` runs among `commands`: while a name is being typed (a key within a second of
    /// the last), its letters, digits, dashes and underscores go on with it rather than run the
    /// commands they also name (q, g, G); otherwise what `commands` says.
    func command(for key: KeyEvent, at time: Double, among commands: CommandTable<ViewerCommand>) -> ViewerCommand? {
        let typing = !text.isEmpty && time - lastTime <= Self.resetInterval
        return (typing ? ViewerKeys.typing.command(for: key) : nil) ?? commands.command(for: key)
    }

    /// The character `event` adds to the name being typed, as ``command(for:at:among:)`` reads
    /// it; nil for any other event or key (a list's keys run their commands).
    func character(typedBy event: Event, at time: Double, among commands: CommandTable<ViewerCommand>) -> Character? {
        guard case let .key(key) = event, case let .typeAhead(character)? = command(for: key, at: time, among: commands) else { return nil }
        return character
    }
}
