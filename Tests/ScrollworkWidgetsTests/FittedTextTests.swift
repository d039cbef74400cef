import Scrollwork
import Testing
@testable import ScrollworkWidgets

/// The grid's fast path for printable ASCII text (every cell of a table): it must draw exactly
/// what cutting the text with `Truncation` and drawing the cut string draws.
@Suite struct FittedTextTests {
    /// A small deterministic generator, so a failure names the case that made it.
    struct Steps {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test("printable ASCII drawn in a span gives the cells and width of the cut string drawn whole, for every cut, alignment and clip, over narrow or wide characters")
    func fastPathMatchesCutString() {
        var steps = Steps(state: 7)
        for _ in 0..<3000 {
            let length = steps.next(30)
            let text = String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(0x20 + steps.next(0x5F)))) })
            let truncation = Truncation.allCases[steps.next(3)]
            let alignment: ColumnAlignment = [.leading, .trailing, .center][steps.next(3)]
            let x = Double(steps.next(200)) - 40, width = Double(steps.next(260)) - 20
            let clip = Rect(x: Double(steps.next(160)) - 20, y: 0, width: Double(steps.next(200)), height: 64)
            // What the cut string drawn whole gives: the reference.
            var expected = Buffer(columns: 20, rows: 3, fill: Cell("x"))
            // Under it, wide characters half the time, at an even or odd start: a cell drawn over
            // half of one must blank the other half.
            let wide = steps.next(2) == 0, wideStart = steps.next(2)
            if wide { expected.draw(String(repeating: "界", count: 10), column: wideStart, row: 1) }
            let under = expected
            let start = CellMetrics().cell(at: Point(x: x + 1e-6, y: 16 + 1e-6)).column
            let room = Swift.max(0, CellMetrics().columns(forPoints: width + 1e-6))
            let shown = text.truncated(toWidth: room, truncation)
            let column = switch alignment {
            case .leading: start
            case .trailing: start + Swift.max(0, room - shown.count)
            case .center: start + Swift.max(0, room - shown.count) / 2
            }
            let clipCells = CellMetrics().cells(in: clip).intersection(expected.area)
            let first = Swift.max(clipCells.column, start), last = Swift.min(clipCells.maxColumn, start + room)
            let span = CellRect(column: first, row: 1, columns: Swift.max(0, last - first), rows: first < last ? 1 : 0)
            let end = expected.draw(shown, column: column, row: 1, style: Style(bold: true), clip: span)
            let expectedWidth = Double(Swift.min(end, span.maxColumn) - column) * 8

            var canvas = Canvas(cells: under)
            canvas.pushClip(clip)
            let drawn = canvas.text(text, at: Point(x: x, y: 16), width: width, style: Style(bold: true), alignment: alignment, truncation: truncation)
            #expect(canvas.cells.cells == expected.cells, "\(text.debugDescription) \(truncation) \(alignment) x \(x) width \(width) clip \(clip) wide \(wide) from \(wideStart)")
            #expect(drawn == expectedWidth, "\(text.debugDescription) \(truncation) \(alignment) x \(x) width \(width)")
        }
    }

    @Test("the eight-at-a-time check finds a byte outside 0x20…0x7E wherever it is in a text of any length up to 19, and passes every printable one")
    func printableCheck() {
        var wrong: [String] = []
        for length in 1...19 {
            var bytes = [UInt8](repeating: 0x61, count: length)
            for position in bytes.indices {
                for value in 0...255 {
                    bytes[position] = UInt8(value)
                    let printable = bytes.withUnsafeBufferPointer(Truncation.isPrintableASCII)
                    if printable != (value >= 0x20 && value < 0x7F) { wrong.append("byte \(value) at \(position) of \(length)") }
                }
                bytes[position] = 0x61
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect([UInt8]().withUnsafeBufferPointer(Truncation.isPrintableASCII))
    }
}
