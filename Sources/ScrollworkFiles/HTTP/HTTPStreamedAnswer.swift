#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// A GET whose answer is taken as it arrives, on a thread of its own: its head as soon as it is
/// whole, its body through one end of a socket pair, decoded (chunks joined), for a
/// ``HTTPBodySpool`` to keep as standard input is kept. What a file from a server that serves no
/// ranges is read through, so that its first screen shows while the rest comes, and a file of
/// any size can be read without holding it in memory.
final class HTTPStreamedAnswer: Sendable {
    private struct State {
        var head: HTTPResponse?
        /// Why the answer stopped short, once it has.
        var failure: HTTPError?
        /// The body's bytes handed on so far.
        var received: UInt64 = 0
        /// Set when the reader has gone: the transfer stops.
        var stopped = false
    }

    private let state = Locked(State())
    /// The end of the socket pair the body is read from (the reader owns it).
    let body: Int32

    private init(body: Int32) { self.body = body }

    /// Sends `request` (plain HTTP) or `secure` (HTTPS, through libcurl) and returns once the
    /// answer's head has come: the head, and the answer whose ``body`` gives the body as it comes.
    ///
    /// - Throws: ``HTTPError`` when no head comes (the server cannot be reached, answers what is
    ///   not HTTP, says nothing for `timeout` seconds).
    static func start(_ request: HTTPRequest?, secure: HTTPSRequest?, authorities: String?, timeout: Double) throws(HTTPError) -> (HTTPResponse, HTTPStreamedAnswer) {
        var ends: [Int32] = [-1, -1]
        // Safe: the call fills the two numbers of the array it is lent; the error's text is copied at once.
        guard unsafe socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else {
            throw unsafe .connectionLost(host: request?.host ?? secure?.host ?? "", port: request?.port ?? secure?.port ?? 0, reason: String(cString: strerror(errno)))
        }
        let answer = HTTPStreamedAnswer(body: ends[0])
        let writer = ends[1]
        let started = ThreadBody.detach {
            defer { close(writer) }
            do throws(HTTPError) {
                if let secure { try answer.receive(secure, authorities: authorities, timeout: timeout, to: writer) }
                else if let request { try answer.receive(request, timeout: timeout, to: writer) }
            } catch {
                answer.state.withLock { $0.failure = error }
            }
        }
        guard started else {
            close(writer)
            close(answer.body)
            throw .connectionLost(host: request?.host ?? secure?.host ?? "", port: request?.port ?? secure?.port ?? 0, reason: "no thread to read the answer on")
        }
        // The thread's own waits end in its timeout: this waits for the head or a failure.
        while true {
            let (head, failure) = answer.state.withLock { ($0.head, $0.failure) }
            if let head { return (head, answer) }
            if let failure {
                close(answer.body)
                throw failure
            }
            usleep(1_000)
        }
    }

    /// Why the body stopped short of its end, once it has; nil while it comes and when it came whole.
    var failure: HTTPError? { state.withLock { $0.failure } }

    /// How many bytes of the body have come.
    var received: UInt64 { state.withLock { $0.received } }

    /// Tells the thread to stop: the reader has gone.
    func stop() { state.withLock { $0.stopped = true } }

    /// The whole body, read here: for a short answer (a redirect, an error, a range) read before
    /// it is used. At most `limit` bytes; the body's end closes ``body``.
    ///
    /// - Throws: ``HTTPError`` when the answer broke off or is longer than `limit`.
    func wholeBody(limit: Int) throws(HTTPError) -> [UInt8] {
        defer { close(body) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Safe: the receive fills at most the chunk's count.
            let n = unsafe chunk.withUnsafeMutableBytes { unsafe recv(body, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            guard bytes.count + n <= limit else {
                stop()
                throw .tooLarge(limit: limit)
            }
            bytes += chunk[..<n]
        }
        if let failure { throw failure }
        return bytes
    }

    // MARK: The thread's side

    private var keepGoing: @Sendable () -> Bool { { [self] in !self.state.withLock { $0.stopped } } }

    /// Hands `bytes` to the reader: false once it has gone.
    private func pass(_ bytes: UnsafeRawBufferPointer, to writer: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            if state.withLock({ $0.stopped }) { return false }
            // MSG_NOSIGNAL: a reader that has gone is an error here, not SIGPIPE.
            // Safe: each send is given the bytes left past `sent`, inside the caller's.
            let n = unsafe send(writer, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            sent += n
        }
        state.withLock { $0.received += UInt64(bytes.count) }
        return true
    }

    private func receive(_ request: HTTPRequest, timeout: Double, to writer: Int32) throws(HTTPError) {
        let port = Swift.min(Swift.max(request.port, 1), 65_535), host = request.host
        let socket = try HTTPSocket.connect(host: host, port: port, timeout: timeout)
        defer { close(socket) }
        try HTTPSocket.write(request.wire(port: port), to: socket, timeout: timeout, host: host, port: port, keepGoing: keepGoing)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var start: [UInt8] = []
        var decoder: HTTPBodyDecoder?
        func pass(_ piece: ArraySlice<UInt8>) throws(HTTPError) {
            guard unsafe piece.withUnsafeBytes({ unsafe self.pass($0, to: writer) }) else { throw .cancelled }
        }
        while true {
            let n = try HTTPSocket.readSome(socket, into: &chunk, timeout: timeout, host: host, port: port, keepGoing: keepGoing)
            if n == 0 {
                // Closed: the end of a body of unannounced length; short of one announced, a break.
                if decoder?.isDone == true || decoder?.endsAtClose == true { return }
                throw .connectionLost(host: host, port: port, reason: decoder == nil ? "the server closed the connection before its answer's head was whole"
                    : "the server closed the connection before the end of the body it announced")
            }
            if var body = decoder {
                try body.feed(chunk[..<n], emit: pass)
                decoder = body
            } else {
                start += chunk[..<n]
                guard let split = start.firstRange(of: [13, 10, 13, 10]) else {
                    guard start.count <= 1 << 20 else { throw .malformed("the answer's head runs past a megabyte") }
                    continue
                }
                let head = try HTTPResponse(head: start[..<split.lowerBound])
                var body = HTTPBodyDecoder(for: head)
                state.withLock { $0.head = head }
                try body.feed(start[split.upperBound...], emit: pass)
                decoder = body
                start = []
            }
            if decoder?.isDone == true { return }
        }
    }

    private func receive(_ request: HTTPSRequest, authorities: String?, timeout: Double, to writer: Int32) throws(HTTPError) {
        let transfer = HTTPSRequest.Transfer(limit: HTTPRequest.answerLimit, keepGoing: keepGoing)
        transfer.onHead = { [self] head in self.state.withLock { $0.head = head } }
        // Safe: libcurl's bytes are lent for each call and passed on within it.
        unsafe transfer.onBody = { [self] bytes in unsafe self.pass(UnsafeRawBufferPointer(bytes), to: writer) }
        do {
            _ = try request.perform(transfer, timeout: timeout, authorities: authorities)
        } catch .cancelled where state.withLock({ $0.stopped }) {
            // The reader went first: nothing is missing that anyone waits for.
        }
    }
}

extension HTTPRequest {
    /// The request as it goes on the wire to `port`: its head and body.
    func wire(port: Int) -> [UInt8] {
        let hostHeader = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for header in headers where !header.name.isEmpty { head += header.line + "\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}

/// The body of a file a server sends whole (it serves no ranges), kept as it comes, as standard
/// input is kept: what has come is read at once, the rest when it has come. A body that breaks
/// off says so (``damage``) instead of ending as if whole.
final class HTTPBodySpool: ByteSpool {
    private let answer: HTTPStreamedAnswer
    private let kept: StreamSpool
    /// The URL without its password: what the file is called.
    let name: String

    /// The body of `answer`, called `name`.
    ///
    /// - Throws: ``FileError`` when no temporary file can be made.
    init(_ answer: HTTPStreamedAnswer, name: String) throws(FileError) {
        self.answer = answer
        self.name = name
        kept = try StreamSpool(source: answer.body, name: name, isFIFO: false)
    }

    deinit { answer.stop() }

    var hasEnded: Bool { kept.hasEnded }

    /// Why the body ended short: the server's answer broke off.
    var damage: String? {
        guard kept.hasEnded, let failure = answer.failure else { return nil }
        return "the server's answer broke off after \(answer.received) bytes: \(failure)"
    }

    @discardableResult
    func copy(upTo target: UInt64?) throws(FileError) -> UInt64 { try kept.copy(upTo: target) }

    func available(upTo target: UInt64) throws(FileError) -> UInt64 { try kept.available(upTo: target) }

    func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int { unsafe try kept.read(at: offset, into: buffer) }

    /// Waits until at least `count` bytes have come, or the body has ended: the first bytes, by
    /// which a compressed file is known.
    func waitForFirst(_ count: UInt64) throws(FileError) {
        while try kept.copy(upTo: count) < count && !kept.hasEnded { usleep(1_000) }
    }
}
