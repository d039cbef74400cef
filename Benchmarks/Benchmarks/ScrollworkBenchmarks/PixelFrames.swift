import Benchmark
import Scrollwork
import ScrollworkWidgets
import ScrollworkPixels
import ScrollworkTerminal

/// A screen that is one table of generated files.
struct TableScreen: WidgetApp {
    var content: TableView<FileRow>
    var wantsQuit = false
}

/// Page-down frames of a table drawn by the pixel host offscreen, at a phone's size in points
/// and at 1 and 3 pixels a point (1170 × 2532 pixels at 3): render, lay out, shape the text and
/// fill the image, beside the 8.3 ms a frame has at 120 Hz.
func pixelBenchmarks() {
    for scale in [1.0, 3.0] {
        let pixels = "\(Int(390 * scale)) × \(Int(844 * scale))"
        Benchmark("pixel frame table page down \(pixels) at scale \(Int(scale))",
                  configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))) { benchmark in
            var app = TableScreen(content: TableView(makeTable(rows: 1_000_000), theme: .standard(for: .trueColor)))
            let image = try PixelImage(width: Int(390 * scale), height: Int(844 * scale))
            let canvas = PixelCanvas(image: image, scale: scale)
            var time = 0.0
            canvas.draw(&app, at: time)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                time += 1
                app.content.state.list.scroll.perform(.pageDown, animated: false, time: time)
                canvas.draw(&app, at: time)
            }
        }
    }
    // A flick frame in a desktop window: 1280 × 800 points at 2 pixels a point, the frame a
    // flick's momentum draws a twelfth of a second after the release, beside the 8.3 ms a
    // frame has at 120 Hz (each sample is one such frame; the p99 is the figure to read).
    Benchmark("pixel flick frame table 2560 × 1600 at scale 2",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 200)) { benchmark in
        var app = TableScreen(content: TableView(makeTable(rows: 1_000_000), theme: .standard(for: .trueColor)))
        let image = try PixelImage(width: 2560, height: 1600)
        let canvas = PixelCanvas(image: image, scale: 2)
        var time = 0.0
        canvas.draw(&app, at: time)
        // A fast drag up the table, released: the momentum carries on.
        var scroll = app.content.state.list.scroll
        scroll.beginDrag(at: Point(x: 400, y: 700), time: time)
        for step in 1...6 {
            time += 1.0 / 120
            scroll.drag(to: Point(x: 400, y: 700 - Double(step) * 80), time: time)
        }
        scroll.endDrag(time: time)
        app.content.state.list.scroll = scroll
        for _ in 0..<10 {
            time += 1.0 / 120
            app.content.state.list.scroll.tick(at: time)
            canvas.draw(&app, at: time)
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            time += 1.0 / 120
            app.content.state.list.scroll.tick(at: time)
            canvas.draw(&app, at: time)
        }
    }
}
