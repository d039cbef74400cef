#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal for tests of what reaches a terminal: its master side, read here, and the
/// path of its other side, which a test writes to as a program writes to its terminal.
public final class PseudoTerminal {
    /// Why no pseudo-terminal could be had.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed.
        public var description: String
    }

    /// The master side's descriptor.
    public let master: Int32
    /// The other side's path (`/dev/pts/N`).
    public let path: String

    // glibc declares these only for _XOPEN_SOURCE, which the Swift module does not set: looked up.
    private typealias OnDescriptor = @convention(c) (Int32) -> Int32
    private typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    /// Opens a new pseudo-terminal.
    public init() throws {
        guard let libc = dlopen(nil, RTLD_NOW), let open = dlsym(libc, "posix_openpt"), let grant = dlsym(libc, "grantpt"),
              let unlock = dlsym(libc, "unlockpt"), let name = dlsym(libc, "ptsname")
        else { throw Failure(description: "the C library has no posix_openpt") }
        master = unsafeBitCast(open, to: OnDescriptor.self)(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw Failure(description: "posix_openpt: \(String(cString: strerror(errno)))") }
        guard unsafeBitCast(grant, to: OnDescriptor.self)(master) == 0, unsafeBitCast(unlock, to: OnDescriptor.self)(master) == 0,
              let slave = unsafeBitCast(name, to: Name.self)(master)
        else {
            close(master)
            throw Failure(description: "the pseudo-terminal could not be unlocked")
        }
        path = String(cString: slave)
    }

    deinit { close(master) }

    /// What the terminal received and has not been read yet, waiting up to 200 ms for more
    /// after each read.
    public func received() -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, 200) > 0 {
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { break }
            out += buffer[..<n]
        }
        return out
    }
}
