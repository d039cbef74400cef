import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// The points drawing model: text measured and cut by a host's advances, drawings that record
/// what widgets draw, and list and table views laid out at the idiom's metrics when a host asks
/// for points.
@Suite struct PointDrawingTests {
    /// A proportional measurer: "i" 4 points, "W" 12, every other ASCII character 8, "…" 10.
    static let measurer: TextMeasurer = {
        var advances = [Double](repeating: 8, count: 95)
        advances[Int(Character("i").asciiValue!) - 0x20] = 4
        advances[Int(Character("W").asciiValue!) - 0x20] = 12
        return TextMeasurer(sizes: [17, 17, 13, 17], lineHeights: [20, 20, 15, 20], ascents: [16, 16, 12, 16],
                            advances: [advances], wideAdvance: [20])
    }()

    @Test("text is measured by its characters' own advances: iii is narrower than WWW")
    func proportional() {
        #expect(Self.measurer.width(of: "iii", font: .body) == 12)
        #expect(Self.measurer.width(of: "WWW", font: .body) == 36)
        // "…" is outside ASCII: one cell of the wide advance's half.
        #expect(Self.measurer.width(of: "…", font: .body) == 10)
        #expect(Self.measurer.width(of: "国", font: .body) == 20)
    }

    @Test("LT-06: text too wide is cut at the end, both ends or the start, with an ellipsis, to fit the points it has")
    func truncation() {
        let m = Self.measurer
        #expect(m.truncated("abcdefgh", toWidth: 64, font: .body) == "abcdefgh")
        #expect(m.truncated("abcdefgh", toWidth: 40, font: .body) == "abc…")
        #expect(m.truncated("abcdefgh", toWidth: 40, font: .body, .middle) == "ab…h")
        #expect(m.truncated("abcdefgh", toWidth: 40, font: .body, .head) == "…fgh")
        // Narrow characters fit more of them in the same room.
        #expect(m.truncated("iiiiiiiiiiiiii", toWidth: 40, font: .body) == "iiiiiii…")
        for width: Double in [-1, 0, 5, .nan, -.infinity] {
            #expect(m.truncated("abcdefgh", toWidth: width, font: .body).isEmpty)
        }
        #expect(m.truncated("abc", toWidth: .infinity, font: .body) == "abc")
        for width in stride(from: 0.0, through: 80, by: 0.5) {
            #expect(m.width(of: m.truncated("abWicdefWgh", toWidth: width, font: .body, .middle), font: .body) <= width)
        }
    }

    @Test("a terminal's measurer counts cells: one cell a column, two for a wide character")
    func cells() {
        let m = TextMeasurer.cells(CellMetrics())
        #expect(m.width(of: "Wi", font: .body) == 16)
        #expect(m.width(of: "国", font: .headline) == 16)
        #expect(m.truncated("Hello, world", toWidth: 48, font: .body) == "Hello…")
    }

    @Test("a measurer from bad tables: wrong counts, NaN and negative advances count as 0 or the body's")
    func badTables() {
        let m = TextMeasurer(sizes: [.nan], lineHeights: [], ascents: [-1], advances: [[.infinity, -3]], wideAdvance: [])
        #expect(m.size(.footnote) == 0 && m.lineHeight(.body) == 0 && m.ascent(.headline) == 0)
        #expect(m.width(of: "  abc", font: .monospacedDigits) == 0)
        #expect(m.truncated("abc", toWidth: 1, font: .body) == "abc")
    }

    @Test("a type scale with too few or bad sizes gives 0 for them instead of trapping")
    func badTypeScale() {
        var scale = TypeScale.standard(for: .macOS)
        #expect(scale.size(.body) == 13 && scale.size(.largeTitle) == 26)
        scale.sizes = [.nan, -4]
        #expect(FontRole.allCases.allSatisfy { scale.size($0) == 0 })
    }

    @Test("a drawing keeps its commands in order, drops empty text, and adds no layer at full opacity")
    func drawing() {
        var d = PointDrawing(frame: Rect(x: 0, y: 0, width: 100, height: 50), measurer: Self.measurer)
        d.fill(Rect(x: 0, y: 0, width: 100, height: 50), Style(background: .rgb(1, 2, 3)), radius: -4)
        d.clipped(to: Rect(x: 0, y: 0, width: 50, height: 50)) { d in
            d.text("", at: Point(x: 0, y: 0), width: 40, font: .body, .plain)
            d.text("abcdefgh", at: Point(x: 0, y: 0), width: 40, font: .body, .plain)
        }
        d.faded(.nan) { _ in }
        d.faded(7) { _ in }
        #expect(d.commands == [
            .fill(Rect(x: 0, y: 0, width: 100, height: 50), Style(background: .rgb(1, 2, 3)), radius: 0),
            .clip(Rect(x: 0, y: 0, width: 50, height: 50)), .text("abc…", origin: Point(x: 0, y: 0), font: .body, style: .plain), .restore,
        ])
        d.faded(0.5) { d in d.fill(Rect(x: 0, y: 0, width: 1, height: 1), .plain) }
        #expect(d.commands.suffix(3) == [.opacity(0.5), .fill(Rect(x: 0, y: 0, width: 1, height: 1), .plain, radius: 0), .restore])
        let drawn = d.text("12 KB", at: Point(x: 0, y: 0), width: 100, font: .body, .plain, alignment: .trailing)
        guard case let .text(_, origin, _, _)? = d.commands.last else { Issue.record("no text"); return }
        let x = origin.x
        #expect(x == 60 && drawn == 40)
        // Centred in the same span, and cut to fit with the width of what was drawn.
        #expect(d.text("12 KB", at: Point(x: 0, y: 0), width: 100, font: .body, .plain, alignment: .center) == 40)
        if case let .text(_, origin, _, _)? = d.commands.last { #expect(origin.x == 30) }
        #expect(d.text("abcdefgh", at: Point(x: 0, y: 0), width: 40, font: .body, .plain) == 34)
    }

    @Test("LT-05: in points a row with a subtitle is as tall as its two lines and padding need, not the two cells it had")
    func twoLineRows() throws {
        var state = ListState(sections: [ListSection((0..<30).map { "Row \($0)" })]) { RowContent($0, subtitle: "detail") }
        try state.setMeasuredHeight(32, at: IndexPath(row: 0))
        var view = ListView(state)
        var buffer = Canvas(cells: Buffer(columns: 48, rows: 52), metrics: CellMetrics(), size: Size(width: 390, height: 844), pointContext: PointContext(size: Size(width: 390, height: 844)) { _ in Self.measurer })
        view.render(in: buffer.bounds, into: &buffer, at: 0)
        // The test measurer's body line is 20 points and its footnote line 15: 20 + 15 + 2 × 8.
        let heights = view.list.visibleItems(overscan: 0).prefix(5).map(\.frame.height)
        #expect(heights == [51, 51, 51, 51, 51])
    }

    @Test("a rectangle reaching the last column or row stretches to the canvas's edge in points, and gives back its cells")
    func stretchedToTheEdge() {
        let terminal = Canvas(cells: Buffer(columns: 48, rows: 52))
        let edge = CellRect(column: 40, row: 0, columns: 8, rows: 52)
        #expect(terminal.points(edge) == Rect(x: 320, y: 0, width: 64, height: 832))
        let window = Canvas(cells: Buffer(columns: 48, rows: 52), metrics: CellMetrics(), size: Size(width: 390, height: 844),
                            pointContext: PointContext(size: Size(width: 390, height: 844)) { _ in Self.measurer })
        #expect(window.points(edge) == Rect(x: 320, y: 0, width: 70, height: 844))
        #expect(window.points(CellRect(column: 0, row: 0, columns: 8, rows: 2)) == Rect(x: 0, y: 0, width: 64, height: 32))
        #expect(window.cells(in: window.points(edge)) == edge)
        #expect(terminal.cells(in: terminal.points(edge)) == edge)
    }

    @Test("LT-05: in points a list's rows are its idiom's height (44 on iOS, 24 on macOS), text in the idiom's body size")
    func listInPoints() throws {
        for (idiom, height) in [(ScrollIdiom.iOS, 44.0), (.macOS, 24)] {
            var state = ListState(sections: [ListSection((0..<40).map { "Row \($0)" })]) { RowContent($0) }
            state.idiom = idiom
            var view = ListView(state)
            #expect(view.list.metrics.rowHeight == 16)
            var buffer = Canvas(cells: Buffer(columns: 48, rows: 52), metrics: CellMetrics(), size: Size(width: 390, height: 844), pointContext: PointContext(size: Size(width: 390, height: 844)) { scale in
                TextMeasurer(sizes: scale.sizes, lineHeights: scale.sizes.map { $0 * 1.2 }, ascents: scale.sizes, advances: [], wideAdvance: scale.sizes)
            })
            view.render(in: buffer.bounds, into: &buffer, at: 0)
            #expect(view.list.metrics.rowHeight == height)
            #expect(view.list.scroll.viewportSize == Size(width: 390, height: 844))
            guard case let .drawing(drawing)? = buffer.pointMarks.first else { Issue.record("no drawing"); continue }
            let tops = drawing.commands.compactMap { command -> Double? in
                if case let .text(text, origin, .body, _) = command, text.hasPrefix("Row ") { return origin.y }
                return nil
            }
            #expect(zip(tops.dropFirst(), tops).allSatisfy { abs($0 - $1 - height) < 1e-9 }, "\(idiom): \(tops)")
            #expect(drawing.measurer.size(.body) == TypeScale.standard(for: idiom).size(.body))
            // Its cells are left blank for the drawing.
            #expect(buffer.cells.cells.allSatisfy { $0 == .blank() })
        }
    }
}

/// A click where a row is drawn in points reaches that row, not the one a cell's centre lies
/// in: rows of 44 or 24 points do not line up with 16-point cells.
@Suite struct PointHitTests {
    /// A canvas for a 390 × 844-point window that asks for points.
    static func pointBuffer() -> Canvas {
        Canvas(cells: Buffer(columns: 48, rows: 52), metrics: CellMetrics(), size: Size(width: 390, height: 844),
               pointContext: PointContext(size: Size(width: 390, height: 844)) { _ in PointDrawingTests.measurer })
    }

    /// A tap at `point`.
    /// A press and release at `point`; returns the two replies merged.
    @discardableResult
    static func tap<W: Widget>(_ widget: inout W, at point: Point, time: Double) -> Reply<W.Report> {
        var reply = widget.handle(.mouse(MouseEvent(.press, at: point)), at: time)
        reply.merge(widget.handle(.mouse(MouseEvent(.release, at: point)), at: time + 0.05))
        return reply
    }

    @Test("LT-05: a tap 2 points inside a 44-point row's top or bottom edge chooses that row")
    func listRows() throws {
        var buffer = Self.pointBuffer()
        var view = ListView(ListState(sections: [ListSection((0..<40).map { "Row \($0)" })]) { RowContent($0) })
        view.render(in: buffer.bounds, into: &buffer, at: 0)
        for row in [0, 1, 3, 7, 11] {
            for y in [Double(row) * 44 + 2, Double(row + 1) * 44 - 2] {
                Self.tap(&view, at: Point(x: 100, y: y), time: 1)
                #expect(view.list.cursor.flatMap { view.list.indexPath(of: $0) } == IndexPath(row: row), "y \(y)")
            }
        }
    }

    @Test("LT-12: a click in a table row drawn in points selects that row; a click on the 28-point header sorts")
    func tableRows() throws {
        struct Item: Sendable { var n: Int }
        var buffer = Self.pointBuffer()
        var view = TableView(TableState(rows: (0..<100).map(Item.init), columns: [TableColumn("Number") { .int($0.n) }]))
        view.sortsInBackground = false
        view.render(in: buffer.bounds, into: &buffer, at: 0)
        for row in [0, 5, 9] {
            Self.tap(&view, at: Point(x: 50, y: 28 + Double(row) * 44 + 42), time: 1)
            #expect(view.table.list.cursor.flatMap { view.table.list.indexPath(of: $0) } == IndexPath(row: row))
        }
        #expect(Self.tap(&view, at: Point(x: 50, y: 20), time: 2).reports.contains(.headingClicked(column: 0)))
    }

    @Test("views drawn in points at areas far off the buffer, empty or at Int's ends, and with bad sizes, do not trap")
    func extremeAreas() {
        struct Item: Sendable { var n: Int }
        let areas = [CellRect(column: Int.max - 2, row: Int.max - 2, columns: 5, rows: 5), CellRect(column: Int.min, row: Int.min, columns: 40, rows: 40),
                     CellRect(column: 0, row: 0, columns: 0, rows: 0), CellRect(column: -10, row: -10, columns: 4096, rows: 4096)]
        for area in areas {
            for size in [Size(width: 390, height: 844), Size(width: .nan, height: -1), Size(width: 1e300, height: .infinity)] {
                var buffer = Canvas(cells: Buffer(columns: 48, rows: 52), metrics: CellMetrics(), size: size,
                                    pointContext: PointContext(size: size) { _ in PointDrawingTests.measurer })
                var list = ListView(ListState(sections: [ListSection((0..<40).map { "Row \($0)" })]) { RowContent($0, subtitle: "s", accessory: .detailDisclosureButton) })
                list.render(in: buffer.points(area), into: &buffer, at: 0)
                var table = TableView(TableState(rows: (0..<100).map(Item.init), columns: [TableColumn("Number") { .int($0.n) }]))
                table.render(in: buffer.points(area), into: &buffer, at: 0)
                var outline = OutlineView(OutlineState(source: Tree())) { $0.map(String.init).joined(separator: ".") }
                outline.render(in: buffer.points(area), into: &buffer, at: 0)
                buffer.label("Caption", in: buffer.points(area), style: Style(background: .rgb(1, 1, 1), underline: true))
            }
        }
    }

    struct Tree: OutlineSource, Sendable {
        func childCount(of parent: OutlinePath?) -> Int { (parent?.count ?? 0) < 2 ? 5 : 0 }
        func child(of parent: OutlinePath?, at index: Int) -> OutlinePath { (parent ?? []) + [index] }
    }

    @Test("LT-12: in points an outline row takes the click under it, and its triangle expands it")
    func outlineRows() throws {
        var buffer = Self.pointBuffer()
        var view = OutlineView(OutlineState(source: Tree())) { $0.map(String.init).joined(separator: ".") }
        view.render(in: buffer.bounds, into: &buffer, at: 0)
        Self.tap(&view, at: Point(x: 200, y: 3 * 44 + 40), time: 1)
        #expect(view.outline.cursor == [3])
        Self.tap(&view, at: Point(x: view.triangleX(level: 0), y: 2 * 44 + 22), time: 2)
        #expect(view.outline.isExpanded([2]))
    }
}
