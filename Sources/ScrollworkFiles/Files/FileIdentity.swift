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
        // Safe: the path is a C string lent for the call; `stat` fills the local it is lent.
        guard unsafe FileSystemPath.withCString(path, { unsafe stat($0, &info) }) == 0 else { return nil }
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

/// What a path names, told by one look at it: what a save decides where it may write.
public enum FileKind: Sendable, Hashable {
    /// A regular file, which a save replaces only when told to.
    case regular
    /// A directory, which is never a save's target.
    case directory
    /// A symbolic link that names nothing (seen only when links are not followed).
    case link
    /// A device (character or block), FIFO or socket, which is written as it is.
    case special

    /// What `path` names (following links unless `followingLinks` is false, when a link is
    /// `.link`); nil when nothing is there.
    public init?(path: String, followingLinks: Bool = true) {
        var info = stat()
        // Safe: the path is a C string lent for the call; the call fills the local it is lent.
        let looked = unsafe FileSystemPath.withCString(path) { unsafe followingLinks ? stat($0, &info) : lstat($0, &info) }
        guard looked == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .link
        default: self = .special
        }
    }
}
