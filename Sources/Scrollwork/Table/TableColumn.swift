/// A value a table cell shows and sorts by.
///
/// Values sort in a total order: numbers by value (whole and real numbers together), then NaN,
/// then text, then missing values (``empty`` and ``missing(_:)``). A table's sort keeps missing
/// values last in either direction, as Finder and spreadsheets do.
public enum TableValue: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nothing; missing.
    case empty
    /// A whole number.
    case int(Int)
    /// A real number.
    case double(Double)
    /// Text.
    case string(String)
    /// A value the data marks as missing (`NA`, `null`, `-`), shown as it is written; sorts
    /// with ``empty``, after every present value.
    case missing(String)

    /// True for ``empty`` and ``missing(_:)``.
    public var isMissing: Bool {
        switch self {
        case .empty, .missing: return true
        case .int, .double, .string: return false
        }
    }

    /// True when `a` sorts before `b` in the total order described above.
    public static func < (a: TableValue, b: TableValue) -> Bool {
        switch (a, b) {
        case let (.int(x), .int(y)): return x < y
        case let (.double(x), .double(y)): return precedes(x, y)
        case let (.int(x), .double(y)): return y.isNaN || Double(x) < y
        case let (.double(x), .int(y)): return !x.isNaN && x < Double(y)
        case let (.string(x), .string(y)): return x < y
        default: return a.rank < b.rank
        }
    }

    /// The group a value sorts in: numbers, text, missing.
    private var rank: Int {
        switch self {
        case .int, .double: return 0
        case .string: return 1
        case .empty, .missing: return 2
        }
    }

    /// The value's text where there is one, nil for a missing value: what a save, a copy and
    /// a pass over a column's text read (a missing value's mark, `NA` or `NULL`, is no text).
    public var presentText: String? { isMissing ? nil : description }

    /// The text drawn in the cell. Inlinable: a frame asks it of every cell it draws.
    @inlinable
    public var description: String {
        switch self {
        case .empty: return ""
        case let .missing(text): return text
        case let .int(v): return Self.decimal(v)
        case let .double(v): return Self.decimal(v)
        case let .string(v): return v
        }
    }

    /// `value` as `String(value)` writes it; a whole number up to 2⁵³ (which Swift writes
    /// `2013.0`, not in exponent form) digit by digit: the shortest-digits printing took about
    /// six hundred instructions a cell, and a table of a file's numbers (a Parquet column of
    /// doubles, a count) is mostly whole numbers. Not inlined into ``description``, which a
    /// frame's cells inline (when it was not, a page down cost 10,000 instructions more in
    /// retains and releases).
    @usableFromInline @inline(never)
    static func decimal(_ value: Double) -> String {
        guard value.magnitude <= 9_007_199_254_740_992, value.rounded(.towardZero) == value, !(value == 0 && value.sign == .minus) else {
            return String(value)
        }
        return decimal(Int(value), pointZero: true)
    }

    /// `value` in decimal, as `String(value)` writes it (followed by `.0` when `pointZero`),
    /// written digit by digit into a string of its length: the generic integer printing took
    /// about a thousand instructions a cell.
    @usableFromInline
    static func decimal(_ value: Int, pointZero: Bool = false) -> String {
        var magnitude = value.magnitude, digits = 1, rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let tail = pointZero ? 2 : 0
        let count = digits + (value < 0 ? 1 : 0) + tail
        // Safe: `count` is the digits counted above, the sign and the `.0`, so every byte
        // written lies in 0..<count, and all of them are written.
        return unsafe String(unsafeUninitializedCapacity: count) { bytes in
            if pointZero {
                unsafe bytes[count - 2] = UInt8(ascii: ".")
                unsafe bytes[count - 1] = UInt8(ascii: "0")
            }
            var at = count - 1 - tail
            repeat {
                unsafe bytes[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                at -= 1
            } while magnitude > 0
            if value < 0 { unsafe bytes[0] = UInt8(ascii: "-") }
            return count
        }
    }
}

/// How a column's text sits in its cell.
public enum ColumnAlignment: Sendable, Hashable {
    /// At the leading edge (text).
    case leading
    /// Centred.
    case center
    /// At the trailing edge (numbers).
    case trailing
}

/// A column's width limits, in points.
public struct ColumnWidth: Sendable, Hashable {
    /// The narrowest it may be.
    public var min: Double
    /// The width it starts at.
    public var ideal: Double
    /// The widest it may be.
    public var max: Double

    /// Creates limits; min > max throws, ideal is clamped into [min, max].
    public init(min: Double = 16, ideal: Double, max: Double = .infinity) throws(TableError) {
        guard !min.isNaN, !ideal.isNaN, !max.isNaN, min >= 0 else { throw .invalidWidth(min: min, ideal: ideal, max: max) }
        guard min <= max else { throw .invalidWidth(min: min, ideal: ideal, max: max) }
        self.min = min
        self.max = max
        self.ideal = ideal.clamped(to: min...max)
    }

    /// A column that starts `ideal` points wide, at least 16 and as wide as the person likes: the
    /// common case, which cannot fail. An ideal below 16, or NaN, is 16; infinity is the widest
    /// finite width.
    public init(ideal: Double) {
        self.init(unchecked: 16, ideal.isNaN ? 16 : Swift.min(Swift.max(16, ideal), .greatestFiniteMagnitude), .infinity)
    }

    /// Limits made valid instead of rejected: NaN and negative minimums become 0, a maximum below
    /// the minimum becomes the minimum, and the ideal is clamped into the range.
    public static func clamping(min: Double = 16, ideal: Double, max: Double = .infinity) -> ColumnWidth {
        let low = min.isNaN ? 0 : Swift.max(0, min)
        let high = max.isNaN ? .infinity : Swift.max(low, max)
        let wanted = ideal.isNaN ? low : ideal
        return ColumnWidth(unchecked: low, wanted.clamped(to: low...high), high)
    }

    /// What a column gets when none is given: it starts 160 points wide (20 cells) and may be
    /// made as narrow as 48 or as wide as the person likes.
    public static let standard = ColumnWidth(unchecked: 48, 160, .infinity)

    /// Limits that are known to be valid.
    init(unchecked min: Double, _ ideal: Double, _ max: Double) {
        self.min = min
        self.ideal = ideal
        self.max = max
    }

    /// `width` moved into [min, max]. Limits changed after creation so that they contradict each
    /// other are read as ``clamping(min:ideal:max:)`` would make them: NaN or a negative minimum
    /// is 0, a NaN maximum is unlimited, and a maximum below the minimum is the minimum.
    /// No column is wider than this, in points (10¹²), whatever its maximum says: sums of widths
    /// stay finite numbers.
    public static let largestWidth = 1e12

    public func clamp(_ width: Double) -> Double {
        let low = min.isNaN ? 0 : Swift.min(Swift.max(0, min), Self.largestWidth)
        let high = max.isNaN ? Self.largestWidth : Swift.min(Swift.max(low, max), Self.largestWidth)
        return width.isNaN ? low : width.clamped(to: low...high)
    }
}

/// One column of a table: a heading, width limits, flags and how to read a row's value.
public struct TableColumn<Row>: Sendable {
    /// A stable identifier, used by sort descriptors.
    public var id: String
    /// The heading: a noun or short noun phrase in title case, no ending punctuation (LT-07).
    public var title: String
    /// Width limits.
    public var width: ColumnWidth
    /// People may drag its divider.
    public var isResizable: Bool
    /// People may sort by it.
    public var isSortable: Bool
    /// Text alignment in its cells.
    public var alignment: ColumnAlignment
    /// Where too-long text is cut (`middle` for paths, LT-06).
    public var truncation: Truncation
    /// How text in this column sorts: `.lexical` by default, `.finder` for names people read
    /// as Finder shows them.
    public var textOrder: TextOrder
    /// The value of a row in this column.
    public var value: @Sendable (Row) -> TableValue {
        didSet { values = Self.values(through: value) }
    }
    /// ``value`` over a batch of rows, as a sort reads keys. Made by the inlinable initialiser,
    /// where `Row` is known, so that reading a million keys runs no generic code.
    @usableFromInline var values: @Sendable ([Row]) -> [TableValue]
    /// The values of rows `range` of `source` (the table's source as it wrapped it,
    /// ``AnyRowSource/base``; positions in the source, not the table's order), read straight
    /// from where the source keeps them (a file's bytes) without making a row for each: what a
    /// sort reads keys with. It must give what ``value`` gives for the same rows, one value a
    /// row; fewer (a file cut short) are made up from rows, and nil (a source of a type it does
    /// not read) reads rows. Nil reads rows.
    public var sourceValues: (@Sendable (_ source: any Sendable, _ range: Range<Int>) -> [TableValue]?)? = nil
    /// The sort keys of rows `range` of `source`, put into `keys` one a row straight from where
    /// the source keeps them: ``sourceValues`` without a ``TableValue`` for each row, which is
    /// most of what a sort of a file's column costs. The keys must be those of what ``value``
    /// gives. False (a source of a type it does not read) reads ``sourceValues`` instead.
    public var sourceKeys: (@Sendable (_ source: any Sendable, _ range: Range<Int>, _ keys: inout SortKeySink) -> Bool)? = nil
    /// How a value is shown, when not as itself (sizes as "3.9 MB" with ``finderByteCount(_:)``);
    /// the column still sorts by the value.
    public var format: (@Sendable (TableValue) -> String)?
    /// How a row's cell reads, taken from the row itself rather than from its value: a file's
    /// field as the file writes it (`007`, `605.60`, `1e3`) where the value is the number it
    /// parses to. The column still sorts and filters by the value; ``format`` is not used
    /// while this is set. Nil shows the value (through ``format`` when there is one).
    public var text: (@Sendable (Row) -> String)? = nil
    /// True when text that is a number in every row sorts as numbers: a column whose type a
    /// sample could not tell (a file's column whose first rows are all missing, say) takes its
    /// type from all its values as the sort reads them. Off by default: an app's text stays text.
    public var sortsNumericTextAsNumbers = false

    /// Creates a column.
    @inlinable
    public init(_ title: String, id: String? = nil, width: ColumnWidth = .standard, isResizable: Bool = true, isSortable: Bool = true,
                alignment: ColumnAlignment = .leading, truncation: Truncation = .tail, textOrder: TextOrder = .lexical,
                format: (@Sendable (TableValue) -> String)? = nil, value: @escaping @Sendable (Row) -> TableValue) {
        self.format = format
        self.textOrder = textOrder
        self.id = id ?? title
        self.title = title
        self.width = width
        self.isResizable = isResizable
        self.isSortable = isSortable
        self.alignment = alignment
        self.truncation = truncation
        self.value = value
        values = Self.values(through: value)
    }

    /// What `row`'s cell in this column shows: ``text`` of it when set, else its value through
    /// ``format``, else the value's own description. What a table draws, fits a column's width
    /// to and matches typed letters against.
    @inlinable
    public func shownText(of row: Row) -> String {
        Self.shownText(of: row, text: text, value: value, format: format)
    }

    /// ``shownText(of:)`` from a column's ``text``, ``value`` and ``format``: what a caller that
    /// reads them in place calls, without a copy of the whole column.
    @inlinable
    static func shownText(of row: Row, text: (@Sendable (Row) -> String)?, value: @Sendable (Row) -> TableValue,
                          format: (@Sendable (TableValue) -> String)?) -> String {
        if let text { return text(row) }
        let value = value(row)
        return format?(value) ?? value.description
    }

    /// `value` applied to each of a batch of rows.
    @inlinable
    static func values(through value: @escaping @Sendable (Row) -> TableValue) -> @Sendable ([Row]) -> [TableValue] {
        { rows in
            var values: [TableValue] = []
            values.reserveCapacity(rows.count)
            for row in rows { values.append(value(row)) }
            return values
        }
    }
}

/// One key of a table's sort order.
public struct SortOrder: Sendable, Hashable {
    /// The column's identifier.
    public var columnID: String
    /// Ascending (▲) or descending (▼).
    public var ascending: Bool

    /// Creates a sort key.
    public init(columnID: String, ascending: Bool = true) {
        self.columnID = columnID
        self.ascending = ascending
    }
}

/// A table operation that cannot be carried out.
public enum TableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Width limits that contradict each other.
    case invalidWidth(min: Double, ideal: Double, max: Double)
    /// A column index outside the table.
    case columnOutOfRange(Int, count: Int)
    /// The column cannot be sorted by or resized.
    case notAllowed(String)
    /// A sort result from before the rows changed (an edit, a reload, another sort).
    case staleSortResult(startedAt: UInt64, now: UInt64)

    /// A sentence that says what was wrong and what is allowed.
    public var description: String {
        switch self {
        case let .invalidWidth(min, ideal, max):
            return "column width min \(min), ideal \(ideal), max \(max) is invalid; need 0 ≤ min ≤ max and no NaN"
        case let .columnOutOfRange(i, count):
            return "column \(i) does not exist; columns run from 0 to \(count - 1)"
        case let .notAllowed(what):
            return what
        case let .staleSortResult(started, now):
            return "the sort began on version \(started) of the rows, which are at version \(now) now (edited, reloaded or sorted since); start a new sort"
        }
    }
}
