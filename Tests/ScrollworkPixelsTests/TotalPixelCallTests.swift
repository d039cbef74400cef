#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkTestSupport
@testable import ScrollworkPixels
@testable import ScrollworkWidgets
import ScrollworkTerminal
import Testing

/// The pixel host and the model's pixel-host additions called with extreme values of their
/// parameters' types, each group in its own process: each call clamps or throws, none traps.
@Suite struct TotalPixelCallTests {
    @Test("images, canvases, frames and colours at any size, scale and channel value")
    func drawingAtExtremes() async {
        await #expect(processExitsWith: .success) {
            for (w, h) in [(Int.min, 1), (0, 5), (-1, -1), (16_385, 2), (Int.max, Int.max)] {
                do { _ = try PixelImage(width: w, height: h); fatalError("\(w) × \(h) was accepted") } catch {}
            }
            do { _ = try PixelImage(png: "/nonexistent/\u{0}/x.png"); fatalError("a missing PNG was read") } catch {}
            let extremes: [Double] = [.nan, .infinity, -.infinity, 0, -1, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
            for v in extremes {
                _ = PixelFrame.cells(for: Size(width: v, height: -v))
                _ = PixelFrame.pixels(for: Size(width: v, height: 10), scale: v)
                let colour = PixelColor(red: v, green: -v, blue: v, alpha: v).withAlpha(v).mixed(with: .init(1, 2, 3), v)
                precondition((0...1).contains(colour.alpha) && (0...1).contains(colour.red))
                if let image = try? PixelImage(width: 16, height: 16) {
                    let canvas = PixelCanvas(image: image, scale: v)
                    precondition(canvas.scale.isFinite && canvas.scale > 0)
                    var app = Harness(content: linesView(columns: 3, rows: 2))
                    _ = canvas.draw(&app, at: v)
                    _ = image.pixel(x: Int.min, y: Int.max)
                    _ = image.difference(from: image, tolerance: Int.min)
                }
                var app = Harness(content: linesView(columns: 3, rows: 2))
                _ = try? PixelFrame.render(&app, size: Size(width: v, height: v), scale: v, at: v)
                var window = PixelWindow(title: "", size: Size(width: v, height: v), scale: v)
                precondition(window.size.width.isFinite && window.scale.map { $0.isFinite && $0 > 0 } != false)
                window.minimumSize = Size(width: v, height: -v)
                let least = window.leastSize
                precondition((64...window.size.width).contains(least.width) && (64...window.size.height).contains(least.height), "\(least)")
            }
            for n in [UInt8.min, 15, 16, 231, 232, UInt8.max] {
                _ = PixelPalette.dark.resolve(.palette(n), isForeground: true)
                _ = PixelPalette.light.resolve(.ansi(n), isForeground: false)
            }
        }
    }

    @Test("pointer positions inside cells, wheel notches and moved offsets at any value")
    func inputAtExtremes() async {
        await #expect(processExitsWith: .success) {
            let extremes: [Double] = [.nan, .infinity, -.infinity, -1e300, 1e300, .greatestFiniteMagnitude, -0.0]
            var list = Harness(content: linesView(columns: 10, rows: 5))
            var dots = Harness(content: PageControlView(PageControlState(clampingPageCount: 1_000_000)))
            let size = Size(width: 80, height: 80)
            let context = PointContext(size: size) { _ in .cells(CellMetrics()) }
            var canvas = Canvas(cells: Buffer(columns: 10, rows: 5), metrics: CellMetrics(), size: size, pointContext: context)
            _ = list.render(into: &canvas, at: 0)
            _ = dots.render(into: &canvas, at: 0)
            for v in extremes {
                var mouse = MouseEvent(.press, at: Point(x: v, y: -v), wheelNotches: v)
                precondition(mouse.wheelNotches.isFinite && mouse.location.isFinite)
                mouse.location = Point(x: v, y: v)
                mouse.wheelNotches = v
                precondition(mouse.wheelNotches.isFinite && mouse.x.isFinite && mouse.y.isFinite)
                for kind in [MouseEvent.Kind.press, .drag, .release, .wheel(.down), .wheel(.left)] {
                    var event = mouse
                    event.kind = kind
                    _ = list.handle(.mouse(event), at: 1)
                    _ = dots.handle(.mouse(event), at: 1)
                }
                _ = CellMetrics().point(of: mouse, in: CellRect(column: .min, row: .max, columns: .max, rows: .max))
                var copy = list.content
                // A value the state refuses leaves the offset where it was; the view draws either way.
                do { try copy.scroll.setOffset(Point(x: v, y: v), time: 2) } catch {}
                var marks = Canvas(cells: Buffer(columns: 10, rows: 5), metrics: CellMetrics(), size: size, pointContext: context)
                copy.render(in: marks.bounds, into: &marks, at: 2)
                if let image = try? PixelImage(width: 80, height: 80) { PixelCanvas(image: image).draw(marks) }
            }
        }
    }
}
#endif
