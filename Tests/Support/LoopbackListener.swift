#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A server of our own for tests of clients: it listens on a free port of 127.0.0.1 and answers
/// each connection with the next of the answers it was given, whatever was asked.
public enum LoopbackListener {
    /// Why a listener could not be set up.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, with `errno`'s words.
        public var description: String
    }

    /// Starts a listener on 127.0.0.1 that answers its connections with `answers`, one each, in
    /// turn (reading what each asks first), then closes; its port.
    public static func answering(_ answers: [String]) throws -> Int {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard server >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        let port: Int
        do { port = try bound(server, backlog: Swift.max(1, answers.count)) } catch {
            close(server)
            throw error
        }
        let replies = answers.map { Array($0.utf8) }
        Thread.detachNewThread {
            for bytes in replies {
                let client = accept(server, nil, nil)
                var request = [UInt8](repeating: 0, count: 4096)
                _ = recv(client, &request, request.count, 0)
                _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(client)
            }
            close(server)
        }
        return port
    }

    /// A latch a test opens to let a listener go on (``answering(_:then:after:)``).
    public final class Gate: @unchecked Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        /// A closed gate.
        public init() {}
        /// Lets the listener go on.
        public func open() { semaphore.signal() }
        /// Waits until the gate is opened.
        func pass() { semaphore.wait() }
    }

    /// Starts a listener on 127.0.0.1 that answers one connection with `first`, then waits for
    /// `gate` to open and sends `rest` (nil: sends nothing more), then closes: an answer that
    /// comes in two parts, or breaks off. Its port.
    public static func answering(_ first: String, then rest: String?, after gate: Gate) throws -> Int {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard server >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        let port: Int
        do { port = try bound(server, backlog: 1) } catch {
            close(server)
            throw error
        }
        let parts = [Array(first.utf8), rest.map { Array($0.utf8) }]
        Thread.detachNewThread {
            let client = accept(server, nil, nil)
            var request = [UInt8](repeating: 0, count: 4096)
            _ = recv(client, &request, request.count, 0)
            if let start = parts[0] { _ = start.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
            gate.pass()
            if let end = parts[1] { _ = end.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
            close(client)
            close(server)
        }
        return port
    }

    /// A port of 127.0.0.1 nothing listens on now.
    public static func freePort() throws -> Int {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard probe >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(probe) }
        return try bound(probe, backlog: nil)
    }

    /// Binds `socket` to a free port of 127.0.0.1 (listening when `backlog` is given); the port.
    private static func bound(_ socket: Int32, backlog: Int?) throws -> Int {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        guard bound == 0, backlog.map({ listen(socket, Int32($0)) == 0 }) ?? true else {
            throw Failure(description: "binding a loopback port: \(String(cString: strerror(errno)))")
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
