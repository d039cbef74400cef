#if Window
#if canImport(Glibc)
import Glibc
#endif
import Scrollwork

/// The window's bridge to screen readers: AT-SPI 2 spoken over D-Bus, as GTK 4 and Qt speak it.
///
/// A thread of its own connects to the accessibility bus, registers the application with the
/// registry, and answers every call from the last tree the window published, so a screen
/// reader is answered in well under a millisecond even while the window is busy, and rows of a
/// table are read only when asked for. Focus moves are sent as AT-SPI events.
final class AccessibilityBridge: Sendable {
    private struct Shared {
        var tree: AtspiTree?
        var events: [AtspiEvent] = []
        /// What the objects on screen showed when the tree was published.
        var shown: [String: AtspiTree.Shown] = [:]
        var stopping = false
        /// Why the bridge stopped, once it has.
        var failure: String?
        var bus: String?
        /// Actions screen readers asked for, for the app's thread: each the object's path and the action's index.
        var requests: [(path: String, action: Int)] = []
    }

    private let shared = Locked(Shared())
    private let thread: Locked<pthread_t?> = Locked(nil)
    /// Wakes the app's loop when an action is asked for.
    private let wake: @Sendable () -> Void

    private init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// Starts the bridge for the bus `environment` names (`AT_SPI_BUS_ADDRESS`, else the
    /// session bus's accessibility bus), or returns nil when there is none or
    /// `NO_AT_BRIDGE=1` (GTK's switch) turns it off. `wake` is called, from the bridge's
    /// thread, when a screen reader asks for an action (``takeRequests()``).
    static func start(environment: [String: String], wake: @escaping @Sendable () -> Void = {}) -> AccessibilityBridge? {
        if environment["NO_AT_BRIDGE"] == "1" { return nil }
        let direct = environment["AT_SPI_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        let session = environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        guard direct != nil || session != nil else { return nil }
        let bridge = AccessibilityBridge(wake: wake)
        guard let handle = ThreadBody.spawn({ bridge.serve(direct: direct, session: session) }) else { return nil }
        bridge.thread.withLock { $0 = handle }
        return bridge
    }

    /// True once the bridge has joined the accessibility bus and has not stopped.
    var isConnected: Bool { shared.withLock { $0.bus != nil && $0.failure == nil && !$0.stopping } }

    /// Why the bridge stopped, if it has.
    var failure: String? { shared.withLock { $0.failure } }

    /// Makes `tree` what screen readers are told from now on, and sends the events its
    /// difference from the last one makes (``AtspiTree/published(after:)``).
    func publish(_ tree: AtspiTree) {
        // Only this call changes what was published, so what it reads here is still so below.
        let last = shared.withLock { state in state.tree.map { AtspiTree.Publication(tree: $0, shown: state.shown, events: []) } }
        let next = tree.published(after: last)
        shared.withLock { state in
            state.events += next.events
            state.tree = next.tree
            state.shown = next.shown
        }
    }

    /// The actions asked for since the last call, oldest first: each the path of an object in
    /// the tree last published and the index of one of its actions.
    func takeRequests() -> [(path: String, action: Int)] {
        shared.withLock { state in
            defer { state.requests.removeAll() }
            return state.requests
        }
    }

    /// Stops the thread and waits for it: at most one wait of the bus (50 ms), or while it is
    /// still joining a slow bus, that bus's answer (2 seconds at most).
    func stop() {
        shared.withLock { $0.stopping = true }
        if let handle = thread.withLock({ value -> pthread_t? in defer { value = nil }; return value }) { pthread_join(handle, nil) }
    }

    private func serve(direct: String?, session: String?) {
        do throws(DBusFailure) {
            let address: String
            if let direct {
                address = direct
            } else {
                let bus = try DBusLink(address: session ?? "")
                let answer = try bus.call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress")
                guard let found = answer.first?.text, !found.isEmpty else { throw DBusFailure(description: "the session bus gave no accessibility bus") }
                address = found
            }
            let link = try DBusLink(address: address)
            shared.withLock { $0.bus = link.uniqueName }
            // The application joins the desktop once its window has something to show: a screen
            // reader that finds it then finds its window whole.
            while shared.withLock({ $0.tree == nil && !$0.stopping }) {
                let next = link.nextCall(waiting: 20)
                if let call = next.call { answer(call, from: nil, on: link) }
                if !next.connected { throw DBusFailure(description: "the accessibility bus closed the connection") }
            }
            if shared.withLock({ $0.stopping }) { return }
            _ = try link.call("org.a11y.atspi.Registry", AtspiTree.applicationPath, "org.a11y.atspi.Socket", "Embed",
                              [.reference(link.uniqueName, AtspiTree.applicationPath)])
            while true {
                let (events, tree, stopping) = shared.withLock { state in
                    defer { state.events.removeAll() }
                    return (state.events, state.tree, state.stopping)
                }
                if stopping { break }
                for event in events { event.send(on: link, bus: link.uniqueName) }
                let next = link.nextCall(waiting: 50)
                if let call = next.call { answer(call, from: tree, on: link) }
                if !next.connected { throw DBusFailure(description: "the accessibility bus closed the connection") }
            }
            link.flush()
        } catch {
            shared.withLock { $0.failure = error.description }
        }
    }

    private func answer(_ call: DBusCall, from tree: AtspiTree?, on link: borrowing DBusLink) {
        // Before the first frame the window is there with nothing in it yet.
        let tree = tree ?? AtspiTree(applicationName: "scrollwork", title: "", content: nil, size: Size(width: 0, height: 0), scale: 1, origin: (0, 0), isActive: false)
        let answers = AtspiAnswers(tree: tree, bus: link.uniqueName)
        switch answers.answer(path: call.path, interface: call.interface, member: call.member, arguments: call.arguments) {
        case let .values(values): link.reply(to: call, values)
        case let .error(name, text): link.fail(call, name, text)
        case let .perform(path, action):
            // Done on the app's thread, as input; the screen reader is told it will be done.
            shared.withLock { $0.requests.append((path, action)) }
            wake()
            link.reply(to: call, [.boolean(true)])
        }
    }
}

#endif
