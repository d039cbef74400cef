import Scrollwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds where the records of delimited text (CSV, TSV) begin, a chunk at a time: a record ends
/// at a line feed outside quotes, as ``DelimitedState`` says, the state machine that
/// ``RecordParser`` splits the record with; the two agree on every input. The state carries across
/// chunks, so chunk boundaries may fall anywhere, inside a quoted field or between the two bytes of
/// a CRLF.
public struct RecordScanner: Sendable, Hashable {
    /// Where reading stands after the bytes scanned so far.
    public private(set) var state = DelimitedState.fieldStart
    /// How many bytes have been scanned.
    public private(set) var scanned: UInt64 = 0
    /// False for text whose records are plain lines (JSON Lines, logs): quotes mean nothing.
    public let quotes: Bool
    /// The byte between fields, which decides whether a quote starts a field.
    public let separator: UInt8
    /// The byte that encloses a field: `"`, or `'` in some exports.
    public let quote: UInt8

    /// True when records are the elements of one JSON array (a `.json` file holding an array of
    /// objects, pretty-printed or not): a record ends after a comma between two elements.
    public let jsonArray: Bool
    /// True when a line of white space alone is no record (JSON Lines, as every reader of it
    /// skips one): it belongs to the record before it, or to the first record at the start.
    public let skipsBlankLines: Bool
    /// Lines skipping blank ones: true once a record holds more than white space.
    private var started = false
    /// Lines skipping blank ones: true after a line feed, until a line holds more than white space.
    private var awaitingContent = true
    /// Lines skipping blank ones: where the next record begins once it holds more than white space.
    private var pendingStart: UInt64 = 0
    /// JSON arrays: how deep in brackets and braces, and where in a string, the scan stands.
    private var depth = 0
    private var inString = false
    private var escaped = false

    /// True while inside a quoted field.
    public var inQuotes: Bool { state == .quoted }

    /// True while inside what must close before the text may end: a quoted field, or for a
    /// JSON array the array itself (or a string in it).
    public var isOpen: Bool { jsonArray ? depth > 0 || inString : state == .quoted }

    /// A scanner at the start of the text; without `quotes` every line feed ends a record.
    /// `separator` and `quote` are made usable as ``DelimitedDialect`` makes them.
    /// `skipsBlankLines` (without `quotes` alone) makes a line of white space no record.
    public init(quotes: Bool = true, separator: UInt8 = 0x2C, quote: UInt8 = 0x22, skipsBlankLines: Bool = false) {
        self.quotes = quotes
        (self.separator, self.quote) = DelimitedDialect.usable(separator: separator, quote: quote)
        jsonArray = false
        self.skipsBlankLines = skipsBlankLines && !quotes
    }

    /// True when the last record's line feed was found and only white space came after it, of
    /// a scanner that skips blank lines: that record is whole, though no record begins after it.
    public var endsAfterWholeRecord: Bool { skipsBlankLines && started && awaitingContent }

    /// False for a scanner that skips blank lines while it has found nothing but white space:
    /// the text holds no record yet.
    public var holdsContent: Bool { !skipsBlankLines || started }

    /// A scanner of a JSON array's elements: each element (with what separates it from the
    /// next) is a record; the array's brackets belong to the first and the last.
    public static func jsonArrayElements() -> RecordScanner { RecordScanner(jsonArray: true) }

    private init(jsonArray: Bool) {
        quotes = false
        skipsBlankLines = false
        separator = 0x2C
        quote = 0x22
        self.jsonArray = jsonArray
    }

    /// An unscanned scanner that reads as this one does.
    public func restarted() -> RecordScanner {
        jsonArray ? .jsonArrayElements() : RecordScanner(quotes: quotes, separator: separator, quote: quote, skipsBlankLines: skipsBlankLines)
    }

    /// Lines, a line of white space alone no record: a record's start is said once its line
    /// holds more than white space (the first record starts at 0, before any blank lines).
    private mutating func scanSkippingBlankLines(_ bytes: UnsafeBufferPointer<UInt8>, recordStart: (UInt64) -> Void) {
        let origin = scanned
        var i = 0
        // Safe: `i` stays below the count wherever a byte is read, and the search for a line
        // feed is given the bytes from `i` to the end.
        while i < bytes.count {
            if awaitingContent {
                let byte = unsafe bytes[i]
                if byte == 0x0A { pendingStart = origin + UInt64(i) + 1 }
                if byte == 0x0A || byte == 0x20 || byte == 0x09 || byte == 0x0D {
                    i += 1
                    continue
                }
                awaitingContent = false
                if started { recordStart(pendingStart) }
                started = true
            }
            guard let base = bytes.baseAddress, let found = unsafe memchr(base + i, 0x0A, bytes.count - i) else { break }
            i = unsafe UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
            awaitingContent = true
            pendingStart = origin + UInt64(i)
        }
        scanned = origin + UInt64(bytes.count)
    }

    /// JSON arrays: a record begins after each comma directly inside the outermost array.
    private mutating func scanJSONArray(_ bytes: UnsafeBufferPointer<UInt8>, recordStart: (UInt64) -> Void) {
        // Safe: `at` and `quote` stay in `base...end` (the bytes and their end): each moves only to
        // a byte `memchr` found before `end` or one past a byte before it, and is read only while
        // below `end`; `quote[-1]` is read only when the quote lies past `at`, so at or after
        // `base`.
        let origin = scanned
        var depth = self.depth, inString = self.inString, escaped = self.escaped
        // Safe: the caller's bytes, read in order inside their count.
        for unsafe (i, byte) in unsafe bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B: depth = depth.addingSaturating(1)
            case 0x5D, 0x7D: depth = depth.subtractingSaturating(1)
            case 0x2C where depth == 1: recordStart(origin + UInt64(i) + 1)
            default: break
            }
        }
        (self.depth, self.inString, self.escaped) = (depth, inString, escaped)
        scanned = origin + UInt64(bytes.count)
    }

    /// Scans `bytes`, the text's next chunk, calling `recordStart` with the offset (from the
    /// start of the text) of each record that begins after a line ending in it.
    ///
    /// The bytes are searched with `memchr`, C's fastest loop, for the next line feed and (with
    /// quotes) the next quote, and only the bytes around a quote are stepped through the state
    /// machine: text without quotes costs one search a line, in any build.
    public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, recordStart: (UInt64) -> Void) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if jsonArray { return unsafe scanJSONArray(bytes, recordStart: recordStart) }
        if skipsBlankLines { return unsafe scanSkippingBlankLines(bytes, recordStart: recordStart) }
        let origin = scanned
        let end = unsafe base + bytes.count
        var at = unsafe base
        var state = quotes ? state : .fieldStart
        let quoteByte = Int32(quote)
        // The next quote at or after `at`, or the end when there is none.
        func nextQuote(from p: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
            guard quotes, unsafe p < end, let q = unsafe memchr(p, quoteByte, end - p) else { return unsafe end }
            return unsafe UnsafePointer(q.assumingMemoryBound(to: UInt8.self))
        }
        var quote = unsafe nextQuote(from: at)
        while unsafe at < end {
            switch state {
            case .quoted:
                // Only the closing quote matters.
                guard unsafe quote < end else { unsafe at = unsafe end; continue }
                state = .quoteInQuoted
                unsafe at = unsafe quote + 1
                unsafe quote = unsafe nextQuote(from: at)
            case .quoteInQuoted:
                // One byte decides: a doubled quote, a separator, a line feed or text after it.
                let (next, action) = unsafe state.next(at.pointee, separator: separator, quote: self.quote)
                if action == .endRecord { unsafe recordStart(origin + UInt64(at + 1 - base)) }
                state = next
                unsafe at += 1
                if unsafe quote < at { unsafe quote = unsafe nextQuote(from: at) }
            case .fieldStart, .unquoted:
                let newline = unsafe memchr(at, 0x0A, end - at).map { unsafe UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) } ?? end
                if unsafe quote < newline {
                    // Between `at` and the quote there is no quote and no line feed: the quote
                    // starts a field only if nothing or a separator comes before it.
                    let startsField = unsafe quote == at ? state == .fieldStart : quote[-1] == separator
                    state = startsField ? .quoted : .unquoted
                    unsafe at = unsafe quote + 1
                    unsafe quote = unsafe nextQuote(from: at)
                } else if unsafe newline < end {
                    unsafe recordStart(origin + UInt64(newline + 1 - base))
                    state = .fieldStart
                    unsafe at = unsafe newline + 1
                } else {
                    // No line feed or quote left: only the last byte decides the state.
                    state = unsafe end[-1] == separator ? .fieldStart : .unquoted
                    unsafe at = unsafe end
                }
            }
        }
        self.state = quotes ? state : .fieldStart
        scanned = origin + UInt64(bytes.count)
    }
}
