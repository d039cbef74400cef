/// The password a PostgreSQL connection string holds, in every form a message could show it
/// (as written, percent-decoded, quoted), so that no error text, title or status line shows it,
/// whatever libpq echoes back of a string it could not read (a bad `%` escape, an unclosed
/// `[::1`, a quoted `password='…'`).
struct PostgresSecrets: Sendable {
    /// The forms, longest first: each is hidden wherever it appears.
    let forms: [String]

    /// Forms shorter than this are hidden only where the string's structure puts them (the
    /// URL's user info, a `password=` value): hiding every "a" in a message would leave none.
    static let shortest = 3

    /// The password forms of `conninfo`: a URL's (its user info up to the first or the last
    /// `@` before the host, and a `password=` query parameter) and a `key=value` string's. Read
    /// a Unicode scalar at a time, as libpq reads bytes: a combining mark after `://` or after the
    /// password joins no character here.
    init(conninfo: String) {
        var found: [String] = []
        func add(_ value: Scalars) {
            guard !value.isEmpty else { return }
            let written = String(Substring(value))
            found.append(written)
            let decoded = DatabaseURL.percentDecoded(written)
            if decoded != written { found.append(decoded) }
        }
        let text = conninfo.unicodeScalars[...]
        if PostgresDatabase.isURL(conninfo), let scheme = text.firstRange(of: "://".unicodeScalars) {
            let afterScheme = text[scheme.upperBound...]
            // The user info ends where libpq ends it: at an `@` before the first `/`, whatever
            // `?` or `#` come before it (libpq reads them as part of the user or the password).
            let authority = afterScheme.prefix { $0 != "/" }
            // With more than one `@`, libpq ends the user info at the first and takes the rest
            // for the host: each piece between them may be the password's, or part of it.
            let ats = authority.indices.filter { authority[$0] == "@" }
            if let first = ats.first, let colon = authority[..<first].firstIndex(of: ":") {
                let start = authority.index(after: colon)
                for at in ats { add(authority[start..<at]) }
                for (from, to) in zip(ats, ats.dropFirst()) { add(authority[authority.index(after: from)..<to]) }
            }
            if let question = afterScheme.firstIndex(of: "?") {
                for pair in afterScheme[afterScheme.index(after: question)...].split(whereSeparator: { $0 == "&" || $0 == "#" })
                where pair.starts(with: "password=".unicodeScalars) { add(pair.dropFirst("password=".unicodeScalars.count)) }
            }
        } else {
            var rest = text
            while let value = Self.nextPasswordValue(in: &rest) {
                add(value.text[...])
                add(value.written)
            }
        }
        forms = Array(Set(found)).sorted { $0.unicodeScalars.count > $1.unicodeScalars.count }
    }

    /// A piece of a connection string, a Unicode scalar at a time.
    typealias Scalars = Substring.UnicodeScalarView

    /// The next `password = value` of a `key=value` string, from `rest` on: its text (quotes
    /// and escapes undone) and the value as written; `rest` moves past it.
    static func nextPasswordValue(in rest: inout Scalars) -> (text: String.UnicodeScalarView, written: Scalars)? {
        while let key = rest.firstRange(of: "password".unicodeScalars) {
            var after = rest[key.upperBound...].drop { $0 == " " }
            guard after.first == "=" else {
                rest = rest[key.upperBound...]
                continue
            }
            after = after.dropFirst().drop { $0 == " " }
            guard after.first == "'" else {
                let value = after.prefix { !$0.properties.isWhitespace }
                rest = after[value.endIndex...]
                return (String.UnicodeScalarView(value), value)
            }
            // Quoted: `\'` and `\\` stand for themselves, up to the closing quote (or the end).
            var text = String.UnicodeScalarView(), escaped = false
            var end = after.index(after: after.startIndex)
            while end < after.endIndex {
                let c = after[end]
                end = after.index(after: end)
                if escaped { text.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == "'" { break } else { text.append(c) }
            }
            rest = after[end...]
            return (text, after[..<end])
        }
        return nil
    }

    /// `text` with every form of the password (of ``shortest`` scalars or more) as `•••`,
    /// matched a Unicode scalar at a time (a combining mark after it hides nothing of it).
    func hidden(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        for form in forms.map({ Array($0.unicodeScalars) }) where form.count >= Self.shortest {
            var out: [Unicode.Scalar] = []
            out.reserveCapacity(scalars.count)
            var i = 0
            while i < scalars.count {
                if scalars[i...].starts(with: form) {
                    out += "•••".unicodeScalars
                    i += form.count
                } else {
                    out.append(scalars[i])
                    i += 1
                }
            }
            scalars = out
        }
        var shown = String.UnicodeScalarView()
        shown.append(contentsOf: scalars)
        return String(shown)
    }
}
