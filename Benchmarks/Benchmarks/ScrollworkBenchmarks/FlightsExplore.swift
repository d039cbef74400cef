import Benchmark
import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// Exploring the generated 10,000,000-row flights file as `scrollwork open` does (#30): a value
/// filter, a numeric filter, a frequency table, the summary of every column and a save of a
/// filtered view, each read in place on every core.
func flightsExploreBenchmarks() {
    let heavy = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 3)
    let rows = 10_000_000
    let path = "/tmp/scrollwork-flights-reals-\(rows).csv"
    func indexed() -> DelimitedRows {
        makeFlightsCSV(path, rows: rows)
        guard let file = try? FileBytes(path: path), let sample = try? file.read(at: 0, count: 64 << 10) else { fatalError("no benchmark file at \(path)") }
        var index = RecordIndex()
        while (try? index.extend(from: file)) == false {}
        return DelimitedRows(file: file, index: index, dialect: DelimitedDialect.detect(sample: sample, hint: "csv"))
    }
    func filter(_ text: String, _ source: DelimitedRows) -> RowFilter {
        guard let filter = try? RowFilter(parsing: text, columns: ColumnNames(source.header ?? [])) else { fatalError("bad filter \(text)") }
        return filter
    }
    for text in ["carrier=AA", "dep_delay>100"] {
        Benchmark("flights csv \(rows) rows: filter \(text)", configuration: heavy) { benchmark in
            let source = indexed()
            let f = filter(text, source)
            benchmark.startMeasurement()
            let kept = try? RowFilter.rows(of: source, passing: [f], concurrently: .processors)
            benchmark.stopMeasurement()
            blackHole(kept)
        }
    }
    Benchmark("flights csv \(rows) rows: frequency of carrier", configuration: heavy) { benchmark in
        let source = indexed()
        benchmark.startMeasurement()
        let table = FrequencyTable.counting(field: 9, of: source, concurrently: .processors)
        benchmark.stopMeasurement()
        blackHole(table)
    }
    Benchmark("flights csv \(rows) rows: summary of every column", configuration: heavy) { benchmark in
        let source = indexed()
        let titles = source.header ?? []
        benchmark.startMeasurement()
        let summaries = ColumnSummary.summarizing(source, titles: titles, concurrently: .processors)
        benchmark.stopMeasurement()
        blackHole(summaries)
    }
    Benchmark("flights csv \(rows) rows: save the rows of carrier=AA", configuration: heavy) { benchmark in
        let source = indexed()
        guard let kept = try? RowFilter.rows(of: source, passing: [filter("carrier=AA", source)], concurrently: .processors) else { return }
        let titles = source.header ?? []
        let out = "/tmp/scrollwork-flights-saved.csv"
        benchmark.startMeasurement()
        let written = try? TableExport.write(source, order: .rows(kept), columns: Array(titles.indices), titles: titles, format: .csv,
                                             to: OutputFile(path: out), concurrently: .processors)
        benchmark.stopMeasurement()
        unlink(out)
        blackHole(written)
    }
}
