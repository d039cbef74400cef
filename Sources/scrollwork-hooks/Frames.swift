import ArgumentParser
import Scrollwork
import ScrollworkWidgets
import ScrollworkTerminal
import ScrollworkGallery

/// Draws a fixed number of gallery frames off-screen through the real renderer, for measuring
/// what one frame costs (`scripts/bench --instructions` runs it under callgrind twice, with and
/// without the frames, and divides the difference).
struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw frames of a gallery workload off-screen and print the bytes they write (for measuring frame cost).",
        discussion: """
            Workloads, each on a 120 × 40 screen with 256 colours:
              page-down   Page Down on the table page (1,000,000 rows, Reduce Motion)
              line-down   the table page scrolled a row at a time by the focused row moving down
              flick       frames of a flick on the scroll view page, flicked again when it settles
              outline     Page Down through the outline page with every node expanded
              wide-page-down  Page Down on the table page with 495 more columns (500 in all)
              wide-sideways   that wide table scrolled sideways, a wheel step right a frame
            The setup (building the gallery, the first frame) is the same for every --count,
            so the cost of N frames is a run with --count N minus a run with --count 0.
            """)

    /// What each frame does.
    enum Workload: String, ExpressibleByArgument, CaseIterable {
        case pageDown = "page-down", lineDown = "line-down", flick, outline, widePageDown = "wide-page-down", wideSideways = "wide-sideways"
    }

    @Argument(help: "The workload: page-down, line-down, flick, outline, wide-page-down or wide-sideways.")
    var workload: Workload

    @Option(help: "How many frames to draw after the setup (0–100000).")
    var count = 100

    @Option(help: "The columns of the wide table (5–10000): its frames cost the same for any number past those on screen.")
    var wideColumns = FrameDriver.wideColumns

    func validate() throws {
        guard (0...100_000).contains(count) else { throw ValidationError("--count \(count) must be 0–100000") }
        guard (5...10_000).contains(wideColumns) else { throw ValidationError("--wide-columns \(wideColumns) must be 5–10000") }
    }

    func run() throws {
        var driver = FrameDriver(workload: workload, wideColumns: wideColumns)
        var bytes = 0
        for _ in 0..<count { bytes += driver.nextFrame() }
        print("\(workload.rawValue): \(count) frames, \(bytes) bytes written")
    }
}

/// The gallery, its renderer and the clock of one ``Frames`` workload: the terminal host's
/// frame without the terminal, through the same `Driver` its loop runs.
struct FrameDriver {
    static let columns = 120, rows = 40
    var driver: Driver<GalleryApp, ManualWork>
    /// The gallery.
    var app: GalleryApp {
        get { driver.app }
        _modify { yield &driver.app }
    }
    var renderer = Renderer(colorMode: .palette256)
    var time = 0.0
    let workload: Frames.Workload
    /// Frames since the last flick.
    var sinceFlick = 0

    init(workload: Frames.Workload, wideColumns: Int = Self.wideColumns) {
        self.workload = workload
        let mode = ColorMode.palette256
        let page: GalleryApp.PageKind = switch workload {
        case .pageDown, .lineDown, .widePageDown, .wideSideways: .table
        case .flick: .scrollView
        case .outline: .outline
        }
        let style = GalleryStyle(theme: .standard(for: mode), colorMode: mode, idiom: .iOS, reducesMotion: workload != .flick)
        let wide = workload == .widePageDown || workload == .wideSideways
        driver = Driver(GalleryApp(page: page, style: style, extraTableColumns: wide ? wideColumns - 5 : 0), work: ManualWork())
        _ = driver.deliver(.resize(columns: Self.columns, rows: Self.rows), at: 0)
        _ = draw()
        switch workload {
        case .lineDown:
            // Focus the first row and walk the focus to the last visible one: from there every
            // Down scrolls the table by one row.
            for _ in 0..<Self.rows { send(.key(KeyEvent(.down))) }
        case .outline:
            // Focus the first node and expand it with everything below it (Alt+→).
            send(.key(KeyEvent(.down)))
            send(.key(KeyEvent(.right, .alt)))
        case .pageDown, .flick, .widePageDown, .wideSideways:
            break
        }
    }

    /// The columns of the wide table, unless told.
    static let wideColumns = 500

    /// Sends `event` now and draws.
    mutating func send(_ event: Event) {
        _ = driver.deliver(event, at: time)
        _ = draw()
    }

    /// Advances one 60 Hz frame with the workload's input; returns the bytes the frame wrote.
    mutating func nextFrame() -> Int {
        time += 1.0 / 60
        switch workload {
        case .pageDown, .widePageDown:
            _ = driver.deliver(.key(KeyEvent(.pageDown)), at: time)
        case .wideSideways:
            _ = driver.deliver(.mouse(MouseEvent(.wheel(.right), column: Self.columns / 2, row: Self.rows / 2)), at: time)
        case .lineDown:
            _ = driver.deliver(.key(KeyEvent(.down)), at: time)
        case .outline:
            _ = driver.deliver(.key(KeyEvent(.pageDown)), at: time)
        case .flick:
            if sinceFlick == 0 || !driver.isAnimating { flick(); sinceFlick = 0 }
            sinceFlick += 1
        }
        return draw()
    }

    /// A quick upward drag in the middle of the scroll view, released while moving.
    private mutating func flick() {
        let column = Self.columns / 2
        let start = 30, step = 4
        _ = driver.deliver(.mouse(MouseEvent(.press, button: .left, column: column, row: start)), at: time)
        for i in 1...3 {
            time += 0.008
            _ = driver.deliver(.mouse(MouseEvent(.drag, button: .left, column: column, row: start - i * step)), at: time)
        }
        _ = driver.deliver(.mouse(MouseEvent(.release, button: .left, column: column, row: start - 3 * step)), at: time)
    }

    /// Ticks, draws into a recycled buffer and renders, as the terminal's loop does; returns the
    /// bytes written.
    private mutating func draw() -> Int {
        var canvas = Canvas(cells: renderer.nextBuffer(columns: Self.columns, rows: Self.rows))
        _ = driver.drawFrame(into: &canvas, at: time)
        return renderer.render(canvas.cells, cursorPosition: driver.cursorPosition.map { canvas.metrics.cell(at: $0) }).count
    }
}
