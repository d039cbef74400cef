import Testing
@testable import ScrollworkFiles

@Suite struct JSONLinesTests {
    func members(_ line: String) throws(JSONObjectReader.Problem) -> [JSONObjectReader.Member] {
        try JSONObjectReader.members(of: Array(line.utf8))
    }

    @Test("an object's members in order: strings unescaped, numbers as written, nested values as compact JSON")
    func objects() throws {
        let m = try members(#"{"name": "a\"b\\c\n\u00e9\ud83d\ude00", "n": -1.5e3, "ok": true, "none": null, "tags": [1, "x", {"k": [ ]}] , "o":{ "a" : 1 }}"#)
        #expect(m.map(\.key) == ["name", "n", "ok", "none", "tags", "o"])
        #expect(m[0].text == "a\"b\\c\né😀" && m[0].kind == .string)
        #expect(m[1].text == "-1.5e3" && m[1].kind == .number)
        #expect(m[2].kind == .boolean && m[3].kind == .null)
        #expect(m[4].text == #"[1,"x",{"k":[]}]"# && m[4].kind == .nested)
        #expect(m[5].text == #"{"a":1}"#)
        #expect(try members("  {}  ").isEmpty)
    }

    @Test("what is not one JSON object is a problem that says where, never a crash", arguments: [
        "[1,2]", "{\"a\":}", "{\"a\":1", "{\"a\" 1}", "{a:1}", "{\"a\":1} x", "{\"a\":\"unclosed}", "", "{\"a\":tru}",
    ])
    func problems(line: String) {
        #expect(throws: JSONObjectReader.Problem.self) { try members(line) }
    }

    @Test("nesting deeper than the limit is a problem; bad escapes and lone surrogates become U+FFFD")
    func limits() throws {
        let deep = "{\"a\":" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        #expect(throws: JSONObjectReader.Problem.self) { try members(deep) }
        let m = try members(#"{"a":"x\qy\ud800z"}"#)
        #expect(m[0].text == "x\u{FFFD}y\u{FFFD}z")
    }
}
