import Scrollwork
import ScrollworkWidgets

/// What `#` and `:` are given, read: a row by its number or a percentage, a column by its name.
enum RowTarget {
    /// The row (from 0) that `text` names among `count` rows: a number from 1 (clamped to the
    /// rows), or a percentage (`50%`); a message saying what is allowed otherwise.
    static func row(_ text: String, of count: Int) -> Result<Int, FileSearch.Message> {
        guard count > 0 else { return .failure(FileSearch.Message(text: "no rows to go to")) }
        let trimmed = text.filter { $0 != " " && $0 != "," }
        if trimmed.hasSuffix("%"), let percent = Double(trimmed.dropLast()), percent.isFinite {
            return .success(Int((Double(count - 1) * percent.clamped(to: 0...100) / 100).rounded()))
        }
        if let number = Int(trimmed) { return .success(number.clamped(to: 1...count) - 1) }
        return .failure(FileSearch.Message(text: "'\(text)' is not a row: give a number from 1 to \(grouped(count)), or a percentage such as 50%"))
    }

    /// The first of `titles` that starts with `text` (ignoring case), or else holds it; nil for none.
    static func column(_ text: String, among titles: [String]) -> Int? {
        let wanted = text.lowercased()
        let titles = titles.map { $0.lowercased() }
        guard !wanted.isEmpty else { return nil }
        return titles.firstIndex { $0.hasPrefix(wanted) } ?? titles.firstIndex { $0.contains(wanted) }
    }
}
