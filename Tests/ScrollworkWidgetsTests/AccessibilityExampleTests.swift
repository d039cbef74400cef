import Scrollwork
import Testing
import ScrollworkWidgets

/// The "Screen readers" article's widget says what it is, and its actions do what they say.
@Suite struct AccessibilityExampleTests {
    @Test("the article's star rating reads as a slider of 0…5 whose increment and decrement change it")
    func starRating() throws {
        var rating = StarRating()
        var buffer = Buffer(columns: 20, rows: 2)
        rating.render(in: buffer.area, into: &buffer, at: 0)
        var element = try #require(rating.accessibility)
        #expect(element.name == "Rating" && element.value == "3 of 5 stars" && element.range == AccessibilityRange(current: 3, minimum: 0, maximum: 5))
        #expect(element.frame == Rect(x: 0, y: 0, width: 40, height: 16), "five stars, a cell each")
        for _ in 0..<2 {
            let increment = try #require(element.actions.first { $0.kind == .increment })
            for event in increment.events { _ = rating.handle(event, at: 1) }
            element = try #require(rating.accessibility)
        }
        #expect(element.range?.current == 5 && element.actions.map(\.kind) == [.decrement], "at 5 it only goes down")
        // Each star's cell sets that many stars: the fourth (x 24…32) four, the first one.
        for (x, stars) in [(28.0, 4), (3.0, 1), (39.0, 5), (17.0, 3)] {
            _ = rating.handle(.mouse(MouseEvent(.press, x: x, y: 8)), at: 2)
            #expect(rating.accessibility?.value == "\(stars) of 5 stars", "a click at x \(x)")
        }
    }

    @Test("in a window the article's star rating is set in the window's type, not on its cells, and a click hits the star drawn under it")
    func starRatingInAWindow() throws {
        var rating = StarRating()
        var canvas = CanvasDrawingTests.window()
        rating.render(in: canvas.bounds, into: &canvas, at: 0)
        guard case let .drawing(drawing)? = canvas.pointMarks.first else { Issue.record("no drawing in points"); return }
        #expect(drawing.commands.contains(.text("★★★☆☆", origin: .zero, font: .body, style: .plain)))
        // The test's type sets a narrow glyph in half its 17 points: five stars are 42.5 points
        // (not the 40 of five cells), and x 30 is on the fourth (25.5…34).
        #expect(rating.frame.width == 42.5)
        _ = rating.handle(.mouse(MouseEvent(.press, x: 30, y: 8)), at: 1)
        #expect(rating.stars == 4)
    }
}
