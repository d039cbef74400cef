import Scrollwork
@testable import ScrollworkWidgets

/// The screen as text, then a map of how each cell is styled, for snapshots:
/// S selection, Z zebra, F focus/header background, A accent, D dim, B bold, U underline,
/// R reverse, . plain.
func snapshotText(_ buffer: Buffer, theme: Theme = .standard(for: .trueColor)) -> String {
    var map: [String] = []
    for y in 0..<buffer.rows {
        var line = ""
        for x in 0..<buffer.columns {
            let s = buffer[x, y].style
            let c: Character
            if s.background != .default && s.background == theme.selection.background { c = "S" }
            else if s.background != .default && s.background == theme.zebra.background { c = "Z" }
            else if s.background != .default && s.background == theme.focus.background { c = "F" }
            else if s.foreground == theme.accent.foreground && s.foreground != .default { c = "A" }
            else if s.reverse { c = "R" }
            else if s.underline { c = "U" }
            else if s.dim || (s.foreground != .default && (s.foreground == theme.secondary.foreground || s.foreground == theme.indicator.foreground || s.foreground == theme.separator.foreground || s.foreground == theme.track.foreground)) { c = "D" }
            else if s.bold { c = "B" }
            else { c = "." }
            line.append(c)
        }
        map.append(line.replacingTrailing("."))
    }
    return buffer.text + "\n--- styles ---\n" + map.joined(separator: "\n") + "\n"
}

extension String {
    func replacingTrailing(_ c: Character) -> String {
        var s = self
        while s.last == c { s.removeLast() }
        return s
    }
}

/// Draws once into a fresh buffer of `columns` × `rows`.
func render(columns: Int, rows: Int, _ draw: (inout Buffer, CellRect) -> Void) -> Buffer {
    var buffer = Buffer(columns: columns, rows: rows)
    draw(&buffer, buffer.area)
    return buffer
}

/// Runs the work `reply` asked for at once and delivers its results to `widget`, as a driver
/// without background threads does (a table's sort after a heading click). Returns the replies
/// to the results, merged.
@discardableResult
func finishWork<W: Widget>(_ widget: inout W, asked reply: Reply<W.Report>, at time: Double) -> Reply<W.Report> {
    var work = ImmediateWork()
    for case let .work(request) in reply.effects { work.perform(request) }
    var replies = Reply<W.Report>()
    for update in work.takeUpdates() { replies.merge(widget.handle(.work(update), at: time)) }
    return replies
}

extension Reply {
    /// The reports gathered since the last look, oldest first; a test's replies merged into one
    /// are read a step at a time this way.
    mutating func newReports() -> [Report] {
        defer { reports = [] }
        return reports
    }

    /// The errors gathered since the last look, oldest first.
    mutating func newErrors() -> [any Error] {
        defer { errors = [] }
        return errors
    }
}
