import Testing
@testable import ScrollworkFiles

/// A filter's number compared as a real and, where a value reads as the same real, as the
/// decimal it is written as.
@Suite struct FilterNumberTests {
    static func passes(_ filter: String, _ value: String) throws -> Bool {
        var value = value
        let parsed = try RowFilter(parsing: filter, columns: ColumnNames(["n"]))
        return value.withUTF8 { parsed.passes($0) }
    }

    @Test("neighbours a real cannot tell apart: past 2⁵³, decimals of 18 digits; = finds the one written, < and > keep what they should")
    func neighboursApart() throws {
        #expect(try Self.passes("n<9007199254740993", "9007199254740992") && !(try Self.passes("n<9007199254740993", "9007199254740993")))
        #expect(try !Self.passes("n=9007199254740993", "9007199254740992") && Self.passes("n=9007199254740993", "9007199254740993.0"))
        #expect(try Self.passes("n>1234567890123456.77", "1234567890123456.78") && !(try Self.passes("n>1234567890123456.77", "1234567890123456.77")))
        #expect(try Self.passes("n>=1234567890123456.77", "1234567890123456.77") && Self.passes("n<=-1234567890123456.77", "-1234567890123456.78"))
        #expect(try Self.passes("n!=12345678901234567890", "12345678901234567891") && !(try Self.passes("n!=12345678901234567890", "1.234567890123456789e19")))
        // Past the normal reals every path compares the real's zero or infinity.
        #expect(try Self.passes("n=0", "1e-400") && Self.passes("n<=0", "1e-400") && !(try Self.passes("n>0", "1e-400")))
        // Text that is no number, and NaN, compare with nothing.
        #expect(try !Self.passes("n<=5", "nan") && !Self.passes("n>=5", "nan") && !Self.passes("n<5", "abc"))
    }

    @Test("a number reads back from what the status line says of it, as it was written, and is the same number however written")
    func readsBack() throws {
        for text in ["n<9007199254740993", "n>=1e3", "n>-2.50", "n<=0.0015", "n>1e-400", "n<inf"] {
            let filter = try RowFilter(parsing: text, columns: ColumnNames(["n"]))
            #expect(filter.description == text)
            #expect(try RowFilter(parsing: filter.description, columns: ColumnNames(["n"])) == filter)
        }
        #expect(FilterNumber(text: "5") == FilterNumber(text: " 5.0 ") && FilterNumber(text: "1e3") == 1000 && FilterNumber(text: "-2.5") == -2.5)
        #expect(FilterNumber(text: "9007199254740993") != FilterNumber(text: "9007199254740992"))
        #expect(FilterNumber(text: "9223372036854775807")?.integer == Int.max && FilterNumber(text: "9223372036854775808")?.integer == nil)
        #expect(FilterNumber(text: "1e3")?.integer == 1000 && FilterNumber(text: "2.5")?.integer == nil && FilterNumber(text: "-0")?.integer == 0)
        #expect(FilterNumber(text: "nan") == nil && FilterNumber(text: "abc") == nil && FilterNumber(.infinity).exact == nil)
        #expect(FilterNumber(0.1).description == "0.1" && FilterNumber(5).description == "5")
    }
}
