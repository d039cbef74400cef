#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCurl

/// One HTTPS GET, through the system's libcurl loaded when first needed (TLS is not ours to
/// write): the whole answer read before it returns, as ``HTTPRequest`` reads one over plain TCP.
/// The server's certificate is verified against the system's authorities, or those in the file
/// the caller names. Redirects are not followed here (the caller decides whether credentials go
/// with them).
package struct HTTPSRequest: Sendable {
    /// The URL, `https://…`, with no user information (credentials go in a header).
    package var url: String
    /// The host and port, for messages.
    package var host: String, port: Int
    /// Header lines besides those libcurl writes.
    package var headers: [HTTPHeader]

    /// A GET of `url` on `host`:`port`.
    package init(url: String, host: String, port: Int, headers: [HTTPHeader]) {
        self.url = url
        self.host = host
        self.port = port
        self.headers = headers
    }

    /// Sends the request and reads the whole answer, giving up after `timeout` seconds (clamped
    /// to 1…86,400) of connecting or of silence, and stopping when `keepGoing` says stop.
    ///
    /// - Throws: ``HTTPError`` as ``HTTPRequest/send(timeout:keepGoing:)`` does, with
    ///   `cannotConnect` naming what TLS refused (a certificate it cannot verify), and
    ///   ``HTTPError/libraryMissing`` where libcurl is not installed.
    package func send(timeout: Double = 30, authorities: String? = nil, keepGoing: (@Sendable () -> Bool)? = nil) throws(HTTPError) -> HTTPResponse {
        let transfer = Transfer(limit: HTTPRequest.answerLimit, keepGoing: keepGoing)
        let status = try perform(transfer, timeout: timeout, authorities: authorities)
        return HTTPResponse(status: status, headers: transfer.headers, body: transfer.body)
    }

    /// Sends the request with `transfer` taking the answer as it comes (its head, then its
    /// body: kept, or handed on as ``Transfer/onBody`` says); returns the status.
    func perform(_ transfer: Transfer, timeout: Double, authorities: String?) throws(HTTPError) -> Int {
        let seconds = timeout.isNaN ? 30 : Int(Swift.min(Swift.max(timeout.rounded(.up), 1), 86_400))
        var status = 0
        var words = [CChar](repeating: 0, count: 256)
        let lines = headers.filter { !$0.name.isEmpty }.map(\.line)
        // Safe: the header lines are C strings lent for the call; `transfer` is kept alive by the
        // caller through it, and libcurl calls back only during it, each time lending bytes for
        // that call.
        let code = unsafe Self.withCStrings(lines) { pointers in
            let context = unsafe Unmanaged.passUnretained(transfer).toOpaque()
            return unsafe scrollwork_curl_get(url, pointers.baseAddress, pointers.count, authorities, seconds, { bytes, count, context in
                unsafe Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue().takeBody(bytes, count)
            }, { bytes, count, context in
                unsafe Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue().takeHeader(bytes, count)
            }, { context in
                unsafe Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue().shouldStop ? 1 : 0
            }, unsafe context, &status, &words, words.count)
        }
        let reason = String(decoding: words.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let error = failure(code, reason: reason, transfer: transfer, seconds: Double(seconds)) { throw error }
        return status
    }

    /// The error libcurl's `code` means; nil for success.
    private func failure(_ code: Int32, reason: String, transfer: Transfer, seconds: Double) -> HTTPError? {
        switch code {
        case 0: return nil
        case Int32(SCROLLWORK_CURL_MISSING), Int32(SCROLLWORK_CURL_INCOMPLETE):
            return .libraryMissing("HTTPS is read through libcurl 7.85 or newer, which is not on this machine (apt-get install libcurl4)")
        case 42 where transfer.exceeded, 23 where transfer.exceeded: return .tooLarge(limit: HTTPRequest.answerLimit)
        case 42: return .cancelled
        case 28: return .timedOut(host: host, port: port, seconds: seconds)
        case 18, 52, 55, 56: return .connectionLost(host: host, port: port, reason: reason.isEmpty ? "libcurl's error \(code)" : reason)
        default: return .cannotConnect(host: host, port: port, reason: reason.isEmpty ? "libcurl's error \(code)" : reason)
        }
    }

    /// Runs `body` with `strings` as C strings that live for the call.
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> T) -> T {
        // Safe: the copies are freed when `body` returns, and lent to it as a list of their own
        // count.
        let copies = unsafe strings.map { unsafe strdup($0) }
        defer { unsafe copies.forEach { unsafe free($0) } }
        return unsafe copies.map { unsafe UnsafePointer($0) }.withUnsafeBufferPointer(unsafe body)
    }

    /// What one transfer has received, handed to libcurl's callbacks as their context (a class,
    /// so that its address stays put while libcurl holds it).
    @safe final class Transfer {
        // Safe to hold: its only unsafe part is `onBody`'s parameter, bytes lent for that call.
        var body: [UInt8] = []
        var headers: [HTTPHeader] = []
        var exceeded = false
        let limit: Int
        let keepGoing: (@Sendable () -> Bool)?
        /// Where the body goes as it comes instead of into ``body`` (false stops the transfer).
        var onBody: ((UnsafeBufferPointer<UInt8>) -> Bool)?
        /// Called once the head of the final answer is whole, with its status and headers.
        var onHead: ((HTTPResponse) -> Void)?
        private var status = 0

        init(limit: Int, keepGoing: (@Sendable () -> Bool)?) {
            self.limit = limit
            self.keepGoing = keepGoing
        }

        var shouldStop: Bool { exceeded || keepGoing?() == false }

        func takeBody(_ bytes: UnsafePointer<CChar>?, _ count: Int) -> Int {
            // Safe: libcurl lends `count` bytes for this call; they are handed on or copied within
            // it.
            guard let bytes = unsafe bytes, count > 0 else { return count }
            if let onBody = unsafe onBody {
                return unsafe bytes.withMemoryRebound(to: UInt8.self, capacity: count) { unsafe onBody(UnsafeBufferPointer(start: $0, count: count)) } ? count : 0
            }
            guard body.count + count <= limit else {
                exceeded = true
                return 0
            }
            unsafe bytes.withMemoryRebound(to: UInt8.self, capacity: count) { unsafe body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
            return count
        }

        /// One header line; a status line starts the headers of a new answer (after `100 Continue`).
        func takeHeader(_ bytes: UnsafePointer<CChar>?, _ count: Int) -> Int {
            guard let bytes = unsafe bytes, count > 0 else { return count }
            // Safe: libcurl lends `count` bytes for this call; they are copied into a String within
            // it.
            let line = unsafe bytes.withMemoryRebound(to: UInt8.self, capacity: count) { unsafe String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) }
            if line.hasPrefix("HTTP/") {
                headers = []
                status = line.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
            }
            if let header = HTTPHeader(line: line) { headers.append(header) }
            // The empty line ends a head; one of 1xx (Continue) is followed by another.
            if line == "\r\n" || line == "\n", status >= 200 { onHead?(HTTPResponse(status: status, headers: headers, body: [])) }
            return count
        }
    }
}
