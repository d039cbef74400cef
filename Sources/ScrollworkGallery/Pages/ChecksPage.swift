import Scrollwork
import ScrollworkWidgets

/// Deliberately wrong configurations and the guideline diagnostics they raise.
struct ChecksPage: GalleryPage {
    static let title = "Guideline checks"
    static let guidelines = ["SV-04", "SV-07", "SV-08", "SV-09", "SV-12", "LT-02", "LT-07", "LT-11",
                             "PC-03", "PC-05", "PC-07", "PC-09", "PC-10", "PC-15", "PC-17"]
    static let help = ["Each row is a configuration that goes against a guideline, with what Scrollwork reports.",
                       "A long finding is cut with …: opening a row (or a click on it) shows it whole below the list.",
                       "Wheel or drag to scroll. scrollwork diagnostics prints them all."]

    /// What the page's own key does.
    enum Command: Sendable, Hashable { case hide }

    /// The page's key.
    static let commands = CommandTable<Command>("Guideline checks", [
        KeyBinding(.hide, "hide the finding shown whole", keys: KeyEvent(.escape)),
    ])

    /// The page's key, then the list's.
    static var keys: KeyHelp { KeyHelp(title: "Guideline checks", entries: commands.help.entries + RowsCommand.listKeys.help.entries) }

    /// A wrong configuration and what it raises.
    struct Check: Sendable {
        var configuration: String
        var diagnostics: [Diagnostic]
    }

    var checks: ListView<Check>
    var routing = Routing()
    /// What the page itself asks of the host during an event (nothing yet: its children ask).
    var effects: [Effect] = []
    var frame = Rect.zero
    /// The row shown whole below the list, if any.
    var expanded: Int? = nil
    var theme: Theme
    var failure: String? = nil

    init(style: GalleryStyle) {
        theme = style.theme
        var list = ListState(rows: Self.checks()) { check in
            let first = check.diagnostics.first
            return RowContent("\(first?.guideline ?? "—")  \(check.configuration)", subtitle: first.map { "\($0.severity): \($0.message)" } ?? "no finding")
        }
        list.scroll = style.scrollState()
        list.metrics.rowsVaryInHeight = true
        do {
            for i in 0..<list.numberOfRows { try list.setMeasuredHeight(32, at: IndexPath(row: i)) }
        } catch { failure = "\(error)" }
        list.idiom = style.idiom
        checks = ListView(list, theme: style.theme)
        checks.accessibilityLabel = Self.title
    }

    var children: [Child<Self>] { [Child(\.checks)] }

    /// A check whose configuration is built by `body`; if building it fails, the row says so
    /// instead of leaving the check out.
    static func build<E: Error>(_ configuration: String, _ body: () throws(E) -> [Diagnostic]) -> Check {
        do { return Check(configuration: configuration, diagnostics: try body()) } catch {
            return Check(configuration: configuration + " (could not be set up: \(error))", diagnostics: [])
        }
    }

    /// Every check, built from real states.
    static func checks() -> [Check] {
        var out: [Check] = []
        var vertical = ScrollState(viewport: Size(width: 320, height: 480), content: Size(width: 320, height: 5000))
        // A line of text is a terminal row here.
        vertical.lineStep = CellMetrics().cell
        let innerVertical = ScrollState(viewport: Size(width: 320, height: 200), content: Size(width: 320, height: 900))
        out.append(Check(configuration: "a vertical list nested in a vertical list", diagnostics: NestedScrollCoordinator(outer: vertical, inner: innerVertical).diagnostics))
        out.append(Check(configuration: "two vertical scroll views side by side", diagnostics: ScreenDiagnostics.check(scrollViews: [vertical, innerVertical])))
        var zoom = vertical
        zoom.maximumZoomScale = 60
        out.append(Check(configuration: "a text view that zooms to 60×", diagnostics: zoom.zoomDiagnostics(contentIsText: true)))
        zoom.minimumZoomScale = 80
        out.append(Check(configuration: "minimum zoom above the maximum", diagnostics: zoom.zoomDiagnostics(contentIsText: false)))
        out.append(Check(configuration: "an edge effect with no floating bar", diagnostics: ScrollEdgeEffect.diagnostics(for: [ScrollEdgeEffect(edge: .top, style: .soft, floating: [], depth: 44)])))
        out.append(Check(configuration: "two edge effects on the top edge", diagnostics: ScrollEdgeEffect.diagnostics(for: [
            ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 44), ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 44)])))
        out.append(Check(configuration: "split-view panes with different edge heights", diagnostics: ScrollEdgeEffect.diagnostics(forPanes: [
            [ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 44)], [ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 52)]])))
        var mac = vertical
        mac.contentSize.width = 300
        mac.indicatorStyle = .macOS(.legacy)
        out.append(Check(configuration: "a button inside the scroll bar's track", diagnostics: mac.scrollerTrackDiagnostics(controls: [Rect(x: 306, y: 440, width: 14, height: 20)])))
        var heights = ListState(rows: ["Short", "Tall"]) { RowContent($0) }
        heights.metrics.rowsVaryInHeight = true
        out.append(build("rows from 16 to 240 points tall") { () throws(ListError) in
            try heights.setMeasuredHeight(16, at: IndexPath(row: 0))
            try heights.setMeasuredHeight(240, at: IndexPath(row: 1))
            return heights.diagnostics()
        })
        let indexed = ListState(sections: [ListSection(["Ada"], indexTitle: "A"), ListSection(["Bob"], indexTitle: "B")]) {
            RowContent($0, accessory: .disclosureIndicator)
        }
        out.append(Check(configuration: "a section index beside disclosure indicators", diagnostics: indexed.diagnostics()))
        let headings = TableState(rows: ["x"], columns: [
            TableColumn("Name:", width: .clamping(ideal: 100)) { .string($0) },
            TableColumn("date modified", width: .clamping(ideal: 100)) { .string($0) },
        ])
        out.append(Check(configuration: "headings \"Name:\" and \"date modified\"", diagnostics: headings.diagnostics()))
        let bare = TableState(rows: ["x"], columns: [TableColumn("", width: .clamping(ideal: 100)) { .string($0) }])
        out.append(Check(configuration: "a one-column table without heading or label", diagnostics: bare.diagnostics()))
        let many = PageControlState(clampingPageCount: 24)
        out.append(Check(configuration: "a page control with 24 pages", diagnostics: many.diagnostics()))
        var images = PageControlState(clampingPageCount: 5)
        out.append(build("three different indicator images") { () throws(PageControlError) in
            try images.setIndicatorImage(IndicatorImage("★"), forPage: 1)
            try images.setIndicatorImage(IndicatorImage("♥"), forPage: 2)
            return images.diagnostics()
        })
        var coloured = PageControlState(clampingPageCount: 3)
        coloured.preferredIndicatorImage = IndicatorImage("◆", color: "#FF3B30")
        out.append(Check(configuration: "a red indicator image", diagnostics: coloured.diagnostics()))
        var text = PageControlState(clampingPageCount: 3)
        text.preferredIndicatorImage = IndicatorImage("Go")
        out.append(Check(configuration: "a word as an indicator image", diagnostics: text.diagnostics()))
        var minimal = PageControlState(clampingPageCount: 3)
        minimal.backgroundStyle = .minimal
        out.append(Check(configuration: "scrubbing with the minimal background", diagnostics: minimal.diagnostics()))
        out.append(Check(configuration: "page dots over a folder hierarchy", diagnostics: PageControlState(clampingPageCount: 3).diagnostics(contentIsHierarchical: true)))
        out.append(Check(configuration: "a page control on macOS", diagnostics: PageControlState(clampingPageCount: 3).diagnostics(idiom: .macOS)))
        return out
    }

    var status: String {
        var parts = ["\(checks.list.numberOfRows) wrong configurations, each with the guideline it breaks",
                     expanded == nil ? "Enter or click shows a row whole" : "Esc hides the whole text"]
        if let failure { parts.append(failure) }
        return parts.joined(separator: " · ")
    }

    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
        // The whole text of the expanded row, wrapped as the host measures it, in a panel
        // under the list, a line of margin either side.
        let m = canvas.measurer(for: .iOS)
        let metrics = canvas.metrics, margin = metrics.cellWidth
        var lines: [String] = []
        if let row = expanded {
            let width = max(1, bounds.width - 2 * margin)
            func wrap(_ text: String) -> [String] { m.wrapped(text, toWidth: width, font: .body) }
            do {
                let check = try checks.list.row(at: IndexPath(row: row))
                lines = wrap(check.configuration)
                for d in check.diagnostics { lines += wrap("\(d.guideline) \(d.severity): \(d.message)") }
                if check.diagnostics.isEmpty { lines.append("no finding") }
            } catch {
                lines = wrap("\(error)")
            }
        }
        // A line for the rule and one per line of text, at most half the page.
        let line = canvas.alignedRow(m.lineHeight(.body))
        let panelHeight = lines.isEmpty ? 0 : min(Double(lines.count + 1) * line, metrics.wholeLines(bounds.height / 2))
        let parts = bounds.rows([.fill, .points(panelHeight)])
        checks.render(in: parts[0], into: &canvas, at: time)
        guard panelHeight > 0 else { return }
        let box = parts[1], shown = max(0, Int(panelHeight / line) - 1)
        canvas.draw(box, idiom: .iOS) { c in
            c.fill(box)
            // A rule across the panel's first line, then its lines of text.
            c.line(from: Point(x: box.minX, y: box.minY + line / 2), to: Point(x: box.maxX - 0.001, y: box.minY + line / 2), theme.separator)
            for (i, text) in lines.prefix(shown).enumerated() {
                c.text(text, at: Point(x: box.minX + margin, y: box.minY + Double(1 + i) * line), style: i == 0 ? theme.header : theme.text)
            }
        }
    }

    /// Enter or a click on a row shows it whole (again hides it); moving the cursor moves the
    /// panel along.
    mutating func collect(_ reply: Reply<ChildReport>, at time: Double) {
        if let message = errorNote(reply.errors) { failure = message }
        let cursor = checks.list.cursor.flatMap { checks.list.indexPath(of: $0) }?.row
        for event in reply.reports(from: \Self.checks) {
            switch event {
            case let .selectionChanged(path), let .navigate(path), let .showDetails(path):
                expanded = expanded == path.row ? nil : path.row
            case .none:
                expanded = expanded == cursor ? nil : cursor
            case .deleted, .moved:
                // The checks are not editable.
                break
            }
            return
        }
        if expanded != nil, let cursor { expanded = cursor }
    }

    mutating func handleUnused(_ event: Event, at time: Double) -> EventResult {
        guard case let .key(key) = event, Self.commands.command(for: key) == .hide, expanded != nil else { return .ignored }
        expanded = nil
        return .handled
    }
}

extension ChecksPage {
    /// Draws in `theme` from now on.
    mutating func retheme(_ theme: Theme) {
        self.theme = theme
        checks.theme = theme
    }
}
