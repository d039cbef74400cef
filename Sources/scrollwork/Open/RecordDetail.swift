import Scrollwork
import ScrollworkTerminal

/// Every field of one record, whole: its column's name, then its text wrapped to the view, a
/// line of the field a line here. What a cell cuts short, this shows.
struct RecordDetail: ScrollContent {
    var theme: Theme
    /// The lines, and whether each is a column's name.
    private(set) var lines: [(text: String, isTitle: Bool)] = []
    private var fields: [(title: String, value: String)]
    private var width = 0

    init(titles: [String], fields: [String], problem: String?, theme: Theme) {
        self.theme = theme
        var pairs = fields.enumerated().map { i, value in (i < titles.count ? titles[i] : "Column \(i + 1)", value) }
        if let problem { pairs.insert(("⚠", problem), at: 0) }
        self.fields = pairs
    }

    /// Wraps the fields to `columns` cells; returns the number of lines.
    mutating func layout(columns: Int) -> Int {
        let columns = Swift.max(1, columns)
        guard columns != width || lines.isEmpty else { return lines.count }
        width = columns
        lines = []
        for (title, value) in fields {
            lines.append((title, true))
            let paragraphs = value.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            for paragraph in paragraphs {
                let wrapped = String(paragraph).wrapped(toWidth: Swift.max(1, columns - 4))
                lines += (wrapped.isEmpty ? [""] : wrapped).map { ("  " + $0, false) }
            }
            lines.append(("", false))
        }
        return lines.count
    }

    func draw(_ window: ScrollWindow, into buffer: inout Buffer, at time: Double) {
        for r in 0..<window.rect.rows {
            let i = window.firstRow + r
            guard lines.indices.contains(i) else { continue }
            buffer.draw(" " + lines[i].text, column: window.rect.column, row: window.rect.row + r,
                        style: lines[i].isTitle ? theme.header : theme.text, clip: window.rect)
        }
    }
}
