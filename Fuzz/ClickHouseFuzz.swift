import ScrollworkDatabase
import ScrollworkFiles

// What scrollwork reads from a ClickHouse server and what it writes into a query: any answer
// parses into rows whose every value can be asked for; fields escaped as the server escapes
// them in TabSeparated (NULL as \N) read back as written; any column type is read; an error
// answer gives a one-line message; and any text made a literal or an identifier is one token
// that reads back as the text (a value is data, never SQL); a URL's password never shows in its
// shown form or in why it cannot be opened. The first byte chooses the case.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClickHouse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let body = input.body
    switch input.settings % 5 {
    case 0: anyAnswer(body)
    case 1: fieldsRoundTrip(body)
    case 2: quotedRoundTrip(String(decoding: body, as: UTF8.self))
    case 3: errorAnswer(body, status: Int(input.settings))
    default: passwordStaysHidden(body)
    }
    return 0
}

/// Any bytes: rows, and every value of every row and column (and one past each) answered.
private func anyAnswer(_ bytes: [UInt8]) {
    let result = ClickHouseResult(parsing: bytes)
    let columns = result.rows.map(\.count).max() ?? 0
    for row in -1...result.rows.count {
        for column in -1...Swift.max(columns, result.types.count) { _ = result.value(row, column) }
    }
    for type in result.types { _ = (ClickHouseType(type).number, ClickHouseType(type).comparesWithText) }
}

/// Fields cut from the bytes at 0xFF (0xFE alone is NULL), written as ClickHouse writes them,
/// three to a row, under a line of names and one of types: read back as written.
private func fieldsRoundTrip(_ bytes: [UInt8]) {
    let fields: [String?] = bytes.split(separator: 0xFF, omittingEmptySubsequences: false).map { piece in
        piece.elementsEqual([0xFE]) ? nil : String(decoding: piece, as: UTF8.self)
    }
    let rows = stride(from: 0, to: fields.count, by: 3).map { Array(fields[$0..<Swift.min($0 + 3, fields.count)]) }
        .filter { $0.count == 3 }
    var text = "a\tb\tc\nString\tNullable(String)\tString\n"
    for row in rows { text += row.map(escaped).joined(separator: "\t") + "\n" }
    let result = ClickHouseResult(parsing: Array(text.utf8))
    agree(result.names == ["a", "b", "c"] && result.types == ["String", "Nullable(String)", "String"], "names and types read as \(result.names), \(result.types)")
    agree(result.rows == rows, "\(rows.count) rows read back as \(result.rows.count): \(rows.prefix(3)) → \(result.rows.prefix(3))")
}

/// A field as ClickHouse's TabSeparated output escapes one.
private func escaped(_ field: String?) -> String {
    guard let field else { return "\\N" }
    var out = ""
    for scalar in field.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\t": out += "\\t"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\u{8}": out += "\\b"
        case "\u{C}": out += "\\f"
        case "\0": out += "\\0"
        case "'": out += "\\'"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// A literal and an identifier made of `text` are each one quoted token, read by ClickHouse's
/// rules for escapes, that ends where it ends and gives back `text`.
private func quotedRoundTrip(_ text: String) {
    for (quote, made) in [("'", ClickHouseConnection.literal(text)), ("`", ClickHouseConnection.identifier(text))] {
        let scalars = Array(made.unicodeScalars)
        let mark = quote.unicodeScalars.first!
        agree(scalars.count >= 2 && scalars.first == mark, "\(String(reflecting: made)) does not start with \(quote)")
        var read = String.UnicodeScalarView()
        var at = 1
        var closed: Int? = nil
        while at < scalars.count {
            let scalar = scalars[at]
            if scalar == "\\", at + 1 < scalars.count {
                let next = scalars[at + 1]
                switch next {
                case "0": read.append("\0")
                case "n": read.append("\n")
                case "t": read.append("\t")
                case "r": read.append("\r")
                case "b": read.append("\u{8}")
                case "f": read.append("\u{C}")
                case "a": read.append("\u{7}")
                case "v": read.append("\u{B}")
                case "x", "e": agree(false, "\(String(reflecting: made)) holds an escape ClickHouse reads otherwise: \\\(next)")
                default: read.append(next)
                }
                at += 2
                continue
            }
            if scalar == mark { closed = at; break }
            read.append(scalar)
            at += 1
        }
        agree(closed == scalars.count - 1, "\(String(reflecting: made)) ends at \(String(describing: closed)) of \(scalars.count) scalars: the rest would be SQL")
        agree(String(read) == text, "\(String(reflecting: made)) reads back as \(String(reflecting: String(read))), not \(String(reflecting: text))")
    }
    _ = ClickHouseConnection.percentEncoded(text)
}

/// An error answer of any bytes: a code or none, and a message of one line that is never empty.
private func errorAnswer(_ bytes: [UInt8], status: Int) {
    _ = ClickHouseConnection.code(bytes)
    let message = ClickHouseConnection.message(bytes, status: status)
    agree(!message.isEmpty && !message.contains("\n"), "the message \(String(reflecting: message))")
}

/// A URL `clickhouse://user:password@rest` (the password letters and digits the text around does
/// not hold): its shown form and the reason it cannot be opened never hold the password, and one
/// that opens reads the password back.
private func passwordStaysHidden(_ bytes: [UInt8]) {
    guard let input = SecretInput(bytes, pieces: 2) else { return }
    let password = input.password
    // The user information ends at its first `@` and holds no `/` or `:`.
    let user = String(input.pieces[0].unicodeScalars.filter { !"/@:%".unicodeScalars.contains($0) }.map(Character.init))
    let rest = input.pieces.count > 1 ? input.pieces[1] : ""
    let holdsSecret = input.shows(in:)
    guard !holdsSecret(user), !holdsSecret(rest), !holdsSecret("clickhouse://•") else { return }
    let url = "clickhouse://\(user):\(password)@\(rest)"
    func made(_ secret: String) -> String { "clickhouse://\(user):\(secret)@\(rest)" }
    agree(!input.leaks { ClickHouseAddress.redacted(made($0)) }, "the password \(password) shows in \(String(reflecting: ClickHouseAddress.redacted(url))), from \(String(reflecting: url))")
    func why(_ url: String) -> String {
        do { _ = try ClickHouseAddress(url: url); return "" } catch { return "\(error)" }
    }
    do {
        let address = try ClickHouseAddress(url: url)
        // An `@` in the rest before its first `/` makes what comes before it the password's too.
        let alone = !rest.unicodeScalars.prefix { $0 != "/" }.contains("@")
        agree(alone ? address.password == password : address.password.hasPrefix(password), "the password \(password) read as \(String(reflecting: address.password)) from \(String(reflecting: url))")
        agree((1...65_535).contains(address.port), "port \(address.port) from \(String(reflecting: url))")
    } catch {
        agree(!input.leaks { why(made($0)) }, "the password \(password) shows in \(String(reflecting: "\(error)"))")
    }
}
