import Foundation
import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkTerminal
import ScrollworkWidgets
import Testing
@testable import ScrollworkViewer

/// #65: one meaning per key for every source. The same scripted session (sort, filter, `/`,
/// `n` from the focus, Enter, `f`, `I`, save) over a CSV file and an SQLite table of the same
/// rows gives the same rows, the same matches, the same record, the same sheets and the same
/// saved file.
@Suite struct OneMeaningPerKeyTests {
    static let rows = 600

    /// Row `i`'s values: an id, a carrier of four, a delay with a gap every 13th row, a note.
    static func values(_ i: Int) -> (carrier: String, delay: Int?, note: String) {
        (["UA", "AA", "DL", "B6"][i * 7 % 4], i % 13 == 0 ? nil : (i * 37) % 101 - 50, "row \(i)")
    }

    /// What a session saw, source by source.
    struct Transcript: Equatable, CustomStringConvertible {
        var count = 0
        var sortedTop: [Int] = []
        var filtered = 0
        var filteredTop: [Int] = []
        var firstMatch: Int?
        var nextMatch: Int?
        var record: [String] = []
        var frequency: [[String]] = []
        var summary: [String] = []
        var saved = ""
        /// The answers to the column keys, one a key.
        var answers: [String] = []
        /// The rows type-ahead picked in the sorted column (its first letters typed), and what it said.
        var typedAhead: [Int?] = []
        var typeAheadNotes: [String] = []

        var description: String {
            "count \(count), sorted \(sortedTop), filtered \(filtered) \(filteredTop), matches \(String(describing: firstMatch)) \(String(describing: nextMatch)), "
                + "record \(record), frequency \(frequency), summary \(summary), saved \(saved.prefix(200)), answers \(answers), "
                + "type-ahead \(typedAhead) \(typeAheadNotes)"
        }
    }

    /// The keys of the session, typed into a terminal whose app is `A`; `settle` runs its work,
    /// `focused`, `top` and the rest read what it shows.
    static func session<A: App>(_ t: inout HeadlessTerminal<A>, saveTo path: String, settle: (inout HeadlessTerminal<A>) -> Void,
                                count: (HeadlessTerminal<A>) -> Int, focused: (HeadlessTerminal<A>) -> Int?, top: (HeadlessTerminal<A>) -> [Int],
                                record: (HeadlessTerminal<A>) -> [String], sheet: (HeadlessTerminal<A>) -> [[String]],
                                answer: (HeadlessTerminal<A>) -> String?) -> Transcript {
        var seen = Transcript()
        settle(&t)
        seen.count = count(t)
        // To the delay column (the first is id in both), sorted ascending.
        t.type("]]o")
        settle(&t)
        // A sort keeps the focused row in sight, on every source: the top is a key away.
        t.send(.key(KeyEvent(.home)))
        settle(&t)
        seen.sortedTop = top(t)
        t.type("|")
        t.send(.key(KeyEvent(.character("u"), .control)))
        t.type("carrier=UA\r")
        settle(&t)
        seen.filtered = count(t)
        t.send(.key(KeyEvent(.home)))
        settle(&t)
        seen.filteredTop = top(t)
        t.send(.key(KeyEvent(.home)))
        t.type("/row 1\r")
        settle(&t)
        seen.firstMatch = focused(t)
        t.type("n")
        settle(&t)
        seen.nextMatch = focused(t)
        t.send(.key(KeyEvent(.enter)))
        settle(&t)
        seen.record = record(t)
        t.send(.key(KeyEvent(.escape)))
        t.type("f")
        settle(&t)
        seen.frequency = Array(sheet(t).prefix(8))
        t.send(.key(KeyEvent(.escape)))
        t.type("I")
        settle(&t)
        seen.summary = sheet(t).first { $0.first == "delay" } ?? []
        t.send(.key(KeyEvent(.escape)))
        t.send(.key(KeyEvent(.character("s"), .control)))
        t.type(path + "\r")
        settle(&t)
        seen.saved = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        // The column keys, each answered in the same words: to a column by name, fitted, the
        // last column, pinned, moved, hidden, shown again, and to a row.
        for keys in [":carr\r", "_", "$", "P", "{", "-", "+", "#50%\r", ":nothing\r"] {
            t.type(keys)
            seen.answers.append(answer(t) ?? "nothing said")
        }
        // Type-ahead in the sorted column: "1" picks the first delay from 1 up, "12" (typed
        // within a second) the first from 12, "9" two seconds later starts anew; "77" matches none.
        for (keys, pause) in [("1", false), ("2", false), ("9", true), ("77", true)] {
            if pause { t.advance(by: 2) }
            t.type(keys)
            settle(&t)
            seen.typedAhead.append(focused(t))
            seen.typeAheadNotes.append(answer(t) ?? "nothing said")
        }
        // In a column of text sorted by it: "r" then "o" within a second go on with the name
        // ("o" alone sorts), and pick the first note starting "ro".
        t.advance(by: 2)
        t.type(":note\r")
        t.type("o")
        settle(&t)
        t.advance(by: 2)
        t.type("ro")
        settle(&t)
        seen.typedAhead.append(focused(t))
        seen.typeAheadNotes.append(answer(t) ?? "nothing said")
        return seen
    }

    /// The session over the CSV file of the rows, saving to `directory`.
    static func inFile(directory: String) throws -> Transcript {
        let csv = "id,carrier,delay,note\n" + (1...Self.rows).map { i in
            let v = Self.values(i)
            return "\(i),\(v.carrier),\(v.delay.map(String.init) ?? ""),\(v.note)"
        }.joined(separator: "\n") + "\n"
        let file = TemporaryFile(name: "flights.csv", csv)
        var t = HeadlessTerminal(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()), columns: 120, rows: 30)
        return Self.inScreen(&t, { $0.screen }, saveTo: directory + "/from-file.csv")
    }

    /// The session over a database table of the rows, in a viewer `t` that shows it.
    static func inDatabase(_ t: inout HeadlessTerminal<DatabaseViewer>, saveTo path: String) -> Transcript {
        inScreen(&t, { $0.opened }, saveTo: path)
    }

    /// The session over the table screen `screen` finds in the viewer `t` (any `TableSource`'s).
    /// The lines of the row shown whole over a viewer's table, or none.
    static func record(of app: some App) -> [String] {
        let page = (app as? TableViewer)?.record ?? (app as? DatabaseViewer)?.record
        return page?.detail.content.lines.map(\.text) ?? []
    }

    static func inScreen<A: App>(_ t: inout HeadlessTerminal<A>, _ screen: @escaping (A) -> TableScreen?, saveTo path: String) -> Transcript {
        Self.session(&t, saveTo: path, settle: { t in
            var steps = 0
            while t.runWork(), steps < 10_000 { steps += 1 }
        }, count: { t in
            screen(t.app)?.view.table.list.numberOfRows ?? -1
        }, focused: { t in
            guard let list = screen(t.app)?.view.table.list, let id = list.cursor, let path = list.indexPath(of: id),
                  case let .loaded(values)? = try? list.row(at: path) else { return nil }
            // A database's id is a number; a file's is shown as the file writes it.
            return Int(values[0].description)
        }, top: { t in
            guard let list = screen(t.app)?.view.table.list else { return [] }
            return (0..<Swift.min(10, list.numberOfRows)).compactMap { row in
                guard case let .loaded(values)? = try? list.row(at: IndexPath(row: row)) else { return nil }
                return Int(values[0].description)
            }
        }, record: { Self.record(of: $0.app) }, sheet: { t in
            // Each source shows its missing value as its cells show it: a file as written
            // (an empty field), a database as NULL.
            guard let sheet = screen(t.app)?.sheet else { return [] }
            return sheet.source.records.enumerated().map { i, record in
                sheet.entries.indices.contains(i) && sheet.entries[i].isMissing ? [""] + record.dropFirst() : record
            }
        }, answer: { screen($0.app)?.note })
    }

    @Test("a source of one's own, in a few dozen lines, gets every key of the viewer: the same session over it gives what the CSV file gives")
    func csvAndOwnSourceAgree() throws {
        let scratch = TemporaryFile(name: "scratch.txt", "")
        let directory = scratch.directory
        defer { for saved in ["from-file", "from-memory"] { unlink(directory + "/\(saved).csv") } }
        let inFile = try Self.inFile(directory: directory)
        let records = (1...Self.rows).map { i in
            let v = Self.values(i)
            return ["\(i)", v.carrier, v.delay.map(String.init) ?? "", v.note]
        }
        var t = HeadlessTerminal(TableViewer(MemoryTable(columnTitles: ["id", "carrier", "delay", "note"], records: records)), columns: 120, rows: 30)
        let inMemory = Self.inScreen(&t, { $0.screen }, saveTo: directory + "/from-memory.csv")
        #expect(inFile == inMemory, "file:\n\(inFile)\nmemory:\n\(inMemory)")
        #expect(inMemory.count == Self.rows && !inMemory.saved.isEmpty && inMemory.firstMatch != nil && inMemory.record.count > 3)
    }

    @Test("the CSV file as a TableSource (FileTable) on the one table screen: the same session gives what the file's own screen gives, with its # column")
    func csvOnTheTableScreenAgrees() throws {
        let scratch = TemporaryFile(name: "scratch.txt", "")
        let directory = scratch.directory
        let inFile = try Self.inFile(directory: directory)
        let csv = "id,carrier,delay,note\n" + (1...Self.rows).map { i in
            let v = Self.values(i)
            return "\(i),\(v.carrier),\(v.delay.map(String.init) ?? ""),\(v.note)"
        }.joined(separator: "\n") + "\n"
        let file = TemporaryFile(name: "flights.csv", csv)
        var t = HeadlessTerminal(TableViewer(try FileTable(path: file.path)), columns: 120, rows: 30)
        #expect(t.text.split(separator: "\n").first?.contains("#") == true && t.text.split(separator: "\n").contains { $0.hasSuffix(" row 1") } && t.text.contains("600 rows"), "the first screen is there before any work runs:\n\(t.text)")
        let onScreen = Self.inScreen(&t, { $0.screen }, saveTo: directory + "/from-table-screen.csv")
        #expect(inFile == onScreen, "file:\n\(inFile)\ntable screen:\n\(onScreen)")
        #expect(onScreen.count == Self.rows && !onScreen.saved.isEmpty && onScreen.firstMatch != nil && onScreen.record.count > 3)
    }

    @Test("a Parquet file of the same rows (in five row groups) opens through its TableSource, and the same session gives what the CSV file gives")
    func csvAndParquetAgree() throws {
        let scratch = TemporaryFile(name: "scratch.txt", "")
        let directory = scratch.directory
        defer { for saved in ["from-file", "from-parquet"] { unlink(directory + "/\(saved).csv") } }
        let inFile = try Self.inFile(directory: directory)
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ScrollworkFilesTests/Fixtures/parquet/session.parquet").path
        guard case let .table(viewer) = try OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme()) else {
            Issue.record("a Parquet file opens as its table")
            return
        }
        var t = HeadlessTerminal(viewer, columns: 120, rows: 30)
        let inParquet = Self.inScreen(&t, { $0.screen }, saveTo: directory + "/from-parquet.csv")
        #expect(inFile == inParquet, "file:\n\(inFile)\nParquet:\n\(inParquet)")
        #expect(inParquet.count == Self.rows && !inParquet.saved.isEmpty && inParquet.firstMatch != nil)
    }

    @Test("the same session over a PostgreSQL table of the same rows gives what the CSV file gives",
          .enabled(if: getenv("SCROLLWORK_TEST_POSTGRES") != nil, "needs the server scripts/test starts (SCROLLWORK_TEST_POSTGRES)"))
    func csvAndPostgresAgree() throws {
        let url = String(cString: getenv("SCROLLWORK_TEST_POSTGRES"))
        let name = "session_\(getpid())"
        // The viewer's connections only read: the table is made with psql.
        try PostgresExploreTests.psql(url, "CREATE TABLE \(name) AS SELECT i::bigint AS id, (ARRAY['UA','AA','DL','B6'])[1 + i * 7 % 4] AS carrier, "
                                      + "CASE WHEN i % 13 = 0 THEN NULL ELSE (i * 37) % 101 - 50 END AS delay, 'row ' || i AS note FROM generate_series(1, \(Self.rows)) AS i")
        defer { try? PostgresExploreTests.psql(url, "DROP TABLE \(name)") }
        let scratch = TemporaryFile(name: "scratch.txt", "")
        let directory = scratch.directory
        defer { for saved in ["from-file", "from-sqlite", "from-postgres"] { unlink(directory + "/\(saved).csv") } }
        let inFile = try Self.inFile(directory: directory)
        var t = HeadlessTerminal(try DatabaseViewer(source: PostgresDatabase(url: url), theme: Theme(), opening: name), columns: 120, rows: 30)
        let onServer = Self.inDatabase(&t, saveTo: directory + "/from-postgres.csv")
        #expect(inFile == onServer, "file:\n\(inFile)\nPostgreSQL:\n\(onServer)")
    }

    @Test("a key has one meaning and one wording on every table: each of a database table's keys is a file table's, said in the same words, and the status lines end with the same keys")
    func keysWordedOnce() throws {
        for binding in ViewerKeys.databaseTable.bindings where binding.example != .back {
            #expect(ViewerKeys.table.bindings.contains { $0.example == binding.example && $0.summary == binding.summary && $0.label == binding.label }, "\(binding.label): \(binding.summary)")
        }
        let keys = ViewerKeySet(.terminal)
        #expect(keys.tableHint(back: "⌫ back to the tables").hasSuffix(keys.tableHint(back: nil)))
        let file = TemporaryFile(name: "t.csv", "a,b\n1,2\n")
        let viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        #expect(viewer.screen.statusText(at: 0).hint == keys.tableHint(back: nil))
    }

    @Test("a CSV file and an SQLite table of the same rows: the same session gives the same rows, matches, record, sheets and saved file")
    func csvAndSQLiteAgree() throws {
        let scratch = TemporaryFile(name: "scratch.txt", "")
        let directory = scratch.directory
        defer { for saved in ["from-file", "from-sqlite", "from-postgres"] { unlink(directory + "/\(saved).csv") } }
        let inFile = try Self.inFile(directory: directory)
        try DatabaseViewerTests.withFlights(rows: 0) { path, db in
            try db.run("DROP VIEW IF EXISTS late")
            try db.run("DROP TABLE flights")
            try db.run("CREATE TABLE flights (id INTEGER PRIMARY KEY, carrier TEXT, delay INTEGER, note TEXT)")
            for i in 1...Self.rows {
                let v = Self.values(i)
                try db.run("INSERT INTO flights VALUES (?, ?, ?, ?)", [.int(i), .string(v.carrier), v.delay.map(TableValue.int) ?? .empty, .string(v.note)])
            }
            var t = try DatabaseViewerTests.open(path)
            DatabaseViewerTests.settle(&t)
            t.send(.key(KeyEvent(.enter)))
            let inSQLite = Self.inDatabase(&t, saveTo: directory + "/from-sqlite.csv")
            #expect(inFile == inSQLite, "file:\n\(inFile)\nSQLite:\n\(inSQLite)")
            #expect(inFile.count == Self.rows && !inFile.saved.isEmpty && inFile.firstMatch != nil)
            #expect(inFile.answers.first == "column carrier" && inFile.answers.last == "no column named “nothing”" && !inFile.answers.contains("nothing said"),
                    "\(inFile.answers)")
            #expect(inFile.typeAheadNotes == ["typed “1”: scanned the first 150 rows", "typed “12”: scanned the first 150 rows", "typed “9”: scanned the first 150 rows",
                                              "no row starts with “77” (scanned the first 150 rows)", "typed “ro”: found by binary search"]
                    && inFile.typedAhead.allSatisfy { $0 != nil }, "\(inFile.typedAhead)")
        }
    }

    @Test("a batch run is one pipeline: the same recipes over the CSV file and the SQLite table write the same files; --table chooses, or says which there are")
    func batchRunsAgree() throws {
        let scratch = TemporaryFile(name: "scratch.txt", "")
        let csv = "id,carrier,delay,note\n" + (1...Self.rows).map { i in
            let v = Self.values(i)
            return "\(i),\(v.carrier),\(v.delay.map(String.init) ?? ""),\(v.note)"
        }.joined(separator: "\n") + "\n"
        let file = TemporaryFile(name: "flights.csv", csv)
        let recipes = [
            ViewRecipe(filters: ["carrier=UA", "delay>-10"], sorts: ["-delay"], columns: "id,delay,note"),
            ViewRecipe(filters: ["note*=row 1"], frequency: "carrier"),
            ViewRecipe(filters: ["delay<0"], columns: "delay,carrier", summary: true),
            ViewRecipe(sorts: ["note"]),
        ]
        try DatabaseViewerTests.withFlights(rows: 0) { path, db in
            try db.run("DROP VIEW IF EXISTS late")
            try db.run("DROP TABLE flights")
            try db.run("CREATE TABLE flights (id INTEGER PRIMARY KEY, carrier TEXT, delay INTEGER, note TEXT)")
            for i in 1...Self.rows {
                let v = Self.values(i)
                try db.run("INSERT INTO flights VALUES (?, ?, ?, ?)", [.int(i), .string(v.carrier), v.delay.map(TableValue.int) ?? .empty, .string(v.note)])
            }
            guard case let .database(viewer) = try OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme()) else {
                Issue.record("not a database")
                return
            }
            for (i, recipe) in recipes.enumerated() {
                let fromFile = scratch.directory + "/file-\(i).csv", fromSQLite = scratch.directory + "/sqlite-\(i).csv"
                defer { unlink(fromFile); unlink(fromSQLite) }
                _ = try TableQuery.write(try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme()).source, recipe: recipe, to: fromFile)
                _ = try TableQuery.write(viewer.tableSource(named: nil), recipe: recipe, to: fromSQLite)
                let a = try String(contentsOfFile: fromFile, encoding: .utf8), b = try String(contentsOfFile: fromSQLite, encoding: .utf8)
                #expect(a == b && a.count > 30, "\(recipe): file\n\(a.prefix(300))\nSQLite\n\(b.prefix(300))")
            }
            // A second table: the name is needed, and a wrong one lists those there are.
            try db.run("CREATE TABLE other (x)")
            guard case let .database(two) = try OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme()) else { return }
            #expect(throws: OpenFile.Failure.self) { try two.tableSource(named: nil) }
            do throws(OpenFile.Failure) {
                _ = try two.tableSource(named: "nope")
                Issue.record("a table no one has was read")
            } catch {
                #expect(error.status == 64 && "\(error)".contains("flights, other"), "\(error)")
            }
            #expect(try two.tableSource(named: "flights").columnTitles == ["id", "carrier", "delay", "note"])
            // An order of two columns is the file's alone, and said so.
            do throws(OpenFile.Failure) {
                _ = try TableQuery.write(two.tableSource(named: "flights"), recipe: ViewRecipe(sorts: ["delay", "id"]), to: scratch.directory + "/two.csv")
                Issue.record("two sort keys in a database")
            } catch {
                #expect(error.status == 64 && "\(error)".contains("one column at a time"))
            }
        }
    }

    @Test("the command line's options open the same view of a database table as of a file: rows kept, their order, columns, a sheet")
    func optionsOpenTheSameView() throws {
        let csv = "id,carrier,delay,note\n" + (1...Self.rows).map { i in
            let v = Self.values(i)
            return "\(i),\(v.carrier),\(v.delay.map(String.init) ?? ""),\(v.note)"
        }.joined(separator: "\n") + "\n"
        let file = TemporaryFile(name: "flights.csv", csv)
        let recipe = ViewRecipe(filters: ["carrier=DL"], sorts: ["-delay"], columns: "delay,id", frequency: nil)
        var viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        try viewer.apply(recipe, at: 0)
        var fileTerminal = HeadlessTerminal(viewer, columns: 120, rows: 30)
        while fileTerminal.runWork() {}
        let fileRows = (0..<10).compactMap { (try? fileTerminal.app.screen.view.table.list.row(at: IndexPath(row: $0))).map { [$0.fields[2], $0.fields[0]] } }
        #expect(fileTerminal.app.screen.view.table.columns.map(\.title) == ["#", "delay", "id"])
        try DatabaseViewerTests.withFlights(rows: 0) { path, db in
            try db.run("DROP VIEW IF EXISTS late")
            try db.run("DROP TABLE flights")
            try db.run("CREATE TABLE flights (id INTEGER PRIMARY KEY, carrier TEXT, delay INTEGER, note TEXT)")
            for i in 1...Self.rows {
                let v = Self.values(i)
                try db.run("INSERT INTO flights VALUES (?, ?, ?, ?)", [.int(i), .string(v.carrier), v.delay.map(TableValue.int) ?? .empty, .string(v.note)])
            }
            guard case var .database(database) = try OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme()) else { return }
            try database.apply(recipe, at: 0)
            var t = HeadlessTerminal(database, columns: 120, rows: 30)
            DatabaseViewerTests.settle(&t)
            let list = try #require(t.app.opened?.view.table.list)
            let shown = (0..<10).compactMap { row -> [String]? in
                guard case let .loaded(values)? = try? list.row(at: IndexPath(row: row)) else { return nil }
                return [values[2].isMissing ? "" : values[2].description, values[0].description]
            }
            #expect(t.app.opened?.view.table.columns.map(\.title) == ["delay", "id"])
            #expect(list.numberOfRows == fileTerminal.app.screen.view.table.list.numberOfRows && shown == fileRows, "\(shown) \(fileRows)")
            // A frequency table asked for opens as the file's does.
            guard case var .database(counting) = try OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme()) else { return }
            try counting.apply(ViewRecipe(filters: ["delay>40"], frequency: "carrier"), at: 0)
            var c = HeadlessTerminal(counting, columns: 120, rows: 30)
            DatabaseViewerTests.settle(&c)
            var fileCounting = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
            try fileCounting.apply(ViewRecipe(filters: ["delay>40"], frequency: "carrier"), at: 0)
            var f = HeadlessTerminal(fileCounting, columns: 120, rows: 30)
            while f.runWork() {}
            #expect(c.app.opened?.sheet?.source.records == f.app.screen.sheet?.source.records && f.app.screen.sheet != nil)
        }
    }

    @Test("a view the command line asks for counts its sort's time from when it was asked, on the host's clock, in a file and a database")
    func recipeTimesCountFromTheAsking() throws {
        let csv = "id,delay\n" + (1...300).map { "\($0),\(($0 * 37) % 101)" }.joined(separator: "\n") + "\n"
        let file = TemporaryFile(name: "times.csv", csv)
        var viewer = try OpenFile.viewer(path: file.path, separator: nil, header: nil, theme: Theme())
        // The host's clock is far from 0 when the command line applies the view.
        try viewer.apply(ViewRecipe(sorts: ["delay"]), at: 5000)
        var t = HeadlessTerminal(viewer, columns: 100, rows: 10)
        t.advance(by: 5000.25)
        while t.runWork() {}
        // Worded as every table's sort is ("sorted in 3 ms"; a database's "sorted in the database in").
        #expect(t.app.status.contains("sorted in") && !t.app.status.contains("5000") && !t.app.status.contains(" s ·"), "\(t.app.status)")
        try DatabaseViewerTests.withFlights(rows: 300) { path, _ in
            guard case var .database(database) = try OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme()) else { return }
            // A table and a view: --table opens the table, then the options apply to it.
            try database.open("flights")
            try database.apply(ViewRecipe(filters: ["carrier=UA"], sorts: ["-delay"]), at: 5000)
            var d = HeadlessTerminal(database, columns: 100, rows: 10)
            d.advance(by: 5000.25)
            DatabaseViewerTests.settle(&d)
            let status = d.app.opened?.status(at: 5000.3) ?? ""
            #expect(status.contains("sorted in the database in") && !status.contains("5000"), "\(status)")
        }
    }
}
