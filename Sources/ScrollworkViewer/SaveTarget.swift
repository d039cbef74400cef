import ScrollworkFiles

/// Where a save from a viewer may go, decided before anything is written: a name to suggest
/// that nothing has yet, and whether a name typed may be written at once, needs the person's
/// yes (a file is there), or is refused (a file an open view reads). The same rules for every
/// screen, so that no save can destroy data.
enum SaveTarget: Equatable {
    /// Nothing is at the path (or a device such as `/dev/null`): save at once.
    case free
    /// A file is there: replace it only after the person says yes.
    case existing
    /// Never a target; the reason, for the status line.
    case refused(String)

    /// What saving to `path` needs, `protected` being the files open views read.
    init(_ path: String, protecting protected: Set<FileIdentity>) {
        guard !path.isEmpty else {
            self = .refused("no name given: nothing saved")
            return
        }
        guard let identity = FileIdentity(path: path), let kind = FileKind(path: path) else {
            self = .free
            return
        }
        if protected.contains(identity) {
            self = .refused("\(FileError.readByView(path: path))")
        } else if kind == .directory {
            self = .refused("\(FileError.isDirectory(path: path)): give a file's name")
        } else {
            self = kind == .regular ? .existing : .free
        }
    }

    /// The folder part of `path`, through its last "/" ("" for a name alone): where a
    /// suggestion beside it goes.
    static func directory(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    /// A name for a save of `stem` (the file's name without its endings, or a table's) in
    /// `directory` (empty: the current one) that nothing has: `stem-view.csv`, else
    /// `stem-view-2.csv`, `-3`, …
    static func suggestion(for stem: String, in directory: String) -> String {
        let base = directory + (stem.isEmpty ? "view" : stem + "-view")
        var name = base + ".csv"
        var number = 2
        // A link that names nothing takes the name too.
        while FileKind(path: name, followingLinks: false) != nil {
            name = base + "-\(number).csv"
            number += 1
        }
        return name
    }

    /// A name to save a view of the file at `path` as: beside it, `-view` added to its name,
    /// and a number after that when the name is taken (``suggestion(for:in:)``).
    static func suggestion(besideFile path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let name = parts.last.map(String.init) ?? ""
        let stem = name.split(separator: ".").first.map(String.init) ?? ""
        let directory = parts.count > 1 ? parts.dropLast().joined(separator: "/") + "/" : ""
        return suggestion(for: stem, in: directory)
    }

    /// What a screen does next with a save: write it, ask before replacing a file, or say why
    /// nothing is written.
    enum Step: Equatable {
        case write(path: String, replacing: Bool)
        case ask(path: String, question: String)
        case say(String)
    }

    /// The step after `path` was typed at a save prompt, `protected` being the files open views read.
    static func step(forName path: String, protecting protected: Set<FileIdentity>) -> Step {
        switch SaveTarget(path, protecting: protected) {
        case .free: .write(path: path, replacing: false)
        case .existing: .ask(path: path, question: "\(path) exists. Replace it? (y replaces it, n or Enter keeps it)")
        case let .refused(reason): .say(reason)
        }
    }

    /// The step after `answer` to the question about replacing `path`: y or yes replaces it.
    static func step(answering answer: String, about path: String) -> Step {
        ["y", "yes"].contains(answer.trimmingSpaces.lowercased()) ? .write(path: path, replacing: true) : .say("nothing saved: \(path) is kept as it was")
    }
}

private extension String {
    /// The text without spaces at either end.
    var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
