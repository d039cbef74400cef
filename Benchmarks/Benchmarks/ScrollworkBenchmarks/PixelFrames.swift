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
        // The same frames with the table in cells (a monospaced grid), as before it drew in
        // points: what the proportional text path costs, measured in the same run.
        for inPoints in [true, false] {
            let pixels = "\(Int(390 * scale)) × \(Int(844 * scale))"
            Benchmark("pixel frame table page down \(pixels) at scale \(Int(scale))\(inPoints ? "" : " in cells")",
                      configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5))) { benchmark in
                var app = TableScreen(content: TableView(makeTable(rows: 1_000_000), theme: .standard(for: .trueColor)))
                let image = try PixelImage(width: Int(390 * scale), height: Int(844 * scale))
                let canvas = PixelCanvas(image: image, scale: scale)
                canvas.drawsInPoints = inPoints
                var time = 0.0
                canvas.draw(&app, at: time)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    time += 1
                    app.content.table.list.scroll.perform(.pageDown, animated: false, time: time)
                    canvas.draw(&app, at: time)
                }
            }
        }
    }
}
