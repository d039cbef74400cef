import Benchmark
import Glibc
import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkTerminal
import ScrollworkViewer
import ScrollworkWidgets

/// The Distributed table of ten million flights over two ClickHouse servers, as `scrollwork open`
/// asks for it: the first screen from the URL, the last page (G), the first page of an order by
/// delay, and a frequency table, each on a table opened afresh (nothing remembered from a run
/// before). Only when `SCROLLWORK_BENCH_CLICKHOUSE` names the first server (`scripts/bench
/// --cluster` starts both, as the tests do, and times the same statements sent alone beside).
func clusterBenchmarks() {
    guard let url = getenv("SCROLLWORK_BENCH_CLICKHOUSE").map({ String(cString: $0) }) else { return }
    let label = "clickhouse 10000000 rows"
    let configuration = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 10)
    Benchmark("\(label): first screen", configuration: configuration) { benchmark in
        benchmark.startMeasurement()
        guard case let .database(viewer)? = try? OpenFile.opened(path: url + "?table=flights", separator: nil, header: nil, theme: Theme.standard(for: .palette256)) else { return }
        var t = HeadlessTerminal(viewer, columns: 120, rows: 40)
        // A table read by position shows its first page once it is counted: the work runs (the
        // count, then the page) until the first row shows.
        var steps = 0
        while !t.text.contains("flight 1 "), steps < 50, t.runWork() { steps += 1 }
        benchmark.stopMeasurement()
        blackHole(t.text)
    }
    let asks: [(String, @Sendable (any DatabaseTable) throws -> Int)] = [
        ("G (the last page)", { table in try table.rows(offset: 9_999_900, limit: 100, order: nil, where: []).count }),
        ("sorted by delay, the first page", { table in try table.rows(offset: 0, limit: 100, order: (2, true), where: []).count }),
        ("frequency of carrier", { table in try table.frequency(ofColumn: 1, where: [], limit: FrequencyTable.distinctLimit, keepGoing: nil).entries.count }),
    ]
    for (name, ask) in asks {
        Benchmark("\(label): \(name)", configuration: configuration) { benchmark in
            guard let table = try? ClickHouseDatabase(url: url).table("flights", sharingSnapshotWith: nil) else { return }
            benchmark.startMeasurement()
            blackHole(try? ask(table))
            benchmark.stopMeasurement()
        }
    }
}
