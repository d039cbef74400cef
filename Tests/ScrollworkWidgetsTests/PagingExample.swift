// The example of the "Paging with page dots" article (Sources/ScrollworkWidgets/ScrollworkWidgets.docc),
// kept word for word between the markers (scripts/check-docs compares them) and run by
// PagingExampleTests.

// BEGIN PAGING EXAMPLE
import Scrollwork
import ScrollworkWidgets

/// Chapters side by side, each one page wide.
struct Chapters: ScrollContent {
    var titles = ["Overture", "Arrival", "The Storm", "Harbour", "Home"]

    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let width = window.box.width
        canvas.clipped(to: window.box) { c in
            for (page, title) in titles.enumerated() {
                let left = window.box.minX + Double(page) * width - window.offset.x
                guard left < window.box.maxX, left + width > window.box.minX else { continue }
                c.text(title, at: Point(x: left + 16, y: window.box.minY + 16), width: width - 32, font: .title)
            }
        }
    }
}

/// Swipe, tap or scrub the dots, or press ← and →; Ctrl-C quits.
struct Reader: WidgetApp {
    var content = PagedView(Chapters(), pageCount: 5)
    var wantsQuit = false
}
// END PAGING EXAMPLE
