import Glibc
import ScrollworkFiles

/// The bytes libFuzzer hands a target, and a file holding them (in memory, on /dev/shm, unlinked
/// once open and read by its /proc path as `scrollwork open` opens any file, so compressed input
/// goes through the decompressors).
struct FuzzInput {
    let bytes: [UInt8]

    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// The first byte, which the targets read as their settings; 0 for none.
    var settings: UInt8 { bytes.first ?? 0 }

    /// The bytes after the settings.
    var body: [UInt8] { Array(bytes.dropFirst()) }

    /// `body` in a file, opened; the descriptor is closed by `FileBytes`' owner after `run`.
    func withFile<T>(_ contents: [UInt8], _ run: (FileBytes) throws -> T) rethrows -> T? {
        var template = Array("/dev/shm/scrollwork-fuzz-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        defer { close(fd) }
        let written = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == contents.count else { return nil }
        guard let file = try? FileBytes(path: "/proc/self/fd/\(fd)") else { return nil }
        return try run(file)
    }
}

/// Stops the fuzzer with a message when two paths of the API disagree.
func agree(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fputs("disagreement: \(message())\n", stderr)
        abort()
    }
}

/// Stops the fuzzer unless every row of `rows` read whole, split in place and read a field at a
/// time gives the same fields (a row with a problem is read whole only).
func readersAgree(_ rows: some InPlaceRows) {
    let all = Array(0..<rows.count)
    // Each field's text, nil for a null (JSON's `null`, a key left out).
    let split = rows.fields(at: all) { _, fields in (0..<fields.count).map { fields[$0].map { String(decoding: $0, as: UTF8.self) } } }
    for i in all {
        let record = rows.row(at: i)
        guard record.problem == nil else { continue }
        let whole = record.fields.indices.map { record[$0] }
        agree(whole == split[i], "row \(i): \(whole) whole, \(split[i]) split in place")
        for f in 0..<record.fields.count {
            let value = rows.values(ofField: f, at: [i]) { bytes in bytes.map { String(decoding: $0, as: UTF8.self) } }[0]
            agree(value == record[f], "row \(i) field \(f): \(value ?? "null") read alone, \(record[f] ?? "null") whole")
        }
    }
}

/// A password of letters and digits made from an input's bytes (the first says how long, 3 to
/// 22 letters), the text after it in pieces cut at U+0001, and the test a shown text must pass.
struct SecretInput {
    /// The password.
    let password: String
    /// The text after the password, cut at U+0001 (at most `pieces` pieces).
    let pieces: [String]

    /// The password and text `bytes` make; nil when they are too few.
    init?(_ bytes: [UInt8], pieces count: Int) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        guard let first = bytes.first else { return nil }
        let length = 3 + Int(first % 20)
        guard bytes.count > length else { return nil }
        password = String(bytes[1...length].map { letters[Int($0) % letters.count] })
        let around = String(decoding: bytes.dropFirst(length + 1), as: UTF8.self)
        pieces = around.split(separator: "\u{1}", maxSplits: count - 1, omittingEmptySubsequences: false).map(String.init)
    }

    /// The password's stand-in: as many private-use scalars, which no message spells.
    var standIn: String { String(repeating: "\u{E000}", count: password.count) }

    /// True when what `say` says of the password (a URL made with it, shown, or why it cannot be
    /// opened) shows it where what it says of the stand-in does not: the password itself, not
    /// words that happen to spell it ("aba" in "database", "URL" in "no host in the URL").
    func leaks(_ say: (String) -> String) -> Bool { shows(in: say(password)) && !shows(in: say(standIn)) }

    /// True when `text` holds the password's scalars in a row.
    func shows(in text: String) -> Bool {
        let secret = Array(password.unicodeScalars), scalars = Array(text.unicodeScalars)
        return scalars.indices.contains { scalars[$0...].starts(with: secret) }
    }
}
