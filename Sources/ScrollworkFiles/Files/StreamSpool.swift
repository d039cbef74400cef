#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// What a ``FileBytes`` made from a stream (a pipe, a FIFO, a character device, a socket) reads
/// from: the stream's bytes copied, as they come, to a temporary file without a name, which is
/// then read like any file. Nothing waits: each look at the size or read copies what the stream
/// holds now, so the file grows as a log being written does, and its end is final once the
/// writer has gone.
final class StreamSpool: KeptInFile {
    private struct State {
        var source: Int32
        var spooled: UInt64 = 0
        var ended = false
        var problem: FileError? = nil
    }

    private let state: Locked<State>
    /// The temporary file the bytes are copied to (what the ``FileBytes`` reads).
    let spool: Int32
    let name: String
    /// True for a FIFO, which may have had no writer yet: only a writer that came and went ends it.
    private let isFIFO: Bool

    /// The most bytes one look at the size copies: a device that never ends (`/dev/zero`) is
    /// read no further than it is looked at.
    static let copiedPerLook = 4 << 20

    /// A spool for `source` (made non-blocking here, and closed with the spool) called `name`.
    ///
    /// - Throws: ``FileError`` when no temporary file can be made.
    init(source: Int32, name: String, isFIFO: Bool) throws(FileError) {
        let flags = fcntl(source, F_GETFL)
        if flags >= 0 { _ = fcntl(source, F_SETFL, flags | O_NONBLOCK) }
        spool = try UnnamedFile.keeping(name, readFrom: source, prefix: "scrollwork-stream")
        self.name = name
        self.isFIFO = isFIFO
        state = Locked(State(source: source))
    }

    deinit {
        state.withLock { if $0.source >= 0 { close($0.source) } }
        close(spool)
    }

    /// True once the stream has ended: its writer has gone, or it said end of file.
    var hasEnded: Bool { state.withLock { $0.ended } }

    /// A stream's bytes are kept as they come: nothing is left out.
    var damage: String? { nil }

    /// Copies what the stream holds now, until at least `target` bytes are kept (nil: up to
    /// ``copiedPerLook`` more), and returns how many are kept.
    ///
    /// - Throws: ``FileError`` when the stream or the temporary file fails; the same error again
    ///   on every later call.
    @discardableResult
    func copy(upTo target: UInt64?) throws(FileError) -> UInt64 {
        let outcome: Result<UInt64, FileError> = state.withLock { state in
            if let problem = state.problem { return .failure(problem) }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let limit = target ?? (state.spooled &+ UInt64(Self.copiedPerLook))
            while !state.ended && state.spooled < limit {
                var poller = pollfd(fd: state.source, events: Int16(POLLIN), revents: 0)
                // Safe: the call reads the one descriptor it is lent; the read below fills at most
                // the buffer's count.
                let ready = unsafe poll(&poller, 1, 0)
                if ready < 0 {
                    if errno == EINTR { continue }
                    state.problem = FileError(errno: errno, path: name, operation: "wait for")
                    break
                }
                let readable = poller.revents & Int16(POLLIN) != 0
                let hungUp = poller.revents & Int16(POLLHUP | POLLERR) != 0
                // A FIFO no writer has opened yet polls as nothing: wait for one.
                guard readable || hungUp || (!isFIFO && ready > 0) else { break }
                let n = unsafe buffer.withUnsafeMutableBytes { unsafe readSystem(state.source, $0.baseAddress!, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK { break }
                    state.problem = FileError(errno: errno, path: name, operation: "read")
                    break
                }
                if n == 0 {
                    state.ended = true
                    break
                }
                do throws(FileError) {
                    try FileBytes.write(buffer[..<n], to: spool, at: state.spooled, path: name, operation: "keep the stream's bytes of")
                } catch {
                    state.problem = error
                    break
                }
                state.spooled += UInt64(n)
            }
            if state.ended, state.source >= 0 {
                close(state.source)
                state.source = -1
            }
            if let problem = state.problem { return .failure(problem) }
            return .success(state.spooled)
        }
        return try outcome.get()
    }

    func available(upTo target: UInt64) throws(FileError) -> UInt64 { try copy(upTo: nil) }
}

/// The system's `read`, by a name the spool's own `read(at:into:)` does not hide.
private func readSystem(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    unsafe read(descriptor, buffer, count)
}
