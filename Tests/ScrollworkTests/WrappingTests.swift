import PropertyBased
import Testing
@testable import Scrollwork

/// Word wrap by any measure: points of a proportional face as well as cells.
@Suite struct WrappingTests {
    /// Widths of a made-up proportional face: "i" narrow, "m" wide, the rest in between.
    static func advance(_ c: Character) -> Double { c == "i" ? 3 : c == "m" ? 12 : c == " " ? 4 : 7.5 }

    @Test("lines break at spaces so each fits the width in points, and no text is lost")
    func proportionalLinesFit() async {
        let words = ["im", "mississippi", "a", "iii", "mmmm", "wrap", "x"]
        await propertyCheck(count: 200, input: Gen.int(in: 0..<words.count).array(of: 0...25)) { indices in
            let text = indices.map { words[$0] }.joined(separator: " ")
            for width in [12.0, 30, 61.5, 200] {
                let lines = text.wrapped(toWidth: width, measure: Self.advance)
                for line in lines {
                    let w = line.reduce(0.0) { $0 + Self.advance($1) }
                    #expect(w <= width || line.count == 1, "\(line) is \(w) wide at \(width)")
                }
                // Breaking at a space drops only that space.
                #expect(lines.joined(separator: " ").filter { $0 != " " } == text.filter { $0 != " " })
            }
        }
    }

    @Test("a narrow i fits where cells would not: the same text breaks by its measure")
    func measureDecidesTheBreak() {
        // 8 i's are 24 points plus a 4-point space: "iiii iiii" fits 32 points, where 8-point
        // cells hold one word a line.
        #expect("iiii iiii".wrapped(toWidth: 32, measure: Self.advance) == ["iiii iiii"])
        #expect("iiii iiii".wrapped(toWidth: 32, measure: { _ in 8 }) == ["iiii", "iiii"])
    }

    @Test("cells wrap as the measure of drawn widths does, line breaks and wide clusters included")
    func cellsAreOneMeasure() {
        for text in ["one two three four five six", "滚动视图 takes eight cells\nand 👍🏽 two", "  two  spaces ", ""] {
            for width in [1, 3, 8, 13, 80] {
                #expect(text.wrapped(toWidth: width) == text.wrapped(toWidth: Double(width)) { Double(drawnWidth($0)) })
            }
        }
    }

    @Test("a width that is NaN, negative or infinite, and a measure that is not a number, still give lines")
    func badValues() {
        for width in [Double.nan, -5, 0, .infinity, -.infinity] {
            let lines = "ab cd".wrapped(toWidth: width, measure: Self.advance)
            #expect(lines.joined().filter { $0 != " " } == "abcd")
        }
        #expect("ab cd".wrapped(toWidth: 0, measure: Self.advance) == ["a", "b", "c", "d"])
        #expect("ab cd".wrapped(toWidth: .infinity, measure: Self.advance) == ["ab cd"])
        #expect("ab cd".wrapped(toWidth: 10, measure: { _ in .nan }) == ["ab cd"])
        #expect("ab cd".wrapped(toWidth: 10, measure: { _ in -.infinity }) == ["ab cd"])
    }
}
