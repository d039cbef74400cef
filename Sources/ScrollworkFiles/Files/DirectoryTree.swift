#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// What a directory entry is, from the file system (not from its name).
public enum DirectoryEntryType: Sendable, Hashable {
    /// A directory.
    case directory
    /// A regular file.
    case file
    /// A regular file someone may run.
    case executable
    /// A symbolic link, and where it points (as written in the link).
    case symbolicLink(target: String)
    /// A named pipe (FIFO).
    case pipe
    /// A socket.
    case socket
    /// A character or block device.
    case device
}

/// One entry of a directory, as a Finder list shows it.
public struct DirectoryEntry: Sendable, Hashable {
    /// Its full path, as ``FileSystemPath`` carries a name that is not UTF-8 (it opens again).
    public var path: String
    /// Its name, carried as ``path`` is; ``displayName`` is how to show it.
    public var name: String
    /// True for a directory (a symbolic link to one is not followed, so that no tree loops).
    public var isDirectory: Bool
    /// Its size in bytes; nil for a directory.
    public var size: Int?
    /// When it was last modified, in seconds since 1970; nil when unknown.
    public var modified: Int?
    /// Why it, or the directory it stands for, could not be read.
    public var problem: String?
    /// What the file system says it is.
    public var type: DirectoryEntryType

    /// An entry; `type` defaults to what `isDirectory` says.
    public init(path: String, name: String, isDirectory: Bool, size: Int? = nil, modified: Int? = nil, problem: String? = nil,
                type: DirectoryEntryType? = nil) {
        self.path = path
        self.name = name
        self.isDirectory = isDirectory
        self.size = size
        self.modified = modified
        self.problem = problem
        self.type = type ?? (isDirectory ? .directory : .file)
    }

    /// Its name for a person: a byte that is not UTF-8 as `\xFF`.
    public var displayName: String { FileSystemPath.displayed(name) }

    /// What it is, as Finder would say it: from the file system for folders, links, programs,
    /// pipes, sockets and devices ("Folder", "Alias → ../data", "Unix Executable File"), from
    /// the name's extension for other files ("CSV Document", "Swift Source"); a name whose last
    /// dot is followed by no letters ("Apache-2.0", "v1.10") is a "Document".
    public var kind: String {
        if problem != nil && size == nil && !isDirectory { return "" }
        switch type {
        case .directory: return "Folder"
        case let .symbolicLink(target): return "Alias → " + target
        case .executable: return "Unix Executable File"
        case .pipe: return "Named Pipe"
        case .socket: return "Socket"
        case .device: return "Device"
        case .file: break
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "Document" }
        let ext = name[name.index(after: dot)...].lowercased()
        guard ext.count <= 8, ext.contains(where: \.isLetter), ext.allSatisfy({ $0.isLetter || $0.isNumber }) else { return "Document" }
        let kinds = ["csv": "CSV Document", "tsv": "TSV Document", "json": "JSON", "jsonl": "JSON Lines", "ndjson": "JSON Lines",
                     "txt": "Plain Text", "md": "Markdown", "log": "Log File", "swift": "Swift Source", "c": "C Source",
                     "h": "C Header", "py": "Python Script", "sh": "Shell Script", "png": "PNG Image", "jpg": "JPEG Image",
                     "jpeg": "JPEG Image", "gif": "GIF Image", "svg": "SVG Image", "pdf": "PDF Document", "zip": "ZIP Archive",
                     "gz": "Gzip Archive", "tar": "Tar Archive", "html": "HTML Text", "xml": "XML Text", "yml": "YAML", "yaml": "YAML"]
        return kinds[ext] ?? ext.uppercased() + " File"
    }
}

/// How a directory's entries are ordered.
public enum DirectoryOrder: Sendable, Hashable, CaseIterable {
    /// By name, as Finder orders names.
    case name
    /// By size (directories, which have none, first).
    case size
    /// By kind, then name.
    case kind
    /// By the time of the last change.
    case modified
}

/// Listings read so far, shared by every ordering of one tree, and safe to read from any thread.
public final class DirectoryListings: Sendable {
    private let cache = Locked<[String: [DirectoryEntry]]>([:])

    /// An empty cache.
    public init() {}

    /// The entries of the directory at `path`, read once (`.` and `..` left out); a directory
    /// that cannot be read gives one entry that says why.
    public func entries(of path: String) -> [DirectoryEntry] {
        if let known = cache.withLock({ $0[path] }) { return known }
        let read = Self.read(path)
        cache.withLock { $0[path] = read }
        return read
    }

    static func read(_ path: String) -> [DirectoryEntry] {
        // Safe: each path is a C string lent for its call; the listing is closed when this returns,
        // and each entry's name (a C string ended in its own array) is copied before the next
        // `readdir`.
        guard let directory = unsafe FileSystemPath.withCString(path, { unsafe opendir($0) }) else {
            let code = errno
            return [DirectoryEntry(path: path, name: "⚠ " + FileBytes.error(code, path: path, operation: "list").description,
                                   isDirectory: false, problem: "cannot be listed")]
        }
        defer { unsafe closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = unsafe readdir(directory) {
            let name = unsafe withUnsafeBytes(of: entry.pointee.d_name) { raw in unsafe FileSystemPath.string(raw.prefix { $0 != 0 }) }
            guard name != "." && name != ".." else { continue }
            let full = path.hasSuffix("/") ? path + name : path + "/" + name
            var info = stat()
            if unsafe FileSystemPath.withCString(full, { unsafe lstat($0, &info) }) != 0 {
                entries.append(DirectoryEntry(path: full, name: name, isDirectory: false, problem: FileBytes.error(errno, path: full, operation: "stat").description))
                continue
            }
            let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
            entries.append(DirectoryEntry(path: full, name: name, isDirectory: isDirectory, size: isDirectory ? nil : Int(info.st_size),
                                          modified: Int(info.st_mtim.tv_sec), type: Self.type(of: info, path: full)))
        }
        return entries
    }
}

extension DirectoryListings {
    /// What `info` (from `lstat`) says the entry at `path` is; a link's target is read.
    static func type(of info: stat, path: String) -> DirectoryEntryType {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK:
            var target = [UInt8](repeating: 0, count: 4096)
            // Safe: `readlink` writes at most the buffer's count, and only the `n` bytes it wrote
            // are read.
            let n = unsafe target.withUnsafeMutableBufferPointer { buffer in
                unsafe buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { link in
                    unsafe FileSystemPath.withCString(path) { unsafe readlink($0, link, buffer.count) }
                }
            }
            return .symbolicLink(target: n > 0 ? FileSystemPath.displayed(FileSystemPath.string(target[0..<n])) : "?")
        case S_IFIFO: return .pipe
        case S_IFSOCK: return .socket
        case S_IFCHR, S_IFBLK: return .device
        default: return info.st_mode & (S_IXUSR | S_IXGRP | S_IXOTH) != 0 ? .executable : .file
        }
    }
}

/// A directory's tree for an outline: entries are listed when their directory expands, and
/// each directory's entries are in the tree's order.
public struct DirectoryTree: OutlineSource, Sendable {
    /// The directory at the top.
    public let root: String
    /// How entries are ordered.
    public let order: DirectoryOrder
    /// True for the order's ascending direction.
    public let ascending: Bool
    private let listings: DirectoryListings
    private let sorted = SortedListings()

    /// The tree of `root`, ordered by `order`.
    public init(root: String, order: DirectoryOrder = .name, ascending: Bool = true, listings: DirectoryListings = DirectoryListings()) {
        self.root = root
        self.order = order
        self.ascending = ascending
        self.listings = listings
    }

    /// The same tree in another order, sharing what was listed.
    public func ordered(by order: DirectoryOrder, ascending: Bool) -> DirectoryTree {
        DirectoryTree(root: root, order: order, ascending: ascending, listings: listings)
    }

    /// The number of entries of `parent` (of the root when nil); 0 for a file.
    public func childCount(of parent: DirectoryEntry?) -> Int {
        guard let parent else { return entries(of: root).count }
        return parent.isDirectory ? entries(of: parent.path).count : 0
    }

    /// Entry `index` of `parent` (of the root when nil).
    public func child(of parent: DirectoryEntry?, at index: Int) -> DirectoryEntry {
        let list = entries(of: parent?.path ?? root)
        return list.indices.contains(index) ? list[index] : DirectoryEntry(path: "", name: "", isDirectory: false, problem: "gone")
    }

    /// The entries of the directory at `path`, in order.
    public func entries(of path: String) -> [DirectoryEntry] {
        if let known = sorted.cache.withLock({ $0[path] }) { return known }
        let list = order(listings.entries(of: path))
        sorted.cache.withLock { $0[path] = list }
        return list
    }

    /// The outline path of the entry at `path`, or nil when it is not in the tree.
    public func outlinePath(of path: String) -> OutlinePath? {
        guard path.hasPrefix(root) else { return nil }
        var result: OutlinePath = []
        var directory = root
        for component in path.dropFirst(root.count).split(separator: "/") {
            guard let i = entries(of: directory).firstIndex(where: { $0.name == component }) else { return nil }
            result.append(i)
            directory = entries(of: directory)[i].path
        }
        return result.isEmpty ? nil : result
    }

    private func order(_ list: [DirectoryEntry]) -> [DirectoryEntry] {
        let finder = TextOrder.finder
        let keyed = list.map { (entry: $0, name: finder.sortKey($0.name)) }
        let before: ((entry: DirectoryEntry, name: [UInt8]), (entry: DirectoryEntry, name: [UInt8])) -> Bool = { a, b in
            let byName = a.name.lexicographicallyPrecedes(b.name)
            let sameName = a.name == b.name
            switch order {
            case .name: return byName
            case .size:
                let x = a.entry.size ?? -1, y = b.entry.size ?? -1
                return x != y ? x < y : byName
            case .kind:
                return a.entry.kind != b.entry.kind ? a.entry.kind.lexicographicallyPrecedes(b.entry.kind) : (sameName ? false : byName)
            case .modified:
                let x = a.entry.modified ?? 0, y = b.entry.modified ?? 0
                return x != y ? x < y : byName
            }
        }
        let sortedList = keyed.sorted(by: before).map(\.entry)
        return ascending ? sortedList : sortedList.reversed()
    }
}

/// Listings in a tree's order, kept per tree.
private final class SortedListings: Sendable {
    let cache = Locked<[String: [DirectoryEntry]]>([:])
}
