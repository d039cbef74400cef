/// Finds columns by the names people type: a title exactly, else one title that matches ignoring
/// case, else a column's number from 1.
public struct ColumnNames: Sendable, Hashable {
    /// The columns' titles, in order.
    public let titles: [String]

    /// Names for columns titled `titles`.
    public init(_ titles: [String]) { self.titles = titles }

    /// The index (from 0) of the column `name` names.
    ///
    /// - Throws: ``ExploreError`` naming the columns there are when none (or more than one,
    ///   ignoring case) is called `name`.
    public func index(of name: String) throws(ExploreError) -> Int {
        if let exact = titles.firstIndex(of: name) { return exact }
        let lowered = name.lowercased()
        let folded = titles.indices.filter { titles[$0].lowercased() == lowered }
        if folded.count == 1 { return folded[0] }
        if folded.count > 1 {
            throw ExploreError("'\(name)' names \(folded.count) columns when case is ignored (\(folded.map { "'\(titles[$0])'" }.joined(separator: ", "))); write it exactly")
        }
        if let number = Int(name), number >= 1, number <= titles.count { return number - 1 }
        throw ExploreError.unknownColumn(name, titles: titles)
    }

    /// The indexes of a comma-separated list of names (`dep_delay,carrier`), in the order given.
    ///
    /// - Throws: ``ExploreError`` for an empty name or one no column has.
    public func indexes(ofList list: String) throws(ExploreError) -> [Int] {
        var found: [Int] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = String(String(name).trimmingSpaces)
            guard !trimmed.isEmpty else { throw ExploreError("'\(list)' has an empty column name; separate names with single commas") }
            found.append(try index(of: trimmed))
        }
        return found
    }
}
