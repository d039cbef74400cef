#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The TCP calls under ``HTTPRequest``: a non-blocking socket waited on with `poll`, so that a
/// wait can be given up (a timeout) or cut short (the caller's stop) ten times a second.
enum HTTPSocket {
    /// How long one `poll` waits before the caller is asked again, in milliseconds.
    static let slice: Int32 = 100

    /// A socket connected to `host`:`port` (each address the name resolves to tried in turn).
    static func connect(host: String, port: Int, timeout: Double) throws(HTTPError) -> Int32 {
        // Safe: the host and port are C strings lent for the call; the list `getaddrinfo` makes is
        // walked by its own links and freed when this returns; every other call fills or reads
        // locals it is lent, and the system's error texts are copied at once.
        var hints = unsafe addrinfo()
        unsafe hints.ai_family = AF_UNSPEC
        unsafe hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>? = nil
        let resolved = unsafe getaddrinfo(host, "\(port)", &hints, &found)
        guard resolved == 0, let first = unsafe found else {
            throw unsafe .cannotConnect(host: host, port: port, reason: resolved == 0 ? "the name has no address" : String(cString: gai_strerror(resolved)))
        }
        defer { unsafe freeaddrinfo(first) }
        var reason = "no address answered"
        var next: UnsafeMutablePointer<addrinfo>? = unsafe first
        while let address = unsafe next {
            unsafe next = unsafe address.pointee.ai_next
            let socket = unsafe Glibc.socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard socket >= 0 else { reason = unsafe String(cString: strerror(errno)); continue }
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            if unsafe Glibc.connect(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                var descriptor = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
                let ready = unsafe poll(&descriptor, 1, Int32(Swift.min(timeout * 1000, 86_400_000)))
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                if ready > 0, unsafe getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 { return socket }
                reason = ready == 0 ? "no answer within \(Int(timeout)) s" : unsafe String(cString: strerror(error != 0 ? error : errno))
            } else {
                reason = unsafe String(cString: strerror(errno))
            }
            close(socket)
        }
        throw .cannotConnect(host: host, port: port, reason: reason)
    }

    /// Waits until `socket` can be read (or written, `forWriting`): false when `keepGoing` said
    /// stop; throws when `timeout` seconds pass first.
    private static func wait(_ socket: Int32, forWriting: Bool, timeout: Double, host: String, port: Int,
                             keepGoing: (@Sendable () -> Bool)?) throws(HTTPError) {
        var waited = 0.0
        while true {
            if let keepGoing, !keepGoing() { throw .cancelled }
            var descriptor = pollfd(fd: socket, events: Int16(forWriting ? POLLOUT : POLLIN), revents: 0)
            // Safe: the call reads the one descriptor it is lent; the error's text is copied at
            // once.
            let ready = unsafe poll(&descriptor, 1, slice)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw unsafe .connectionLost(host: host, port: port, reason: String(cString: strerror(errno))) }
            waited += Double(slice) / 1000
            if waited >= timeout { throw .timedOut(host: host, port: port, seconds: timeout) }
        }
    }

    /// Writes all of `bytes` to `socket`.
    static func write(_ bytes: [UInt8], to socket: Int32, timeout: Double, host: String, port: Int, keepGoing: (@Sendable () -> Bool)?) throws(HTTPError) {
        var sent = 0
        while sent < bytes.count {
            try wait(socket, forWriting: true, timeout: timeout, host: host, port: port, keepGoing: keepGoing)
            // MSG_NOSIGNAL: a server that closed the connection is an error, not SIGPIPE.
            // Safe: each send is given the bytes left past `sent`, inside the array lent for the
            // call.
            let n = unsafe bytes.withUnsafeBytes { whole in unsafe whole.baseAddress.map { unsafe Glibc.send(socket, $0 + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) } ?? 0 }
            if n > 0 { sent += n; continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { continue }
            throw unsafe .connectionLost(host: host, port: port, reason: n == 0 ? "the server closed the connection" : String(cString: strerror(errno)))
        }
    }

    /// Everything `socket` gives until the server closes it, at most `limit` bytes.
    static func readToEnd(_ socket: Int32, timeout: Double, limit: Int, host: String, port: Int, keepGoing: (@Sendable () -> Bool)?) throws(HTTPError) -> [UInt8] {
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = try readSome(socket, into: &chunk, timeout: timeout, host: host, port: port, keepGoing: keepGoing)
            if n == 0 { return answer }
            guard answer.count + n <= limit else { throw .tooLarge(limit: limit) }
            answer += chunk[..<n]
        }
    }

    /// The next bytes `socket` gives, into the start of `chunk`: how many, 0 once the server
    /// has closed the connection. Waits for them as ``readToEnd(_:timeout:limit:host:port:keepGoing:)`` does.
    static func readSome(_ socket: Int32, into chunk: inout [UInt8], timeout: Double, host: String, port: Int,
                         keepGoing: (@Sendable () -> Bool)?) throws(HTTPError) -> Int {
        while true {
            try wait(socket, forWriting: false, timeout: timeout, host: host, port: port, keepGoing: keepGoing)
            let n = unsafe chunk.withUnsafeMutableBytes { unsafe recv(socket, $0.baseAddress, $0.count, 0) }
            if n >= 0 { return n }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
            throw unsafe .connectionLost(host: host, port: port, reason: String(cString: strerror(errno)))
        }
    }
}
