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
}

extension TableState {
    /// The most rows a type-ahead scan reads when the table is not sorted by the column.
    public static var typeAheadScanLimit: Int { 100_000 }

    /// Type-ahead selection, as in AppKit: `text` typed at `time` extends the prefix (or starts a
    /// new one after ``TypeAheadState/resetInterval`` of no typing), and the first row whose value
    /// in the sort column (the first column when unsorted) starts with the prefix, ignoring case,
    /// is selected and revealed. Returns the row, or nil, and how it was found.
    ///
    /// When the table is sorted ascending by that column in Finder order the search is binary;
    /// otherwise it scans at most ``typeAheadScanLimit`` rows from the top. A `time` that is not
    /// finite counts as a new prefix.
    @discardableResult
    public mutating func typeAhead(_ text: String, state: inout TypeAheadState, at time: Double) -> (row: IndexPath?, method: TypeAheadMethod) {
        if !(time.isFinite && time - state.lastTime <= TypeAheadState.resetInterval && time >= state.lastTime) { state.text = "" }
        state.text += text
        state.lastTime = time.isFinite ? time : state.lastTime
        let columnIndex = sortOrder.first.flatMap { order in columns.firstIndex { $0.id == order.columnID } } ?? 0
        guard columns.indices.contains(columnIndex), !state.text.isEmpty else { return (nil, .scan(limit: 0)) }
        let column = columns[columnIndex]
        let typed = state.text.lowercased()
        let total = list.numberOfRows
        func value(_ flat: Int) -> String {
            guard let path = list.indexPath(forFlatRow: flat), let row = try? list.row(at: path) else { return "" }
            return column.value(row).description
        }
        var found: Int? = nil
        let method: TypeAheadMethod
        // Rows that start with a prefix lie together in Finder order, unless the prefix ends in
        // the middle of a number (file-1 and file-10 are apart): then scan.
        let sortedHere = sortOrder.first.map { $0.columnID == column.id && $0.ascending } ?? false
        if column.textOrder == .finder, sortedHere, list.numberOfSections == 1, !typed.unicodeScalars.contains(where: { $0.value >= 0x30 && $0.value <= 0x39 }) {
            method = .binarySearch
            let prefix = TextOrder.finder.sortKey(typed)
            var low = 0, high = total
            while low < high {
                let mid = low + (high - low) / 2
                if bytesPrecede(TextOrder.finder.sortKey(value(mid)), prefix) { low = mid + 1 } else { high = mid }
            }
            if low < total, value(low).lowercased().hasPrefix(typed) { found = low }
        } else {
            let limit = Swift.min(total, Self.typeAheadScanLimit)
            method = .scan(limit: limit)
            found = (0..<limit).first { value($0).lowercased().hasPrefix(typed) }
        }
        guard let flat = found, let path = list.indexPath(forFlatRow: flat) else { return (nil, method) }
        try? list.select(path, at: Swift.max(time.isFinite ? time : 0, list.scroll.time))
        if let id = list.cursor { list.reveal(id: id, at: list.scroll.time) }
        return (path, method)
    }
}
