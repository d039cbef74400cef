import Scrollwork

extension RowFilter {
    /// The test `/` makes of `text`: held in any column, smart case.
    ///
    /// - Throws: ``TableSourceError/unsupported(_:)`` when `text` cannot be a test.
    package static func searching(_ text: String) throws(TableSourceError) -> RowFilter {
        do { return try RowFilter(column: nil, test: .contains(text)) } catch { throw .unsupported("\(error)") }
    }

    /// True when one of `row`'s values, as the table shows it, passes: how `/` tests a row of
    /// any source, as it tests a file's fields.
    package func passes(anyOf row: [TableValue]) -> Bool {
        row.contains { value in
            var field = value.description
            return field.withUTF8 { passes($0) }
        }
    }
}

extension Range<Int> {
    /// The range cut into batches of at most `size` rows (at least one), in the order a search
    /// tests them: from the lower bound up going `forward`, from the upper bound down going back.
    package func searchBatches(of size: Int, forward: Bool) -> [Range<Int>] {
        let size = Swift.max(1, size)
        let ups = stride(from: lowerBound, to: upperBound, by: size).map { $0..<Swift.min(upperBound, $0 + size) }
        return forward ? ups : ups.reversed()
    }
}
