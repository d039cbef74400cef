#if canImport(Glibc)
import Glibc
#endif
import Scrollwork
import ScrollworkFiles
import Testing
@testable import ScrollworkDatabase

/// #69 with #70's agreement: a ClickHouse table keeps the rows a file's filter keeps for the same
/// values (the first server scripts/test starts, `SCROLLWORK_TEST_CLICKHOUSE`).
@Suite(.enabled(if: getenv("SCROLLWORK_TEST_CLICKHOUSE") != nil, "needs the servers scripts/test starts (SCROLLWORK_TEST_CLICKHOUSE)"))
struct ClickHouseFilterTests {
    @Test("#69 (#70's agreement): 30 filters over 34 values, a ClickHouse text column keeps the rows a file's fields keep; a numeric column compares as numbers")
    func filtersAgreeWithFiles() throws {
        let url = String(cString: getenv("SCROLLWORK_TEST_CLICKHOUSE")).split(separator: " ").map(String.init)[0]
        let server = try ClickHouseDatabase(url: url).connection
        let name = "values_\(getpid())"
        try server.execute("CREATE TABLE \(name) (k UInt32, t Nullable(String)) ENGINE = MergeTree ORDER BY k")
        defer { try? server.execute("DROP TABLE \(name)") }
        let rows = FilterAgreementTests.values.enumerated().map { k, value in "(\(k), \(value.map(ClickHouseConnection.literal) ?? "NULL"))" }
        try server.execute("INSERT INTO \(name) VALUES " + rows.joined(separator: ", "))
        let table = try ClickHouseDatabase(url: url).table(name, sharingSnapshotWith: nil)
        var disagreements: [String] = []
        for test in FilterAgreementTests.tests {
            let filter = try RowFilter(column: 1, test: test)
            let inFile = FilterAgreementTests.values.filter { value in
                guard var value else { return filter.passes(nil) }
                return value.withUTF8 { filter.passes($0) }
            }.count
            let onServer = try table.count(where: [DatabaseFilter(column: 1, test: test)], keepGoing: nil)
            if inFile != onServer { disagreements.append("\(filter): file \(inFile), ClickHouse \(onServer)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(try table.count(where: [DatabaseFilter(column: 0, test: .greaterOrEqual(30))], keepGoing: nil) == FilterAgreementTests.values.count - 30)
    }
}
