import Scrollwork
import ScrollworkWidgets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an `App` in a ``TerminalSession``: reads input, ticks at the frame rate only while the
/// app animates, and otherwise sleeps until the next event (no CPU when idle).
public struct EventLoop {
    /// Frames per second while something animates.
    public var framesPerSecond: Double
    /// Colours the terminal can show.
    public var colorMode: ColorMode
    /// Ask the terminal at start-up how it measures grapheme clusters (see
    /// ``TerminalSession/probeWidthModel(timeout:)``) while the first frame is drawn; without
    /// asking, the renderer is conservative.
    public var probesTerminal = true
    /// How long input is held for the terminal's answers before they are given up on (keys
    /// typed meanwhile are delivered then, in order).
    static let probeTimeout = 0.15
    /// Ctrl-Z stops the program as it does `less` and `vim`, and continuing it repaints. Turn
    /// this off to receive Ctrl-Z as a key.
    public var suspendsOnControlZ = true
    /// Show the terminal's cursor on what has focus (`App.cursorPosition`); it is always
    /// placed there, and hidden unless this is on.
    public var showsCursor = false
    /// Scrolls move at once, without momentum, bounces or fading indicators, in every widget the
    /// app draws (`Canvas.reducesMotion`).
    public var reducesMotion = false

    /// A loop for a person using a screen reader: the cursor shown on what has focus and motion
    /// reduced, so that what the reader speaks is where the cursor is and nothing is redrawn
    /// for show. `scrollwork --screen-reader` and `SCROLLWORK_SCREEN_READER=1` turn it on.
    public mutating func serveScreenReader() {
        showsCursor = true
        reducesMotion = true
    }

    /// A loop at `framesPerSecond` (clamped to 1…240) and `colorMode`.
    public init(framesPerSecond: Double = 60, colorMode: ColorMode) {
        self.framesPerSecond = framesPerSecond.isFinite ? Swift.min(Swift.max(framesPerSecond, 1), 240) : 60
        self.colorMode = colorMode
    }

    /// Seconds on the monotonic clock (`MonotonicClock.now()`).
    public static func now() -> Double { MonotonicClock.now() }

    /// Runs `app` until it wants to quit. The session is entered here and always left, also when
    /// the app throws. Work runs on background threads (on this one if the system gives no pipe).
    public func run<A: App>(_ app: inout A, session: TerminalSession) {
        if let runner = WorkRunner() {
            defer { runner.cancelAll() }
            // The app's opening work begins once its first frame is on screen (work still held
            // when the loop ends never begins).
            runner.hold()
            var driver = Driver(app, work: runner)
            run(&driver, session: session, wake: runner.wakePipe[0], firstFrameShown: runner.release)
            app = driver.app
        } else {
            var driver = Driver(app, work: ImmediateWork())
            run(&driver, session: session, wake: nil)
            app = driver.app
        }
    }

    /// Runs `app` in the terminal the environment describes, with its colours detected: the
    /// whole of a program's `main`. Throws ``TerminalError`` when there is no terminal to take
    /// over.
    public static func run<A: App>(_ app: inout A, environment: [String: String] = processEnvironment()) throws(TerminalError) {
        let session = try TerminalSession(environment: environment)
        EventLoop(colorMode: .detect(environment: environment)).run(&app, session: session)
    }

    /// The loop: input, time and the terminal's output around the driver's rules.
    /// `firstFrameShown` is called once the first frame has been written.
    private func run<A: App, S: WorkScheduler>(_ driver: inout Driver<A, S>, session: TerminalSession, wake: Int32?,
                                               firstFrameShown: () -> Void = {}) {
        session.enter()
        // Diagnostics wait until the screen is given back: written now they would land in the frame.
        var diagnostics: [Diagnostic] = []
        defer {
            session.leave()
            writeToStandardError(diagnostics)
        }
        driver.suspendsOnControlZ = suspendsOnControlZ
        var decoder = InputDecoder()
        var renderer = Renderer(colorMode: colorMode)
        // The terminal's answers about grapheme clusters, while they are awaited: the first
        // frame is drawn at once in the conservative model and drawn again if they say otherwise,
        // so a terminal that is slow to answer (or never does) delays nothing.
        var probe: PendingAnswers? = nil
        if probesTerminal, session.sendWidthProbe() { probe = PendingAnswers(deadline: Self.now() + Self.probeTimeout) }
        if showsCursor { session.write(ANSI.showCursor) }
        var (columns, rows) = session.size()
        func resized() {
            (columns, rows) = session.size()
            renderer.invalidate()
            perform(driver.deliver(.resize(columns: columns, rows: rows), at: Self.now()))
        }
        func perform(_ actions: [HostAction]) {
            for action in actions {
                switch action {
                case let .copy(text): session.write(ANSI.setClipboard(text))
                // The terminal's own selection is its person's: a widget's is not offered there.
                case .select: break
                // The terminal has no status bar of its own: an app shows status in its lines.
                case .status: break
                // The terminal's title is its person's (a tab's name): left as it is.
                case .title: break
                case let .diagnostics(found): diagnostics += found
                case .suspend:
                    session.suspend()
                    if showsCursor { session.write(ANSI.showCursor) }
                    resized()
                }
            }
        }
        func deliver(_ events: [Event]) {
            for event in events { perform(driver.deliver(event, at: Self.now())) }
        }
        /// Takes what arrived while answers are awaited; once they are all in, or it is too late,
        /// the renderer adopts their model and the rest is input.
        func answer(_ input: [UInt8], at now: Double) {
            guard let answers = probe?.take(input, at: now) else { return }
            probe = nil
            let model = session.adopt(answers)
            // Where the terminal reports the mouse in pixels, pointer positions are points to
            // the pixel rather than cells' centres.
            decoder.mousePixelsPerCell = session.adoptPixelMouse(answers)
            if model != renderer.widthModel {
                renderer.widthModel = model
                renderer.invalidate()
            }
            deliver(decoder.feed(answers.otherBytes, at: now))
        }
        perform(driver.deliver(.resize(columns: columns, rows: rows), at: Self.now()))
        perform(driver.deliverWork(at: Self.now()))
        let frame = 1 / framesPerSecond
        var shown = false
        while !driver.wantsQuit {
            let now = Self.now()
            var canvas = Canvas(cells: renderer.nextBuffer(columns: columns, rows: rows))
            canvas.reducesMotion = reducesMotion
            perform(driver.drawFrame(into: &canvas, at: now))
            let bytes = renderer.render(canvas.cells, cursorPosition: driver.cursorPosition.map { canvas.metrics.cell(at: $0) })
            if !bytes.isEmpty { session.write(bytes) }
            if !shown {
                shown = true
                firstFrameShown()
            }
            var timeout = driver.waitTime(after: now, frameInterval: frame)
            if let deadline = decoder.flushDeadline { timeout = Swift.min(timeout ?? .infinity, Swift.max(0, deadline - now)) }
            // Results already waiting (work run at once, without a wake pipe) come without sleep.
            if wake == nil, driver.work.hasUpdates { timeout = 0 }
            if let awaited = probe { timeout = Swift.min(timeout ?? .infinity, Swift.max(0, awaited.deadline - now)) }
            switch session.read(timeout: timeout, wake: wake) {
            case let .bytes(input) where probe != nil: answer(input, at: Self.now())
            case let .bytes(input): deliver(decoder.feed(input, at: Self.now()))
            case .resized, .resumed: resized()
            case .woken: perform(driver.deliverWork(at: Self.now()))
            case .timeout: break
            case .closed: return
            }
            if probe != nil { answer([], at: Self.now()) }
            deliver(decoder.flush(at: Self.now()))
            // Without a wake pipe, work ran at once: its results wait to be delivered.
            if wake == nil { perform(driver.deliverWork(at: Self.now())) }
        }
    }
}
