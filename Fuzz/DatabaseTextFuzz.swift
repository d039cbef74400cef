import ScrollworkDatabase

// What scrollwork reads from a database server's answers and from a connection string: a row's
// tuple identifier parses, or is refused, and round-trips; a password never shows in the
// redacted form of a URL or of key=value settings, whatever surrounds it. The input's first byte
// is the password's length, the next bytes its letters, the rest the text around it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDatabaseText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    _ = input.bytes.withUnsafeBufferPointer { PostgresResult.tid($0) }
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    let length = 3 + Int(input.settings % 24)
    let body = input.body
    guard body.count >= length else { return 0 }
    let password = String(body.prefix(length).map { letters[Int($0) % letters.count] })
    let around = String(decoding: body.dropFirst(length), as: UTF8.self)
    // Where the text around splits: user, host and database, and settings after. The user and
    // the host are kept to what leaves the password libpq's (no `/`, `@` or `:` to end the user info
    // early; in settings, no space, quote, backslash or `=` to make another pair of it).
    let pieces = around.split(separator: "\u{1}", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
    func plain(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace && !"/@:'\\=\u{0}".unicodeScalars.contains($0) }))
    }
    let user = plain(pieces.first ?? ""), host = plain(pieces.count > 1 ? pieces[1] : "")
    let rest = pieces.count > 2 ? pieces[2...].joined() : ""
    // A password that the text around (or the words of the string: "esq" in "postgresql") also
    // holds is shown there as that text, not as a password.
    let secret = Array(password.unicodeScalars)
    for piece in [user, host, rest, "postgresql:// host= password= user= db"] {
        let scalars = Array(piece.unicodeScalars)
        if scalars.indices.contains(where: { scalars[$0...].starts(with: secret) }) { return 0 }
    }
    for conninfo in ["postgres://\(user):\(password)@\(host)/\(rest)", "postgresql://\(user)@\(host)/db?password=\(password)&\(rest)",
                     "host=\(host) password=\(password) \(rest)", "user=\(user) password = '\(password)' \(rest)"] {
        let shown = PostgresDatabase.redacted(conninfo)
        let shownScalars = Array(shown.unicodeScalars)
        agree(!shownScalars.indices.contains(where: { shownScalars[$0...].starts(with: secret) }), "the password \(password) shows in \(String(reflecting: shown)), from \(String(reflecting: conninfo))")
    }
    // A tuple identifier written as the server writes one reads back as the same place.
    if body.count >= 6 {
        let block = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3]), line = Int(body[4]) << 8 | Int(body[5])
        let written = Array("(\(block),\(line))".utf8)
        let read = written.withUnsafeBufferPointer { PostgresResult.tid($0) }
        agree(read == block << 16 | line, "(\(block),\(line)) read as \(String(describing: read))")
    }
    return 0
}
