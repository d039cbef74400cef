#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The XDG desktop portal's settings, asked through `gdbus` (GLib's, on every desktop that has a
/// portal) on the session bus `environment` names, as GTK reads them.
enum Portal {
    /// What `gdbus` prints for the portal's `Settings.method` with `arguments`, or nil when there
    /// is no session bus, no `gdbus`, or no answer within its one-second timeout. Without
    /// `DBUS_SESSION_BUS_ADDRESS` nothing is started: `gdbus` would launch a bus of its own.
    static func call(method: String, arguments: [String], environment: [String: String]) -> String? {
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else { return nil }
        let command = ["gdbus", "call", "--session", "--timeout", "1", "--dest", "org.freedesktop.portal.Desktop",
                       "--object-path", "/org/freedesktop/portal/desktop", "--method", "org.freedesktop.portal.Settings.\(method)"] + arguments
        var pipeEnds: [Int32] = [0, 0]
        // Safe: each call fills or reads the locals it is lent; the argument and environment lists
        // are C strings copied by `strdup`, ended by a null, freed after the spawn, which copies
        // them; the answer is read into an array within its count.
        guard unsafe pipe(&pipeEnds) == 0 else { return nil }
        var actions = unsafe posix_spawn_file_actions_t()
        unsafe posix_spawn_file_actions_init(&actions)
        defer { unsafe posix_spawn_file_actions_destroy(&actions) }
        unsafe posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        unsafe posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        unsafe posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = unsafe (command.map { unsafe strdup($0) } + [nil])
        defer { for unsafe p in unsafe argv { unsafe free(p) } }
        // The bus asked is the one `environment` names (a test's private bus), with the path
        // and the rest of this process's variables.
        var variables = environment
        if variables["PATH"] == nil { variables["PATH"] = unsafe getenv("PATH").map { unsafe String(cString: $0) } ?? "/usr/bin:/bin" }
        var envp: [UnsafeMutablePointer<CChar>?] = unsafe (variables.map { unsafe strdup("\($0.key)=\($0.value)") } + [nil])
        defer { for unsafe p in unsafe envp { unsafe free(p) } }
        var pid: pid_t = 0
        let spawned = unsafe posix_spawnp(&pid, "gdbus", &actions, nil, &argv, &envp)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while output.count < 65_536 {
            let n = unsafe chunk.withUnsafeMutableBytes { unsafe read(pipeEnds[0], $0.baseAddress, $0.count) }
            if n > 0 { output += chunk[..<n]; continue }
            if n < 0 && errno == EINTR { continue }
            break
        }
        var status: Int32 = 0
        while unsafe waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }
}
#endif
