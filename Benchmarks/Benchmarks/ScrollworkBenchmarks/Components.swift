import Benchmark
import Scrollwork
import ScrollworkWidgets
import ScrollworkTerminal

/// The parts of one page down, timed apart: the core step, the widget drawing, the diff.
func componentBenchmarks() {
    Benchmark("part: page down core step") { benchmark in
        let fixture = TableFixture(rows: 1_000_000)
        benchmark.startMeasurement()
        for _ in 0..<20 {
            fixture.time += 1
            fixture.view.state.list.scroll.perform(.pageDown, animated: false, time: fixture.time)
        }
        benchmark.stopMeasurement()
    }
    Benchmark("part: table draw 120x40") { benchmark in
        let fixture = TableFixture(rows: 1_000_000)
        benchmark.startMeasurement()
        var canvas = Canvas(cells: Buffer(columns: 120, rows: 40))
        fixture.view.render(in: canvas.bounds, into: &canvas, at: 0)
        benchmark.stopMeasurement()
        blackHole(canvas.cells)
    }
    Benchmark("part: diff and encode a page") { benchmark in
        let a = TableFixture(rows: 1_000_000), b = TableFixture(rows: 1_000_000)
        b.view.state.list.scroll.perform(.pageDown, animated: false, time: 1)
        var first = Canvas(cells: Buffer(columns: 120, rows: 40)), second = Canvas(cells: Buffer(columns: 120, rows: 40))
        a.view.render(in: first.bounds, into: &first, at: 0)
        b.view.render(in: second.bounds, into: &second, at: 0)
        var renderer = Renderer(colorMode: .palette256)
        _ = renderer.render(first.cells)
        benchmark.startMeasurement()
        blackHole(renderer.render(second.cells))
        benchmark.stopMeasurement()
    }
    // Through the canvas, as widgets draw: a row a call.
    Benchmark("part: fill 120x40 cells") { benchmark in
        var canvas = Canvas(cells: Buffer(columns: 120, rows: 40))
        let style = Style(background: .rgb(40, 41, 48)), line = canvas.metrics.cellHeight
        benchmark.startMeasurement()
        for y in 0..<40 { canvas.fill(Rect(x: 0, y: Double(y) * line, width: canvas.bounds.width, height: line), style) }
        benchmark.stopMeasurement()
        blackHole(canvas.cells)
    }
    Benchmark("part: draw 40 rows of ascii text") { benchmark in
        var canvas = Canvas(cells: Buffer(columns: 120, rows: 40))
        let text = String(repeating: "scrollwork ", count: 11), line = canvas.metrics.cellHeight
        benchmark.startMeasurement()
        for y in 0..<40 { canvas.text(text, at: Point(x: 0, y: Double(y) * line)) }
        benchmark.stopMeasurement()
        blackHole(canvas.cells)
    }
    Benchmark("part: generate and cut 40 rows") { benchmark in
        let table = makeTable(rows: 1000)
        benchmark.startMeasurement()
        for i in 0..<40 {
            let row = FileRow(i)
            for c in 0..<4 { blackHole(table.cellLayout(of: row, column: c, width: 24)) }
        }
        benchmark.stopMeasurement()
    }
}
