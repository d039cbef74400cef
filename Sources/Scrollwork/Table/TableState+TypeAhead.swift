/// How a type-ahead search found its row.
public enum TypeAheadMethod: Sendable, Hashable {
    /// A binary search: the table is sorted ascending by the column in Finder order, so rows
    /// starting with the typed text are together (O(log n) row reads).
    case binarySearch
    /// A scan from the top of at most `limit` rows (the table is not sorted by that column).
    case scan(limit: Int)
}

/// What people have typed so far for type-ahead selection, and when they last typed.
public struct TypeAheadState: Sendable, Hashable {
    /// The typed prefix.
    public internal(set) var text = ""
    /// When the last character was typed, in seconds.
    public internal(set) var lastTime = -Double.infinity
    /// Typing resumes a prefix only within this many seconds of the last key (AppKit: about one).
    public static let resetInterval = 1.0

    /// Creates an empty prefix.
    public init() {}

    /// `text` typed at `time`: added to the prefix within ``resetInterval`` of the last key, else
    /// the start of a new one (as is a `time` that is not finite or earlier than the last).
    public mutating func type(_ text: String, at time: Double) {
        if !(time.isFinite && time - lastTime <= Self.resetInterval && time >= lastTime) { self.text = "" }
        self.text += text
        lastTime = time.isFinite ? time : lastTime
    }
}

extension TableState {
    /// The most rows a type-ahead scan reads when the table is not sorted by the column.
    public static var typeAheadScanLimit: Int { 100_000 }

    /// Type-ahead selection, as in AppKit: `text` typed at `time` extends the prefix (or starts a
    /// new one after ``TypeAheadState/resetInterval`` of no typing), and the first row, in the
    /// order shown, whose text in the sort column (the first column when unsorted) starts with the
    /// prefix, ignoring case, is selected and revealed. Any prefix of the shown text matches:
    /// dashes, digits and spaces included. Returns the row, or nil, and how it was found.
    ///
    /// When the table is sorted by that column in Finder order (either direction) and the column
    /// shows its text as it is, the search is binary: rows that share a prefix lie together,
    /// except that a prefix ending in digits ("hotel-3") also matches longer numbers ("hotel-30",
    /// "hotel-300"), which lie in runs of their own, one run for each length; each run is found by
    /// binary search. Sorted by a column of text in its plain order (``TextOrder/lexical``), the
    /// rows starting with each spelling of the prefix in upper and lower case lie together, each
    /// run found by binary search too (``SortedPrefixSearch``). Otherwise it scans at most
    /// ``typeAheadScanLimit`` rows from the top. A
    /// `time` that is not finite counts as a new prefix.
    @discardableResult
    public mutating func typeAhead(_ text: String, state: inout TypeAheadState, at time: Double) -> (row: IndexPath?, method: TypeAheadMethod) {
        state.type(text, at: time)
        let columnIndex = sortOrder.first.flatMap { order in columns.firstIndex { $0.id == order.columnID } } ?? 0
        guard columns.indices.contains(columnIndex), !state.text.isEmpty else { return (nil, .scan(limit: 0)) }
        let column = columns[columnIndex]
        let typed = state.text.lowercased()
        let total = list.numberOfRows
        func shown(_ flat: Int) -> String { row(atFlat: flat).map(column.shownText(of:)) ?? "" }
        func matches(_ flat: Int) -> Bool { shown(flat).lowercased().hasPrefix(typed) }
        var found: Int? = nil
        let method: TypeAheadMethod
        let sortedHere = sortOrder.first.map { $0.columnID == column.id } ?? false
        if column.textOrder == .finder, column.format == nil, column.text == nil, sortedHere, list.numberOfSections == 1,
           let runs = finderPrefixRuns(typed, count: total, ascending: sortOrder.first?.ascending ?? true, key: { TextOrder.finder.sortKey(shown($0)) }) {
            method = .binarySearch
            // Within a run, a number written with leading zeros ("img_0101" among "img_101…")
            // sorts with the others but does not start with the text: it is stepped over.
            found = runs.lazy.flatMap { $0.prefix(Self.typeAheadScanLimit) }.first { matches($0) }
        } else if column.textOrder == .lexical, column.format == nil, sortedHere, list.numberOfSections == 1,
                  case let outcome = SortedPrefixSearch.firstRow(startingWith: state.text, count: total, ascending: sortOrder.first?.ascending ?? true,
                                                                 key: { flat in sortedPrefixKey(flat, column) }),
                  outcome != .unsearchable {
            // Text sorted byte by byte: each spelling's run found by binary search.
            method = .binarySearch
            if case let .found(flat) = outcome { found = flat }
        } else {
            let limit = Swift.min(total, Self.typeAheadScanLimit)
            method = .scan(limit: limit)
            found = (0..<limit).first { matches($0) }
        }
        guard let flat = found, let path = list.indexPath(forFlatRow: flat) else { return (nil, method) }
        try? list.select(path, at: Swift.max(time.isFinite ? time : 0, list.scroll.time))
        if let id = list.cursor { list.reveal(id: id, at: list.scroll.time) }
        return (path, method)
    }

    /// What row `flat` holds in `column`, as a search of text sorted byte by byte reads it: its
    /// value, which is what sorts (a file's column shows its text as written, which for text is
    /// the value).
    private func sortedPrefixKey(_ flat: Int, _ column: TableColumn<Row>) -> SortedPrefixSearch.Key {
        guard let row = row(atFlat: flat) else { return .missing }
        return SortedPrefixSearch.key(column.value(row), numericTextSortsAsNumbers: column.sortsNumericTextAsNumbers)
    }

    /// The row shown at flat position `flat`; nil past the rows (the only way reading it fails).
    private func row(atFlat flat: Int) -> Row? {
        guard let path = list.indexPath(forFlatRow: flat) else { return nil }
        return try? list.row(at: path)
    }

    /// The runs of rows, in the order shown, among `count` rows sorted in Finder order (ascending
    /// or descending) whose text may start with `typed`, found by binary search on the rows' keys
    /// (`key` of a shown row); nil when the prefix cannot be searched so (digits with a leading
    /// zero, or too many to extend).
    private func finderPrefixRuns(_ typed: String, count: Int, ascending: Bool, key: (Int) -> [UInt8]) -> [Range<Int>]? {
        // Keys in ascending order, whatever the direction shown.
        func keyAt(_ i: Int) -> [UInt8] { key(ascending ? i : count - 1 - i) }
        /// The first ascending position whose key is not before `bound`.
        func lowerBound(_ bound: [UInt8]) -> Int { partitionPoint(in: 0..<count) { !bytesPrecede(keyAt($0), bound) } }
        // The runs of matching rows, in ascending order: one run for a prefix that ends in no
        // digit; one for each length of number the prefix's digits may begin, for one that does.
        var runs: [Range<Int>] = []
        let digits = typed.utf8.reversed().prefix { $0 >= 0x30 && $0 <= 0x39 }
        if digits.isEmpty {
            let prefix = TextOrder.finder.sortKey(typed)
            let start = lowerBound(prefix)
            // The run ends at the first key that does not begin with the prefix.
            runs.append(start..<partitionPoint(in: start..<count) { !keyAt($0).starts(with: prefix) })
        } else {
            let stem = String(decoding: typed.utf8.dropLast(digits.count), as: UTF8.self)
            let number = String(decoding: digits.reversed(), as: UTF8.self)
            guard number.first != "0", number.count <= 18, let value = Int(number) else { return nil }
            // Numbers of `number.count + extra` digits that begin with `number`:
            // value × 10^extra ..< (value + 1) × 10^extra.
            var scale = 1
            for _ in 0...(18 - number.count) {
                let (low, lowOverflow) = value.multipliedReportingOverflow(by: scale)
                let (high, highOverflow) = (value + 1).multipliedReportingOverflow(by: scale)
                guard !lowOverflow, !highOverflow else { break }
                let run = lowerBound(TextOrder.finder.sortKey(stem + String(low)))..<lowerBound(TextOrder.finder.sortKey(stem + String(high)))
                if !run.isEmpty { runs.append(run) }
                let (next, overflow) = scale.multipliedReportingOverflow(by: 10)
                guard !overflow else { break }
                scale = next
            }
        }
        // Shown descending, the runs come in the opposite order, each reversed.
        let nonEmpty = runs.filter { !$0.isEmpty }
        return ascending ? nonEmpty : nonEmpty.reversed().map { (count - $0.upperBound)..<(count - $0.lowerBound) }
    }
}
