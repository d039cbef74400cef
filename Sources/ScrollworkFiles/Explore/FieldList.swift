#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fields of one row as bytes, valid only during the call that hands it over: what a filter
/// over a whole row, a column summary and a save read, with no string made for a field.
///
/// Unsafe to keep: its bytes are lent, and a list kept past the call that gave it would read
/// memory that is gone. Every read is checked against the row's fields.
@unsafe public struct FieldList {
    private let spans: UnsafeBufferPointer<FieldSpan>
    private let record: UnsafeBufferPointer<UInt8>
    private let scratch: UnsafeBufferPointer<UInt8>

    init(spans: UnsafeBufferPointer<FieldSpan>, record: UnsafeBufferPointer<UInt8>, scratch: UnsafeBufferPointer<UInt8>) {
        unsafe self.spans = unsafe spans
        unsafe self.record = unsafe record
        unsafe self.scratch = unsafe scratch
    }

    /// The number of fields the row has.
    public var count: Int { unsafe spans.count }

    /// Every field as text (invalid UTF-8 as U+FFFD).
    public var strings: [String] {
        unsafe spans.indices.map { i in unsafe self[i].map { unsafe String(decoding: $0, as: UTF8.self) } ?? "" }
    }

    /// Field `i`'s bytes (quotes undone), or nil past the row's last field (or for a negative
    /// `i`) and for a null of rows whose source marks its nulls.
    public subscript(i: Int) -> UnsafeBufferPointer<UInt8>? {
        // Safe while the list is (inside the call that lent it): `i` is checked against the spans,
        // and each span was cut inside the record or the scratch bytes it names.
        guard i >= 0, unsafe i < spans.count else { return nil }
        let span = unsafe spans[i]
        guard span.count >= 0 else { return nil }
        let base = unsafe span.inScratch ? scratch : record
        guard let start = base.baseAddress else { return unsafe UnsafeBufferPointer(start: nil, count: 0) }
        return unsafe UnsafeBufferPointer(start: start + span.start, count: span.count)
    }

    /// True when field `i` is text by its source's own types (a JSON string): a number spelled
    /// in it (`"12"`) is text, not a number. False past the row's fields.
    public func isText(_ i: Int) -> Bool { unsafe written(i) == .text }

    /// True when field `i` is a value its source wrote as one of its own (a JSON number,
    /// `true`, `false`, an array or an object): JSON Lines writes it as it is. False past the
    /// row's fields.
    public func isLiteral(_ i: Int) -> Bool { unsafe written(i) == .literal }

    /// How the source wrote field `i` (``FieldSpan/Written/unknown`` past the row's fields).
    func written(_ i: Int) -> FieldSpan.Written {
        guard i >= 0, unsafe i < spans.count else { return .unknown }
        return unsafe spans[i].written
    }
}

/// Where one field's bytes are: in the record itself, or in the scratch buffer its quotes were
/// undone into.
struct FieldSpan {
    var start: Int
    /// The field's length; below 0 for a null (rows whose source marks its nulls).
    var count: Int
    var inScratch: Bool
    /// How the source wrote the value, where it has types of its own (JSON).
    var written = Written.unknown

    /// How a source with types of its own wrote a value.
    enum Written: UInt8 {
        /// By a source without types of its own (delimited text): the text says.
        case unknown
        /// As text (a JSON string): ``FieldList/isText(_:)``.
        case text
        /// As a value of the format's own (a JSON number, boolean, array or object):
        /// ``FieldList/isLiteral(_:)``.
        case literal

        /// How a value of a column of type `kind` is written (`holdsJSON`: a nested value,
        /// shown as its JSON): text, bytes as hex, dates and times as text (a string that
        /// spells a number, "0042" or the hex "616263", is still text to a summary and a save);
        /// a boolean and a nested value as JSON's own (`true`, `[1,2]`: a JSON Lines save
        /// writes them so, not as strings); numbers, and a column of no declared type, as
        /// the digits say.
        init(declared kind: ParquetColumnKind?, holdsJSON: Bool) {
            guard !holdsJSON else {
                self = .literal
                return
            }
            switch kind {
            case .boolean?: self = .literal
            case .text?, .binary?, .date?, .time?, .timestamp?: self = .text
            case nil, .integer?, .real?, .fixedWidthInteger?, .float?, .decimal?: self = .unknown
            }
        }
    }

    /// A null's span, read as no field.
    static var null: FieldSpan { FieldSpan(start: 0, count: -1, inScratch: false) }
}

/// Splits records into a ``FieldList`` as ``RecordParser`` splits them into strings, reusing its
/// buffers from record to record: a record without a quote is cut at its separators found eight
/// bytes at a time, in the pass that looks for quotes; one with a quote follows ``DelimitedState`` byte by byte.
struct FieldSplitter {
    let separator: UInt8
    /// The byte that encloses a field.
    let quote: UInt8
    private var spans: [FieldSpan] = []
    private var scratch: [UInt8] = []

    init(separator: UInt8, quote: UInt8 = 0x22) { (self.separator, self.quote) = DelimitedDialect.usable(separator: separator, quote: quote) }

    /// `body` with the fields of `record` (a whole record, its line ending included).
    mutating func withFields<T>(of record: UnsafeBufferPointer<UInt8>, _ body: (FieldList) -> T) -> T {
        spans.removeAll(keepingCapacity: true)
        if unsafe !splitPlain(record) {
            spans.removeAll(keepingCapacity: true)
            unsafe splitQuoted(record)
        }
        // Safe: the spans and scratch bytes are lent with the record for the body's call only, and
        // the list made of them is handed to it for that call.
        return unsafe spans.withUnsafeBufferPointer { spans in
            unsafe scratch.withUnsafeBufferPointer { scratch in unsafe body(FieldList(spans: spans, record: record, scratch: scratch)) }
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
        return unsafe spans.withUnsafeBufferPointer { spans in
            unsafe scratch.withUnsafeBufferPointer { scratch in
                unsafe body(FieldList(spans: spans, record: UnsafeBufferPointer(start: nil, count: 0), scratch: scratch))
            }
        }
    }

    /// `body` with the fields of `record` read whole, its nulls (a JSON `null`) as no field, its
    /// texts and literals (a JSON string, number, boolean, array or object) marked so.
    mutating func withFields<T>(of record: DelimitedRecord, _ body: (FieldList) -> T) -> T {
        guard !record.nulls.isEmpty || !record.texts.isEmpty || !record.literals.isEmpty else { return unsafe withFields(record.fields, body) }
        return unsafe withFields(count: record.fields.count, { record.nulls.contains($0) ? nil : ArraySlice(record.fields[$0].utf8) },
                                 written: { record.texts.contains($0) ? .text : record.literals.contains($0) ? .literal : .unknown }, unsafe body)
    }

    /// `body` with `count` fields, field `k` the bytes `field(k)` gives (nil: a null), copied
    /// into one buffer: a row kept a column at a time.
    /// `written(k)` says how the source wrote field `k`, where it has types of its own.
    mutating func withFields<T>(count: Int, _ field: (Int) -> ArraySlice<UInt8>?, written: (Int) -> FieldSpan.Written = { _ in .unknown },
                                _ body: (FieldList) -> T) -> T {
        spans.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        for k in 0..<Swift.max(0, count) {
            guard let bytes = field(k) else {
                spans.append(.null)
                continue
            }
            spans.append(FieldSpan(start: scratch.count, count: bytes.count, inScratch: true, written: written(k)))
            scratch += bytes
        }
        return unsafe spans.withUnsafeBufferPointer { spans in
            unsafe scratch.withUnsafeBufferPointer { scratch in
                unsafe body(FieldList(spans: spans, record: UnsafeBufferPointer(start: nil, count: 0), scratch: scratch))
            }
        }
    }

    /// Cuts `record` at its separators; false, with the spans half made, when it holds a quote.
    private mutating func splitPlain(_ record: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = record.baseAddress else {
            spans.append(FieldSpan(start: 0, count: 0, inScratch: false))
            return true
        }
        var end = record.count
        // The line ending (LF or CRLF) is no text.
        // Safe: `end` is at most the record's count; a word is loaded only while `i + 8 <= end`, a
        // byte only while `i < end`, and every span cut lies below `end`.
        if end > 0, unsafe base[end - 1] == 0x0A {
            end -= 1
            if end > 0, unsafe base[end - 1] == 0x0D { end -= 1 }
        }
        // Fields are a few bytes long, so a `memchr` a field costs more in calls than it finds:
        // eight bytes are tested at once instead, each separator (or quote) in them marked by its
        // top bit, in the one pass that also finds whether the record needs its quotes undone.
        let raw = unsafe UnsafeRawPointer(base)
        let pattern = UInt64(separator) &* 0x0101_0101_0101_0101
        let quotes = UInt64(quote) &* 0x0101_0101_0101_0101
        let low7: UInt64 = 0x7f7f_7f7f_7f7f_7f7f
        var start = 0
        var i = 0
        while i + 8 <= end {
            let word = unsafe UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            // A byte of x is zero exactly where the separator is; no carry crosses bytes.
            let x = word ^ pattern, q = word ^ quotes
            guard ~(((q & low7) &+ low7) | q | low7) == 0 else { return false }
            var found = ~(((x & low7) &+ low7) | x | low7)
            while found != 0 {
                let at = i + found.trailingZeroBitCount >> 3
                spans.append(FieldSpan(start: start, count: at - start, inScratch: false))
                start = at + 1
                found &= found &- 1
            }
            i += 8
        }
        while i < end {
            if unsafe base[i] == quote { return false }
            if unsafe base[i] == separator {
                spans.append(FieldSpan(start: start, count: i - start, inScratch: false))
                start = i + 1
            }
            i += 1
        }
        spans.append(FieldSpan(start: start, count: end - start, inScratch: false))
        return true
    }

    private mutating func splitQuoted(_ record: UnsafeBufferPointer<UInt8>) {
        scratch.removeAll(keepingCapacity: true)
        var state = DelimitedState.fieldStart
        var fieldStart = 0
        let end = record.count
        for i in 0..<end {
            // Safe: `i` runs below the record's count; the byte before it is read only when `i >
            // 0`.
            let byte = unsafe record[i]
            let (after, action) = state.next(byte, separator: separator, quote: quote)
            state = after
            switch action {
            case .append: scratch.append(byte)
            case .skip: break
            case .endField:
                spans.append(FieldSpan(start: fieldStart, count: scratch.count - fieldStart, inScratch: true))
                fieldStart = scratch.count
            case .endRecord where i + 1 == end:
                if i > 0, unsafe record[i - 1] == 0x0D, scratch.count > fieldStart, scratch.last == 0x0D { scratch.removeLast() }
            case .endRecord:
                scratch.append(byte)
                state = .unquoted
            }
        }
        spans.append(FieldSpan(start: fieldStart, count: scratch.count - fieldStart, inScratch: true))
    }
}
