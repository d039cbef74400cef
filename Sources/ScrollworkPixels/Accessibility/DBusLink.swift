#if Window
import CDBus

/// Why the accessibility bridge could not reach a bus, with libdbus's own words.
public struct DBusFailure: Error, Sendable, CustomStringConvertible {
    /// What was tried and what libdbus said.
    public let description: String
}

/// A method call that came in, kept until it is answered.
@safe final class DBusCall {
    // Safe to hold: it holds a reference to libdbus's message from `init` and drops it only in
    // `deinit`, so the message lives as long as this object.
    /// libdbus's message; released when the call is.
    let message: OpaquePointer
    let path: String
    let interface: String
    let member: String
    let arguments: [DBusValue]

    init(message: OpaquePointer, path: String, interface: String, member: String, arguments: [DBusValue]) {
        unsafe (self.message, self.path, self.interface, self.member, self.arguments) = unsafe (message, path, interface, member, arguments)
    }

    deinit { unsafe dbus_message_unref(message) }
}

/// A private connection to one D-Bus bus, used from one thread only: calls out, signals out,
/// and method calls in, one at a time, without libdbus's callbacks.
@safe struct DBusLink: ~Copyable {
    // Safe to hold: the connection is libdbus's private one, opened in `init` and closed only
    // when this link (which cannot be copied) ends; every message made is unreferenced once sent.
    private let connection: OpaquePointer
    /// The name the bus gave this connection (":1.42").
    let uniqueName: String

    /// Connects to the bus at `address` and says hello to it.
    init(address: String) throws(DBusFailure) {
        var error = unsafe DBusError()
        unsafe dbus_error_init(&error)
        defer { unsafe dbus_error_free(&error) }
        guard let connection = unsafe dbus_connection_open_private(address, &error) else {
            throw DBusFailure(description: unsafe "cannot connect to the bus at \(address): \(Self.message(error))")
        }
        unsafe dbus_connection_set_exit_on_disconnect(connection, 0)
        guard unsafe dbus_bus_register(connection, &error) != 0, let name = unsafe dbus_bus_get_unique_name(connection) else {
            unsafe dbus_connection_close(connection)
            unsafe dbus_connection_unref(connection)
            throw DBusFailure(description: unsafe "the bus at \(address) did not take this program: \(Self.message(error))")
        }
        unsafe self.connection = unsafe connection
        uniqueName = unsafe String(cString: name)
    }

    deinit {
        unsafe dbus_connection_close(connection)
        unsafe dbus_connection_unref(connection)
    }

    private static func message(_ error: DBusError) -> String {
        unsafe error.message.map { unsafe String(cString: $0) } ?? "no reason given"
    }

    /// Calls `member` and waits up to `timeout` milliseconds for its answer's values.
    func call(_ destination: String, _ path: String, _ interface: String, _ member: String,
              _ arguments: [DBusValue] = [], timeout: Int32 = 2000) throws(DBusFailure) -> [DBusValue] {
        guard let message = unsafe dbus_message_new_method_call(destination, path, interface, member) else {
            throw DBusFailure(description: "libdbus could not make a call to \(interface).\(member)")
        }
        defer { unsafe dbus_message_unref(message) }
        unsafe Self.append(arguments, to: message)
        var error = unsafe DBusError()
        unsafe dbus_error_init(&error)
        defer { unsafe dbus_error_free(&error) }
        guard let reply = unsafe dbus_connection_send_with_reply_and_block(connection, message, timeout, &error) else {
            throw DBusFailure(description: unsafe "\(interface).\(member) on \(destination) failed: \(Self.message(error))")
        }
        defer { unsafe dbus_message_unref(reply) }
        return unsafe Self.values(of: reply)
    }

    /// Sends a signal from `path`.
    func signal(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue]) {
        guard let message = unsafe dbus_message_new_signal(path, interface, member) else { return }
        defer { unsafe dbus_message_unref(message) }
        unsafe Self.append(arguments, to: message)
        _ = unsafe dbus_connection_send(connection, message, nil)
    }

    /// Answers `call` with `values`.
    func reply(to call: DBusCall, _ values: [DBusValue]) {
        guard let message = unsafe dbus_message_new_method_return(call.message) else { return }
        defer { unsafe dbus_message_unref(message) }
        unsafe Self.append(values, to: message)
        _ = unsafe dbus_connection_send(connection, message, nil)
    }

    /// Answers `call` with the error `name` and `text`.
    func fail(_ call: DBusCall, _ name: String, _ text: String) {
        guard let message = unsafe dbus_message_new_error(call.message, name, text) else { return }
        defer { unsafe dbus_message_unref(message) }
        _ = unsafe dbus_connection_send(connection, message, nil)
    }

    /// Writes what is queued and waits up to `timeout` milliseconds for a method call to this
    /// connection; nil when none came, false in `connected` once the bus has gone.
    func nextCall(waiting timeout: Int32) -> (call: DBusCall?, connected: Bool) {
        if let call = popCall() { return (call, true) }
        guard unsafe dbus_connection_read_write(connection, timeout) != 0 else { return (nil, false) }
        return unsafe (popCall(), dbus_connection_get_is_connected(connection) != 0)
    }

    /// Writes out everything queued.
    func flush() { unsafe dbus_connection_flush(connection) }

    /// Asks the bus for the messages `rule` matches (`type='signal',interface='…'`).
    func addMatch(_ rule: String) throws(DBusFailure) {
        var error = unsafe DBusError()
        unsafe dbus_error_init(&error)
        defer { unsafe dbus_error_free(&error) }
        unsafe dbus_bus_add_match(connection, rule, &error)
        if unsafe dbus_error_is_set(&error) != 0 { throw DBusFailure(description: unsafe "the bus refused the match \(rule): \(Self.message(error))") }
    }

    /// Waits up to `timeout` milliseconds for a signal a match asked for (method calls to this
    /// connection are left unanswered); nil when none came, false in `connected` once the bus
    /// has gone.
    func nextSignal(waiting timeout: Int32) -> (signal: DBusCall?, connected: Bool) {
        if let signal = pop(type: 4) { return (signal, true) }
        guard unsafe dbus_connection_read_write(connection, timeout) != 0 else { return (nil, false) }
        return unsafe (pop(type: 4), dbus_connection_get_is_connected(connection) != 0)
    }

    private func popCall() -> DBusCall? { pop(type: 1) }

    /// The first message queued of `type` (1 a method call, 4 a signal), the others before it dropped.
    private func pop(type: Int32) -> DBusCall? {
        while let message = unsafe dbus_connection_pop_message(connection) {
            guard unsafe dbus_message_get_type(message) == type else {
                unsafe dbus_message_unref(message)
                continue
            }
            func text(_ pointer: UnsafePointer<CChar>?) -> String { unsafe pointer.map { unsafe String(cString: $0) } ?? "" }
            return unsafe DBusCall(message: message, path: text(dbus_message_get_path(message)), interface: text(dbus_message_get_interface(message)),
                            member: text(dbus_message_get_member(message)), arguments: Self.values(of: message))
        }
        return nil
    }

    private static func append(_ values: [DBusValue], to message: OpaquePointer) {
        var iter = unsafe DBusMessageIter()
        unsafe dbus_message_iter_init_append(message, &iter)
        for value in values { unsafe value.append(to: &iter) }
    }

    private static func values(of message: OpaquePointer) -> [DBusValue] {
        var iter = unsafe DBusMessageIter()
        guard unsafe dbus_message_iter_init(message, &iter) != 0 else { return [] }
        return unsafe DBusValue.readAll(&iter)
    }
}
#endif
