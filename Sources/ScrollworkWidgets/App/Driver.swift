import Scrollwork

/// The rules of a host's loop, in one place: deliver an event, tick and draw a frame, carry out
/// what the app and its widgets ask (``Effect``: copy, run or cancel work, status, quit), deliver
/// work's progress and results, suspend on Ctrl-Z, and say how long the host may sleep. A terminal, a window and a test each supply only
/// input, time and output around it, so the three behave alike.
///
/// ```swift
/// var driver = Driver(app, work: runner)
/// for action in driver.deliver(event, at: now) { … }     // a key, a click, a resize
/// actions += driver.deliverWork(at: now)                  // when the runner says it has news
/// actions += driver.drawFrame(into: &canvas, at: now)     // then show the canvas
/// let sleep = driver.waitTime(after: now, frameInterval: 1.0 / 60)
/// ```
public struct Driver<A: App, Scheduler: WorkScheduler> {
    /// The app it runs.
    public var app: A
    /// Where work runs.
    public var work: Scheduler
    /// True once a widget or the app handed out ``Effect/quit``; a host may set it too, to end
    /// the loop (a window closed).
    public var quitRequested = false
    /// Ctrl-Z asks the host to suspend (``HostAction/suspend``), as `less` and `vim` do; off, the
    /// app gets it as a key.
    public var suspendsOnControlZ = true
    /// True to report the guideline diagnostics of what is on the screen
    /// (``HostAction/diagnostics(_:)``) after the first frame and after each resize, each one
    /// once: on in debug builds, so that a misconfigured widget is seen without the app asking;
    /// off in release builds.
    public var reportsDiagnostics = Self.isDebugBuild
    /// True until the diagnostics of the next frame are read.
    @usableFromInline var diagnosticsDue = true
    /// The diagnostics reported so far.
    @usableFromInline var reportedDiagnostics: Set<Diagnostic> = []

    /// True when this module was compiled for debugging.
    public static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// A driver of `app` whose work runs on `work`.
    @inlinable
    public init(_ app: A, work: Scheduler) {
        self.app = app
        self.work = work
    }

    /// True when the app wants to end, or something in it handed out ``Effect/quit``.
    @inlinable
    public var wantsQuit: Bool { mutating get { quitRequested || Self.inPlace(&app) { $0.wantsQuit } } }
    /// True while the app animates: the host draws at its frame rate.
    @inlinable
    public var isAnimating: Bool { mutating get { Self.inPlace(&app) { $0.isAnimating } } }
    /// When the app next needs a frame although nothing moves.
    @inlinable
    public var wakeTime: Double? { mutating get { Self.inPlace(&app) { $0.wakeTime } } }
    /// Where the app's focus is, in points, for the terminal's cursor.
    @inlinable
    public var cursorPosition: Point? { mutating get { Self.inPlace(&app) { $0.cursorPosition } } }

    /// Reads the app where it lies. An app is a large value (a gallery of pages is tens of
    /// kilobytes); reading a property of a stored one can copy it whole first, an inout one never.
    @inlinable
    static func inPlace<T>(_ app: inout A, _ body: (inout A) -> T) -> T { body(&app) }

    /// Delivers `event`, which happened at `time`, then carries out what the app asked. Returns
    /// what only the host can do.
    @inlinable
    public mutating func deliver(_ event: Event, at time: Double) -> [HostAction] {
        if suspendsOnControlZ, case .key(KeyEvent(.character("z"), .control)) = event { return [.suspend] }
        if case .resize = event { diagnosticsDue = true }
        return carryOut(app.handle(event, at: time))
    }

    /// Delivers the progress and results the work scheduler has now, in order (and carries out
    /// whatever those make the app ask). Returns what only the host can do. Results that arrive
    /// meanwhile, or that work started here finishes at once, wait for the next call, so a chain
    /// of work never holds up a frame.
    @inlinable
    public mutating func deliverWork(at time: Double) -> [HostAction] {
        var actions: [HostAction] = []
        for update in work.takeUpdates() { actions += carryOut(app.handle(.work(update), at: time)) }
        return actions
    }

    /// Ticks the app to `time` and draws it on `canvas` (drawing can ask for work: the rows a
    /// frame needs). Returns what only the host can do.
    @inlinable
    public mutating func drawFrame(into canvas: inout Canvas, at time: Double) -> [HostAction] {
        var actions = carryOut(app.tick(at: time))
        actions += carryOut(app.render(into: &canvas, at: time))
        if reportsDiagnostics && diagnosticsDue { actions += newDiagnostics() }
        return actions
    }

    /// The screen's diagnostics not reported before, as an action (none when there are none).
    @usableFromInline
    mutating func newDiagnostics() -> [HostAction] {
        diagnosticsDue = false
        let new = Self.inPlace(&app) { $0.diagnostics }.filter { reportedDiagnostics.insert($0).inserted }
        return new.isEmpty ? [] : [.diagnostics(new)]
    }

    /// How long the host may wait for input after drawing at `now`: a frame interval while the
    /// app animates, until its wake time when it has one, else nil (until input or work's news).
    @inlinable
    public mutating func waitTime(after now: Double, frameInterval: Double) -> Double? {
        Self.inPlace(&app) { app in
            if app.isAnimating { return frameInterval }
            return app.wakeTime.map { Swift.max(0, $0 - now) }
        }
    }

    /// Carries out what one call of the app asked, in order: runs work on the scheduler, notes a
    /// quit, and returns what only the host can do (copies, status, the title).
    @inlinable
    mutating func carryOut(_ effects: [Effect]) -> [HostAction] {
        var actions: [HostAction] = []
        for effect in effects {
            switch effect {
            case let .copy(text): actions.append(.copy(text))
            case let .select(text): actions.append(.select(text))
            case let .work(request): work.perform(request)
            case .quit: quitRequested = true
            case let .status(text): actions.append(.status(text))
            case let .title(text): actions.append(.title(text))
            }
        }
        return actions
    }
}

/// What a ``Driver`` leaves to its host.
public enum HostAction: Sendable, Hashable {
    /// Put the text on the clipboard.
    case copy(String)
    /// Offer the text as the primary selection (what a middle click pastes); a terminal leaves it.
    case select(String)
    /// Show the line where the host shows status (a window's title); a terminal has no such
    /// place of its own, so its host leaves status to the app's own status line.
    case status(String)
    /// Name the window this; a terminal keeps its own title.
    case title(String)
    /// Guideline diagnostics the screen raised, each reported once while the driver
    /// ``Driver/reportsDiagnostics`` (a debug build): a host shows them where a developer looks
    /// (a terminal on standard error once it has given the screen back).
    case diagnostics([Diagnostic])
    /// Stop the program as Ctrl-Z does; on resuming, deliver a ``Event/resize(columns:rows:)``.
    /// A host that cannot suspend delivers the resize at once.
    case suspend
}
