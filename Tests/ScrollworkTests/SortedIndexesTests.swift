import Testing
@testable import Scrollwork

/// A sort of rows no one is shown, as a data source asks for one.
@Suite struct SortedIndexesTests {
    struct Flight: Sendable { var carrier: String; var delay: Int }
    static let rows = [Flight(carrier: "UA", delay: 12), Flight(carrier: "B6", delay: -3), Flight(carrier: "UA", delay: 5), Flight(carrier: "AA", delay: 12)]
    static let columns = [TableColumn<Flight>("Carrier", id: "carrier") { .string($0.carrier) }, TableColumn<Flight>("Delay", id: "delay") { .int($0.delay) }]

    @Test("the rows' indexes in the order asked, ties in the rows' own order, written as the type asked for")
    func sortsByKeys() throws {
        let byDelay = try TableState.sortedIndexes(of: Self.rows, columns: Self.columns, order: [SortOrder(columnID: "delay", ascending: false)])
        #expect(byDelay == [0, 3, 2, 1])
        let byBoth = try TableState.sortedIndexes(of: Self.rows, columns: Self.columns, order: [SortOrder(columnID: "carrier"), SortOrder(columnID: "delay")],
                                                  as: UInt32.self)
        #expect(byBoth == [3, 1, 2, 0])
    }

    @Test("a sort whose progress says stop gives nothing")
    func stops() throws {
        #expect(try TableState.sortedIndexes(of: Self.rows, columns: Self.columns, order: [SortOrder(columnID: "delay")], progress: { _ in false }) == nil)
    }
}
