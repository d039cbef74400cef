import Scrollwork
@testable import ScrollworkTesting
import Testing
@testable import ScrollworkWidgets

/// #70: the probes of the public widget and test-kit calls that trapped or lied, as a class: any
/// value of their parameters' types gives an answer.
@Suite struct TotalWidgetCallTests {
    enum Action: Hashable, Sendable { case pick(Int) }

    @Test("a menu drawn in bounds with a NaN or infinite corner, or a negative or NaN size, draws nothing or stays inside them, never traps")
    func menuInAnyBounds() {
        let items = (0..<5).map { MenuItem("Item \($0)", action: Action.pick($0)) }
        let bounds = [Rect(x: .nan, y: .nan, width: 100, height: 100), Rect(x: 0, y: 0, width: -50, height: -20),
                      Rect(x: .infinity, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: .nan, height: .infinity),
                      Rect(x: -.greatestFiniteMagnitude, y: 0, width: .greatestFiniteMagnitude, height: 40)]
        for rect in bounds {
            var menu = MenuView(items, at: Point(x: .nan, y: -.infinity))
            var canvas = Canvas(cells: Buffer(columns: 20, rows: 10))
            menu.render(in: rect, into: &canvas, at: 0)
            #expect(menu.frame == .zero || (menu.frame.isFinite && rect.standardized.isFinite), "\(rect): \(menu.frame)")
        }
    }

    @Test("a canvas's placement and clip calls, and a scroll view drawn in them, take rectangles that are not finite, negative or of no size on both hosts and never trap")
    func clipsAndPlacementsOfAnyRect() {
        let rects = [Rect(x: .nan, y: .nan, width: 100, height: 100), Rect(x: 0, y: 0, width: -50, height: -20),
                     Rect(x: .infinity, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: .nan, height: .infinity),
                     Rect(x: -.greatestFiniteMagnitude, y: 0, width: .greatestFiniteMagnitude, height: 40), .zero]
        struct Blank: ScrollContent { func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) { canvas.fill(window.box, .plain) } }
        for host in [Canvas(cells: Buffer(columns: 20, rows: 10)), CanvasDrawingTests.window()] {
            for clip in rects {
                for area in rects {
                    var canvas = host
                    _ = canvas.aligned(area)
                    _ = canvas.visiblePart(of: area)
                    var view = ScrollView(Blank(), scroll: ScrollState(viewport: .zero, content: Size(width: 400, height: 400)))
                    canvas.clipped(to: clip) { view.render(in: area, into: &$0, at: 0) }
                    _ = view.handle(.mouse(MouseEvent(.press, at: Point(x: 5, y: 5))), at: 1)
                    #expect(!view.scroll.viewportSize.width.isNaN && !view.scroll.viewportSize.height.isNaN, "\(clip) \(area)")
                }
            }
        }
    }

    @Test("a pixel host's scale of any value is kept in 1/64…64 (NaN is 1), and an offset of any value is drawn at a whole pixel or, not finite, as it is")
    func drawnOffsetOfAnyValue() {
        let values: [Double] = [.nan, .infinity, -.infinity, 0, -1, 1e-300, 0.5, 1.5, 2, 3, 1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        for scale in values {
            let context = PointContext(size: Size(width: 100, height: 100), pixelsPerPoint: scale) { _ in .cells(CellMetrics()) }
            let kept = context.pixelsPerPoint ?? .nan
            #expect(kept >= 1.0 / 64 && kept <= 64, "\(scale) → \(kept)")
            let canvas = Canvas(cells: Buffer(columns: 10, rows: 5), metrics: CellMetrics(), size: Size(width: 80, height: 80), pointContext: context)
            for offset in values {
                let drawn = canvas.drawnOffset(Point(x: offset, y: offset))
                if offset.isFinite, (offset * kept).isFinite {
                    #expect(drawn.y * kept == (drawn.y * kept).rounded() && abs(drawn.y - offset) <= 0.5 / kept + 1e-9, "\(offset) at \(kept) → \(drawn.y)")
                } else {
                    #expect(drawn.y.isNaN == offset.isNaN)
                }
            }
        }
        // Without pixels (a grid, or points with no scale), the offset is drawn as it is.
        let exact = PointContext(size: Size(width: 100, height: 100)) { _ in .cells(CellMetrics()) }
        #expect(exact.pixelsPerPoint == nil)
        let canvas = Canvas(cells: Buffer(columns: 10, rows: 5), metrics: CellMetrics(), size: Size(width: 80, height: 80), pointContext: exact)
        #expect(canvas.drawnOffset(Point(x: 0.3, y: 123.25)) == Point(x: 0.3, y: 123.25))
        #expect(Canvas(cells: Buffer(columns: 10, rows: 5)).drawnOffset(Point(x: 0.3, y: 7.7)) == Point(x: 0.3, y: 7.7))
    }

    @Test("a measurer's symbol advances of any length or value, and scalar replacement of any text, give an answer")
    func measurerSymbolsAndScalarReplacement() {
        for given in [[], [Double.nan], [-1, .infinity, 3], Array(repeating: 5, count: 40)] {
            let m = TextMeasurer(sizes: [17], lineHeights: [22], ascents: [16], advances: [], wideAdvance: [17], symbolAdvances: ["←": given, "\u{0}": given])
            let width = m.width(of: "←\u{0}→", font: .headline)
            #expect(width.isFinite && width >= 0)
        }
        for text in ["", "\"", "\"\u{301}\"", String(repeating: "\u{301}", count: 100)] {
            #expect(!text.replacingScalar("\"", with: "").containsScalar("\""))
        }
    }

    @Test("in a menu taller than its area, the highlighted item is always drawn: End shows the last, Home the first")
    func longMenuKeepsTheHighlightDrawn() {
        let items = (0..<30).map { MenuItem("Item \($0)", action: Action.pick($0)) }
        var menu = MenuView(items, at: .zero, highlightingFirst: true)
        func drawn() -> String {
            var canvas = Canvas(cells: Buffer(columns: 30, rows: 8))
            menu.render(in: canvas.bounds, into: &canvas, at: 0)
            return canvas.cells.text
        }
        #expect(drawn().contains("Item 0"))
        _ = menu.handle(.key(KeyEvent(.end)), at: 0)
        let end = drawn()
        #expect(menu.highlighted == 29 && end.contains("Item 29") && !end.contains("Item 0 "), "\(end)")
        _ = menu.handle(.key(KeyEvent(.home)), at: 0)
        #expect(drawn().contains("Item 0") && menu.highlighted == 0)
        // The pointer over a drawn item highlights that item, not one moved out of the panel.
        _ = menu.handle(.key(KeyEvent(.end)), at: 0)
        _ = drawn()
        let last = menu.itemFrames[29]
        _ = menu.handle(.mouse(MouseEvent(.move, button: .none, x: last.midX, y: last.midY)), at: 0)
        #expect(menu.highlighted == 29)
    }

    @Test("Pilot.drag with cells at the ends of Int's range and any number of steps ends where asked, never overflows")
    func dragAtTheEnds() {
        let pilot = Pilot(PilotTests.Files(count: 3), columns: 10, rows: 4)
        for steps in [Int.min, -1, 0, 1, Int.max] {
            pilot.drag(from: CellPosition(column: .min, row: .min), to: CellPosition(column: .max, row: .max), steps: steps)
            pilot.drag(from: CellPosition(column: .max, row: 0), to: CellPosition(column: .min, row: 3), steps: steps)
        }
    }

    @Test("work progress of any fraction prints as 0–100 %, and wholePercent holds NaN and ±∞ in range")
    func progressPrintsAnyFraction() {
        let key = WorkKey<Int>("probe")
        for (fraction, percent) in [(1e300, 100), (.infinity, 100), (-.infinity, 0), (.nan, 0), (0.425, 42), (-3, 0)] as [(Double, Int)] {
            #expect("\(WorkUpdate.progress(id: key.id, fraction: fraction))".hasSuffix(" \(percent)%"))
            #expect(fraction.wholePercent == percent)
        }
    }

    @Test("every key's help label reads back as that key: ß, capitals in chords, arrows typed as characters, controls, + and any F-number")
    func labelsReadBack() {
        let characters: [Character] = ["a", "z", "A", "Z", "ß", "é", "É", "ı", "i", "İ", "ǅ", "ǆ", "ﬀ", "+", "-", " ", "/", "<", "1", "u", "U", "F",
                                       "↑", "↓", "←", "→", "⌫", "\u{7}", "\t", "\n", "\u{A0}", "\u{200B}", "\u{E000}", "e\u{301}", "🇫🇷", "陈", "\u{301}"]
        let keys: [Key] = characters.map { .character($0) } + [.enter, .tab, .backspace, .escape, .up, .down, .left, .right, .home, .end,
                                                                .pageUp, .pageDown, .insert, .delete, .menu, .function(0), .function(1), .function(12),
                                                                .function(13), .function(-2), .function(.max), .function(.min)]
        let modifierSets: [Modifiers] = [[], .shift, .alt, .control, [.control, .alt], [.control, .shift], [.control, .alt, .shift]]
        var failed: [String] = []
        for key in keys {
            for modifiers in modifierSets {
                let event = KeyEvent(key, modifiers)
                if KeyEvent(label: event.label) != event { failed.append("\(event.label) for \(event)") }
            }
        }
        #expect(failed.isEmpty, "\(failed.count) labels do not read back: \(failed.prefix(12))")
        #expect(KeyEvent(.character("ß"), .control).label == "Ctrl+ß" && KeyEvent(.character("a"), .control).label == "Ctrl+A")
        #expect(KeyEvent(.character("↑")).label == "U+2191" && KeyEvent(.character("A"), .control).label == "Ctrl+U+0041")
    }
}
