/// The `%XX` escapes of a URL's parts (a user, a password, a path, a table's name).
package enum PercentEncoding {
    /// `text` with its `%XX` escapes decoded; an escape that is not two hex digits kept as
    /// written.
    package static func decoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == 0x25, utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `target` (a path and query) with every byte a URL may not hold as it is (spaces, controls,
    /// `"<>\^`{|}` and all past ASCII) written as `%XX`; escapes already there are kept.
    package static func encodedTarget(_ target: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in target.utf8 {
            if byte > 0x20, byte < 0x7F, !Array("\"<>\\^`{|}".utf8).contains(byte) {
                out.append(byte)
            } else {
                out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
