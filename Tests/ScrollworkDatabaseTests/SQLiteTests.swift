import Glibc
import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import Testing

/// A new empty file's path under /tmp (the caller removes it), and its open descriptor.
func temporaryFile(_ prefix: String) -> (path: String, fd: Int32) {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    return (String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self), fd)
}

/// A database file of the test's own, removed after.
func withDatabase<T>(_ body: (SQLiteConnection, String) throws -> T) throws -> T {
    let (path, fd) = temporaryFile("scrollwork-db")
    close(fd)
    unlink(path)
    defer { unlink(path) }
    let db = try SQLiteConnection(path: path, writable: true)
    return try body(db, path)
}

/// `rows` flights-like rows: an id, a code from a few, a number with NULLs, text with a quote.
func makeFlights(_ db: SQLiteConnection, rows: Int) throws {
    try db.run("CREATE TABLE flights (carrier TEXT, delay INTEGER, note TEXT)")
    try db.run("""
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
        INSERT INTO flights SELECT substr('UAAADLB6', 1 + (i * 7 % 4) * 2, 2), CASE WHEN i % 13 = 0 THEN NULL ELSE (i * 37) % 101 - 50 END, 'row "' || i || '"' FROM n
        """, [.int(rows)])
}

@Suite struct SQLiteTests {
    @Test("tables and views are listed by name, with the engine's own left out")
    func catalog() throws {
        try withDatabase { db, _ in
            try makeFlights(db, rows: 10)
            try db.run("CREATE VIEW late AS SELECT * FROM flights WHERE delay > 0")
            try db.run("CREATE TABLE Airports (code TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID")
            try db.run("ANALYZE")
            let objects = try SQLiteCatalog.objects(in: db)
            #expect(objects.map(\.name) == ["Airports", "flights", "late"])
            #expect(objects.map(\.isView) == [false, false, true])
            #expect(try SQLiteTable("Airports", in: db).rowIdentity == nil)
            #expect(try SQLiteTable("late", in: db).rowIdentity == nil)
            #expect(try SQLiteTable("flights", in: db).rowIdentity == "rowid")
        }
    }

    @Test("a table is paged by its rowids: chunks in rowid order cover every row once, and a page reads back in the order asked")
    func naturalOrder() throws {
        try withDatabase { db, _ in
            try makeFlights(db, rows: 5000)
            let table = try SQLiteTable("flights", in: db)
            var all: [Int] = []
            while true {
                let chunk = try table.identities(after: all.last, limit: 777, keepGoing: nil)
                if chunk.isEmpty { break }
                all += chunk
            }
            #expect(all == Array(1...5000))
            #expect(try table.count(keepGoing: nil) == 5000)
            #expect(table.estimatedCount() == 5000)
            let page = try table.rows(withIdentities: [42, 7, 4999])
            #expect(page.map { $0[2] } == [.string("row \"42\""), .string("row \"7\""), .string("row \"4999\"")])
            try db.run("DELETE FROM flights WHERE rowid = 7")
            #expect(try table.rows(withIdentities: [7])[0] == Array(repeating: .missing("(deleted)"), count: 3))
        }
    }

    @Test("a column dropped after the table was opened is an error in every statement, never its name shown as text")
    func droppedColumn() throws {
        try withDatabase { db, _ in
            try makeFlights(db, rows: 50)
            let table = try SQLiteTable("flights", in: db)
            try db.run("ALTER TABLE flights DROP COLUMN note")
            #expect(throws: DatabaseError.self) { try table.rows(withIdentities: [1, 2]) }
            #expect(throws: DatabaseError.self) { try table.identities(where: [], orderedBy: (2, true), keepGoing: nil) { _ in } }
            #expect(throws: DatabaseError.self) { try table.count(where: [DatabaseFilter(column: 2, test: .equals("note"))], keepGoing: nil) }
            #expect(throws: DatabaseError.self) { try table.matches("row", among: [1, 2], keepGoing: nil) }
            #expect(throws: DatabaseError.self) { try table.rows(offset: 0, limit: 5, order: nil, where: []) }
        }
    }

    @Test("LT-12: an order made by the engine is the order of the values, NULLs last both ways, ties by rowid")
    func engineOrder() throws {
        try withDatabase { db, _ in
            try makeFlights(db, rows: 3000)
            let table = try SQLiteTable("flights", in: db)
            let values = try table.rows(withIdentities: Array(1...3000)).map { $0[1] }
            for ascending in [true, false] {
                let order = try table.identities(orderedBy: 1, ascending: ascending, keepGoing: nil) { _ in }
                let expected = (1...3000).sorted { a, b in
                    let x = values[a - 1], y = values[b - 1]
                    if x.isMissing != y.isMissing { return y.isMissing }
                    if x != y, !x.isMissing { return ascending ? x < y : y < x }
                    return a < b
                }
                #expect(order == expected, "ascending \(ascending)")
            }
        }
    }

    @Test("a view and a table WITHOUT ROWID are read by position, in the order asked")
    func positions() throws {
        try withDatabase { db, _ in
            try makeFlights(db, rows: 100)
            try db.run("CREATE VIEW v AS SELECT carrier, delay FROM flights")
            let view = try SQLiteTable("v", in: db)
            #expect(view.isView && view.columns == ["carrier", "delay"])
            let first = try view.rows(offset: 0, limit: 5, order: (1, true))
            #expect(first.map { $0[1] } == first.map { $0[1] }.sorted())
            #expect(try view.rows(offset: 98, limit: 10, order: nil).count == 2)
            #expect(try view.rows(offset: Int.max, limit: Int.max, order: nil).isEmpty)
        }
    }

    @Test("values: integers, reals, text with control characters as data, NULL shown as NULL, blobs whole as their hex literal")
    func values() throws {
        try withDatabase { db, _ in
            try db.run("CREATE TABLE t (a)")
            try db.run("INSERT INTO t VALUES (1), (2.5), ('x\u{1B}[31my'), (NULL), (x'00ff10'), (zeroblob(40)), (''), (zeroblob(5000))")
            let rows = try db.all("SELECT a FROM t ORDER BY rowid").map { $0[0] }
            #expect(rows[0] == .int(1) && rows[1] == .double(2.5) && rows[2] == .string("x\u{1B}[31my") && rows[3] == .missing("NULL"))
            #expect(rows[4] == .string("x'00ff10'"))
            // Every byte, however long: a save writes what the cell holds, so a blob cut for
            // the screen was cut in the file too.
            #expect(rows[5] == .string("x'" + String(repeating: "0", count: 80) + "'"))
            #expect(rows[6] == .string(""))
            #expect(rows[7] == .string("x'" + String(repeating: "0", count: 10_000) + "'"))
        }
    }

    @Test("a row kept past the call that lent it reads as a row of no columns, never its finalized statement")
    func rowKeptPastItsCall() throws {
        try withDatabase { db, _ in
            var kept: [SQLiteRow] = []
            try db.rows("SELECT 1, 'x'") { row in
                #expect(row.count == 2 && row.value(1) == .string("x"))
                kept.append(row)
                return true
            }
            #expect(kept.count == 1)
            #expect(kept[0].count == 0 && kept[0].value(0) == .empty && kept[0].integer(0) == 0 && kept[0].values.isEmpty)
        }
    }

    @Test("a missing file, a file that is not a database and a missing table each say what was wrong")
    func failures() throws {
        #expect(throws: DatabaseError.self) { try SQLiteConnection(path: "/nonexistent/x.sqlite") }
        do {
            _ = try SQLiteConnection(path: "/nonexistent/x.sqlite")
        } catch {
            #expect("\(error)".hasPrefix("/nonexistent/x.sqlite: cannot open the database: "))
        }
        let (path, fd) = temporaryFile("scrollwork-notdb")
        defer { unlink(path) }
        let text = Array(String(repeating: "not a database\n", count: 100).utf8)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        do {
            _ = try SQLiteConnection(path: path)
            Issue.record("a text file opened as a database")
        } catch {
            #expect("\(error)".contains("not a database"), "\(error)")
        }
        try withDatabase { db, _ in
            try makeFlights(db, rows: 1)
            #expect(throws: DatabaseError.noSuchTable("nope", available: ["flights"])) { try SQLiteTable("nope", in: db) }
            #expect(throws: DatabaseError.self) { try db.run("SELECT no_such_column FROM flights") }
        }
    }

    @Test("a statement is cancelled when asked, also while the engine sorts before its first row")
    func cancel() throws {
        try withDatabase { db, _ in
            try makeFlights(db, rows: 50_000)
            let table = try SQLiteTable("flights", in: db)
            #expect(throws: DatabaseError.cancelled) { try table.identities(orderedBy: 2, ascending: true, keepGoing: { false }) { _ in } }
            #expect(throws: DatabaseError.cancelled) { try db.run("SELECT count(*) FROM flights WHERE note LIKE '%9%'", keepGoing: { false }) }
            // The connection goes on working after.
            #expect(try table.count(keepGoing: nil) == 50_000)
        }
    }

    @Test("names with quotes and spaces are quoted, and a column named rowid leaves the rowid its other name")
    func quoting() throws {
        try withDatabase { db, _ in
            try db.run(#"CREATE TABLE "odd ""name""" ("rowid" TEXT, "a b" INTEGER)"#)
            try db.run(#"INSERT INTO "odd ""name""" VALUES ('r1', 5), ('r2', 3)"#)
            let table = try SQLiteTable(#"odd "name""#, in: db)
            #expect(table.rowIdentity == "_rowid_")
            #expect(try table.identities(orderedBy: 1, ascending: true, keepGoing: nil) { _ in } == [2, 1])
            #expect(try table.rows(withIdentities: [1]) == [[.string("r1"), .int(5)]])
        }
    }

    @Test("a quote with a combining mark after it is doubled as every quote is: a name cannot end its quotes early and splice in SQL (Swift's characters made the two one)")
    func quoteBeforeCombiningMark() throws {
        #expect(SQLiteTable.quoted("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
        try withDatabase { db, _ in
            // A name a file written by anyone may hold: the quote then U+0301, then SQL.
            let name = "t\"\u{301} (x); DROP TABLE keep; --"
            try db.run("CREATE TABLE keep (n INTEGER)")
            try db.run("CREATE TABLE \(SQLiteTable.quoted(name)) (\(SQLiteTable.quoted("v\"\u{301}")) INTEGER)")
            try db.run("INSERT INTO \(SQLiteTable.quoted(name)) VALUES (2), (1)")
            let table = try SQLiteTable(name, in: db)
            #expect(try table.identities(orderedBy: 0, ascending: true, keepGoing: nil) { _ in } == [2, 1])
            #expect(try db.all("SELECT count(*) FROM sqlite_master WHERE name = 'keep'") == [[.int(1)]], "nothing was dropped")
        }
    }
}

@Suite struct SQLiteFilterTests {
    /// The flights' values as Swift reads them, to check the engine's answers against.
    static func values(_ db: SQLiteConnection) throws -> [[TableValue]] { try db.all("SELECT carrier, delay, note FROM flights ORDER BY rowid") }

    @Test("filters become WHERE clauses that keep the rows the viewer's filters keep: numbers as numbers, NULL failing all but !=, smart case, a pattern's own characters literal")
    func whereClauses() throws {
        try withDatabase { db, _ in
            try makeFlights(db, rows: 2000)
            try db.run("CREATE TABLE mixed (t TEXT)")
            try db.run("INSERT INTO mixed VALUES ('12'), (' 7 '), ('abc'), ('1e3'), (NULL), ('100%'), ('a_b')")
            let table = try SQLiteTable("flights", in: db)
            let rows = try Self.values(db)
            func kept(_ filters: [DatabaseFilter]) throws -> Int { try table.count(where: filters, keepGoing: nil) }
            func delay(_ row: [TableValue]) -> Int? { if case let .int(n) = row[1] { n } else { nil } }
            #expect(try kept([DatabaseFilter(column: 1, test: .greater(30))]) == rows.filter { (delay($0) ?? Int.min) > 30 }.count)
            #expect(try kept([DatabaseFilter(column: 1, test: .lessOrEqual(-40))]) == rows.filter { (delay($0) ?? Int.max) <= -40 }.count)
            #expect(try kept([DatabaseFilter(column: 1, test: .equals("5"))]) == rows.filter { delay($0) == 5 }.count)
            #expect(try kept([DatabaseFilter(column: 1, test: .equals("5.0"))]) == rows.filter { delay($0) == 5 }.count)
            #expect(try kept([DatabaseFilter(column: 1, test: .notEquals("5"))]) == rows.filter { delay($0) != 5 }.count)
            #expect(try kept([DatabaseFilter(column: 0, test: .equals("UA")), DatabaseFilter(column: 1, test: .less(0))])
                == rows.filter { $0[0] == .string("UA") && (delay($0) ?? 0) < 0 }.count)
            #expect(try kept([DatabaseFilter(column: 2, test: .contains("ROW \"1"))]) == 0)
            #expect(try kept([DatabaseFilter(column: 2, test: .contains("row \"19"))]) == rows.filter { "\($0[2])".contains("row \"19") }.count)
            #expect(try kept([DatabaseFilter(column: nil, test: .contains("ua"))]) == rows.filter { $0[0] == .string("UA") }.count)
            #expect(throws: DatabaseError.self) { try kept([DatabaseFilter(column: 2, test: .matches("row.*"))]) }
            #expect(throws: DatabaseError.self) { try kept([DatabaseFilter(column: 9, test: .equals("x"))]) }
            let mixed = try SQLiteTable("mixed", in: db)
            #expect(try mixed.count(where: [DatabaseFilter(column: 0, test: .greater(10))], keepGoing: nil) == 2)
            #expect(try mixed.count(where: [DatabaseFilter(column: 0, test: .contains("%"))], keepGoing: nil) == 1)
            #expect(try mixed.count(where: [DatabaseFilter(column: 0, test: .contains("_"))], keepGoing: nil) == 1)
            #expect(try mixed.count(where: [DatabaseFilter(column: 0, test: .notEquals("abc"))], keepGoing: nil) == 6)
            // The names of the rows kept, in the order asked, and a view's rows read the same way.
            let late = try table.identities(where: [DatabaseFilter(column: 1, test: .greater(45))], orderedBy: (1, false), keepGoing: nil) { _ in }
            #expect(late.allSatisfy { (delay(rows[$0 - 1]) ?? 0) > 45 } && late.count == rows.filter { (delay($0) ?? 0) > 45 }.count)
            #expect(late.map { delay(rows[$0 - 1]) ?? 0 } == late.map { delay(rows[$0 - 1]) ?? 0 }.sorted(by: >))
            let page = try table.rows(offset: 0, limit: 10, order: nil, where: [DatabaseFilter(column: 0, test: .equals("DL"))])
            #expect(page.count == 10 && page.allSatisfy { $0[0] == .string("DL") })
        }
    }
}

/// #70: SQLite keeps the rows a file's filter keeps for the same values, number by number:
/// one reading of numbers (NumberText) on both sides, empty text in every value, a NUL as text;
/// text exactly and NULL apart from an empty text, as a frequency table counts them.
@Suite struct FilterAgreementTests {
    static let values: [String?] = ["5", "5.", "+5", "5.0", "-5", "0x10", "16", "inf", "-inf", "Infinity", "nan", "NaN", "+nan", "  8", "8", " 7 ",
                                    "1e3", "1E3", "5e", ".5", "-0", "1e400", "007", "1_000", "abc", "a\u{0}b", "", nil, "–5", "0.1", "9007199254740993", "9007199254740992", "1e-400", "École", "ÉCOLE"]
    static let tests: [RowFilter.Test] = [
        .equals("5"), .equals("5.0"), .equals(" 5 "), .equals("8"), .equals("16"), .equals("inf"), .equals("0"), .equals("1000"), .equals("abc"), .equals(""),
        .notEquals("5"), .notEquals(""), .greater(0), .greater(10), .less(10), .greaterOrEqual(5), .lessOrEqual(-1), .greater(1e300), .less(-1e300),
        .less(9_007_199_254_740_993), .greaterOrEqual(9_007_199_254_740_993), .equals("9007199254740992"), .notEquals("9007199254740993.0"),
        .contains(""), .contains("5"), .contains("\u{0}"), .contains("In"), .contains("in"), .contains("E3"), .contains("e3"), .contains("–"),
        .contains("Éc"), .contains("éc"), .contains("cole"),
        .exactly("5"), .exactly("5.0"), .exactly(""), .exactly("inf"), .exactly(" 7 "), .exactly("École"), .isNull,
        .comparesText(.greaterOrEqual, "5"), .comparesText(.less, "École"), .comparesText(.greater, "a"), .comparesText(.lessOrEqual, "1e3"),
        .comparesText(.greater, "a\u{0}"), .comparesText(.less, "a\u{0}c"),
    ]

    /// Regular expressions, for the engines that have them (SQLite has none built in): a null
    /// holds no text for one to match.
    static let patterns: [RowFilter.Test] = [.matches("^$"), .matches(".*"), .matches("^[0-9]+$"), .matches("5"), .matches("^É")]

    /// True when `value` (nil: NULL) passes `filter` as a file's field of a source with nulls
    /// of its own (JSON, Parquet) passes it.
    static func passes(_ value: String?, _ filter: RowFilter) -> Bool {
        guard var value else { return filter.passes(nil, missing: .none) }
        return value.withUTF8 { filter.passes($0, missing: .none) }
    }

    @Test("47 filters over 35 values (text compared with <, >= too; neighbours past 2⁵³): SQLite's TEXT column and a file's fields keep the same rows")
    func sqliteAgreesWithFiles() throws {
        try withDatabase { db, _ in
            try db.run("CREATE TABLE v (t TEXT)")
            for value in Self.values { try db.run("INSERT INTO v VALUES (?)", [value.map(TableValue.string) ?? .empty]) }
            let table = try SQLiteTable("v", in: db)
            var disagreements: [String] = []
            for test in Self.tests {
                let filter = try RowFilter(column: 0, test: test)
                let inFile = Self.values.filter { Self.passes($0, filter) }.count
                let inSQLite = try table.count(where: [DatabaseFilter(column: 0, test: test)], keepGoing: nil)
                if inFile != inSQLite { disagreements.append("\(filter): file \(inFile), SQLite \(inSQLite)") }
            }
            #expect(disagreements.isEmpty, "\(disagreements)")
            // The search (/) tests a row as the filter *= does: a NUL is looked for, not the end of the text.
            let all = try table.identities(after: nil, limit: 100, keepGoing: nil)
            #expect(try table.matches("\u{0}", among: all, keepGoing: nil).count == 1)
            #expect(try table.matches("In", among: all, keepGoing: nil).count == 1, "smart case: a capital minds case")
        }
    }

    /// The summary of a CSV file holding `csv`, its columns titled `titles`.
    static func summaryOfFile(_ csv: String, titles: [String]) throws -> [ColumnSummary] {
        let (path, fd) = temporaryFile("scrollwork-summary")
        defer { unlink(path) }
        _ = csv.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        let file = try FileBytes(path: path)
        var index = RecordIndex()
        while try !index.extend(from: file) {}
        return try #require(ColumnSummary.summarizing(DelimitedRows(file: file, index: index, dialect: DelimitedDialect()), titles: titles))
    }

    @Test("summaries agree: the mean of three of 1.7e308 is 1.7e308 in both, and integers past 2^53 keep their least and greatest exactly")
    func summariesAgree() throws {
        let inFile = try Self.summaryOfFile("big,id\n1.7e308,9007199254740993\n1.7e308,9007199254740992\n1.7e308,\n", titles: ["big", "id"])
        try withDatabase { db, _ in
            try db.run("CREATE TABLE t (big REAL, id INTEGER)")
            try db.run("INSERT INTO t VALUES (1.7e308, 9007199254740993), (1.7e308, 9007199254740992), (1.7e308, NULL)")
            let inSQLite = try SQLiteTable("t", in: db).summary(where: [], keepGoing: nil)
            let close = { (m: Double?) in m.map { Swift.abs($0 - 1.7e308) <= 1.7e308 * 1e-15 } ?? false }
            #expect(close(inFile[0].mean) && close(inSQLite[0].mean), "file \(String(describing: inFile[0].mean)), SQLite \(String(describing: inSQLite[0].mean))")
            #expect(inFile[1].minimum == "9007199254740992" && inFile[1].maximum == "9007199254740993", "\(inFile[1])")
            #expect(inSQLite[1].minimum == inFile[1].minimum && inSQLite[1].maximum == inFile[1].maximum, "\(inSQLite[1])")
        }
    }

    @Test("an integer column's mean is exact past Int64's range, as in a file: 31, 45, Int64.max and Int64.min average 18.75, not 0")
    func integerMeanPastRange() throws {
        let inFile = try Self.summaryOfFile("n\n31\n45\n9223372036854775807\n-9223372036854775808\n", titles: ["n"])
        try withDatabase { db, _ in
            try db.run("CREATE TABLE t (n INTEGER)")
            try db.run("INSERT INTO t VALUES (31), (45), (9223372036854775807), (-9223372036854775808)")
            let inSQLite = try SQLiteTable("t", in: db).summary(where: [], keepGoing: nil)
            #expect(inFile[0].mean == 18.75 && inSQLite[0].mean == 18.75, "file \(String(describing: inFile[0].mean)), SQLite \(String(describing: inSQLite[0].mean))")
            // Filtered: the sums are the kept rows' alone.
            // +∞ and −∞ average to NaN, which SQLite answers as NULL: NaN, as in a file.
            try db.run("CREATE TABLE ends (x REAL)")
            try db.run("INSERT INTO ends VALUES (1e999), (-1e999), (1)")
            let ends = try Self.summaryOfFile("x\ninf\n-inf\n1\n", titles: ["x"])
            let endsInSQLite = try SQLiteTable("ends", in: db).summary(where: [], keepGoing: nil)
            #expect(ends[0].mean?.isNaN == true && endsInSQLite[0].mean?.isNaN == true && ends[0].median == 1 && endsInSQLite[0].median == 1)
            let kept = try SQLiteTable("t", in: db).summary(where: [DatabaseFilter(column: 0, test: .greater(0))], keepGoing: nil)
            #expect(kept[0].mean.map { Swift.abs($0 - 3_074_457_345_618_258_627.67) <= 1024 } == true, "\(String(describing: kept[0].mean))")
        }
    }
}

/// The database calls that take an index, a count, an offset or a limit, with the ends of their
/// types (#48): none traps; each answers within the rows there are, or throws a typed error that
/// names the column no table has.
@Suite struct DatabaseExtremeValueTests {
    /// Runs `body`; a ``DatabaseError`` must say which column does not exist.
    static func answers(_ body: () throws -> Void) {
        do { try body() } catch {
            #expect("\(error)".contains("no column"), "\(error)")
        }
    }

    @Test("tables, rows and cells at the ends of Int")
    func extremeIndexes() throws {
        try withDatabase { db, _ in
            try makeFlights(db, rows: 30)
            let table = try SQLiteTable("flights", in: db)
            let ints = [Int.min, -1, 0, 1, 29, 30, 1 << 40, Int.max]
            for i in ints {
                _ = table.isNumeric(i)
                for limit in ints {
                    Self.answers { let rows = try table.rows(offset: i, limit: limit, order: (column: i, ascending: true)); #expect(rows.count <= 30) }
                    Self.answers { let rows = try table.rows(offset: i, limit: limit, order: nil, where: [DatabaseFilter(column: i, test: .equals("UA"))]); #expect(rows.count <= 30) }
                    Self.answers { let ids = try table.identities(after: i, limit: limit, keepGoing: nil); #expect(ids.count <= 30) }
                }
                Self.answers { _ = try table.rows(withIdentities: [i, 1, Int.max]) }
                Self.answers { _ = try table.matches("UA", among: [i, Int.min, 3], keepGoing: nil) }
                Self.answers { _ = try table.count(where: [DatabaseFilter(column: i, test: .greater(0))], keepGoing: nil) }
                Self.answers { _ = try table.identities(where: [], orderedBy: (column: i, ascending: false), keepGoing: nil) { _ in } }
                try db.rows("SELECT carrier, delay FROM flights LIMIT 1") { row in
                    _ = row.integer(i)
                    _ = row.value(i)
                    return true
                }
            }
        }
    }
}
