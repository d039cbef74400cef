import Scrollwork
import ScrollworkWidgets

/// What the prompt at the bottom of a table asks for.
enum ViewerPrompt: Sendable, Hashable {
    case search, column, filter, goToRow, save
    /// Whether to replace the file at the path, which a save was asked for: a question
    /// (``ViewerQuestion``), answered "y" or "n".
    case replace(String)
}

/// What is over a table and takes its events: the context menu, the prompt at the bottom, a
/// row or the keys shown whole. A table screen holds one at most (nil: the table takes the
/// events), so two cannot be open at once, and each carries the state it needs; every table
/// screen (a file's, a database's, a sheet's) handles and draws them here, once.
enum TableOverlay {
    /// The context menu of a row or a heading.
    case menu(MenuView<ViewerCommand>)
    /// The prompt at the bottom, and what it asks for.
    case prompt(TextField, asking: ViewerPrompt)
    /// A question at the bottom answered yes or no by a key or a button.
    case question(ViewerQuestion)
    /// A row of a sheet shown whole, every field under its column's name (a table's rows are
    /// shown whole on a page of their own, ``RecordPage``).
    case record(ScrollView<RecordDetail>)
    /// The keys of the table shown whole.
    case help(ScrollView<RecordDetail>)
    /// What Scrollwork is (the primary menu's About).
    case about(ScrollView<RecordDetail>)

    /// What an event did to the overlay.
    enum Outcome: Equatable {
        /// It stays open; nothing for the table to do.
        case stays
        /// It closed.
        case closes
        /// The menu chose a command and closed: the table runs it as its key would.
        case runs(ViewerCommand)
        /// The prompt was answered and closed.
        case submits(ViewerPrompt, String)
        /// The prompt stays, and copied (or cut) this text for the clipboard.
        case copies(String)

        /// True when the overlay is still open after it.
        var keepsOverlay: Bool {
            switch self {
            case .stays, .copies: return true
            case .closes, .runs, .submits: return false
            }
        }
    }

    /// A prompt labelled `label` asking for `asking`; filled-in `text` is selected, as a
    /// dialog's is, so that typing (or a paste) replaces it. Whether to replace a file is a
    /// question, `label` its text, not a field.
    static func asking(_ asking: ViewerPrompt, _ label: String, text: String = "", theme: Theme,
                       keys: CommandTable<TextFieldCommand> = TextFieldCommand.keys) -> TableOverlay {
        if case .replace = asking { return .question(ViewerQuestion(asking, label, yes: "Replace", no: "Keep", theme: theme)) }
        var field = TextField(prompt: label, text: text, selected: true, theme: theme)
        field.keys = keys
        return .prompt(field, asking: asking)
    }

    /// Takes `event`: the menu every event (what it chooses runs as its key would run it), the
    /// prompt every key (Enter answers it, Esc closes it), a row or the keys shown whole scroll,
    /// and close on Esc, Enter or q.
    mutating func handle(_ event: Event, at time: Double) -> Outcome {
        switch self {
        case var .menu(open):
            let reports = open.handle(event, at: time).reports
            self = .menu(open)
            if let command = reports.lazy.compactMap({ if case let .chose(command) = $0 { command } else { nil } }).first { return .runs(command) }
            return open.isOpen ? .stays : .closes
        case let .question(question):
            return question.answer(to: event).map { .submits(question.asking, $0 ? "y" : "n") } ?? .stays
        case .prompt(var typing, let asking):
            let reply = typing.handle(event, at: time)
            self = .prompt(typing, asking: asking)
            if reply.reports.contains(.submitted) { return .submits(asking, typing.text) }
            if reply.reports.contains(.cancelled) { return .closes }
            return reply.effects.lazy.compactMap { if case let .copy(text) = $0 { text } else { nil } }.last.map { .copies($0) } ?? .stays
        case var .record(shown):
            if case let .key(key) = event, ViewerKeys.record.command(for: key) == .close { return .closes }
            _ = shown.handle(event, at: time)
            self = .record(shown)
            return .stays
        case var .help(shown), var .about(shown):
            if case let .key(key) = event, ViewerKeys.record.command(for: key) == .close { return .closes }
            _ = shown.handle(event, at: time)
            self = replacingScrollView(shown) ?? self
            return .stays
        }
    }

    /// Draws the overlay: a row or the keys over `table`, the prompt in `statusLine` (true when
    /// it did, so the status line is not drawn over it), the menu over `whole`. The status line
    /// goes under a menu and beside a row shown whole, so it is drawn first (`drawStatus`).
    mutating func render(table: Rect, statusLine: Rect, whole: Rect, into canvas: inout Canvas, at time: Double,
                         drawStatus: (inout Canvas) -> Void) {
        switch self {
        case var .menu(open):
            drawStatus(&canvas)
            open.render(in: whole, into: &canvas, at: time)
            self = .menu(open)
        case .prompt(var typing, let asking):
            typing.render(in: statusLine, into: &canvas, at: time)
            self = .prompt(typing, asking: asking)
        case var .question(question):
            question.render(in: statusLine, into: &canvas)
            self = .question(question)
        case var .record(shown):
            shown.renderOver(table, into: &canvas, at: time)
            drawStatus(&canvas)
            self = .record(shown)
        case var .help(shown), var .about(shown):
            shown.renderOver(table, into: &canvas, at: time)
            drawStatus(&canvas)
            self = replacingScrollView(shown) ?? self
        }
    }

    /// Advances what moves in it to `time`.
    mutating func tick(at time: Double) {
        switch self {
        // A scroll view's tick causes nothing but its motion.
        case var .record(shown):
            _ = shown.tick(at: time)
            self = .record(shown)
        case var .help(shown), var .about(shown):
            _ = shown.tick(at: time)
            self = replacingScrollView(shown) ?? self
        case .menu, .prompt, .question: break
        }
    }

    /// True while something in it moves.
    var isAnimating: Bool { scrollView?.isAnimating ?? false }
    /// When it next needs a frame.
    var wakeTime: Double? { scrollView?.wakeTime }

    /// The row or the keys shown whole.
    var scrollView: ScrollView<RecordDetail>? {
        switch self {
        case let .record(shown), let .help(shown), let .about(shown): return shown
        case .menu, .prompt, .question: return nil
        }
    }

    /// The prompt's field, while it is the prompt.
    var field: TextField? {
        if case let .prompt(typing, _) = self { return typing }
        return nil
    }

    /// The question, while one is asked.
    var question: ViewerQuestion? {
        if case let .question(question) = self { return question }
        return nil
    }

    /// True while it takes every key typed: the prompt, or a question.
    var takesKeys: Bool { field != nil || question != nil }

    /// What a screen reader is told of it besides the table: the prompt's field, the question,
    /// the menu, or the keys, About or a record as a dialog of the lines it shows.
    var accessibility: AccessibilityElement? {
        if let field { return field.accessibility }
        if let question { return question.accessibility }
        if var open = menu?.accessibility {
            open.identifier = "menu"
            return open
        }
        guard let shown = scrollView, let content = shown.accessibility else { return nil }
        let name: String
        switch self {
        case .help: name = "Keyboard Shortcuts"
        case .about: name = "About Scrollwork"
        default: name = "Record"
        }
        var dialog = AccessibilityElement(role: .dialog, name: name, state: .focused, frame: shown.frame, children: [content])
        dialog.identifier = name
        return dialog
    }

    /// The menu, while it is the menu.
    var menu: MenuView<ViewerCommand>? {
        if case let .menu(open) = self { return open }
        return nil
    }

    /// True while it shows the keys.
    var isHelp: Bool {
        if case .help = self { return true }
        return false
    }

    /// The overlay with `field` put back in the prompt (nil closes it): how a screen's children
    /// write a prompt they changed. Any other overlay stays as it is.
    func replacingField(_ field: TextField?) -> TableOverlay? {
        guard case let .prompt(_, asking) = self else { return self }
        return field.map { .prompt($0, asking: asking) }
    }

    /// The overlay with `shown` put back as the row or keys shown whole (nil closes it).
    func replacingScrollView(_ shown: ScrollView<RecordDetail>?) -> TableOverlay? {
        switch self {
        case .record: return shown.map { .record($0) }
        case .help: return shown.map { .help($0) }
        case .about: return shown.map { .about($0) }
        case .menu, .prompt, .question: return self
        }
    }
}

/// A table screen with a ``TableOverlay`` over its table: what is over it, by kind, for its
/// children, its status line and its tests.
protocol OverlaidTable {
    /// What is over the table; nil leaves the events to the table.
    var overlay: TableOverlay? { get set }
}

extension OverlaidTable {
    /// The row or the keys shown whole over the table, as a child (nil closes it).
    var detail: ScrollView<RecordDetail>? {
        get { overlay?.scrollView }
        set { overlay = overlay?.replacingScrollView(newValue) }
    }
    /// The prompt being typed, as a child (nil closes it).
    var field: TextField? {
        get { overlay?.field }
        set { overlay = overlay?.replacingField(newValue) }
    }
    /// The context menu of a row or a heading, while it is open: it takes every event.
    var menu: MenuView<ViewerCommand>? { overlay?.menu }
    /// True while the keys are shown over the table.
    var showingHelp: Bool { overlay?.isHelp == true }

    /// Opens what every table shows over itself the same way, a sheet included: `?`'s keys
    /// (`keys` whole), F10's primary menu (at the top right of `frame`, where a GNOME app's menu
    /// button opens it) and About; false for another command.
    mutating func showOverTable(_ command: ViewerCommand, keys: CommandTable<ViewerCommand>, frame: Rect, theme: Theme, idiom: ScrollIdiom,
                                at time: Double) -> Bool {
        switch command {
        case .help: overlay = .help(.shown(RecordDetail.keys(of: keys, theme: theme), theme: theme, at: time))
        case .primaryMenu: overlay = .menu(ViewerMenu.primary(keys: keys, at: Point(x: frame.maxX, y: frame.minY), theme: theme, idiom: idiom))
        case .about: overlay = .about(.shown(RecordDetail.about(theme: theme), theme: theme, at: time))
        default: return false
        }
        return true
    }
}

extension TableOverlay {
    /// Draws in `theme` from now on.
    mutating func retheme(_ theme: Theme) {
        switch self {
        case var .menu(menu):
            menu.theme = theme
            self = .menu(menu)
        case .prompt(var field, let asking):
            field.theme = theme
            self = .prompt(field, asking: asking)
        case var .question(question):
            question.theme = theme
            self = .question(question)
        case var .record(view):
            view.retheme(theme)
            self = .record(view)
        case var .help(view):
            view.retheme(theme)
            self = .help(view)
        case var .about(view):
            view.retheme(theme)
            self = .about(view)
        }
    }
}

extension ScrollView<RecordDetail> {
    /// Draws in `theme` from now on, the record's lines too.
    mutating func retheme(_ theme: Theme) {
        self.theme = theme
        content.theme = theme
    }
}
