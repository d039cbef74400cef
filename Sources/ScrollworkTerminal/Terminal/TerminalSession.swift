import ScrollworkWidgets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CTerminalRestore

/// The process's terminal in full-screen mode: raw input, the alternate screen, a hidden cursor,
/// mouse, paste and focus reporting; restored on every way out.
///
/// A class because it stands for one resource, the terminal device, that must be restored exactly
/// once. Signals are turned into bytes on a pipe that ``read(timeout:wake:)`` waits on alongside the
/// keyboard, so the event loop handles them in order: SIGWINCH becomes a resize; SIGINT, SIGTERM,
/// SIGQUIT and SIGHUP restore the terminal and end the process; SIGTSTP restores it before
/// stopping and SIGCONT takes it back and repaints.
///
/// A crash gives the terminal back too: while the session is entered, handlers for SIGSEGV,
/// SIGBUS, SIGILL, SIGTRAP, SIGABRT and SIGFPE write the restoring bytes and the saved settings
/// with async-signal-safe calls only, then hand the signal to the handler installed before them,
/// so the runtime's crash report appears on the normal screen.
public final class TerminalSession {
    /// What ``read(timeout:wake:)`` returns.
    public enum Input {
        /// Bytes from the keyboard or mouse.
        case bytes([UInt8])
        /// The terminal changed size.
        case resized
        /// The process was continued after a stop: repaint everything.
        case resumed
        /// Nothing arrived before the timeout.
        case timeout
        /// The wake descriptor given to ``read(timeout:wake:)`` became readable.
        case woken
        /// The terminal is gone (hung up, closed, or no longer readable): the program should end.
        case closed
    }

    private let input = STDIN_FILENO
    private let output = STDOUT_FILENO
    private var original = termios()
    private var isActive = false
    private let signalPipe: [Int32]
    private var handlesSignals = false

    /// Checks that standard input and output are a capable terminal, given the environment.
    public static func check(environment: [String: String]) throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { throw .dumbTerminal(term) }
    }

    /// Prepares the session; call ``enter()`` to take over the screen.
    public init(environment: [String: String]) throws(TerminalError) {
        try Self.check(environment: environment)
        var fds: [Int32] = [0, 0]
        // Safe: `pipe` fills the two numbers of the array it is lent; `tcgetattr` the settings.
        guard unsafe pipe(&fds) == 0 else { throw .system("pipe", errno) }
        signalPipe = fds
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        guard unsafe tcgetattr(input, &original) == 0 else { throw .system("tcgetattr", errno) }
    }

    deinit {
        leave()
        if handlesSignals { scrollwork_signals_release() }
        close(signalPipe[0])
        close(signalPipe[1])
    }

    /// What ``enter()`` writes: the alternate screen, a hidden cursor, no autowrap (so a
    /// cluster the terminal draws wider than expected cannot wrap and scroll the screen), mouse,
    /// paste and focus reporting.
    static let enterBytes = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?1004h\u{1B}[2J".utf8)
    /// What ``leave()`` writes: every mode of ``enterBytes`` turned back, in reverse.
    static let leaveBytes = Array("\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1016l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?2027l\u{1B}[0m\u{1B}[r\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// Takes over the terminal: raw mode, alternate screen, hidden cursor, reporting modes.
    public func enter() {
        guard !isActive else { return }
        // Before the terminal changes: a signal from then on reaches the loop, which gives it back.
        installSignalHandlers()
        var raw = original
        // Safe: each call is lent a settings value of its own; VMIN and VTIME are indices inside
        // `c_cc` (NCCS of them); the C side copies the settings and the leaving bytes it keeps.
        unsafe cfmakeraw(&raw)
        // Keep output post-processing off too, but let reads return as soon as a byte is there.
        unsafe withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            unsafe cc[Int(VMIN)] = 1
            unsafe cc[Int(VTIME)] = 0
        }
        unsafe Self.leaveBytes.withUnsafeBufferPointer { bytes in
            unsafe bytes.withMemoryRebound(to: CChar.self) { _ = unsafe scrollwork_restore_arm(input, output, &original, $0.baseAddress, $0.count) }
        }
        _ = unsafe tcsetattr(input, TCSAFLUSH, &raw)
        write(Self.enterBytes)
        isActive = true
    }

    /// Gives the terminal back exactly as it was. Safe to call more than once.
    public func leave() {
        guard isActive else { return }
        isActive = false
        scrollwork_restore_disarm()
        write(Self.leaveBytes)
        // Safe: the call reads the settings value it is lent.
        _ = unsafe tcsetattr(input, TCSAFLUSH, &original)
    }

    /// Stops the process as Ctrl-Z does in `less` or `vim`: gives the terminal back, stops, and
    /// takes it again when continued (the caller should then repaint everything).
    public func suspend() {
        let wasActive = isActive
        leave()
        // The whole job stops, as vim does it: a parent such as `swift run` in the same process
        // group would otherwise see its child stop and end. One SIGSTOP to the group, which
        // nothing can block or ignore (this process ignores SIGTSTP, whose source the loop holds):
        // stopping the parent first and this process in a second call raced with a quick `fg`,
        // whose SIGCONT could come between the two and leave this process stopped for good. A
        // SIGCONT discards a stop still pending, so one call cannot strand it.
        kill(0, SIGSTOP)
        // Execution continues here after SIGCONT.
        if wasActive { enter() }
    }

    /// Asks the terminal how it measures grapheme clusters, waiting at most `timeout` seconds
    /// for its answers, and returns the model to render with and the bytes that arrived meanwhile
    /// but were no answer (keys typed during the probe), for the caller to decode as input.
    ///
    /// It asks for mode 2027 (grapheme clustering, DECRQM) and turns it on where the terminal
    /// knows it (and asks for mode 1016 and a cell's size in pixels, with which the event loop
    /// has the mouse reported in pixels where the terminal can); otherwise it draws a skin-tone and a ZWJ sequence and reads the cursor position
    /// after each. A primary device attributes request ends the exchange, since every terminal
    /// answers it. Without clear answers the model is ``TerminalWidthModel/conservative``.
    public func probeWidthModel(timeout: Double = 0.15) -> (model: TerminalWidthModel, input: [UInt8]) {
        guard sendWidthProbe() else { return (.conservative, []) }
        var answers = TerminalAnswers()
        let deadline = EventLoop.now() + Swift.max(0, timeout.isFinite ? timeout : 0)
        while !answers.isComplete {
            let left = deadline - EventLoop.now()
            guard left > 0, case let .bytes(bytes) = read(timeout: left) else { break }
            answers.feed(bytes)
        }
        return (adopt(answers), answers.otherBytes)
    }

    /// Writes the questions of ``probeWidthModel(timeout:)`` without waiting for the answers,
    /// which come as input (``TerminalAnswers`` picks them out): a loop draws its first frame at
    /// once and takes the answers when they come. False, writing nothing, when the session is
    /// not active.
    @discardableResult
    func sendWidthProbe() -> Bool {
        guard isActive else { return false }
        write(Array("\r\u{1F44D}\u{1F3FD}\u{1B}[6n\r\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1B}[6n\r\u{1B}[2K\u{1B}[?2027$p\u{1B}[?1016$p\u{1B}[16t\u{1B}[c".utf8))
        return true
    }

    /// Turns on mouse reports in pixels (SGR-Pixels, mode 1016) where `answers` say the
    /// terminal has them and how large a cell is, and returns that size for the input decoder
    /// (``InputDecoder/mousePixelsPerCell``); nil, changing nothing, where it has not: the
    /// mouse is then reported by cell, as before.
    func adoptPixelMouse(_ answers: TerminalAnswers) -> (width: Int, height: Int)? {
        guard let cell = answers.pixelMouse else { return nil }
        write(Array("\u{1B}[?1016h".utf8))
        return cell
    }

    /// The model `answers` support, turning mode 2027 on where the terminal has it off.
    func adopt(_ answers: TerminalAnswers) -> TerminalWidthModel {
        if answers.graphemeModeState == 2 { write(Array("\u{1B}[?2027h".utf8)) }
        return answers.widthModel
    }

    /// The terminal's size in cells (80 × 24 when it cannot tell).
    public func size() -> (columns: Int, rows: Int) {
        systemWindowSize(output) ?? (80, 24)
    }

    /// Writes all of `bytes`, retrying short writes.
    public func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(output, bytes, from: offset)
            if n > 0 { offset += n } else if errno != EINTR && errno != EAGAIN { return }
        }
    }

    /// Waits up to `timeout` seconds (forever when nil) for input, a signal, or `wake` (a file
    /// descriptor, such as a pipe that background work writes to) becoming readable. Uses no CPU
    /// while waiting.
    public func read(timeout: Double?, wake: Int32? = nil) -> Input {
        var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: signalPipe[0], events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wake ?? -1, events: Int16(POLLIN), revents: 0)]
        let ms: Int32 = timeout.map { Int32(Swift.max(0, Swift.min($0 * 1000, 3_600_000)).rounded(.up)) } ?? -1
        let ready = systemPoll(&fds, milliseconds: ms)
        if ready <= 0 { return .timeout }
        if fds[1].revents & Int16(POLLIN) != 0, let signal = nextSignal() {
            switch signal {
            case SIGWINCH: return .resized
            case SIGTSTP:
                suspend()
                return .resumed
            case SIGCONT:
                return .resumed
            default:
                leave()
                exit(128 + signal)
            }
        }
        // Keys first, then work: input is never starved by a chatty worker.
        if fds[0].revents & Int16(POLLIN) == 0, fds[2].revents & Int16(POLLIN) != 0 { return .woken }
        // A hang-up or an error on the terminal would make every poll return at once: stop there
        // instead of spinning.
        if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 && fds[0].revents & Int16(POLLIN) == 0 { return .closed }
        guard fds[0].revents & Int16(POLLIN) != 0 else { return .timeout }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = systemRead(input, into: &buffer)
        if n > 0 { return .bytes(Array(buffer[0..<n])) }
        if n == 0 { return .closed }
        return errno == EINTR || errno == EAGAIN ? .timeout : .closed
    }

    private func nextSignal() -> Int32? {
        // The C handler writes the signal's number as a native `int`.
        var bytes = [UInt8](repeating: 0, count: MemoryLayout<Int32>.size)
        guard systemRead(signalPipe[0], into: &bytes) == bytes.count else { return nil }
        return Int32(bitPattern: UInt32(littleEndian: bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }))
    }

    /// Signals become their numbers on the signal pipe, from the moment this returns (a
    /// handler in C; a dispatch source would register later, and a signal sent meanwhile, a quick
    /// SIGTERM after start, was lost while the signal was ignored).
    private func installSignalHandlers() {
        guard !handlesSignals else { return }
        let signals: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGTSTP, SIGCONT]
        // Safe: the C side copies the numbers before it returns.
        _ = unsafe signals.withUnsafeBufferPointer { unsafe scrollwork_signals_to_pipe(signalPipe[1], $0.baseAddress, $0.count) }
        handlesSignals = true
    }
}
