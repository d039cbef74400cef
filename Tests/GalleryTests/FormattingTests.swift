import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

@Suite("Formatting")
struct FormattingTests {
    @Test("grouped puts a comma every three digits from the right, for every Int")
    func groupedDigits() {
        #expect(grouped(0) == "0")
        #expect(grouped(999) == "999")
        #expect(grouped(1_000) == "1,000")
        #expect(grouped(1_234_567) == "1,234,567")
        #expect(grouped(-123) == "-123")
        #expect(grouped(-123_456) == "-123,456")
        #expect(grouped(Int.max) == "9,223,372,036,854,775,807")
        #expect(grouped(Int.min) == "-9,223,372,036,854,775,808")
    }

    @Test("counted says one thing in the singular and every other count in the plural, grouped")
    func countedNouns() {
        #expect(counted(1, "row") == "1 row")
        #expect(counted(0, "row") == "0 rows")
        #expect(counted(-1, "row") == "-1 rows")
        #expect(counted(1_234, "line") == "1,234 lines")
        #expect(counted(2, "match", "matches") == "2 matches")
        #expect(counted(1, "match", "matches") == "1 match")
        #expect(counted(Int.min, "row") == "-9,223,372,036,854,775,808 rows")
    }
}
