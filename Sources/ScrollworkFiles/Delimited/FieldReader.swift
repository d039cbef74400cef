import Scrollwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds one field of a record in the record's bytes, as ``RecordParser`` would split it, without
/// making the others: what a sort reads a column's keys with. Fields that do not begin with a
/// quote are cut at their separators with `memchr` (a quote inside such a field is text); from
/// the first field that begins with one, ``DelimitedState`` is followed byte by byte, undoing the
/// quotes into a scratch buffer.
struct FieldReader {
    /// The separator.
    let separator: UInt8
    /// The byte that encloses a field.
    let quote: UInt8
    /// The quoted field being read, without its quotes.
    private var scratch: [UInt8] = []

    init(separator: UInt8, quote: UInt8 = 0x22) { (self.separator, self.quote) = DelimitedDialect.usable(separator: separator, quote: quote) }

    /// Calls `body` with field `index` of `record` (a whole record, its line ending included),
    /// or with nil when the record has fewer fields.
    mutating func field<T>(_ index: Int, of record: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
        // Safe: the record's bytes are lent for the call; every offset read is checked against
        // `count` (`memchr` is given what is left past `start`), and a field is lent to `body` as a
        // slice inside them or as the scratch array's bytes.
        guard let base = record.baseAddress, index >= 0 else { return unsafe body(index == 0 ? record : nil) }
        let count = record.count
        var start = 0, field = 0
        while true {
            if start < count, unsafe base[start] == quote { return unsafe quotedField(index, of: record, from: start, field: field, body) }
            let found = unsafe memchr(base + start, Int32(separator), count - start)
            if field == index {
                var end = count
                if let found = unsafe found {
                    end = unsafe UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                } else if end > start, unsafe base[end - 1] == 0x0A {
                    // The last field: its line ending (LF or CRLF) is no text.
                    end -= 1
                    if end > start, unsafe base[end - 1] == 0x0D { end -= 1 }
                }
                return unsafe body(UnsafeBufferPointer(start: base + start, count: end - start))
            }
            guard let found = unsafe found else { return body(nil) }
            start = unsafe UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
            field += 1
        }
    }

    /// The rest of the record from `start`, the beginning of field number `field`, byte by byte.
    private mutating func quotedField<T>(_ index: Int, of record: UnsafeBufferPointer<UInt8>, from start: Int, field: Int,
                                         _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
        scratch.removeAll(keepingCapacity: true)
        var state = DelimitedState.fieldStart
        var current = field
        for i in start..<record.count {
            let byte = unsafe record[i]
            let (after, action) = state.next(byte, separator: separator, quote: quote)
            state = after
            switch action {
            case .append where current == index: scratch.append(byte)
            case .append, .skip: break
            case .endField:
                if current == index { return unsafe scratch.withUnsafeBufferPointer { unsafe body($0) } }
                current += 1
            case .endRecord where i + 1 == record.count:
                if current == index, i > 0, unsafe record[i - 1] == 0x0D, scratch.last == 0x0D { scratch.removeLast() }
            case .endRecord:
                if current == index { scratch.append(byte) }
                state = .unquoted
            }
        }
        return unsafe current == index ? scratch.withUnsafeBufferPointer { unsafe body($0) } : body(nil)
    }
}
