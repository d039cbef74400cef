#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds where the records of delimited text (CSV, TSV) begin, a chunk at a time: a record ends
/// at a line feed outside quotes (RFC 4180: a quoted field may hold separators, doubled quotes
/// and line breaks). The state carries across chunks, so chunk boundaries may fall anywhere,
/// inside a quoted field or between the two bytes of a CRLF.
public struct RecordScanner: Sendable, Hashable {
    /// True while inside a quoted field.
    public private(set) var inQuotes = false
    /// How many bytes have been scanned.
    public private(set) var scanned: UInt64 = 0
    /// False for text whose records are plain lines (JSON Lines, logs): quotes mean nothing.
    public let quotes: Bool

    /// A scanner at the start of the text; without `quotes` every line feed ends a record.
    public init(quotes: Bool = true) { self.quotes = quotes }

    /// Scans `bytes`, the text's next chunk, calling `recordStart` with the offset (from the
    /// start of the text) of each record that begins after a line ending in it.
    ///
    /// The bytes are searched with `memchr`, C's fastest loop, for the next line feed and (with
    /// quotes) the next quote: text without quotes costs one search a line, in any build.
    public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, recordStart: (UInt64) -> Void) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let origin = scanned
        let end = base + bytes.count
        var at = base
        var quoted = inQuotes
        // The next quote at or after `at`, or the end when there is none.
        func nextQuote(from p: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
            guard quotes, let q = memchr(p, 0x22, end - p) else { return end }
            return UnsafePointer(q.assumingMemoryBound(to: UInt8.self))
        }
        var quote = nextQuote(from: at)
        while at < end {
            if quoted {
                // Inside quotes only the closing quote matters (a doubled one reopens at once).
                guard quote < end else { break }
                quoted = false
                at = quote + 1
                quote = nextQuote(from: at)
                continue
            }
            guard let found = memchr(at, 0x0A, end - at) else {
                // No more line feeds: only whether a quote opens matters.
                var q = quote
                while q < end { quoted.toggle(); q = nextQuote(from: q + 1) }
                at = end
                break
            }
            let newline = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            if quote < newline {
                quoted = true
                at = quote + 1
                quote = nextQuote(from: at)
                continue
            }
            recordStart(origin + UInt64(newline - base) + 1)
            at = newline + 1
        }
        inQuotes = quoted
        scanned = origin + UInt64(bytes.count)
    }
}
