import ScrollworkWidgets

/// Drives an `App` without a terminal, in virtual time, through the same driver a real terminal
/// runs: a test feeds it events or raw bytes, advances the clock, and reads the screen as text or
/// as styled cells.
///
/// Every frame goes through the real renderer and a ``VirtualScreen`` that applies its bytes, so
/// what a test reads is what a terminal would show.
public typealias HeadlessTerminal<A: App> = HeadlessDriver<A, TerminalOutput>

/// A virtual terminal for a headless driver: the renderer's bytes applied to a ``VirtualScreen``,
/// and raw input decoded as a terminal's would be.
public struct TerminalOutput: HeadlessOutput {
    private var renderer: Renderer
    private var virtual = VirtualScreen(columns: 0, rows: 0)
    private var decoder = InputDecoder()

    /// A terminal that shows `colorMode`'s colours.
    public init(colorMode: ColorMode) { renderer = Renderer(colorMode: colorMode) }

    /// The screen's cells with their styles.
    public var screen: Buffer { virtual.buffer }
    /// Bytes the renderer wrote for the last frame.
    public var lastFrameBytes: Int { renderer.lastFrameBytes }

    /// The renderer's recycled buffer.
    public mutating func nextBuffer(columns: Int, rows: Int) -> Buffer { renderer.nextBuffer(columns: columns, rows: rows) }
    /// Renders `buffer` to bytes and applies them to the virtual screen.
    public mutating func show(_ buffer: Buffer, cursorPosition: CellPosition?) { virtual.apply(renderer.render(buffer)) }
    /// A new, blank virtual screen; the renderer repaints all.
    public mutating func resize(columns: Int, rows: Int) {
        renderer.invalidate()
        virtual = VirtualScreen(columns: columns, rows: rows)
    }
    /// A lone Esc (or another sequence cut short) once its time is up.
    public mutating func flushInput(at time: Double) -> [Event] { decoder.flush(at: time) }
    /// `bytes` decoded as a terminal's input at `time`.
    mutating func decode(_ bytes: [UInt8], at time: Double) -> [Event] { decoder.feed(bytes, at: time) }
}

extension HeadlessDriver where Output == TerminalOutput {
    /// Starts `app` in a virtual terminal of `columns` × `rows` (clamped as `Buffer` clamps them).
    public init(_ app: A, columns: Int = 80, rows: Int = 24, colorMode: ColorMode = .trueColor) {
        self.init(app, columns: columns, rows: rows, output: TerminalOutput(colorMode: colorMode))
    }

    /// The screen as text, one line per row, trailing spaces removed.
    public var text: String { output.screen.text }

    /// The screen's cells with their styles.
    public var screen: Buffer { output.screen }

    /// Bytes the renderer wrote for the last frame.
    public var lastFrameBytes: Int { output.lastFrameBytes }

    /// Sends raw bytes as a terminal would, decoded like real input, and draws.
    public mutating func send(bytes: [UInt8]) {
        deliver(output.decode(bytes, at: time))
        draw()
    }

    /// Types `text` key by key.
    public mutating func type(_ text: String) { send(bytes: Array(text.utf8)) }
}
