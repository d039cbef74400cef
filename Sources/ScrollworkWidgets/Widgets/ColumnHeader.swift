/// The header over a table's or an outline's columns.
enum ColumnHeader {
    /// Its height in points in a window (AppKit's table header view is 23 to 28 points across
    /// releases); a terminal gives it one row of cells.
    static let pointHeight = 28.0
}
