import Benchmark
import Glibc
import Scrollwork
import ScrollworkWidgets
import ScrollworkFiles
import ScrollworkTerminal

/// `scrollwork open` at scale: CSV files of a million and ten million rows (about 60 and 620 MB),
/// generated here on first use and never committed.
func openFileBenchmarks() {
    for rows in [1_000_000, 10_000_000] {
        let path = "/tmp/scrollwork-bench-\(rows).csv"
        let heavy = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 3)

        // From the path to the first frame: open, sample, detect, index the first 256 KB, draw.
        Benchmark("open csv \(rows) rows: first screen", configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 20)) { benchmark in
            makeCSV(path, rows: rows)
            benchmark.startMeasurement()
            var view = openedTable(path)
            var canvas = Canvas(cells: Buffer(columns: 120, rows: 40))
            view.render(in: canvas.bounds, into: &canvas, at: 0)
            benchmark.stopMeasurement()
            blackHole(canvas.cells)
        }

        // The whole background index: bytes a second is the file's size over this time.
        indexBenchmark("index csv \(rows) rows", path: path, configuration: heavy) { makeCSV(path, rows: rows) }

        // A page-down frame in the middle of the indexed file, rows read and split as drawn; and
        // the memory after scrolling from one end to the other a page at a time.
        Benchmark("page down mid-file csv \(rows) rows", configuration: .init(metrics: [.wallClock], maxIterations: 500)) { benchmark in
            makeCSV(path, rows: rows)
            var view = openedTable(path, indexed: true)
            var canvas = Canvas(cells: Buffer(columns: 120, rows: 40))
            view.state.list.scroll.perform(.bottom, time: 0)
            let middle = view.state.list.scroll.offset.y / 2
            view.state.list.scroll.moveOffsetForBenchmark(y: middle)
            var time = 1.0
            for _ in benchmark.scaledIterations {
                time += 1
                benchmark.startMeasurement()
                view.state.list.scroll.perform(.pageDown, time: time)
                view.tick(at: time + 0.5)
                view.render(in: canvas.bounds, into: &canvas, at: time + 0.5)
                benchmark.stopMeasurement()
            }
        }
        // Sorting the file by its size column, as numbers, keys read from whole records in
        // batches on one core (the viewer's columns read them in place: FlightsSort.swift).
        Benchmark("sort csv \(rows) rows by a number column (reads keys)", configuration: heavy) { benchmark in
            makeCSV(path, rows: rows)
            let table = TableState(rows: openedRows(path, indexed: true), columns: [
                TableColumn<DelimitedRecord>("size", width: .clamping(ideal: 100)) { record in record[2].flatMap { Int($0) }.map { .int($0) } ?? .empty },
            ])
            let job = table.sortJob(for: [SortOrder(columnID: "size")])
            benchmark.startMeasurement()
            let result = job.run()
            benchmark.stopMeasurement()
            blackHole(result)
        }
        Benchmark("scroll end to end csv \(rows) rows", configuration: heavy) { benchmark in
            makeCSV(path, rows: rows)
            var view = openedTable(path, indexed: true)
            var canvas = Canvas(cells: Buffer(columns: 120, rows: 40))
            benchmark.startMeasurement()
            var time = 1.0
            // Every page, drawn: rows are read from the file and forgotten.
            for _ in 0..<(rows / 38 + 1) {
                time += 1
                view.state.list.scroll.perform(.pageDown, time: time)
                view.tick(at: time + 0.5)
                view.render(in: canvas.bounds, into: &canvas, at: time + 0.5)
            }
            benchmark.stopMeasurement()
        }
    }
}

/// Indexing the whole of `path` (made first by `make`): bytes a second is the file's size over
/// this time.
func indexBenchmark(_ name: String, path: String, configuration: Benchmark.Configuration, make: @escaping () -> Void) {
    Benchmark(name, configuration: configuration) { benchmark in
        make()
        guard let file = try? FileBytes(path: path) else { return }
        benchmark.startMeasurement()
        var index = RecordIndex()
        while (try? index.extend(from: file)) == false {}
        benchmark.stopMeasurement()
        blackHole(index.count)
    }
}

/// The rows of `path`, indexed to its first 256 KB or, with `indexed`, whole.
private func openedRows(_ path: String, indexed: Bool) -> DelimitedRows {
    guard let file = try? FileBytes(path: path), let sample = try? file.read(at: 0, count: 64 << 10) else { fatalError("no benchmark file at \(path)") }
    var index = RecordIndex()
    if indexed {
        while (try? index.extend(from: file)) == false {}
    } else {
        _ = try? index.extend(from: file, limit: 256 << 10, chunkSize: 256 << 10)
    }
    return DelimitedRows(file: file, index: index, dialect: DelimitedDialect.detect(sample: sample, hint: "csv"))
}

/// The table `scrollwork open` shows for `path`, indexed to its first 256 KB or, with `indexed`, whole.
private func openedTable(_ path: String, indexed: Bool = false) -> TableView<DelimitedRecord> {
    let rows = openedRows(path, indexed: indexed)
    let header = rows.header ?? []
    let columns = header.indices.map { c in
        TableColumn<DelimitedRecord>(header[c], width: .clamping(min: 32, ideal: 160)) { .string($0[c] ?? "") }
    }
    return TableView(TableState(rows: rows, columns: columns))
}

/// Writes a CSV of `rows` records (and a header) to `path` unless it is there already.
private func makeCSV(_ path: String, rows: Int) {
    let cities = ["Paris", "Zürich", "東京", "Lagos", "São Paulo"]
    writeGenerated(path, header: "id,name,size,city,note", rows: rows) { i in
        let h = (i &* 2_654_435_761) & 0x7FFF_FFFF
        return "\(i),file-\(h % 1_000_003),\(h % 5_000_000),\(cities[h % cities.count]),\"a note, \"\"quoted\"\", on row \(i)\""
    }
}

/// Writes `header` and the lines `line` makes for `0..<rows` to `path`, unless it is there
/// already; through a partial file, so an interrupted run leaves no half file behind.
func writeGenerated(_ path: String, header: String?, rows: Int, line: (Int) -> String) {
    if access(path, F_OK) == 0 { return }
    let fd = open(path + ".partial", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { fatalError("cannot write \(path)") }
    var chunk = header.map { Array(($0 + "\n").utf8) } ?? []
    for i in 0..<rows {
        chunk += Array((line(i) + "\n").utf8)
        if chunk.count > 1 << 20 {
            chunk.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
            chunk.removeAll(keepingCapacity: true)
        }
    }
    chunk.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
    close(fd)
    rename(path + ".partial", path)
}

extension ScrollState {
    /// Jumps to `y` at once (a benchmark's starting point).
    mutating func moveOffsetForBenchmark(y: Double) {
        try? setOffset(Point(x: 0, y: y), time: time)
    }
}
