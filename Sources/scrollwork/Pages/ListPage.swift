import Scrollwork
import ScrollworkTerminal

/// A settings list (grouped, headers and footers, disclosure and detail accessories), an option
/// list with checkmarks, and a contacts list with a section index and an edit mode.
struct ListPage: GalleryPage {
    static let title = "List"
    static let guidelines = ["LT-01", "LT-02", "LT-03", "LT-04", "LT-05", "LT-08", "LT-09", "LT-10", "LT-11", "SV-03"]
    static let help = [
        "1 2 3 or a click choose a list; ↑ ↓ move; Enter opens (› drills in, Esc comes back).",
        "i or a click on ⓘ shows details about a row without leaving the list.",
        "Text Size is an option list: ↑ ↓ move the focus and the checkmark stays; Enter or a click",
        "chooses, and the choice flashes, then gets the checkmark.",
        "Contacts: click or drag the letters on the right to jump; e toggles edit mode.",
        "In edit mode: d deletes, n inserts, Alt+↑ Alt+↓ move a row; u undoes, r redoes.",
    ]

    var style: GalleryStyle
    var settings: ListState<String>
    var options: ListState<String>
    var contacts: ListState<String>
    var focus = 0
    var detail: String? = nil
    /// The last message of each list (settings, text size, contacts): the status line shows only
    /// the focused list's.
    var messages = ["", "", ""]
    var message: String {
        get { messages[focus] }
        set { messages[focus] = newValue }
    }
    var captures: [PointerCapture?] = [nil, nil, nil]
    var panes: [CellRect] = []
    var inserted = 0

    init(style: GalleryStyle) {
        self.style = style
        settings = ListState(sections: [
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
        options = ListState(sections: [ListSection(["Extra Small", "Small", "Medium", "Large", "Extra Large"], header: RowContent("Text Size"),
                                                   footer: RowContent("An option list: the choice gets a checkmark"))]) { RowContent($0) }
        options.style = .insetGrouped
        options.selectionFeedback = .checkmark
        try? options.select(IndexPath(row: 2))
        contacts = ListState(sections: GalleryNames.contacts().map { group in
            ListSection(group.names, header: RowContent(group.letter), indexTitle: group.letter)
        }) { RowContent($0) }
        for list in [\ListPage.settings, \.options, \.contacts] { self[keyPath: list].idiom = style.idiom }
        // After a delete the next contact is selected, so d d deletes two; a new one is selected.
        contacts.selectsAfterEdits = true
    }

    var status: String {
        var parts = ["focus: " + ["Settings", "Text Size", "Contacts"][focus]]
        if contacts.isEditing { parts.append("editing contacts (d n Alt+↑↓ u r)") }
        if !message.isEmpty { parts.append(message) }
        return parts.joined(separator: " · ")
    }

    var isAnimating: Bool { settings.scroll.isAnimating || options.scroll.isAnimating || contacts.scroll.isAnimating }
    var wakeTime: Double? { [settings.scroll.wakeTime, options.scroll.wakeTime, contacts.scroll.wakeTime].compactMap { $0 }.min() }

    mutating func appear(at time: Double) {
        for list in [\ListPage.settings, \.options, \.contacts] { try? self[keyPath: list].scroll.flashIndicators(at: time) }
    }

    mutating func tick(at time: Double) {
        settings.scroll.tick(at: time)
        options.scroll.tick(at: time)
        contacts.scroll.tick(at: time)
    }

    mutating func draw(into buffer: inout Buffer, area: CellRect, at time: Double) {
        let width = area.columns / 3
        panes = (0..<3).map { i in
            CellRect(column: area.column + i * width, row: area.row + 1, columns: i == 2 ? area.columns - 2 * width : width - 1, rows: area.rows - 1)
        }
        let theme = style.theme
        for (i, title) in ["1 Settings", "2 Text Size", "3 Contacts"].enumerated() {
            var s = i == focus ? theme.accent : theme.header
            s.underline = i == focus
            buffer.draw(" " + title, column: panes[i].column, row: area.row, style: s)
            if i < 2 { buffer.fill(CellRect(column: panes[i].maxColumn, row: area.row, columns: 1, rows: area.rows), with: Cell("│", style: theme.separator)) }
        }
        let widget = ListWidget(theme: theme)
        if let detail {
            drawDetail(detail, in: panes[0], into: &buffer)
        } else {
            widget.layout(&settings, in: panes[0])
            widget.draw(settings, in: panes[0], at: time, into: &buffer)
        }
        widget.layout(&options, in: panes[1])
        widget.draw(options, in: panes[1], at: time, into: &buffer)
        widget.layout(&contacts, in: panes[2])
        widget.draw(contacts, in: panes[2], at: time, into: &buffer)
    }

    private func drawDetail(_ title: String, in rect: CellRect, into buffer: inout Buffer) {
        let theme = style.theme
        buffer.fill(rect)
        buffer.draw(" ‹ Settings  (Esc)", column: rect.column, row: rect.row, style: theme.accent, clip: rect)
        buffer.draw(" " + title, column: rect.column, row: rect.row + 2, style: theme.header, clip: rect)
        let text = "The detail view of \(title). A list keeps its rows short, a title and a value; the rest of what there is to say about a row lives here, one level down."
        for (i, line) in GalleryDocument.wrap(text, width: rect.columns - 2).enumerated() {
            buffer.draw(" " + line, column: rect.column, row: rect.row + 4 + i, style: theme.text, clip: rect)
        }
    }

    // MARK: Input

    mutating func handle(_ event: Event, in area: CellRect, at time: Double) -> Bool {
        switch event {
        case let .mouse(mouse):
            if case .press = mouse.kind, let i = panes.firstIndex(where: { $0.contains(column: mouse.column, row: mouse.row) }) { focus = i }
            let widget = ListWidget(theme: style.theme)
            let i = focus
            guard panes.indices.contains(i) else { return false }
            var capture = captures[i]
            var event: ListEvent? = nil
            switch i {
            case 0: if detail == nil { event = widget.handle(mouse, in: panes[0], list: &settings, capture: &capture, at: time) }
            case 1: event = widget.handle(mouse, in: panes[1], list: &options, capture: &capture, at: time)
            default: event = widget.handle(mouse, in: panes[2], list: &contacts, capture: &capture, at: time)
            }
            captures[i] = capture
            if let event { react(to: event, in: i) }
            return true
        case let .key(key):
            return handleKey(key, at: time)
        default:
            return false
        }
    }

    private mutating func handleKey(_ key: KeyEvent, at time: Double) -> Bool {
        switch key.key {
        case .character("1"): focus = 0; return true
        case .character("2"): focus = 1; return true
        case .character("3"): focus = 2; return true
        case .escape: detail = nil; message = ""; return true
        case .character("e"):
            contacts.isEditing.toggle()
            if contacts.isEditing { focus = 2 }
            return true
        case .character("u"):
            messages[2] = (try? contacts.undo()) != nil ? "undone" : "nothing to undo"
            return true
        case .character("r"):
            messages[2] = (try? contacts.redo()) != nil ? "redone" : "nothing to redo"
            return true
        default: break
        }
        if focus == 2 && contacts.isEditing, handleEdit(key) { return true }
        if let move = ListWidget.move(for: key) {
            withFocused { try? $0.moveCursor(move, at: time) }
            return true
        }
        if key.key == .enter || key.key == .character("i") {
            let target: ActivationTarget = key.key == .enter ? .row : .detailButton
            var event: ListEvent? = nil
            withFocused { list in
                if let id = list.cursor, let path = list.indexPath(of: id) { event = try? list.activate(path, target: target, at: time) }
            }
            if let event { react(to: event, in: focus) }
            return true
        }
        return false
    }

    private mutating func handleEdit(_ key: KeyEvent) -> Bool {
        let path = contacts.cursor.flatMap { contacts.indexPath(of: $0) }
        switch key.key {
        case .character("d"), .delete, .backspace:
            guard let path else { return true }
            message = (try? contacts.deleteRows(at: [path])) != nil ? "deleted" : "cannot delete"
            return true
        case .character("n"):
            inserted += 1
            let at = path ?? IndexPath(row: 0, section: 0)
            message = (try? contacts.insertRows(["New Contact \(inserted)"], at: at)) != nil ? "inserted" : "cannot insert"
            return true
        case .up where key.modifiers.contains(.alt), .down where key.modifiers.contains(.alt):
            guard let path else { return true }
            let up = key.key == .up
            var target = IndexPath(row: path.row + (up ? -1 : 1), section: path.section)
            if target.row < 0 || target.row >= contacts.numberOfRows(inSection: path.section) {
                // Past the section's end: into the neighbouring section.
                let section = path.section + (up ? -1 : 1)
                guard section >= 0 && section < contacts.numberOfSections else { return true }
                target = IndexPath(row: up ? contacts.numberOfRows(inSection: section) : 0, section: section)
            }
            message = (try? contacts.moveRow(from: path, to: target)) != nil ? "moved" : "cannot move there"
            return true
        default:
            return false
        }
    }

    private mutating func withFocused(_ body: (inout ListState<String>) -> Void) {
        switch focus {
        case 0: body(&settings)
        case 1: body(&options)
        default: body(&contacts)
        }
    }

    private mutating func react(to event: ListEvent, in pane: Int) {
        switch event {
        case let .navigate(path):
            if pane == 0, let title = try? settings.row(at: path) { detail = title; message = "opened \(title)" }
        case let .showDetails(path):
            let list = pane == 0 ? settings : (pane == 1 ? options : contacts)
            if let title = try? list.row(at: path) { message = "ⓘ \(title): details shown, no navigation" }
        case let .selectionChanged(path):
            if pane == 1, let title = try? options.row(at: path) { message = "text size: \(title)" }
        case .none:
            break
        }
    }
}
