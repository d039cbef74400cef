import Scrollwork
import ScrollworkWidgets

/// What a viewer's status line says: what is shown (a path, a table's name), its parts (the
/// answer to the last key among the first of them), and the keys to press.
struct StatusText: Equatable {
    /// The file, folder or table shown.
    var name: String
    /// The rest, in order, each after a " · ".
    var parts: [String]
    /// The keys to press, last: what gives way first.
    var hint: String? = nil

    /// A status of `name`, `parts` (a part said twice is kept once, where it first stands: the
    /// answer to a key that names the current column is not repeated by the part that does)
    /// and `hint`.
    init(name: String, parts: [String], hint: String? = nil) {
        self.name = name
        var seen = Set<String>()
        self.parts = parts.filter { seen.insert($0).inserted }
        self.hint = hint
    }

    /// The whole line, however wide.
    var whole: String { ([name] + parts + (hint.map { [$0] } ?? [])).joined(separator: " · ") }

    /// The line in `width` cells. The hint gives way first, cut at the end; then a name too
    /// long for the line loses its middle, as paths do (LT-06), down to 24 cells, so that the
    /// parts after it stay in sight; when even those would not leave the parts' first two (the
    /// counts and the answer to the last key) whole, the name gives way altogether. What still
    /// does not fit is cut at the end. A negative width is no room.
    func fitted(toWidth width: Int) -> String {
        let width = Swift.max(0, width)
        let rest = parts.map { " · " + $0 }.joined()
        let first = parts.prefix(2).joined(separator: " · ")
        if !parts.isEmpty, displayWidth(first) + 3 + Swift.min(displayWidth(name), 24) > width {
            return (parts.joined(separator: " · ") + (hint.map { " · " + $0 } ?? "")).truncated(toWidth: width)
        }
        let room = Swift.max(width - displayWidth(rest), Swift.min(displayWidth(name), 24))
        return (name.truncated(toWidth: room, .middle) + rest + (hint.map { " · " + $0 } ?? "")).truncated(toWidth: width)
    }
}

/// The bottom line of a viewer: its status, dimmed.
enum StatusLine {
    /// The line's height: a line of a window's status bar, a row on a grid.
    static func height(on canvas: Canvas) -> Double { canvas.down(points: 16, cells: 1) }

    /// `area` cut into the content and, at its foot, the status line.
    static func split(_ area: Rect, on canvas: Canvas) -> (content: Rect, status: Rect) {
        let parts = canvas.aligned(area).rows([.fill, .fixed(Int(height(on: canvas)))])
        return (parts[0], parts[1])
    }

    /// Draws `text` fitted to the line.
    static func draw(_ text: StatusText, in area: Rect, theme: Theme, into canvas: inout Canvas) {
        draw(text.fitted(toWidth: canvas.metrics.columns(forPoints: area.width) - 1), in: area, theme: theme, into: &canvas)
    }

    /// Draws `text` a margin in, cut at the end where it does not fit.
    static func draw(_ text: String, in area: Rect, theme: Theme, into canvas: inout Canvas) {
        let box = canvas.aligned(area)
        canvas.fill(box, theme.secondary)
        // A band of its own under the content (a window's status bar has a hairline over it; a
        // terminal's line stays as it was), so nothing reads as drawn over the last row.
        let top = Rect(x: box.minX, y: box.minY, width: box.width, height: 1)
        _ = canvas.draw(top, idiom: .macOS) { $0.separator(under: top, theme.separator, hardEdge: false) }
        canvas.label(text, in: box, style: theme.secondary, inset: canvas.metrics.cellWidth)
    }
}
