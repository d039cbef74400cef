extension OutlineState {
    /// Type-ahead selection in an outline, as in a Finder list: `text` typed at `time` extends
    /// the prefix (or starts a new one after ``TypeAheadState/resetInterval`` without typing),
    /// and the first visible row from the top whose `title` starts with the prefix, ignoring
    /// case, gets the cursor and is scrolled to. Rows inside collapsed nodes are not looked at,
    /// as Finder looks only at the rows it shows; at most
    /// ``TableState/typeAheadScanLimit`` rows are read. Returns the row's path, or nil (the
    /// cursor stays), and how it was looked for. A `time` that is not finite starts a new prefix.
    @discardableResult
    public mutating func typeAhead(_ text: String, state: inout TypeAheadState, at time: Double,
                                   title: (Source.Node) -> String) -> (path: OutlinePath?, method: TypeAheadMethod) {
        state.type(text, at: time)
        let limit = Swift.min(numberOfRows, TableState<Int>.typeAheadScanLimit)
        guard !state.text.isEmpty else { return (nil, .scan(limit: 0)) }
        let typed = state.text.lowercased()
        // A screenful at a time: each chunk walks down from the root once.
        let chunk = 1_024
        var first = 0
        while first < limit {
            let rows = consecutiveRows(from: first, count: Swift.min(chunk, limit - first))
            if rows.isEmpty { break }
            if let found = rows.first(where: { title($0.node).lowercased().hasPrefix(typed) }) {
                cursor = found.path
                revealCursor()
                return (found.path, .scan(limit: limit))
            }
            first += rows.count
        }
        return (nil, .scan(limit: limit))
    }
}
