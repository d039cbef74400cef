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
    // Where the text around splits: user, host and database, and settings after.
    let pieces = around.split(separator: "\u{1}", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
    let user = pieces.first ?? "", host = pieces.count > 1 ? pieces[1] : "", rest = pieces.count > 2 ? pieces[2...].joined() : ""
    for conninfo in ["postgres://\(user):\(password)@\(host)/\(rest)", "postgresql://\(user)@\(host)/\(rest)?password=\(password)&x",
                     "host=\(host) password=\(password) \(rest)", "\(rest) password = '\(password)' user=\(user)"] {
        let shown = PostgresDatabase.redacted(conninfo)
        agree(!shown.contains(password), "the password \(password) shows in \(shown), from \(conninfo)")
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
