import Scrollwork
import ScrollworkWidgets

/// A settings list (grouped, headers and footers, disclosure and detail accessories), an option
/// list with checkmarks, and a contacts list with a section index and an edit mode.
struct ListPage: GalleryPage {
    static let title = "List"
    static let guidelines = ["LT-01", "LT-02", "LT-03", "LT-04", "LT-05", "LT-08", "LT-09", "LT-10", "LT-11", "SV-03"]
    static let help = [
        "A click chooses a list; opening a row with › drills in.",
        "A click on ⓘ shows details about a row over the list, without leaving it (Done closes).",
        "Text Size is an option list: moving the focus keeps the checkmark; opening a row or a click",
        "chooses, and the choice flashes, then gets the checkmark.",
        "Contacts: click or drag the letters on the right to jump.",
        "In edit mode: click ⊖ to delete, drag ≡ to move a row (the list scrolls at its edges).",
    ]

    /// What the page's own keys do.
    enum Command: Sendable, Hashable {
        case back, edit, undo, redo, details, delete, insert
        /// Focus list `index` (0 Settings, 1 Text Size, 2 Contacts).
        case focusList(Int)
        /// Edit mode: move the focused row up, or down.
        case moveRow(up: Bool)
    }

    /// The page's keys.
    static let commands = CommandTable<Command>("List page", [
        KeyBinding("Settings · Text Size · Contacts", label: "1 2 3", example: .focusList(0)) { key in
            guard case let .character(c) = key.key, key.modifiers.isEmpty, let n = c.wholeNumberValue, (1...3).contains(n) else { return nil }
            return .focusList(n - 1)
        },
        KeyBinding(.back, "back from a drilled-in or info view", keys: KeyEvent(.escape)),
        KeyBinding(.details, "details of the focused row, over the list", keys: KeyEvent(.character("i"))),
        KeyBinding(.edit, "Contacts: edit mode on or off", keys: KeyEvent(.character("e"))),
        KeyBinding(.delete, "edit mode: delete the focused row", keys: KeyEvent(.character("d")), KeyEvent(.delete), KeyEvent(.backspace)),
        KeyBinding(.insert, "edit mode: insert a row", keys: KeyEvent(.character("n"))),
        KeyBinding(.moveRow(up: true), "edit mode: move the focused row up", keys: KeyEvent(.up, .alt)),
        KeyBinding(.moveRow(up: false), "edit mode: move the focused row down", keys: KeyEvent(.down, .alt)),
        KeyBinding(.undo, "undo", keys: KeyEvent(.character("u"))),
        KeyBinding(.redo, "redo", keys: KeyEvent(.character("r"))),
    ])

    /// The page's keys, then a list's.
    static var keys: KeyHelp { KeyHelp(title: "List page", entries: commands.help.entries + RowsCommand.listKeys.help.entries) }

    var style: GalleryStyle
    /// The settings list, and over it the detail view of a row opened with › (‹ Settings, Esc,
    /// Alt+← or a swipe from the left edge comes back).
    var settings: NavigationStack<SettingsPane>
    var options: ListView<String>
    var contacts: ListView<String>
    /// The info sheet an ⓘ shows over the settings list (Done or Esc closes it).
    var sheet: DetailPane? = nil
    var routing = Routing()
    /// What the page itself asks of the host during an event (nothing yet: its children ask).
    var effects: [Effect] = []
    var frame = Rect.zero
    /// The last message of each list (settings, text size, contacts): the status line shows only
    /// the focused list's.
    var messages = ["", "", ""]
    var inserted = 0

    init(style: GalleryStyle) {
        self.style = style
        var settings = ListState(sections: [
            ListSection(["Wi-Fi", "Bluetooth", "Cellular", "Personal Hotspot"], header: RowContent("Network"),
                        footer: RowContent("Connections to networks and devices")),
            ListSection(["Notifications", "Sounds & Haptics", "Focus", "Screen Time"], header: RowContent("Attention")),
            ListSection(["General", "Display & Brightness", "Accessibility", "Privacy & Security"], header: RowContent("System"),
                        footer: RowContent("Scrollwork 0.1")),
        ]) { title in
            switch title {
            case "Wi-Fi": return RowContent(title, secondaryText: "Home", leadingSymbol: "≋", accessory: .disclosureIndicator)
            case "Bluetooth": return RowContent(title, secondaryText: "On", leadingSymbol: "◉", accessory: .detailDisclosureButton)
            case "Personal Hotspot": return RowContent(title, secondaryText: "Off", accessory: .detailButton)
            default: return RowContent(title, accessory: .disclosureIndicator)
            }
        }
        settings.style = .grouped
        var options = ListState(sections: [ListSection(["Extra Small", "Small", "Medium", "Large", "Extra Large"], header: RowContent("Text Size"),
                                                       footer: RowContent("An option list: the choice gets a checkmark"))]) { RowContent($0) }
        options.style = .insetGrouped
        options.selectionFeedback = .checkmark
        do { try options.select(IndexPath(row: 2)) } catch { messages[1] = "\(error)" }
        var contacts = ListState(sections: GalleryNames.contacts().map { group in
            ListSection(group.names, header: RowContent(group.letter), indexTitle: group.letter)
        }) { RowContent($0) }
        // After a delete the next contact is selected, so d d deletes two; a new one is selected.
        contacts.selectsAfterEdits = true
        settings.scroll = style.scrollState()
        options.scroll = style.scrollState()
        contacts.scroll = style.scrollState()
        settings.idiom = style.idiom
        options.idiom = style.idiom
        contacts.idiom = style.idiom
        self.settings = NavigationStack(root: .list(ListView(settings, theme: style.theme)), title: "Settings", theme: style.theme, idiom: style.idiom)
        // The pane's own title names the root.
        self.settings.showsBarAtRoot = false
        self.options = ListView(options, theme: style.theme)
        self.contacts = ListView(contacts, theme: style.theme)
        // Named as the panes' titles read.
        self.options.accessibilityLabel = "Text Size"
        self.contacts.accessibilityLabel = "Contacts"
    }

    var children: [Child<Self>] {
        [sheet == nil ? Child(\.settings) : Child(\.sheetPane), Child(\.options), Child(\.contacts)]
    }

    /// The info sheet, or an empty one.
    var sheetPane: DetailPane {
        get { sheet ?? DetailPane(title: "", theme: style.theme, isSheet: true) }
        set { if sheet != nil { sheet = newValue } }
    }

    /// The settings list, at the root of the settings stack. The root is made a list and only
    /// ever set to one; were it not, an empty list stands in rather than the gallery stopping.
    var settingsList: ListView<String> {
        get {
            guard case let .list(view) = settings.root else { return ListView(ListState(sections: []) { RowContent($0) }, theme: style.theme) }
            return view
        }
        set { settings.root = .list(newValue) }
    }

    /// 0, 1 or 2: the focused list.
    var focusIndex: Int {
        mutating get {
            if isFocused(\.options) { return 1 }
            return isFocused(\.contacts) ? 2 : 0
        }
    }

    var message: String {
        mutating get { messages[focusIndex] }
        set { messages[focusIndex] = newValue }
    }

    var status: String {
        mutating get {
            var parts = ["focus: " + ["Settings", "Text Size", "Contacts"][focusIndex]]
            if contacts.list.isEditing { parts.append("editing contacts (d n Alt+↑↓ u r)") }
            if !message.isEmpty { parts.append(message) }
            return parts.joined(separator: " · ")
        }
    }

    /// The fewest columns a list gets beside the others before the lists stack.
    static let narrowestSideBySide = 28

    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
        let theme = style.theme, metrics = canvas.metrics
        let (column, line) = (metrics.cellWidth, metrics.cellHeight)
        // Side by side while each list gets a phone's width of text; on a narrow screen the
        // lists stack, each as wide as the screen, rather than squeeze.
        let stacks = bounds.width < Double(3 * Self.narrowestSideBySide + 2) * column && bounds.height >= 18 * line
        // Stacked, the option list takes the lines it has (and its title), the others share the rest.
        let optionHeight = metrics.wholeLines(options.list.scroll.contentSize.height) + line
        let bands = stacks ? bounds.rows([.fill, .points(min(optionHeight, metrics.wholeLines(bounds.height / 3))), .fill], spacing: line, step: line)
            : bounds.columns([.fill, .fill, .fill], spacing: column, step: column)
        let focused = focusIndex
        for (i, title) in ["1 Settings", "2 Text Size", "3 Contacts"].enumerated() {
            var s = i == focused ? theme.accent : theme.header
            // A terminal marks the focused pane's title; a window rings the pane itself (after
            // Tab) and keeps its titles plain, not links.
            s.underline = i == focused && canvas.underlinesFocus
            canvas.label(title, in: bands[i], style: s, idiom: style.idiom, lineHeight: line)
            if i < 2, !stacks { canvas.verticalRule(in: Rect(x: bands[i].maxX, y: bounds.minY, width: column, height: bounds.height), theme.separator) }
        }
        let panes = bands.map { $0.rows([.points(line), .fill])[1] }
        settings.render(in: panes[0], into: &canvas, at: time)
        if sheet != nil { sheetPane.render(in: panes[0], into: &canvas, at: time) }
        options.render(in: panes[1], into: &canvas, at: time)
        contacts.render(in: panes[2], into: &canvas, at: time)
    }

    // MARK: Input

    mutating func collect(_ reply: Reply<ChildReport>, at time: Double) {
        if reply.reports(from: \Self.sheetPane).contains(.done) { closeSheet() }
        for report in reply.reports(from: \Self.settings) {
            switch report {
            case let .popped(_, depth): if depth == 1 { messages[0] = "" }
            case let .page(event): react(to: event, in: 0, at: time)
            }
        }
        // Each list's errors to its own pane's line: the one focused is the one the event reached.
        if let message = errorNote(reply.errors) { messages[focusIndex] = message }
        for (i, path) in [\ListPage.options, \.contacts].enumerated() {
            for event in reply.reports(from: path) { react(to: event, in: i + 1, at: time) }
        }
    }

    private mutating func closeSheet() {
        sheet = nil
        messages[0] = ""
        focus(\.settings)
    }

    mutating func handleUnused(_ event: Event, at time: Double) -> EventResult {
        guard case let .key(key) = event, let command = Self.commands.command(for: key) else { return .ignored }
        switch command {
        case let .focusList(index):
            switch index {
            case 0: focus(\.settings)
            case 1: focus(\.options)
            default: focus(\.contacts)
            }
        case .back:
            guard sheet != nil else { return .ignored }
            closeSheet()
        case .edit:
            contacts.list.isEditing.toggle()
            if contacts.list.isEditing { focus(\.contacts) }
        case .undo:
            do { try contacts.list.undo(); messages[2] = "undone" } catch { messages[2] = "nothing to undo" }
        case .redo:
            do { try contacts.list.redo(); messages[2] = "redone" } catch { messages[2] = "nothing to redo" }
        case .details:
            // The detail button of the focused row, from the keyboard.
            let i = focusIndex
            let path = [\ListPage.settingsList, \.options, \.contacts][i]
            guard let id = self[keyPath: path].list.cursor, let row = self[keyPath: path].list.indexPath(of: id) else { return .handled }
            do { react(to: try self[keyPath: path].list.activate(row, target: .detailButton, at: time), in: i, at: time) } catch { messages[i] = "\(error)" }
        case .delete, .insert, .moveRow:
            return focusIndex == 2 && contacts.list.isEditing ? handleEdit(command) : .ignored
        }
        return .handled
    }

    private mutating func handleEdit(_ command: Command) -> EventResult {
        let path = contacts.list.cursor.flatMap { contacts.list.indexPath(of: $0) }
        switch command {
        case .delete:
            guard let path else { return .handled }
            do { try contacts.list.deleteRows(at: [path]); message = "deleted" } catch { message = "cannot delete: \(error)" }
        case .insert:
            inserted += 1
            let at = path ?? IndexPath(row: 0, section: 0)
            do { try contacts.list.insertRows(["New Contact \(inserted)"], at: at); message = "inserted" } catch { message = "cannot insert: \(error)" }
        case let .moveRow(up):
            guard let path else { return .handled }
            var target = IndexPath(row: path.row + (up ? -1 : 1), section: path.section)
            if target.row < 0 || target.row >= contacts.list.numberOfRows(inSection: path.section) {
                // Past the section's end: into the neighbouring section.
                let section = path.section + (up ? -1 : 1)
                guard section >= 0 && section < contacts.list.numberOfSections else { return .handled }
                target = IndexPath(row: up ? contacts.list.numberOfRows(inSection: section) : 0, section: section)
            }
            do { try contacts.list.moveRow(from: path, to: target); message = "moved" } catch { message = "cannot move there: \(error)" }
        default:
            return .ignored
        }
        return .handled
    }

    /// "B 3": a row's section header and its place in the section.
    private func place(_ path: IndexPath, in list: ListState<String>) -> String {
        "\(list.decorations(ofSection: path.section).header?.title ?? "section \(path.section + 1)") \(path.row + 1)"
    }

    private mutating func react(to event: ListEvent, in pane: Int, at time: Double) {
        let list = [settingsList.list, options.list, contacts.list][pane]
        do {
            switch event {
            case let .navigate(path):
                guard pane == 0 else { return }
                let title = try list.row(at: path)
                settings.push(.detail(DetailPane(title: title, theme: style.theme)), title: title, at: time)
                focus(\.settings)
                messages[0] = "opened \(title) (Esc goes back)"
            case let .showDetails(path):
                // An info sheet over the list, which stays where it is: no navigation (LT-10).
                let title = try list.row(at: path)
                sheet = DetailPane(title: title, theme: style.theme, isSheet: true)
                focus(\.sheetPane)
                messages[pane] = "ⓘ \(title): details shown over the list, no navigation"
            case let .selectionChanged(path):
                if pane == 1 { messages[1] = "text size: \(try list.row(at: path))" }
            case let .deleted(path):
                messages[pane] = "deleted the row at \(place(path, in: list)) (u undoes)"
            case let .moved(from, to):
                messages[pane] = "moved \(try list.row(at: to)) from \(place(from, in: list)) to \(place(to, in: list)) (u undoes)"
            case .none:
                break
            }
        } catch {
            messages[pane] = "\(error)"
        }
    }
}

/// The detail view of a settings row, a page of the settings stack (whose bar holds its title and
/// the way back). As a sheet (what an info button shows) it lies over the list with its title and
/// a Done button, and the list stays where it was.
struct DetailPane: Widget {
    var title: String
    var theme: Theme
    var isSheet = false
    var frame = Rect.zero
    /// The sheet's first line (its title and Done), where it was last drawn: a click there is Done.
    var doneLine = Rect.zero

    init(title: String, theme: Theme, isSheet: Bool = false) {
        self.title = title
        self.theme = theme
        self.isSheet = isSheet
    }

    /// What a detail pane reports: a sheet's Done was clicked.
    enum Report: Hashable { case done }

    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        let cell = canvas.metrics.cellWidth, row = canvas.metrics.cellHeight
        // A sheet lies two lines down and a column in from the pane's edges, a line from its bottom.
        let box = isSheet
            ? Rect(x: bounds.minX + cell, y: bounds.minY + 2 * row, width: max(0, bounds.width - 2 * cell), height: max(0, bounds.height - 3 * row))
            : bounds
        frame = bounds
        doneLine = isSheet ? Rect(x: box.minX, y: box.minY, width: box.width, height: min(row, box.height)) : .zero
        let style = isSheet ? theme.controlBackground : theme.text
        let text = isSheet
            ? "About \(title). An info button shows more about its row and never navigates: the list is still there, beneath, where you left it (LT-10)."
            : "The detail view of \(title). A list keeps its rows short, a title and a value; the rest of what there is to say about a row lives here, one level down."
        let (isSheet, title, theme) = (isSheet, title, theme)
        canvas.draw(box, idiom: .iOS) { c in
            let m = c.textMeasurer
            c.fill(box, style)
            func line(_ i: Int) -> Double { box.minY + Double(i) * row }
            if isSheet {
                var button = theme.accent
                button.reverse = theme.controlBackground.reverse
                c.text("ⓘ " + title, at: Point(x: box.minX + cell, y: line(0)), width: box.width - 13 * cell, font: .headline, style: theme.controlBackground)
                c.text("Done (Esc)", at: Point(x: box.maxX - 11 * cell, y: line(0)), width: 10 * cell, style: button, alignment: .trailing)
            }
            for (i, piece) in m.wrapped(text, toWidth: Swift.max(cell, box.width - 2 * cell), font: .body).enumerated() {
                c.text(piece, at: Point(x: box.minX + cell, y: line((isSheet ? 2 : 1) + i)), style: style)
            }
        }
    }

    /// A click on a sheet's first row (its Done) closes it; Esc is left to the page.
    mutating func handle(_ event: Event, at time: Double) -> Reply<Report> {
        guard case let .mouse(mouse) = event else { return .ignored }
        let done = isSheet && mouse.kind == .press && GalleryApp.chooses(mouse) && doneLine.contains(mouse.location)
        return Reply(frame.contains(mouse.location) || mouse.kind == .release ? .handled : .ignored, reports: done ? [.done] : [])
    }
}

extension ListPage {
    /// Draws in `theme` from now on: the settings' stack and every pane in it, the two lists and
    /// an open sheet.
    mutating func retheme(_ theme: Theme) {
        style.theme = theme
        settings.theme = theme
        _ = settings.updatePages { $0.retheme(theme) }
        options.theme = theme
        contacts.theme = theme
        sheet?.theme = theme
    }
}
