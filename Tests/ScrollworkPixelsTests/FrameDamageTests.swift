#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkTestSupport
@testable import ScrollworkPixels
@testable import ScrollworkWidgets
import ScrollworkTerminal
@testable import ScrollworkGallery
import Testing

/// A window draws each frame only where it changed, moving what a scroll moved by copying its
/// pixels: the image it ends with is the frame drawn whole, pixel for pixel, and it draws less.
@Suite struct FrameDamageTests {
    /// What a workload did: each frame's damage, and the share of the image drawn in all.
    struct Run {
        var damages: [FrameDamage] = []
        var drawn = 0.0
        var moves: Int { damages.filter { $0.move != nil }.count }
    }

    /// A gallery page in a window of `size` points at `scale`, its frames as the window's loop
    /// draws them: each drawn whole on one canvas and where it changed on another, the two
    /// images compared after every frame.
    func compareFrames(page: GalleryApp.PageKind, scale: Double, frames: Int, size: Size = Size(width: 640, height: 400),
                       step: (inout GalleryApp, Int, inout Double) -> Void) throws -> Run {
        let style = GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .macOS, reducesMotion: false)
        var app = GalleryApp(page: page, style: style, tableRows: 100_000)
        let (width, height) = PixelFrame.pixels(for: size, scale: scale)
        let whole = PixelCanvas(image: try PixelImage(width: width, height: height), scale: scale)
        let incremental = IncrementalCanvas(PixelCanvas(image: try PixelImage(width: width, height: height), scale: scale))
        let cells = whole.cells
        _ = app.handle(.resize(columns: cells.columns, rows: cells.rows), at: 0)
        var run = Run()
        var time = 0.0
        for frame in 0...frames {
            if frame > 0 { step(&app, frame, &time) }
            time += 1.0 / 60
            _ = app.tick(at: time)
            var canvas = whole.makeCanvas()
            _ = app.render(into: &canvas, at: time)
            whole.draw(canvas)
            let damage = incremental.draw(canvas, palette: whole.palette, style: whole.style)
            run.damages.append(damage)
            if frame > 0 { run.drawn += damage.areas.reduce(0) { $0 + $1.width * $1.height } / Double(width * height) / Double(frames) }
            // Text moved by whole pixels is the same text, though Cairo may round a glyph's edge
            // a shade differently where it draws it afresh: a few pixels, a few levels apart.
            let difference = incremental.canvas.image.difference(from: whole.image)
            let close = difference.largest <= 16 && difference.pixels <= width * height / 2000
            #expect(close, "frame \(frame) of \(page) at \(scale)×: \(difference.pixels) pixels differ, by up to \(difference.largest); \(damage)")
            if !close { break }
        }
        return run
    }

    /// A quick drag up at `point`, released while moving: a flick.
    static func flick(_ app: inout GalleryApp, at point: Point, time: inout Double) {
        _ = app.handle(.mouse(MouseEvent(.press, button: .left, at: point)), at: time)
        for step in 1...4 {
            time += 0.008
            _ = app.handle(.mouse(MouseEvent(.drag, button: .left, at: Point(x: point.x, y: point.y - Double(step) * 30))), at: time)
        }
        _ = app.handle(.mouse(MouseEvent(.release, button: .left, at: Point(x: point.x, y: point.y - 120))), at: time)
    }

    @Test("a table flicked, scrolled by the wheel and paged is drawn as its whole frames, its rows moved as pixels", arguments: [1.0, 2.0, 1.5])
    func table(scale: Double) throws {
        let run = try compareFrames(page: .table, scale: scale, frames: 40) { app, frame, time in
            switch frame {
            case 1: Self.flick(&app, at: Point(x: 200, y: 300), time: &time)
            case 20...24: _ = app.handle(.mouse(MouseEvent(.wheel(.down), button: .none, at: Point(x: 200, y: 200))), at: time)
            case 30: _ = app.handle(.key(KeyEvent(.pageDown)), at: time)
            case 35: _ = app.handle(.key(KeyEvent(.down)), at: time)
            default: break
            }
        }
        // At whole pixels a scroll moves pixels; at 1.5 the rows still land on whole pixels.
        #expect(run.moves >= 8, "\(run.moves) frames moved pixels")
        #expect(run.drawn < 0.5, "drew \(run.drawn) of the image a frame")
    }

    @Test("every page of the gallery, flicked, keyed and hovered, is drawn as its whole frames", arguments: GalleryApp.PageKind.allCases)
    func pages(page: GalleryApp.PageKind) throws {
        for scale in [1.0, 2.0] {
            _ = try compareFrames(page: page, scale: scale, frames: 30) { app, frame, time in
                switch frame {
                case 1: Self.flick(&app, at: Point(x: 160, y: 300), time: &time)
                case 12: _ = app.handle(.key(KeyEvent(.down)), at: time)
                case 14: _ = app.handle(.key(KeyEvent(.right)), at: time)
                case 16: _ = app.handle(.key(KeyEvent(.pageDown)), at: time)
                case 18: _ = app.handle(.mouse(MouseEvent(.move, button: .none, at: Point(x: 300, y: 150))), at: time)
                case 20: _ = app.handle(.key(KeyEvent(.tab)), at: time)
                default: break
                }
            }
        }
    }

    @Test("a context menu opened over the table, its shadow and all, and closed again is drawn as its whole frames")
    func menu() throws {
        _ = try compareFrames(page: .table, scale: 2, frames: 12) { app, frame, time in
            switch frame {
            case 2: _ = app.handle(.mouse(MouseEvent(.press, button: .right, at: Point(x: 200, y: 150))), at: time)
            case 3: _ = app.handle(.mouse(MouseEvent(.release, button: .right, at: Point(x: 200, y: 150))), at: time)
            case 5: _ = app.handle(.key(KeyEvent(.down)), at: time)
            case 8: _ = app.handle(.key(KeyEvent(.escape)), at: time)
            default: break
            }
        }
    }

    @Test("a table left alone draws only its indicator as it fades, then nothing and sends nothing")
    func unchanged() throws {
        let run = try compareFrames(page: .table, scale: 2, frames: 240) { _, _, _ in }
        #expect(run.damages.first?.areas == [Rect(x: 0, y: 0, width: 1280, height: 800)], "the first frame is drawn whole")
        let indicator = run.damages.dropFirst().flatMap(\.areas)
        #expect(!indicator.isEmpty && indicator.allSatisfy { $0.width <= 40 }, "only the indicator's strip: \(Set(indicator))")
        #expect(run.damages.suffix(30).allSatisfy { $0.isEmpty })
    }

    @Test("rows of cells a widget moved are moved as pixel rows, only the band they expose drawn")
    func cellRowsMoved() throws {
        let metrics = CellMetrics()
        let size = Size(width: 320, height: 320)
        func frame(first: Int) -> Canvas {
            var canvas = Canvas(cells: Buffer(columns: 40, rows: 20), metrics: metrics, size: size,
                                pointContext: PointContext(size: size, pixelsPerPoint: 2) { _ in .cells(metrics) })
            for y in 0..<20 { canvas.cells.draw("line \(first + y) ████", column: 0, row: y, style: Style()) }
            if first > 0 { canvas.cells.noteMovedRows(top: 0, bottom: 19, distance: 3) }
            return canvas
        }
        let damage = FrameDamage.between(frame(first: 0), frame(first: 3), scale: 2, width: 640, height: 640)
        #expect(damage.move == FrameDamage.Move(area: Rect(x: 0, y: 0, width: 640, height: 544), distance: 96))
        // The three rows exposed at the bottom, the block's edge rows and their neighbours.
        #expect(damage.areas.reduce(0) { $0 + $1.height } <= 32 * 9)
        let whole = PixelCanvas(image: try PixelImage(width: 640, height: 640), scale: 2)
        let incremental = IncrementalCanvas(PixelCanvas(image: try PixelImage(width: 640, height: 640), scale: 2))
        for first in [0, 3] {
            whole.draw(frame(first: first))
            incremental.draw(frame(first: first), palette: whole.palette, style: whole.style)
            let difference = incremental.canvas.image.difference(from: whole.image)
            #expect(difference.pixels == 0)
        }
    }

    @Test("areas that overlap are drawn and sent as one, and more than sixteen as their bounds")
    func merging() {
        let merged = FrameDamage.merged([Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 5, width: 10, height: 10), Rect(x: 40, y: 40, width: 2, height: 2)])
        #expect(merged.count == 2)
        #expect(merged.contains(Rect(x: 0, y: 0, width: 15, height: 15)))
        // A strip down the side of a band across stays apart from it.
        let strip = FrameDamage.merged([Rect(x: 0, y: 90, width: 100, height: 10), Rect(x: 95, y: 0, width: 5, height: 100)])
        #expect(strip.count == 2)
        let many = FrameDamage.merged((0..<20).map { Rect(x: Double($0) * 10, y: 0, width: 5, height: 5) })
        #expect(many == [Rect(x: 0, y: 0, width: 195, height: 5)])
    }

    @Test("a move is cut to the image and never reads outside it")
    func moveAtEdges() throws {
        let image = try PixelImage(width: 8, height: 8)
        for distance in [Int.min, -100, -3, 3, 100, Int.max] {
            image.move(FrameDamage.Move(area: Rect(x: -5, y: -5, width: 100, height: 100), distance: distance == Int.min || distance == Int.max ? distance / 2 : distance))
        }
        image.move(FrameDamage.Move(area: Rect(x: 2, y: 2, width: 2, height: 2), distance: 1))
        #expect(image.pixel(x: 0, y: 0).alpha == 0)
    }
}
#endif
