/// Where reading delimited text (RFC 4180, as Python's `csv` reads it) stands between two bytes:
/// the one state machine that both ``RecordScanner`` (where records begin) and ``RecordParser``
/// (a record's fields) follow, so the two always agree where a record ends.
///
/// A quote (`"`, or the dialect's own quote such as LibreOffice's `'`) opens a quoted field
/// only at the start of a field; elsewhere it is text (`a"b`).
/// Inside quotes, separators and line feeds are text and a doubled quote is one quote. Text
/// after a closing quote is kept in the field (`"ab"cd` is `abcd`), and quotes after it are text.
public enum DelimitedState: UInt8, Sendable, Hashable, CaseIterable {
    /// At the start of a field: a quote here opens a quoted field.
    case fieldStart
    /// Inside a field that did not begin with a quote.
    case unquoted
    /// Inside a quoted field.
    case quoted
    /// Just after a quote inside a quoted field: a second quote is a literal quote; anything
    /// else closes the quotes.
    case quoteInQuoted

    /// What one byte does.
    public enum Action: Sendable, Hashable {
        /// The byte is part of the field's text.
        case append
        /// The byte is markup (an opening or closing quote): no text.
        case skip
        /// The byte is a separator: the field ends and the next begins.
        case endField
        /// The byte is the line feed that ends the record.
        case endRecord
    }

    /// The state after `byte` and what the byte is, in text whose fields `separator` ends and
    /// `quote` encloses.
    @inlinable
    public func next(_ byte: UInt8, separator: UInt8, quote: UInt8 = 0x22) -> (state: DelimitedState, action: Action) {
        switch self {
        case .quoted:
            return byte == quote ? (.quoteInQuoted, .skip) : (.quoted, .append)
        case .fieldStart where byte == quote:
            return (.quoted, .skip)
        case .quoteInQuoted where byte == quote:
            return (.quoted, .append)
        case .fieldStart, .unquoted, .quoteInQuoted:
            if byte == separator { return (.fieldStart, .endField) }
            if byte == 0x0A { return (.fieldStart, .endRecord) }
            return (.unquoted, .append)
        }
    }

    /// True where a line feed ends the record.
    @inlinable
    public var endsRecordAtLineFeed: Bool { self != .quoted }
}
