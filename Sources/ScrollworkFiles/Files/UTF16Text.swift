#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// UTF-16 text (Excel's "Unicode text", files Windows tools write) decoded to UTF-8 as far as it is
/// read, into a temporary file without a name that is read instead, as a compressed file's text
/// is: every reader of a ``FileBytes`` (the index, the rows, a search) then sees UTF-8. A pair of
/// surrogates split between two reads is decoded whole; a lone surrogate or an odd last byte
/// becomes U+FFFD, as any invalid text does.
final class UTF16Text: KeptInFile {
    /// Which byte of a code unit comes first, as the byte order mark says.
    enum ByteOrder: Sendable { case littleEndian, bigEndian }

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
    /// The UTF-16 bytes, after their byte order mark.
    private let source: FileBytes
    private let order: ByteOrder
    /// The temporary file the UTF-8 text is kept in.
    let spool: Int32
    let name: String

    /// The most source bytes one step decodes.
    static let step = 1 << 20

    /// Text decoded from `source` (UTF-16 in `order`, its byte order mark left out), called `name`.
    ///
    /// - Throws: ``FileError`` when no temporary file can be made.
    init(source: FileBytes, order: ByteOrder, name: String) throws(FileError) {
        guard let fd = UnnamedFile.make(prefix: "scrollwork-utf16") else {
            throw FileError(errno: errno, path: name, operation: "make a temporary file to keep the decoded text of")
        }
        spool = fd
        self.source = source
        self.order = order
        self.name = name
        state = Locked(State())
    }

    deinit { close(spool) }

    /// True once all of the source is decoded and the source itself has ended.
    var hasEnded: Bool { state.withLock { $0.consumed >= source.size } && source.streamHasEnded }

    /// Why the source's bytes end early (damaged compressed UTF-16), if they do.
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
                // An odd byte waits for its pair, unless the text ends there.
                let usable = ended ? bytes.count : bytes.count & ~1
                guard usable > 0 else { break }
                let text = decode(bytes.prefix(usable), pendingHigh: &state.pendingHigh, atEnd: ended)
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

    /// `bytes` (whole code units, or a last odd byte `atEnd`) as UTF-8: a high surrogate at
    /// their end kept in `pendingHigh` for the next bytes (written as U+FFFD `atEnd`).
    func decode(_ bytes: ArraySlice<UInt8>, pendingHigh: inout UInt16?, atEnd: Bool) -> [UInt8] {
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
}
