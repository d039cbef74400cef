#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// time; `progress` hears the offset reached and stops the search (nil) by returning false.
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    public func first(in file: FileBytes, from start: UInt64, chunkSize: Int = 4 << 20,
                      progress: (UInt64) -> Bool = { _ in true }) throws(FileError) -> UInt64? {
        var at = start
        let chunk = Swift.max(chunkSize, needle.count * 2)
        while true {
            let bytes = try file.read(at: at, count: chunk)
            if let i = firstMatch(in: bytes, from: 0) { return at + UInt64(i) }
            guard bytes.count == chunk else { return nil }
            // Chunks overlap by the needle's length less one, so no match straddles two unseen.
            at += UInt64(chunk - (needle.count - 1))
            guard progress(at) else { return nil }
        }
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

    /// The first offset at or after `from` in `bytes` where the needle starts. Candidates are
    /// found with `memchr` on the needle's first byte (both its cases when case is ignored), which
    /// skips ahead at memory speed; each is then compared whole.
    func firstMatch(in bytes: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, from >= 0, bytes.count - from >= needle.count else { return nil }
        let upper: UInt8? = ignoresCase && first >= 0x61 && first <= 0x7A ? first - 0x20 : nil
        return bytes.withUnsafeBufferPointer { b -> Int? in
            needle.withUnsafeBufferPointer { n -> Int? in
                guard let base = b.baseAddress else { return nil }
                let last = b.count - n.count
                // The next place each case of the first byte occurs from `at`; past `last`, none.
                func next(_ byte: UInt8, from at: Int) -> Int {
                    guard at <= last, let p = memchr(base + at, Int32(byte), last + 1 - at) else { return last + 1 }
                    return UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
                }
                var lowerAt = next(first, from: from)
                var upperAt = upper.map { next($0, from: from) } ?? last + 1
                while true {
                    let i = Swift.min(lowerAt, upperAt)
                    guard i <= last else { return nil }
                    var j = 1
                    while j < n.count && (ignoresCase ? Self.lower(b[i + j]) : b[i + j]) == n[j] { j += 1 }
                    if j == n.count { return i }
                    if i == lowerAt { lowerAt = next(first, from: i + 1) } else { upperAt = next(upper ?? first, from: i + 1) }
                }
            }
        }
    }
}
