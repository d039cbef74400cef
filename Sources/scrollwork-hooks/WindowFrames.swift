#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import ArgumentParser
import CSDL2
import Scrollwork
import ScrollworkGallery
import ScrollworkPixels
import ScrollworkWidgets

/// Draws gallery frames in a real window and times each part of every frame, from the event to
/// the pixels handed to the display (`scripts/bench --window` runs it under Xvfb, once as the
/// window draws now and once drawing and sending every frame whole, as it did before).
struct WindowFrames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window-frames",
        abstract: "Time gallery frames in a real window: the event and layout, drawing, sending the pixels, presenting.",
        discussion: """
            Workloads, on the table page (1,000,000 rows) in the macOS idiom:
              flick       a fast drag up the table, released; its momentum's frames, flicked again every 90 frames
              page-down   Page Down with Reduce Motion: a new page every frame
              sort        a click on the Name heading every 60 frames (reversing the order; one still running is
                          replaced), the frames drawn while the sort runs on a core of its own
            Prints each part's median and 99th percentile in milliseconds, and the pixels sent a frame.
            """)

    enum Workload: String, ExpressibleByArgument, CaseIterable {
        case flick, pageDown = "page-down", sort
    }

    @Argument(help: "The workload: flick, page-down or sort.")
    var workload: Workload

    @Option(help: "The window's width in points (320–4000).")
    var width = 1280

    @Option(help: "The window's height in points (240–4000).")
    var height = 800

    @Option(help: "Pixels a point (1–4).")
    var scale = 2

    @Option(help: "How many frames to time (10–100000).")
    var frames = 300

    @Flag(help: "Print the pixels each frame sent.")
    var verbose = false

    @Flag(help: "After the frames, read the window back from the display (X11; the screen must hold the whole window) and fail unless it shows the frame as drawn whole.")
    var check = false

    @Flag(help: "Draw and send every frame whole, through SDL's software renderer's texture, as the window did before it sent only what changed.")
    var whole = false

    func validate() throws {
        guard (320...4000).contains(width), (240...4000).contains(height) else { throw ValidationError("--width and --height must be 320–4000 and 240–4000 points") }
        guard (1...4).contains(scale) else { throw ValidationError("--scale \(scale) must be 1–4") }
        guard (10...100_000).contains(frames) else { throw ValidationError("--frames \(frames) must be 10–100000") }
    }

    func run() throws {
        let display = try WindowDisplay(title: "scrollwork-hooks window-frames", width: width * scale, height: height * scale,
                                        minimum: (64, 64), texture: whole)
        let surface = try display.surface(requestedScale: Double(scale), metrics: CellMetrics(), style: PixelStyle())
        surface.drawsWhole = whole
        let style = GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .macOS, reducesMotion: workload == .pageDown)
        guard let runner = WorkRunner() else { throw ValidationError("no thread for the sort") }
        defer { runner.cancelAll() }
        var driver = Driver(GalleryApp(page: .table, style: style), work: runner)
        var time = 0.0
        _ = driver.deliver(.resize(columns: surface.columns, rows: surface.rows), at: time)
        var parts = FrameParts()
        var input = WorkloadInput(workload: workload, size: Size(width: Double(width), height: Double(height)))
        for frame in -10..<frames {
            time += 1.0 / 120
            // Safe: SDL fills the local event it is lent, which is only drained here.
            var event = unsafe SDL_Event()
            while unsafe SDL_PollEvent(&event) != 0 {}
            let start = MonotonicClock.now()
            // Input once the first frame has laid the page out, as a person's comes.
            if frame > -10 { input.next(&driver, at: &time) }
            _ = driver.deliverWork(at: time)
            var canvas = surface.nextCanvas()
            _ = driver.drawFrame(into: &canvas, at: time)
            let laidOut = MonotonicClock.now()
            let sent = surface.timedShow(canvas, palette: .dark, style: PixelStyle(), clock: MonotonicClock.now)
            // The first frames fill caches (fonts, glyphs): not timed.
            if frame >= 0 { parts.add(layout: laidOut - start, sent) }
            if verbose {
                let total = (laidOut - start + sent.draw + sent.upload + sent.present) * 1000
                let moved = sent.moved.map { "\($0) moved\(sent.movedOnDisplay ? " on the display" : "")" } ?? "no move"
                print("frame \(frame): \(sent.pixels) pixels sent in \((total * 100).rounded() / 100) ms; \(moved), drawn \(sent.drawn)")
            }
        }
        print(parts.report(workload: workload.rawValue, whole: whole, pixels: (width * scale, height * scale)))
        if check {
            // Text moved by whole pixels may differ from text drawn there afresh by a few levels
            // on a glyph's edge, where Cairo rounds: a few such pixels pass, nothing else does.
            guard let differing = surface.pixelsShownOtherwise(tolerance: 16) else { throw ValidationError("the window's pixels cannot be read back here") }
            print("on screen: \(differing.beyondTolerance) pixels differ from the frame drawn whole by more than 16 levels, \(differing.all) at all")
            if differing.beyondTolerance > 0 || differing.all > width * height * scale * scale / 2000 { throw ExitCode.failure }
        }
    }
}

/// What each frame of a ``WindowFrames`` workload does before it is drawn.
struct WorkloadInput {
    let workload: WindowFrames.Workload
    let size: Size
    /// Frames since the last flick or sort began.
    var since = 0

    mutating func next<S: WorkScheduler>(_ driver: inout Driver<GalleryApp, S>, at time: inout Double) {
        since += 1
        switch workload {
        case .pageDown:
            _ = driver.deliver(.key(KeyEvent(.pageDown)), at: time)
        case .flick:
            // Again every 90 frames (three quarters of a second), before the last flick settles.
            guard since == 1 || since > 90 else { return }
            since = 1
            let x = size.width / 3, y = size.height * 0.8
            _ = driver.deliver(.mouse(MouseEvent(.press, button: .left, at: Point(x: x, y: y))), at: time)
            for step in 1...6 {
                time += 1.0 / 120
                _ = driver.deliver(.mouse(MouseEvent(.drag, button: .left, at: Point(x: x, y: y - Double(step) * 60))), at: time)
            }
            _ = driver.deliver(.mouse(MouseEvent(.release, button: .left, at: Point(x: x, y: y - 360))), at: time)
        case .sort:
            // A click on the first heading every 60 frames: each reverses the order.
            guard since == 1 || since > 60 else { return }
            since = 1
            let heading = Point(x: 60, y: 46)
            _ = driver.deliver(.mouse(MouseEvent(.press, button: .left, at: heading)), at: time)
            _ = driver.deliver(.mouse(MouseEvent(.release, button: .left, at: heading)), at: time)
        }
    }
}

/// Each timed frame's parts, in seconds, and the pixels it sent.
struct FrameParts {
    var layout: [Double] = [], draw: [Double] = [], upload: [Double] = [], present: [Double] = [], total: [Double] = []
    var pixels = 0

    mutating func add(layout: Double, _ sent: WindowSurface.ShowTimes) {
        self.layout.append(layout)
        draw.append(sent.draw)
        upload.append(sent.upload)
        present.append(sent.present)
        total.append(layout + sent.draw + sent.upload + sent.present)
        pixels += sent.pixels
    }

    func report(workload: String, whole: Bool, pixels size: (Int, Int)) -> String {
        func ms(_ values: [Double], _ q: Double) -> String {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return "-" }
            let v = sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded(.up)))]
            return String(Int((v * 1e5).rounded())) .paddedMilliseconds
        }
        var lines = ["\(workload) \(size.0)x\(size.1) \(whole ? "whole" : "damage") frames=\(total.count) pixels-per-frame=\(pixels / Swift.max(1, total.count))"]
        for (name, values) in [("layout", layout), ("draw", draw), ("upload", upload), ("present", present), ("total", total)] {
            lines.append("\(name) p50=\(ms(values, 0.5)) p99=\(ms(values, 0.99))")
        }
        return lines.joined(separator: "\n")
    }
}

private extension String {
    /// Hundredths of a millisecond, as milliseconds with two decimals.
    var paddedMilliseconds: String {
        let digits = count < 3 ? String(repeating: "0", count: 3 - count) + self : self
        return "\(digits.dropLast(2)).\(digits.suffix(2))"
    }
}
#endif
