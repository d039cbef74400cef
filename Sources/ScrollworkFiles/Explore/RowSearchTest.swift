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
        row.contains(where: passes(shown:))
    }

    /// True when `value`, as the table shows it (a null as `NULL`), passes: how `/` tests one
    /// value, alone or among a row's.
    package func passes(shown value: TableValue) -> Bool {
        var field = value.description
        // Safe: the text's bytes are lent for the call.
        return field.withUTF8 { unsafe passes($0) }
    }
}

extension RowFilter {
    /// True when `row` passes, its values tested as the table shows them (the whole row for a
    /// filter without a column): how a row added to a filtered view of any source is tested.
    package func passes(row: [TableValue]) -> Bool {
        guard let column else { return passes(anyOf: row) }
        // The source marks its own nulls: an empty text and `NA` are values, as its engine tests them.
        // Safe: no bytes, or the text's, lent for the call.
        guard row.indices.contains(column), !row[column].isMissing else { return unsafe passes(nil, missing: .none) }
        var field = row[column].description
        return field.withUTF8 { unsafe passes($0, missing: .none) }
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
