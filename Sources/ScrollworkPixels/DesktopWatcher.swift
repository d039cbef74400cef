#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
#if canImport(Glibc)
import Glibc
#endif
import Scrollwork

/// Follows the desktop's settings while a window is open, as GTK does: a thread of its own
/// listens on the session bus for the settings portal's `SettingChanged`, reads the settings
/// again when one of those a window uses changes (``DesktopSettings``), and wakes the window's
/// loop, which takes them with ``take()``.
final class DesktopWatcher: Sendable {
    private struct Shared {
        var stopping = false
        /// True once the watcher listens on the bus.
        var listening = false
        /// Why it stopped listening, once it has.
        var failure: String?
        /// The settings read after the last change, until taken.
        var changed: DesktopSettings?
    }

    /// The portal's namespaces whose keys a window follows.
    static let namespaces: Set<String> = ["org.gnome.desktop.interface", "org.freedesktop.appearance"]

    private let shared = Locked(Shared())
    private let thread: Locked<pthread_t?> = Locked(nil)
    private let environment: [String: String]
    /// Wakes the window's loop when the settings changed.
    private let wake: @Sendable () -> Void

    private init(environment: [String: String], wake: @escaping @Sendable () -> Void) {
        self.environment = environment
        self.wake = wake
    }

    /// Starts listening on the session bus `environment` names; nil without one.
    static func start(environment: [String: String], wake: @escaping @Sendable () -> Void) -> DesktopWatcher? {
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else { return nil }
        let watcher = DesktopWatcher(environment: environment, wake: wake)
        guard let handle = ThreadBody.spawn({ watcher.listen(bus: bus) }) else { return nil }
        watcher.thread.withLock { $0 = handle }
        return watcher
    }

    /// The desktop's settings as read after the last change, once: nil when none changed since.
    func take() -> DesktopSettings? {
        shared.withLock { state in
            defer { state.changed = nil }
            return state.changed
        }
    }

    /// True while the watcher listens for changes.
    var isListening: Bool { shared.withLock { $0.listening && !$0.stopping } }

    /// Why the watcher stopped listening (no bus, the bus gone), if it has.
    var failure: String? { shared.withLock { $0.failure } }

    /// Stops the thread and waits for it: at most one wait on the bus (50 ms).
    func stop() {
        shared.withLock { $0.stopping = true }
        if let handle = thread.withLock({ value -> pthread_t? in defer { value = nil }; return value }) { pthread_join(handle, nil) }
    }

    private func listen(bus: String) {
        do throws(DBusFailure) {
            let link = try DBusLink(address: bus)
            try link.addMatch("type='signal',interface='org.freedesktop.portal.Settings',member='SettingChanged'")
            shared.withLock { $0.listening = true }
            while !shared.withLock({ $0.stopping }) {
                let (signal, connected) = link.nextSignal(waiting: 50)
                guard connected else { throw DBusFailure(description: "the session bus went away") }
                guard let signal, signal.member == "SettingChanged", let namespace = signal.arguments.first?.text, Self.namespaces.contains(namespace) else { continue }
                let settings = DesktopSettings.current(environment: environment)
                shared.withLock { $0.changed = settings }
                wake()
            }
        } catch {
            shared.withLock {
                $0.failure = error.description
                $0.listening = false
            }
        }
    }
}
#endif
