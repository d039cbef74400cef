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
    @Test("#69 (#70's agreement): 48 filters over 34 values (text compared with <, >= too), a ClickHouse text column keeps the rows a file's fields keep; a numeric column compares as numbers")
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
        for test in FilterAgreementTests.tests + FilterAgreementTests.patterns {
            let filter = try RowFilter(column: 1, test: test)
            let inFile = FilterAgreementTests.values.filter { FilterAgreementTests.passes($0, filter) }.count
            let onServer = try table.count(where: [DatabaseFilter(column: 1, test: test)], keepGoing: nil)
            if inFile != onServer { disagreements.append("\(filter): file \(inFile), ClickHouse \(onServer)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(try table.count(where: [DatabaseFilter(column: 0, test: .greaterOrEqual(30))], keepGoing: nil) == FilterAgreementTests.values.count - 30)
    }

    @Test("#69: a frequency table and a count over a slow ClickHouse view say how far they are while they run (Debian 12's 18.16 sends no progress headers: its system.processes is asked), from 0 towards 1, never back")
    func progressFromTheServer() throws {
        let server = try ClickHouseDatabase(url: Self.url).connection
        let name = "slow_\(getpid())", data = "slow_data_\(getpid())"
        // A second and a half of work over 30,000 rows of a MergeTree table (whose total the
        // server knows), as a table of billions of rows would take.
        try server.execute("CREATE TABLE \(data) (k UInt8) ENGINE = MergeTree ORDER BY tuple() SETTINGS index_granularity = 1000")
        defer { try? server.execute("DROP TABLE \(data)") }
        try server.execute("INSERT INTO \(data) SELECT number % 4 FROM numbers(30000)")
        try server.execute("CREATE VIEW \(name) AS SELECT k FROM \(data) WHERE sleepEachRow(0.00005) = 0 SETTINGS max_block_size = 1000")
        // (Debian 12's 18.16 drops a view as a table.)
        defer { try? server.execute("DROP TABLE \(name)") }
        let source = try DatabaseTableSource(name, of: ClickHouseDatabase(url: Self.url))
        for ask in ["frequency", "count"] {
            let heard = Locked<[Double]>([])
            let progress = TableProgress(report: { fraction in heard.withLock { $0.append(fraction) } })
            if ask == "frequency" {
                let table = try source.frequency(ofColumn: 0, where: [], progress: progress)
                #expect(table.total == 30000 && table.entries.count == 4)
            } else {
                #expect(try source.count(where: [], progress: progress) == 30000)
            }
            let fractions = heard.withLock { $0 }.filter { $0 > 0 }
            #expect(!fractions.isEmpty && fractions.allSatisfy { $0 <= 1 } && fractions == fractions.sorted(), "\(ask): \(fractions)")
        }
    }

    /// The first test server's URL.
    static var url: String { String(cString: getenv("SCROLLWORK_TEST_CLICKHOUSE")).split(separator: " ").map(String.init)[0] }

    @Test("#69: pages come after the last page's last row (keyset) or from the end, never counted off past the first pages, and they are exactly the rows of one whole read, in every order, filtered or not",
          arguments: [false, true])
    func pagesAreTheWholeOrder(withNaN: Bool) throws {
        let server = try ClickHouseDatabase(url: Self.url).connection
        let name = "paging_\(getpid())_\(withNaN ? 1 : 0)"
        // Decimals compare only with decimals, NaN comes after the numbers; arrays stay out of the
        // tie-breakers, and an order by one is read as it can be (counted off, / numbering rows).
        try server.execute("CREATE TABLE \(name) (k UInt32, g Nullable(Int32), s String, f Float64, d Decimal(9, 2), a Array(UInt8)) ENGINE = MergeTree ORDER BY k")
        defer { try? server.execute("DROP TABLE \(name)") }
        try server.execute("INSERT INTO \(name) SELECT number, if(number % 11 = 0, NULL, toInt32(number % 7) - 3), concat('x', toString(number % 5)), "
                           + "if(\(withNaN ? 1 : 0) AND number % 17 = 0, nan, (number % 13) * 0.5), toDecimal32(number % 9, 2) / 4, [number % 3] FROM system.numbers LIMIT 3000")
        let page = 100
        for order in [nil, (column: 1, ascending: true), (column: 1, ascending: false), (column: 2, ascending: false), (column: 3, ascending: true), (column: 4, ascending: false), (column: 5, ascending: true)]
            as [(column: Int, ascending: Bool)?] {
            for filters in [[], [DatabaseFilter(column: 1, test: .greater(-2))]] {
                let sequential = try #require(try ClickHouseDatabase(url: Self.url).table(name, sharingSnapshotWith: nil) as? ClickHouseTable)
                var unused: [Never] = []
                let condition = try sequential.whereClause(filters, parameters: &unused)
                let whole = try server.query("SELECT * FROM \(sequential.qualified) \(condition) \(sequential.ordering(order))")
                let truth = whole.rows.indices.map { r in whole.rows[r].indices.map { whole.value(r, $0).description } }
                var paged: [[String]] = []
                var kinds: [ClickHousePage.Kind] = []
                for offset in stride(from: 0, to: truth.count, by: page) {
                    kinds.append(try sequential.pageStatement(offset: offset, limit: page, order: order, condition: condition).kind)
                    paged += try sequential.rows(offset: offset, limit: page, order: order, where: filters).map { $0.map(\.description) }
                }
                let label = "order \(String(describing: order)), filtered \(!filters.isEmpty)"
                #expect(paged == truth, "\(label): \(paged.count) rows paged, \(truth.count) read whole")
                let byArray = order?.column == 5
                #expect(byArray || (kinds.first == .offset && kinds.dropFirst().allSatisfy { $0 == .keyset }), "\(label): \(kinds)")
                // `/` in the order shown: the first (or last) row of a run holding the text, as the whole read places it.
                for (run, forward) in [(0..<truth.count, true), (1_234..<truth.count, true), (0..<777, false), (400..<1_900, false), (5..<6, true)] {
                    let expected = (forward ? Array(run) : run.reversed()).first { $0 < truth.count && truth[$0].contains { $0.contains("x3") } }
                    let found = try sequential.firstPosition(holding: "x3", in: run, forward: forward, order: order, where: filters, keepGoing: nil)
                    #expect(found == (expected.map(EnginePosition.found) ?? .notFound), "\(label): / in \(run) \(forward ? "forward" : "back")")
                }
                // Jumps with nothing read near them: far ones from the end, near ones counted off.
                let jumping = try #require(try ClickHouseDatabase(url: Self.url).table(name, sharingSnapshotWith: nil) as? ClickHouseTable)
                for offset in [truth.count - 50, 2_500, 1_700, 900, truth.count + 10] {
                    let kind = try jumping.pageStatement(offset: offset, limit: page, order: order, condition: condition).kind
                    #expect(byArray || kind == (offset > 1_000 && offset > truth.count / 2 ? .fromEnd : .offset), "\(label) at \(offset): \(kind)")
                    let read = try jumping.rows(offset: offset, limit: page, order: order, where: filters).map { $0.map(\.description) }
                    let expected = offset < truth.count ? Array(truth[offset..<Swift.min(truth.count, offset + page)]) : []
                    #expect(read == expected, "\(label) at \(offset)")
                }
            }
        }
    }
}
