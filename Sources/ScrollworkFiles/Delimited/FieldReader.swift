import Scrollwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds one field of a record in the record's bytes, as ``RecordParser`` would split it, without
/// making the others: what a sort reads a column's keys with. A record without quotes is cut at
/// its separators with `memchr`; one with quotes follows ``DelimitedState`` byte by byte, undoing
/// the quotes into a scratch buffer.
struct FieldReader {
    /// The separator.
    let separator: UInt8
    /// The quoted field being read, without its quotes.
    private var scratch: [UInt8] = []

    init(separator: UInt8) { self.separator = separator }

    /// Calls `body` with field `index` of `record` (a whole record, its line ending included),
    /// or with nil when the record has fewer fields.
    mutating func field<T>(_ index: Int, of record: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
        guard let base = record.baseAddress, index >= 0 else { return body(index == 0 ? record : nil) }
        if memchr(base, 0x22, record.count) == nil { return unquotedField(index, of: record, base: base, body) }
        return quotedField(index, of: record, body)
    }

    private func unquotedField<T>(_ index: Int, of record: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>,
                                  _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
        var start = 0
        for _ in 0..<index {
            guard let found = memchr(base + start, Int32(separator), record.count - start) else { return body(nil) }
            start = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
        }
        var end = record.count
        if let found = memchr(base + start, Int32(separator), end - start) {
            end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
        } else if end > start, record[end - 1] == 0x0A {
            // The last field: its line ending (LF or CRLF) is no text.
            end -= 1
            if end > start, record[end - 1] == 0x0D { end -= 1 }
        }
        return body(UnsafeBufferPointer(rebasing: record[start..<end]))
    }

    private mutating func quotedField<T>(_ index: Int, of record: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
        scratch.removeAll(keepingCapacity: true)
        var state = DelimitedState.fieldStart
        var current = 0
        for i in 0..<record.count {
            let byte = record[i]
            let (after, action) = state.next(byte, separator: separator)
            state = after
            switch action {
            case .append where current == index: scratch.append(byte)
            case .append, .skip: break
            case .endField:
                if current == index { return scratch.withUnsafeBufferPointer { body($0) } }
                current += 1
            case .endRecord where i + 1 == record.count:
                if current == index, i > 0, record[i - 1] == 0x0D, scratch.last == 0x0D { scratch.removeLast() }
            case .endRecord:
                if current == index { scratch.append(byte) }
                state = .unquoted
            }
        }
        return current == index ? scratch.withUnsafeBufferPointer { body($0) } : body(nil)
    }
}
