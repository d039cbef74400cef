#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Pilot {
    /// Checks the screen's text against the snapshot `name` kept beside the test file, in
    /// `__Snapshots__/<test file's name>/<name>.txt`, and throws ``SnapshotError`` when they
    /// differ (saying where). A snapshot not yet kept, or any snapshot while the environment
    /// variable `SCROLLWORK_RECORD` is 1, is written from the screen and throws
    /// ``SnapshotError/recorded(_:)``, so that a new snapshot is looked at before it is trusted.
    /// `name` may hold letters, digits, "-", "_" and "." only.
    public func verifySnapshot(_ name: String, file: StaticString = #filePath, environment: [String: String]? = nil) throws(SnapshotError) {
        try SnapshotStore(testFile: "\(file)").verify(text + "\n", named: name, record: Self.records(environment))
    }

    /// Whether snapshots are written rather than checked: `SCROLLWORK_RECORD=1` in
    /// `environment`, or in the process's environment when nil.
    static func records(_ environment: [String: String]?) -> Bool {
        (environment ?? ProcessInfo.processInfo.environment)["SCROLLWORK_RECORD"] == "1"
    }
}

/// Why a screen did not match its snapshot.
public enum SnapshotError: Error, CustomStringConvertible, Equatable {
    /// The screen differs from the snapshot at `path`: the first line that differs, counted
    /// from 1, as kept and as shown.
    case mismatch(path: String, line: Int, kept: String, shown: String)
    /// The snapshot at the path was written from the screen; run the test again to check it.
    case recorded(String)
    /// The name holds more than letters, digits, "-", "_" and ".".
    case badName(String)
    /// The snapshot could not be read or written: the path and the system's reason.
    case io(path: String, reason: String)
    /// The picture differs from the PNG snapshot at `path` in `pixels` pixels more than the
    /// tolerance allows, by at most `largest` in a channel.
    case pictureMismatch(path: String, pixels: Int, largest: Int)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case let .mismatch(path, line, kept, shown):
            return "the screen differs from \(path) at line \(line):\n  kept:  \(kept)\n  shown: \(shown)\n(set SCROLLWORK_RECORD=1 to write the screen as the new snapshot)"
        case let .recorded(path): return "recorded a new snapshot at \(path): check it, then run the test again"
        case let .badName(name): return "\"\(name)\" is not a snapshot name: use letters, digits, -, _ and . only"
        case let .io(path, reason): return "\(path): \(reason)"
        case let .pictureMismatch(path, pixels, largest):
            return "the picture differs from \(path) in \(pixels) pixels, by up to \(largest) in a channel (set SCROLLWORK_RECORD=1 to write it as the new snapshot)"
        }
    }
}

/// Where a test file's text snapshots are kept, and checking a text against one.
struct SnapshotStore {
    var folder: String

    init(testFile: String) {
        let directory = testFile.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let base = testFile.split(separator: "/").last.map { $0.hasSuffix(".swift") ? String($0.dropLast(6)) : String($0) } ?? "Tests"
        folder = directory + "/__Snapshots__/" + base
    }

    /// Checks `text` against snapshot `name`, recording it when asked or missing.
    func verify(_ text: String, named name: String, record: Bool) throws(SnapshotError) {
        let path = try path(of: name, extension: "txt")
        try recordIfNeeded(Array(text.utf8), at: path, record: record)
        let kept = String(decoding: try read(path), as: UTF8.self)
        guard kept != text else { return }
        let keptLines = kept.split(separator: "\n", omittingEmptySubsequences: false)
        let shownLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(keptLines, shownLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? Swift.min(keptLines.count, shownLines.count)
        func at(_ lines: [Substring]) -> String { line < lines.count ? String(lines[line]) : "(no line)" }
        throw .mismatch(path: path, line: line + 1, kept: at(keptLines), shown: at(shownLines))
    }

    /// Where snapshot `name` is kept, with `ext`; throws for a name that could leave the folder.
    func path(of name: String, extension ext: String) throws(SnapshotError) -> String {
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }), name.first != "." else {
            throw .badName(name)
        }
        return folder + "/" + name + "." + ext
    }

    /// Writes `bytes` to `path` and throws ``SnapshotError/recorded(_:)`` when `record` is on or
    /// nothing is kept there yet.
    func recordIfNeeded(_ bytes: [UInt8], at path: String, record: Bool) throws(SnapshotError) {
        let manager = FileManager.default
        guard record || !manager.fileExists(atPath: path) else { return }
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
        throw .recorded(path)
    }

    /// The bytes kept at `path`.
    func read(_ path: String) throws(SnapshotError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
    }
}
