#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// A file on a web server (`http://` or `https://host[:port]/path`), read by range as far as it
/// is read: the first screen comes from the first range, and a row far down from a range near
/// it, so nothing is downloaded whole when the server serves ranges (206 answers); a compressed
/// file is decompressed from its ranges as far as it is read. A file from a server that serves
/// no ranges is kept as it comes, as standard input is (``HTTPBodySpool``): its first screen
/// shows while the rest arrives.
///
/// Every range is checked against the file's `ETag` when the server gives one: a file changed on
/// the server is said as such, never read as a mix of two versions.
package final class HTTPFile: ByteSpool {
    /// Where the file is.
    let address: HTTPAddress
    /// Its size, from the first answer's `Content-Range`.
    let total: UInt64
    /// The server's tag for the version read, when it gives one.
    let etag: String?
    /// The blocks read lately, at most ``cachedBlocks`` of them.
    private let blocks: Locked<BlockCache>

    /// Bytes a range asks for.
    static let blockSize = 1 << 20
    /// Blocks kept: what is on screen and what the index reads next, 64 MB at most.
    static let cachedBlocks = 64
    /// Redirects followed before giving up.
    static let redirectLimit = 5

    /// The blocks read lately, by number, and which was used last.
    private struct BlockCache {
        var bytes: [UInt64: [UInt8]] = [:]
        var recent: [UInt64] = []
        /// Ranges asked of the server since the file was opened.
        var asked = 0

        mutating func keep(_ block: [UInt8], at index: UInt64) {
            bytes[index] = block
            recent.removeAll { $0 == index }
            recent.append(index)
            if recent.count > HTTPFile.cachedBlocks { bytes[recent.removeFirst()] = nil }
        }
    }

    private init(address: HTTPAddress, total: UInt64, etag: String?, first: [UInt8]) {
        self.address = address
        self.total = total
        self.etag = etag
        var cache = BlockCache()
        if !first.isEmpty { cache.keep(first, at: 0) }
        blocks = Locked(cache)
    }

    /// The ranges asked of the server since the file was opened (the first came with opening).
    var rangesAsked: Int { blocks.withLock { $0.asked } }

    /// The file `url` names: read by range when the server serves ranges (and decompressed from
    /// them when compressed), else fetched whole into a temporary file (its descriptor).
    ///
    /// - Throws: ``FileError`` saying what the server answered, or why it could not be asked.
    static func open(_ url: String, trusting authorities: String?) throws(FileError) -> Either {
        var address = try HTTPAddress(url)
        address.authorities = authorities
        var (head, answer) = try address.stream(range: 0..<UInt64(blockSize))
        var hops = 0
        while [301, 302, 303, 307, 308].contains(head.status) {
            answer.stop()
            close(answer.body)
            hops += 1
            guard hops <= redirectLimit, let location = head.header("Location") else {
                throw .remote(url: address.url, problem: hops > redirectLimit ? "more than \(redirectLimit) redirects" : "a redirect (HTTP \(head.status)) that names no place")
            }
            address = try address.following(location)
            (head, answer) = try address.stream(range: 0..<UInt64(blockSize))
        }
        // The whole file, sent though a range was asked for: kept as it comes.
        if head.status == 200 { return try Self.streamed(answer, name: address.url) }
        // Anything else is short (a range, an error): read whole here. A range longer than asked
        // for is not trusted (below), and not kept.
        var first = head
        var overlong = false
        do { first.body = try answer.wholeBody(limit: blockSize) } catch .tooLarge { overlong = true } catch { throw .remote(url: address.url, problem: "\(error)") }
        // An empty file has no first byte to serve: a range of it is "not satisfiable".
        if first.status == 416, Self.total(first.header("Content-Range")) == 0 { return .whole(try Self.kept([], name: address.url), name: address.url) }
        try address.check(first, asking: "the file")
        // Read by range only where the first range came whole: a server that serves less than
        // asked for would leave holes in what is read. A compressed file is decompressed from
        // its ranges as far as it is read.
        if first.status == 206, !overlong, let total = Self.total(first.header("Content-Range")),
           UInt64(first.body.count) == Swift.min(total, UInt64(blockSize)) {
            let file = HTTPFile(address: address, total: total, etag: first.header("ETag"), first: first.body)
            if let format = CompressionFormat.detect(Array(first.body.prefix(6))) { return .compressed(file, format) }
            return .ranges(file)
        }
        // The whole file, asked for now and kept as it comes.
        let (whole, rest) = try address.stream(range: nil)
        guard whole.status == 200 else {
            rest.stop()
            close(rest.body)
            try address.check(whole, asking: "the file")
            throw .remote(url: address.url, problem: "the server answered HTTP \(whole.status) when asked for the whole file")
        }
        return try Self.streamed(rest, name: address.url)
    }

    /// The body of `answer`, the whole file called `name`, kept as it comes: compressed, it is
    /// decompressed as it comes.
    private static func streamed(_ answer: HTTPStreamedAnswer, name: String) throws(FileError) -> Either {
        let body = try HTTPBodySpool(answer, name: name)
        try body.waitForFirst(6)
        // Safe: six bytes of its own, freed when this returns; the read fills at most them and only
        // the `n` read are looked at.
        let start = UnsafeMutableRawBufferPointer.allocate(byteCount: 6, alignment: 1)
        defer { unsafe start.deallocate() }
        let n = unsafe try body.read(at: 0, into: start)
        if let format = unsafe CompressionFormat.detect(Array(start.prefix(n))) { return .compressedStream(body, format) }
        return .stream(body)
    }

    /// What ``open(_:trusting:)`` found: a file read by range (compressed or not), one sent
    /// whole and kept as it comes (compressed or not), or an empty one (its descriptor, and the
    /// URL without its password, which is what the file is called).
    enum Either {
        case ranges(HTTPFile)
        case compressed(HTTPFile, CompressionFormat)
        case stream(HTTPBodySpool)
        case compressedStream(HTTPBodySpool, CompressionFormat)
        case whole(Int32, name: String)
    }

    /// `bytes` in a new temporary file, its descriptor at the start.
    private static func kept(_ bytes: [UInt8], name: String) throws(FileError) -> Int32 {
        guard let fd = UnnamedFile.make(prefix: "scrollwork-http") else { throw FileError(errno: errno, path: name, operation: "make a temporary file to keep") }
        do {
            try FileBytes.write(bytes[...], to: fd, at: 0, path: name, operation: "keep")
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// The size a `Content-Range: bytes a-b/size` gives; nil when it gives none (`*`).
    package static func total(_ header: String?) -> UInt64? {
        guard let header, let slash = header.lastIndex(of: "/") else { return nil }
        return UInt64(header[header.index(after: slash)...].trimmingSpaces())
    }

    // MARK: ByteSpool

    /// Every byte is on the server: the size is known from the start.
    var hasEnded: Bool { true }
    /// A file served whole is never damaged short of its end.
    var damage: String? { nil }
    /// The size.
    func copy(upTo target: UInt64?) throws(FileError) -> UInt64 { total }
    /// As far as `target`, or the size.
    func available(upTo target: UInt64) throws(FileError) -> UInt64 { Swift.min(total, target) }

    /// Reads from the blocks that hold `offset` onwards, each asked for once it is needed.
    func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        let size = UInt64(Self.blockSize)
        while filled < buffer.count {
            let (at, overflow) = offset.addingReportingOverflow(UInt64(filled))
            guard !overflow, at < total else { break }
            let index = at / size
            let block = try self.block(index)
            let within = Int(at - index * size)
            let count = Swift.min(buffer.count - filled, block.count - within)
            guard count > 0 else { break }
            // Safe: `count` is at most what is left of the buffer past `filled` and of the block
            // past `within`.
            unsafe block.withUnsafeBytes { unsafe (base + filled).copyMemory(from: $0.baseAddress! + within, byteCount: count) }
            filled += count
        }
        return filled
    }

    /// Block `index`, from those kept or asked for now.
    private func block(_ index: UInt64) throws(FileError) -> [UInt8] {
        if let kept = blocks.withLock({ $0.bytes[index] }) { return kept }
        let start = index * UInt64(Self.blockSize)
        let end = Swift.min(total, start + UInt64(Self.blockSize))
        blocks.withLock { $0.asked += 1 }
        let answer = try address.get(range: start..<end)
        try address.check(answer, asking: "bytes \(start)–\(end)")
        guard answer.status == 206, UInt64(answer.body.count) == end - start else {
            throw .remote(url: address.url, problem: "the server stopped serving ranges (HTTP \(answer.status), \(answer.body.count) bytes for \(end - start))")
        }
        if let etag, let now = answer.header("ETag"), now != etag {
            throw .remote(url: address.url, problem: "the file changed on the server since it was opened; open it again to read the new one")
        }
        blocks.withLock { $0.keep(answer.body, at: index) }
        return answer.body
    }
}

/// Where a file on a web server is: its host, port and target, the credentials its URL gives,
/// and the URL as given less its password (what titles and messages show).
package struct HTTPAddress: Sendable {
    package let url: String
    package let host: String
    package let port: Int
    package let target: String
    /// `Basic` credentials from the URL's `user:password@`, sent with every request to its host.
    package let authorization: String?
    /// True for `https://`: the bytes come through TLS (``HTTPSRequest``).
    package let isSecure: Bool
    /// The file of certificate authorities an `https://` server's certificate is checked
    /// against; nil for the system's.
    package var authorities: String?

    /// How long a server may say nothing before the read gives up.
    static let timeout = 30.0

    /// The parts of `url`, `http://[user[:password]@]host[:port][/path][?query]` (read by
    /// ``URLAuthority``).
    ///
    /// - Throws: ``FileError/remote(url:problem:)`` for another scheme, a URL without a host, an unclosed `[`, or a port that is not a
    ///   number from 1 to 65535.
    package init(_ given: String) throws(FileError) {
        let url = Self.withoutPassword(given)
        self.url = url
        guard let parts = URLAuthority(given), parts.scheme == "http" || parts.scheme == "https" else {
            throw .remote(url: url, problem: "not an http:// URL")
        }
        isSecure = parts.scheme == "https"
        authorization = parts.user.map { user in
            let pair = PercentEncoding.decoded(user) + ":" + PercentEncoding.decoded(parts.password ?? "")
            return "Basic " + String(decoding: Base64.encode(Array(pair.utf8)), as: UTF8.self)
        }
        // The fragment is the reader's, never sent; a query goes with the path.
        let sent = parts.rest.unicodeScalars.prefix { $0 != "#" }
        target = sent.first == "/" ? String(Substring(sent)) : "/" + String(Substring(sent))
        guard !parts.host.isEmpty, !parts.unclosedBracket, parts.afterAddress.isEmpty else {
            throw .remote(url: url, problem: parts.unclosedBracket ? "the IPv6 address has no closing ]" : "no host in the URL")
        }
        guard let port = parts.portNumber(default: isSecure ? 443 : 80) else { throw .remote(url: url, problem: "the port is not a number from 1 to 65535") }
        host = parts.host
        self.port = port
    }

    private init(url: String, isSecure: Bool, host: String, port: Int, target: String, authorization: String?) {
        (self.url, self.isSecure, self.host, self.port, self.target, self.authorization) = (url, isSecure, host, port, target, authorization)
        authorities = nil
    }

    /// `url` with the password of its `user:password@` left out: `http://ann@host/x`.
    package static func withoutPassword(_ url: String) -> String { URLAuthority.redacted(url, mark: nil) }

    /// Where a redirect's `location` leads from here: a path on this server (with the same
    /// credentials), or a URL of its own (with none: a password is never sent to another host
    /// than the one it was given for). Messages keep calling the file by the URL first given.
    func following(_ location: String) throws(FileError) -> HTTPAddress {
        if location.unicodeScalars.first == "/" {
            var next = HTTPAddress(url: url, isSecure: isSecure, host: host, port: port, target: location, authorization: authorization)
            next.authorities = authorities
            return next
        }
        let next = try HTTPAddress(location)
        // Credentials go to the same server only, and never from HTTPS down to plain HTTP.
        let same = next.host == host && next.port == port && next.isSecure == isSecure
        var followed = HTTPAddress(url: url, isSecure: next.isSecure, host: next.host, port: next.port, target: next.target, authorization: same ? authorization : next.authorization)
        followed.authorities = authorities
        return followed
    }

    /// The headers of a GET of `range` (the whole file when nil).
    private func headers(range: Range<UInt64>?) -> [HTTPHeader] {
        var headers = [HTTPHeader("Accept-Encoding", "identity")]
        if let authorization { headers.append(HTTPHeader("Authorization", authorization)) }
        if let range, !range.isEmpty { headers.append(HTTPHeader("Range", "bytes=\(range.lowerBound)-\(range.upperBound - 1)")) }
        return headers
    }

    /// The URL libcurl is given for HTTPS.
    private var secureURL: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "https://\(shownHost):\(port)" + PercentEncoding.encodedTarget(target)
    }

    /// The head of the answer to a GET of `range` (the whole file when nil), and the answer,
    /// whose body comes as it arrives.
    func stream(range: Range<UInt64>?) throws(FileError) -> (HTTPResponse, HTTPStreamedAnswer) {
        let headers = headers(range: range)
        do {
            if isSecure {
                return try HTTPStreamedAnswer.start(nil, secure: HTTPSRequest(url: secureURL, host: host, port: port, headers: headers),
                                                    authorities: authorities, timeout: Self.timeout)
            }
            return try HTTPStreamedAnswer.start(HTTPRequest(method: "GET", host: host, port: port, target: target, headers: headers), secure: nil,
                                                authorities: nil, timeout: Self.timeout)
        } catch {
            throw .remote(url: url, problem: "\(error)")
        }
    }

    /// The answer to a GET of `range` (the whole file when nil).
    func get(range: Range<UInt64>?) throws(FileError) -> HTTPResponse {
        let headers = headers(range: range)
        do {
            guard isSecure else { return try HTTPRequest(method: "GET", host: host, port: port, target: target, headers: headers).send(timeout: Self.timeout) }
            return try HTTPSRequest(url: secureURL, host: host, port: port, headers: headers).send(timeout: Self.timeout, authorities: authorities)
        } catch {
            throw .remote(url: url, problem: "\(error)")
        }
    }

    /// Throws what an answer that is not the file's bytes means.
    func check(_ answer: HTTPResponse, asking what: String) throws(FileError) {
        switch answer.status {
        case 200, 206: return
        case 404, 410: throw .notFound(path: url)
        case 401, 403: throw .permissionDenied(path: url)
        case 416: throw .remote(url: url, problem: "the server holds less than asked for \(what) (HTTP 416: the range is past its end)")
        default: throw .remote(url: url, problem: "the server answered HTTP \(answer.status) when asked for \(what)")
        }
    }
}
