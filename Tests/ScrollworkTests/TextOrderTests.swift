import Testing
@testable import Scrollwork

@Suite struct TextOrderTests {
    static func finderSorted(_ names: [String]) -> [String] {
        names.map { (TextOrder.finder.sortKey($0), $0) }.sorted { bytesPrecede($0.0, $1.0) }.map(\.1)
    }

    @Test("LT-12: Finder order ignores case and reads digit runs as numbers")
    func LT_12_finderOrder() {
        let names = ["alpha-10", "beta", "alpha-2", "Alpha-1", "alpha-100000", "alpha-10010", "10", "9", "zeta", "Alpha-02x"]
        #expect(Self.finderSorted(names) == ["9", "10", "Alpha-1", "alpha-2", "Alpha-02x", "alpha-10", "alpha-10010", "alpha-100000", "beta", "zeta"])
        // Lexical order keeps Swift's own order.
        #expect(TextOrder.lexical.sortKey("B") != TextOrder.lexical.sortKey("b"))
        #expect(TextOrder.finder.sortKey("B") == TextOrder.finder.sortKey("b"))
        #expect(TextOrder.finder.sortKey("Éclair") == TextOrder.finder.sortKey("éclair"))
        #expect(TextOrder.finder.sortKey("file007") == TextOrder.finder.sortKey("file7"))
        // Text beyond ASCII takes the slower path, with the same rules for numbers and case.
        #expect(Self.finderSorted(["Café-10", "café-2", "CAFÉ-1", "cafe-3"]) == ["cafe-3", "CAFÉ-1", "café-2", "Café-10"])
        #expect(TextOrder.finder.sortKey("Éclair 0010") == TextOrder.finder.sortKey("éclair 10"))
    }

    @Test("LT-12: a table column sorts by Finder order when it says so, both ways, stably")
    func LT_12_finderColumn() throws {
        let rows = ["file-10", "File-2", "file-1", "file-2", "file-100"]
        var t = TableState(rows: rows, columns: [TableColumn("Name", width: .clamping(ideal: 100), textOrder: .finder) { .string($0) }])
        try t.chooseHeading(0)
        let up = (0..<5).map { (try? t.list.row(at: IndexPath(row: $0))) ?? "?" }
        #expect(up == ["file-1", "File-2", "file-2", "file-10", "file-100"])
        try t.chooseHeading(0)
        let down = (0..<5).map { (try? t.list.row(at: IndexPath(row: $0))) ?? "?" }
        #expect(down == ["file-100", "file-10", "File-2", "file-2", "file-1"])
    }
}
