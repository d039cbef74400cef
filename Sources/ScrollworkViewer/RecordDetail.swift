import Scrollwork
import ScrollworkWidgets

/// Every field of one record, whole: each field's column name and its value on one line, the
/// names in a column of their own (at most a third of the view) and the values wrapped beside
/// them, so a record of twenty fields fits a screen; a JSON object or array too long for its
/// line a member a line (``IndentedJSON``). What a cell cuts short, this shows.
struct RecordDetail: ScrollContent {
    var theme: Theme
    /// The lines: a name (empty on a value's continuation lines) and a piece of the value.
    private(set) var lines: [(name: String, text: String)] = []
    private var fields: [(title: String, value: String)]
    private var width = 0
    /// Cells for the names.
    private(set) var nameWidth = 0

    init(titles: [String], fields: [String], problem: String?, theme: Theme) {
        self.theme = theme
        var pairs = fields.enumerated().map { i, value in (i < titles.count ? titles[i] : "Column \(i + 1)", value) }
        if let problem { pairs.insert(("⚠", problem), at: 0) }
        self.fields = pairs
    }

    /// What Scrollwork is: the primary menu's About, as a dialog of its name, version and what it
    /// opens.
    static func about(theme: Theme) -> RecordDetail {
        RecordDetail(titles: ["Scrollwork", "Version", "", "Opens", "", "Keys"], fields: [
            "Apple's Human Interface Guidelines for scroll views, lists and tables, and page controls, in Swift, on Linux.",
            scrollworkVersion,
            "",
            "CSV and TSV, JSON Lines and JSON arrays, gzip, zstd, bzip2 and xz files, Parquet, SQLite and PostgreSQL, of any size.",
            "",
            "F1 lists them; Esc, q or Enter closes this.",
        ], problem: nil, theme: theme)
    }

    /// The keys of `table` by group, a heading before each group's keys: what `?` shows.
    static func keys(of table: CommandTable<ViewerCommand>, theme: Theme) -> RecordDetail {
        var titles: [String] = [], fields: [String] = []
        for group in ViewerCommand.Group.allCases {
            let bindings = table.bindings.filter { $0.example?.group == group }
            guard !bindings.isEmpty else { continue }
            // The heading stands in the descriptions' column, where a long one has room.
            titles.append("")
            fields.append("── \(group.rawValue)")
            for binding in bindings {
                titles.append(binding.label)
                fields.append(binding.summary)
            }
        }
        return RecordDetail(titles: titles, fields: fields, problem: nil, theme: theme)
    }

    /// Wraps the fields to `columns` cells; returns the number of lines.
    mutating func layout(columns: Int) -> Int {
        let columns = Swift.max(1, columns)
        guard columns != width || lines.isEmpty else { return lines.count }
        width = columns
        lines = []
        // A space before the name, two between name and value.
        nameWidth = Swift.min(fields.map { displayWidth($0.title) }.max() ?? 0, Swift.max(4, (columns - 3) / 3))
        let valueWidth = Swift.max(1, columns - nameWidth - 3)
        for (title, value) in fields {
            var first = true
            // A nested value too long for its line is laid out a member a line, as jq prints it.
            let indented = displayWidth(value) > valueWidth ? IndentedJSON.lines(of: value) : nil
            let paragraphs = indented?.map { Substring($0) } ?? value.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            for paragraph in paragraphs {
                // An indented member keeps its indent on every line it wraps to (at most half
                // the value's width, so that deep nesting still leaves room for the text).
                let indent = indented == nil ? 0 : Swift.min(paragraph.prefix { $0 == " " }.count, valueWidth / 2)
                let margin = String(repeating: " ", count: indent)
                let wrapped = String(paragraph.dropFirst(indent)).wrapped(toWidth: valueWidth - indent)
                for piece in wrapped.isEmpty ? [""] : wrapped {
                    lines.append((first ? title : "", margin + piece))
                    first = false
                }
            }
        }
        return lines.count
    }

    /// Draws the lines in monospaced text (they are wrapped by columns), each where it lies in
    /// the content: a window shows them at the offset exactly, a terminal on the row that holds
    /// their top. Names sit against the values, as in a form.
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let box = window.box, cell = window.metrics.cellWidth, lineHeight = window.metrics.cellHeight
        let valueLeft = box.minX + Double(nameWidth + 3) * cell
        // One row more than fit: between rows, the last is partly in view.
        for r in 0...window.rect.rows {
            let i = window.firstRow + r
            guard lines.indices.contains(i) else { continue }
            let y = box.minY + Double(i) * lineHeight - window.offset.y
            guard y.isFinite else { continue }
            canvas.text(lines[i].name, at: Point(x: box.minX + cell, y: y), width: Double(nameWidth) * cell, font: .monospaced,
                        style: theme.header, alignment: .trailing)
            canvas.text(lines[i].text, at: Point(x: valueLeft, y: y), font: .monospaced, style: theme.text)
        }
    }

    /// The lines in `window` as a screen reader reads them: a field's name, then its value.
    func accessibleLines(in window: ScrollWindow) -> [String]? {
        let first = Swift.max(0, window.firstRow), end = Swift.min(lines.count, first + window.rect.rows)
        guard first < end else { return [] }
        return lines[first..<end].map { $0.name.isEmpty ? $0.text : $0.name + ": " + $0.text }
    }
}

extension ScrollView where Content == RecordDetail {
    /// `content` (a record, or the keys) in a view that scrolls and bounces, appearing at `time`:
    /// what every viewer shows over its table or list.
    static func shown(_ content: RecordDetail, theme: Theme, at time: Double) -> Self {
        var scroll = ScrollIdiom.macOS.scrollState(viewport: .zero, content: .zero)
        scroll.alwaysBounce = .vertical
        var view = Self(content, scroll: scroll, theme: theme)
        view.appear(at: time)
        return view
    }

    /// Draws the record (or the keys) over `area`, its lines wrapped to the area's width and the
    /// scrolled size fitted to them.
    mutating func renderOver(_ area: Rect, into canvas: inout Canvas, at time: Double) {
        let area = canvas.aligned(area)
        // Monospaced lines, wrapped by cells as a terminal shows them.
        let lines = content.layout(columns: canvas.metrics.columns(forPoints: area.width) - 1)
        let size = area.size
        let height = Double(lines) * canvas.metrics.cellHeight
        if scroll.viewportSize != size || scroll.contentSize.height != height {
            scroll.viewportSize = size
            scroll.contentSize = Size(width: scroll.spanningContentWidth(height: height), height: height)
        }
        // Opaque: a window hides the table under it as a terminal does.
        canvas.fill(area)
        render(in: area, into: &canvas, at: time)
    }
}
