/// How a delimited text file is written: its separator and whether its first record is a header.
public struct DelimitedDialect: Sendable, Hashable {
    /// The byte between fields: `,` for CSV, a tab for TSV, `;` or `|` in some exports. A
    /// quote, CR or LF, set here or given to `init`, becomes `,`: those bytes end fields or
    /// records already, and every reader (a row read whole, fields read in place) splits alike.
    public var separator: UInt8 {
        get { usableSeparator }
        set { usableSeparator = Self.usable(newValue) }
    }
    private var usableSeparator: UInt8
    /// True when the first record names the columns.
    public var hasHeader: Bool

    /// True when most records of `sample` (four in five) split into the same number of fields,
    /// more than one: a table, not lines of text.
    public func splitsIntoColumns(_ sample: [UInt8]) -> Bool {
        let counts = Self.records(in: sample, separator: separator, limit: 50).map { RecordParser.fieldCount(of: $0, separator: separator) }
        guard let first = counts.first, first > 1 else { return false }
        return counts.filter { $0 == first }.count * 5 >= counts.count * 4
    }

    /// A dialect with `separator` (a byte other than a quote, CR or LF; those become `,`).
    public init(separator: UInt8 = 0x2C, hasHeader: Bool = true) {
        usableSeparator = Self.usable(separator)
        self.hasHeader = hasHeader
    }

    /// `separator`, or `,` for a quote, CR or LF.
    static func usable(_ separator: UInt8) -> UInt8 {
        separator == 0x22 || separator == 0x0D || separator == 0x0A ? 0x2C : separator
    }

    /// The separators a sample is tried with, most likely first.
    public static let candidates: [UInt8] = [0x2C, 0x09, 0x3B, 0x7C]

    /// The dialect a sample of the file's first bytes suggests, as table viewers guess it: the
    /// separator that splits the sampled records into the same number of fields (more than one)
    /// most often, ties going to the one tried first (the name's hint, then `,`, tab, `;` and
    /// `|`, in ``candidates``' order); and a header when the first record has no
    /// number in it while a column below it holds numbers, or when its fields are all distinct
    /// and none is empty. A sample with one field a record reads as one column.
    ///
    /// - Parameters:
    ///   - sample: the file's first bytes (64 KB is plenty).
    ///   - hint: the file's name extension, if any: `tsv` and `tab` prefer tabs, `csv` commas and
    ///     `psv` pipes, when another separator splits the records as well.
    public static func detect(sample: [UInt8], hint: String? = nil) -> DelimitedDialect {
        // The name's hint first: a tie goes to the separator tried first.
        let hinted: UInt8? = switch hint?.lowercased() {
        case "tsv", "tab": 0x09
        case "csv": 0x2C
        case "psv": 0x7C
        default: nil
        }
        let order = hinted.map { h in [h] + candidates.filter { $0 != h } } ?? candidates
        var best: (separator: UInt8, score: Int, fields: Int) = (order[0], 0, 1)
        for separator in order {
            let counts = Self.records(in: sample, separator: separator, limit: 50).map { RecordParser.fieldCount(of: $0, separator: separator) }
            guard let first = counts.first, first > 1 else { continue }
            let agreeing = counts.filter { $0 == first }.count
            if agreeing > best.score { best = (separator, agreeing, first) }
        }
        let separator = best.separator
        let rows = Self.records(in: sample, separator: separator, limit: 50).map { RecordParser.fields(of: $0, separator: separator) }
        guard let head = rows.first else { return DelimitedDialect(separator: separator, hasHeader: false) }
        let numeric = { (s: String) -> Bool in Double(s.trimmingSpaces) != nil }
        let headHasNumbers = head.contains(where: numeric)
        let numbersBelow = head.indices.contains { c in rows.dropFirst().contains { $0.indices.contains(c) && numeric($0[c]) } }
        let distinct = Set(head).count == head.count && !head.contains("")
        return DelimitedDialect(separator: separator, hasHeader: !headHasNumbers && (numbersBelow || distinct))
    }

    /// Up to `limit` whole records from the start of `sample`, as `separator` splits them (the
    /// last, cut short, is left out unless it is the only one).
    public static func records(in sample: [UInt8], separator: UInt8 = 0x2C, limit: Int) -> [[UInt8]] {
        var starts: [Int] = [0]
        // A first screen's records take a few kilobytes: a longer prefix is scanned only while
        // fewer than `limit` records end in the one scanned (the sample is 64 KB, scanned for
        // each separator tried before the first frame).
        var scanned = Swift.min(sample.count, 8 << 10)
        while true {
            starts = [0]
            var scanner = RecordScanner(separator: separator)
            sample.withUnsafeBufferPointer { bytes in scanner.scan(UnsafeBufferPointer(rebasing: bytes.prefix(scanned))) { starts.append(Int($0)) } }
            if starts.count > limit || scanned == sample.count { break }
            scanned = Swift.min(sample.count, scanned * 4)
        }
        var records: [[UInt8]] = []
        for (i, start) in starts.enumerated() where records.count < limit {
            let end = i + 1 < starts.count ? starts[i + 1] : sample.count
            guard end > start else { continue }
            if i + 1 == starts.count && !records.isEmpty { break }
            records.append(Array(sample[start..<end]))
        }
        return records
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    var trimmingSpaces: Substring {
        let inner = drop { $0 == " " || $0 == "\t" }
        return inner.dropLast(inner.reversed().prefix { $0 == " " || $0 == "\t" }.count)
    }
}
