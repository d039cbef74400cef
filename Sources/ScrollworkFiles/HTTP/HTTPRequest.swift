#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP/1.1 request over plain TCP, sent on a connection of its own (`Connection: close`),
/// its whole answer read before it returns: what a database's HTTP interface is asked (a
/// ClickHouse server), with no client library. The body is the request's; the answer's body is
/// decoded from chunks where the server sends them so.
public struct HTTPRequest: Sendable {
    /// `GET` or `POST`.
    public var method: String
    /// A host name, an IPv4 address, or an IPv6 address without brackets.
    public var host: String
    /// The TCP port (clamped to 1…65535 when sent).
    public var port: Int
    /// The path and query, from `/`.
    public var target: String
    /// Header lines besides `Host`, `Content-Length` and `Connection`, which are written here.
    public var headers: [HTTPHeader]
    /// The body sent.
    public var body: [UInt8]

    /// A request of `method` for `target` on `host`:`port`.
    public init(method: String = "POST", host: String, port: Int, target: String, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.host = host
        self.port = port
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The most bytes an answer may hold (a gigabyte): more is refused, not kept.
    public static let answerLimit = 1 << 30

    /// Sends the request and reads the whole answer. While waiting it asks `keepGoing` ten
    /// times a second and stops when it says stop; it gives up after `timeout` seconds (clamped
    /// to 0.1…86,400) without a byte from the server.
    ///
    /// - Throws: ``HTTPError`` when the server cannot be reached, stops answering, closes the
    ///   connection early, answers what is not HTTP, or answers more than ``answerLimit``;
    ///   ``HTTPError/cancelled`` when `keepGoing` said stop.
    ///
    /// `onHeader` hears each header of the answer as it arrives, before the answer is whole: a
    /// server that reports a statement's progress in headers while it runs (ClickHouse's
    /// `X-ClickHouse-Progress`) is heard while it runs.
    public func send(timeout: Double = 30, keepGoing: (@Sendable () -> Bool)? = nil, onHeader: ((HTTPHeader) -> Void)? = nil) throws(HTTPError) -> HTTPResponse {
        let wait = timeout.isNaN ? 30 : Swift.min(Swift.max(timeout, 0.1), 86_400)
        let port = Swift.min(Swift.max(self.port, 1), 65_535)
        let socket = try HTTPSocket.connect(host: host, port: port, timeout: wait)
        defer { close(socket) }
        try HTTPSocket.write(wire(port: port), to: socket, timeout: wait, host: host, port: port, keepGoing: keepGoing)
        guard let onHeader else {
            return try HTTPResponse(parsing: HTTPSocket.readToEnd(socket, timeout: wait, limit: Self.answerLimit, host: host, port: port, keepGoing: keepGoing))
        }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        // Where the next header line starts, until the empty line ends the head (nil after).
        var lineStart: Int? = 0
        while true {
            let n = try HTTPSocket.readSome(socket, into: &chunk, timeout: wait, host: host, port: port, keepGoing: keepGoing)
            if n == 0 { break }
            guard answer.count + n <= Self.answerLimit else { throw .tooLarge(limit: Self.answerLimit) }
            answer += chunk[..<n]
            while let start = lineStart, let end = answer[start...].firstRange(of: [13, 10]) {
                if end.lowerBound == start { lineStart = nil; break }
                // The status line is no header: it has no colon before its first space.
                if start > 0, let header = HTTPHeader(line: String(decoding: answer[start..<end.lowerBound], as: UTF8.self)) { onHeader(header) }
                lineStart = end.upperBound
            }
        }
        return try HTTPResponse(parsing: answer)
    }
}

/// A header line of a request or an answer.
public struct HTTPHeader: Sendable, Hashable {
    /// The field name, as written (compared without case).
    public var name: String
    /// The value, without the white space around it.
    public var value: String

    /// The header `name: value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// The header as a request's line says it, without its line end: `Name: value`. Its text is
    /// data: every carriage return and line feed is left out (one would start a header of its
    /// own), scalar by scalar, so that a `\r\n` pair, one character to Swift, goes too; so is a
    /// colon in the name.
    package var line: String {
        func kept(_ text: String, droppingColons: Bool) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && !(droppingColons && $0 == ":") }))
        }
        return kept(name, droppingColons: true) + ": " + kept(value, droppingColons: false)
    }

    /// The header a line of an answer's head holds (`Name: value`, its line end left out); nil
    /// for a line without a colon (the status line, the empty line that ends the head).
    package init?(line: some StringProtocol) {
        var text = Substring(line)
        while let last = text.last, last == "\r\n" || last == "\n" || last == "\r" { text = text.dropLast() }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        self.init(String(text[..<colon]), String(text[text.index(after: colon)...]).trimmingSpaces())
    }
}

/// A server's whole answer to an ``HTTPRequest``.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code: 200 for success.
    public var status: Int
    /// The headers, in the order sent.
    public var headers: [HTTPHeader]
    /// The body, its chunks joined.
    public var body: [UInt8]

    /// An answer of `status`, `headers` and `body`.
    package init(status: Int, headers: [HTTPHeader], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header called `name` (any case); nil when there is none.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The answer in `bytes`, read to the server's closing of the connection.
    ///
    /// - Throws: ``HTTPError/malformed(_:)`` for a status line, a header or a chunk that is not
    ///   HTTP's, or a body shorter than it says.
    package init(parsing bytes: [UInt8]) throws(HTTPError) {
        let end = Array("\r\n\r\n".utf8)
        guard let split = bytes.firstRange(of: end) else { throw .malformed("the answer ended before its headers did (\(bytes.count) bytes)") }
        try self.init(head: bytes[..<split.lowerBound])
        // The body as a streamed one is decoded (by length, in chunks, or to the end), whole.
        var decoder = HTTPBodyDecoder(for: self)
        var decoded: [UInt8] = []
        try decoder.feed(bytes[split.upperBound...]) { decoded += $0 }
        guard decoder.isDone || decoder.endsAtClose else {
            if isChunked { throw .malformed("the answer ended inside its chunks, before the last one") }
            throw .malformed("the body ended at \(decoded.count) of the \(header("content-length") ?? "") bytes it announced")
        }
        body = decoded
    }

    /// The status and headers of the head `bytes` (its status line and header lines, without
    /// the empty line that ends them), with no body.
    ///
    /// - Throws: ``HTTPError/malformed(_:)`` for a status line that is not HTTP's.
    package init(head bytes: ArraySlice<UInt8>) throws(HTTPError) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusWords = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/"), let status = Int(statusWords[1]), (100...999).contains(status) else {
            throw .malformed("not an HTTP status line: \(lines.first.map { String($0.prefix(80)) } ?? "")")
        }
        self.init(status: status, headers: lines.dropFirst().compactMap { HTTPHeader(line: $0) }, body: [])
    }

    /// True when the body comes in chunks (`Transfer-Encoding: chunked`).
    var isChunked: Bool { headers.contains { $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased().contains("chunked") } }
}

/// Why an ``HTTPRequest`` got no answer, said for the person.
public enum HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No connection could be made (no such host, nothing listening, refused).
    case cannotConnect(host: String, port: Int, reason: String)
    /// The server sent nothing for this many seconds.
    case timedOut(host: String, port: Int, seconds: Double)
    /// The connection broke before the answer was whole.
    case connectionLost(host: String, port: Int, reason: String)
    /// What came back is not HTTP.
    case malformed(String)
    /// The answer is larger than ``HTTPRequest/answerLimit``.
    case tooLarge(limit: Int)
    /// The caller said stop.
    case cancelled
    /// What the request needs is not on this machine (libcurl, for HTTPS), said with how to get it.
    case libraryMissing(String)

    /// What went wrong.
    public var description: String {
        switch self {
        case let .cannotConnect(host, port, reason): return "cannot connect to \(host):\(port): \(reason)"
        case let .timedOut(host, port, seconds): return "\(host):\(port) sent nothing for \(Int(seconds)) s"
        case let .connectionLost(host, port, reason): return "the connection to \(host):\(port) broke: \(reason)"
        case let .malformed(what): return "the server's answer is not HTTP: \(what)"
        case let .tooLarge(limit): return "the server's answer is larger than \(limit >> 20) MB"
        case .cancelled: return "cancelled"
        case let .libraryMissing(what): return what
        }
    }
}

extension StringProtocol {
    /// Without spaces and tabs at either end.
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
