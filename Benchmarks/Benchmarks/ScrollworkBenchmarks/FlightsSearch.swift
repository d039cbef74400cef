import Benchmark
import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import ScrollworkViewer
import ScrollworkWidgets

/// `/` in `scrollwork open` over the generated 1,000,000-row flights file (#65): in the file's
/// order and in a view sorted by dep_delay, for text no row holds (every row gone through) and
/// for a tail number a few rows hold, the search run as the viewer runs it (keys in, work done).
func flightsSearchBenchmarks() {
    let heavy = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(60), maxIterations: 5)
    let rows = 1_000_000
    let path = "/tmp/scrollwork-flights-reals-\(rows).csv"
    /// The viewer of the file, indexed to its end, sorted by dep_delay when `sorted`.
    func viewer(sorted: Bool) -> HeadlessTerminal<TableViewer> {
        makeFlightsCSV(path, rows: rows)
        guard case let .table(viewer)? = try? OpenFile.opened(path: path, separator: nil, header: nil, theme: Theme()) else { fatalError("no table at \(path)") }
        var t = HeadlessTerminal(viewer, columns: 120, rows: 40)
        while t.runWork("growth") {}
        if sorted {
            // dep_delay, five columns right of the first field (`#` stays where it is).
            for _ in 0..<5 { t.send(.key(KeyEvent(.character("]")))) }
            t.send(.key(KeyEvent(.character("o"))))
            while t.runWork("sort") {}
        }
        return t
    }
    for (label, text) in [("text no row holds", "no such flight"), ("a tail number", "n555jb")] {
        for sorted in [false, true] {
            Benchmark("flights csv \(rows) rows: / for \(label), \(sorted ? "sorted by dep_delay" : "in the file's order")", configuration: heavy) { benchmark in
                var t = viewer(sorted: sorted)
                benchmark.startMeasurement()
                t.type("/\(text)\r")
                let ran = t.runWork("search")
                benchmark.stopMeasurement()
                blackHole(ran)
            }
        }
    }
}
