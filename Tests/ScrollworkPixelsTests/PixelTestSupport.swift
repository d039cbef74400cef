#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkPixels
@testable import ScrollworkWidgets
import ScrollworkTerminal


/// Numbered lines with a solid block at the start, so that every row has ink: monospaced text,
/// a cell a line, each where it lies at the offset.
struct NumberedLines: ScrollContent {
    var count = 500

    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let lineHeight = window.metrics.cellHeight
        // One row more than fit: between rows, the last is partly in view.
        for y in 0...window.rect.rows {
            let line = window.firstRow.addingSaturating(y)
            guard line >= 0, line < count else { continue }
            let top = window.box.minY + Double(line) * lineHeight - window.offset.y
            canvas.text("██ Line \(line) ██", at: Point(x: window.box.minX - window.offset.x, y: top), font: .monospaced,
                        style: Style(foreground: .rgb(255, 255, 255)))
        }
    }
}

/// A scroll view of `NumberedLines` filling `columns` × `rows` cells.
func linesView(columns: Int = 40, rows: Int = 20, lines: Int = 500) -> ScrollView<NumberedLines> {
    let metrics = CellMetrics()
    let viewport = Size(width: Double(columns) * metrics.cellWidth, height: Double(rows) * metrics.cellHeight)
    let content = Size(width: viewport.width, height: Double(lines) * metrics.cellHeight)
    return ScrollView(NumberedLines(count: lines), scroll: ScrollState(viewport: viewport, content: content))
}

/// Light text on black: the palette the drawing tests measure on, where a pixel's brightness is
/// its colour's share (an indicator at half opacity is half its colour), whatever a window's
/// own dark background is.
let measuringPalette = PixelPalette(foreground: PixelColor(235, 235, 240), background: PixelColor(0, 0, 0))

/// Renders `app` into an image of its cells' size in points at `scale`, at `time`.
func image<A: App>(_ app: inout A, columns: Int, rows: Int, scale: Double = 1, at time: Double = 0,
                   palette: PixelPalette = measuringPalette) throws -> PixelImage {
    _ = app.tick(at: time)
    let size = Size(width: Double(columns) * 8, height: Double(rows) * 16)
    return try PixelFrame.render(&app, size: size, scale: scale, at: time, palette: palette)
}

extension PixelImage {
    /// The brightest channel of the pixel, 0…255, over black.
    func brightness(x: Int, y: Int) -> Int {
        let p = pixel(x: x, y: y)
        return Int((max(p.red, p.green, p.blue) * p.alpha * 255).rounded())
    }

    /// The runs of pixels along row `y` brighter than `threshold`, as ranges of x.
    func litRuns(row y: Int, threshold: Int = 40, in xs: Range<Int>? = nil) -> [Range<Int>] {
        var runs: [Range<Int>] = [], start: Int? = nil
        let xs = xs ?? 0..<width
        for x in xs {
            let lit = brightness(x: x, y: y) > threshold
            if lit, start == nil { start = x }
            if !lit, let s = start { runs.append(s..<x); start = nil }
        }
        if let s = start { runs.append(s..<xs.upperBound) }
        return runs
    }

    /// The runs of pixels down column `x` brighter than `threshold`, as ranges of y.
    func litRuns(column x: Int, threshold: Int = 40) -> [Range<Int>] {
        var runs: [Range<Int>] = [], start: Int? = nil
        for y in 0..<height {
            let lit = brightness(x: x, y: y) > threshold
            if lit, start == nil { start = y }
            if !lit, let s = start { runs.append(s..<y); start = nil }
        }
        if let s = start { runs.append(s..<height) }
        return runs
    }
}
#endif
