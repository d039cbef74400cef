import Scrollwork
import ScrollworkWidgets
import Testing
@testable import ScrollworkViewer

/// #67: a record's page shows a nested value too long for its line a member a line, as jq
/// prints it; any other text as it is written.
@Suite struct IndentedJSONTests {
    @Test("an object or array is laid out a member a line, two spaces a level; empty ones, strings with brackets, commas and colons stay whole")
    func layout() {
        let text = #" {"id":1, "tags": ["a", {"k": "v, with: {braces} and \"quotes\"", "e": [], "o": {}}], "n": null} "#
        #expect(IndentedJSON.lines(of: text) == [
            "{",
            #"  "id": 1,"#,
            #"  "tags": ["#,
            #"    "a","#,
            "    {",
            #"      "k": "v, with: {braces} and \"quotes\"","#,
            #"      "e": [],"#,
            #"      "o": {}"#,
            "    }",
            "  ],",
            #"  "n": null"#,
            "}",
        ])
        #expect(IndentedJSON.lines(of: "[]") == ["[]"])
        #expect(IndentedJSON.lines(of: "[1,2]") == ["[", "  1,", "  2", "]"])
    }

    @Test("text that is not one JSON object or array is none: a note in brackets, JSON cut short or followed by more, a number, a string")
    func notJSON() {
        for text in ["[see note] below", #"{"a": 1"#, #"{"a": 1} {"b": 2}"#, "[1, 2", "12", #""a""#, "", "   ", "{]", "[}", "{a: 1}", "[1,]", #"{"a":1}, "w": 2"#, #"[1], "w": [2]"#, #"{"a":1}}"#, #"{"a":1} x"#, #"[1]]"#] {
            #expect(IndentedJSON.lines(of: text) == nil, "\(text)")
        }
    }

    @Test("on a record's page a nested value too long for its line is indented, its wrapped lines keeping the indent; a short one stays on its line")
    func recordPage() throws {
        let long = #"{"carrier":"UA","legs":[{"from":"EWR","to":"IAH","note":"a note long enough to wrap in a narrow view"}]}"#
        let detail = try RecordDetailTestAccess.layout(titles: ["id", "trip", "short"], fields: ["7", long, #"{"a":1}"#], columns: 40)
        let lines = detail.lines.map(\.text)
        #expect(lines[1] == "{" && detail.lines[1].name == "trip" && lines.contains(#"  "carrier": "UA","#), "\(lines)")
        let wrapped = try #require(lines.firstIndex { $0.contains(#""note": "a note"#) })
        #expect(lines[wrapped].hasPrefix("      ") && lines[wrapped + 1].hasPrefix("      ") && !lines[wrapped + 1].hasPrefix("       "), "\(lines)")
        #expect(detail.lines.last?.name == "short" && lines.last == #"{"a":1}"#)
        #expect(lines.allSatisfy { displayWidth($0) <= 40 - detail.nameWidth - 3 }, "\(lines)")
    }
}
