/// Paths as the file system holds them: bytes, which are not always UTF-8 (a name written by an
/// old program in Latin-1, say), carried in a `String` so that they can be shown and still opened.
///
/// Valid UTF-8 is kept as it is. Each byte of invalid UTF-8 becomes the private-use scalar
/// U+10FF00 plus the byte, which ``bytes(of:)`` turns back into that byte: a name listed from a
/// directory opens again. ``displayed(_:)`` shows such a byte as `\xFF`. (A name that really
/// holds a scalar from U+10FF80 to U+10FFFF, in a private-use plane no font draws, is read as
/// the byte it stands for.)
public enum FileSystemPath {
    /// The first of the scalars that stand for bytes of invalid UTF-8.
    static let escapeBase: UInt32 = 0x10FF00

    /// `bytes` (a name or path as the system gives it) as a string that keeps every byte.
    public static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var i = 0
        var clean = true
        // Safe: the bytes are lent for the call; the decoder reads only below their count, and a
        // byte escaped is one at `i`, below it.
        unsafe bytes.withUnsafeBufferPointer { buffer in
            while i < buffer.count {
                let (value, length, valid) = unsafe UTF8Decoding.scalar(in: buffer, at: i)
                if valid, let scalar = Unicode.Scalar(value) {
                    scalars.append(scalar)
                } else {
                    clean = false
                    unsafe scalars.append(Unicode.Scalar(escapeBase + UInt32(buffer[i]))!)
                }
                i += valid ? length : 1
            }
        }
        return clean ? String(decoding: bytes, as: UTF8.self) : String(scalars)
    }

    /// The bytes `path` stands for: what ``string(_:)`` was given.
    public static func bytes(of path: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase + 0x80, scalar.value <= escapeBase + 0xFF {
                out.append(UInt8(scalar.value - escapeBase))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Runs `body` with `path` as the NUL-terminated bytes the system's calls take; a path that
    /// holds a NUL (which no file has) is cut there, as C would read it.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        var bytes = bytes(of: path)
        bytes.append(0)
        // Safe: the path's bytes end in a NUL (added above), and the C string is lent to `body` for
        // its call only.
        return unsafe try bytes.withUnsafeBufferPointer { buffer in
            unsafe try buffer.withMemoryRebound(to: CChar.self) { unsafe try body($0.baseAddress!) }
        }
    }

    /// `path` for a person: each byte of invalid UTF-8 as `\xFF`, the rest as it is.
    public static func displayed(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.value >= escapeBase + 0x80 && $0.value <= escapeBase + 0xFF }) else { return path }
        var out = ""
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase + 0x80, scalar.value <= escapeBase + 0xFF {
                let byte = scalar.value - escapeBase
                out += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Reading UTF-8 a scalar at a time, the way every reader here mends it and as Swift's
/// `String(decoding:as:)` does: the longest start of a well-formed sequence that is cut short or
/// broken ("maximal subpart", Unicode's recommended practice: `E2 82` before an ASCII byte) is
/// one U+FFFD; a byte that starts no sequence (a continuation byte, C0, C1, F5 to FF) is one.
enum UTF8Decoding {
    /// The scalar that starts at `i`, its length in bytes, and whether it is valid (an invalid
    /// sequence reads as U+FFFD, as long as its maximal subpart).
    @inline(__always)
    static func scalar(in b: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int, Bool) {
        // Safe where `i < b.count`, as every caller checks; each byte after the lead is read only
        // once `i + k < b.count`.
        let lead = unsafe b[i]
        if lead < 0x80 { return (UInt32(lead), 1, true) }
        // The sequence's length, and the range its second byte must fall in (Unicode's table
        // of well-formed sequences: no overlong forms, surrogates or scalars past U+10FFFF).
        let (length, second): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return (0xFFFD, 1, false)
        }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for k in 1..<length {
            guard i + k < b.count, unsafe k == 1 ? second.contains(b[i + k]) : b[i + k] & 0xC0 == 0x80 else { return (0xFFFD, k, false) }
            value = unsafe value << 6 | UInt32(b[i + k] & 0x3F)
        }
        return (value, length, true)
    }
}
