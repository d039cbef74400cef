import Scrollwork
import Testing
@testable import ScrollworkFiles

@Suite struct ColumnKindsTests {
    /// The kind text alone says: integers as `Int` reads them, reals as NumberText's documented
    /// rule says (written here as a Swift `Regex`, apart from the code), else text.
    static func expected(_ values: [String], missing: MissingValues = .common) -> FieldValues.Kind {
        let present = values.filter { !missing.contains($0) }
        if present.isEmpty { return .text }
        if present.allSatisfy({ Int($0) != nil }) { return .integers }
        return present.allSatisfy(isReal) ? .reals : .text
    }

    /// A decimal with an optional sign, point and exponent, or inf, infinity, unsigned nan, in any case.
    static func isReal(_ text: String) -> Bool {
        text.wholeMatch(of: /(?i)[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)(e[+-]?[0-9]+)?|[+-]?inf(inity)?|nan/) != nil
    }

    static let tricky = ["0", "-7", "+12", "007", "9223372036854775807", "9223372036854775808", "-", "+", "1.5", ".5", "5.", "1e5",
                         "-2.5E-3", "inf", "Infinity", "nan", "NaN", "0x1p3", " 5", "5 ", "1_000", "e5", "N945DL", "2013-05-03",
                         "١٢", "NA", "null", "", "abc", "1,5", "--1", "1e", "i", "n"]

    @Test("a value's kind read from its bytes is the kind its text has: Int, then Double, then text; missing words decide nothing")
    func kindOfEachValue() {
        for value in Self.tricky {
            #expect(FieldValues.kind(of: [value]) == Self.expected([value]), "\(value)")
            #expect(FieldValues.kind(of: ["12", value]) == Self.expected(["12", value]), "12 then \(value)")
            #expect(FieldValues.kind(of: ["1.5", value, "NA"]) == Self.expected(["1.5", value, "NA"]), "1.5 then \(value)")
        }
        #expect(FieldValues.kind(of: []) == .text && FieldValues.kind(of: ["NA", ""]) == .text)
    }

    @Test("a column is integers until a real, reals until a word, and text from then on, whatever comes after")
    func kindsOnlyWiden() {
        var kinds = ColumnKinds(missing: .common)
        kinds.add(nil, column: 2)
        #expect(kinds.count == 3 && kinds.kind(ofColumn: 2) == .text, "a column with nothing present is text")
        for (value, kind) in [("12", FieldValues.Kind.integers), ("NA", .integers), ("2.5", .reals), ("7", .reals), ("x", .text), ("3", .text)] {
            var bytes = value
            bytes.withUTF8 { kinds.add($0, column: 2) }
            #expect(kinds.kind(ofColumn: 2) == kind, "after \(value)")
        }
        #expect(kinds.kind(ofColumn: -1) == .text && kinds.kind(ofColumn: 99) == .text)
        kinds.add(nil, column: -5)
        #expect(kinds.count == 3)
    }

    @Test("each column keeps the length of its longest number: missing words and text do not count, and merging keeps the longer")
    func longestNumbers() {
        var kinds = ColumnKinds(missing: .common), other = ColumnKinds(missing: .common)
        for value in ["12", "NA", "-1234.5", "", "7"] {
            var bytes = value
            bytes.withUTF8 { kinds.add($0, column: 0) }
        }
        #expect(kinds.longestNumber(ofColumn: 0) == 7)
        var word = "a word longer than any number"
        word.withUTF8 { kinds.add($0, column: 1) }
        #expect(kinds.longestNumber(ofColumn: 1) == 0 && kinds.longestNumber(ofColumn: -1) == 0 && kinds.longestNumber(ofColumn: 9) == 0)
        var long = "123456789012"
        long.withUTF8 { other.add($0, column: 0) }
        kinds.merge(other)
        #expect(kinds.longestNumber(ofColumn: 0) == 12)
    }

    @Test("the kinds of a file's rows read in pieces on several lanes are the kinds of reading them one by one, and of reading some fields alone; a word in the last row makes its column text")
    func piecesAgree() throws {
        var table = ExploreData.rows(150_000)
        table[149_999][2] = "late"
        try ExploreData.withRows(table) { rows, _ in
            let serial = try #require(ColumnKinds.reading(rows, in: 0..<rows.count))
            let lanes = try #require(ColumnKinds.reading(rows, in: 0..<rows.count, concurrently: ExploreData.threeAtOnce))
            #expect(serial == lanes)
            #expect((0..<5).map { serial.kind(ofColumn: $0) } == [.integers, .text, .text, .reals, .text])
            let early = try #require(ColumnKinds.reading(rows, in: 0..<149_999))
            #expect(early.kind(ofColumn: 2) == .integers, "NA is missing, the rest integers")
            let clamped = try #require(ColumnKinds.reading(rows, in: -10..<Int.max))
            #expect(clamped == serial)
            // Fields read alone are the kinds reading every field gives them; fields out of
            // range (and repeated) count nothing, and the others stay unseen (text).
            let alone = try #require(ColumnKinds.reading(rows, fields: [2, 0, 2, -1, Int.max, Int.min, ColumnKinds.maximumColumns], in: Int.min..<Int.max,
                                                          concurrently: ExploreData.threeAtOnce))
            #expect([0, 2].map { alone.kind(ofColumn: $0) } == [0, 2].map { serial.kind(ofColumn: $0) })
            #expect(alone.longestNumber(ofColumn: 0) == serial.longestNumber(ofColumn: 0) && alone.longestNumber(ofColumn: 3) == 0)
            #expect(alone.kind(ofColumn: 3) == .text && alone.count == 3)
            let none = try #require(ColumnKinds.reading(rows, fields: [], in: 0..<rows.count))
            #expect(none.count == 0)
        }
    }

    @Test("NumberText reads as its rule says, and its pattern for the engines says the same of every value")
    func numberTextAndItsPattern() throws {
        let pattern = try Regex(NumberText.pattern).ignoresCase()
        let more = ["+inf", "-Infinity", "-nan", "+nan", "NAN", "INF", "1.", "-.5", "1e+5", "1E-5", "1e5.5", "5e", "e", ".", "+.", "0.0.1", "1e400", "\u{0}1"]
        for value in Self.tricky + more {
            #expect((NumberText.real(value) != nil) == Self.isReal(value), "\(value)")
            #expect((value.wholeMatch(of: pattern) != nil) == Self.isReal(value), "pattern: \(value)")
        }
        #expect(NumberText.real("1e400") == .infinity && NumberText.real("0x10") == nil && NumberText.real(" 8") == nil && NumberText.real("5.") == 5)
    }
}
