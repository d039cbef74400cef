import ScrollworkWidgets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an ``App`` in a ``TerminalSession``: reads input, ticks at the frame rate only while the
/// app animates, and otherwise sleeps until the next event (no CPU when idle).
public struct EventLoop {
    /// Frames per second while something animates.
    public var framesPerSecond: Double
    /// Colours the terminal can show.
    public var colorMode: ColorMode
    /// Ask the terminal at start-up how it measures grapheme clusters (see
    /// ``TerminalSession/probeWidthModel(timeout:)``); without asking, the renderer is conservative.
    public var probesTerminal = true
    /// Ctrl-Z stops the program as it does `less` and `vim`, and continuing it repaints. Turn
    /// this off to receive Ctrl-Z as a key.
    public var suspendsOnControlZ = true
    /// Show the terminal's cursor on what has focus (``App/cursorPosition``); it is always
    /// placed there, and hidden unless this is on.
    public var showsCursor = false

    /// A loop at `framesPerSecond` (clamped to 1…240) and `colorMode`.
    public init(framesPerSecond: Double = 60, colorMode: ColorMode) {
        self.framesPerSecond = framesPerSecond.isFinite ? Swift.min(Swift.max(framesPerSecond, 1), 240) : 60
        self.colorMode = colorMode
    }

    /// Seconds on the monotonic clock (``MonotonicClock/now()``).
    public static func now() -> Double { MonotonicClock.now() }

    /// Runs `app` until it wants to quit. The session is entered here and always left, also when
    /// the app throws.
    public func run<A: App>(_ app: inout A, session: TerminalSession) {
        session.enter()
        let runner = WorkRunner()
        defer {
            runner?.cancelAll()
            session.leave()
        }
        var decoder = InputDecoder()
        var renderer = Renderer(colorMode: colorMode)
        var early: [UInt8] = []
        if probesTerminal { (renderer.widthModel, early) = session.probeWidthModel() }
        if showsCursor { session.write(ANSI.showCursor) }
        var (columns, rows) = session.size()
        app.handle(.resize(columns: columns, rows: rows), at: Self.now())
        func deliver(_ events: [Event]) {
            for event in events {
                if suspendsOnControlZ, case .key(KeyEvent(.character("z"), .control)) = event {
                    session.suspend()
                    (columns, rows) = session.size()
                    renderer.invalidate()
                    if showsCursor { session.write(ANSI.showCursor) }
                    app.handle(.resize(columns: columns, rows: rows), at: Self.now())
                    continue
                }
                app.handle(event, at: Self.now())
                if let text = app.takeClipboardText() { session.write(ANSI.setClipboard(text)) }
                startWork()
            }
        }
        func startWork() {
            for request in app.takeWork() {
                if let runner { runner.perform(request) } else if case let .start(work) = request {
                    // No pipe for a worker: run it here, so that nothing asked for is lost.
                    app.handle(.work(work.runHere()), at: Self.now())
                }
            }
        }
        deliver(decoder.feed(early, at: Self.now()))
        let frame = 1 / framesPerSecond
        while !app.wantsQuit {
            let now = Self.now()
            app.tick(at: now)
            startWork()
            var buffer = renderer.nextBuffer(columns: columns, rows: rows)
            app.render(into: &buffer, at: now)
            // Drawing can ask for work too (the rows a frame needs).
            startWork()
            let bytes = renderer.render(buffer, cursorPosition: app.cursorPosition)
            if !bytes.isEmpty { session.write(bytes) }
            var timeout: Double? = app.isAnimating ? frame : app.wakeTime.map { Swift.max(0, $0 - now) }
            if let deadline = decoder.flushDeadline { timeout = Swift.min(timeout ?? .infinity, Swift.max(0, deadline - now)) }
            switch session.read(timeout: timeout, wake: runner?.wakePipe[0]) {
            case let .bytes(input):
                deliver(decoder.feed(input, at: Self.now()))
            case .resized, .resumed:
                (columns, rows) = session.size()
                renderer.invalidate()
                app.handle(.resize(columns: columns, rows: rows), at: Self.now())
            case .woken:
                if let runner { deliver(runner.takeUpdates().map { .work($0) }) }
            case .timeout:
                break
            case .closed:
                return
            }
            deliver(decoder.flush(at: Self.now()))
        }
    }
}
