/// Splits one record of delimited text into its fields, by RFC 4180: fields are separated by
/// the separator; a field in double quotes may hold separators, line breaks and doubled quotes
/// (one quote each); the record's line ending (LF or CRLF) is not part of its last field.
///
/// Whatever the bytes, the result is fields: invalid UTF-8 becomes U+FFFD in its field, and the
/// rest of the record's bytes are kept; a quote that opens a field but never closes runs to the
/// end of the record, and text after a closing quote is kept in the field.
public enum RecordParser {
    /// The fields of `record`.
    public static func fields(of record: UnsafeBufferPointer<UInt8>, separator: UInt8) -> [String] {
        var end = record.count
        if end > 0 && record[end - 1] == 0x0A { end -= 1 }
        if end > 0 && record[end - 1] == 0x0D { end -= 1 }
        var fields: [String] = []
        var field: [UInt8] = []
        var i = 0
        var startOfField = true
        var quoted = false
        while i < end {
            let byte = record[i]
            if quoted {
                if byte == 0x22 {
                    if i + 1 < end && record[i + 1] == 0x22 {
                        field.append(0x22)
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
            } else if byte == separator {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                startOfField = true
                i += 1
                continue
            } else if byte == 0x22 && startOfField {
                quoted = true
            } else {
                field.append(byte)
            }
            startOfField = false
            i += 1
        }
        fields.append(String(decoding: field, as: UTF8.self))
        return fields
    }

    /// The fields of `record`, for bytes at hand in an array.
    public static func fields(of record: [UInt8], separator: UInt8) -> [String] {
        record.withUnsafeBufferPointer { fields(of: $0, separator: separator) }
    }
}
