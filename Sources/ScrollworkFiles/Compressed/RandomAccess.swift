import Scrollwork

/// How a compressed file is reached at any offset: what ``FileBytes/randomAccess`` reports for
/// the status line.
public struct RandomAccess: Sendable, Equatable {
    /// Places decompression can begin again from, found so far.
    public var checkpoints: Int
    /// The memory those places keep (gzip keeps the 32 KB of text before each).
    public var checkpointMemory: Int
    /// The most text a jump between two checkpoints decompresses (0 before the first is passed).
    public var longestJump: Int
    /// Decompressed bytes kept in a temporary file instead: all of the text while the temporary
    /// directory has room for it, and past that, text so far from the last checkpoint that a
    /// jump there would decompress more than 64 MB (inside one long zstd frame or xz block,
    /// whose libraries cannot begin inside one).
    public var keptOnDisk: UInt64

    /// What the status line says, as "114 checkpoints (3.6 MB): a jump decompresses up to 4.2 MB".
    public var summary: String {
        var parts: [String] = []
        if checkpoints > 1 || keptOnDisk == 0 {
            let jump = longestJump > 0 ? ": a jump decompresses up to \(finderByteCount(longestJump))" : ""
            parts.append("\(checkpoints) checkpoint\(checkpoints == 1 ? "" : "s") (\(finderByteCount(checkpointMemory)))\(jump)")
        }
        if keptOnDisk > 0 { parts.append("\(finderByteCount(Int(clamping: keptOnDisk))) kept in a temporary file") }
        return parts.joined(separator: "; ")
    }
}
