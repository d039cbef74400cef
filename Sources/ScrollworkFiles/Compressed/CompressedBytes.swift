#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// What a ``FileBytes`` made from a compressed file (gzip, zstd, bzip2, xz) reads from: the file
/// decompressed as far as it is read, and reached again at any offset without decompressing
/// from the start.
///
/// The first pass decompresses in order, as far as the reads ask (so the first screen shows as
/// soon as its bytes are out) and, on a thread of its own, up to ``Tuning/readAhead`` further,
/// so that whoever reads the text in order (the index, a batch run) works on one core while the
/// next text is decompressed on the other. The text it makes is kept in a temporary file while
/// the temporary directory has room for it (``Tuning/textBudget``, ``TemporarySpace``): every
/// later pass over the file (a sort, a count, a search) then reads it as a plain file's, and
/// the file is decompressed once. Past that room, it notes checkpoints on the way instead: each
/// member's start (a gzip member, a zstd frame, a bzip2 or xz stream), every xz block's start
/// (from the index at the end of each stream), every bzip2 block's, and, every ``Tuning/span``
/// bytes of text inside a gzip member, a deflate block's end with the 32 KB of text before it,
/// as zlib's `zran` example does. A read of text already passed reads it from the temporary
/// file or decompresses it from the checkpoint before it; the chunks read last are kept in
/// memory. Where a jump would decompress more than ``Tuning/longestJump`` (inside one long zstd
/// frame, bzip2 or xz stream, whose libraries cannot begin mid-stream), the text is kept in the
/// temporary file whatever the room.
///
/// A file of several members (as `cat a.gz b.gz` makes) is read whole. Damage ends the text
/// where it begins and says where (``damage``), keeping everything before it. A file that ends
/// mid-member and later grows (a log being compressed as it is written) goes on from there.
final class CompressedBytes: ByteSpool {
    /// How far apart checkpoints are and how much text is held in memory.
    struct Tuning: Sendable {
        /// The least text between two checkpoints inside a gzip member: about what a jump
        /// decompresses (with a deflate block more), while each checkpoint keeps 32 KB.
        var span = 4 << 20
        /// The most text of one chunk: a longer stretch between checkpoints is cut into chunks
        /// this long, each read again from the same checkpoint.
        var keptAfter = 16 << 20
        /// The most text a jump decompresses: a chunk farther from its checkpoint goes to a
        /// temporary file instead.
        var longestJump = 64 << 20
        /// The most text of recently read chunks kept in memory.
        var cacheLimit = 32 << 20
        /// The most text kept in a temporary file by choice, rather than decompressed again
        /// from a checkpoint each time it is read: nil, as much as ``TemporarySpace`` allows
        /// when the first chunk is kept; 0, none.
        var textBudget: UInt64? = nil
        /// How far past the furthest read the first pass decompresses on a thread of its own
        /// (0: only as far as reads ask).
        var readAhead = 64 << 20

        /// The text kept in a temporary file while there is room, else checkpoints every 4 MB
        /// (0.8% of the text) and jumps of at most 64 MB; 32 MB of recent text in memory; 64 MB
        /// decompressed ahead of the reads.
        static let standard = Tuning()
    }

    /// A stretch of the text between two checkpoints, and how it is had again.
    private struct Chunk {
        var start: UInt64
        var count: Int
        var storage: Storage
    }

    private enum Storage {
        case checkpoint(DecompressionCheckpoint)
        /// In the temporary file, at this offset.
        case kept(UInt64)
    }

    private struct State {
        /// The first pass's decompressor; nil once the data is damaged. Kept at the file's end,
        /// so that a file that grows goes on.
        var decoder: (any Decompressor)?
        /// Compressed bytes read and text made by the first pass: what reads are given (bzip2's
        /// decoder gives a block's text only once the block's check has passed, so that a
        /// damaged block's text is never read).
        var consumed: UInt64 = 0
        var produced: UInt64 = 0
        var chunks: [Chunk] = []
        /// The text made since the last chunk, and the checkpoint it begins at (nil in a
        /// stretch being kept on disk).
        var pending: [UInt8] = []
        /// Where the pending text is decompressed from: its start, or a checkpoint before it
        /// (nil in a stretch being kept on disk).
        var pendingStart: DecompressionCheckpoint? = DecompressionCheckpoint(compressed: 0, uncompressed: 0)
        /// Checkpoints known before the first pass reaches them (xz blocks), and the next.
        var ahead: [DecompressionCheckpoint] = []
        var nextAhead = 0
        /// The text offset of the last checkpoint counted in ``access``.
        var counted: UInt64? = nil
        /// Text made since the member began: how much of it a checkpoint's window may hold.
        var memberOutput: UInt64 = 0
        var inMember = false
        var recent = RecentChunks()
        var keptFile: Int32 = -1
        var kept: UInt64 = 0
        /// Text given a place in the temporary file and not yet written there (by a thread of
        /// its own, so that the first pass goes on decompressing meanwhile): read from here
        /// until it is. The oldest first; ``State/writing`` while a thread writes them.
        var unwritten: [(at: UInt64, text: [UInt8])] = []
        var unwrittenBytes = 0
        var writing = false
        /// The most text kept in the temporary file by choice (``Tuning/textBudget``), asked of
        /// ``TemporarySpace`` when the first chunk closes if the tuning does not say.
        var keptBudget: UInt64? = nil
        /// How far the thread reading ahead decompresses, and whether it runs.
        var aheadTarget: UInt64 = 0
        var readingAhead = false
        /// True while a thread decompresses outside the lock (the decoder is its own then).
        var decoding = false
        var access = RandomAccess(checkpoints: 0, checkpointMemory: 0, longestJump: 0, keptOnDisk: 0)
        var ended = false
        var damage: String? = nil
        var problem: FileError? = nil

        var pendingOffset: UInt64 { produced - UInt64(pending.count) }
    }

    private let state: Locked<State>
    /// Moves each time the first pass hands over what it made: what a read waiting for text
    /// another thread is decompressing sleeps on.
    private let made = Signal()
    /// The compressed file, read at offsets.
    private let source: CompressedSource
    private let name: String
    /// What the file is compressed with.
    let format: CompressionFormat
    private let tuning: Tuning
    /// False while the compressed file may still grow (standard input being kept): its end is
    /// then no end of the data, only of what has come; nil for a file that is whole.
    private let sourceIsComplete: (@Sendable () -> Bool)?

    /// The file on a web server the compressed bytes come from (each read may wait on it).
    var remoteFile: HTTPFile? {
        if case let .spool(spool) = source { return spool as? HTTPFile }
        return nil
    }

    /// The most text one look at the size decompresses, as a stream's look copies.
    static let decompressedPerLook = 4 << 20

    /// A reader of `source` (a regular file in `format`, closed with this) called `name`.
    ///
    /// - Throws: ``FileError/libraryMissing(path:library:install:)`` when the system lacks the
    ///   format's library.
    convenience init(source: Int32, name: String, format: CompressionFormat, tuning: Tuning = .standard,
                     sourceIsComplete: (@Sendable () -> Bool)? = nil) throws(FileError) {
        try self.init(source: .descriptor(source), name: name, format: format, tuning: tuning, sourceIsComplete: sourceIsComplete)
    }

    /// A reader of the compressed bytes `source` gives (a file on a web server, read by range,
    /// or sent whole and kept as it comes), in `format`, called `name`. `sourceIsComplete`, for
    /// a source that is still coming, says when it has all come.
    ///
    /// - Throws: ``FileError/libraryMissing(path:library:install:)`` when the system lacks the
    ///   format's library.
    convenience init(spool: any ByteSpool, name: String, format: CompressionFormat,
                     sourceIsComplete: (@Sendable () -> Bool)? = nil) throws(FileError) {
        try self.init(source: .spool(spool), name: name, format: format, tuning: .standard, sourceIsComplete: sourceIsComplete)
    }

    private init(source: CompressedSource, name: String, format: CompressionFormat, tuning: Tuning,
                 sourceIsComplete: (@Sendable () -> Bool)?) throws(FileError) {
        guard let decoder = format.makeDecompressor(notesCheckpoints: true) else {
            source.close()
            throw .libraryMissing(path: name, library: format.library, install: format.package)
        }
        self.source = source
        self.name = name
        self.format = format
        // A span shorter than deflate's window would keep more in checkpoints than in text.
        let keptAfter = Swift.max(tuning.keptAfter, 1 << 16)
        self.tuning = Tuning(span: Swift.max(tuning.span, Zlib.windowSize), keptAfter: keptAfter,
                             longestJump: Swift.max(tuning.longestJump, keptAfter), cacheLimit: Swift.max(tuning.cacheLimit, 0),
                             textBudget: tuning.textBudget, readAhead: Swift.max(tuning.readAhead, 0))
        self.sourceIsComplete = sourceIsComplete
        var state = State(decoder: decoder)
        if format == .xz { state.ahead = XzBlockIndex.checkpoints(of: source, size: source.size) }
        self.state = Locked(state)
    }

    deinit {
        source.close()
        state.withLock { if $0.keptFile >= 0 { close($0.keptFile) } }
    }

    /// True once the data has ended (it goes on if the file grows).
    var hasEnded: Bool { state.withLock { $0.ended } }

    var damage: String? { state.withLock { $0.damage } }

    /// The checkpoints found so far, what they keep, and what a jump costs.
    var randomAccess: RandomAccess {
        state.withLock { state in
            var access = state.access
            if let start = state.pendingStart, start.uncompressed != state.counted {
                access.checkpoints += 1
                access.checkpointMemory += start.memory
            }
            return access
        }
    }

    /// Decompresses until at least `target` bytes of text are made (nil: up to
    /// ``decompressedPerLook`` more), and returns how many are made.
    ///
    /// - Throws: ``FileError`` when the file or the temporary file cannot be read or written;
    ///   the same error again on every later call.
    @discardableResult
    func copy(upTo target: UInt64?) throws(FileError) -> UInt64 {
        advance(to: target ?? state.withLock { $0.produced &+ UInt64(Self.decompressedPerLook) })
        let outcome: Result<UInt64, FileError> = state.withLock { state in
            if let problem = state.problem { return .failure(problem) }
            return .success(state.produced)
        }
        let made = try outcome.get()
        readAhead(past: Swift.min(target ?? made, made))
        return made
    }

    func available(upTo target: UInt64) throws(FileError) -> UInt64 { try copy(upTo: target) }

    func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        let (end, overflow) = offset.addingReportingOverflow(UInt64(buffer.count))
        var at = offset
        var loaded: (index: Int, text: [UInt8])? = nil
        advance(to: overflow ? UInt64.max : end)
        while true {
            // What is at hand is copied under the lock; a chunk to be had again is had outside
            // it, so that a search through text passed long ago does not hold up the first pass.
            let step: Result<MissingText?, FileError> = state.withLock { state in
                if let problem = state.problem { return .failure(problem) }
                let stop = Swift.min(end, state.produced)
                while at < stop {
                    let piece: [UInt8], start: UInt64
                    if at >= state.pendingOffset {
                        (piece, start) = (state.pending, state.pendingOffset)
                    } else {
                        let index = chunkIndex(containing: at, in: state.chunks)
                        if let loaded, loaded.index == index {
                            piece = loaded.text
                        } else if let text = state.recent.text(for: index) {
                            piece = text
                        } else if case let .kept(place) = state.chunks[index].storage {
                            guard let waiting = state.unwritten.first(where: { $0.at == place }) else {
                                // Written: read from the temporary file straight into the buffer.
                                let chunk = state.chunks[index]
                                let count = Int(Swift.min(chunk.start + UInt64(chunk.count), stop) - at)
                                return .success(.kept(file: state.keptFile, at: place + (at - chunk.start), count: count))
                            }
                            piece = waiting.text
                        } else {
                            return .success(.decompressed(index: index, chunk: state.chunks[index]))
                        }
                        start = state.chunks[index].start
                    }
                    let from = Int(at - start), count = Swift.min(piece.count - from, Int(stop - at))
                    guard count > 0 else { break }
                    // Safe: `count` is at most what is left of the piece past `from` and of the
                    // buffer past `at - offset` (`stop` is the buffer's end).
                    unsafe piece.withUnsafeBytes { unsafe buffer.baseAddress!.advanced(by: Int(at - offset)).copyMemory(from: $0.baseAddress! + from, byteCount: count) }
                    at += UInt64(count)
                }
                return .success(nil)
            }
            switch try step.get() {
            case nil:
                readAhead(past: at)
                return Int(at - offset)
            case let .kept(file, place, count)?:
                // Safe: the kept chunk's `count` was cut to `stop`, the buffer's end, above.
                let part = unsafe UnsafeMutableRawBufferPointer(rebasing: buffer[Int(at - offset)..<(Int(at - offset) + count)])
                guard unsafe try FileBytes.read(file, at: place, into: part, path: name) == count else {
                    throw changed("its temporary file came back short")
                }
                at += UInt64(count)
            case let .decompressed(index, chunk)?:
                let text = try decompress(chunk)
                loaded = (index, text)
                state.withLock { _ = $0.recent.insert(text, for: index, limit: tuning.cacheLimit) }
            }
        }
    }

    /// Text a read needs that is not in memory: in the temporary file (`count` bytes at `at`),
    /// or a chunk to decompress again.
    private enum MissingText {
        case kept(file: Int32, at: UInt64, count: Int)
        case decompressed(index: Int, chunk: Chunk)
    }

    // MARK: The first pass

    /// Has the first pass go on to ``Tuning/readAhead`` past `offset` on a thread of its own,
    /// unless it is there or nearly (half the way), or one already runs (it is sent further).
    private func readAhead(past offset: UInt64) {
        guard tuning.readAhead > 0 else { return }
        let (far, overflow) = offset.addingReportingOverflow(UInt64(tuning.readAhead))
        let start: Bool = state.withLock { state in
            state.aheadTarget = Swift.max(state.aheadTarget, overflow ? UInt64.max : far)
            guard !state.readingAhead, !state.ended, state.problem == nil, state.decoder != nil,
                  state.aheadTarget - Swift.min(state.aheadTarget, state.produced) > UInt64(tuning.readAhead / 2) else { return false }
            state.readingAhead = true
            return true
        }
        guard start else { return }
        if !ThreadBody.detach({ self.decompressAhead() }) { state.withLock { $0.readingAhead = false } }
    }

    /// Returns once no thread reads ahead (for tests, which see what it made without waiting on
    /// a clock).
    func waitForReadAhead() {
        while true {
            let generation = made.generation
            guard state.withLock({ $0.readingAhead }) else { return }
            made.wait(past: generation)
        }
    }

    /// The thread reading ahead: decompresses a megabyte at a time, letting reads in between,
    /// until the target is reached or the first pass can go no further for now.
    private func decompressAhead() {
        var before = state.withLock { $0.produced }
        while true {
            advance(to: state.withLock { Swift.min($0.aheadTarget, before &+ (1 << 20)) })
            // No text made (the data ended, is damaged, or waits for more to come): stop.
            let goesOn: Bool = state.withLock { state in
                let goesOn = state.produced > before && state.produced < state.aheadTarget
                if !goesOn { state.readingAhead = false }
                before = state.produced
                return goesOn
            }
            if !goesOn {
                made.signal()
                return
            }
        }
    }

    /// What the first pass does next, decided under the lock.
    private enum FirstPassStep {
        /// Nothing: the text is made as far as asked, or can be made no further now.
        case done
        /// Another thread is decompressing: wait for it.
        case wait
        /// Decompress, outside the lock, from compressed byte `consumed` into at most `room` bytes.
        case decompress(any Decompressor, consumed: UInt64, room: Int)
    }

    /// Decompresses in order until `limit` bytes of text are made or the data ends, noting
    /// checkpoints on the way. A pass that ended at the file's end goes on once the file grows.
    ///
    /// Called without the lock: one thread decompresses at a time, outside it (the decoder and
    /// the compressed bytes are its own while ``State/decoding`` says so),
    /// and takes the lock only to hand over what it made, so that reads of text already made go
    /// on meanwhile; a thread that needs text not yet made sleeps on ``made`` until it comes.
    private func advance(to limit: UInt64) {
        var input: [UInt8] = [], output: [UInt8] = []
        while true {
            let generation = made.generation
            let next: FirstPassStep = state.withLock { state in
                if state.ended, state.decoder != nil, state.problem == nil, !state.decoding, sourceSize() > state.consumed {
                    state.ended = false
                    state.damage = nil
                }
                guard !state.ended, state.problem == nil, state.produced < limit, let decoder = state.decoder else { return .done }
                if state.decoding { return .wait }
                state.decoding = true
                passCheckpointsAhead(&state)
                // No step makes text past the next checkpoint known ahead: the chunk ends there.
                let room = state.nextAhead < state.ahead.count ? Int(clamping: state.ahead[state.nextAhead].uncompressed - state.produced) : 1 << 18
                return .decompress(decoder, consumed: state.consumed, room: room)
            }
            guard case let .decompress(decoder, consumed, room) = next else {
                if case .done = next { return }
                made.wait(past: generation)
                continue
            }
            if input.isEmpty {
                input = [UInt8](repeating: 0, count: 1 << 16)
                output = [UInt8](repeating: 0, count: 1 << 18)
            }
            let goesOn: Bool
            do throws(FileError) {
                let read = try source.read(at: consumed, into: &input, path: name)
                // At the file's end the decompressor is still asked (with no input) for what it holds.
                // Safe: both arrays are lent for the call; `read` is at most the input's count (the
                // source fills no more), and the output is cut to `room` within its own count.
                let step = unsafe input.withUnsafeBytes { bytes in
                    unsafe output.withUnsafeMutableBytes { unsafe decoder.step(UnsafeRawBufferPointer(rebasing: bytes[..<read]), into: UnsafeMutableRawBufferPointer(rebasing: $0.prefix(Swift.min(room, $0.count)))) }
                }
                let (resumableBits, startedBlock) = (decoder.resumableBits, decoder.startedBlock)
                goesOn = state.withLock { state in
                    state.decoding = false
                    return take(step, resumableBits: resumableBits, startedBlock: startedBlock, read: read, output: output, &state)
                }
            } catch {
                state.withLock { state in
                    state.decoding = false
                    state.problem = error
                }
                goesOn = false
            }
            made.signal()
            if !goesOn { return }
        }
    }

    /// Takes what a step of the first pass made into `output` from `read` bytes: the text, the
    /// checkpoints it passed (`resumableBits`, `startedBlock`: the decoder's after the step),
    /// the end of a member, damage. False when the pass can go no further for now (the input
    /// that has come so far is read).
    private func take(_ step: DecompressionStep, resumableBits: Int?, startedBlock: UInt64?, read: Int, output: [UInt8],
                      _ state: inout State) -> Bool {
        var consumed = 0, produced = 0, memberEnded = false
        switch step {
        case let .progress(c, p):
            (consumed, produced) = (c, p)
            if c > 0 { state.inMember = true }
        case let .memberEnded(c, p):
            (consumed, produced, memberEnded) = (c, p, true)
        case let .damaged(message, p):
            produced = p
            state.damage = damageNote(message, &state)
            state.ended = true
            state.decoder = nil
        }
        if let bit = startedBlock {
            // The text of a bzip2 block begins: it is had again from there.
            pass(DecompressionCheckpoint(compressed: bit / 8, uncompressed: state.produced, resume: .bzip2Block(shift: Int(bit % 8))), &state)
        }
        state.pending.append(contentsOf: output[..<produced])
        state.consumed += UInt64(consumed)
        state.produced += UInt64(produced)
        state.memberOutput += UInt64(produced)
        if memberEnded {
            state.inMember = false
            state.memberOutput = 0
            pass(DecompressionCheckpoint(compressed: state.consumed, uncompressed: state.produced), &state)
        } else if let bits = resumableBits, state.pending.count >= tuning.span {
            let window = Array(state.pending.suffix(Int(Swift.min(state.memberOutput, UInt64(Zlib.windowSize)))))
            pass(DecompressionCheckpoint(compressed: state.consumed, uncompressed: state.produced, resume: .deflateBlock(bits: bits, window: window)), &state)
        }
        if state.pending.count >= tuning.keptAfter { cutLongChunk(&state) }
        if consumed == 0 && produced == 0 && !memberEnded && resumableBits == nil && !state.ended {
            // What has come so far is read; more may still come.
            if read == 0, let complete = sourceIsComplete, !complete() { return false }
            stall(&state, atEnd: read == 0)
        }
        return !state.ended && state.problem == nil
    }

    /// Passes the checkpoints known ahead that the first pass has reached.
    private func passCheckpointsAhead(_ state: inout State) {
        while state.nextAhead < state.ahead.count && state.ahead[state.nextAhead].uncompressed <= state.produced {
            let checkpoint = state.ahead[state.nextAhead]
            state.nextAhead += 1
            if checkpoint.uncompressed == state.produced { pass(checkpoint, &state) }
        }
    }

    /// A chunk as long as ``Tuning/keptAfter`` with no checkpoint since: it ends here, and the
    /// next is read again from the same checkpoint while a jump there stays within
    /// ``Tuning/longestJump``, else kept on disk.
    private func cutLongChunk(_ state: inout State) {
        if let start = state.pendingStart, state.produced - start.uncompressed + UInt64(tuning.keptAfter) <= UInt64(tuning.longestJump) {
            closeChunk(&state, next: start, keep: false)
        } else {
            closeChunk(&state, next: nil, keep: true)
        }
    }

    /// What the status says of damage the decoder met (`message`): where the text stops, and
    /// for bzip2 the text of the block being made dropped, its check never passed. The other
    /// formats check a whole member (gzip, zstd) or block (xz) only at its end, too long to hold
    /// back: the note says from where the text was not yet checked.
    private func damageNote(_ message: String, _ state: inout State) -> String {
        guard state.inMember || state.consumed == 0 else {
            return "the bytes after the last \(format.name) member, from compressed byte \(state.consumed), are not \(format.name) data and are left out"
        }
        let at = "the \(format.name) data is damaged at compressed byte \(state.consumed) (\(message))"
        if format == .bzip2 {
            return at + ": the text stops where that block begins, at text byte \(state.produced)"
        }
        let memberStart = state.produced - state.memberOutput
        return at + ": the text stops there" + (state.memberOutput > 0 ? "; the text from byte \(memberStart) on was not yet checked" : "")
    }

    /// The first pass made nothing from what it read: the file ends (cleanly after a member,
    /// else in the middle of one), or the decompressor wants what the read could not give.
    private func stall(_ state: inout State, atEnd: Bool) {
        if atEnd {
            if state.inMember || state.consumed == 0 {
                state.damage = "the \(format.name) data ends in the middle of a member at compressed byte \(state.consumed): the text stops there"
            }
        } else {
            state.damage = "the \(format.name) data cannot be read past compressed byte \(state.consumed): the text stops there"
            state.decoder = nil
        }
        state.ended = true
    }

    /// The first pass is at `checkpoint`: the text before becomes a chunk once it is a span
    /// long, at once after a stretch kept on disk, and at every bzip2 or xz block's start, which
    /// keeps nothing in memory (so a jump there decompresses one block, as documented).
    private func pass(_ checkpoint: DecompressionCheckpoint, _ state: inout State) {
        if state.pending.isEmpty {
            state.pendingStart = checkpoint
        } else if state.pending.count >= tuning.span || state.pendingStart == nil || endsStream(checkpoint, from: state.pendingStart)
                    || checkpoint.startsBlock {
            closeChunk(&state, next: checkpoint, keep: false)
        }
    }

    /// True when `checkpoint` is a member's start and `start` an xz or bzip2 block's: a chunk
    /// decoded from such a block ends with its stream, whose end a decoder begun there cannot
    /// check.
    private func endsStream(_ checkpoint: DecompressionCheckpoint, from start: DecompressionCheckpoint?) -> Bool {
        guard case .memberStart = checkpoint.resume, let start else { return false }
        switch start.resume {
        case .xzBlock, .bzip2Block: return true
        case .memberStart, .deflateBlock: return false
        }
    }

    /// Ends the chunk being made at the text made so far; the next begins at `next` (nil: in a
    /// stretch with no checkpoint). `keep`, or no checkpoint to begin it at: its text goes to
    /// the temporary file.
    private func closeChunk(_ state: inout State, next following: DecompressionCheckpoint?, keep: Bool) {
        let storage: Storage
        if let start = state.pendingStart, !keep, !keepsByChoice(state.pending.count, &state) {
            storage = .checkpoint(start)
            if state.counted != start.uncompressed {
                state.counted = start.uncompressed
                state.access.checkpoints += 1
                state.access.checkpointMemory += start.memory
            }
            state.access.longestJump = Swift.max(state.access.longestJump, Int(clamping: state.produced - start.uncompressed))
        } else {
            guard let at = keepOnDisk(state.pending, &state) else { return }
            storage = .kept(at)
        }
        state.chunks.append(Chunk(start: state.pendingOffset, count: state.pending.count, storage: storage))
        // The text of the chunk forgotten, if any, takes the next chunk's: megabytes allocated
        // anew for each chunk left the allocator's heap in pieces (175 MB at the peak of a 1 GB
        // file, 94 MB when each came from the system).
        var next = state.recent.insert(state.pending, for: state.chunks.count - 1, limit: tuning.cacheLimit) ?? []
        next.removeAll(keepingCapacity: true)
        next.reserveCapacity(tuning.span + (1 << 20))
        state.pending = next
        state.pendingStart = following
    }

    /// True when a chunk of `count` bytes of text that has a checkpoint is kept in the temporary
    /// file all the same: the budget has room for it.
    private func keepsByChoice(_ count: Int, _ state: inout State) -> Bool {
        let budget = state.keptBudget ?? tuning.textBudget ?? TemporarySpace.budget()
        state.keptBudget = budget
        return state.kept < budget && UInt64(count) <= budget - state.kept
    }

    /// Gives `text` its place at the end of the temporary file (made on first use) and returns
    /// where it begins; nil, with the problem noted, when it cannot. A thread of its own writes
    /// it there; past ``unwrittenLimit`` bytes waiting, the first pass writes them itself.
    private func keepOnDisk(_ text: [UInt8], _ state: inout State) -> UInt64? {
        if state.keptFile < 0 {
            guard let file = UnnamedFile.make(prefix: "scrollwork-" + format.name) else {
                state.problem = FileError(errno: errno, path: name, operation: "make a temporary file to keep the decompressed text of")
                return nil
            }
            state.keptFile = file
        }
        let at = state.kept
        state.kept += UInt64(text.count)
        state.access.keptOnDisk = state.kept
        state.unwritten.append((at, text))
        state.unwrittenBytes += text.count
        if state.unwrittenBytes > Self.unwrittenLimit {
            while let first = state.unwritten.first, state.problem == nil {
                writeKept(first, file: state.keptFile, &state)
            }
        } else if !state.writing {
            state.writing = true
            if !ThreadBody.detach({ self.writeKeptText() }) { state.writing = false }
        }
        return state.problem == nil ? at : nil
    }

    /// The most text waiting to be written to the temporary file before the first pass waits
    /// for the disk.
    static let unwrittenLimit = 64 << 20

    /// The thread writing kept text: writes what waits, the oldest first, outside the lock.
    private func writeKeptText() {
        while true {
            let next: (at: UInt64, text: [UInt8], file: Int32)? = state.withLock { state in
                guard let first = state.unwritten.first, state.problem == nil else {
                    state.writing = false
                    return nil
                }
                return (first.at, first.text, state.keptFile)
            }
            guard let next else { return }
            let failure: FileError?
            do throws(FileError) {
                try FileBytes.write(next.text[...], to: next.file, at: next.at, path: name, operation: "keep the decompressed text of")
                failure = nil
            } catch {
                failure = error
            }
            state.withLock { state in
                if let failure { state.problem = failure }
                forgetWritten(next.at, &state)
            }
        }
    }

    /// Writes `chunk` to the temporary file with the lock held (the first pass, when too much waits).
    private func writeKept(_ chunk: (at: UInt64, text: [UInt8]), file: Int32, _ state: inout State) {
        do {
            try FileBytes.write(chunk.text[...], to: file, at: chunk.at, path: name, operation: "keep the decompressed text of")
        } catch {
            state.problem = error
        }
        forgetWritten(chunk.at, &state)
    }

    /// The text at `at` is written (or failed to be): no longer read from memory.
    private func forgetWritten(_ at: UInt64, _ state: inout State) {
        guard let index = state.unwritten.firstIndex(where: { $0.at == at }) else { return }
        state.unwrittenBytes -= state.unwritten[index].text.count
        state.unwritten.remove(at: index)
    }

    /// The compressed file's size now; 0 when it cannot be looked at.
    private func sourceSize() -> UInt64 { source.size }

    // MARK: Reading passed text again

    /// The index of the chunk holding text offset `offset` (one before the pending text).
    private func chunkIndex(containing offset: UInt64, in chunks: [Chunk]) -> Int {
        var low = 0, high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if chunks[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The text of `chunk`, a chunk that begins at a checkpoint, decompressed again.
    private func decompress(_ chunk: Chunk) throws(FileError) -> [UInt8] {
        guard case let .checkpoint(checkpoint) = chunk.storage else { throw changed("a chunk kept on disk was asked to be decompressed") }
        return try decompress(chunk.count, from: checkpoint, skipping: Int(clamping: chunk.start - checkpoint.uncompressed))
    }

    /// `count` bytes of text decompressed from `checkpoint`, after `skipping` bytes.
    private func decompress(_ count: Int, from checkpoint: DecompressionCheckpoint, skipping: Int) throws(FileError) -> [UInt8] {
        var previous: [UInt8] = [0]
        if case let .deflateBlock(bits, _) = checkpoint.resume, bits > 0, checkpoint.compressed > 0 {
            _ = try source.read(at: checkpoint.compressed - 1, into: &previous, path: name)
        }
        guard let decoder = format.makeDecompressor(resumingAt: checkpoint, previousByte: previous[0]) else {
            throw changed("the decompressor refused a checkpoint")
        }
        var text = [UInt8](repeating: 0, count: count)
        var input = [UInt8](repeating: 0, count: 1 << 16)
        var skipped = [UInt8](repeating: 0, count: Swift.min(skipping, 1 << 18))
        // An xz block is read after its stream's header, as if the stream began there.
        var prefix: [UInt8] = [], end = UInt64.max, shift = 0
        switch checkpoint.resume {
        case let .xzBlock(header, blocksEnd): (prefix, end) = (header, blocksEnd)
        case let .bzip2Block(bits): (prefix, shift) = (Array("BZh9".utf8), bits)
        case .memberStart, .deflateBlock: break
        }
        var at = checkpoint.compressed, made = 0, left = skipping, stalls = 0
        while made < count {
            let read = prefix.isEmpty ? Swift.min(try read(source, at: at, shiftedBy: shift, into: &input), Int(clamping: end - Swift.min(end, at))) : prefix.count
            let given = prefix.isEmpty ? input : prefix
            // Safe: `read` is at most the bytes given (a read fills no more than its array; a
            // prefix is given whole), and the output is the skipped bytes' first `left` or the text
            // past `made`, both inside their arrays.
            let step = unsafe given.withUnsafeBytes { bytes in
                let input = unsafe UnsafeRawBufferPointer(rebasing: bytes[..<read])
                return unsafe left > 0
                    ? skipped.withUnsafeMutableBytes { unsafe decoder.step(input, into: UnsafeMutableRawBufferPointer(rebasing: $0.prefix(left))) }
                    : unsafe text.withUnsafeMutableBytes { unsafe decoder.step(input, into: UnsafeMutableRawBufferPointer(rebasing: $0[made...])) }
            }
            switch step {
            case let .progress(c, p), let .memberEnded(c, p):
                if prefix.isEmpty { at += UInt64(c) } else { prefix.removeFirst(c) }
                if left > 0 { left -= p } else { made += p }
                // A member's end may make nothing; twice nothing in a row is a file that changed.
                stalls = c == 0 && p == 0 ? stalls + 1 : 0
                if stalls > 2 { throw changed("it ends before text it held when first read") }
            case let .damaged(message, p):
                // A bzip2 block read on its own ends in a stream check that cannot hold.
                if left == 0 && made + p >= count { return text }
                throw changed("its data is now damaged at compressed byte \(at) (\(message))")
            }
        }
        return text
    }

    /// Reads `source` from `offset` into `bytes` as far as they hold, each byte's last
    /// `shift` bits and the next byte's first making one (a bzip2 block begins at any bit);
    /// how many bytes were made.
    private func read(_ source: CompressedSource, at offset: UInt64, shiftedBy shift: Int, into bytes: inout [UInt8]) throws(FileError) -> Int {
        let read = try source.read(at: offset, into: &bytes, path: name)
        guard shift > 0 else { return read }
        // The last byte read only lends its first bits: it is read again, whole, next time.
        for i in 0..<Swift.max(0, read - 1) {
            bytes[i] = bytes[i] << UInt8(shift) | bytes[i + 1] >> UInt8(8 - shift)
        }
        return Swift.max(0, read - 1)
    }


    /// The error of a compressed file that no longer holds what the first pass read.
    private func changed(_ why: String) -> FileError {
        .system(path: name, operation: "decompress", code: 0, message: "the compressed file changed while open: \(why); open it again")
    }
}

/// The text of the chunks read last, the most recent last, up to a limit in bytes.
private struct RecentChunks {
    private var entries: [(index: Int, text: [UInt8])] = []
    private var bytes = 0

    /// The text of chunk `index` if it is kept, now the most recent.
    mutating func text(for index: Int) -> [UInt8]? {
        guard let at = entries.firstIndex(where: { $0.index == index }) else { return nil }
        let entry = entries.remove(at: at)
        entries.append(entry)
        return entry.text
    }

    /// Keeps `text` as chunk `index`'s, forgetting the oldest until at most `limit` bytes are
    /// kept (the newest is always kept: it is being read); the text of the last forgotten, whose
    /// memory can serve again.
    @discardableResult
    mutating func insert(_ text: [UInt8], for index: Int, limit: Int) -> [UInt8]? {
        entries.append((index, text))
        bytes += text.count
        var forgotten: [UInt8]? = nil
        while bytes > limit, entries.count > 1 {
            forgotten = entries.removeFirst().text
            bytes -= forgotten?.count ?? 0
        }
        return forgotten
    }
}
