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
    public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, recordStart: (UInt64) -> Void) {
        var quoted = inQuotes
        let base = scanned
        for (i, byte) in bytes.enumerated() {
            if byte == 0x22 && quotes {
                // A doubled quote inside a quoted field toggles twice: no change, as it should be.
                quoted.toggle()
            } else if byte == 0x0A && !quoted {
                recordStart(base + UInt64(i) + 1)
            }
        }
        inQuotes = quoted
        scanned = base + UInt64(bytes.count)
    }
}
