/// Splits one record of delimited text into its fields with the state machine
/// ``DelimitedState``, which ``RecordScanner`` follows to find the record: fields are separated
/// by the separator; a field that begins with the quote (`"` unless the dialect says `'`) may hold separators, line breaks and
/// doubled quotes (one quote each); the record's line ending (LF or CRLF) is not part of its last
/// field.
///
/// Whatever the bytes, the result is fields: invalid UTF-8 becomes U+FFFD in its field, and no
/// byte of text is dropped: a quote that opens a field but never closes runs to the end of the
/// record, text after a closing quote is kept in the field, and a line feed that would end the
/// record before its last byte (bytes that are more than one record) is kept as text.
public enum RecordParser {
    /// The fields of `record`, `quote` enclosing fields; a quote, CR or LF as the `separator`
    /// counts as `,`, and a quote other than `"` or `'` as `"`, as ``DelimitedDialect`` makes them.
    public static func fields(of record: UnsafeBufferPointer<UInt8>, separator: UInt8, quote: UInt8 = 0x22) -> [String] {
        let (separator, quote) = DelimitedDialect.usable(separator: separator, quote: quote)
        var fields: [String] = []
        var field: [UInt8] = []
        var state = DelimitedState.fieldStart
        var i = 0
        let end = record.count
        while i < end {
            // Safe: `i` runs below the record's count; the byte before it is read only when `i >
            // 0`.
            let byte = unsafe record[i]
            let (after, action) = state.next(byte, separator: separator, quote: quote)
            state = after
            switch action {
            case .append:
                field.append(byte)
            case .skip:
                break
            case .endField:
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case .endRecord where i + 1 == end:
                // The line ending is no text; a CR before the LF, outside quotes, is part of it.
                if i > 0, unsafe record[i - 1] == 0x0D, field.last == 0x0D { field.removeLast() }
            case .endRecord:
                field.append(byte)
                state = .unquoted
            }
            i += 1
        }
        fields.append(String(decoding: field, as: UTF8.self))
        return fields
    }

    /// How many fields `record` has, as ``fields(of:separator:quote:)-(UnsafeBufferPointer<UInt8>,_,_)``
    /// splits it, without making them: what a dialect's guess compares for each separator tried.
    public static func fieldCount(of record: [UInt8], separator: UInt8, quote: UInt8 = 0x22) -> Int {
        let (separator, quote) = DelimitedDialect.usable(separator: separator, quote: quote)
        var count = 1
        var state = DelimitedState.fieldStart
        for (i, byte) in record.enumerated() {
            let (after, action) = state.next(byte, separator: separator, quote: quote)
            state = after
            switch action {
            case .endField: count += 1
            case .endRecord where i + 1 < record.count: state = .unquoted
            default: break
            }
        }
        return count
    }

    /// The fields of `record`, for bytes at hand in an array.
    public static func fields(of record: [UInt8], separator: UInt8, quote: UInt8 = 0x22) -> [String] {
        // Safe: the record is lent for the call.
        unsafe record.withUnsafeBufferPointer { unsafe fields(of: $0, separator: separator, quote: quote) }
    }
}
