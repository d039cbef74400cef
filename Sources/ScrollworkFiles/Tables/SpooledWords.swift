#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import Scrollwork

/// 64-bit words kept in an unnamed temporary file instead of memory: written in order, then
/// read at any position from any thread. What a sort of more rows than it holds in memory keeps
/// its sorted runs and its order in (``SpilledSort``, ``RowOrder``): 520,000,000 row names are
/// 4 GB, which a list would hold in memory for as long as a screen shows them.
final class SpooledWords: Sendable {
    /// Words written and not yet in the file, and the last blocks read.
    private struct State {
        var pending: [UInt64] = []
        var count = 0
        /// Blocks read (first word's position, words), the most recent last.
        var blocks: [(start: Int, words: [UInt64])] = []
    }

    /// Words read or written at a time.
    static let blockWords = 1 << 16
    /// Blocks a reader keeps: two screens far apart, and a scan, each find theirs again.
    private static let keptBlocks = 4

    private let descriptor: Int32
    /// What an error calls the file.
    private let purpose: String
    private let state = Locked(State())

    /// A new empty file in the temporary directory; `purpose` names it in errors ("the sort's
    /// runs").
    ///
    /// - Throws: ``TableSourceError/failed(_:)`` when no temporary file can be made.
    init(purpose: String) throws(TableSourceError) {
        guard let descriptor = UnnamedFile.make(prefix: "scrollwork-words") else {
            throw .failed("could not make a temporary file for \(purpose) in \(UnnamedFile.directory): \(FileError(errno: errno, path: UnnamedFile.directory, operation: "make a file in"))")
        }
        self.descriptor = descriptor
        self.purpose = purpose
    }

    deinit { close(descriptor) }

    /// The words written so far.
    var count: Int { state.withLock { $0.count } }

    /// Appends `words`, written to the file a block at a time.
    ///
    /// - Throws: ``TableSourceError/failed(_:)`` when the file cannot be written (a full disk).
    func append<Words: Collection<UInt64>>(contentsOf words: Words) throws(TableSourceError) {
        let full: (words: [UInt64], end: Int)? = state.withLock { state in
            state.pending.append(contentsOf: words)
            state.count += words.count
            guard state.pending.count >= Self.blockWords else { return nil }
            defer { state.pending = [] }
            return (state.pending, state.count)
        }
        if let full { try write(full.words, endingAt: full.end) }
    }

    /// Writes the words still pending; reads see every word once it returns.
    ///
    /// - Throws: ``TableSourceError/failed(_:)`` when the file cannot be written.
    func finish() throws(TableSourceError) {
        let (rest, end) = state.withLock { state in
            defer { state.pending = [] }
            return (state.pending, state.count)
        }
        if !rest.isEmpty { try write(rest, endingAt: end) }
    }

    /// The words at `range` (clamped to those finished): read a block at a time, the last few
    /// blocks kept, or when not `keeping` (a merge reading its runs once) read as asked and not
    /// kept.
    ///
    /// - Throws: ``TableSourceError/failed(_:)`` when the file cannot be read (only a failing
    ///   disk refuses a read of this program's own file).
    func words(in range: Range<Int>, keeping: Bool = true) throws(TableSourceError) -> [UInt64] {
        let finished = state.withLock { $0.count - $0.pending.count }
        let range = range.clamped(to: 0..<finished)
        guard keeping else { return try read(range) }
        var words: [UInt64] = []
        words.reserveCapacity(range.count)
        var next = range.lowerBound
        while next < range.upperBound {
            let start = next - next % Self.blockWords
            let block = try self.block(at: start, finished: finished)
            let end = Swift.min(range.upperBound, start + block.count)
            guard end > next else { break }
            words += block[(next - start)..<(end - start)]
            next = end
        }
        return words
    }

    /// The block of words from `start` (a multiple of ``blockWords``), kept or read.
    private func block(at start: Int, finished: Int) throws(TableSourceError) -> [UInt64] {
        if let kept = state.withLock({ state -> [UInt64]? in
            guard let i = state.blocks.firstIndex(where: { $0.start == start }) else { return nil }
            let block = state.blocks.remove(at: i)
            state.blocks.append(block)
            return block.words
        }) { return kept }
        let words = try read(start..<Swift.min(finished, start + Self.blockWords))
        state.withLock { state in
            if state.blocks.count >= Self.keptBlocks { state.blocks.removeFirst() }
            state.blocks.append((start, words))
        }
        return words
    }

    /// Words `range` (all of them finished) read from the file.
    private func read(_ range: Range<Int>) throws(TableSourceError) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: range.count)
        // Safe: the read fills at most the words' own bytes.
        let read = unsafe words.withUnsafeMutableBytes { bytes -> Result<Int, FileError> in
            Result { () throws(FileError) in unsafe try FileBytes.read(descriptor, at: UInt64(range.lowerBound) * 8, into: bytes, path: UnnamedFile.directory) }
        }
        switch read {
        case let .failure(error): throw .failed("\(purpose) could not be read back: \(error)")
        case let .success(bytes) where bytes != words.count * 8: throw .failed("\(purpose) could not be read back: it ends early")
        case .success: break
        }
        #if _endian(big)
        for i in words.indices { words[i] = UInt64(littleEndian: words[i]) }
        #endif
        return words
    }

    /// Writes `words`, which end at word `end`, to the file.
    private func write(_ words: [UInt64], endingAt end: Int) throws(TableSourceError) {
        #if _endian(big)
        let stored = words.map { $0.littleEndian }
        #else
        let stored = words
        #endif
        // Safe: the words' own bytes, lent for the call.
        let written = unsafe stored.withUnsafeBytes { bytes -> Result<Void, FileError> in
            Result { () throws(FileError) in
                unsafe try FileBytes.write(bytes, to: descriptor, at: UInt64(end - words.count) * 8, path: UnnamedFile.directory, operation: "write a temporary file in")
            }
        }
        if case let .failure(error) = written { throw .failed("\(purpose) could not be kept: \(error)") }
    }
}
