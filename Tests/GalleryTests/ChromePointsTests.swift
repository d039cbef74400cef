import Scrollwork
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// The window's chrome in points: a title bar as tall as a header bar, a search field and the
/// help drawn in the interface type, and table columns that keep their values whole in its type.
@Suite struct ChromePointsTests {
    static func app(_ page: GalleryApp.PageKind, idiom: ScrollIdiom = .iOS, size: Size = Size(width: 390, height: 844)) -> (GalleryApp, Canvas) {
        var app = GalleryApp(page: page, style: GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: idiom), tableRows: 100)
        let buffer = windowBuffer(size)
        _ = app.handle(.resize(columns: buffer.columns, rows: buffer.rows), at: 0)
        return (app, buffer)
    }

    @Test("in a window the title bar is two rows (32 points): pages start below it, its buttons are centred in it and act on a click in either row")
    func titleBarTwoRowsTall() throws {
        var (app, buffer) = Self.app(.scrollView)
        _ = app.render(into: &buffer, at: 0)
        #expect(app.titleRows == 2 && app.pageArea.minY == 32)
        let buttons = buffer.controls.compactMap { if case let .button(title, frame, _, _) = $0 { (title, frame) } else { nil } }
        #expect(buttons.map(\.0) == ["‹", "›", "Help"])
        #expect(buttons.allSatisfy { $0.1.height == 24 && $0.1.minY == 4 })
        let next = try #require(app.placedTitleBar?.controls.first { $0.0 == .next })
        _ = app.handle(.mouse(MouseEvent(.press, x: next.2.minX + 1, y: 20)), at: 0.1)
        _ = app.handle(.mouse(MouseEvent(.release, x: next.2.minX + 1, y: 20)), at: 0.2)
        #expect(app.page == .table)
        // A terminal keeps its one row.
        var terminal = Canvas(cells: Buffer(columns: 48, rows: 52))
        _ = app.render(into: &terminal, at: 0.3)
        #expect(app.titleRows == 1 && app.pageArea.minY == 16)
    }

    @Test("in a window the search field is drawn in points, prompt and text in the body type, and leaves no cells")
    func searchFieldInPoints() throws {
        var (app, buffer) = Self.app(.scrollView)
        for c in "/scroll" { _ = app.handle(.key(KeyEvent(.character(c))), at: 0) }
        _ = app.render(into: &buffer, at: 0)
        let runs = textRuns(buffer)
        #expect(runs.contains { $0.text == "Search: " && $0.font == .body })
        #expect(runs.contains { $0.text == "scroll" && $0.font == .body })
        let field = app.scrollView.field.frame.gridCells
        #expect(!field.isEmpty && (field.column..<field.maxColumn).allSatisfy { buffer[$0, field.row].text == " " })
    }

    @Test("in a window the help is drawn in points: the page's keys beside what they do, and a last line of … when the window is short")
    func helpInPoints() {
        var (app, buffer) = Self.app(.scrollView, idiom: .macOS, size: Size(width: 1280, height: 800))
        _ = app.handle(.key(KeyEvent(.character("?"))), at: 0)
        _ = app.render(into: &buffer, at: 0)
        var runs = textRuns(buffer)
        let key = runs.first { $0.text == "p" }, does = runs.first { $0.text == "paging mode on or off" }
        #expect(key != nil && key?.origin.y == does?.origin.y)
        #expect(!runs.contains { $0.text == "…" })
        #expect((0..<buffer.rows).allSatisfy { row in (0..<buffer.columns).allSatisfy { buffer[$0, row].text == " " } })
        var short = Self.app(.scrollView, idiom: .macOS, size: Size(width: 1280, height: 240))
        _ = short.0.handle(.key(KeyEvent(.character("?"))), at: 0)
        _ = short.0.render(into: &short.1, at: 0)
        runs = textRuns(short.1)
        #expect(runs.last?.text == "…")
        #expect(runs.allSatisfy { $0.origin.y < 240 - 16 })
    }

    @Test("LT-12: at 390 points in a 17-point type the Size column holds \"Zero bytes\" whole; cells keep its 96 points")
    func LT_12_sizeColumnKeepsUnits() throws {
        var (app, buffer) = Self.app(.table)
        _ = app.render(into: &buffer, at: 0)
        let measurer = proportionalMeasurer(TypeScale.standard(for: .iOS))
        let needed = measurer.width(of: "Zero bytes", font: .body) + 2 * app.table.files.cellPadding
        #expect(app.table.files.table.columnWidths[2] >= needed)
        #expect(textRuns(buffer).contains { $0.text == "Zero bytes" })
        var cells = Self.app(.table).0
        var terminal = Buffer(columns: 48, rows: 52)
        cells.render(into: &terminal, at: 0)
        #expect(cells.table.files.table.columns[2].width.min == 96)
    }
}
