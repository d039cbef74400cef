#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork
import Synchronization
import ScrollworkFiles
import ScrollworkWidgets

/// Reading a file from standard input, as `less` does: the data comes through a pipe while the
/// keys come from the terminal, `/dev/tty`, which takes the pipe's place as standard input.
public enum StandardInput {
    /// When standard input is not a terminal, moves it to a new descriptor for the data and puts
    /// the terminal in its place for the keys. Returns the data's descriptor.
    ///
    /// - Throws: ``OpenFile/Failure`` when standard input is a terminal (nothing is piped in)
    ///   or there is no terminal to read keys from.
    public static func takeData() throws(OpenFile.Failure) -> Int32 {
        guard isatty(STDIN_FILENO) == 0 else {
            throw OpenFile.Failure(description: "standard input is the terminal: pipe something in (command | scrollwork open -) or name a file", status: 64)
        }
        let data = dup(STDIN_FILENO)
        #if canImport(Glibc)
        let tty = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC)
        #else
        let tty = Darwin.open("/dev/tty", O_RDWR | O_CLOEXEC)
        #endif
        guard data >= 0, tty >= 0 else {
            throw OpenFile.Failure(description: "no terminal to read keys from while the data comes from standard input (/dev/tty: \(String(cString: strerror(errno))))", status: 2)
        }
        dup2(tty, STDIN_FILENO)
        close(tty)
        return data
    }

    /// True when `path` names a stream: a FIFO, a character device or a socket, which has no
    /// offsets to read at and is read as standard input is.
    public static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard FileSystemPath.withCString(path, { stat($0, &info) }) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }

    /// Opens the stream at `path` (a FIFO, say) for ``open(data:theme:memoryLimit:name:)``
    /// without blocking in `open`, then waits for its first bytes or its end, as `less` does,
    /// telling `waiting` once if none come within a third of a second.
    ///
    /// - Throws: ``OpenFile/Failure`` when it cannot be opened.
    public static func takeStream(at path: String, waiting: () -> Void) throws(OpenFile.Failure) -> Int32 {
        #if canImport(Glibc)
        let fd = FileSystemPath.withCString(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        #else
        let fd = FileSystemPath.withCString(path) { Darwin.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        #endif
        guard fd >= 0 else { throw OpenFile.Failure(description: "\(FileError(errno: errno, path: path, operation: "open"))") }
        var told = false
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, told ? -1 : 333)
            if ready < 0 && errno == EINTR { continue }
            if ready != 0 { break }
            waiting()
            told = true
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// How much of standard input is kept in memory; past it, everything goes to a temporary
    /// file on disk, which the status line names.
    public static let memoryLimit = 128_000_000

    /// The directory temporary files go to: `TMPDIR`, or `/tmp`.
    static var temporaryDirectory: String { UnnamedFile.directory }

    /// Opens what arrives on `data`: its first 64 KB (or all of it, if less) are kept before
    /// this returns, to tell what it is; the rest is read by the work this adds to the viewer,
    /// while the viewer shows what is there and grows as more comes. The data is kept in memory
    /// up to `memoryLimit` (``memoryLimit`` unless a test says otherwise), then moved to a temporary file in `temporaryDirectory` (one
    /// without a name, so nothing is left behind, whatever happens), and the status line says so.
    public static func open(data: Int32, theme: Theme, memoryLimit: Int = memoryLimit, name: String = "standard input") throws(OpenFile.Failure) -> OpenFile.Opened {
        let spool = try memoryFile()
        let reader = dup(spool)
        guard reader >= 0 else { throw OpenFile.Failure(description: "cannot keep standard input: \(String(cString: strerror(errno)))") }
        var first = 0
        while first < OpenFile.sampleSize {
            let n = copy(from: data, to: spool, limit: OpenFile.sampleSize - first)
            if n <= 0 { break }
            first += n
        }
        let more = first >= OpenFile.sampleSize
        // Compressed input is decompressed as it is kept: its end is the end once it has all come.
        let kept = KeptFlag(done: !more)
        let file: FileBytes
        do { file = try FileBytes(descriptor: reader, name: name, complete: { kept.done }) } catch { throw OpenFile.Failure(description: "\(error)") }
        var opened = try OpenFile.opened(file: file, separator: nil, header: nil, theme: theme)
        let directory = temporaryDirectory, firstBytes = first
        let spoolBody: @Sendable (WorkProgress) -> Int? = { progress -> Int in
            defer { kept.done = true }
            var total = firstBytes
            var onDisk = false
            while progress.report(0) {
                let n = copy(from: data, to: spool, limit: 1 << 20)
                if n <= 0 { break }
                total += n
                if !onDisk && total > memoryLimit {
                    // Both descriptors are pointed at the file on disk at once; what was read
                    // from memory until then is the same there.
                    guard let disk = moveToDisk(spool, bytes: total, directory: directory) else { break }
                    dup2(disk, spool)
                    dup2(disk, reader)
                    close(disk)
                    onDisk = true
                }
            }
            close(data)
            close(spool)
            return total
        }
        let place = FileIndexing.Spool(memoryLimit: memoryLimit, directory: directory)
        switch opened {
        case var .table(viewer):
            viewer.source.spool = place
            if more { viewer.spooling = true; viewer.work.append(.start(Work(viewer.source.spoolKey, spoolBody))) } else { close(data); close(spool) }
            opened = .table(viewer)
        case var .pager(pager):
            pager.source.spool = place
            if more { pager.spooling = true; pager.work.append(.start(Work(pager.source.spoolKey, spoolBody))) } else { close(data); close(spool) }
            opened = .pager(pager)
        case .directory, .database:
            // Never from standard input: OpenFile refuses a database without a file.
            break
        }
        return opened
    }

    /// A file in memory with no name (POSIX shared memory, unlinked at once); elsewhere than
    /// Linux, a temporary file on disk.
    static func memoryFile() throws(OpenFile.Failure) -> Int32 {
        #if os(Linux)
        for attempt in 0..<100 {
            let name = "/scrollwork-stdin-\(getpid())-\(attempt)"
            let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0o600)
            if fd >= 0 {
                shm_unlink(name)
                return fd
            }
            if errno != EEXIST { break }
        }
        #endif
        guard let fd = diskFile(in: temporaryDirectory) else {
            throw OpenFile.Failure(description: "cannot make a temporary file for standard input in \(temporaryDirectory): \(String(cString: strerror(errno)))")
        }
        return fd
    }

    /// A temporary file in `directory`, its name removed at once.
    static func diskFile(in directory: String) -> Int32? { UnnamedFile.make(in: directory, prefix: "scrollwork-stdin") }

    /// A file on disk holding the first `bytes` of `memory`, written to its end; nil when the
    /// disk cannot take it.
    static func moveToDisk(_ memory: Int32, bytes: Int, directory: String) -> Int32? {
        guard let disk = diskFile(in: directory) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while offset < bytes {
            let n = buffer.withUnsafeMutableBytes { pread(memory, $0.baseAddress!, Swift.min($0.count, bytes - offset), off_t(offset)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { close(disk); return nil }
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { write(disk, $0.baseAddress! + written, n - written) }
                if w < 0 { if errno == EINTR { continue }; close(disk); return nil }
                written += w
            }
            offset += n
        }
        return disk
    }

    /// Copies up to `limit` bytes from `source` to `destination`; returns how many (0 at the end,
    /// negative on an error).
    static func copy(from source: Int32, to destination: Int32, limit: Int) -> Int {
        var buffer = [UInt8](repeating: 0, count: Swift.max(1, Swift.min(limit, 1 << 20)))
        var n: Int
        #if canImport(Glibc)
        repeat { n = Glibc.read(source, &buffer, buffer.count) } while n < 0 && errno == EINTR
        #else
        repeat { n = Darwin.read(source, &buffer, buffer.count) } while n < 0 && errno == EINTR
        #endif
        guard n > 0 else { return n }
        var written = 0
        while written < n {
            let w = buffer.withUnsafeBytes { write(destination, $0.baseAddress! + written, n - written) }
            if w < 0 { if errno == EINTR { continue }; return -1 }
            written += w
        }
        return n
    }
}

/// Whether standard input has all been kept, shared by the work that keeps it and the file that
/// reads it.
final class KeptFlag: Sendable {
    private let state: Mutex<Bool>

    init(done: Bool) { state = Mutex(done) }

    /// True once every byte has been kept (or keeping stopped).
    var done: Bool {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}
