#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much a program may write to the temporary directory by choice (to save work, not because
/// it must): half of what is free there, leaving at least a gigabyte; a quarter on a file
/// system in memory (`tmpfs`), where every byte written is a byte of the machine's memory.
enum TemporarySpace {
    /// The bytes always left free.
    static let reserve: UInt64 = 1 << 30

    /// The budget in `directory` now; 0 when its file system cannot be asked.
    static func budget(in directory: String = UnnamedFile.directory) -> UInt64 {
        #if os(Linux)
        let inMemory = isInMemory(directory)
        #else
        let inMemory = false
        #endif
        var status = statvfs()
        // Safe: the path is a C string lent for the call, which fills the local it is lent.
        guard unsafe statvfs(directory, &status) == 0 else { return 0 }
        let free = UInt64(status.f_bavail).multipliedReportingOverflow(by: UInt64(status.f_frsize))
        return budget(free: free.overflow ? UInt64.max : free.partialValue, inMemory: inMemory)
    }

    /// The budget when `free` bytes are free on a file system in memory or on a disk.
    static func budget(free: UInt64, inMemory: Bool) -> UInt64 {
        let share = inMemory ? free / 4 : free / 2
        return free > reserve ? Swift.min(share, free - reserve) : 0
    }

    #if os(Linux)
    /// True when `directory` is on a file system kept in memory, as `/proc/self/mounts` says
    /// (false where there is none to ask).
    private static func isInMemory(_ directory: String) -> Bool {
        // Safe: each read fills at most the chunk's count; `realpath`'s answer is copied and freed.
        let fd = unsafe open("/proc/self/mounts", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var mounts: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        // Its size says 0: read to its end, which a few megabytes reach on any machine.
        while mounts.count < 1 << 24 {
            let count = unsafe chunk.withUnsafeMutableBytes { unsafe Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            mounts += chunk[..<count]
        }
        var resolved = directory
        if let real = unsafe realpath(directory, nil) {
            resolved = unsafe String(cString: real)
            unsafe free(real)
        }
        let type = fileSystemType(of: resolved, mounts: String(decoding: mounts, as: UTF8.self))
        return type == "tmpfs" || type == "ramfs"
    }

    /// The type of the file system that `path` (absolute, resolved) is on: the one mounted at
    /// the longest mount point holding it in `mounts`, as `/proc/self/mounts` lists them.
    static func fileSystemType(of path: String, mounts: String) -> String? {
        var best: (point: Substring, type: Substring)? = nil
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = fields[1]
            let holds = point == "/" || path == point || path.hasPrefix(point + "/")
            if holds, point.count >= best?.point.count ?? 0 { best = (point, fields[2]) }
        }
        return best.map { String($0.type) }
    }
    #endif
}
