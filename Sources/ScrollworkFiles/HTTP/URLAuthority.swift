/// The parts of a server URL, `scheme://[user[:password]@]host[:port][/path][?query][#fragment]`,
/// read a Unicode scalar at a time (as the bytes sent are read), so that a combining mark after
/// `//` or beside a `:` cannot join two parts into one character and hide a password from
/// ``redacted(_:mark:)``.
///
/// The user information ends at the last `@` before the first `/`, wherever a `?` or `#` stands
/// before it: a password holding one of them (unescaped) is still a password, never shown and
/// never read as a port or a query.
package struct URLAuthority: Sendable, Hashable {
    /// The scheme, its ASCII letters in lower case (`http`, `clickhouse`).
    package var scheme: String
    /// The user as written (percent escapes kept); nil when the URL names none.
    package var user: String?
    /// The password as written (percent escapes kept); nil when the URL gives none.
    package var password: String?
    /// The host, without the brackets around an IPv6 address; empty when none is written.
    package var host: String
    /// What follows the host's `:`, as written; nil when no port is written.
    package var port: String?
    /// True when an IPv6 address has no closing `]`.
    package var unclosedBracket: Bool
    /// Text between an IPv6 address's `]` and the end of the host that is not a port.
    package var afterAddress: String
    /// The path, query and fragment: everything from the first `/`, `?` or `#` after the host.
    package var rest: String

    /// The parts of `url`; nil when it has no `://`.
    package init?(_ url: String) {
        let scalars = url.unicodeScalars
        guard let separator = scalars.firstRange(of: "://".unicodeScalars) else { return nil }
        scheme = String(String.UnicodeScalarView(scalars[..<separator.lowerBound].map(Self.lowercased)))
        let afterScheme = scalars[separator.upperBound...]
        let firstSlash = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        var hostStart = afterScheme.startIndex
        if let at = afterScheme[..<firstSlash].lastIndex(of: "@") {
            let info = afterScheme[..<at]
            let colon = info.firstIndex(of: ":")
            user = String(Substring(info[..<(colon ?? info.endIndex)]))
            password = colon.map { String(Substring(info[info.index(after: $0)...])) }
            hostStart = afterScheme.index(after: at)
        }
        let afterInfo = afterScheme[hostStart...]
        let hostEnd = afterInfo.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterInfo.endIndex
        let hostPort = afterInfo[..<hostEnd]
        rest = String(Substring(afterInfo[hostEnd...]))
        unclosedBracket = false
        afterAddress = ""
        if hostPort.first == "[" {
            guard let close = hostPort.firstIndex(of: "]") else {
                host = String(Substring(hostPort.dropFirst()))
                unclosedBracket = true
                return
            }
            host = String(Substring(hostPort[hostPort.index(after: hostPort.startIndex)..<close]))
            let after = hostPort[hostPort.index(after: close)...]
            if after.first == ":" { port = String(Substring(after.dropFirst())) } else { afterAddress = String(Substring(after)) }
        } else if let colon = hostPort.lastIndex(of: ":") {
            host = String(Substring(hostPort[..<colon]))
            port = String(Substring(hostPort[hostPort.index(after: colon)...]))
        } else {
            host = String(Substring(hostPort))
        }
    }

    /// `url` with the password of its user information replaced by `mark`, or left out with its
    /// `:` when `mark` is nil (`http://ann@host/x`); `url` itself when it gives no password.
    package static func redacted(_ url: String, mark: String?) -> String {
        let scalars = url.unicodeScalars
        guard let separator = scalars.firstRange(of: "://".unicodeScalars) else { return url }
        let afterScheme = scalars[separator.upperBound...]
        let firstSlash = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        guard let at = afterScheme[..<firstSlash].lastIndex(of: "@"), let colon = afterScheme[..<at].firstIndex(of: ":") else { return url }
        let kept = mark.map { String(Substring(scalars[...colon])) + $0 } ?? String(Substring(scalars[..<colon]))
        return kept + String(Substring(scalars[at...]))
    }

    /// The port written, as a number from 1 to 65535; `default` when none is written; nil when
    /// what is written is not one.
    package func portNumber(default port: Int) -> Int? {
        guard let written = self.port else { return port }
        guard written.utf8.count <= 5, written.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(written), (1...65_535).contains(number) else { return nil }
        return number
    }

    /// `scalar` with an ASCII capital made small.
    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar
    }
}
