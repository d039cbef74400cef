#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork
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
    public static func pipedData() throws(OpenFile.Failure) -> Int32 {
        guard isatty(STDIN_FILENO) == 0 else {
            throw OpenFile.Failure(description: "standard input is the terminal: pipe something in (command | scrollwork open -) or name a file", status: 64)
        }
        let data = dup(STDIN_FILENO)
        #if canImport(Glibc)
        // Safe: the path is a C string lent for the call.
        let tty = unsafe Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC)
        #else
        let tty = Darwin.open("/dev/tty", O_RDWR | O_CLOEXEC)
        #endif
        guard data >= 0, tty >= 0 else {
            throw OpenFile.Failure(description: "no terminal to read keys from while the data comes from standard input (/dev/tty: \(systemErrorText(errno)))", status: 2)
        }
        dup2(tty, STDIN_FILENO)
        close(tty)
        return data
    }

    /// Opens the stream at `path` (a FIFO, say) for ``open(data:separator:header:theme:missing:memoryLimit:name:)``
    /// without blocking in `open`, then waits for its first bytes or its end, as `less` does,
    /// telling `waiting` once if none come within a third of a second.
    ///
    /// - Throws: ``OpenFile/Failure`` when it cannot be opened.
    public static func openStream(at path: String, waiting: () -> Void) throws(OpenFile.Failure) -> Int32 {
        #if canImport(Glibc)
        // Safe: the path's C string is lent for the call.
        let fd = unsafe FileSystemPath.withCString(path) { unsafe Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        #else
        let fd = FileSystemPath.withCString(path) { Darwin.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        #endif
        guard fd >= 0 else { throw OpenFile.Failure(description: "\(FileError(errno: errno, path: path, operation: "open"))") }
        var told = false
        while true {
            var poller = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let ready = systemPoll(&poller, milliseconds: told ? -1 : 333)
            if ready < 0 && errno == EINTR { continue }
            if ready != 0 { break }
            waiting()
            told = true
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// `path` (a FIFO, a device) opened for reading, waiting for a FIFO's writer as a batch run
    /// must.
    ///
    /// - Throws: ``OpenFile/Failure`` when it cannot be opened.
    public static func openStream(_ path: String) throws(OpenFile.Failure) -> Int32 {
        #if canImport(Glibc)
        // Safe: the path's C string is lent for the call.
        let fd = unsafe FileSystemPath.withCString(path) { unsafe Glibc.open($0, O_RDONLY | O_CLOEXEC) }
        #else
        let fd = FileSystemPath.withCString(path) { Darwin.open($0, O_RDONLY | O_CLOEXEC) }
        #endif
        guard fd >= 0 else { throw OpenFile.Failure(description: "\(FileError(errno: errno, path: path, operation: "open"))") }
        return fd
    }

    /// How much of standard input is kept in memory; past it, everything goes to a temporary
    /// file on disk, which the status line names.
    public static let memoryLimit = 128_000_000

    /// True when the data kept in `spool` begins as a Parquet file does (`PAR1`).
    static func startsParquet(_ spool: Int32) -> Bool {
        var magic = [UInt8](repeating: 0, count: 4)
        let n = systemRead(spool, into: &magic, at: 0)
        return n == 4 && ParquetTable.startsParquet(magic)
    }

    /// The directory temporary files go to: `TMPDIR`, or `/tmp`.
    static var temporaryDirectory: String { UnnamedFile.directory }

    /// Opens what arrives on `data`: what comes at once is kept before this returns (up to
    /// 64 KB, until the writer pauses for a tenth of a second, or a second while fewer than two lines have come), to tell what it is; the rest is read
    /// by the work this adds to the viewer, while the viewer shows what is there and grows as
    /// more comes, however slowly it comes. The data is kept in memory up to `memoryLimit`
    /// (``memoryLimit`` unless a test says otherwise), then moved to a temporary file in
    /// `temporaryDirectory` (one without a name, so nothing is left behind, whatever happens),
    /// and the status line says so. `separator`, `header` and `missing` are as
    /// ``OpenFile/opened(path:separator:header:theme:missing:trusting:)`` takes them.
    public static func open(data: Int32, separator: String? = nil, header: Bool? = nil, theme: Theme, missing: MissingValues = .common,
                            memoryLimit: Int = memoryLimit, name: String = "standard input") throws(OpenFile.Failure) -> OpenFile.Opened {
        let spool = try memoryFile()
        let reader = dup(spool)
        guard reader >= 0 else { throw OpenFile.Failure(description: "cannot keep standard input: \(systemErrorText(errno))") }
        var first = 0, lines = 0
        var ended = false
        while first < FileBytes.sampleSize {
            // The first bytes are waited for; after them, a quiet writer (`tail -f`) is not:
            // what came shows now, and the rest as it comes. Until two lines have come (a
            // heading and a row, to tell a table from text), a longer pause is waited out.
            if first > 0, !hasData(data, within: lines >= 2 ? firstPause : firstLinesPause) { break }
            let n = copy(from: data, to: spool, limit: FileBytes.sampleSize - first)
            if n <= 0 {
                ended = true
                break
            }
            lines += lineBreaks(in: spool, from: first, count: n)
            first += n
        }
        if !ended, startsParquet(spool) {
            // A Parquet file is read from its footer, at its end: nothing shows before all of
            // it has come, so it is kept whole first, as a batch run keeps its input.
            let flags = fcntl(data, F_GETFL)
            if flags >= 0 { _ = fcntl(data, F_SETFL, flags & ~O_NONBLOCK) }
            var keeping = Keeping(total: first)
            if let failure = keeping.keepRest(from: data, spool: spool, reader: reader, memoryLimit: memoryLimit, directory: temporaryDirectory, keepGoing: { true }) {
                close(reader)
                throw OpenFile.Failure(description: "\(name): \(failure)")
            }
            ended = true
        }
        let more = !ended
        // Compressed input is decompressed as it is kept: its end is the end once it has all come.
        let arrival = InputArrival(name: name, memoryLimit: memoryLimit, directory: temporaryDirectory, done: !more)
        let file: FileBytes
        do { file = try FileBytes(descriptor: reader, name: name, complete: { arrival.done }) } catch { throw OpenFile.Failure(description: "\(error)") }
        var opened = try OpenFile.opened(file: file, separator: separator, header: header, theme: theme, missing: missing)
        let directory = temporaryDirectory, firstBytes = first
        let keepRest: @Sendable (WorkProgress) -> Bool? = { progress in
            var keeping = Keeping(total: firstBytes)
            // A read that fails ends the keeping; the status line says so beside what came.
            let failure = keeping.keepRest(from: data, spool: spool, reader: reader, memoryLimit: memoryLimit, directory: directory) { progress.report(0) }
            close(data)
            close(spool)
            arrival.end(failure: failure)
            return true
        }
        if !more {
            close(data)
            close(spool)
        }
        switch opened {
        case var .table(viewer):
            // A Parquet file was kept whole above: only a file's table reads what comes after.
            viewer.screen.keepsArriving(arrival, keepingRest: more ? keepRest : nil)
            opened = .table(viewer)
        case var .pager(pager):
            pager.source.arrival = arrival
            if more { pager.work.append(.start(Work(pager.source.spoolKey, keepRest))) }
            opened = .pager(pager)
        case .directory, .database:
            // Never from standard input: OpenFile refuses a database without a file.
            break
        }
        return opened
    }

    /// Opens all of what arrives on `data` (closed here) as `scrollwork open` would show it, read
    /// to its end first: what a batch run (`--frequency`, `--output`) needs, which computes
    /// from every row and reads no keys. The data is kept in memory up to `memoryLimit`, then
    /// in a temporary file without a name in `TMPDIR` (or `/tmp`).
    ///
    /// - Throws: ``OpenFile/Failure`` when the data cannot be read or kept, or does not open.
    public static func openWhole(data: Int32, name: String = "standard input", separator: String? = nil, header: Bool? = nil, theme: Theme,
                                 missing: MissingValues = .common, memoryLimit: Int = memoryLimit) throws(OpenFile.Failure) -> OpenFile.Opened {
        let spool: Int32
        do { spool = try memoryFile() } catch {
            close(data)
            throw error
        }
        let reader = dup(spool)
        guard reader >= 0 else {
            close(data)
            close(spool)
            throw OpenFile.Failure(description: "cannot keep \(name): \(systemErrorText(errno))")
        }
        // Blocking reads: a batch run waits for its writer, however slow.
        let flags = fcntl(data, F_GETFL)
        if flags >= 0 { _ = fcntl(data, F_SETFL, flags & ~O_NONBLOCK) }
        var keeping = Keeping(total: 0)
        // The first bytes are looked at as soon as they are kept: a stream that is no text (a
        // device like /dev/urandom, which never ends) is refused then, not kept whole first.
        var looked = false
        let failure = keeping.keepRest(from: data, spool: spool, reader: reader, memoryLimit: memoryLimit, directory: temporaryDirectory) {
            guard !looked else { return true }
            var sample = [UInt8](repeating: 0, count: FileBytes.sampleSize)
            let count = systemRead(reader, into: &sample, at: 0)
            guard count == sample.count else { return true }
            looked = true
            return !OpenFile.isBinary(sample)
        }
        close(data)
        close(spool)
        if let failure {
            close(reader)
            throw OpenFile.Failure(description: "\(name): \(failure)")
        }
        let file: FileBytes
        do { file = try FileBytes(descriptor: reader, name: name) } catch { throw OpenFile.Failure(description: "\(error)") }
        return try OpenFile.opened(file: file, separator: separator, header: header, theme: theme, missing: missing)
    }

    /// How much of a stream has been kept, and where.
    struct Keeping {
        /// The bytes kept so far.
        var total: Int
        /// True once they were moved from memory to a file on disk.
        var onDisk = false

        /// Copies what comes on `data` to `spool` until its end or until `keepGoing` says
        /// stop, moving the kept bytes to a file on disk in `directory` past `memoryLimit`
        /// (both `spool` and `reader` then point there). Returns why it stopped early: a read
        /// or write that failed, or a disk that cannot take the bytes; nil at the end.
        mutating func keepRest(from data: Int32, spool: Int32, reader: Int32, memoryLimit: Int, directory: String, keepGoing: () -> Bool) -> String? {
            while keepGoing() {
                let n = StandardInput.copy(from: data, to: spool, limit: 1 << 20)
                if n < 0 { return "reading or keeping it failed: \(systemErrorText(errno))" }
                if n == 0 { return nil }
                total += n
                if !onDisk && total > memoryLimit {
                    // Both descriptors are pointed at the file on disk at once; what was read
                    // from memory until then is the same there.
                    guard let disk = StandardInput.moveToDisk(spool, bytes: total, directory: directory) else {
                        return "more than \(finderByteCount(memoryLimit)) came, and no temporary file in \(directory) could take it: \(systemErrorText(errno))"
                    }
                    dup2(disk, spool)
                    dup2(disk, reader)
                    close(disk)
                    onDisk = true
                }
            }
            return nil
        }
    }

    /// How long a writer may pause before what it wrote first is shown: 0.1 s.
    static let firstPause: Int32 = 100
    /// How long, while fewer than two lines have come: 1 s.
    static let firstLinesPause: Int32 = 1000

    /// The line feeds among `count` bytes of `file` from `offset`.
    static func lineBreaks(in file: Int32, from offset: Int, count: Int) -> Int {
        var buffer = [UInt8](repeating: 0, count: Swift.min(count, 1 << 16))
        let n = systemRead(file, into: &buffer, at: offset)
        return n > 0 ? buffer.prefix(n).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } : 0
    }

    /// True when `descriptor` has bytes (or its end) to read within `milliseconds`.
    static func hasData(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
        var poller = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = systemPoll(&poller, milliseconds: milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready != 0
        }
    }

    /// A file in memory with no name (POSIX shared memory, unlinked at once); elsewhere than
    /// Linux, a temporary file on disk.
    static func memoryFile() throws(OpenFile.Failure) -> Int32 {
        #if os(Linux)
        for attempt in 0..<100 {
            let name = "/scrollwork-stdin-\(getpid())-\(attempt)"
            // Safe: the name is a C string lent for each call.
            let fd = unsafe shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0o600)
            if fd >= 0 {
                unsafe shm_unlink(name)
                return fd
            }
            if errno != EEXIST { break }
        }
        #endif
        guard let fd = diskFile(in: temporaryDirectory) else {
            throw OpenFile.Failure(description: "cannot make a temporary file for standard input in \(temporaryDirectory): \(systemErrorText(errno))")
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
            let n = systemRead(memory, into: &buffer, count: bytes - offset, at: offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { close(disk); return nil }
            var written = 0
            while written < n {
                let w = systemWrite(disk, buffer, from: written, to: n)
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
        repeat { n = systemRead(source, into: &buffer) } while n < 0 && errno == EINTR
        guard n > 0 else { return n }
        var written = 0
        while written < n {
            let w = systemWrite(destination, buffer, from: written, to: n)
            if w < 0 { if errno == EINTR { continue }; return -1 }
            written += w
        }
        return n
    }
}
