#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

// The calls of the system below are lent C strings (paths, through `FileSystemPath`) and locals for
// the call only; `realpath`'s answer is copied and freed; a write is given the bytes left past
// `done`.
#if canImport(Glibc)
private let systemWrite = unsafe Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// Where a save writes, made so that a save can never destroy data: a new file written beside
/// the target that takes its place only once it is whole (a save that fails or is cancelled
/// leaves what was there, and a view of a file saved over that same file reads the old one to the
/// end); a target that exists is replaced only when the caller says so, and never when it is a
/// file an open view reads. A device or a pipe (`/dev/null`, a FIFO) is written as it is, and
/// `-` is standard output.
public final class OutputFile {
    /// The path asked for (`-` for standard output).
    public let path: String
    private let descriptor: Int32
    /// Where the bytes go and how the save ends.
    private let destination: Destination
    private var finished = false
    /// The gzip member or zstd frame the bytes go into, for a name ending in `.gz` or `.zst`;
    /// nil for bytes as they are.
    private let deflater: (any Compressor)?
    /// For a terminal (standard output or a device that is one), the text made safe to show:
    /// values from the file reach it as data, never as escape sequences; nil for anything else,
    /// which gets the bytes as they are.
    private var visible: VisibleText?

    /// How a save reaches its target.
    private enum Destination {
        /// The process's standard output, left open.
        case standardOutput
        /// A device, FIFO or socket written as it is, closed at the end.
        case device
        /// A partial file renamed to `target` at the end; `replaces` when a file was there.
        case partial(name: String, target: String, replaces: Bool)
    }

    /// Opens `path` (`-`: standard output) for a save. A name ending in `.gz` is written
    /// compressed with gzip, one ending in `.zst` with zstd.
    ///
    /// - Parameters:
    ///   - path: the file to write (`-`: standard output).
    ///   - replacingExisting: whether a file already at `path` may be replaced (once the save is
    ///     whole): the person confirmed it, or gave `--force`. A file that appears at `path`
    ///     while a save that was not told so is written is not replaced either.
    ///   - protected: the files open views read (``FileBytes/fileIdentity``): never a target.
    /// - Throws: ``FileError``: ``FileError/exists(path:)`` for a file already there that may
    ///   not be replaced, ``FileError/readByView(path:)`` for a protected one, and others when
    ///   the file cannot be made there (no such directory, no permission, a directory of that
    ///   name), or the system has no zlib for a `.gz` name or no libzstd for a `.zst` one.
    public init(path: String, replacingExisting: Bool = false, protecting protected: Set<FileIdentity> = []) throws(FileError) {
        self.path = path
        if path == "-" {
            descriptor = 1
            destination = .standardOutput
            deflater = nil
            visible = isatty(1) == 1 ? VisibleText() : nil
            return
        }
        deflater = try Self.compressor(for: path)
        var info = stat()
        let exists = unsafe FileSystemPath.withCString(path, { unsafe stat($0, &info) }) == 0
        if exists {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw .isDirectory(path: path) }
            if protected.contains(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))) { throw .readByView(path: path) }
            if type != S_IFREG {
                // /dev/null, a terminal, a FIFO: nothing to replace, and no folder to write beside.
                let fd = unsafe FileSystemPath.withCString(path) { unsafe open($0, O_WRONLY | O_CLOEXEC) }
                guard fd >= 0 else { throw FileError(errno: errno, path: path, operation: "open for writing") }
                descriptor = fd
                destination = .device
                visible = deflater == nil && isatty(fd) == 1 ? VisibleText() : nil
                return
            }
            guard replacingExisting else { throw .exists(path: path) }
        }
        // A link is followed: the file it names is replaced, and the link stays a link.
        let target = exists ? Self.resolved(path) : path
        var made: (Int32, String)? = nil
        for attempt in 0..<100 {
            let name = "\(target).partial-\(getpid())-\(attempt)"
            let fd = unsafe FileSystemPath.withCString(name) { unsafe open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            if fd >= 0 { made = (fd, name); break }
            if errno != EEXIST { throw FileError(errno: errno, path: path, operation: "create") }
        }
        guard let made else { throw FileError.system(path: path, operation: "create", code: EEXIST, message: "100 partial files of earlier saves are in the way") }
        // The file replaced keeps who may read it.
        if exists { _ = fchmod(made.0, info.st_mode & 0o7777) }
        descriptor = made.0
        destination = .partial(name: made.1, target: target, replaces: exists)
        visible = nil
    }

    /// The compressor a name ending in `.gz` or `.zst` asks for; nil for other names.
    private static func compressor(for path: String) throws(FileError) -> (any Compressor)? {
        switch OutputCompression(path: path) {
        case .gzip?:
            guard let zlib = Zlib.shared, let deflater = GzipDeflater(zlib: zlib) else {
                throw .libraryMissing(path: path, library: "zlib", install: "zlib1g")
            }
            return deflater
        case .zstd?:
            guard let library = ZstdCompressionLibrary.shared, let compressor = ZstdCompressor(library: library) else {
                throw .libraryMissing(path: path, library: "libzstd", install: "libzstd1")
            }
            return compressor
        case nil:
            return nil
        }
    }

    /// The file `path` names with its links followed; `path` itself when it cannot be resolved.
    private static func resolved(_ path: String) -> String {
        guard let real = unsafe FileSystemPath.withCString(path, { unsafe realpath($0, nil) }) else { return path }
        defer { unsafe free(real) }
        return unsafe String(cString: real)
    }

    deinit {
        guard !finished else { return }
        switch destination {
        case .standardOutput: break
        case .device: close(descriptor)
        case let .partial(name, _, _):
            close(descriptor)
            unsafe FileSystemPath.withCString(name) { _ = unsafe unlink($0) }
        }
    }

    /// Writes all of `bytes` (to a terminal, with their control characters as pictures: see
    /// `VisibleText`).
    ///
    /// - Throws: ``FileError`` when the system will not take them (a full disk, a closed pipe),
    ///   or ``FileError/finished(path:)`` after ``finish()``: the descriptor is closed then, and
    ///   its number may already be another file's.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        guard !finished else { throw .finished(path: path) }
        if let shown = visible?.shown(bytes) { return try writeAsIs(shown) }
        guard let deflater else { return try writeAsIs(bytes) }
        guard let compressed = deflater.compress(bytes, finishing: false) else { throw compressionFailed }
        try writeAsIs(compressed)
    }

    /// The error of a compression that zlib refused.
    private var compressionFailed: FileError { .system(path: path, operation: "compress", code: 0, message: "the compression library refused the data") }

    /// Writes all of `bytes` to the file as they are.
    private func writeAsIs(_ bytes: [UInt8]) throws(FileError) {
        var done = 0
        while done < bytes.count {
            let n = unsafe bytes.withUnsafeBytes { unsafe systemWrite(descriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(errno: errno, path: path, operation: "write")
            }
            done += n
        }
    }

    /// Drops what was written, to write the save again from its start: a Parquet save whose
    /// column met a value its type cannot hold starts over with a wider type.
    ///
    /// - Throws: ``FileError`` for standard output, a device or a compressed save (whose bytes
    ///   are gone), or when the system will not cut the file.
    public func startOver() throws(FileError) {
        guard !finished else { throw .finished(path: path) }
        guard case .partial = destination, deflater == nil else {
            throw .system(path: path, operation: "start over", code: 0, message: "what was written to a stream cannot be taken back")
        }
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else { throw FileError(errno: errno, path: path, operation: "start over") }
    }

    /// Ends the save: the file takes the place of `path`. Standard output stays open (it is the
    /// process's), but takes no more writes through this; a second call does nothing.
    ///
    /// - Throws: ``FileError`` when the last bytes or the rename fail; the partial file is removed.
    public func finish() throws(FileError) {
        guard !finished else { return }
        if let rest = visible?.end(), !rest.isEmpty { try writeAsIs(rest) }
        if let deflater {
            guard let last = deflater.compress([], finishing: true) else { throw compressionFailed }
            try writeAsIs(last)
        }
        finished = true
        switch destination {
        case .standardOutput: return
        case .device:
            guard close(descriptor) == 0 || errno == EINTR else { throw FileError(errno: errno, path: path, operation: "finish writing") }
        case let .partial(name, target, replaces):
            try Self.place(name, at: target, replacing: replaces, descriptor: descriptor, path: path)
        }
    }

    /// Puts the whole partial file `name` (open as `descriptor`, closed here) at `target`: over
    /// the file there when `replacing`, else only if nothing took the name meanwhile (a hard link
    /// never replaces; where the file system has none, a rename after a last look). The partial
    /// file is gone afterwards, whatever happens; an error names `path`.
    private static func place(_ name: String, at target: String, replacing: Bool, descriptor: Int32, path: String) throws(FileError) {
        // The bytes on the disk before the old file goes: a crash then leaves one or the other.
        _ = fsync(descriptor)
        close(descriptor)
        defer { unsafe FileSystemPath.withCString(name) { _ = unsafe unlink($0) } }
        let outcome: Int32 = unsafe FileSystemPath.withCString(name) { from in
            unsafe FileSystemPath.withCString(target) { to in
                if replacing { return unsafe rename(from, to) == 0 ? 0 : errno }
                if unsafe link(from, to) == 0 { return 0 }
                let code = errno
                guard code == EPERM || code == EOPNOTSUPP || code == EXDEV || code == EMLINK else { return code }
                var info = stat()
                if unsafe lstat(to, &info) == 0 { return EEXIST }
                return unsafe rename(from, to) == 0 ? 0 : errno
            }
        }
        if outcome == EEXIST { throw .exists(path: path) }
        guard outcome == 0 else { throw FileError(errno: outcome, path: path, operation: "rename the finished file to") }
    }
}

/// How a save's name asks for it to be compressed: `.gz` with gzip, `.zst` with zstd.
enum OutputCompression {
    case gzip, zstd

    /// The compression `path`'s last extension asks for; nil for none.
    init?(path: String) {
        let name = path.lowercased()
        if name.hasSuffix(".gz") { self = .gzip } else if name.hasSuffix(".zst") { self = .zstd } else { return nil }
    }

    /// The length of the extension, dot included.
    var extensionLength: Int { self == .gzip ? 3 : 4 }
}
