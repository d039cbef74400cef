#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// bzip2 streams decoded a block at a time, two blocks at once on two cores: what the first
/// pass over a bzip2 file reads with (libbz2 alone decodes a stream in order on one core).
///
/// It finds each block's start and each stream's end by their 48-bit magics at any bit, keeps
/// the compressed bytes from the block being decoded on, and decodes a block once the next
/// marker shows where it ends (``Bzip2Block``). Each block's text is given only once its CRC
/// has passed, and a stream ends only once its own check (its blocks' CRCs combined) has too, so
/// that no text of a damaged block is ever read. A step's text never runs from one block into
/// the next, and ``startedBlock`` says where the block a step's text begins is: a checkpoint.
/// A magic that turns up by chance inside a block's data cuts it short; the block then fails to
/// decode and is decoded again up to the marker after (up to ``Bzip2Block/longestBits``).
final class Bzip2BlockDecoder: Decompressor {
    private let library: Bzip2Library

    /// The compressed bytes from `base` on, all that was taken.
    private var buffer: [UInt8] = []
    private var base: UInt64 = 0
    /// Where the next thing begins, in bits of the file: a stream's header, a block or an end.
    private var position: UInt64 = 0
    private var inHeader = true
    /// The markers found from ``position`` on (bit, and whether it ends a stream), in order.
    private var markers: [(bit: UInt64, ends: Bool)] = []
    /// Bits looked at for markers, and the last 64 of them.
    private var scanned: UInt64 = 0
    private var recent: UInt64 = 0
    /// The blocks decoded and not yet all given, and how much of the first is given.
    private var ready: [(start: UInt64, text: [UInt8], crc: UInt32)] = []
    private var given = 0
    /// The stream's check so far, from the CRCs of its blocks given.
    private var streamCRC: UInt32 = 0

    /// Where the block whose text the last step began is (its first bit); nil when the step
    /// began no block's text.
    private(set) var startedBlock: UInt64? = nil

    /// A decoder from a file's first byte; nil when the library refuses to start.
    init?(library: Bzip2Library) {
        guard Bzip2Decompressor(library: library) != nil else { return nil }
        self.library = library
    }

    private var taken: UInt64 { base + UInt64(buffer.count) }

    // Safe: `input` and `output` are lent for the call, and `give` and `take` stay inside their
    // counts (below).
    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> DecompressionStep {
        startedBlock = nil
        if let produced = unsafe give(into: output) { return .progress(consumed: 0, produced: produced) }
        let consumed = unsafe take(input)
        while true {
            if inHeader {
                // "BZh" and a block size, each byte checked as soon as it has come.
                let at = Int(position / 8 - base), header = buffer[at...].prefix(4)
                for (i, byte) in header.enumerated() where i < 3 ? byte != Array("BZh".utf8)[i] : !(0x31...0x39).contains(byte) {
                    return .damaged("not bzip2 data")
                }
                guard header.count == 4 else { return .progress(consumed: consumed, produced: 0) }
                position += 32
                inHeader = false
                streamCRC = 0
                continue
            }
            guard let next = markers.first else {
                // Nothing where a block or an end must begin, though its magic would be seen.
                if scanned >= position + 48 { return .damaged("not bzip2 data where a block begins") }
                return .progress(consumed: consumed, produced: 0)
            }
            guard next.bit == position else { return .damaged("not bzip2 data where a block begins") }
            if next.ends {
                guard taken * 8 >= position + 80 else { return .progress(consumed: consumed, produced: 0) }
                let stored = UInt32(read(at: position + 48, bits: 32))
                guard stored == streamCRC else { return .damaged("the stream's check failed") }
                markers.removeFirst()
                position = (position + 80 + 7) / 8 * 8
                inHeader = true
                forgetPassed()
                return .memberEnded(consumed: consumed, produced: 0)
            }
            // Blocks whose end is seen, at most two; the next marker may be a chance one.
            let complete = markers.count - 1
            if complete == 0 && taken * 8 - position > Bzip2Block.longestBits {
                // No block is this long: the bytes are no bzip2 data, and are not held waiting for an end.
                return .damaged("the block at compressed byte \(position / 8) runs on past where any block ends")
            }
            let atEnd = input.count == 0 || consumed < input.count
            guard complete >= 2 || (complete == 1 && (markers[1].ends || atEnd)) else {
                return .progress(consumed: consumed, produced: 0)
            }
            if let failure = decode(Swift.min(complete, 2)) { return .damaged(failure) }
            if !ready.isEmpty { return unsafe .progress(consumed: consumed, produced: give(into: output) ?? 0) }
        }
    }

    /// Gives text of the first ready block into `output`, none of the next; nil when none is ready.
    private func give(into output: UnsafeMutableRawBufferPointer) -> Int? {
        guard let first = ready.first, output.count > 0 else { return nil }
        if given == 0 {
            startedBlock = first.start
            streamCRC = (streamCRC << 1 | streamCRC >> 31) ^ first.crc
        }
        let count = Swift.min(output.count, first.text.count - given)
        // Safe: `count` is at most the output's room and what is left of the text past `given`.
        unsafe first.text.withUnsafeBytes { unsafe output.baseAddress!.copyMemory(from: $0.baseAddress! + given, byteCount: count) }
        given += count
        if given == first.text.count {
            ready.removeFirst()
            given = 0
        }
        return count
    }

    /// Takes `input` (the file's bytes from ``taken`` on) and looks for markers in it; how many
    /// bytes it took. None past the first stream end seen: the next stream is taken after it ends.
    private func take(_ input: UnsafeRawBufferPointer) -> Int {
        var took = 0
        var limit = markers.first(where: { $0.ends }).map { $0.bit + 80 }
        // Safe: the input is lent for the call, read in order and kept only as far as `took`, which
        // counts the bytes read.
        for unsafe byte in unsafe input {
            if let limit, (taken + UInt64(took)) * 8 >= limit { break }
            took += 1
            recent = recent << 8 | UInt64(byte)
            scanned += 8
            guard scanned >= 48 else { continue }
            // A 48-bit magic ends somewhere in this byte: eight places to look, the earliest first.
            for shift in (0..<8).reversed() {
                let window = (recent >> UInt64(shift)) & 0xFFFF_FFFF_FFFF
                guard window == Bzip2Block.blockMagic || window == Bzip2Block.endMagic else { continue }
                let bit = scanned - UInt64(shift) - 48
                guard bit >= position else { continue }
                let ends = window == Bzip2Block.endMagic
                markers.append((bit, ends))
                if ends && limit == nil { limit = bit + 80 }
            }
        }
        unsafe buffer.append(contentsOf: input[..<took])
        return took
    }

    /// Decodes the first `count` complete blocks (the second on another thread); the reason
    /// when the first cannot be decoded even taken to the markers after its end.
    private func decode(_ count: Int) -> String? {
        let bytes = buffer, offset = base * 8
        func range(_ i: Int) -> Range<UInt64> { (markers[i].bit - offset)..<(markers[i + 1].bit - offset) }
        var second: (thread: pthread_t, result: BlockResult)? = nil
        if count == 2 {
            let result = BlockResult(), bits = range(1), library = library
            if let thread = ThreadBody.spawn({ result.set(Bzip2Block.decode(bytes, bits: bits, library: library)) }) {
                second = (thread, result)
            }
        }
        let first = Bzip2Block.decode(bytes, bits: range(0), library: library)
        var outcomes = [first]
        if let second {
            pthread_join(second.thread, nil)
            if let outcome = second.result.value { outcomes.append(outcome) }
        }
        for outcome in outcomes {
            guard case let .text(text) = outcome else { break }
            let start = markers.removeFirst().bit
            ready.append((start, text, UInt32(read(at: start + 48, bits: 32))))
            position = markers[0].bit
        }
        forgetPassed()
        guard ready.isEmpty, case let .failed(message) = first else { return nil }
        // The block's end may be a chance magic inside it: take it to the next marker.
        guard markers.count > 2, markers[2].bit - markers[0].bit <= Bzip2Block.longestBits else {
            return "the block at compressed byte \(markers[0].bit / 8) does not decode: \(message)"
        }
        markers.remove(at: 1)
        return nil
    }

    /// Drops the bytes before ``position``, a megabyte or more of them at a time.
    private func forgetPassed() {
        let passed = Int(position / 8 - base)
        guard passed >= 1 << 20 || passed == buffer.count else { return }
        buffer.removeFirst(passed)
        base += UInt64(passed)
    }

    /// The `count` bits of the file from bit `at` (taken, and not yet forgotten).
    private func read(at: UInt64, bits count: Int) -> UInt64 {
        Bzip2Block.read(buffer, at: at - base * 8, bits: count)
    }
}

/// What a block decoded on another thread gave.
private final class BlockResult: Sendable {
    private let outcome = Locked<Bzip2Block.Outcome?>(nil)

    func set(_ value: Bzip2Block.Outcome) { outcome.withLock { $0 = value } }
    var value: Bzip2Block.Outcome? { outcome.withLock { $0 } }
}
