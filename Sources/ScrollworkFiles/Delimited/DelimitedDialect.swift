/// How a delimited text file is written: its separator, the quote that encloses fields holding
/// separators or line breaks, and whether its first record is a header.
public struct DelimitedDialect: Sendable, Hashable {
    /// The byte between fields: `,` for CSV, a tab for TSV, `;` or `|` in some exports. The
    /// quote, a CR or a LF, set here or given to `init`, becomes `,`: those bytes end fields or
    /// records already, and every reader (a row read whole, fields read in place) splits alike.
    public var separator: UInt8 {
        get { usableSeparator }
        set { usableSeparator = Self.usable(separator: newValue, quote: usableQuote).separator }
    }
    private var usableSeparator: UInt8
    /// The byte that encloses a field (a doubled one inside is one): `"`, as RFC 4180 and most
    /// tools write it, or `'`, which LibreOffice offers as its "string delimiter". Any other byte
    /// becomes `"`; a separator equal to the new quote becomes `,`.
    public var quote: UInt8 {
        get { usableQuote }
        set { (usableSeparator, usableQuote) = Self.usable(separator: usableSeparator, quote: newValue) }
    }
    private var usableQuote: UInt8
    /// True when the first record names the columns.
    public var hasHeader: Bool

    /// The quotes a field may be enclosed in: `"` and `'`.
    public static let quotes: [UInt8] = [0x22, 0x27]

    /// True when the records of `sample` split into columns, more than one: a table, not lines
    /// of text. Either most records (four in five) have the first record's number of fields, or
    /// every record has between two fields and the first's number and most (one in two) have one
    /// number: the writers that leave empty fields off a record's end (Debian's distro-info
    /// tables under a nine-field header, most rows six).
    public func splitsIntoColumns(_ sample: [UInt8]) -> Bool {
        let counts = Self.records(in: sample, separator: separator, quote: quote, limit: 50)
            .map { RecordParser.fieldCount(of: $0, separator: separator, quote: quote) }
        guard let first = counts.first, first > 1 else { return false }
        if counts.filter({ $0 == first }).count * 5 >= counts.count * 4 { return true }
        let body = counts.dropFirst()
        guard body.count >= 2, body.allSatisfy({ (2...first).contains($0) }) else { return false }
        let most = Dictionary(grouping: body, by: { $0 }).values.map(\.count).max() ?? 0
        return most * 2 >= body.count
    }

    /// A dialect with `separator` and `quote`, made usable as ``separator`` and ``quote`` say.
    public init(separator: UInt8 = 0x2C, quote: UInt8 = 0x22, hasHeader: Bool = true) {
        (usableSeparator, usableQuote) = Self.usable(separator: separator, quote: quote)
        self.hasHeader = hasHeader
    }

    /// `quote` if it is `"` or `'`, else `"`; and `separator`, or `,` where it is that quote,
    /// a CR or a LF.
    static func usable(separator: UInt8, quote: UInt8) -> (separator: UInt8, quote: UInt8) {
        let quote = quotes.contains(quote) ? quote : 0x22
        let separator = separator == quote || separator == 0x0D || separator == 0x0A ? 0x2C : separator
        return (separator, quote)
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    var trimmingSpaces: Substring {
        let inner = drop { $0 == " " || $0 == "\t" }
        return inner.dropLast(inner.reversed().prefix { $0 == " " || $0 == "\t" }.count)
    }
}
