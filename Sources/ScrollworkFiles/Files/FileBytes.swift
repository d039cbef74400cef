#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for reading at any offset from any thread (`pread`), so that an index can be
/// built on one thread while another reads the rows on screen.
///
/// The file is read, not mapped: a mapped file that another program truncates raises SIGBUS on
/// the next access, while a read past the new end simply returns fewer bytes.
///
/// A stream (a FIFO, a pipe, a character device, a socket) cannot be read at any offset: its
/// bytes are copied as they come to a temporary file, which is read instead, so such a file
/// grows as a log being written does (``isStream``, ``streamHasEnded``). Nothing blocks: opening
/// a FIFO that no writer has opened yet returns at once, as an empty file that grows once one
/// writes.
public final class FileBytes: Sendable {
    /// The path it was opened with (or, for a file with no path, what it is called).
    public let path: String
    private let descriptor: Int32
    /// False for a file taken from a descriptor, which no path names.
    private let hasPath: Bool
    /// Where a stream's or a compressed file's bytes come from; nil for a file read at offsets.
    private let stream: (any ByteSpool)?
    /// The file the path named when it was opened (the compressed one, for a compressed file):
    /// what ``isReplaced`` compares the path with.
    private let identity: (device: UInt64, inode: UInt64)?
    /// The compression the file's bytes were in ("gzip", "zstd", "bzip2", "xz"), found by their
    /// first bytes whatever the name; nil for bytes read as they are.
    public let compression: String?
    /// What the bytes are read from: the file itself, or one this shows from a later byte on.
    private let owner: FileBytes?
    /// The byte of the file (its text, once decompressed) shown as byte 0.
    private let origin: UInt64
    /// The text encoding the file was written in when it is read decoded ("UTF-16LE",
    /// "UTF-16BE"); nil for UTF-8 (or ASCII) read as it is.
    public let encoding: String?

    /// Opens `path` for reading, without waiting for a FIFO's writer.
    ///
    /// - Throws: ``FileError`` when there is nothing at the path, it may not be read, or it is a
    ///   directory.
    public convenience init(path: String) throws(FileError) {
        try self.init(path: path, tuning: .standard)
    }

    /// Opens `path`, reaching a compressed file's text at any offset as `tuning` says.
    init(path: String, tuning: CompressedBytes.Tuning) throws(FileError) {
        self.path = path
        owner = nil
        origin = 0
        encoding = nil
        // Safe: the path is a C string lent for the call; `fstat` fills the local it is lent.
        let fd = unsafe FileSystemPath.withCString(path) { unsafe open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw Self.error(errno, path: path, operation: "open") }
        var info = stat()
        guard unsafe fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw Self.error(code, path: path, operation: "look at")
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR {
            close(fd)
            throw .isDirectory(path: path)
        }
        hasPath = true
        identity = (UInt64(info.st_dev), UInt64(info.st_ino))
        if (type == S_IFREG && !Self.makesTextAsRead(fd, info)) || type == S_IFBLK {
            let flags = fcntl(fd, F_GETFL)
            if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
            if let format = Self.compression(of: fd) {
                stream = try CompressedBytes(source: fd, name: path, format: format, tuning: tuning)
                descriptor = -1
                compression = format.name
            } else {
                descriptor = fd
                stream = nil
                compression = nil
            }
        } else {
            stream = try StreamSpool(source: fd, name: path, isFIFO: type == S_IFIFO)
            descriptor = -1
            compression = nil
        }
    }

    /// True when the file at `path` is read as a stream, as standard input is: a FIFO, a
    /// character device, a socket, or a file of `/proc` or `/sys`, which says it is empty and
    /// makes its text as it is read. Such a file has no offsets to read at, or no size to read
    /// to; false for anything else, or nothing at the path.
    public static func readsAsStream(path: String) -> Bool {
        var info = stat()
        // Safe: paths are C strings lent for each call; `stat` and `pread` fill the locals they are
        // lent.
        guard unsafe FileSystemPath.withCString(path, { unsafe stat($0, &info) }) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK }
        let fd = unsafe FileSystemPath.withCString(path) { unsafe open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return makesTextAsRead(fd, info)
    }

    /// True when `descriptor`, a regular file whose status is `info`, says it is empty but
    /// gives a byte when read: a file of `/proc` or `/sys`, read to its end as a stream.
    private static func makesTextAsRead(_ descriptor: Int32, _ info: stat) -> Bool {
        var byte: UInt8 = 0
        return unsafe info.st_mode & S_IFMT == S_IFREG && info.st_size == 0 && pread(descriptor, &byte, 1, 0) == 1
    }

    /// Takes `descriptor`, open for reading (and closed with this), as a file no path names,
    /// called `name`: standard input kept in a temporary file, say. Such a file is never
    /// replaced. A pipe, FIFO, socket or character device is read as a stream (see the type's
    /// description); when no temporary file can be made to keep it in, this throws a
    /// ``FileError`` that says so (the descriptor is closed).
    ///
    /// A regular file whose first bytes are compressed data (``compression``) is read
    /// decompressed. While `complete` says false the file is still being written (standard
    /// input being kept as it comes), so its end is only the end of what has come so far.
    public init(descriptor: Int32, name: String, complete: (@Sendable () -> Bool)? = nil) throws(FileError) {
        path = name
        owner = nil
        origin = 0
        encoding = nil
        hasPath = false
        identity = nil
        var info = stat()
        // Safe: `fstat` fills the local it is lent.
        let type = unsafe fstat(descriptor, &info) == 0 ? info.st_mode & S_IFMT : S_IFREG
        if type != S_IFREG && type != S_IFBLK && type != S_IFDIR {
            stream = try StreamSpool(source: descriptor, name: name, isFIFO: type == S_IFIFO)
            self.descriptor = -1
            compression = nil
        } else if type == S_IFREG, let format = Self.compression(of: descriptor) {
            stream = try CompressedBytes(source: descriptor, name: name, format: format, sourceIsComplete: complete)
            self.descriptor = -1
            compression = format.name
        } else {
            self.descriptor = descriptor
            stream = nil
            compression = nil
        }
    }

    /// True when `text` names a file on a web server: an `http://` or `https://` URL, its scheme
    /// in either case. The scheme is read a Unicode scalar at a time, as the URL is opened: a
    /// combining mark after `//` must not make a URL with a password look like a local path,
    /// whose "no such file" message would show it whole.
    public static func isWebAddress(_ text: String) -> Bool {
        guard let scheme = URLAuthority(text)?.scheme else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// The file `url` names on a web server (`http://` or `https://host[:port]/path`): read by
    /// range as far as it is read where the server serves ranges (a compressed file decompressed
    /// from its ranges as far as it is read, as a local one); where it does not, kept as it comes,
    /// as standard input is (the first screen shows while the rest arrives; an answer that breaks
    /// off says so in ``damage``).
    /// Redirects are followed (five at most); a file that changes on the server while open is
    /// said as such on the next read. A `user:password@` in the URL is sent as Basic
    /// credentials to its host, and left out of the file's name (``path``) and every message.
    ///
    /// `https://` is read through the system's libcurl, loaded when first needed. The server's
    /// certificate is checked against the certificate authorities in the file `authorities`
    /// names, or the system's when nil (a program reads the variables the `curl` tool reads with
    /// ``certificateAuthorities(environment:)``).
    ///
    /// - Throws: ``FileError/notFound(path:)`` for a 404, ``FileError/permissionDenied(path:)``
    ///   for a 401 or 403, and ``FileError/remote(url:problem:)`` for any other answer, a server
    ///   that cannot be reached or says nothing for 30 s, a certificate that cannot be verified,
    ///   and an `https://` URL where libcurl is not installed.
    public convenience init(url: String, trusting authorities: String? = nil) throws(FileError) {
        switch try HTTPFile.open(url, trusting: authorities) {
        case let .ranges(file): self.init(spool: file, name: file.address.url)
        case let .compressed(file, format):
            self.init(spool: try CompressedBytes(spool: file, name: file.address.url, format: format), name: file.address.url, compression: format.name)
        case let .stream(body): self.init(spool: body, name: body.name)
        case let .compressedStream(body, format):
            let kept = try CompressedBytes(spool: body, name: body.name, format: format) { body.hasEnded }
            self.init(spool: kept, name: body.name, compression: format.name)
        case let .whole(descriptor, name): try self.init(descriptor: descriptor, name: name)
        }
    }

    /// The file of certificate authorities to trust for `https://` that `environment` names as
    /// the `curl` tool reads it: `CURL_CA_BUNDLE`, else `SSL_CERT_FILE`; nil (the system's) when
    /// neither is set or both are empty.
    public static func certificateAuthorities(environment: [String: String]) -> String? {
        for name in ["CURL_CA_BUNDLE", "SSL_CERT_FILE"] {
            if let path = environment[name], !path.isEmpty { return path }
        }
        return nil
    }

    /// The bytes `spool` gives, called `name`: a file no path names.
    private init(spool: any ByteSpool, name: String, compression: String? = nil) {
        path = name
        descriptor = -1
        hasPath = false
        stream = spool
        identity = nil
        self.compression = compression
        owner = nil
        origin = 0
        encoding = nil
    }

    /// The compression the file open as `descriptor` is in, by its first bytes; nil for none.
    private static func compression(of descriptor: Int32) -> CompressionFormat? {
        var magic = [UInt8](repeating: 0, count: 6)
        // Safe: the array holds the six bytes read into it.
        let read = unsafe magic.withUnsafeMutableBytes { unsafe pread(descriptor, $0.baseAddress!, 6, 0) }
        return read > 0 ? CompressionFormat.detect(Array(magic.prefix(read))) : nil
    }

    /// `file` shown from its byte `origin` on, read through `stream` when one is given (text
    /// decoded from another encoding).
    private init(showing file: FileBytes, from origin: UInt64, through stream: (any ByteSpool)? = nil, encoding: String? = nil) {
        path = file.path
        descriptor = file.descriptor
        hasPath = file.hasPath
        self.stream = stream ?? file.stream
        identity = file.identity
        compression = file.compression
        owner = file.owner ?? file
        // Past the largest offset is past any end: such a file shows nothing.
        let (shifted, overflow) = file.origin.addingReportingOverflow(origin)
        self.origin = stream == nil ? (overflow ? .max : shifted) : origin
        self.encoding = encoding ?? file.encoding
    }

    /// The same file without its first `count` bytes (a byte order mark, Excel's `sep=` line):
    /// byte `count` is byte 0 of what this returns, and its size is `count` less (none when
    /// `count` is past the end; any count is taken).
    public func dropping(_ count: UInt64) -> FileBytes { FileBytes(showing: self, from: count) }

    /// This file with each carriage return read as a line feed when its first 64 KB end lines in
    /// carriage returns alone and it is a file of this machine's (``CarriageReturnLines``); else
    /// this file. `sample` is its first 64 KB, where they are read already.
    private func readingCarriageReturnsAsLineEnds(sample: [UInt8]? = nil) throws(FileError) -> FileBytes {
        guard !isStream else { return self }
        let start: [UInt8]
        if let sample { start = sample } else { start = try read(at: 0, count: Self.sampleSize) }
        guard CarriageReturnLines.endsLinesWithCarriageReturns(start) else { return self }
        return FileBytes(showing: self, from: 0, through: CarriageReturnLines(source: self), encoding: encoding)
    }

    /// The file as UTF-8 text: a UTF-8 byte order mark left out, UTF-16 with its byte order mark
    /// (as Excel's "Unicode text" and Windows tools write it) decoded as it is read, a file of
    /// this machine's (or a compressed one's) whose first 64 KB hold bytes that cannot be UTF-8 and no UTF-8 past ASCII
    /// decoded as Windows-1252 (Excel's "CSV (Comma delimited)" on a Western Windows; Latin-1 is
    /// a part of it) (``encoding`` says which), lines that end in a carriage return alone
    /// (classic Mac OS) read as lines; any other file as it is.
    ///
    /// - Throws: ``FileError`` when the start cannot be read or no temporary file can be made to
    ///   keep decoded text in.
    public func decodingText() throws(FileError) -> FileBytes {
        let start = try read(at: 0, count: 3)
        if start.starts(with: [0xEF, 0xBB, 0xBF]) { return try dropping(3).readingCarriageReturnsAsLineEnds() }
        let order: DecodedText.ByteOrder? = start.starts(with: [0xFF, 0xFE]) ? .littleEndian : start.starts(with: [0xFE, 0xFF]) ? .bigEndian : nil
        let encoding: DecodedText.Encoding
        if let order {
            encoding = .utf16(order)
        } else {
            // A stream's first bytes are not waited for here: it is read as UTF-8 (standard
            // input is kept in a file, not a stream). A compressed file's are decompressed as far
            // as the sample, which the first screen reads anyway.
            guard !isStream || compression != nil else { return self }
            let sample = try read(at: 0, count: Self.sampleSize)
            // Only a file of a path that ends inside the sample is known whole: standard input
            // and a compressed file may stop inside a character only for now.
            let isWhole = hasPath && !isStream && sample.count < Self.sampleSize
            guard DecodedText.looksLikeWindows1252(sample, isWhole: isWhole) else { return try readingCarriageReturnsAsLineEnds(sample: sample) }
            encoding = .windows1252
        }
        let text = try DecodedText(source: order == nil ? self : dropping(2), encoding: encoding, name: path)
        return FileBytes(showing: self, from: 0, through: text, encoding: encoding.name)
    }

    deinit {
        // A stream's spool and a compressed file's reader close their own files; a file shown
        // from a later byte leaves its descriptor to the file it shows.
        if stream == nil && owner == nil { close(descriptor) }
    }

    /// True when the bytes come from a stream (a pipe, a FIFO, a device) or are decompressed from
    /// a compressed file: they are taken in as they are read, and the file grows until
    /// ``streamHasEnded``.
    public var isStream: Bool { stream != nil }
    /// True when the bytes are read from a web server by range as they are asked for (each read
    /// may wait on the network), not from this machine.
    public var isRemote: Bool { remoteFile != nil }

    /// The file on a web server the bytes come from, read by range (through its decompression
    /// when compressed); nil for a file of this machine's or one a server sent whole.
    var remoteFile: HTTPFile? {
        let spool = owner?.stream ?? stream
        return spool as? HTTPFile ?? (spool as? CompressedBytes)?.remoteFile
    }

    /// True for a stream whose writer has gone (its size is final), and for every other file.
    public var streamHasEnded: Bool { stream?.hasEnded ?? true }

    /// The most bytes a pass that parses or searches what it reads (a sort's keys, a search)
    /// reads at once, into one buffer it reuses: well inside a core's 512 KB second-level cache,
    /// so the bytes `pread` copies are used while still there, and no fresh pages are faulted in
    /// for each read (16 MB reads into new arrays spent a tenth of a JSON Lines sort there).
    public static let readWindow = 256 << 10

    /// How many bytes of a file's start are read to tell what it holds: text or not, its
    /// encoding, its line ends, its separator and header.
    public static let sampleSize = 64 << 10

    /// The file's size now, in bytes (it may grow or shrink while open); 0 when it cannot be read.
    /// For a stream, what has come so far (each look copies what the stream holds now).
    public var size: UInt64 {
        let whole: UInt64
        if let stream {
            // An error of the stream shows on the next read, which says what it was.
            whole = (try? stream.copy(upTo: nil)) ?? 0
        } else {
            var info = stat()
            // Safe: `fstat` fills the local it is lent.
            guard unsafe fstat(descriptor, &info) == 0 else { return 0 }
            whole = UInt64(max(0, info.st_size))
        }
        return whole > origin ? whole - origin : 0
    }

    /// Which file was opened (the compressed one, for a compressed file); nil for a file taken
    /// from a descriptor, which no path names.
    public var fileIdentity: FileIdentity? { identity.map { FileIdentity(device: $0.device, inode: $0.inode) } }

    /// True when the path now names another file than the one open (replaced, as a log rotated
    /// by moving it away and starting anew) or nothing at all.
    public var isReplaced: Bool {
        guard hasPath, let identity else { return false }
        var named = stat()
        // Safe: the path is a C string lent for the call; `stat` fills the local it is lent.
        guard unsafe FileSystemPath.withCString(path, { unsafe stat($0, &named) }) == 0 else { return true }
        return identity.inode != UInt64(named.st_ino) || identity.device != UInt64(named.st_dev)
    }

    /// Why the text ends before the file does, if it does: damaged compressed data, kept up to
    /// the damage (``compression``).
    public var damage: String? { stream?.damage }

    /// How a compressed file's text is reached at any offset (checkpoints, text kept on disk);
    /// nil for a file that is not compressed.
    public var randomAccess: RandomAccess? { (stream as? CompressedBytes)?.randomAccess }

    /// Up to `count` bytes from `offset`: fewer at the end of the file (none past it).
    ///
    /// - Throws: ``FileError/system(path:operation:code:message:)`` when the system cannot read.
    public func read(at offset: UInt64, count: Int) throws(FileError) -> [UInt8] {
        // No more than the file holds now, so a huge count allocates nothing huge; a compressed
        // file is decompressed as far as the read asks first.
        let (end, overflow) = offset.addingReportingOverflow(UInt64(Swift.max(0, count)))
        let available = try stream.map { stream throws(FileError) in
            let (shifted, past) = end.addingReportingOverflow(origin)
            let made = try stream.available(upTo: overflow || past ? UInt64.max : shifted)
            return made > origin ? made - origin : 0
        }
        let size = available ?? self.size
        let count = Swift.min(count, Int(clamping: size > offset ? size - offset : 0))
        guard count > 0, offset <= UInt64(Int64.max) else { return [] }
        // Not zeroed first: the read fills what it keeps, and zeroing was a tenth of a sort.
        var failure: FileError? = nil
        // Safe: the read fills at most the `count` bytes made room for, and says how many it
        // filled.
        let bytes = unsafe [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(FileError) {
                initialized = unsafe try read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Reads up to `buffer.count` bytes from `offset` into `buffer` and returns how many it read:
    /// fewer at the end of the file, none past it. A reader that goes through a file a chunk at a
    /// time reuses one buffer instead of allocating (and faulting in) a new one each chunk.
    ///
    /// - Throws: ``FileError/system(path:operation:code:message:)`` when the system cannot read.
    public func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        let (shifted, overflow) = offset.addingReportingOverflow(origin)
        guard !overflow else { return 0 }
        // Safe: each read fills no more than the caller's buffer.
        if let stream { return unsafe try stream.read(at: shifted, into: buffer) }
        return unsafe try Self.read(descriptor, at: shifted, into: buffer, path: path)
    }

    /// Reads up to `buffer.count` bytes of `descriptor` from `offset` into `buffer` with
    /// `pread`, as many as there are; the error names `path`.
    static func read(_ descriptor: Int32, at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(FileError) -> Int {
        guard let base = buffer.baseAddress, offset <= UInt64(Int64.max) else { return 0 }
        // The system refuses a read whose end lies past the largest offset: none is asked for.
        let wanted = Swift.min(buffer.count, Int(clamping: UInt64(Int64.max) - offset))
        var filled = 0
        while filled < wanted {
            let start = Int64(offset) + Int64(filled)
            // Safe: `wanted` is at most the buffer's count, and each read fills what is left of it.
            let n = unsafe pread(descriptor, base + filled, wanted - filled, off_t(start))
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.error(errno, path: path, operation: "read")
            }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// Writes all of `bytes` to `descriptor` from `offset` with `pwrite` (what a temporary
    /// file keeps: a stream's bytes, decompressed text, a file fetched whole); the error names
    /// `path` and says `operation`.
    static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, at offset: UInt64, path: String, operation: String) throws(FileError) {
        // Safe: the bytes are lent for the call.
        let failure = unsafe bytes.withUnsafeBytes { bytes -> FileError? in
            do throws(FileError) { try unsafe write(bytes, to: descriptor, at: offset, path: path, operation: operation) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// ``write(_:to:at:path:operation:)`` of bytes lent for the call.
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: UInt64, path: String, operation: String) throws(FileError) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            // Safe: each write is given what is left of the caller's bytes past `written`.
            let w = unsafe pwrite(descriptor, base + written, bytes.count - written, off_t(clamping: offset) + off_t(written))
            if w < 0 {
                if errno == EINTR { continue }
                throw Self.error(errno, path: path, operation: operation)
            }
            written += w
        }
    }

    static func error(_ code: Int32, path: String, operation: String) -> FileError {
        FileError(errno: code, path: path, operation: operation)
    }
}

extension FileError {
    /// The error for the system's error number `code` from `operation` on `path`.
    public init(errno code: Int32, path: String, operation: String) {
        switch code {
        case ENOENT: self = .notFound(path: path)
        case EACCES, EPERM: self = .permissionDenied(path: path)
        case EISDIR: self = .isDirectory(path: path)
        // Safe: the system's text for the error is copied at once.
        default: self = unsafe .system(path: path, operation: operation, code: code, message: String(cString: strerror(code)))
        }
    }
}
