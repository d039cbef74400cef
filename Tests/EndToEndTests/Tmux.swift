import Foundation

/// A tmux server of its own running one program in a pane, for end-to-end tests.
///
/// Waiting is unavoidable here: a real terminal emulator runs a real program. Every wait polls the
/// screen every 20 ms and gives up after a timeout, so tests take as long as the program does.
final class Tmux {
    let socket = "scrollwork-e2e-\(UInt32.random(in: 0...UInt32.max))"
    let directory: URL
    let columns: Int, rows: Int

    /// Whether tmux can be run here.
    static var isAvailable: Bool { (try? run(["tmux", "-V"]).status) == 0 }

    /// The `scrollwork` executable built next to the test bundle.
    static var scrollwork: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("scrollwork").path
    }

    /// The path of the built `scrollwork-hooks`: the gallery that crashes on purpose.
    static var hooks: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("scrollwork-hooks").path
    }

    /// Starts `command` (run by sh) in a new session of `columns` × `rows`. The shell records
    /// `stty -g` before and after the program and its exit status, then waits.
    /// With `jobControl`, the command runs under `bash` with `set -m`, as a job of its own, so that
    /// a stop signal really stops it (as in an interactive shell); the script then waits for a file
    /// `go` (see ``resume()``) and brings the job back with `fg`.
    init(_ command: String, columns: Int = 120, rows: Int = 40, jobControl: Bool = false) throws {
        self.columns = columns
        self.rows = rows
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let d = directory.path
        let run = jobControl ? "set -m; \(command); while [ ! -f \(d)/go ]; do sleep 0.05; done; fg" : command
        // After the program, one line typed (or pasted) is recorded byte by byte, so a test can see
        // whether the terminal still wraps pastes in bracketed-paste markers.
        let script = "stty -g > \(d)/before; \(run); echo $? > \(d)/status; stty -g > \(d)/after; echo DONE; "
            + "IFS= read -r line; printf %s \"$line\" | od -An -tx1 > \(d)/typed; sleep 60"
        let shell = jobControl ? "bash" : "sh"
        // The server tmux starts keeps running: give it no pipe to hold open.
        _ = try Self.run(["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
                          "env TERM=xterm-256color COLORTERM=truecolor \(shell) -c '\(script)'"], captureOutput: false)
    }

    deinit { shutDown() }

    /// Ends the tmux server (and with it the shell and any program still running) and removes the
    /// scratch files. Tests call it at their end; deinit calls it again, harmlessly.
    func shutDown() {
        _ = try? Self.run(["tmux", "-L", socket, "kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// The screen as text.
    func screen() -> String { (try? Self.run(["tmux", "-L", socket, "capture-pane", "-p"]).output) ?? "" }

    /// One line of the screen.
    func line(_ row: Int) -> String {
        let lines = screen().split(separator: "\n", omittingEmptySubsequences: false)
        return row < lines.count ? String(lines[row]) : ""
    }

    /// Whether the pane shows the alternate screen.
    func alternateScreen() -> Bool {
        ((try? Self.run(["tmux", "-L", socket, "display", "-p", "#{alternate_on}"]).output) ?? "").hasPrefix("1")
    }

    /// A pane flag from tmux's formats, e.g. `cursor_flag`, `mouse_any_flag`, `wrap_flag`.
    func flag(_ name: String) -> String {
        ((try? Self.run(["tmux", "-L", socket, "display", "-p", "#{\(name)}"]).output) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Checks, once the program has ended, that the terminal is as a shell expects it: the
    /// settings it had before, the normal screen, a visible cursor, autowrap on, no mouse
    /// reporting, and a paste arriving without bracketed-paste markers. Returns what is wrong.
    func terminalProblems() -> [String] {
        var problems: [String] = []
        if file("before") != file("after") { problems.append("stty settings changed") }
        if alternateScreen() { problems.append("still on the alternate screen") }
        if flag("cursor_flag") != "1" { problems.append("cursor hidden") }
        if flag("wrap_flag") != "1" { problems.append("autowrap off") }
        for mouse in ["mouse_any_flag", "mouse_button_flag", "mouse_standard_flag", "mouse_sgr_flag", "mouse_all_flag"] where flag(mouse) != "0" {
            problems.append("\(mouse) on")
        }
        _ = try? Self.run(["tmux", "-L", socket, "set-buffer", "pasted"])
        _ = try? Self.run(["tmux", "-L", socket, "paste-buffer", "-p"])
        keys("Enter")
        let typed = file("typed") ?? "(nothing read)"
        if typed.contains("1b") || !typed.contains("70 61 73 74 65 64") { problems.append("paste arrived as \(typed)") }
        return problems
    }

    /// Types keys (tmux key names such as `Tab`, `PageDown`, `q`).
    func keys(_ names: String...) { _ = try? Self.run(["tmux", "-L", socket, "send-keys"] + names) }

    /// Sends raw bytes, such as SGR mouse reports.
    func bytes(_ text: String) {
        let hex = text.utf8.map { String(format: "%02x", $0) }
        _ = try? Self.run(["tmux", "-L", socket, "send-keys", "-H"] + hex)
    }

    /// A left click at a 0-based cell.
    func click(column: Int, row: Int) {
        bytes("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    /// Waits until `condition` holds for the screen; false after `timeout` seconds.
    @discardableResult
    func wait(timeout: Double = 20, _ condition: (String) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if condition(screen()) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition(screen())
    }

    /// A file the shell wrote, once it exists.
    func file(_ name: String, timeout: Double = 20) -> String? {
        let url = directory.appendingPathComponent(name)
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if let text = try? String(contentsOf: url, encoding: .utf8), !text.isEmpty { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    /// Lets a job-control script bring its stopped job back to the foreground.
    func resume() { _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("go").path, contents: Data()) }

    /// The pane's terminal device, e.g. /dev/pts/3.
    func tty() -> String {
        ((try? Self.run(["tmux", "-L", socket, "display", "-p", "#{pane_tty}"]).output) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The program the pane's shell is running: the shell's child process.
    func programPID() -> Int32? {
        let shell = ((try? Self.run(["tmux", "-L", socket, "display", "-p", "#{pane_pid}"]).output) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let out = (try? Self.run(["pgrep", "-P", shell]).output) ?? ""
        // The shell's first child is `stty`, and a child that has not yet run exec is a copy of the
        // shell: a signal sent to either never reaches the program, so only a child already
        // running one of ours counts.
        return out.split(separator: "\n").compactMap { Int32($0) }.first { pid in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            return name.hasPrefix("scrollwork")
        }
    }

    /// Runs a command and waits for it; its output when `captureOutput`. Uses posix_spawn and
    /// waitpid directly: tmux forks a server that outlives the command, which confuses Process.
    @discardableResult
    static func run(_ arguments: [String], captureOutput: Bool = true) throws -> (status: Int32, output: String) {
        var fds: [Int32] = [0, 0]
        // Close-on-exec (at once, though not at once with pipe: Glibc as Swift sees it has no
        // pipe2): tests run side by side, and a program another one starts meanwhile
        // (an X server that lives for its whole test) would otherwise keep this pipe's write
        // end open, and the read below would wait for that program to end, not this one.
        guard pipe(&fds) == 0 else { throw POSIXError(.EIO) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let spawned = spawn(arguments, actions: &actions)
        close(fds[1])
        guard let pid = spawned else { close(fds[0]); throw POSIXError(.ENOENT) }
        var output = [UInt8]()
        if captureOutput {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fds[0], &chunk, chunk.count)
                if n <= 0 { break }
                output += chunk[0..<n]
            }
        }
        close(fds[0])
        var code: Int32 = 0
        waitpid(pid, &code, 0)
        return ((code >> 8) & 0xFF, String(decoding: output, as: UTF8.self))
    }

    /// Starts `arguments` with `actions` and no signal blocked or ignored; its pid, or nil when it
    /// could not start. The test process may hold signals blocked (its threads do); a child that
    /// inherited that mask would ignore SIGTERM, and a tmux server would never see its panes end.
    static func spawn(_ arguments: [String], actions: inout posix_spawn_file_actions_t) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ) == 0 ? pid : nil
    }
}
