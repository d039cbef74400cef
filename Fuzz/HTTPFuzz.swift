import ScrollworkFiles

// What scrollwork reads from a web server and from a URL it is given: any answer parses or is
// refused as not HTTP; a body sent in chunks of any sizes (with or without chunk extensions, in
// either case of hexadecimal) or with a Content-Length reads back as the body sent, whole and
// decoded as it streams in, in pieces cut anywhere; a
// Content-Range's size reads back; and a URL's password never shows in what is said about it
// (its shown form, or why it cannot be opened), and a URL that opens names a port in range.
// The first byte chooses the case.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let body = input.body
    switch input.settings % 4 {
    case 0: anyAnswer(body)
    case 1: answerRoundTrip(body, settings: input.settings)
    case 2: urlPasswordStaysHidden(body)
    default: contentRange(body)
    }
    return 0
}

/// Any bytes: an answer or `malformed`, never a trap; an answer's status is in range and a body
/// it reads by Content-Length is that long.
private func anyAnswer(_ bytes: [UInt8]) {
    guard let answer = try? HTTPResponse(parsing: bytes) else { return }
    agree((100...999).contains(answer.status), "status \(answer.status) read from an answer")
    let chunked = answer.headers.contains { $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased().contains("chunked") }
    if !chunked, let length = answer.header("content-length").flatMap({ Int($0) }), length >= 0 {
        agree(answer.body.count == length, "a body of \(answer.body.count) bytes read for Content-Length \(length)")
    }
}

/// The body after the first bytes, sent in chunks whose sizes those bytes choose (or with a
/// Content-Length), reads back whole and unchanged.
private func answerRoundTrip(_ bytes: [UInt8], settings: UInt8) {
    let sizes = bytes.prefix(8).map { Int($0 % 64) }
    let sent = Array(bytes.dropFirst(8))
    var wire = Array("HTTP/1.1 200 OK\r\nServer: fuzz\r\n".utf8)
    if settings & 4 == 0 {
        wire += Array("Content-Length: \(sent.count)\r\n\r\n".utf8) + sent
    } else {
        wire += Array("Transfer-Encoding: chunked\r\n\r\n".utf8)
        var at = 0, turn = 0
        while at < sent.count {
            let size = Swift.min(Swift.max(1, sizes.isEmpty ? sent.count : sizes[turn % sizes.count]), sent.count - at)
            var hex = String(size, radix: 16, uppercase: settings & 8 != 0)
            if settings & 16 != 0 { hex += ";name=\"value\"" }
            wire += Array("\(hex)\r\n".utf8) + sent[at..<(at + size)] + [13, 10]
            at += size
            turn += 1
        }
        wire += Array("0\r\n\r\n".utf8)
    }
    do {
        let answer = try HTTPResponse(parsing: wire)
        agree(answer.status == 200 && answer.body == sent, "a body of \(sent.count) bytes read back as \(answer.body.count) (status \(answer.status))")
        // The same body decoded as it streams in, cut into pieces wherever the first bytes say.
        let split = wire.firstRange(of: Array("\r\n\r\n".utf8))!.upperBound
        var decoder = HTTPBodyDecoder(for: answer)
        var streamed: [UInt8] = []
        var at = split, turn = 0
        while at < wire.count {
            let size = Swift.min(Swift.max(1, sizes.isEmpty ? wire.count : sizes[(turn + 3) % sizes.count] + 1), wire.count - at)
            try decoder.feed(wire[at..<(at + size)]) { streamed += $0 }
            at += size
            turn += 1
        }
        agree(streamed == sent && (decoder.isDone || decoder.endsAtClose), "a body of \(sent.count) bytes streamed back as \(streamed.count)")
    } catch {
        agree(false, "a well-formed answer refused: \(error)")
    }
}

/// A URL `http://user:password@rest` (the password letters and digits the text around does not
/// hold): its shown form and the reason it cannot be opened never hold the password.
private func urlPasswordStaysHidden(_ bytes: [UInt8]) {
    guard let input = SecretInput(bytes, pieces: 2) else { return }
    let password = input.password
    // The user information ends at its first `@` and holds no `/`: what it is on the wire is a
    // password. Read a scalar at a time, as a URL is: a `/` a combining mark follows is one
    // character, not a slash, to Swift's `String`, and would end the authority all the same.
    let user = String(String.UnicodeScalarView(input.pieces[0].unicodeScalars.filter { !"/@:".unicodeScalars.contains($0) }))
    let rest = input.pieces.count > 1 ? input.pieces[1] : ""
    let holdsSecret = input.shows(in:)
    guard !holdsSecret(user), !holdsSecret(rest), !holdsSecret("http://") else { return }
    // What is said of a URL made with the password, and of the same URL made with the stand-in:
    // the password counts as shown only where the stand-in's text does not spell it too.
    let standIn = input.standIn
    func said(_ scheme: String, _ secret: String) -> (shown: String, title: String?, error: String?) {
        let url = "\(scheme)://\(user):\(secret)@\(rest)"
        do {
            let address = try HTTPAddress(url)
            agree((1...65_535).contains(address.port), "port \(address.port) from \(String(reflecting: url))")
            return (HTTPAddress.withoutPassword(url), address.url, nil)
        } catch {
            return (HTTPAddress.withoutPassword(url), nil, "\(error)")
        }
    }
    for scheme in ["http", "HTTP", "https"] {
        let real = said(scheme, password), stood = said(scheme, standIn)
        for (text, other) in [(real.shown, stood.shown), (real.title ?? "", stood.title ?? ""), (real.error ?? "", stood.error ?? "")] {
            agree(!holdsSecret(text) || holdsSecret(other), "the password \(password) shows in \(String(reflecting: text)), from \(scheme)://\(user):…@\(rest)")
        }
    }
}

/// `bytes a-b/size` gives its size, whatever comes before the slash; any text gives a size or
/// none, never a trap.
private func contentRange(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    _ = HTTPFile.total(text)
    let size = bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let before = String(decoding: bytes.dropFirst(8), as: UTF8.self)
    agree(HTTPFile.total("\(before)/\(size)") == size, "the size \(size) after \(String(reflecting: before)) not read back")
}
