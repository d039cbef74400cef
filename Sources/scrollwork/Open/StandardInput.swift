#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal

/// Reading a file from standard input, as `less` does: the data comes through a pipe while the
/// keys come from the terminal, `/dev/tty`, which takes the pipe's place as standard input.
enum StandardInput {
    /// When standard input is not a terminal, moves it to a new descriptor for the data and puts
    /// the terminal in its place for the keys. Returns the data's descriptor.
    ///
    /// - Throws: ``OpenFile/Failure`` when standard input is a terminal (nothing is piped in)
    ///   or there is no terminal to read keys from.
    static func takeData() throws(OpenFile.Failure) -> Int32 {
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

    /// Opens what arrives on `data`: its first 64 KB (or all of it, if less) are copied into a
    /// temporary file before this returns, to tell what it is; the rest is copied by the work
    /// this adds to the viewer, while the viewer shows what is there and grows as more comes.
    static func open(data: Int32, theme: Theme) throws(OpenFile.Failure) -> OpenFile.Opened {
        // mkstemp fills in the six placeholder letters at the end.
        var template = Array(("/tmp/scrollwork-stdin-" + String(repeating: "X", count: 6)).utf8CString)
        let spool = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard spool >= 0 else { throw OpenFile.Failure(description: "cannot make a temporary file for standard input: \(String(cString: strerror(errno)))") }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // The file has no name once open: nothing is left behind, whatever happens.
        defer { unlink(path) }
        var first = 0
        while first < OpenFile.sampleSize {
            let n = copy(from: data, to: spool, limit: OpenFile.sampleSize - first)
            if n <= 0 { break }
            first += n
        }
        var opened = try OpenFile.opened(path: path, separator: nil, header: nil, theme: theme)
        let more = first >= OpenFile.sampleSize
        let spoolWork = Work(id: "spool") { progress -> Int in
            var total = 0
            while progress.report(0) {
                let n = copy(from: data, to: spool, limit: 1 << 20)
                if n <= 0 { break }
                total += n
            }
            close(data)
            close(spool)
            return total
        }
        switch opened {
        case var .table(viewer):
            viewer.name = "standard input"
            if more { viewer.spooling = true; viewer.work.append(.start(spoolWork)) } else { close(data); close(spool) }
            opened = .table(viewer)
        case var .pager(pager):
            pager.name = "standard input"
            if more { pager.spooling = true; pager.work.append(.start(spoolWork)) } else { close(data); close(spool) }
            opened = .pager(pager)
        case .directory:
            break
        }
        return opened
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
