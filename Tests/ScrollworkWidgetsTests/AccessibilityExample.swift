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

    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        frame = Rect(x: area.minX, y: area.minY, width: Swift.min(area.width, 80), height: Swift.min(area.height, 16))
        let text = String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
        canvas.text(text, at: frame.origin, width: frame.width)
    }

    mutating func handle(_ event: Event, at time: Double) -> EventResult {
        switch event {
        case .key(KeyEvent(.left)): stars = Swift.max(stars - 1, 0)
        case .key(KeyEvent(.right)): stars = Swift.min(stars + 1, 5)
        case let .mouse(mouse) where mouse.kind == .press && frame.contains(mouse.location):
            stars = Swift.min(Int((mouse.x - frame.minX) / (frame.width / 5)) + 1, 5)
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
