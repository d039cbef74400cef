import Benchmark
import Dispatch
import Scrollwork
import ScrollworkWidgets
import ScrollworkTerminal
import Synchronization

/// Sorting ten million rows off the event loop: the frames drawn meanwhile, the first frame
/// after a heading click, the sort itself beside the standard library, and its memory.
func backgroundSortBenchmarks() {
    keyReadingParts()
    let tenMillion = 10_000_000
    let heavy = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], warmupIterations: 0,
                                        maxDuration: .seconds(60), maxIterations: 3)

    // The same page-down workload as "page down N rows", while a sort of ten million rows by
    // name runs on another thread: the frame times of the loop, median and p99.
    Benchmark("page down 10000000 rows during a background sort",
              configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxDuration: .seconds(20), maxIterations: 400)) { benchmark in
        let fixture = TableFixture(rows: tenMillion)
        let job = fixture.table.sortJob(for: [SortOrder(columnID: "Name", ascending: true)])
        let stop = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = job.run { _ in !stop.load(ordering: .relaxed) }
            done.signal()
        }
        for _ in benchmark.scaledIterations {
            benchmark.startMeasurement()
            blackHole(fixture.step(.pageDown))
            benchmark.stopMeasurement()
        }
        stop.store(true, ordering: .relaxed)
        done.wait()
    }

    // From a heading click to the frame that says "Sorting…": the order, the job (a snapshot,
    // no key read) and one frame with the progress in the heading.
    Benchmark("heading click to Sorting frame 10000000 rows", configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: 50)) { benchmark in
        let fixture = TableFixture(rows: tenMillion)
        for _ in benchmark.scaledIterations {
            benchmark.startMeasurement()
            // The click on the Name heading hands out the sort as work (the job is made, no key
            // is read) and the next frame shows its progress in the heading.
            let press = fixture.view.handle(.mouse(MouseEvent(.press, column: 2, row: 0)), at: fixture.time)
            let release = fixture.view.handle(.mouse(MouseEvent(.release, column: 2, row: 0)), at: fixture.time)
            blackHole(fixture.frame())
            benchmark.stopMeasurement()
            // The work the click handed out, as its replies carry it.
            blackHole(press.effects + release.effects)
            _ = fixture.view.cancelSort()
        }
    }

    // The sort job at ten million rows, keys read from the source included, beside the
    // standard library sorting the bare keys.
    Benchmark("sort 10000000 baseline stdlib ints", configuration: heavy) { benchmark in
        var keys = (0..<tenMillion).map { FileRow($0).size }
        benchmark.startMeasurement()
        keys.sort()
        benchmark.stopMeasurement()
        blackHole(keys)
    }
    Benchmark("sort 10000000 baseline stdlib strings", configuration: heavy) { benchmark in
        var keys = (0..<tenMillion).map { FileRow($0).name }
        benchmark.startMeasurement()
        keys.sort()
        benchmark.stopMeasurement()
        blackHole(keys)
    }
    for (column, label) in [("Size", "ints"), ("Name", "strings")] {
        // The same keys from rows that make only the field asked for: the job's own cost of
        // reading keys, without the three strings each FileRow builds.
        Benchmark("sort 10000000 job \(label) (reads keys of lazy rows)", configuration: heavy) { benchmark in
            let table = makeLazyTable(rows: tenMillion)
            let job = table.sortJob(for: [SortOrder(columnID: column, ascending: true)])
            benchmark.startMeasurement()
            let result = job.run()
            benchmark.stopMeasurement()
            blackHole(result)
        }
        Benchmark("sort 10000000 job \(label) (reads keys)", configuration: heavy) { benchmark in
            let table = makeTable(rows: tenMillion)
            let job = table.sortJob(for: [SortOrder(columnID: column, ascending: true)])
            benchmark.startMeasurement()
            let result = job.run()
            benchmark.stopMeasurement()
            blackHole(result)
        }
        // The sort alone: the keys were read by an earlier sort (reversing reads none).
        Benchmark("sort 10000000 job \(label) (keys read)", configuration: heavy) { benchmark in
            var table = makeTable(rows: tenMillion)
            if let first = table.sortJob(for: [SortOrder(columnID: column, ascending: true)]).run() { try? table.apply(first) }
            let job = table.sortJob(for: [SortOrder(columnID: column, ascending: false)])
            benchmark.startMeasurement()
            let result = job.run()
            benchmark.stopMeasurement()
            blackHole(result)
        }
    }
}

func keyReadingParts() {
    let config = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 5)
    Benchmark("part: make 1000000 rows", configuration: config) { benchmark in
        var total = 0
        benchmark.startMeasurement()
        for i in 0..<1_000_000 { total &+= FileRow(i).size }
        benchmark.stopMeasurement()
        blackHole(total)
    }
    Benchmark("part: read 1000000 int keys through a job", configuration: config) { benchmark in
        let table = makeTable(rows: 1_000_000)
        let job = table.sortJob(for: [SortOrder(columnID: "Size", ascending: true)])
        var read = 0
        benchmark.startMeasurement()
        // Cancelled as soon as reading ends: the progress past the first half is the sort.
        _ = job.run { fraction in read += 1; return fraction < 0.5 }
        benchmark.stopMeasurement()
        blackHole(read)
    }
}

/// A table of `rows` lazy rows with a Name and a Size column.
func makeLazyTable(rows: Int) -> TableState<LazyFileRow> {
    TableState(rows: GeneratedRows(count: rows) { LazyFileRow($0) }, columns: [
        TableColumn("Name", width: .clamping(ideal: 200)) { .string($0.name) },
        TableColumn("Size", width: .clamping(ideal: 120)) { .int($0.size) },
    ])
}

/// A generated file row that makes a field only when asked, with FileRow's values: a source whose
/// rows cost next to nothing to read (a file parsed a cell at a time, say).
struct LazyFileRow: Sendable {
    let hash: Int
    init(_ i: Int) { hash = (i &* 2_654_435_761) & 0x7FFF_FFFF }
    var name: String { "file-\(hash % 1_000_003)" }
    var size: Int { (hash / 3) % 5_000_000 }
}
