#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork

/// Finds text in a file a chunk at a time, off the loop: the offset of the first match at or
/// after an offset, or the last one before it. Lower-case text matches either case in ASCII
/// ("smart case", as `less -i` and many editors do); text with a capital matches exactly.
public struct TextSearch: Sendable, Hashable {
    /// The bytes looked for.
    public let needle: [UInt8]
    /// True when ASCII letters match in either case.
    public let ignoresCase: Bool

    /// A search for `text`; nil for empty text.
    public init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        ignoresCase = !text.contains { $0.isUppercase }
        needle = ignoresCase ? Array(text.utf8).map(Self.lower) : Array(text.utf8)
    }

    @inline(__always)
    static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }

    /// The offset of the first match in `file` at or after `start`, reading `chunkSize` bytes at a
    /// time (clamped to 64 MB, and to twice the needle at least), as many chunks at once as `loop`
    /// runs, at most 64: one a core, so search runs at the speed of memory. `progress` hears the
    /// offset reached after each round and stops the search (nil) by returning false.
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    public func first(in file: FileBytes, from start: UInt64, chunkSize: Int = 8 << 20, concurrently loop: ConcurrentLoop = .serial,
                      progress: (UInt64) -> Bool = { _ in true }) throws(FileError) -> UInt64? {
        // A chunk holds two needles at least and 64 MB at most; at most 64 are read at once.
        let chunk = Swift.max(Swift.min(chunkSize, 64 << 20), needle.count * 2)
        // Chunks overlap by the needle's length less one, so no match straddles two unseen.
        let step = UInt64(chunk - (needle.count - 1))
        // A chunk is read a window at a time into a buffer that stays in the core's own cache,
        // so the bytes `pread` copies are searched before they go out to memory and back. One
        // buffer a piece, reused: a new one a chunk would be faulted in anew.
        let window = Swift.min(chunk, Swift.max(FileBytes.readWindow, needle.count * 2))
        // Safe: one buffer of `window` bytes a core, freed when the search returns; each read fills
        // no more than the prefix it is given, and only what was read is searched.
        let buffers = unsafe (0..<Swift.min(loop.width, 64)).map { _ in UnsafeMutableRawBufferPointer.allocate(byteCount: window, alignment: 64) }
        defer { for unsafe buffer in unsafe buffers { unsafe buffer.deallocate() } }
        let sample = unsafe try file.read(at: start, into: UnsafeMutableRawBufferPointer(rebasing: buffers[0].prefix(64 << 10)))
        let pivot = unsafe pivot(in: UnsafeRawBufferPointer(rebasing: buffers[0].prefix(sample)).bindMemory(to: UInt8.self))
        var at = start
        while true {
            let round = at
            let pieces = unsafe loop.map(buffers.count) { k -> Result<(match: UInt64?, full: Bool), FileError> in
                let (offset, overflow) = round.addingReportingOverflow(UInt64(k) &* step)
                guard !overflow else { return .success((nil, false)) }
                do throws(FileError) {
                    let end = offset.addingReportingOverflow(UInt64(chunk))
                    return unsafe .success(try firstMatch(in: file, chunk: offset..<(end.overflow ? .max : end.partialValue), buffer: buffers[k], pivot: pivot))
                } catch {
                    return .failure(error)
                }
            }
            // A host's loop that left a piece out: that chunk is searched here.
            guard let pieces else { return try first(in: file, from: at, chunkSize: chunkSize, progress: progress) }
            // The pieces lie in file order: the first match of the first piece that has one.
            for piece in pieces {
                switch piece {
                case let .failure(error): throw error
                case let .success(found):
                    if let match = found.match { return match }
                    guard found.full else { return nil }
                }
            }
            // Nothing lies past the last offset a file can have.
            let next = unsafe at.addingReportingOverflow(UInt64(buffers.count) * step)
            guard !next.overflow else { return nil }
            at = next.partialValue
            guard progress(at) else { return nil }
        }
    }

    /// The first match in `file`'s bytes `chunk`, read a `buffer` at a time (windows overlapping by
    /// the needle less one byte), and whether the file holds the whole chunk.
    private func firstMatch(in file: FileBytes, chunk: Range<UInt64>, buffer: UnsafeMutableRawBufferPointer, pivot: Int) throws(FileError) -> (match: UInt64?, full: Bool) {
        let step = UInt64(buffer.count - (needle.count - 1))
        var at = chunk.lowerBound
        while true {
            let want = Int(Swift.min(UInt64(buffer.count), chunk.upperBound - at))
            // Safe: the read fills at most `want` of the buffer, and only the `n` bytes read are
            // searched.
            let n = unsafe try file.read(at: at, into: UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(want)))
            let bytes = unsafe UnsafeRawBufferPointer(rebasing: buffer.prefix(n)).bindMemory(to: UInt8.self)
            if let i = unsafe firstMatch(in: bytes, from: 0, pivot: pivot) { return (at + UInt64(i), true) }
            guard n == want else { return (nil, false) }
            guard at + UInt64(want) < chunk.upperBound else { return (nil, true) }
            at += step
        }
    }

    /// Where in the needle the byte that candidates are found by is: the one (both its cases,
    /// when case is ignored) that `sample`, the text where the search begins, holds least. In a
    /// CSV of codes, "no such flight" is looked for by its "f" or "g", not by an "n" that every
    /// "N123AA" and "NA" would stop at.
    func pivot(in sample: UnsafeBufferPointer<UInt8>) -> Int {
        var counts = [Int](repeating: 0, count: 256)
        // Safe: the sample, read in order inside its count; a byte indexes 256 counts.
        for unsafe byte in unsafe sample { counts[Int(byte)] += 1 }
        func weight(_ j: Int) -> Int {
            let b = needle[j]
            return counts[Int(b)] + (ignoresCase && b >= 0x61 && b <= 0x7A ? counts[Int(b - 0x20)] : 0)
        }
        return needle.indices.min { weight($0) < weight($1) } ?? 0
    }
    /// The offset of the last match in `file` that starts before `end`, reading backwards.
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    public func last(in file: FileBytes, before end: UInt64, chunkSize: Int = 4 << 20,
                     progress: (UInt64) -> Bool = { _ in true }) throws(FileError) -> UInt64? {
        let chunk = UInt64(Swift.max(chunkSize, needle.count * 2))
        // Nothing past the end of the file can match: start there at most.
        let end = Swift.min(end, file.size)
        var stop = end
        while stop > 0 {
            let from = stop > chunk ? stop - chunk : 0
            // Read the needle's length less one past `stop`, so a match starting before it counts.
            let bytes = try file.read(at: from, count: Int(stop - from) + needle.count - 1)
            if let i = matches(in: bytes).last(where: { from + UInt64($0) < end }) { return from + UInt64(i) }
            stop = from
            guard progress(stop) else { return nil }
        }
        return nil
    }

    /// The offsets in `bytes` where the needle starts.
    func matches(in bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        var from = 0
        while let i = firstMatch(in: bytes, from: from) {
            found.append(i)
            from = i + 1
        }
        return found
    }

    /// The first offset at or after `from` in `bytes` where the needle starts, finding
    /// candidates by the needle's byte at `pivot` (clamped to the needle).
    func firstMatch(in bytes: [UInt8], from: Int, pivot: Int = 0) -> Int? {
        // Safe: the bytes are lent for the call.
        unsafe bytes.withUnsafeBufferPointer { unsafe firstMatch(in: $0, from: from, pivot: pivot) }
    }

    /// The first offset at or after `from` in `bytes` where the needle starts. Candidates are
    /// found with `memchr` on the needle's byte at `pivot` (both its cases when case is
    /// ignored), which skips ahead at memory speed; each is then compared whole.
    func firstMatch(in b: UnsafeBufferPointer<UInt8>, from: Int, pivot: Int) -> Int? {
        guard !needle.isEmpty, from >= 0, b.count - from >= needle.count, let base = b.baseAddress else { return nil }
        let p = Swift.min(Swift.max(0, pivot), needle.count - 1)
        let byte = needle[p]
        let upper: UInt8? = ignoresCase && byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : nil
        // Safe: a candidate starts at most at `last`, where the needle still fits in the bytes;
        // `memchr` is given the starts left up to `last`, shifted by the pivot inside the needle; a
        // match is compared inside both.
        return unsafe needle.withUnsafeBufferPointer { n -> Int? in
            // Candidates start from `from` to `last`; their pivot bytes lie `p` further on.
            let last = b.count - n.count
            // The next start at or after `at` whose pivot byte is `c`; past `last`, none.
            func next(_ c: UInt8, from at: Int) -> Int {
                guard at <= last, let q = unsafe memchr(base + at + p, Int32(c), last + 1 - at) else { return last + 1 }
                return unsafe UnsafePointer<UInt8>(q.assumingMemoryBound(to: UInt8.self)) - base - p
            }
            var lowerAt = next(byte, from: from)
            var upperAt = upper.map { next($0, from: from) } ?? last + 1
            while true {
                let i = Swift.min(lowerAt, upperAt)
                guard i <= last else { return nil }
                var j = 0
                while unsafe j < n.count && (ignoresCase ? Self.lower(b[i + j]) : b[i + j]) == n[j] { j += 1 }
                if j == n.count { return i }
                if i == lowerAt { lowerAt = next(byte, from: i + 1) } else { upperAt = next(upper ?? byte, from: i + 1) }
            }
        }
    }
}
