// The example of the "Content size" article (Sources/ScrollworkWidgets/ScrollworkWidgets.docc),
// kept word for word between the markers (scripts/check-docs compares them) and run by
// ContentSizeTests.

// BEGIN CONTENT SIZE EXAMPLE
import Scrollwork
import ScrollworkWidgets

/// Numbered lines of text, as tall as they are many: the view asks for the size.
struct NumberedLines: ScrollContent {
    var count: Int

    func contentSize(fitting viewport: Size, measurer: TextMeasurer) -> Size? {
        Size(width: viewport.width, height: Double(count) * measurer.lineHeight(.body))
    }

    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let line = canvas.textMeasurer.lineHeight(.body)
        let first = Swift.max(0, Int(window.offset.y / line))
        let last = Swift.min(count - 1, Int((window.offset.y + window.box.height) / line))
        guard first <= last else { return }
        canvas.clipped(to: window.box) { c in
            for i in first...last {
                let y = window.box.minY + Double(i) * line - window.offset.y
                c.text("Line \(i + 1)", at: Point(x: window.box.minX, y: y), width: window.box.width)
            }
        }
    }
}

/// A thousand lines that scroll, flick and bounce; Ctrl-C quits.
struct Lines: WidgetApp {
    var content = ScrollView(NumberedLines(count: 1_000))
    var wantsQuit = false
}
// END CONTENT SIZE EXAMPLE
