import ScrollworkWidgets
import Synchronization
/// Drives an ``App`` without a terminal, in virtual time: a test feeds it events or raw bytes,
/// advances the clock, and reads the screen as text or as styled cells.
///
/// Every frame goes through the real renderer and a ``VirtualScreen`` that applies its bytes, so
/// what a test reads is what a terminal would show.
public struct HeadlessTerminal<A: App> {
    /// The app under test.
    public var app: A
    /// The virtual clock, in seconds.
    public private(set) var time: Double = 0
    /// Frames per second while the app animates.
    public var framesPerSecond: Double = 60
    private var decoder = InputDecoder()
    private var renderer: Renderer
    private var virtual: VirtualScreen
    /// The size in cells.
    public private(set) var columns: Int
    /// The size in cells.
    public private(set) var rows: Int
    /// What the app last put on the clipboard (OSC 52 in a real terminal).
    public private(set) var clipboard: String? = nil
    /// Work the app asked for that has not run: it runs only when a test calls ``runWork(_:)``,
    /// so a test decides what happens while it is pending.
    public private(set) var pendingWork: [Work] = []
    /// Bytes the renderer wrote for the last frame.
    public var lastFrameBytes: Int { renderer.lastFrameBytes }

    /// Starts `app` in a virtual terminal of `columns` × `rows` (clamped as ``Buffer`` clamps them).
    public init(_ app: A, columns: Int = 80, rows: Int = 24, colorMode: ColorMode = .trueColor) {
        self.app = app
        self.columns = Swift.min(Swift.max(0, columns), Buffer.maximumSide)
        self.rows = Swift.min(Swift.max(0, rows), Buffer.maximumSide)
        renderer = Renderer(colorMode: colorMode)
        virtual = VirtualScreen(columns: self.columns, rows: self.rows)
        self.app.handle(.resize(columns: self.columns, rows: self.rows), at: 0)
        draw()
    }

    /// The screen as text, one line per row, trailing spaces removed.
    public var text: String { virtual.buffer.text }

    /// The screen's cells with their styles.
    public var screen: Buffer { virtual.buffer }

    /// Sends an event now and draws the next frame.
    public mutating func send(_ event: Event) {
        app.handle(event, at: time)
        takeClipboard()
        draw()
    }

    private mutating func takeClipboard() {
        if let text = app.takeClipboardText() { clipboard = text }
        takeWork()
    }

    /// Collects the app's work requests: a start replaces pending work of the same identifier, a
    /// cancel removes it and tells the app it was cancelled.
    private mutating func takeWork() {
        for request in app.takeWork() {
            switch request {
            case let .start(work):
                pendingWork.removeAll { $0.id == work.id }
                pendingWork.append(work)
            case let .cancel(id):
                guard pendingWork.contains(where: { $0.id == id }) else { continue }
                pendingWork.removeAll { $0.id == id }
                app.handle(.work(.cancelled(id: id)), at: time)
            }
        }
    }

    /// Runs pending work now, on the test's thread: the one called `id`, or the oldest. The app
    /// receives its progress (a few steps of it) and then its result, and a frame is drawn.
    /// Returns false when no such work is pending.
    @discardableResult
    public mutating func runWork(_ id: String? = nil) -> Bool {
        guard let index = pendingWork.firstIndex(where: { id == nil || $0.id == id }) else { return false }
        let work = pendingWork.remove(at: index)
        let reports = Reports()
        let value = work.body(WorkProgress { reports.add($0) })
        for fraction in reports.steps { app.handle(.work(.progress(id: work.id, fraction: fraction)), at: time) }
        app.handle(.work(value.map { .finished(id: work.id, value: $0) } ?? .cancelled(id: work.id)), at: time)
        takeClipboard()
        draw()
        return true
    }

    /// Sends raw bytes as a terminal would, decoded like real input, and draws.
    public mutating func send(bytes: [UInt8]) {
        for event in decoder.feed(bytes, at: time) {
            app.handle(event, at: time)
            takeClipboard()
        }
        draw()
    }

    /// Types `text` key by key.
    public mutating func type(_ text: String) { send(bytes: Array(text.utf8)) }

    /// The longest step ``advance(by:)`` takes, in virtual seconds: ten minutes of frames.
    public static var maximumAdvance: Double { 600 }

    /// Advances the clock by `seconds` (clamped to 0…``maximumAdvance``; NaN counts as 0), ticking
    /// at the frame rate while the app animates (and at its wake time), then draws.
    public mutating func advance(by seconds: Double) {
        let end = time + (seconds.isNaN ? 0 : seconds.clamped(to: 0...Self.maximumAdvance))
        let rate = framesPerSecond.isFinite ? framesPerSecond.clamped(to: 1...240) : 60
        let frame = 1 / rate
        while time < end {
            var next = end
            if app.isAnimating { next = Swift.min(end, time + frame) } else if let wake = app.wakeTime, wake > time { next = Swift.min(end, wake) }
            time = next
            for event in decoder.flush(at: time) { app.handle(event, at: time) }
            takeWork()
            draw()
        }
    }

    /// Changes the terminal's size, as SIGWINCH would; sizes are clamped as ``Buffer`` clamps them.
    public mutating func resize(columns: Int, rows: Int) {
        self.columns = Swift.min(Swift.max(0, columns), Buffer.maximumSide)
        self.rows = Swift.min(Swift.max(0, rows), Buffer.maximumSide)
        renderer.invalidate()
        virtual = VirtualScreen(columns: self.columns, rows: self.rows)
        app.handle(.resize(columns: self.columns, rows: self.rows), at: time)
        draw()
    }

    private mutating func draw() {
        app.tick(at: time)
        takeWork()
        var buffer = renderer.nextBuffer(columns: columns, rows: rows)
        app.render(into: &buffer, at: time)
        // Drawing can ask for work too (the rows a frame needs).
        takeWork()
        virtual.apply(renderer.render(buffer))
    }
}

/// Progress reported by work run in a test, kept as quarters so that the app sees a few steps.
private final class Reports: Sendable {
    private let seen = Mutex<[Double]>([])

    func add(_ fraction: Double) {
        seen.withLock { steps in
            if fraction >= (steps.last ?? -1) + 0.25 || (fraction == 1 && steps.last != 1) { steps.append(fraction) }
        }
    }

    var steps: [Double] { seen.withLock { $0 } }
}
