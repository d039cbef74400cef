import Testing
@testable import ScrollworkDatabase

/// The one place a URL becomes a database: which schemes name one, what is said of the rest,
/// and the `%XX` escapes every engine's URL decodes alike.
@Suite struct DatabaseURLTests {
    @Test func theSchemesOfEveryEngineNameADatabaseAndNothingElseDoes() {
        for url in ["postgres://h/db", "postgresql://", "clickhouse://127.0.0.1:1/db"] { #expect(DatabaseURL.names(url), "\(url)") }
        for text in ["data.csv", "mysql://h/db", "http://h/x.csv", "", "clickhouse:/x", "Postgres://h"] { #expect(!DatabaseURL.names(text), "\(text)") }
    }

    @Test func aURLNoEngineReadsIsSaidAsSuchWithTheSchemesThatAre() {
        #expect {
            _ = try DatabaseURL.connect("mysql://h/db")
        } throws: { error in
            guard case let DatabaseError.cannotOpen(path, reason) = error else { return false }
            return path == "mysql://h/db" && reason.contains("clickhouse://") && reason.contains("postgres://")
        }
    }

    @Test func eachSchemeReachesItsOwnEngine() {
        // Nothing listens on port 1: each engine's own refusal, not the other's.
        let clickhouse = Result { () throws(DatabaseError) in try DatabaseURL.connect("clickhouse://127.0.0.1:1/db") }
        let postgres = Result { () throws(DatabaseError) in try DatabaseURL.connect("postgres://127.0.0.1:1/db?connect_timeout=2") }
        guard case let .failure(chError) = clickhouse, case let .failure(pgError) = postgres else {
            Issue.record("a closed port answered")
            return
        }
        #expect("\(chError)".contains("ClickHouse") || "\(chError)".contains("127.0.0.1:1"), "\(chError)")
        #expect("\(chError)" != "\(pgError)")
    }

    @Test("a ClickHouse URL is read a scalar at a time: its password never shows, even after a combining mark or holding a ? or #, and its parts read back")
    func clickHousePasswordsNeverShow() throws {
        for (url, password) in [("clickhouse://\u{301}ann:s3cret@host/db", "s3cret"), ("clickhouse://ann:p?w#x@host:9000/db?table=t", "p?w#x"),
                                ("clickhouse://ann\u{301}:s3cret@[::1/db", "s3cret"), ("clickhouse://ann:s3cret@host:80\u{301}/db", "s3cret")] {
            #expect(!ClickHouseAddress.redacted(url).contains(password), "\(url)")
            do {
                let address = try ClickHouseAddress(url: url)
                #expect(address.password == password, "\(url)")
            } catch {
                #expect(!"\(error)".contains(password), "\(error)")
            }
        }
        let address = try ClickHouseAddress(url: "clickhouse://ann:p?w#x@host:9000/flights%20db?table=a%20b#top")
        #expect(address.user == "ann" && address.host == "host" && address.port == 9000 && address.database == "flights db" && address.table == "a b")
        let ipv6 = try ClickHouseAddress(url: "clickhouse://[::1]:8124")
        #expect(ipv6.host == "::1" && ipv6.port == 8124 && ipv6.database == "default" && ipv6.user == "default")
        #expect(throws: DatabaseError.self) { try ClickHouseAddress(url: "clickhouse://host:+80/db") }
        // A table whose name starts with a combining mark: `=` and the mark are one Swift
        // character, not to a URL's bytes.
        #expect(try ClickHouseAddress(url: "clickhouse://host/db?x=1&table=\u{301}t").table == "\u{301}t")
    }

    @Test("a PostgreSQL URL's table parameter is taken out scalar by scalar: a combining mark after ?, & or = is the table's, never glued to the parameter's name")
    func postgresTableParameter() {
        #expect(PostgresDatabase.splittingTable(from: "postgres://h/db?table=\u{301}t&sslmode=disable") == ("postgres://h/db?sslmode=disable", "\u{301}t"))
        #expect(PostgresDatabase.splittingTable(from: "postgres://h/db?sslmode=disable&table=a%20b") == ("postgres://h/db?sslmode=disable", "a b"))
        #expect(PostgresDatabase.splittingTable(from: "postgres://h/db") == ("postgres://h/db", nil))
        #expect(PostgresDatabase.splittingTable(from: "postgres://h/db?table=t") == ("postgres://h/db", "t"))
    }

    @Test func percentEscapesAreDecodedAndBrokenOnesKeptAsWritten() {
        #expect(DatabaseURL.percentDecoded("a%20b%2Fc") == "a b/c")
        #expect(DatabaseURL.percentDecoded("%E2%82%AC") == "€")
        #expect(DatabaseURL.percentDecoded("100%") == "100%")
        #expect(DatabaseURL.percentDecoded("%zz%2") == "%zz%2")
        #expect(DatabaseURL.percentDecoded("") == "")
    }
}
