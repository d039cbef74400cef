import Scrollwork

/// The number a numeric filter (`<`, `<=`, `>`, `>=`) compares with: the real it reads as, and,
/// where it was written in decimal, that decimal exactly. Values are compared as reals, and where
/// a value and the number read as the same real, as the decimals they are written as, so that
/// `id<9007199254740993` keeps 9007199254740992 and not itself, and `price>1234567890123456.77`
/// keeps …78 (a real holds about 15 digits; the decimals of a Parquet file, a database's numeric
/// columns and 19-digit identifiers hold more).
public struct FilterNumber: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The number as a real.
    public let value: Double
    /// The number as written, exactly; nil where it was not written in decimal (`inf`, or a
    /// real given as such that is not finite).
    package let exact: ExactDecimal?
    /// The text it was read from (spaces around it left out), which it is shown as; nil for a
    /// number given as such.
    private let written: String?

    /// The real `value`, as the shortest decimal that reads back as it (`0.1`, not the real's
    /// 55 digits).
    public init(_ value: Double) {
        self.value = value
        exact = value.isFinite ? ExactDecimal(value.description) : nil
        written = nil
    }

    /// The number `text` spells, as a value's text is read (``NumberText``), the spaces around
    /// it left out; nil for text that is no number, and for NaN, which compares with nothing.
    public init?(text: String) {
        let trimmed = String(text.trimmingSpaces)
        guard let value = NumberText.real(trimmed), !value.isNaN else { return nil }
        self.value = value
        exact = ExactDecimal(trimmed)
        written = trimmed
    }

    /// The whole number `value`, exactly.
    public init(integerLiteral value: Int) {
        self.value = Double(value)
        exact = ExactDecimal("\(value)")
        written = nil
    }

    /// The real `value` (``init(_:)``).
    public init(floatLiteral value: Double) { self.init(value) }

    /// The number as a whole number, where it is one within `Int`'s range; nil otherwise.
    public var integer: Int? {
        guard let exact else { return nil }
        return exact.isZero ? 0 : exact.exponent >= exact.digits.count ? Int(exact.description) : nil
    }

    /// The number as it was written (`9007199254740993`, `1e3`), which reads back as the same
    /// number; a number given as such as its decimal, a whole one without `.0`.
    public var description: String { written ?? exact?.description ?? RowFilter.format(value) }

    /// The same number: the same real and, where written in decimal, the same decimal (`5` is
    /// `5.0`, however either was written).
    public static func == (a: FilterNumber, b: FilterNumber) -> Bool { a.value == b.value && a.exact == b.exact }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(exact)
    }

    /// Where the number `bytes` spell stands against this one: as reals, and where they are the
    /// same real, as decimals where both are written in decimal. Nil for bytes that spell no
    /// number or NaN.
    func order(of real: Double, spelled bytes: Span<UInt8>) -> RowFilter.ComparisonOrder? {
        guard !real.isNaN else { return nil }
        if real < value { return .below }
        if real > value { return .above }
        // Reading rounds, but never past another number: reals that differ order as the
        // decimals do, and only the same real can hide two decimals (past the normal reals,
        // an infinity or a zero is what every path compares).
        guard let exact, exact.isWithinReals, let other = ExactDecimal(bytes), other.isWithinReals else { return .same }
        return other < exact ? .below : exact < other ? .above : .same
    }
}
