import Scrollwork
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// In a window, Tab shows where focus is with a ring of the accent colour; a click hides it again,
/// as desktops draw the ring only for the keyboard.
@Suite struct FocusRingTests {
    static let size = Size(width: 800, height: 600)

    /// The 2-point strokes of `app`'s next frame in a window: the focus rings drawn.
    static func rings(_ app: inout GalleryApp) -> [Rect] {
        var canvas = windowBuffer(size)
        _ = app.render(into: &canvas, at: 1)
        return canvas.pointMarks.flatMap { mark -> [Rect] in
            guard case let .drawing(d) = mark else { return [] }
            return d.commands.compactMap { if case let .stroke(rect, _, width, _) = $0, width == 2 { rect } else { nil } }
        }
    }

    @Test("Tab draws the ring around the focused control; a click takes it away; the terminal draws none")
    func ringFollowsTheKeyboard() {
        var style = GalleryStyle(theme: .standard(for: .trueColor, appearance: .light), colorMode: .trueColor, idiom: .macOS)
        style.keys = .desktop
        style.simulatesLatency = false
        var app = GalleryApp(page: .table, style: style, tableRows: 100)
        _ = app.handle(.resize(columns: 100, rows: 37), at: 0)
        #expect(Self.rings(&app).isEmpty, "no ring before the keyboard moved focus")
        _ = app.handle(.key(KeyEvent(.tab)), at: 0.5)
        let rings = Self.rings(&app)
        let table = app.table.files.frame
        #expect(rings.count == 1 && rings.first.map { abs($0.minX - table.minX) <= 2 && abs($0.maxY - table.maxY) <= 2 } == true,
                "one ring, along the table's edge: \(rings) around \(table)")
        _ = app.handle(.mouse(MouseEvent(.press, column: 10, row: 8)), at: 1)
        _ = app.handle(.mouse(MouseEvent(.release, column: 10, row: 8)), at: 1.05)
        #expect(Self.rings(&app).isEmpty, "a click hides the ring")
        _ = app.handle(.key(KeyEvent(.tab)), at: 2)
        var cells = Canvas(cells: Buffer(columns: 100, rows: 37))
        _ = app.render(into: &cells, at: 2)
        #expect(cells.pointMarks.isEmpty, "a terminal's frame has no ring")
    }
}
