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
        #expect(element.frame == Rect(x: 0, y: 0, width: 80, height: 16))
        for _ in 0..<2 {
            let increment = try #require(element.actions.first { $0.kind == .increment })
            for event in increment.events { _ = rating.handle(event, at: 1) }
            element = try #require(rating.accessibility)
        }
        #expect(element.range?.current == 5 && element.actions.map(\.kind) == [.decrement], "at 5 it only goes down")
        _ = rating.handle(.mouse(MouseEvent(.press, x: 20, y: 8)), at: 2)
        #expect(rating.accessibility?.value == "2 of 5 stars")
    }
}
