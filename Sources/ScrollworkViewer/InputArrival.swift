import Scrollwork

/// Standard input (or a FIFO) as it is kept while it comes: shared by the work that copies it
/// and the table and pager that read it, so they know whether more is coming, why it stopped
/// early if it did, and where it is kept, for the status line.
final class InputArrival: Sendable {
    /// What a status line calls the input: "standard input", or a FIFO's path.
    let name: String
    /// The most bytes kept in memory before the rest goes to a temporary file.
    let memoryLimit: Int
    /// Where that temporary file goes.
    let directory: String
    private let state: Locked<(done: Bool, failure: String?)>

    /// Input called `name` still coming (or all come, when `done`), kept in memory up to
    /// `memoryLimit` bytes, then in `directory`.
    init(name: String, memoryLimit: Int, directory: String, done: Bool = false) {
        self.name = name
        self.memoryLimit = memoryLimit
        self.directory = directory
        state = Locked((done, nil))
    }

    /// True once every byte has been kept (or keeping stopped).
    var done: Bool { state.withLock { $0.done } }

    /// Keeping ended, at the input's end or, with `failure`, before it.
    func end(failure: String?) { state.withLock { $0 = (true, failure) } }

    /// What the status line says of the input, its `size` kept so far and whether the reader
    /// has read all of it (`caughtUp`): coming or waiting for its writer, where it is kept, and
    /// why it stopped early.
    func statusParts(size: UInt64, caughtUp: Bool) -> [String] {
        let (done, failure) = state.withLock { ($0.done, $0.failure) }
        var parts: [String] = []
        if let failure { parts.append("\(name): \(failure); shown up to there") }
        if !done { parts.append(caughtUp ? "waiting for more input (the writer is quiet)" : "reading standard input…") }
        parts.append(size > UInt64(memoryLimit)
            ? "\(finderByteCount(Int(clamping: size))) on disk in a temporary file in \(directory), removed when scrollwork ends"
            : "kept in memory (up to \(finderByteCount(memoryLimit)), then in a temporary file in \(directory))")
        return parts
    }
}
