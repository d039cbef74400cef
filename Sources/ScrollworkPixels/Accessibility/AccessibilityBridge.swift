#if Window
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

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
        var focus: String?
        var stopping = false
        /// Why the bridge stopped, once it has.
        var failure: String?
        var bus: String?
    }

    private let shared = Mutex(Shared())
    private let thread: Mutex<pthread_t?> = Mutex(nil)

    /// Starts the bridge for the bus `environment` names (`AT_SPI_BUS_ADDRESS`, else the
    /// session bus's accessibility bus), or returns nil when there is none or
    /// `NO_AT_BRIDGE=1` (GTK's switch) turns it off.
    static func start(environment: [String: String]) -> AccessibilityBridge? {
        if environment["NO_AT_BRIDGE"] == "1" { return nil }
        let direct = environment["AT_SPI_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        let session = environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        guard direct != nil || session != nil else { return nil }
        let bridge = AccessibilityBridge()
        let body = ThreadBody { bridge.serve(direct: direct, session: session) }
        var handle = pthread_t()
        let context = Unmanaged.passRetained(body).toOpaque()
        guard pthread_create(&handle, nil, { context in
            guard let context else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context) == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        bridge.thread.withLock { $0 = handle }
        return bridge
    }

    /// True once the bridge has registered the application, so that publishing is worth it.
    var isConnected: Bool { shared.withLock { $0.bus != nil && $0.failure == nil && !$0.stopping } }

    /// Why the bridge stopped, if it has.
    var failure: String? { shared.withLock { $0.failure } }

    /// Makes `tree` what screen readers are told from now on, and sends the events its
    /// difference from the last one makes (focus moved, the window came up).
    func publish(_ tree: AtspiTree) {
        let focused = tree.focusedPath
        shared.withLock { state in
            if state.tree == nil { state.events.append(.windowActivated) }
            state.tree = tree
            guard focused != state.focus else { return }
            state.events += AtspiEvent.focusMoved(from: state.focus, to: focused)
            state.focus = focused
        }
    }

    /// Stops the thread and waits for it (at most one wait of the bus, 50 ms).
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
        guard let tree else {
            link.fail(call, "org.freedesktop.DBus.Error.Failed", "the window has not drawn yet")
            return
        }
        let answers = AtspiAnswers(tree: tree, bus: link.uniqueName)
        switch answers.answer(path: call.path, interface: call.interface, member: call.member, arguments: call.arguments) {
        case let .values(values): link.reply(to: call, values)
        case let .error(name, text): link.fail(call, name, text)
        }
    }
}

/// A closure run once on a new thread, passed through pthread's context pointer.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// An AT-SPI event the bridge sends.
struct AtspiEvent: Equatable, Sendable {
    var path: String
    var interface: String
    var member: String
    var detail: String
    var detail1: Int32
    var detail2: Int32
    /// The path of an object the event refers to (the active descendant), if any.
    var object: String?

    /// The window came up with the keyboard.
    static let windowActivated = AtspiEvent(path: AtspiTree.windowPath, interface: "org.a11y.atspi.Event.Window", member: "Activate",
                                            detail: "", detail1: 0, detail2: 0, object: nil)

    /// The events for focus moving from `old` to `new`: the old object loses focus, the new one
    /// gains it, and a list or table says which row is its active descendant now.
    static func focusMoved(from old: String?, to new: String) -> [AtspiEvent] {
        func state(_ path: String, _ on: Bool) -> AtspiEvent {
            AtspiEvent(path: path, interface: "org.a11y.atspi.Event.Object", member: "StateChanged", detail: "focused", detail1: on ? 1 : 0, detail2: 0, object: nil)
        }
        var events: [AtspiEvent] = []
        if let old { events.append(state(old, false)) }
        if let slash = new.lastIndex(of: "/"), new[new.index(after: slash)...].first == "r" {
            let container = String(new[..<slash])
            events.append(AtspiEvent(path: container, interface: "org.a11y.atspi.Event.Object", member: "ActiveDescendantChanged",
                                     detail: "", detail1: 0, detail2: 0, object: new))
            events.append(AtspiEvent(path: container, interface: "org.a11y.atspi.Event.Object", member: "SelectionChanged",
                                     detail: "", detail1: 0, detail2: 0, object: nil))
        }
        events.append(state(new, true))
        return events
    }

    func send(on link: borrowing DBusLink, bus: String) {
        let any: DBusValue = object.map { .variant(.reference(bus, $0)) } ?? .variant(.int32(0))
        link.signal(path, interface, member, [.string(detail), .int32(detail1), .int32(detail2), any, .array(signature: "{sv}", [])])
    }
}
#endif
