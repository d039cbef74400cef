#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fields of one row as bytes, valid only during the call that hands it over: what a filter
/// over a whole row, a column summary and a save read, with no string made for a field.
public struct FieldList {
    private let spans: UnsafeBufferPointer<FieldSpan>
    private let record: UnsafeBufferPointer<UInt8>
    private let scratch: UnsafeBufferPointer<UInt8>

    init(spans: UnsafeBufferPointer<FieldSpan>, record: UnsafeBufferPointer<UInt8>, scratch: UnsafeBufferPointer<UInt8>) {
        self.spans = spans
        self.record = record
        self.scratch = scratch
    }

    /// The number of fields the row has.
    public var count: Int { spans.count }

    /// Every field as text (invalid UTF-8 as U+FFFD).
    public var strings: [String] {
        spans.indices.map { i in self[i].map { String(decoding: $0, as: UTF8.self) } ?? "" }
    }

    /// Field `i`'s bytes (quotes undone), or nil past the row's last field (or for a negative `i`).
    public subscript(i: Int) -> UnsafeBufferPointer<UInt8>? {
        guard i >= 0, i < spans.count else { return nil }
        let span = spans[i]
        let base = span.inScratch ? scratch : record
        guard let start = base.baseAddress else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start + span.start, count: span.count)
    }
}

/// Where one field's bytes are: in the record itself, or in the scratch buffer its quotes were
/// undone into.
struct FieldSpan {
    var start: Int
    var count: Int
    var inScratch: Bool
}

/// Splits records into a ``FieldList`` as ``RecordParser`` splits them into strings, reusing its
/// buffers from record to record: a record without a quote is cut at its separators with
/// `memchr`; one with a quote follows ``DelimitedState`` byte by byte.
struct FieldSplitter {
    let separator: UInt8
    private var spans: [FieldSpan] = []
    private var scratch: [UInt8] = []

    init(separator: UInt8) { self.separator = separator }

    /// `body` with the fields of `record` (a whole record, its line ending included).
    mutating func withFields<T>(of record: UnsafeBufferPointer<UInt8>, _ body: (FieldList) -> T) -> T {
        spans.removeAll(keepingCapacity: true)
        if let base = record.baseAddress, memchr(base, 0x22, record.count) != nil {
            splitQuoted(record)
        } else {
            splitPlain(record)
        }
        return spans.withUnsafeBufferPointer { spans in
            scratch.withUnsafeBufferPointer { scratch in body(FieldList(spans: spans, record: record, scratch: scratch)) }
        }
    }

    /// `body` with `fields` (a row read whole, such as a JSON object's values) as a list.
    mutating func withFields<T>(_ fields: [String], _ body: (FieldList) -> T) -> T {
        spans.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        for field in fields {
            spans.append(FieldSpan(start: scratch.count, count: field.utf8.count, inScratch: true))
            scratch.append(contentsOf: field.utf8)
        }
        return spans.withUnsafeBufferPointer { spans in
            scratch.withUnsafeBufferPointer { scratch in
                body(FieldList(spans: spans, record: UnsafeBufferPointer(start: nil, count: 0), scratch: scratch))
            }
        }
    }

    private mutating func splitPlain(_ record: UnsafeBufferPointer<UInt8>) {
        guard let base = record.baseAddress else {
            spans.append(FieldSpan(start: 0, count: 0, inScratch: false))
            return
        }
        var end = record.count
        // The line ending (LF or CRLF) is no text.
        if end > 0, base[end - 1] == 0x0A {
            end -= 1
            if end > 0, base[end - 1] == 0x0D { end -= 1 }
        }
        var start = 0
        while let found = memchr(base + start, Int32(separator), end - start) {
            let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            spans.append(FieldSpan(start: start, count: at - start, inScratch: false))
            start = at + 1
        }
        spans.append(FieldSpan(start: start, count: end - start, inScratch: false))
    }

    private mutating func splitQuoted(_ record: UnsafeBufferPointer<UInt8>) {
        scratch.removeAll(keepingCapacity: true)
        var state = DelimitedState.fieldStart
        var fieldStart = 0
        let end = record.count
        for i in 0..<end {
            let byte = record[i]
            let (after, action) = state.next(byte, separator: separator)
            state = after
            switch action {
            case .append: scratch.append(byte)
            case .skip: break
            case .endField:
                spans.append(FieldSpan(start: fieldStart, count: scratch.count - fieldStart, inScratch: true))
                fieldStart = scratch.count
            case .endRecord where i + 1 == end:
                if i > 0, record[i - 1] == 0x0D, scratch.count > fieldStart, scratch.last == 0x0D { scratch.removeLast() }
            case .endRecord:
                scratch.append(byte)
                state = .unquoted
            }
        }
        spans.append(FieldSpan(start: fieldStart, count: scratch.count - fieldStart, inScratch: true))
    }
}
