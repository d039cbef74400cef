#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What a ``FileBytes`` made from a compressed file (gzip, zstd, bzip2, xz) reads from: the file
/// decompressed, as far as it is read, into a temporary file without a name, which is then read
/// like any file. Each look at the size or read decompresses only what it needs, so the first
/// screen shows as soon as its bytes are out, and the file grows to its whole length as an index
/// reads through it. A file of several members or frames (as `cat a.gz b.gz` makes) is read
/// whole. Damage ends the text where it begins and says where (``damage``), keeping everything
/// before it.
final class DecompressingSpool: ByteSpool {
    private struct State {
        var decoder: (any Decompressor)?
        /// Compressed bytes read so far, and inflated bytes kept so far.
        var consumed: UInt64 = 0
        var spooled: UInt64 = 0
        var ended = false
        /// True once bytes of a member have been read and its end not yet seen.
        var inMember = false
        var damage: String? = nil
        var problem: FileError? = nil
    }

    private let state: Mutex<State>
    /// The compressed file, read at offsets.
    private let source: Int32
    let spool: Int32
    private let name: String
    /// What the file is compressed with.
    let format: CompressionFormat
    /// False while the compressed file may still grow (standard input being kept): its end is
    /// then no end of the data, only of what has come; nil for a file that is whole.
    private let sourceIsComplete: (@Sendable () -> Bool)?

    /// The most bytes one look at the size decompresses, as a stream's look copies.
    static let decompressedPerLook = 4 << 20

    /// A spool decompressing `source` (a regular file in `format`, closed with the spool) called `name`.
    ///
    /// - Throws: ``FileError/libraryMissing(path:library:install:)`` when the system lacks the
    ///   format's library; ``FileError`` when no temporary file can be made.
    init(source: Int32, name: String, format: CompressionFormat, sourceIsComplete: (@Sendable () -> Bool)? = nil) throws(FileError) {
        guard let decoder = format.makeDecompressor() else {
            close(source)
            throw .libraryMissing(path: name, library: format.library, install: format.package)
        }
        spool = try UnnamedFile.keeping(name, readFrom: source, prefix: "scrollwork-" + format.name)
        self.source = source
        self.name = name
        self.format = format
        self.sourceIsComplete = sourceIsComplete
        state = Mutex(State(decoder: decoder))
    }

    deinit {
        close(source)
        close(spool)
    }

    var hasEnded: Bool { state.withLock { $0.ended } }

    var damage: String? { state.withLock { $0.damage } }

    /// Decompresses until at least `target` bytes are kept (nil: up to ``decompressedPerLook``
    /// more), and returns how many are kept.
    ///
    /// - Throws: ``FileError`` when the file or the temporary file cannot be read or written;
    ///   the same error again on every later call.
    @discardableResult
    func copy(upTo target: UInt64?) throws(FileError) -> UInt64 {
        let outcome: Result<UInt64, FileError> = state.withLock { state in
            if let problem = state.problem { return .failure(problem) }
            let limit = target ?? (state.spooled &+ UInt64(Self.decompressedPerLook))
            guard !state.ended, state.spooled < limit, let decoder = state.decoder else { return .success(state.spooled) }
            var input = [UInt8](repeating: 0, count: 1 << 16)
            var output = [UInt8](repeating: 0, count: 1 << 18)
            while !state.ended && state.spooled < limit {
                let read = input.withUnsafeMutableBytes { pread(source, $0.baseAddress!, $0.count, off_t(state.consumed)) }
                if read < 0 {
                    if errno == EINTR { continue }
                    state.problem = FileError(errno: errno, path: name, operation: "read")
                    break
                }
                // At the file's end the decompressor is still asked (with no input) for what it holds.
                let step = input.withUnsafeBytes { bytes in
                    output.withUnsafeMutableBytes { decoder.step(UnsafeRawBufferPointer(rebasing: bytes[..<read]), into: $0) }
                }
                let consumed: Int, produced: Int
                switch step {
                case let .progress(c, p):
                    (consumed, produced) = (c, p)
                    if c > 0 { state.inMember = true }
                case let .memberEnded(c, p):
                    (consumed, produced) = (c, p)
                    state.inMember = false
                case let .damaged(message):
                    state.damage = state.inMember || state.consumed == 0
                        ? "the \(format.name) data is damaged at compressed byte \(state.consumed) (\(message)): the text stops there"
                        : "the bytes after the last \(format.name) member, from compressed byte \(state.consumed), are not \(format.name) data and are left out"
                    state.ended = true
                    (consumed, produced) = (0, 0)
                }
                if let problem = write(output, count: produced, at: state.spooled) {
                    state.problem = problem
                    break
                }
                state.consumed += UInt64(consumed)
                state.spooled += UInt64(produced)
                if consumed == 0 && produced == 0 && !state.ended {
                    // What has come so far is read; more may still come.
                    if read == 0, let complete = sourceIsComplete, !complete() { break }
                    if read == 0 {
                        // The file ends: cleanly after a member, else in the middle of one.
                        if state.inMember || state.consumed == 0 {
                            state.damage = "the \(format.name) data ends in the middle of a member at compressed byte \(state.consumed): the text stops there"
                        }
                    } else {
                        // Nothing read and nothing made: the decompressor wants what this read could not give.
                        state.damage = "the \(format.name) data cannot be read past compressed byte \(state.consumed): the text stops there"
                    }
                    state.ended = true
                }
            }
            if state.ended { state.decoder = nil }
            if let problem = state.problem { return .failure(problem) }
            return .success(state.spooled)
        }
        return try outcome.get()
    }

    /// Writes `count` bytes of `bytes` to the spool at `offset`; the error when it cannot.
    private func write(_ bytes: [UInt8], count: Int, at offset: UInt64) -> FileError? {
        var written = 0
        while written < count {
            let w = bytes.withUnsafeBytes { pwrite(spool, $0.baseAddress! + written, count - written, off_t(offset) + off_t(written)) }
            if w < 0 {
                if errno == EINTR { continue }
                return FileError(errno: errno, path: name, operation: "keep the decompressed text of")
            }
            written += w
        }
        return nil
    }
}
