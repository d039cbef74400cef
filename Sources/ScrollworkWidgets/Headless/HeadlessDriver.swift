import Scrollwork

/// Drives an ``App`` without a screen, in virtual time, through the same ``Driver`` a terminal
/// or a window runs: a test feeds it events, advances the clock, runs pending work when it
/// chooses (``runWork(_:)``), and reads what was drawn.
///
/// `Output` decides what a frame becomes: ``BufferOutput`` keeps the buffer the widgets drew;
/// the terminal host's `HeadlessTerminal` sends it through the real renderer to a virtual
/// terminal, so a test reads what a terminal would show.
public struct HeadlessDriver<A: App, Output: HeadlessOutput> {
    private var driver: Driver<A, ManualWork>
    /// Where frames go.
    public var output: Output
    /// The virtual clock, in seconds.
    public private(set) var time: Double = 0
    /// Frames per second while the app animates.
    public var framesPerSecond: Double = 60
    /// The size in cells.
    public private(set) var columns: Int
    /// The size in cells.
    public private(set) var rows: Int
    /// What the app last put on the clipboard.
    public private(set) var clipboard: String? = nil
    /// What the app last offered as the primary selection (text a person selected).
    public private(set) var primarySelection: String? = nil
    /// The window's title as the app last named it (``Effect/title(_:)``).
    public private(set) var title: String? = nil
    /// The last status line handed to the host (``Effect/status(_:)``).
    public private(set) var hostStatus: String? = nil
    /// The guideline diagnostics the driver reported (``HostAction/diagnostics(_:)``), in order.
    public private(set) var diagnostics: [Diagnostic] = []
    /// How many times Ctrl-Z suspended the app (each followed by a resize, as a terminal resumes).
    public private(set) var suspensions = 0
    /// Whether the app animated after the last frame, as the host saw it.
    public private(set) var isAnimating = false
    /// The app's wake time after the last frame, as the host saw it.
    public private(set) var wakeTime: Double? = nil
    /// The cell of the app's focus in the last frame (its ``App/cursorPosition`` on the grid).
    public private(set) var cursorPosition: CellPosition? = nil
    /// Whether the app wanted to end after the last event or frame.
    public private(set) var wantsQuit = false

    /// Starts `app` on a screen of `columns` × `rows` (each clamped to 0…``Buffer/maximumSide``)
    /// that shows frames on `output`, and draws the first frame.
    public init(_ app: A, columns: Int, rows: Int, output: Output) {
        driver = Driver(app, work: ManualWork())
        self.output = output
        self.columns = Swift.min(Swift.max(0, columns), Buffer.maximumSide)
        self.rows = Swift.min(Swift.max(0, rows), Buffer.maximumSide)
        self.output.resize(columns: self.columns, rows: self.rows)
        perform(driver.deliver(.resize(columns: self.columns, rows: self.rows), at: 0))
        draw()
    }

    /// The app under test.
    public var app: A {
        get { driver.app }
        _modify { yield &driver.app }
    }

    /// Work the app asked for that has not run: it runs only when a test calls ``runWork(_:)``.
    public var pendingWork: [Work] { driver.work.pending }

    /// Sends an event now and draws the next frame.
    public mutating func send(_ event: Event) {
        deliver([event])
        draw()
    }

    /// Delivers events now, without drawing.
    public mutating func deliver(_ events: [Event]) {
        for event in events { perform(driver.deliver(event, at: time)) }
        deliverWork()
    }

    /// Delivers every update waiting (a cancellation, a result): work that is kept waits for a
    /// test, so this ends.
    private mutating func deliverWork() {
        repeat { perform(driver.deliverWork(at: time)) } while driver.work.hasUpdates
    }

    /// Runs pending work now, on the test's thread: the oldest called `name`, or the oldest of
    /// all. The app receives its progress (a few steps of it) and then its result, and a frame is
    /// drawn. Returns false when no such work is pending.
    @discardableResult
    public mutating func runWork(_ name: String? = nil) -> Bool {
        guard driver.work.run(named: name) else { return false }
        deliverWork()
        draw()
        return true
    }

    /// The longest step ``advance(by:)`` takes, in virtual seconds: ten minutes of frames.
    public static var maximumAdvance: Double { 600 }

    /// Advances the clock by `seconds` (clamped to 0…``maximumAdvance``; NaN counts as 0), drawing
    /// at the frame rate while the app animates (and at its wake time), as a host's loop sleeps.
    public mutating func advance(by seconds: Double) {
        let end = time + (seconds.isNaN ? 0 : Swift.min(Swift.max(seconds, 0), Self.maximumAdvance))
        let rate = framesPerSecond.isFinite ? Swift.min(Swift.max(framesPerSecond, 1), 240) : 60
        while time < end {
            let wait = driver.waitTime(after: time, frameInterval: 1 / rate)
            time = Swift.min(end, wait.map { time + Swift.max($0, 0) } ?? end)
            if time < end, wait == 0 { time = end }
            deliver(output.flushInput(at: time))
            draw()
        }
    }

    /// Changes the screen's size, as a terminal's SIGWINCH or a window's resize would; sizes are
    /// clamped as ``Buffer`` clamps them.
    public mutating func resize(columns: Int, rows: Int) {
        self.columns = Swift.min(Swift.max(0, columns), Buffer.maximumSide)
        self.rows = Swift.min(Swift.max(0, rows), Buffer.maximumSide)
        output.resize(columns: self.columns, rows: self.rows)
        perform(driver.deliver(.resize(columns: self.columns, rows: self.rows), at: time))
        draw()
    }

    /// Draws a frame now and shows it on the output.
    public mutating func draw() {
        var canvas = Canvas(cells: output.nextBuffer(columns: columns, rows: rows))
        perform(driver.drawFrame(into: &canvas, at: time))
        cursorPosition = driver.cursorPosition.map { canvas.metrics.cell(at: $0) }
        isAnimating = driver.isAnimating
        wakeTime = driver.wakeTime
        wantsQuit = driver.wantsQuit
        output.show(canvas.cells, cursorPosition: cursorPosition)
    }

    private mutating func perform(_ actions: [HostAction]) {
        for action in actions {
            switch action {
            case let .copy(text): clipboard = text
            case let .select(text): primarySelection = text
            case let .title(text): title = text
            case let .status(text): hostStatus = text
            case let .diagnostics(found): diagnostics += found
            case .suspend:
                suspensions += 1
                perform(driver.deliver(.resize(columns: columns, rows: rows), at: time))
            }
        }
    }
}

/// Where a ``HeadlessDriver`` shows its frames, and the input that completes with time alone.
public protocol HeadlessOutput {
    /// A buffer of `columns` × `rows` to draw the next frame into.
    mutating func nextBuffer(columns: Int, rows: Int) -> Buffer
    /// Shows a drawn frame; `cursorPosition` is where the focus is.
    mutating func show(_ buffer: Buffer, cursorPosition: CellPosition?)
    /// The screen changed size: what was shown is gone.
    mutating func resize(columns: Int, rows: Int)
    /// Input waiting for time to pass (a lone Esc), complete at `time`.
    mutating func flushInput(at time: Double) -> [Event]
}

/// Keeps the last frame as the widgets drew it.
public struct BufferOutput: HeadlessOutput {
    /// The last frame.
    public private(set) var screen = Buffer(columns: 0, rows: 0)

    /// Nothing shown yet.
    public init() {}

    /// A blank buffer.
    public mutating func nextBuffer(columns: Int, rows: Int) -> Buffer { Buffer(columns: columns, rows: rows) }
    /// Keeps `buffer`.
    public mutating func show(_ buffer: Buffer, cursorPosition: CellPosition?) { screen = buffer }
    /// Nothing to forget.
    public mutating func resize(columns: Int, rows: Int) {}
    /// No input waits.
    public mutating func flushInput(at time: Double) -> [Event] { [] }
}

extension HeadlessDriver where Output == BufferOutput {
    /// Starts `app` on a screen of `columns` × `rows` whose frames are kept as drawn.
    public init(_ app: A, columns: Int = 80, rows: Int = 24) {
        self.init(app, columns: columns, rows: rows, output: BufferOutput())
    }

    /// The last frame as text, one line per row, trailing spaces removed.
    public var text: String { output.screen.text }
}
