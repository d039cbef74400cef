#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CSDL2
import Scrollwork
import ScrollworkWidgets

/// Runs an `App` in a desktop window with SDL2: the same app, widgets and routing as in the
/// terminal, drawn by a ``PixelCanvas`` at its size in points, with input from the mouse (its
/// position to the point, `MouseEvent/location`), precise wheel and trackpad deltas
/// (`MouseEvent/wheelNotches`), touch (as the mouse, which SDL makes of it) and the keyboard.
///
/// Frames are drawn at the display's rate (vsync) while the app animates, and the loop sleeps in
/// SDL's event wait otherwise; the loop's rules are the widget layer's `Driver`, as in the terminal, and
/// work's news wakes the wait with an event of its own. Each frame is drawn only where it differs
/// from the one on screen, a scroll moved by copying the pixels already drawn, and only what
/// changed is handed to the display: straight into the window's own pixels where OpenGL would
/// run on the CPU (as under Xvfb), through a GPU's texture otherwise.
public struct PixelWindow {
    /// The window's title.
    public var title: String
    /// The window's size in points at opening.
    public var size: Size
    /// Pixels per point; nil takes the display's (the window's pixels over its points).
    public var scale: Double?
    /// The point/cell mapping the app is laid out in.
    public var metrics = CellMetrics()
    /// The colours.
    public var palette = PixelPalette.dark
    /// The looks of indicators, dots and edges.
    public var style = PixelStyle()
    /// Scrolls move at once in every widget the app draws (`Canvas.reducesMotion`),
    /// as the desktop's Reduce Motion asks.
    public var reducesMotion = false
    /// Follows the desktop's settings while the window is open, as a GTK app does: when the
    /// settings portal says the text scale, the interface font or the animations changed, the
    /// window lays out and draws with the new ones at once (``DesktopSettings``), and when its
    /// colours changed (light or dark, contrast, accent) the app is told the theme to draw in
    /// (`Event.themeChanged`). What ``fixedSettings`` and ``fixedAppearance`` hold stays.
    public var followsDesktopSettings = false
    /// The settings the program fixed (`--font`, `--text-scale`), which the desktop's changes
    /// leave as they are.
    public var fixedSettings = DesktopSettings()
    /// The appearance the program fixed (`--appearance light` or `dark`), which the desktop's
    /// colour scheme leaves; nil follows it.
    public var fixedAppearance: Appearance?
    /// The desktop's settings as the window opened with them: when its colours change from
    /// these (light or dark, contrast, accent), the app hears of it (`Event.themeChanged`).
    public var openingSettings = DesktopSettings()
    /// A wheel notch moves a few lines in a short step, as GTK's does (true, the default), rather
    /// than gliding on as a Mac's wheel (`Canvas.stepsWheel`).
    public var stepsWheel = true
    /// True when files dragged onto the window may be dropped there: the app takes them as
    /// `Event.droppedFiles`. False (the default) tells the dragging app the window takes none.
    public var acceptsDroppedFiles = false
    /// The variables that say where screen readers listen: `AT_SPI_BUS_ADDRESS`, else the
    /// session bus's (`DBUS_SESSION_BUS_ADDRESS`), whose accessibility bus the window's
    /// screen-reader bridge joins; `NO_AT_BRIDGE=1` keeps it out, as it does GTK's.
    public var environment = processEnvironment()
    /// The smallest the window may be made, in points: libadwaita's least for an app that
    /// adapts to narrow windows, 360 × 294, by default; each side clamped to 64…8,000 and to at
    /// most the size it opens at. The window manager keeps the window from being made smaller.
    public var minimumSize = Size(width: 360, height: 294)
    /// Frames per second while something animates when the display gives no vsync, clamped to
    /// 1…240 (NaN is 60).
    public var framesPerSecond: Double = 60 { didSet { framesPerSecond = framesPerSecond.isNaN ? 60 : framesPerSecond.clamped(to: 1...240) } }

    /// A window of `size` points (each side clamped to 64…8,000) titled `title`.
    public init(title: String, size: Size = Size(width: 960, height: 640), scale: Double? = nil) {
        self.title = title
        func side(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v.clamped(to: 64...8000) : fallback }
        self.size = Size(width: side(size.width, 960), height: side(size.height, 640))
        self.scale = scale.map { $0.isFinite ? $0.clamped(to: 0.25...8) : 1 }
    }

    /// ``minimumSize`` as the window takes it: each side within 64…8,000 points (NaN is 64) and
    /// no more than the size it opens at.
    var leastSize: Size {
        func side(_ v: Double, _ opening: Double) -> Double { Swift.min(v.isNaN ? 64 : v.clamped(to: 64...8000), opening) }
        return Size(width: side(minimumSize.width, size.width), height: side(minimumSize.height, size.height))
    }

    /// Opens the window and runs `app` until it wants to quit or the window is closed; throws
    /// ``PixelError/window(reason:)`` when there is no display to open it on.
    public func run<A: App>(_ app: inout A) throws(PixelError) {
        let requested = scale ?? 1
        let least = leastSize
        let display = try WindowDisplay(title: title, width: Int((size.width * requested).rounded()), height: Int((size.height * requested).rounded()),
                                        minimum: (Int((least.width * requested).rounded()), Int((least.height * requested).rounded())),
                                        acceptsDroppedFiles: acceptsDroppedFiles)
        var surface = try display.surface(requestedScale: scale, metrics: metrics, style: style)
        SDL_StartTextInput()

        var input = WindowInput()
        // Work's news wakes SDL's event wait with an event of its own, so the loop sleeps while
        // work runs instead of polling.
        let news = SDL_RegisterEvents(1)
        if let runner = WorkRunner(onNews: { Self.post(news) }) {
            defer { runner.cancelAll() }
            // The app's opening work begins once its first frame is on screen, as in a terminal.
            runner.hold()
            var driver = Driver(app, work: runner)
            defer { app = driver.app }
            try loop(&driver, display: display, surface: &surface, input: &input, firstFrameShown: runner.release)
        } else {
            var driver = Driver(app, work: ImmediateWork())
            defer { app = driver.app }
            try loop(&driver, display: display, surface: &surface, input: &input)
        }
    }

    /// Posts an event of type `type` to wake the loop (SDL allows it from any thread).
    private static func post(_ type: UInt32) {
        guard type != UInt32.max else { return }
        // Safe: SDL copies the event it is lent before the call returns.
        var event = unsafe SDL_Event()
        unsafe event.type = type
        _ = unsafe SDL_PushEvent(&event)
    }

    /// True when the window manager draws a title bar over `window` (its frame's top is taller
    /// than a border): the app then draws none of its own. Under no window manager (a bare X
    /// server) or where the frame is unknown, false: the app's own bar names the window.
    static func hasTitleBar(_ window: OpaquePointer) -> Bool {
        var top: Int32 = 0
        // Safe: the window is the open display's; the call fills the local it is lent.
        return unsafe SDL_GetWindowBordersSize(window, &top, nil, nil, nil) == 0 && top > 8
    }

    /// The loop: the window's input, time and pixels around the driver's rules; `firstFrameShown`
    /// is called once the first frame has been presented.
    private func loop<A: App, S: WorkScheduler>(_ driver: inout Driver<A, S>, display: WindowDisplay,
                                                 surface: inout WindowSurface, input: inout WindowInput,
                                                 firstFrameShown: () -> Void = {}) throws(PixelError) {
        var session = WindowSession(driver: driver, input: input)
        // Safe: the display (and its window) stays open until this loop has ended and the session
        // with it; each event is a local that SDL fills and the session reads by its type.
        let window = unsafe display.window, vsync = display.vsync
        unsafe session.window = unsafe window
        session.title = title
        defer {
            session.freeCursors()
            driver = session.driver
            input = session.input
        }
        session.resize(columns: surface.columns, rows: surface.rows, at: MonotonicClock.now())
        var style = self.style, reducesMotion = self.reducesMotion, palette = self.palette
        var colours = Self.colours(openingSettings, fixedAppearance: fixedAppearance, environment: environment)
        // The desktop's settings changing wakes the loop with an event of its own.
        let settingsChanged = SDL_RegisterEvents(1)
        let watcher = followsDesktopSettings ? DesktopWatcher.start(environment: environment) { Self.post(settingsChanged) } : nil
        defer { watcher?.stop() }
        var shown = false
        // A screen reader's action wakes the loop with an event of its own.
        let actionAsked = SDL_RegisterEvents(1)
        let bridge = AccessibilityBridge.start(environment: environment) { Self.post(actionAsked) }
        defer { bridge?.stop() }
        var published = -Double.infinity
        var inputSincePublished = true
        var decorated = false
        while !session.driver.wantsQuit {
            let now = MonotonicClock.now()
            // The window manager frames the window once it has taken it (and again after a
            // change of window manager): asked after input, window events among it.
            if inputSincePublished { decorated = unsafe Self.hasTitleBar(window) }
            var frame = surface.nextCanvas()
            frame.reducesMotion = reducesMotion
            frame.stepsWheel = stepsWheel
            frame.hasWindowTitleBar = decorated
            session.drawFrame(into: &frame, at: now)
            let presented = surface.show(frame, palette: palette, style: style)
            // Screen readers are told of every frame after input and of the last of a motion at
            // once, of frames in between ten times a second.
            // A bridge whose bus failed is left alone: the window runs as it would without it.
            if let bridge, inputSincePublished || !session.driver.isAnimating || now - published >= 0.1, bridge.failure == nil {
                bridge.publish(accessibilityTree(&session, pointScale: surface.pointScale))
                published = now
                inputSincePublished = false
            }
            if !shown {
                shown = true
                firstFrameShown()
            }
            // Wait for input: not at all while animating (vsync paces), until the app's wake time,
            // or until input or work's news.
            // A frame that changed nothing was not presented, so vsync did not pace it.
            var timeout = session.driver.isAnimating ? (vsync && presented ? 0 : 1 / framesPerSecond) : session.driver.waitTime(after: now, frameInterval: 0)
            if session.driver.work.hasUpdates { timeout = 0 }
            var event = unsafe SDL_Event()
            let milliseconds = timeout.map { Int32(($0 * 1000).rounded(.up).clamped(to: 0...1000)) } ?? -1
            var got = unsafe milliseconds < 0 ? SDL_WaitEvent(&event) : SDL_WaitEventTimeout(&event, milliseconds)
            while got != 0 {
                inputSincePublished = true
                // Uncovered, the window's pixels on screen may be gone: all of them go again.
                if unsafe event.type == SDL_WINDOWEVENT.rawValue, unsafe UInt32(event.window.event) == SDL_WINDOWEVENT_EXPOSED.rawValue { surface.needsWholeUpload = true }
                switch unsafe session.take(event, pointScale: surface.pointScale, at: MonotonicClock.now()) {
                case .quit: return
                case .resized:
                    surface = try display.surface(requestedScale: scale, metrics: metrics, style: style)
                    session.resize(columns: surface.columns, rows: surface.rows, at: MonotonicClock.now())
                case .delivered: break
                }
                got = unsafe SDL_PollEvent(&event)
            }
            session.deliverWork(at: MonotonicClock.now())
            if let bridge { performActions(bridge.takeRequests(), &session) }
            if let desktop = watcher?.take() {
                let next = Self.colours(desktop, fixedAppearance: fixedAppearance, environment: environment)
                if next.theme != colours.theme {
                    palette = .standard(next.appearance)
                    session.deliver(.themeChanged(next.theme), at: MonotonicClock.now())
                }
                colours = next
                (style, reducesMotion) = Self.following(desktop, fixed: fixedSettings, style: style)
                // Type of another size or family: laid out again, as after a resize.
                surface = try display.surface(requestedScale: scale, metrics: metrics, style: style)
                session.resize(columns: surface.columns, rows: surface.rows, at: MonotonicClock.now())
            }
        }
    }

    /// `style` and Reduce Motion as the desktop's `settings` make them, what `fixed` holds
    /// winning: the desktop's font and text scale, or the defaults where it says none; motion
    /// reduced when it turned animations off.
    static func following(_ settings: DesktopSettings, fixed: DesktopSettings, style: PixelStyle) -> (style: PixelStyle, reducesMotion: Bool) {
        var style = style
        style.interfaceFontFamily = fixed.fontFamily ?? settings.fontFamily ?? PixelStyle().interfaceFontFamily
        style.textScale = fixed.textScale ?? settings.textScale ?? 1
        return (style, fixed.reducesMotion ?? settings.reducesMotion ?? false)
    }

    /// The theme and the appearance a window shows on a desktop with `settings`: light or dark
    /// as `fixed` says, else as `GTK_THEME` in `environment` says, else as the desktop prefers
    /// (light when it has no preference), with its contrast and accent (``Theme/desktop(appearance:settings:)``).
    static func colours(_ settings: DesktopSettings, fixedAppearance fixed: Appearance?, environment: [String: String]) -> (theme: Theme, appearance: Appearance) {
        let appearance = fixed ?? DesktopAppearance.preferred(environment: environment, portalReply: nil) ?? settings.colorScheme ?? .light
        return (Theme.desktop(appearance: appearance, settings: settings), appearance)
    }

    /// Does what screen readers asked, by the input each action names, as a person would.
    /// An action of an object no longer there (the screen changed since) is not done.
    private func performActions<A: App, S: WorkScheduler>(_ requests: [(path: String, action: Int)], _ session: inout WindowSession<A, S>) {
        guard !requests.isEmpty else { return }
        let tree = accessibilityTree(&session, pointScale: 1)
        for request in requests {
            guard let actions = tree.node(at: request.path)?.element?.actions, actions.indices.contains(request.action) else { continue }
            for event in actions[request.action].events { session.deliver(event, at: MonotonicClock.now()) }
        }
    }

    /// What screen readers call the application: the program's file name, read once.
    private static let programName: String = {
        let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        return name.isEmpty ? "scrollwork" : name
    }()

    /// What the app shows, as the window's screen-reader bridge serves it.
    private func accessibilityTree<A: App, S: WorkScheduler>(_ session: inout WindowSession<A, S>, pointScale: Double) -> AtspiTree {
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        // Safe: the window is the open display's; the calls fill the locals they are lent.
        if let window = unsafe session.window {
            unsafe SDL_GetWindowPosition(window, &x, &y)
            unsafe SDL_GetWindowSize(window, &width, &height)
        }
        let scale = pointScale > 0 ? pointScale : 1
        return AtspiTree(applicationName: Self.programName, title: session.title, content: session.driver.app.accessibility,
                         size: Size(width: Double(width) / scale, height: Double(height) / scale), scale: scale,
                         origin: (Int(x), Int(y)), isActive: true)
    }

    /// True when `glRenderer` (OpenGL's `GL_RENDERER` string) names a rasterizer that runs on
    /// the CPU: Mesa's llvmpipe, softpipe and swrast, and Microsoft's GDI one.
    public static func isSoftwareRasterizer(_ glRenderer: String?) -> Bool {
        guard let name = glRenderer?.lowercased() else { return false }
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer", "gdi generic"].contains { name.contains($0) }
    }

    static func sdlError() -> String {
        // Safe: SDL's message is copied into a String before any other SDL call.
        guard let text = unsafe SDL_GetError() else { return "unknown SDL error" }
        let message = unsafe String(cString: text)
        return message.isEmpty ? "unknown SDL error" : message
    }
}
#endif
