// The custom widget of the "Building an app" article (Sources/ScrollworkWidgets/ScrollworkWidgets.docc),
// kept word for word between the markers (scripts/check-docs compares them) and run by
// CounterExampleTests in a terminal's cells and in a window's points.

import Scrollwork
import ScrollworkWidgets

// BEGIN COUNTER EXAMPLE
struct Counter: Widget {
    var count = 0
    var frame = Rect.zero
    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        frame = area
        let text = "Clicked \(count) times"
        canvas.draw(area, idiom: .macOS) { $0.text(text, at: area.origin, width: area.width) }
    }
    mutating func handle(_ event: Event, at time: Double) -> Reply<Never> {
        guard case let .mouse(mouse) = event, mouse.kind == .press, frame.contains(mouse.location) else { return .ignored }
        count += 1
        return .handled
    }
}
// END COUNTER EXAMPLE
