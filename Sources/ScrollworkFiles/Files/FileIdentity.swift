#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names on its file system (device and inode): two paths, a link or a
/// relative and an absolute one, name the same file exactly when their identities are equal.
/// What a save compares its target with, so that it never replaces a file an open view reads.
public struct FileIdentity: Sendable, Hashable {
    /// The device the file lives on.
    public var device: UInt64
    /// The file's number on that device.
    public var inode: UInt64

    /// The identity of the file with these numbers.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of the file `path` names now, following links; nil when nothing is there
    /// (or it cannot be looked at).
    public init?(path: String) {
        var info = stat()
        guard FileSystemPath.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

extension FileIdentity {
    /// True when `path` names a regular file (following links).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return FileSystemPath.withCString(path, { stat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// True when `path` is a symbolic link, even one that names nothing.
    public static func isLink(_ path: String) -> Bool {
        var info = stat()
        return FileSystemPath.withCString(path, { lstat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
