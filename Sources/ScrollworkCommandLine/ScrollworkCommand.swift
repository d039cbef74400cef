import ArgumentParser
import Scrollwork
import ScrollworkWidgets
import ScrollworkTerminal
import ScrollworkFiles
import ScrollworkViewer
import ScrollworkGallery
#if Window
import ScrollworkPixels
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `scrollwork` command: the gallery of scroll views, lists, tables and page controls.
public struct ScrollworkCommand: ParsableCommand {
    /// The command's name, help, version and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "scrollwork",
        abstract: "Scroll views, lists, tables and page controls that follow Apple's Human Interface Guidelines, in the terminal.",
        discussion: """
            With no subcommand, scrollwork opens the gallery, which takes these options:
              --page <page>    1–7 or the start of a page's name (default 1)
              --idiom <idiom>  iOS, macOS, tvOS, visionOS or watchOS (default iOS in a terminal,
                               macOS, a desktop's, in a window)
              --color <mode>   auto, truecolor, 256, 16 or none (default auto)
              --fps <n>        frames per second while something moves, 1–240 (60)
              --reduce-motion  no momentum, bounces or fades (also SCROLLWORK_REDUCE_MOTION=1)
              --show-cursor    show the terminal's cursor on what has focus
              --screen-reader  for a screen reader: the cursor shown, motion reduced
                               (also SCROLLWORK_SCREEN_READER=1)
              --window         in a desktop window (built with --traits Window), light or dark as the
                               desktop asks, or as --appearance light|dark says
            In the gallery: ] changes page, Tab moves focus, ? explains, Ctrl-Z suspends, q quits.
            `scrollwork open PATH` (or `scrollwork PATH`) shows a CSV, TSV or JSON Lines file as a table, a directory as a Finder list, other text in a pager; with --window, in a desktop window.
            """,
        version: scrollworkVersion,
        subcommands: [Gallery.self, Open.self, Snapshot.self, Diagnostics.self],
        defaultSubcommand: Gallery.self
    )

    /// The command before its arguments are read.
    public init() {}

    /// `scrollwork open PATH` and `scrollwork PATH` go straight to the file, everything else
    /// through the argument parser, whose reflection over the commands' options took a third
    /// of the time before the first frame.
    public static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            if let path = directPath(arguments) { return try Open.open(path: path, separator: nil, header: nil, color: "auto") }
            var command = try parseAsRoot(openArguments(arguments) ?? arguments)
            try command.run()
        } catch {
            exitShowing(error)
        }
    }

    /// Ends the program as the argument parser would for `error` (help and version on standard
    /// output, with status 0), but with an error's message through ``printError(_:)``: a message
    /// that quotes an argument (an unknown option, a bad value) shows its control characters as
    /// pictures instead of handing them to the terminal.
    static func exitShowing(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            if code == .success { print(message) } else { printError(message) }
        }
        #if canImport(Glibc)
        Glibc.exit(code.rawValue)
        #elseif canImport(Darwin)
        Darwin.exit(code.rawValue)
        #endif
    }

    /// `scrollwork PATH --option …` read as `scrollwork open PATH --option …`, as documented: a
    /// first argument that names no command and is no option is a path; nil (the arguments as
    /// they are) otherwise.
    static func openArguments(_ arguments: [String]) -> [String]? {
        guard let first = arguments.first, !commands.contains(first), !first.hasPrefix("-") || first == "-" else { return nil }
        return ["open"] + arguments
    }

    /// The names of the subcommands, and help.
    static let commands = ["gallery", "open", "snapshot", "diagnostics", "help"]

    /// The path of arguments that only name a file to open (`open PATH` or `PATH`), with no
    /// option the parser must read; nil for any other arguments.
    static func directPath(_ arguments: [String]) -> String? {
        // `commands` is an array, not a Set: a set's type and conformances are looked up at run
        // time, a third of a millisecond of the start.
        switch arguments.count {
        case 1 where !commands.contains(arguments[0]): return arguments[0].hasPrefix("-") ? nil : arguments[0]
        case 2 where arguments[0] == "open": return arguments[1].hasPrefix("-") && arguments[1] != "-" ? nil : arguments[1]
        default: return nil
        }
    }
}

/// Options every way of showing the gallery shares.
struct DisplayOptions: ParsableArguments {
    @Option(help: "The page to show: 1–7 or the start of its name (scroll, table, list, outline, page, idioms, guideline).")
    var page: String = "1"

    @Option(help: "The platform idiom: iOS, macOS, tvOS, visionOS or watchOS (default: iOS in a terminal, macOS, a desktop's, in a window).")
    var idiom: String?

    @Option(help: "Colours: auto, truecolor, 256, 16 or none (NO_COLOR is honoured with auto).")
    var color: String = "auto"

    @Flag(help: "Reduce Motion: scrolls move at once, without momentum, bounces or fading indicators (also SCROLLWORK_REDUCE_MOTION=1).")
    var reduceMotion = false

    @Flag(help: "For a screen reader: the cursor shown on what has focus, motion reduced (also SCROLLWORK_SCREEN_READER=1).")
    var screenReader = false

    /// True when `--screen-reader` or `SCROLLWORK_SCREEN_READER` asks for a screen reader's terminal.
    func servesScreenReader(environment: [String: String]) -> Bool {
        screenReader || Self.asksForScreenReader(environment)
    }

    /// True when `environment`'s `SCROLLWORK_SCREEN_READER` is 1, true or yes.
    static func asksForScreenReader(_ environment: [String: String]) -> Bool {
        ["1", "true", "yes"].contains(environment["SCROLLWORK_SCREEN_READER"]?.lowercased() ?? "")
    }

    func pageKind() throws -> GalleryApp.PageKind {
        guard let kind = GalleryApp.PageKind(argument: page) else {
            throw ValidationError("unknown page '\(page)'; use 1–7 or one of: " + GalleryApp.PageKind.allCases.map { $0.title.lowercased() }.joined(separator: ", "))
        }
        return kind
    }

    /// The idiom asked for; unasked, a desktop's (macOS: its type, rows and pointer) where the
    /// gallery is drawn as a window draws it, iOS in a terminal.
    func scrollIdiom(inWindow: Bool = false) throws -> ScrollIdiom {
        guard let idiom else { return inWindow ? .macOS : .iOS }
        guard let found = ScrollIdiom.allCases.first(where: { "\($0)".lowercased() == idiom.lowercased() }) else {
            throw ValidationError("unknown idiom '\(idiom)'; use iOS, macOS, tvOS, visionOS or watchOS")
        }
        return found
    }

    func colorMode(environment: [String: String]) throws -> ColorMode {
        try Self.colorMode(color, environment: environment)
    }

    /// The colours `--color` `color` names, `auto` as `environment` says; a static function, so
    /// that `scrollwork open PATH` reads it without making the options (whose property
    /// wrappers' types are built at run time before the first frame).
    static func colorMode(_ color: String, environment: [String: String]) throws -> ColorMode {
        switch color.lowercased() {
        case "auto": return ColorMode.detect(environment: environment)
        case "truecolor", "24bit": return .trueColor
        case "256": return .palette256
        case "16": return .ansi16
        case "none": return .none
        default: throw ValidationError("unknown colour mode '\(color)'; use auto, truecolor, 256, 16 or none")
        }
    }

    /// The gallery's style; `appearance` is the window's or the picture's, nil for a terminal's
    /// (which keeps its own colours: it draws the dark terminal theme on its background).
    func style(environment: [String: String], appearance: Appearance? = nil, keys: KeyConvention = .terminal) throws -> GalleryStyle {
        let mode = try colorMode(environment: environment)
        let reduces = reduceMotion || servesScreenReader(environment: environment)
            || ["1", "true", "yes"].contains(environment["SCROLLWORK_REDUCE_MOTION"]?.lowercased() ?? "")
        let theme = appearance.map { Theme.standard(for: mode, appearance: $0) } ?? .standard(for: mode)
        var style = GalleryStyle(theme: theme, colorMode: mode, idiom: try scrollIdiom(inWindow: appearance != nil), reducesMotion: reduces)
        style.keys = keys
        return style
    }

    #if Window
    /// The gallery's style in a window in `appearance` on a desktop with `settings`: a desktop
    /// with its animations off reduces motion, as --reduce-motion does; one that asks for high
    /// contrast gets Increase Contrast's colours.
    func windowStyle(environment: [String: String], appearance: Appearance, settings: DesktopSettings) throws -> GalleryStyle {
        var style = try style(environment: environment, appearance: appearance, keys: .desktop)
        if settings.reducesMotion == true { style.reducesMotion = true }
        style.theme = Theme.desktop(appearance: appearance, settings: settings)
        return style
    }
    #endif

    /// `value` of `--appearance` (`light`, `dark`, or with `allowsAuto` `auto`); nil for auto.
    static func appearance(_ value: String, allowsAuto: Bool) throws -> Appearance? {
        if allowsAuto, value.lowercased() == "auto" { return nil }
        guard let found = Appearance(rawValue: value.lowercased()) else {
            throw ValidationError("unknown appearance '\(value)'; use \(allowsAuto ? "auto, light or dark" : "light or dark")")
        }
        return found
    }
}

/// Opens the gallery in the terminal.
struct Gallery: ParsableCommand {
    // Named here: a name the parser works out from the type costs a scan of every protocol
    // conformance in the program at start-up (milliseconds before the first frame).
    static let configuration = CommandConfiguration(commandName: "gallery", abstract: "Open the gallery (the default).")

    @OptionGroup var display: DisplayOptions

    @Option(parsing: .unconditional, help: "Frames per second while something moves, 1 to 240.")
    var fps: Double = 60

    @Flag(help: "Show the terminal's cursor on the focused row, cell or field (it is always placed there, for screen readers).")
    var showCursor = false

    @Argument(help: "A file to open instead of the gallery, as `scrollwork open FILE` does.")
    var path: String?

    @OptionGroup var windowOptions: WindowOptions

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 240 else {
            throw ValidationError("--fps must be a number of frames per second from 1 to 240; got \(fps)")
        }
    }

    func run() throws {
        if windowOptions.window, let path {
            try Open.open(path: path, separator: nil, header: nil, color: display.color, window: windowOptions)
            return
        }
        if windowOptions.window {
            #if Window
            try openWindow()
            return
            #else
            throw PixelHost.missing()
            #endif
        }
        if let path {
            try Open.open(path: path, separator: nil, header: nil, color: display.color, screenReader: display.screenReader)
            return
        }
        // Something piped in and no file named: show what comes, as `less` does.
        if isatty(STDIN_FILENO) == 0 && isatty(STDOUT_FILENO) == 1 {
            try Open.open(path: "-", separator: nil, header: nil, color: display.color, screenReader: display.screenReader)
            return
        }
        let environment = processEnvironment()
        let style = try display.style(environment: environment)
        let kind = try display.pageKind()
        let session = try terminalSession(environment: environment)
        var app = GalleryApp(page: kind, style: style)
        var loop = EventLoop(framesPerSecond: fps, colorMode: style.colorMode)
        loop.showsCursor = showCursor
        if display.servesScreenReader(environment: environment) { loop.serveScreenReader() }
        loop.run(&app, session: session)
    }
}

#if Window
extension Gallery {
    /// The gallery in a window: the same app, drawn in pixels, with the window's input.
    private func openWindow() throws {
        var display = self.display
        display.color = "truecolor"
        let environment = processEnvironment()
        let appearance = try windowOptions.resolvedAppearance(environment: environment)
        let settings = windowOptions.settings(environment: environment)
        let style = try display.windowStyle(environment: environment, appearance: appearance, settings: settings)
        var app = GalleryApp(page: try display.pageKind(), style: style)
        try windowOptions.run(&app, title: "Scrollwork", appearance: appearance, settings: settings, framesPerSecond: fps, without: "the terminal gallery")
    }
}
#endif

/// Opens a file in the table: CSV, TSV or other delimited text, indexed in the background; a
/// Parquet file or a database's table through its own `TableSource`.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Show a table file, a database, a directory or text: CSV, TSV and other delimited text, JSON Lines and JSON arrays of objects as tables; Parquet files as tables, read a page at a time; SQLite files, postgres:// and clickhouse:// URLs as their tables; a file on a web server (https:// or http://) as a local one, read by range; a directory as a Finder list; other text and logs in a pager; - or a named pipe as standard input.",
        discussion: "The file is indexed in the background while the first screen shows; a click on a heading sorts (in the background), a drag or Shift+wheel scrolls sideways, → and ← open and close folders. A missing, empty or binary file ends with a message and exit status 1. With --filter, --sort, --columns, --frequency or --summary and standard output not a terminal, the result is written there as CSV (as --output - does).\n\nThe keys:\n\n" + ViewerKeys.discussion
    )

    @Argument(help: "The file or directory to open; - reads standard input (keys then come from the terminal).")
    var path: String

    @Option(help: "The separator: a single character, or tab, comma, semicolon or pipe (detected when not given).")
    var separator: String?

    @Flag(help: "The first record is data, not column names (detected when not given).")
    var noHeader = false

    @Option(name: .customLong("null"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A word that stands for no value in delimited text and JSON alike, besides an empty field and NA, N/A, null, NULL, - and \\N in delimited text, and a null in JSON: shown as written, sorted last, not deciding a column's type (repeatable).", valueName: "word"))
    var nulls: [String] = []

    @Option(help: "Colours: auto, truecolor, 256, 16 or none.")
    var color: String = "auto"

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Keep the rows where COLUMN=VALUE holds; also == (the text exactly), !=, <, <=, >, >= (numbers, or text by its order: date>=2024-01-31), *= (text in the value), ~ (a regular expression) and COLUMN is null; no column tests the whole row (repeatable: every one must hold).", valueName: "filter"))
    var filter: [String] = []

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Sort by COLUMN, -COLUMN for descending (repeatable: the first is the main key).", valueName: "column"))
    var sort: [String] = []

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Show only these columns, in this order, comma-separated (repeatable: each adds its columns after the ones before).", valueName: "A,B,C"))
    var columns: [String] = []

    @Option(help: ArgumentHelp("The table or view of a database to open or read (a postgres:// or clickhouse:// URL's ?table= too); a database of one table needs none.", valueName: "name"))
    var table: String?

    @Option(help: ArgumentHelp("The frequency table of a column (value, count, percent) among the rows kept.", valueName: "column"))
    var frequency: String?

    @Flag(help: "The summary of every column (or of --columns): type, count, missing, distinct, min, max, mean, median.")
    var summary = false

    @Option(help: ArgumentHelp("Write the result to FILE instead of opening the viewer: CSV, TSV, JSON Lines or Parquet by its name's ending (.csv, .tsv, .jsonl, .parquet), the text formats compressed after .gz or .zst (rows.csv.gz); - for standard output (CSV).", valueName: "file"))
    var output: String?

    @Flag(help: "Let --output replace a file that exists (never the file being read); without it, such a run ends with a message and exit status 1.")
    var force = false

    @Flag(help: "For a screen reader: the cursor shown on what has focus, motion reduced (also SCROLLWORK_SCREEN_READER=1).")
    var screenReader = false

    @OptionGroup var windowOptions: WindowOptions

    /// The view the options ask for: every `--columns` list's columns, in the order given.
    var recipe: ViewRecipe {
        ViewRecipe(filters: filter, sorts: sort, columns: columns.isEmpty ? nil : columns.joined(separator: ","), frequency: frequency, summary: summary)
    }

    func run() throws {
        let missing = MissingValues(words: MissingValues.common.words, named: Set(nulls))
        let recipe = self.recipe
        // A view asked for with standard output a pipe or a file goes there, as CSV.
        let piped = recipe != ViewRecipe() && isatty(STDOUT_FILENO) == 0
        if let output = output ?? (piped ? "-" : nil) {
            try Self.write(path: path, separator: separator, header: noHeader ? false : nil, missing: missing, recipe: recipe, to: output, replacing: force,
                           table: table)
            return
        }
        try Self.open(path: path, separator: separator, header: noHeader ? false : nil, color: color, missing: missing, recipe: recipe, table: table,
                      window: windowOptions.window ? windowOptions : nil, screenReader: screenReader)
    }

    /// Writes the view `recipe` makes of `path` to `output`, with no terminal: a stream (standard
    /// input, a FIFO) read to its end first, a file that exists replaced only when `replacing`.
    /// A failure, damaged input among them, ends the program with a message and a non-zero status.
    static func write(path: String, separator: String?, header: Bool?, missing: MissingValues, recipe: ViewRecipe, to output: String, replacing: Bool = false,
                      table name: String? = nil) throws {
        do throws(OpenFile.Failure) {
            let opened = try openedWhole(path: path, separator: separator, header: header, missing: missing)
            let written: Int
            // Every source through the one batch pipeline: a database's table pushes the work down.
            if case let .database(viewer) = opened {
                written = try TableQuery.write(viewer.tableSource(named: name), recipe: recipe, to: output, replacingExisting: replacing)
            } else {
                if name != nil { throw OpenFile.Failure(description: "\(path): --table names a table of a database, and this is not one", status: 64) }
                written = try TableQuery.write(table(opened, path: path, for: "--output").source, recipe: recipe, to: output, replacingExisting: replacing)
            }
            if output != "-" { printError("scrollwork: wrote \(counted(written, "row")) to \(output)") }
        } catch {
            printError("scrollwork: \(error)")
            throw ExitCode(error.status)
        }
    }

    /// `path` (`-`: standard input) opened as `scrollwork open` shows it.
    static func opened(path: String, separator: String?, header: Bool?, theme: Theme, missing: MissingValues) throws(OpenFile.Failure) -> OpenFile.Opened {
        if path == "-" {
            return try StandardInput.open(data: try StandardInput.pipedData(), separator: separator, header: header, theme: theme, missing: missing)
        }
        // A FIFO or a device has no offsets: it is read as standard input is, waiting for its
        // writer as `less` waits.
        if FileBytes.readsAsStream(path: path) {
            let data = try StandardInput.openStream(at: path) { printError("scrollwork: waiting for data on \(path) (a pipe or device); Ctrl-C stops") }
            return try StandardInput.open(data: data, separator: separator, header: header, theme: theme, missing: missing, name: path)
        }
        return try OpenFile.opened(path: path, separator: separator, header: header, theme: theme, missing: missing, trusting: authorities)
    }

    /// The certificate authorities an `https://` file is checked against: those the variables
    /// the `curl` tool reads name, else the system's.
    static var authorities: String? { FileBytes.certificateAuthorities(environment: processEnvironment()) }

    /// `path` opened for a batch run: standard input or a FIFO read to its end first, with no
    /// terminal asked for (a batch run reads no keys).
    static func openedWhole(path: String, separator: String?, header: Bool?, missing: MissingValues) throws(OpenFile.Failure) -> OpenFile.Opened {
        let theme = Theme.standard(for: .none)
        if path == "-" {
            guard isatty(STDIN_FILENO) == 0 else {
                throw OpenFile.Failure(description: "standard input is the terminal: pipe something in (command | scrollwork open - …) or name a file", status: 64)
            }
            return try StandardInput.openWhole(data: dup(STDIN_FILENO), separator: separator, header: header, theme: theme, missing: missing)
        }
        if FileBytes.readsAsStream(path: path) {
            return try StandardInput.openWhole(data: StandardInput.openStream(path), name: path, separator: separator, header: header, theme: theme, missing: missing)
        }
        return try OpenFile.opened(path: path, separator: separator, header: header, theme: theme, missing: missing, trusting: authorities)
    }

    /// The table `opened` is; a failure with status 64 when it opened as text or a directory,
    /// which `options` (what the person asked for) need a table for.
    static func table(_ opened: OpenFile.Opened, path: String, for options: String) throws(OpenFile.Failure) -> TableViewer {
        guard case let .table(viewer) = opened else {
            throw OpenFile.Failure(description: "\(path): \(options) need a table, and this opens as \(opened.kindName); give --separator to read text as a table",
                                   status: 64)
        }
        return viewer
    }

    /// Opens `path` in the terminal, or in a window when `window` says so; a file that cannot be
    /// shown, or a view `recipe` cannot make of it, ends the program with a message and a
    /// non-zero status before the terminal is touched or the window opens.
    static func open(path: String, separator: String?, header: Bool?, color: String, missing: MissingValues = .common, recipe: ViewRecipe = ViewRecipe(), table name: String? = nil,
                     window: WindowOptions? = nil, screenReader: Bool = false) throws {
        let environment = processEnvironment()
        #if Window
        let appearance = try window.map { try $0.resolvedAppearance(environment: environment) }
        let settings = window.map { $0.settings(environment: environment) }
        let themeForWindow = appearance.map { Theme.desktop(appearance: $0, settings: settings ?? DesktopSettings()) }
        #else
        if window != nil { throw PixelHost.missing() }
        let appearance: Appearance? = nil
        let themeForWindow: Theme? = nil
        #endif
        let mode = appearance == nil ? try DisplayOptions.colorMode(color, environment: environment) : .trueColor
        let theme = themeForWindow ?? .standard(for: mode)
        var opened: OpenFile.Opened
        do throws(OpenFile.Failure) {
            opened = try Self.opened(path: path, separator: separator, header: header, theme: theme, missing: missing)
            if let name {
                guard case var .database(viewer) = opened else { throw OpenFile.Failure(description: "\(path): --table names a table of a database, and this is not one", status: 64) }
                do { try viewer.open(name) } catch { throw OpenFile.Failure(description: "\(error)", status: 64) }
                opened = .database(viewer)
            }
            if recipe != ViewRecipe(), case var .database(viewer) = opened {
                // A database's table takes the same options, the engine doing the work.
                try viewer.apply(recipe, at: MonotonicClock.now())
                opened = .database(viewer)
            } else if recipe != ViewRecipe() {
                var viewer = try table(opened, path: path, for: "--filter, --sort, --columns, --frequency and --summary")
                // On the clock the host's loop runs on, so that the times said count from now.
                do { try viewer.apply(recipe, at: MonotonicClock.now()) } catch { throw OpenFile.Failure(description: "\(error)", status: 64) }
                opened = .table(viewer)
            }
        } catch {
            printError("scrollwork: \(error)")
            throw ExitCode(error.status)
        }
        #if Window
        if let window, let appearance, let settings {
            try openWindow(opened, path: path, theme: theme, appearance: appearance, settings: settings, options: window)
            return
        }
        #endif
        let session = try terminalSession(environment: environment)
        var loop = EventLoop(framesPerSecond: 60, colorMode: mode)
        if screenReader || DisplayOptions.asksForScreenReader(environment) { loop.serveScreenReader() }
        switch opened {
        case var .table(viewer): loop.run(&viewer, session: session)
        case var .pager(pager): loop.run(&pager, session: session)
        case var .directory(viewer): loop.run(&viewer, session: session)
        case var .database(viewer): loop.run(&viewer, session: session)
        }
    }
}

extension Open {
    /// What a window showing `path` is called (``ViewerWindow/title(for:)``).
    static func windowTitle(_ path: String) -> String { ViewerWindow.title(for: path) }

    #if Window
    /// Runs `opened`, the viewer of `path`, in a window named after it, with a desktop app's keys;
    /// a file dropped on the window opens in it.
    static func openWindow(_ opened: OpenFile.Opened, path: String, theme: Theme, appearance: Appearance, settings: DesktopSettings, options: WindowOptions) throws {
        var app = ViewerWindow(opened, path: path, theme: theme)
        try options.run(&app, title: windowTitle(path), appearance: appearance, settings: settings, acceptsDroppedFiles: true, without: "scrollwork open")
    }
    #endif
}

/// Prints one frame of a page without a terminal session.
struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snapshot", abstract: "Print one frame of a page as text, ANSI or SVG, or draw it as a PNG.")

    @Argument(help: "The page: 1–7 or the start of its name.")
    var page: String = "1"

    @Option(parsing: .unconditional, help: "The frame size, COLUMNSxROWS (1–1000 columns, 1–500 rows); with --png, WIDTHxHEIGHT in points (8–8000).")
    var size: String?

    @Flag(help: "Draw the frame as a window draws it (the pixel host, Cairo and Pango, at its true metrics in points, with a desktop app's keys) as a PNG.")
    var png = false

    @Option(parsing: .unconditional, help: "With --png: pixels per point, 0.25–8 (default 1; 2 or 3 for Retina-class pictures).")
    var scale: Double = 1

    @Option(help: "With --png: the file to write (default: standard output).")
    var output: String?

    @Option(help: "With --png: light or dark (default light, a desktop's default).")
    var appearance: String?

    @Flag(help: "Print the frame with colours as ANSI escape sequences.")
    var ansi = false

    @Flag(help: "Print the frame as an SVG picture.")
    var svg = false

    @Option(help: "The platform idiom (default: iOS; with --png, macOS, a desktop's, as a window draws it).")
    var idiom: String?

    @Option(help: "Keys to press before the frame is taken: text is typed, and a key's name in angle brackets presses it, e.g. \"?\" for the help overlay, \"<Down><Shift+F10>\" for the focused row's menu.")
    var keys: String = ""

    @Option(help: "A file or directory to show as `scrollwork open` does, instead of a gallery page.")
    var open: String?

    @Flag(help: "Reduce Motion: scrolls move at once, without momentum, bounces or fading indicators.")
    var reduceMotion = false

    @Option(help: "Where the pointer rests when the frame is taken, X,Y in points from the top-left corner (a cell is 8 × 16 points), after the keys: what it is over is drawn hovered.")
    var pointer: String?

    /// The frame sizes a snapshot may have.
    static let columnRange = 1...1000, rowRange = 1...500

    /// The sizes a PNG snapshot may have, in points.
    static let pointRange = 8.0...8000.0

    /// The keys `text` presses: its characters typed, and a name in angle brackets ("<Down>",
    /// "<Shift+F10>", "<Ctrl+A>", "<lt>" for "<") the key it names.
    static func keyEvents(_ text: String) throws -> [KeyEvent] {
        var events: [KeyEvent] = []
        var rest = Substring(text)
        while let c = rest.first {
            rest = rest.dropFirst()
            guard c == "<" else { events.append(KeyEvent(.character(c))); continue }
            guard let close = rest.firstIndex(of: ">") else { throw ValidationError("--keys: '<' opens a key's name that no '>' closes; write <lt> for '<'") }
            let name = String(rest[..<close])
            rest = rest[rest.index(after: close)...]
            if name == "lt" { events.append(KeyEvent(.character("<"))); continue }
            guard let key = KeyEvent(label: name) else {
                throw ValidationError("--keys: no key is called '\(name)'; name one as help does: <Down>, <PgDn>, <Enter>, <Esc>, <Tab>, <F1>, <Menu>, <Shift+F10>, <Ctrl+A>")
            }
            events.append(key)
        }
        return events
    }

    /// The point `--pointer` names, nil when not given.
    func pointerPoint() throws -> Point? {
        guard let pointer else { return nil }
        let parts = pointer.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.filter { $0 != " " }) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite, (0...8000).contains(x), (0...8000).contains(y) else {
            throw ValidationError("--pointer '\(pointer)' must be X,Y in points, each 0 to 8000, e.g. 200,120")
        }
        return Point(x: x, y: y)
    }

    func validate() throws {
        _ = try Self.keyEvents(keys)
        _ = try pointerPoint()
        if [ansi, svg, png].filter({ $0 }).count > 1 { throw ValidationError("--ansi, --svg and --png each choose the output format; give one of them") }
        if !png && (output != nil || scale != 1 || appearance != nil) { throw ValidationError("--scale, --output and --appearance are for --png pictures; add --png") }
        if let appearance { _ = try DisplayOptions.appearance(appearance, allowsAuto: false) }
        guard scale.isFinite, (0.25...8).contains(scale) else { throw ValidationError("--scale must be 0.25 to 8 pixels a point; got \(scale)") }
        if png { _ = try pointSize() } else { _ = try frameSize() }
    }

    func frameSize() throws -> (columns: Int, rows: Int) {
        let size = self.size ?? "120x40"
        let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let c = parts[0], let r = parts[1], Self.columnRange.contains(c), Self.rowRange.contains(r) else {
            throw ValidationError("size '\(size)' must be COLUMNSxROWS with 1–1000 columns and 1–500 rows, e.g. 120x40")
        }
        return (c, r)
    }

    func pointSize() throws -> Size {
        let size = self.size ?? "390x844"
        let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], Self.pointRange.contains(w), Self.pointRange.contains(h) else {
            throw ValidationError("size '\(size)' must be WIDTHxHEIGHT in points, each 8 to 8000, e.g. 390x844")
        }
        return Size(width: w, height: h)
    }

    /// The PNG's appearance: `--appearance`, light by default (what a desktop shows with no preference).
    func pictureAppearance() throws -> Appearance {
        try DisplayOptions.appearance(appearance ?? "light", allowsAuto: false) ?? .light
    }

    func run() throws {
        let points = png ? try pointSize() : nil
        #if Window
        let (columns, rows) = try points.map { PixelFrame.cells(for: $0) } ?? frameSize()
        #else
        if points != nil { throw PixelHost.missing() }
        let (columns, rows) = try frameSize()
        #endif
        var display = DisplayOptions()
        display.page = page
        display.idiom = idiom
        display.color = "truecolor"
        display.reduceMotion = reduceMotion
        display.screenReader = false
        // A PNG is the window's frame: a desktop app's keys and chrome, its title left to the
        // window manager's title bar.
        let style = try display.style(environment: [:], appearance: png ? try pictureAppearance() : nil, keys: png ? .desktop : .terminal)
        if let open {
            let opened: OpenFile.Opened
            do { opened = try OpenFile.opened(path: open, separator: nil, header: nil, theme: style.theme, trusting: Open.authorities) } catch {
                printError("scrollwork: \(error)")
                throw ExitCode(error.status)
            }
            if png { return try show(ViewerWindow(opened, path: open, theme: style.theme), columns: columns, rows: rows) }
            switch opened {
            case let .table(viewer): try show(viewer, columns: columns, rows: rows)
            case let .pager(pager): try show(pager, columns: columns, rows: rows)
            case let .directory(viewer): try show(viewer, columns: columns, rows: rows)
            case let .database(viewer): try show(viewer, columns: columns, rows: rows)
            }
            return
        }
        try show(GalleryApp(page: try display.pageKind(), style: style), columns: columns, rows: rows)
    }

    /// Prints `app`'s frame after the keys, its background work done first.
    private func show<A: App>(_ app: A, columns: Int, rows: Int) throws {
        var terminal = HeadlessTerminal(app, columns: columns, rows: rows)
        while terminal.runWork("index") {}
        // A table read a page at a time (a database's, a Parquet file's): its names, count and
        // first pages, as the frame asked for them.
        for name in ["rowids", "count", "page-0", "page-1"] { while terminal.runWork(name) {} }
        for event in try Self.keyEvents(keys) {
            #if Window
            // A window lays its widgets out in points: each key meets the layout it would there
            // (a menu opens under the focused row as drawn in points).
            if png { _ = try pointFrame(of: &terminal.app, size: try pointSize(), palette: .standard(try pictureAppearance()), at: terminal.time) }
            #endif
            terminal.send(.key(event))
        }
        if let point = try pointerPoint() {
            #if Window
            if png { _ = try pointFrame(of: &terminal.app, size: try pointSize(), palette: .standard(try pictureAppearance()), at: terminal.time) }
            #endif
            terminal.send(.mouse(MouseEvent(.move, button: .none, at: point)))
        }
        terminal.advance(by: 0.5)
        if png {
            #if Window
            try writePNG(of: &terminal.app, size: try pointSize(), palette: .standard(try pictureAppearance()), at: terminal.time)
            #else
            throw PixelHost.missing()
            #endif
        } else if svg {
            print(SVGExport.svg(terminal.screen), terminator: "")
        } else if ansi {
            print(Renderer.inlineANSI(terminal.screen, colorMode: .trueColor), terminator: "")
        } else {
            print(terminal.text)
        }
    }
}

#if Window
extension Snapshot {
    /// Draws `app` with the pixel host and writes the PNG to ``output`` or standard output.
    /// `app`'s frame drawn by the pixel host; a failure is said and ends the command.
    private func pointFrame<A: App>(of app: inout A, size: Size, palette: PixelPalette, at time: Double) throws -> PixelImage {
        do {
            return try PixelFrame.render(&app, size: size, scale: scale, at: time, palette: palette)
        } catch {
            printError("scrollwork: \(error)")
            throw ExitCode(1)
        }
    }

    private func writePNG<A: App>(of app: inout A, size: Size, palette: PixelPalette, at time: Double) throws {
        let image = try pointFrame(of: &app, size: size, palette: palette, at: time)
        do {
            if let output {
                try image.writePNG(to: output)
            } else {
                let bytes = try image.pngData()
                var written = 0
                while written < bytes.count {
                    let n = systemWrite(1, bytes, from: written)
                    guard n > 0 else { throw PixelError.pngWrite(path: "standard output", reason: "the write failed") }
                    written += n
                }
            }
        } catch {
            printError("scrollwork: \(error)")
            throw ExitCode(1)
        }
    }
}
#endif

/// Lists the guideline checks the library performs.
struct Diagnostics: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "diagnostics", abstract: "List wrong configurations and the guideline diagnostics they raise.")

    func run() {
        for check in GalleryApp.guidelineChecks() {
            print(check.configuration)
            for d in check.diagnostics { print("  \(d)") }
        }
    }
}

/// The terminal, or a message and exit status 2 where there is none to take over.
func terminalSession(environment: [String: String]) throws -> TerminalSession {
    do {
        return try TerminalSession(environment: environment)
    } catch {
        printError("scrollwork: \(error)")
        throw ExitCode(2)
    }
}

/// Writes `message` and a line end to standard error, its control characters (from a file's name
/// or contents, which messages quote) shown as pictures wherever the message is read.
func printError(_ message: String) {
    var visible = VisibleText()
    let text = visible.shown(Array(message.utf8)) + visible.end() + [0x0A]
    _ = systemWrite(2, text)
}
