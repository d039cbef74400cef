import Scrollwork

/// One condition a row must meet to stay in a filtered view: a test on one column's value, or on
/// every column of the row (a row passes when one of them does).
///
/// Written as `COLUMN=VALUE` (``init(parsing:columns:)``): `=` and `!=` compare text (and numbers
/// as numbers, so `5` is `5.0`), `==` text exactly; `<`, `<=`, `>` and `>=` compare numbers, and
/// text with a value that is no number (`date>=2024-01-31`, as a sort by text orders it); `*=`
/// finds text in the value and `~` a regular expression; `COLUMN is null` keeps a source's nulls.
/// Without a column (`~error`, `*=gzip`) the test is on the whole row. Missing values (empty,
/// `NA`, …) fail every numeric test and pass `!=`.
public struct RowFilter: Sendable, Hashable, CustomStringConvertible {
    /// What a value is tested for.
    public enum Test: Sendable, Hashable {
        /// The value is this text, or the same number.
        case equals(String)
        /// The value is neither this text nor the same number.
        case notEquals(String)
        /// A number below this one.
        case less(FilterNumber)
        /// A number at most this one.
        case lessOrEqual(FilterNumber)
        /// A number above this one.
        case greater(FilterNumber)
        /// A number at least this one.
        case greaterOrEqual(FilterNumber)
        /// The value holds this text; lower-case text matches either case in ASCII (smart case,
        /// as `/` searches).
        case contains(String)
        /// The value is this text exactly, as the frequency table counts it apart: no number
        /// read from it (`5` is not `5.0`) and no missing word standing for another; empty text
        /// is the empty text alone, with a field the row does not have where the source has no
        /// nulls of its own (``MissingValues/nullsApart``). In a database's numeric column, the
        /// same number. Written `COLUMN==TEXT`.
        case exactly(String)
        /// No value: a null of a source that marks its own (JSON's, Parquet's, a database's),
        /// which a frequency table counts on a line of its own. Delimited text has no nulls
        /// (an empty field is empty text), so none of its rows passes. Written `COLUMN is null`.
        case isNull
        /// The value holds a match of this regular expression: the common syntax of Perl, ICU and
        /// Swift's `Regex`, matched in time linear in the value's length (no backreferences or
        /// lookaround, which need backtracking), scalar by scalar.
        case matches(String)
        /// The value's text compared with this text, code point by code point, as a sort by text
        /// orders them (an ISO date or time as the date or time it is): what `<`, `<=`, `>` and
        /// `>=` do with a value that is no number (`date>=2024-01-31`, `name<M`). A missing
        /// value fails it (in a file, a missing word such as NA too, as `COLUMN=` finds it).
        case comparesText(Comparison, String)
    }

    /// How `<`, `<=`, `>` and `>=` compare a value with their bound.
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="

        /// True for a value that stands `order` against the bound.
        public func holds(_ order: ComparisonOrder) -> Bool {
            switch self {
            case .less: order == .below
            case .lessOrEqual: order != .above
            case .greater: order == .above
            case .greaterOrEqual: order != .below
            }
        }
    }

    /// Where a value stands against a bound.
    public enum ComparisonOrder: Sendable { case below, same, above }

    /// The test that keeps `text` alone, as a frequency table's line counts it, written as
    /// simply as it can be: `equals` where that means the same (text that is neither empty nor a
    /// number: `carrier=UA`), else `exactly` (`delay==5`, `note==`).
    public static func only(_ text: String) -> Test {
        text.isEmpty || number(in: text) != nil ? .exactly(text) : .equals(text)
    }

    /// The column tested (from 0), or nil for every column of the row.
    public let column: Int?
    /// The column's title, for the description.
    public let columnTitle: String?
    /// The test.
    public let test: Test
    /// What evaluates the test, made once.
    let matcher: ValueMatcher

    /// A filter of `test` on `column` (nil: the whole row), titled `title` in descriptions. An
    /// `equals` of text that begins with `=` is kept as `exactly`, its same meaning (no such text
    /// is a number or empty), so that it reads back as written (`COLUMN===x`).
    ///
    /// - Throws: ``ExploreError`` for a regular expression that does not compile, or a number
    ///   that is NaN.
    public init(column: Int?, title: String? = nil, test: Test) throws(ExploreError) {
        self.column = column
        self.columnTitle = title
        let test = if case let .equals(text) = test, text.hasPrefix("=") { Test.exactly(text) } else { test }
        self.test = test
        self.matcher = try ValueMatcher(test)
    }

    /// The most steps (a state of the pattern visited at a place in the value) one regular
    /// expression's match may take on one value: about a tenth of a second. A value that needs
    /// more fails the test, and the pass says how many did (``Outcome/unfinishedMatches``).
    public static var regularExpressionStepBudget: Int { LinearRegex.stepBudget }

    /// The operators, longest first where one begins another.
    static let operators = ["==", "!=", "<=", ">=", "*=", "=", "<", ">", "~"]

    /// How a test for nulls is written after its column, in any case.
    static let isNullWords = " is null"

    /// The test operator `symbol` makes of `value`.
    static func test(_ symbol: String, _ value: String) throws(ExploreError) -> Test {
        // Text that spells no number at all; NaN spells one that compares with none, refused below.
        if let comparison = Comparison(rawValue: symbol), NumberText.real(String(value.trimmingSpaces)) == nil {
            guard !value.isEmpty else { throw ExploreError("'\(symbol)' needs a number or text to compare with") }
            return .comparesText(comparison, value)
        }
        switch symbol {
        case "!=": return .notEquals(value)
        case "<=": return .lessOrEqual(try number(value, symbol))
        case ">=": return .greaterOrEqual(try number(value, symbol))
        case "<": return .less(try number(value, symbol))
        case ">": return .greater(try number(value, symbol))
        case "*=": return .contains(value)
        case "~": return .matches(value)
        case "==": return .exactly(value)
        default: return .equals(value)
        }
    }

    /// A filter written as `COLUMN OP VALUE` (see the type's description), its column found
    /// among `columns`. The first operator character splits the text, so a column whose title
    /// holds one is named by its number instead (`3>100`).
    ///
    /// - Throws: ``ExploreError`` for text with no operator, an unknown column, a numeric test of
    ///   text that is not a number, an empty search, or a regular expression that does not compile.
    public init(parsing text: String, columns: ColumnNames) throws(ExploreError) {
        if let column = Self.nullTestColumn(text, columns: columns) {
            try self.init(column: column, title: columns.titles[column], test: .isNull)
            return
        }
        let scalars = Array(text.unicodeScalars)
        guard let at = scalars.firstIndex(where: { "=!<>~*".unicodeScalars.contains($0) }) else {
            throw ExploreError("'\(text)' is not a filter: write COLUMN=VALUE, COLUMN==TEXT, COLUMN!=VALUE, COLUMN<N, COLUMN<=N, COLUMN>N, COLUMN>=N, COLUMN*=TEXT, COLUMN~REGEX or COLUMN is null")
        }
        let rest = String(String.UnicodeScalarView(scalars[at...]))
        guard let symbol = Self.operators.first(where: { rest.hasPrefix($0) }) else {
            throw ExploreError("'\(text)': '\(scalars[at])' must be followed by '=' here; the operators are =, !=, <, <=, >, >=, *= and ~")
        }
        let name = String(String(String.UnicodeScalarView(scalars[..<at])).trimmingSpaces)
        let value = String(rest.dropFirst(symbol.count))
        let test = try Self.test(symbol, value)
        if case let .contains(needle) = test, needle.isEmpty { throw ExploreError("'\(text)': *= needs text to find") }
        if case let .matches(pattern) = test, pattern.isEmpty { throw ExploreError("'\(text)': ~ needs a regular expression") }
        if name.isEmpty {
            switch test {
            case .contains, .matches: try self.init(column: nil, test: test)
            default: throw ExploreError("'\(text)' names no column; only *= and ~ test the whole row")
            }
        } else {
            let column = try columns.index(of: name)
            try self.init(column: column, title: columns.titles[column], test: test)
        }
    }

    /// The column of `COLUMN is null` (any case), when `text` is that and names one of
    /// `columns`; nil for any other filter.
    static func nullTestColumn(_ text: String, columns: ColumnNames) -> Int? {
        let scalars = Array(text.unicodeScalars), words = Array(isNullWords.unicodeScalars)
        guard scalars.count > words.count,
              zip(scalars.suffix(words.count), words).allSatisfy({ $0.properties.lowercaseMapping == String($1) }) else { return nil }
        let name = String(String(String.UnicodeScalarView(scalars.dropLast(words.count))).trimmingSpaces)
        do { return try columns.index(of: name) } catch { return nil }
    }

    /// The number a numeric operator compares with.
    static func number(_ text: String, _ symbol: String) throws(ExploreError) -> FilterNumber {
        guard let x = FilterNumber(text: text) else {
            throw ExploreError("'\(symbol)' compares numbers, and '\(text)' is not a number (a decimal such as 5, -2.5 or 1e3, or inf)")
        }
        return x
    }

    /// The number a filter's `text` names, as ``NumberText`` reads a value, with the spaces
    /// around it left out; nil for text and for NaN, which compares with nothing.
    public static func number(in text: String) -> Double? {
        NumberText.real(String(text.trimmingSpaces)).flatMap { $0.isNaN ? nil : $0 }
    }

    /// True when the value `bytes` passes (nil: the row has no such field, which is empty).
    public func passes(_ bytes: UnsafeBufferPointer<UInt8>?, missing: MissingValues = .common) -> Bool {
        // Safe: the caller's bytes, lent for the call.
        unsafe matcher.passes(bytes, missing: MissingBytes(missing))
    }

    /// The filter as written: `dep_delay>100`, `~error`.
    public var description: String {
        let name = columnTitle ?? column.map { "\($0.addingSaturating(1))" } ?? ""
        switch test {
        case let .equals(v): return "\(name)=\(v)"
        case let .notEquals(v): return "\(name)!=\(v)"
        case let .exactly(v): return "\(name)==\(v)"
        case .isNull: return name + Self.isNullWords
        case let .less(x): return "\(name)<\(x)"
        case let .lessOrEqual(x): return "\(name)<=\(x)"
        case let .greater(x): return "\(name)>\(x)"
        case let .greaterOrEqual(x): return "\(name)>=\(x)"
        case let .contains(t): return "\(name)*=\(t)"
        case let .matches(p): return "\(name)~\(p)"
        case let .comparesText(comparison, t): return name + comparison.rawValue + t
        }
    }

    /// A number as people write it: no `.0` on a whole one.
    static func format(_ x: Double) -> String {
        x == x.rounded() && Swift.abs(x) < 1e15 ? "\(Int(x))" : "\(x)"
    }

    public static func == (a: RowFilter, b: RowFilter) -> Bool { a.column == b.column && a.test == b.test }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(column)
        hasher.combine(test)
    }
}
