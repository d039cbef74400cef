#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// Where a save writes: a new file that takes the place of `path` only once it is whole (so a
/// save that fails or is cancelled leaves what was there, and a view of a file saved over that
/// same file reads the old one to the end), or standard output for `-`.
public final class OutputFile {
    /// The path asked for (`-` for standard output).
    public let path: String
    private let descriptor: Int32
    /// The file written until ``finish()`` renames it; nil for standard output.
    private let partial: String?
    private var finished = false
    /// The gzip member or zstd frame the bytes go into, for a name ending in `.gz` or `.zst`;
    /// nil for bytes as they are.
    private let deflater: (any Compressor)?

    /// Opens `path` (`-`: standard output) for a save. A name ending in `.gz` is written
    /// compressed with gzip, one ending in `.zst` with zstd.
    ///
    /// - Throws: ``FileError`` when the file cannot be made there (no such directory, no
    ///   permission, a directory of that name), or the system has no zlib for a `.gz` name or
    ///   no libzstd for a `.zst` one.
    public init(path: String) throws(FileError) {
        self.path = path
        if path == "-" {
            descriptor = 1
            partial = nil
            deflater = nil
            return
        }
        switch OutputCompression(path: path) {
        case .gzip?:
            guard let zlib = Zlib.shared, let deflater = GzipDeflater(zlib: zlib) else {
                throw .libraryMissing(path: path, library: "zlib", install: "zlib1g")
            }
            self.deflater = deflater
        case .zstd?:
            guard let library = ZstdCompressionLibrary.shared, let compressor = ZstdCompressor(library: library) else {
                throw .libraryMissing(path: path, library: "libzstd", install: "libzstd1")
            }
            deflater = compressor
        case nil:
            deflater = nil
        }
        var info = stat()
        if FileSystemPath.withCString(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFDIR { throw .isDirectory(path: path) }
        var made: (Int32, String)? = nil
        for attempt in 0..<100 {
            let name = "\(path).partial-\(getpid())-\(attempt)"
            let fd = FileSystemPath.withCString(name) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            if fd >= 0 { made = (fd, name); break }
            if errno != EEXIST { throw FileError(errno: errno, path: path, operation: "create") }
        }
        guard let made else { throw FileError.system(path: path, operation: "create", code: EEXIST, message: "100 partial files of earlier saves are in the way") }
        (descriptor, partial) = made
    }

    deinit {
        guard let partial, !finished else { return }
        close(descriptor)
        FileSystemPath.withCString(partial) { _ = unlink($0) }
    }

    /// Writes all of `bytes`.
    ///
    /// - Throws: ``FileError`` when the system will not take them (a full disk, a closed pipe),
    ///   or ``FileError/finished(path:)`` after ``finish()``: the descriptor is closed then, and
    ///   its number may already be another file's.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        guard !finished else { throw .finished(path: path) }
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
            let n = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(errno: errno, path: path, operation: "write")
            }
            done += n
        }
    }

    /// Ends the save: the file takes the place of `path`. Standard output stays open (it is the
    /// process's), but takes no more writes through this; a second call does nothing.
    ///
    /// - Throws: ``FileError`` when the last bytes or the rename fail; the partial file is removed.
    public func finish() throws(FileError) {
        guard !finished else { return }
        if let deflater {
            guard let last = deflater.compress([], finishing: true) else { throw compressionFailed }
            try writeAsIs(last)
        }
        finished = true
        guard let partial else { return }
        close(descriptor)
        let renamed = FileSystemPath.withCString(partial) { from in FileSystemPath.withCString(path) { rename(from, $0) } }
        guard renamed == 0 else {
            let code = errno
            FileSystemPath.withCString(partial) { _ = unlink($0) }
            throw FileError(errno: code, path: path, operation: "rename the finished file to")
        }
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
