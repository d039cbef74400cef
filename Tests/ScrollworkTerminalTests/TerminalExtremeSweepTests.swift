import PropertyBased
import ScrollworkTestSupport
import Scrollwork
import Testing
@testable import ScrollworkWidgets
@testable import ScrollworkTerminal

/// Values for the terminal layer's parameters, from the ordinary to the absurd.
enum TerminalExtreme {
    static let ints: [Int] = [.min, .max, -1, 0, 1, 2, 3, 10, 40, 200, .max - 1, 5000]
    static let doubles: [Double] = [.nan, .infinity, -.infinity, 0, -1, 0.5, 16, 1e6, 1e308, .leastNonzeroMagnitude, 3, 100]
    static func int(_ i: Int) -> Int { ints[abs(i % ints.count)] }
    static func double(_ i: Int) -> Double { doubles[abs(i % doubles.count)] }
    static func rect(_ a: Int, _ b: Int) -> CellRect {
        a % 3 == 0 ? CellRect(column: int(a), row: int(b), columns: int(a + b), rows: int(b - a))
            : CellRect(column: abs(a % 7) - 2, row: abs(b % 5) - 1, columns: abs(a % 50), rows: abs(b % 20))
    }
    static func mouse(_ a: Int, _ b: Int, _ c: Int) -> MouseEvent {
        let kinds: [MouseEvent.Kind] = [.press, .drag, .release, .move, .wheel(.up), .wheel(.down), .wheel(.left), .wheel(.right)]
        let column = a % 4 == 0 ? int(b) : abs(b % 40), row = a % 5 == 0 ? int(c) : abs(c % 12)
        return MouseEvent(kinds[abs(a % kinds.count)], button: .left, column: column, row: row, modifiers: Modifiers(rawValue: UInt8(abs(c % 8))))
    }
    static let operations = zip(Gen.int(in: 0...40), Gen.int(in: 0...300), Gen.int(in: 0...300), Gen.int(in: 0...300)).array(of: 1...40)
    static let text = ["plain", "\u{1B}]2;x\u{07}", "滚动视图", "👍🏽🇯🇵", "e\u{301}\t|", "", String(repeating: "w", count: 300), "\u{0}\u{7F}\u{9B}"]
}

/// The rows of a table for the sweep.
struct SweepRow: Sendable { var name: String; var size: Double }

/// A tree for the outline widget.
struct SweepTree: OutlineSource {
    func childCount(of parent: Int?) -> Int { parent.map { $0 < 50 ? 3 : 0 } ?? 4 }
    func child(of parent: Int?, at index: Int) -> Int { parent.map { $0 * 3 + index + 1 } ?? index }
}

@Suite struct TerminalExtremeSweepTests {
    /// Any buffer operation at any position with any text, rendered after every step: the
    /// terminal shows the frame exactly and sees only the renderer's own sequences.
    @Test("buffers, the renderer and the virtual screen with any values")
    func bufferRendererSweep() async {
        await propertyCheck(count: 200, input: TerminalExtreme.operations) { ops in
            var frame = Buffer(columns: 30, rows: 8)
            var renderer = Renderer(colorMode: [.trueColor, .palette256, .ansi16, .none][abs(ops.count % 4)])
            var screen = VirtualScreen(columns: 30, rows: 8)
            var builtByHand = false
            for (op, a, b, c) in ops {
                let text = TerminalExtreme.text[abs(c % TerminalExtreme.text.count)]
                switch op % 8 {
                case 0: frame.draw(text, column: TerminalExtreme.int(a), row: TerminalExtreme.int(b))
                case 1: frame.draw(text, column: abs(a % 34) - 2, row: abs(b % 9), style: Style(foreground: .rgb(UInt8(a % 256), 0, 0), bold: true),
                                   clip: TerminalExtreme.rect(b, c))
                case 2: frame.fill(TerminalExtreme.rect(a, b), with: .blank(Style(background: .palette(UInt8(c % 256)))))
                case 3: frame.restyle(TerminalExtreme.rect(a, b)) { $0.reverse.toggle() }
                case 4:
                    frame[TerminalExtreme.int(a), TerminalExtreme.int(b)] = Cell(text, width: UInt8(abs(c % 3)))
                    builtByHand = builtByHand || frame.contains(TerminalExtreme.int(a), TerminalExtreme.int(b))
                case 5:
                    renderer.invalidate()
                    screen = VirtualScreen(columns: 30, rows: 8)
                case 6: renderer.widthModel = a % 2 == 0 ? .conservative : .graphemeClusters
                default: _ = SVGExport.svg(frame); _ = Renderer.inlineANSI(frame, colorMode: .trueColor)
                }
                let bytes = renderer.render(frame)
                #expect(foreignControl(in: bytes) == nil)
                screen.apply(bytes)
                // A cell built by hand may hold any text at any width; everything drawn through
                // the buffer's own calls reaches the screen exactly.
                // Colours are downsampled below 24-bit colour, so only text and widths compare there.
                let exact = renderer.colorMode == .trueColor
                func same(_ x: Cell, _ y: Cell) -> Bool { exact ? x == y : (x.text == y.text && x.width == y.width) }
                // Each buffer's cells unpacked once: `cells` makes the whole array on every read,
                // and read per cell it made this sweep take four minutes.
                let drawn = frame.cells, shown = screen.buffer.cells
                if !builtByHand, let i = drawn.indices.first(where: { !same(drawn[$0], shown[$0]) }) {
                    Issue.record("cell \(i % 30),\(i / 30): screen \(shown[i].text.debugDescription)/\(shown[i].width) frame \(drawn[i].text.debugDescription)/\(drawn[i].width) after op \(op % 8)")
                }
            }
        }
    }

    /// Every widget drawn into any rectangle and handed any mouse event, over states set with
    /// extreme values: nothing traps, and the scroll states stay finite.
    @Test("widgets with any rectangle, any event and any state")
    func widgetSweep() async {
        await propertyCheck(count: 150, input: TerminalExtreme.operations) { ops in
            let theme = Theme.standard(for: .trueColor)
            var buffer = Buffer(columns: 40, rows: 12)
            var scrollView = ScrollView(RowNumbers(), scroll: ScrollState(viewport: Size(width: 320, height: 192), content: Size(width: 640, height: 4000)), theme: theme)
            var listView = ListView(ListState(rows: GeneratedRows(count: 300) { "Row \($0)" }) { RowContent($0, subtitle: "sub", accessory: .detailDisclosureButton) }, theme: theme)
            var tableView = TableView(TableState(rows: GeneratedRows(count: 300) { SweepRow(name: "n\($0)", size: Double($0) / 3) }, columns: [
                TableColumn("Name", width: .clamping(ideal: 80)) { .string($0.name) },
                TableColumn("Size", width: .clamping(min: 0, ideal: 60, max: .infinity), alignment: .trailing) { .double($0.size) },
            ]), theme: theme)
            var outlineView = OutlineView(OutlineState(source: SweepTree()), theme: theme) { "node \($0)" }
            var controlView = PageControlView(PageControlState(clampingPageCount: 1000), theme: theme)
            var t = 0.0
            for (op, a, b, c) in ops {
                t += 0.02
                let time = c % 7 == 0 ? TerminalExtreme.double(c) : t
                let rect = TerminalExtreme.rect(a, b)
                let event = Event.mouse(TerminalExtreme.mouse(a, b, c))
                var metrics = CellMetrics()
                metrics.cellWidth = TerminalExtreme.double(a)
                metrics.cellHeight = TerminalExtreme.double(b)
                scrollView.metrics = metrics
                listView.metrics = metrics
                switch op % 14 {
                case 0: scrollView.render(in: rect, into: &buffer, at: time)
                case 1: _ = scrollView.handle(event, at: time)
                case 2: try? scrollView.scroll.setOffset(Point(x: TerminalExtreme.double(a), y: TerminalExtreme.double(b)), time: t)
                case 3: scrollView.scroll.contentSize = Size(width: TerminalExtreme.double(a), height: TerminalExtreme.double(b))
                case 4: listView.render(in: rect, into: &buffer, at: time)
                case 5: _ = listView.handle(event, at: time); _ = listView.handle(.key(KeyEvent(.enter)), at: time)
                case 6: tableView.render(in: rect, into: &buffer, at: time)
                case 7: _ = tableView.handle(event, at: time)
                case 8: outlineView.render(in: rect, into: &buffer, at: time)
                case 9: _ = outlineView.handle(event, at: time)
                case 10: controlView.render(in: rect, into: &buffer, at: time)
                case 11: _ = controlView.handle(event, at: time)
                case 12: listView.list.metrics.rowHeight = TerminalExtreme.double(a); outlineView.outline.rowHeight = TerminalExtreme.double(b); tableView.table.setAvailableWidth(TerminalExtreme.double(c))
                default:
                    _ = scrollView.tick(at: time); _ = listView.tick(at: time); _ = outlineView.tick(at: time); _ = controlView.tick(at: time)
                    scrollView.edgeEffects = [ScrollEdgeEffect(edge: .top, floating: [.pinnedTableHeader], depth: TerminalExtreme.double(a))]
                    scrollView.render(in: rect, into: &buffer, at: time)
                }
                let control = controlView.state
                for state in [scrollView.scroll, listView.list.scroll, tableView.table.list.scroll, outlineView.outline.scroll] {
                    #expect(state.offset.x.isFinite && state.offset.y.isFinite && state.zoomScale.isFinite)
                }
                #expect(control.currentPage >= 0 && control.currentPage < control.numberOfPages)
            }
        }
    }

    @Test("the input decoder with any bytes at any time")
    func decoderSweep() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...255).array(of: 0...200), Gen.int(in: 0...11).array(of: 1...6)) { bytes, times in
            var decoder = InputDecoder()
            decoder.escapeTimeout = TerminalExtreme.double(times[0])
            decoder.pasteTimeout = TerminalExtreme.double(times.last!)
            let input = bytes.map { UInt8($0) }
            let pieces = Swift.max(1, times.count)
            let size = Swift.max(1, input.count / pieces + 1)
            var i = 0, k = 0
            while i < input.count {
                _ = decoder.feed(input[i..<Swift.min(input.count, i + size)], at: TerminalExtreme.double(times[k % times.count]))
                _ = decoder.flush(at: TerminalExtreme.double(times[(k + 1) % times.count]))
                i += size
                k += 1
            }
            _ = decoder.flush(at: .infinity)
            #expect(!decoder.hasPending, "input left pending after a flush at the end of time")
        }
    }

    @Test("a headless terminal advanced by any time, at any frame rate, resized to any size, returns")
    func headlessTerminalExtremes() {
        let app = Harness(content: Counter())
        var t = HeadlessTerminal(app, columns: 2, rows: 1)
        for rate in [Double.nan, .infinity, 0, -5, 1e9, 1] {
            t.framesPerSecond = rate
            t.advance(by: .infinity)
            t.advance(by: .nan)
            t.advance(by: -1)
        }
        #expect(t.time == 6 * HeadlessTerminal<Harness<Counter>>.maximumAdvance)
        for (c, r) in [(Int.min, Int.max), (0, 0), (5000, 1), (3, 2)] { t.resize(columns: c, rows: r) }
        #expect(t.columns == 3 && t.rows == 2)
    }
}

/// A widget that counts its ticks and always animates.
struct Counter: Widget {
    var n = 0
    var frame = Rect.zero
    var isAnimating: Bool { true }
    mutating func tick(at time: Double) -> Reply<Never> {
        n += 1
        return .ignored
    }
    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        frame = area
        canvas.text("\(n)", at: area.origin)
    }
    mutating func handle(_ event: Event, at time: Double) -> Reply<Never> { .ignored }
}
