import Benchmark
import Glibc
import Scrollwork
import ScrollworkDatabase
import ScrollworkTerminal
import ScrollworkViewer
import ScrollworkWidgets
import Synchronization

/// A database table of ten million flights as `scrollwork open` shows it: the first screen from
/// the path, a page-down frame while the pages it needs are still loading, the last page (End),
/// and sorts by an indexed and an unindexed column in the engine. SQLite always (the file is made
/// by the engine on first use); PostgreSQL when `SCROLLWORK_BENCH_POSTGRES` names a server holding
/// the same table (`scripts/bench --database` starts one).
func databaseBenchmarks() {
    let rows = 10_000_000
    let sqlite = "/tmp/scrollwork-flights-\(rows).sqlite"
    var engines: [(name: String, path: String, prepare: () -> Void)] = [("sqlite", sqlite, { makeFlightsSQLite(sqlite, rows: rows) })]
    if let url = getenv("SCROLLWORK_BENCH_POSTGRES").map({ String(cString: $0) }) { engines.append(("postgres", url, {})) }
    let heavy = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 3)
    for engine in engines {
        let label = "\(engine.name) \(rows) rows"
        Benchmark("\(label): first screen", configuration: .init(metrics: [.wallClock], maxIterations: 10)) { benchmark in
            engine.prepare()
            benchmark.startMeasurement()
            var t = openedTable(engine.path)
            benchmark.stopMeasurement()
            blackHole(t.text)
            blackHole(t.runWork())
        }
        // Each sample: the table opened with its first page in, then Page Down onto rows whose
        // page has only been asked for.
        Benchmark("\(label): page-down frame while pages load", configuration: .init(metrics: [.wallClock], maxDuration: .seconds(30), maxIterations: 300)) { benchmark in
            engine.prepare()
            var t = openedTable(engine.path)
            t.send(.key(KeyEvent(.pageDown)))
            benchmark.startMeasurement()
            t.send(.key(KeyEvent(.pageDown)))
            benchmark.stopMeasurement()
            blackHole(t.pendingWork.count)
        }
        for (title, column) in [("dep_delay (indexed)", 4), ("tailnum (no index)", 7)] {
            Benchmark("\(label): sort by \(title)", configuration: heavy) { benchmark in
                engine.prepare()
                guard let table = try? databaseTable(engine.path) else { return }
                benchmark.startMeasurement()
                let order = try? table.identities(orderedBy: column, ascending: true, keepGoing: nil) { _ in }
                benchmark.stopMeasurement()
                blackHole(order?.count)
            }
        }
        // The order is made once (the sort benchmarks time that); each sample reads its last page.
        let sorted = SortedOnce()
        Benchmark("\(label): End (the last page of a sorted order)", configuration: .init(metrics: [.wallClock], maxIterations: 20)) { benchmark in
            engine.prepare()
            guard let table = try? databaseTable(engine.path), let order = sorted.order(of: table) else { return }
            benchmark.startMeasurement()
            let page = try? table.rows(withIdentities: Array(order.suffix(100)))
            benchmark.stopMeasurement()
            blackHole(page)
        }
    }
}

/// A table's order by dep_delay, made by the engine the first time it is asked for.
private final class SortedOnce: Sendable {
    private let made = Mutex<[Int]?>(nil)

    func order(of table: any DatabaseTable) -> [Int]? {
        made.withLock { made in
            if made == nil { made = try? table.identities(orderedBy: 4, ascending: true, keepGoing: nil) { _ in } }
            return made
        }
    }
}

/// The flights table of `path` (an SQLite file or a PostgreSQL URL), on a connection of its own.
private func databaseTable(_ path: String) throws -> any DatabaseTable {
    if PostgresDatabase.isURL(path) { return try PostgresDatabase(url: path).table("flights", sharingSnapshotWith: nil) }
    return try SQLiteDatabase(path: path).table("flights", sharingSnapshotWith: nil)
}

/// `scrollwork open PATH` on a 120 × 40 screen with the flights table open and its first page
/// drawn: the list of tables, Enter, the first chunk of row names and the first page (the counts
/// run on, off the loop, and are not waited for).
private func openedTable(_ path: String) -> HeadlessTerminal<DatabaseViewer> {
    let target = PostgresDatabase.isURL(path) ? path + "?table=flights" : path
    guard case let .database(viewer)? = try? OpenFile.opened(path: target, separator: nil, header: nil, theme: Theme.standard(for: .palette256)) else {
        fatalError("no database at \(path)")
    }
    var t = HeadlessTerminal(viewer, columns: 120, rows: 40)
    if !PostgresDatabase.isURL(path) { t.send(.key(KeyEvent(.enter))) }
    t.runWork("rowids")
    t.runWork("page-0")
    return t
}

/// Ten million flights in an SQLite file at `path` unless it is there: the columns the CSV
/// benchmarks sort by, made by the engine (a recursive query), with an index on dep_delay.
func makeFlightsSQLite(_ path: String, rows: Int) {
    if access(path, F_OK) == 0 { return }
    let partial = path + ".partial"
    unlink(partial)
    do {
        let db = try SQLiteConnection(path: partial, writable: true)
        try db.run("PRAGMA journal_mode = OFF")
        try db.run("CREATE TABLE flights (year INTEGER, month INTEGER, day INTEGER, carrier TEXT, dep_delay INTEGER, sched_dep_time INTEGER, flight INTEGER, tailnum TEXT, origin TEXT, dest TEXT)")
        try db.run("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
            INSERT INTO flights SELECT 2013, 1 + i * 7 % 12, 1 + i * 13 % 28, substr('UAAAB6DLEVMQUSWNVXFLAS9EF9HAYVOO', 1 + (i * 31 % 16) * 2, 2),
                CASE WHEN i % 40 = 0 THEN NULL ELSE (i * 2654435761 % 315) - 20 END, 500 + (i * 97 % 1800), 1 + i * 17 % 6000,
                CASE WHEN i % 50 = 0 THEN NULL ELSE 'N' || (100 + i * 7919 % 900) || substr('UAAAJBDLEV', 1 + (i % 5) * 2, 2) END,
                substr('EWRLGAJFK', 1 + (i % 3) * 3, 3), substr('IAHMIABQNATLORDFLLIADMCOPBITPALAXSFODFWBOSLAS', 1 + (i * 11 % 15) * 3, 3) FROM n
            """, [.int(rows)])
        try db.run("CREATE INDEX flights_dep_delay ON flights (dep_delay)")
        try db.run("ANALYZE")
    } catch {
        fatalError("could not make \(partial): \(error)")
    }
    rename(partial, path)
}
