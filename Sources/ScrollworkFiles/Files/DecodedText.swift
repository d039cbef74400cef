#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// Text in another encoding than UTF-8 decoded to UTF-8 as far as it is read, into a temporary
/// file without a name that is read instead, as a compressed file's text is: every reader of a
/// ``FileBytes`` (the index, the rows, a search) then sees UTF-8. UTF-16 (Excel's "Unicode
/// text", files Windows tools write): a pair of surrogates split between two reads is decoded
/// whole; a lone surrogate or an odd last byte becomes U+FFFD, as any invalid text does.
/// Windows-1252 (Excel's "CSV (Comma delimited)" on a Western Windows, and Latin-1, which it
/// holds): every byte is a character.
final class DecodedText: KeptInFile {
    /// Which byte of a code unit comes first, as the byte order mark says.
    enum ByteOrder: Sendable { case littleEndian, bigEndian }

    /// What the source's bytes are.
    enum Encoding: Sendable {
        case utf16(ByteOrder)
        case windows1252

        /// Its name, as the status line says it.
        var name: String {
            switch self {
            case .utf16(.littleEndian): "UTF-16LE"
            case .utf16(.bigEndian): "UTF-16BE"
            case .windows1252: "Windows-1252"
            }
        }
    }

    private struct State {
        /// The source's bytes decoded so far.
        var consumed: UInt64 = 0
        /// The UTF-8 bytes written to the spool.
        var written: UInt64 = 0
        /// A high surrogate at the end of the last read, waiting for its pair.
        var pendingHigh: UInt16? = nil
        var problem: FileError? = nil
    }

    private let state: Locked<State>
    /// The bytes in `encoding`, after their byte order mark where they have one.
    private let source: FileBytes
    private let encoding: Encoding
    /// The temporary file the UTF-8 text is kept in.
    let spool: Int32
    let name: String

    /// The most source bytes one step decodes.
    static let step = 1 << 20

    /// Text decoded from `source` (in `encoding`, a byte order mark left out), called `name`.
    ///
    /// - Throws: ``FileError`` when no temporary file can be made.
    init(source: FileBytes, encoding: Encoding, name: String) throws(FileError) {
        guard let fd = UnnamedFile.make(prefix: "scrollwork-decoded") else {
            throw FileError(errno: errno, path: name, operation: "make a temporary file to keep the decoded text of")
        }
        spool = fd
        self.source = source
        self.encoding = encoding
        self.name = name
        state = Locked(State())
    }

    deinit { close(spool) }

    /// True once all of the source is decoded and the source itself has ended.
    var hasEnded: Bool { state.withLock { $0.consumed >= source.size } && source.streamHasEnded }

    /// Why the source's bytes end early (damaged compressed text), if they do.
    var damage: String? { source.damage }

    @discardableResult
    func copy(upTo target: UInt64?) throws(FileError) -> UInt64 {
        let outcome: Result<UInt64, FileError> = state.withLock { state in
            if let problem = state.problem { return .failure(problem) }
            let limit = target ?? state.written &+ UInt64(Self.step)
            while state.written < limit {
                let bytes: [UInt8]
                do throws(FileError) { bytes = try source.read(at: state.consumed, count: Self.step) } catch {
                    state.problem = error
                    return .failure(error)
                }
                let ended = source.streamHasEnded && state.consumed + UInt64(bytes.count) >= source.size
                let usable: Int, text: [UInt8]
                switch encoding {
                case let .utf16(order):
                    // An odd byte waits for its pair, unless the text ends there.
                    usable = ended ? bytes.count : bytes.count & ~1
                    text = Self.decode(bytes.prefix(usable), order: order, pendingHigh: &state.pendingHigh, atEnd: ended)
                case .windows1252:
                    usable = bytes.count
                    text = Self.decodeWindows1252(bytes)
                }
                guard usable > 0 else { break }
                var done = 0
                while done < text.count {
                    // Safe: each write is given the bytes left past `done`, inside the text.
                    let n = unsafe text.withUnsafeBytes { unsafe pwrite(spool, $0.baseAddress! + done, text.count - done, off_t(state.written) + off_t(done)) }
                    if n < 0 {
                        if errno == EINTR { continue }
                        let error = FileError(errno: errno, path: name, operation: "keep the decoded text of")
                        state.problem = error
                        return .failure(error)
                    }
                    done += n
                }
                state.consumed += UInt64(usable)
                state.written += UInt64(text.count)
                if ended { break }
            }
            return .success(state.written)
        }
        return try outcome.get()
    }

    func available(upTo target: UInt64) throws(FileError) -> UInt64 { try copy(upTo: target) }

    /// `bytes` of UTF-16 in `order` (whole code units, or a last odd byte `atEnd`) as UTF-8: a
    /// high surrogate at their end kept in `pendingHigh` for the next bytes (written as U+FFFD
    /// `atEnd`).
    static func decode(_ bytes: ArraySlice<UInt8>, order: ByteOrder, pendingHigh: inout UInt16?, atEnd: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3 / 2)
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        func append(_ scalar: Unicode.Scalar) { UTF8.encode(scalar) { out.append($0) } }
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            let unit = order == .littleEndian ? a | b << 8 : a << 8 | b
            i += 2
            if let high = pendingHigh {
                pendingHigh = nil
                if (0xDC00..<0xE000).contains(unit) {
                    let value = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
                    append(Unicode.Scalar(value) ?? "\u{FFFD}")
                    continue
                }
                out += replacement
            }
            switch unit {
            case 0xD800..<0xDC00: pendingHigh = unit
            case 0xDC00..<0xE000: out += replacement
            default: append(Unicode.Scalar(unit) ?? "\u{FFFD}")
            }
        }
        if atEnd {
            if pendingHigh != nil { out += replacement }
            pendingHigh = nil
            if i < bytes.endIndex { out += replacement }
        }
        return out
    }

    /// The characters of bytes 0x80–0x9F in Windows-1252 (the five it leaves out are the C1
    /// controls of the same number, as WHATWG's encoding standard maps them); the bytes from
    /// 0xA0 are Latin-1's, U+00A0–U+00FF.
    static let windows1252High: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// `bytes` of Windows-1252 as UTF-8: ASCII as it is, every other byte its character.
    static func decodeWindows1252(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                out.append(byte)
                continue
            }
            let unit = byte < 0xA0 ? windows1252High[Int(byte) - 0x80] : UInt16(byte)
            if unit < 0x800 {
                out.append(0xC0 | UInt8(unit >> 6))
            } else {
                out.append(0xE0 | UInt8(unit >> 12))
                out.append(0x80 | UInt8((unit >> 6) & 0x3F))
            }
            out.append(0x80 | UInt8(unit & 0x3F))
        }
        return out
    }

    /// True when `sample`, a file's first bytes, reads as Windows-1252 rather than UTF-8: it
    /// holds a byte that cannot be UTF-8 and no character of UTF-8 past ASCII (a file of UTF-8
    /// with a damaged byte stays UTF-8, its damage shown as U+FFFD). A character cut at the
    /// sample's end, when `isWhole` is false, is no evidence either way.
    static func looksLikeWindows1252(_ sample: [UInt8], isWhole: Bool) -> Bool {
        // Safe: every index read is checked below the sample's count first.
        unsafe sample.withUnsafeBufferPointer { bytes in
            var invalid = false, i = 0
            while i < bytes.count {
                guard unsafe bytes[i] >= 0x80 else {
                    i += 1
                    continue
                }
                let (_, length, valid) = unsafe UTF8Decoding.scalar(in: bytes, at: i)
                if valid { return false }
                // A sequence that runs past a cut sample ends the look.
                if i + length >= bytes.count && !isWhole { break }
                invalid = true
                i += 1
            }
            return invalid
        }
    }
}
