import Benchmark
import Scrollwork
import ScrollworkWidgets
import ScrollworkTerminal

/// A generated file row, made only when shown (as in the gallery's table).
struct FileRow: Sendable {
    var name: String
    var path: String
    var size: Int
    var kind: String

    init(_ i: Int) {
        let h = (i &* 2_654_435_761) & 0x7FFF_FFFF
        name = "file-\(h % 1_000_003)"
        path = "/Users/ada/Projects/scrollwork/Sources/\(name).swift"
        size = (h / 3) % 5_000_000
        kind = ["Text", "Image", "Movie", "Folder"][h % 4]
    }
}

func makeTable(rows: Int) -> TableState<FileRow> {
    TableState(rows: GeneratedRows(count: rows) { FileRow($0) }, columns: [
        TableColumn("Name", width: .clamping(min: 64, ideal: 200)) { .string($0.name) },
        TableColumn("Path", width: .clamping(min: 96, ideal: 400), truncation: .middle) { .string($0.path) },
        TableColumn("Size", width: .clamping(min: 56, ideal: 120), alignment: .trailing) { .int($0.size) },
        TableColumn("Kind", width: .clamping(min: 56, ideal: 120)) { .string($0.kind) },
    ])
}

let theme = Theme.standard(for: .palette256)

/// A table on a 120 × 40 screen, with the renderer that has drawn its first frame.
final class TableFixture {
    var view: TableView<FileRow>
    var renderer = Renderer(colorMode: .palette256)
    var time = 0.0

    var table: TableState<FileRow> {
        get { view.state }
        set { view.state = newValue }
    }

    init(rows: Int) {
        view = TableView(makeTable(rows: rows), theme: theme)
        _ = frame()
    }

    /// Lays out, draws and encodes one frame; returns the bytes written.
    func frame() -> Int {
        var canvas = Canvas(cells: Buffer(columns: 120, rows: 40))
        view.render(in: canvas.bounds, into: &canvas, at: time)
        return renderer.render(canvas.cells).count
    }

    /// Performs `command` without animation and renders; starts over at the top near the end.
    func step(_ command: ScrollCommand) -> Int {
        time += 1
        if view.state.list.scroll.offset.y > view.state.list.scroll.offsetBounds(.vertical).upperBound - 2000 {
            // The offset is a finite constant: setting it cannot fail.
            try? view.state.list.scroll.setOffset(.zero, time: time)
            _ = frame()
        }
        view.state.list.scroll.perform(command, animated: false, time: time)
        return frame()
    }
}

/// A recorded mix of input: keys, mouse drags and wheel steps, and a paste (about 1 MB).
let inputMix: [UInt8] = {
    var bytes: [UInt8] = []
    let keys = "\u{1B}[A\u{1B}[B\u{1B}[5~\u{1B}[6~jk\u{1B}[1;5C\u{1B}OPé滚"
    while bytes.count < 1_000_000 {
        bytes += Array(keys.utf8)
        for i in 0..<20 { bytes += Array("\u{1B}[<32;\(i + 10);\(i % 40 + 1)M".utf8) }
        bytes += Array("\u{1B}[<65;40;12M\u{1B}[<64;40;12M".utf8)
        bytes += Array("\u{1B}[200~".utf8) + Array(String(repeating: "paste text 粘贴 ", count: 20).utf8) + Array("\u{1B}[201~".utf8)
    }
    return bytes
}()

let rowCounts = [1_000, 100_000, 1_000_000, 10_000_000]
let bytesMetric = BenchmarkMetric.custom("bytes", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .instructions, .mallocCountTotal], warmupIterations: 3,
                                           maxDuration: .seconds(2), maxIterations: 2000)
    componentBenchmarks()
    pixelBenchmarks()

    for rows in rowCounts {
        Benchmark("mount \(rows) rows") { benchmark in
            let fixture = TableFixture(rows: rows)
            blackHole(fixture)
        }
    }

    for rows in rowCounts {
        Benchmark("page down \(rows) rows", configuration: .init(metrics: [.wallClock, .mallocCountTotal, bytesMetric])) { benchmark in
            let fixture = TableFixture(rows: rows)
            for _ in 0..<20 {
                benchmark.startMeasurement()
                let bytes = fixture.step(.pageDown)
                benchmark.stopMeasurement()
                benchmark.measurement(bytesMetric, bytes)
            }
        }
        Benchmark("one-row scroll \(rows) rows", configuration: .init(metrics: [.wallClock, .mallocCountTotal, bytesMetric])) { benchmark in
            let fixture = TableFixture(rows: rows)
            for _ in 0..<20 {
                benchmark.startMeasurement()
                let bytes = fixture.step(.lineDown)
                benchmark.stopMeasurement()
                benchmark.measurement(bytesMetric, bytes)
            }
        }
    }

    for rows in rowCounts {
        let fixed = RowHeights.fixed(16, count: rows)
        Benchmark("visible range fixed \(rows) rows", configuration: .init(scalingFactor: .kilo)) { benchmark in
            var offset = 0.0
            for _ in benchmark.scaledIterations {
                offset = (offset + 7919) .truncatingRemainder(dividingBy: fixed.totalHeight)
                blackHole(fixed.visibleRange(top: offset, length: 640))
            }
        }
    }

    for rows in rowCounts {
        Benchmark("variable heights build \(rows) rows", configuration: .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxIterations: 5)) { benchmark in
            blackHole(RowHeights.variable(count: rows) { Double(12 + $0 % 29) })
        }
    }

    for rows in rowCounts {
        var heights = RowHeights.variable(count: rows) { Double(12 + $0 % 29) }
        Benchmark("visible range variable \(rows) rows", configuration: .init(scalingFactor: .kilo)) { benchmark in
            var offset = 0.0
            for _ in benchmark.scaledIterations {
                offset = (offset + 7919).truncatingRemainder(dividingBy: heights.totalHeight)
                blackHole(heights.visibleRange(top: offset, length: 640))
            }
        }
        Benchmark("height update variable \(rows) rows", configuration: .init(scalingFactor: .kilo)) { benchmark in
            var i = 0
            for _ in benchmark.scaledIterations {
                i = (i &+ 104_729) % rows
                blackHole(heights.setMeasuredHeight(Double(16 + i % 17), ofItem: i))
            }
        }
    }

    backgroundSortBenchmarks()
    openFileBenchmarks()
    flightsSortBenchmarks()
    flightsExploreBenchmarks()
    flightsSearchBenchmarks()
    databaseBenchmarks()
    clusterBenchmarks()
    webFileBenchmarks()

    // Sorting a million rows, beside the standard library sorting the bare keys.
    let million = 1_000_000
    let intKeys = (0..<million).map { FileRow($0).size }
    let stringKeys = (0..<million).map { FileRow($0).name }
    let sortConfiguration = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 10)
    Benchmark("sort baseline stdlib ints", configuration: sortConfiguration) { benchmark in
        var keys = intKeys
        benchmark.startMeasurement()
        keys.sort()
        benchmark.stopMeasurement()
        blackHole(keys)
    }
    Benchmark("sort baseline stdlib strings", configuration: sortConfiguration) { benchmark in
        var keys = stringKeys
        benchmark.startMeasurement()
        keys.sort()
        benchmark.stopMeasurement()
        blackHole(keys)
    }
    // Finder order (case-insensitive, numbers as numbers) against the standard library's own
    // order on the same names: the byte keys that make Finder's order are part of the sort.
    Benchmark("sort table finder names (reads keys of lazy rows)", configuration: sortConfiguration) { benchmark in
        var table = TableState(rows: GeneratedRows(count: million) { LazyFileRow($0) }, columns: [
            TableColumn("Name", width: .clamping(ideal: 200), textOrder: .finder) { .string($0.name) },
        ])
        benchmark.startMeasurement()
        try? table.chooseHeading(0)
        benchmark.stopMeasurement()
        blackHole(table)
    }
    // The same, its keys read by an earlier sort (reversing reads none): the sort alone.
    Benchmark("sort table finder names (keys read)", configuration: sortConfiguration) { benchmark in
        var table = TableState(rows: GeneratedRows(count: million) { LazyFileRow($0) }, columns: [
            TableColumn("Name", width: .clamping(ideal: 200), textOrder: .finder) { .string($0.name) },
        ])
        try? table.chooseHeading(0)
        benchmark.startMeasurement()
        try? table.chooseHeading(0)
        benchmark.stopMeasurement()
        blackHole(table)
    }
    for (column, label) in [(2, "ints"), (0, "strings")] {
        // Keys read from rows that make only the field asked for: the sort's own cost of reading.
        Benchmark("sort table \(label) (reads keys of lazy rows)", configuration: sortConfiguration) { benchmark in
            var table = makeLazyTable(rows: million)
            benchmark.startMeasurement()
            try? table.chooseHeading(column == 2 ? 1 : 0)
            benchmark.stopMeasurement()
            blackHole(table)
        }
        Benchmark("sort table \(label) (reads keys)", configuration: sortConfiguration) { benchmark in
            var table = makeTable(rows: million)
            benchmark.startMeasurement()
            try? table.chooseHeading(column)
            benchmark.stopMeasurement()
            blackHole(table)
        }
        Benchmark("sort table \(label) (keys read)", configuration: sortConfiguration) { benchmark in
            var table = makeTable(rows: million)
            try? table.chooseHeading(column)
            benchmark.startMeasurement()
            try? table.chooseHeading(column)
            benchmark.stopMeasurement()
            blackHole(table)
        }
    }

    struct Tree: OutlineSource, Sendable {
        func childCount(of parent: OutlinePath?) -> Int { (parent?.count ?? 0) == 0 ? 1 : ((parent?.count ?? 0) < 3 ? 1000 : 0) }
        func child(of parent: OutlinePath?, at index: Int) -> OutlinePath { (parent ?? []) + [index] }
        func descendantCount(of node: OutlinePath) -> Int { node.count == 1 ? 1_001_000 : (node.count == 2 ? 1000 : 0) }
    }
    Benchmark("outline expand 1,000,000 descendants and render") { benchmark in
        var view = OutlineView(OutlineState(source: Tree()), theme: theme) { $0.map(String.init).joined(separator: ".") }
        var canvas = Canvas(cells: Buffer(columns: 120, rows: 40))
        view.render(in: canvas.bounds, into: &canvas, at: 0)
        // Node [0] exists in this tree: expanding it cannot fail.
        try? view.state.expand([0], descendants: true)
        view.render(in: canvas.bounds, into: &canvas, at: 0)
        var renderer = Renderer(colorMode: .palette256)
        blackHole(renderer.render(canvas.cells))
    }

    Benchmark("physics tick decelerating", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var s = ScrollState(viewport: Size(width: 960, height: 640), content: Size(width: 960, height: 16_000_000))
        try? s.setOffset(Point(x: 0, y: 8_000_000), time: 0)
        s.beginDrag(at: Point(x: 10, y: 600), time: 0)
        s.drag(to: Point(x: 10, y: 300), time: 0.05)
        s.endDrag(time: 0.05)
        var t = 0.05
        for _ in benchmark.scaledIterations {
            t += 1e-6
            s.tick(at: t)
        }
        blackHole(s)
    }
    Benchmark("physics tick bouncing", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var s = ScrollState(viewport: Size(width: 960, height: 640), content: Size(width: 960, height: 16_000))
        s.beginDrag(at: Point(x: 10, y: 0), time: 0)
        s.drag(to: Point(x: 10, y: 300), time: 0.05)
        s.endDrag(time: 0.06)
        var t = 0.06
        for _ in benchmark.scaledIterations {
            t += 1e-7
            s.tick(at: t)
        }
        blackHole(s)
    }

    Benchmark("input decoder 1 MB mix", configuration: .init(metrics: [.wallClock, .mallocCountTotal, .throughput])) { benchmark in
        var decoder = InputDecoder()
        var count = 0
        var offset = 0
        while offset < inputMix.count {
            let end = min(inputMix.count, offset + 4096)
            count += decoder.feed(inputMix[offset..<end], at: 0).count
            offset = end
        }
        blackHole(count)
    }

    Benchmark("page control layout 1,000,000 pages", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var control = PageControlState(clampingPageCount: 1_000_000)
        for i in benchmark.scaledIterations {
            control.currentPage = (i &* 7919) % 1_000_000
            blackHole(control.layout())
        }
    }
}
