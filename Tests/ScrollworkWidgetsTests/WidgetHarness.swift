import Scrollwork
@testable import ScrollworkWidgets

/// A one-widget app for tests.
struct Harness<Content: Widget>: WidgetApp {
    var content: Content
    var wantsQuit = false
}

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

/// Runs the work `widget` handed out at once and delivers its results, as a driver without
/// background threads does (a table's sort after a heading click).
func finishWork<W: Widget>(_ widget: inout W, at time: Double) {
    var effects: [Effect] = []
    widget.takeEffects(into: &effects)
    var work = ImmediateWork()
    for case let .work(request) in effects { work.perform(request) }
    for update in work.takeUpdates() { _ = widget.handle(.work(update), at: time) }
}
