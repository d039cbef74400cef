import Scrollwork

/// A ``RowFilter/Test`` made ready to run on a value's bytes ten million times: its text as bytes,
/// its number parsed, its regular expression compiled.
struct ValueMatcher: Sendable {
    private let test: RowFilter.Test
    private let text: [UInt8]
    private let number: FilterNumber?
    private let search: TextSearch?
    private let regex: LinearRegex?

    init(_ test: RowFilter.Test) throws(ExploreError) {
        self.test = test
        var text = "", regex: LinearRegex? = nil
        switch test {
        case let .equals(v), let .notEquals(v), let .contains(v), let .exactly(v), let .comparesText(_, v): text = v
        case .isNull: break
        case let .matches(pattern):
            regex = try LinearRegex(pattern)
        case let .less(x), let .lessOrEqual(x), let .greater(x), let .greaterOrEqual(x):
            guard !x.value.isNaN else { throw ExploreError("a numeric filter needs a number, not NaN") }
        }
        self.text = Array(text.utf8)
        self.number = FilterNumber(text: text)
        self.search = TextSearch(text)
        self.regex = regex
    }

    /// True when the value `bytes` (nil: no such field) passes.
    func passes(_ bytes: UnsafeBufferPointer<UInt8>?, missing: MissingBytes) -> Bool {
        // Safe: the caller's bytes (or none), lent for the call; every test below reads them inside
        // their count.
        unsafe verdict(bytes, missing: missing) == .found
    }

    /// Whether the value `bytes` (nil: no such field) passes: `.unfinished` when a regular
    /// expression ran out of its step budget on it (the value then fails), or `keepGoing`
    /// stopped it.
    func verdict(_ bytes: UnsafeBufferPointer<UInt8>?, missing: MissingBytes, keepGoing: (@Sendable () -> Bool)? = nil) -> LinearRegex.Outcome {
        switch test {
        // No field is a null where the source tells nulls apart, else an empty field.
        case .isNull: return unsafe bytes == nil && missing.nullsApart ? .found : .notFound
        case .exactly where unsafe bytes == nil: return text.isEmpty && !missing.nullsApart ? .found : .notFound
        // A null holds no text for a pattern to match (`~^$` keeps empty texts), as in SQL.
        case .matches where unsafe bytes == nil && missing.nullsApart: return .notFound
        default: break
        }
        let bytes = unsafe bytes ?? UnsafeBufferPointer(start: nil, count: 0)
        if let regex { return unsafe regex.search(bytes, keepGoing: keepGoing) }
        return unsafe passesTest(bytes, missing: missing) ? .found : .notFound
    }

    /// True when `bytes` passes a test that is not a regular expression.
    private func passesTest(_ bytes: UnsafeBufferPointer<UInt8>, missing: MissingBytes) -> Bool {
        switch test {
        case .equals: return unsafe equals(bytes, missing: missing)
        case .notEquals: return unsafe !equals(bytes, missing: missing)
        case .exactly: return unsafe bytes.elementsEqual(text)
        case .isNull: return false
        case let .less(x): return unsafe order(of: bytes, against: x, missing: missing) == .below
        case let .lessOrEqual(x):
            let order = unsafe order(of: bytes, against: x, missing: missing)
            return order == .below || order == .same
        case let .greater(x): return unsafe order(of: bytes, against: x, missing: missing) == .above
        case let .greaterOrEqual(x):
            let order = unsafe order(of: bytes, against: x, missing: missing)
            return order == .above || order == .same
        // Empty text is in every value, as in SQL.
        case .contains: return search.map { unsafe $0.firstMatch(in: bytes, from: 0, pivot: 0) != nil } ?? true
        case .matches: return false
        case let .comparesText(comparison, _):
            guard !bytes.isEmpty, unsafe !missing.contain(bytes) else { return false }
            return unsafe comparison.holds(Self.order(of: bytes, against: text))
        }
    }

    /// Where `bytes` stand against `bound`, byte by byte: UTF-8's byte order is its code
    /// points' order.
    static func order(of bytes: UnsafeBufferPointer<UInt8>, against bound: [UInt8]) -> RowFilter.ComparisonOrder {
        // Safe: the caller's bytes, read inside their count.
        for unsafe (a, b) in unsafe zip(bytes, bound) where a != b { return a < b ? .below : .above }
        return bytes.count < bound.count ? .below : bytes.count > bound.count ? .above : .same
    }

    /// The text exactly, or the same number when both are numbers; no text (`COLUMN=`) any
    /// missing value: an empty or absent field, a JSON null, a missing word such as NA, as the
    /// summary counts them.
    private func equals(_ bytes: UnsafeBufferPointer<UInt8>, missing: MissingBytes) -> Bool {
        if text.isEmpty { return unsafe bytes.isEmpty || missing.contain(bytes) }
        if unsafe bytes.elementsEqual(text) { return true }
        guard let number else { return false }
        return unsafe order(of: bytes, against: number, missing: missing) == .same
    }

    /// Where the number `bytes` spell stands against `number` (``FilterNumber/order(of:spelled:)``);
    /// nil for a missing value, text or NaN.
    private func order(of bytes: UnsafeBufferPointer<UInt8>, against number: FilterNumber, missing: MissingBytes) -> RowFilter.ComparisonOrder? {
        guard let value = unsafe numberValue(bytes, missing: missing) else { return nil }
        // Safe: the caller's bytes, lent for the call and read inside their count.
        return unsafe number.order(of: value, spelled: bytes.span)
    }

    /// The number the value spells; nil for a missing value or text.
    private func numberValue(_ bytes: UnsafeBufferPointer<UInt8>, missing: MissingBytes) -> Double? {
        guard !bytes.isEmpty, unsafe !missing.contain(bytes) else { return nil }
        if let n = unsafe FieldValues.integer(bytes) { return Double(n) }
        return unsafe NumberText.real(bytes)
    }
}
