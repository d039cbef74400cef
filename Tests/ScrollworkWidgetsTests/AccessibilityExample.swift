// The example of the "Screen readers" article (Sources/ScrollworkWidgets/ScrollworkWidgets.docc),
// kept word for word between the markers (scripts/check-docs compares them) and run by
// AccessibilityExampleTests.

// BEGIN ACCESSIBILITY EXAMPLE
import Scrollwork
import ScrollworkWidgets

/// A rating of zero to five stars: ← and → change it, a click on a star sets it.
struct StarRating: Widget {
    var stars = 3
    var frame = Rect.zero
    /// One star's width in the type it is drawn in: a cell in a terminal, a glyph in a window.
    var starWidth = 8.0

    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        // Measured and drawn in the host's type for a desktop app, so a click hits the star
        // under it in a window as in a terminal.
        let measurer = canvas.measurer(for: .macOS)
        starWidth = Swift.max(1, measurer.width(of: "★", font: .body))
        frame = Rect(x: area.minX, y: area.minY, width: Swift.min(area.width, 5 * starWidth), height: Swift.min(area.height, measurer.lineHeight(.body)))
        let text = String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
        let origin = frame.origin
        canvas.draw(frame, idiom: .macOS) { $0.text(text, at: origin) }
    }

    mutating func handle(_ event: Event, at time: Double) -> Reply<Never> {
        switch event {
        case .key(KeyEvent(.left)): stars = Swift.max(stars - 1, 0)
        case .key(KeyEvent(.right)): stars = Swift.min(stars + 1, 5)
        case let .mouse(mouse) where mouse.kind == .press && frame.contains(mouse.location):
            stars = Swift.min(Int((mouse.x - frame.minX) / starWidth) + 1, 5)
        default: return .ignored
        }
        return .handled
    }

    /// A slider from 0 to 5 whose actions are the keys a person would press.
    var accessibility: AccessibilityElement? {
        var element = AccessibilityElement(role: .slider, name: "Rating", value: "\(stars) of 5 stars", frame: frame)
        element.range = AccessibilityRange(current: Double(stars), minimum: 0, maximum: 5)
        if stars < 5 { element.actions.append(AccessibilityAction(.increment, events: [.key(KeyEvent(.right))])) }
        if stars > 0 { element.actions.append(AccessibilityAction(.decrement, events: [.key(KeyEvent(.left))])) }
        return element
    }
}
// END ACCESSIBILITY EXAMPLE
