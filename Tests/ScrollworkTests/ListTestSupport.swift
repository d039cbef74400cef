@testable import Scrollwork

/// Counts how many rows a list asked its source for.
final class FetchCounter: Sendable {
    let fetched = Locked(0)
    var count: Int { fetched.withLock { $0 } }
}

/// A settings-like list: three sections with headers and footers.
func settingsList() -> ListState<String> {
    var list = ListState(sections: [
        ListSection(["Wi-Fi", "Bluetooth", "Cellular"], header: RowContent("Network"), footer: RowContent("Connections")),
        ListSection(["Notifications", "Sounds"], header: RowContent("Alerts")),
        ListSection(["General", "Privacy", "About"], header: RowContent("System"), footer: RowContent("Version 1")),
    ]) { RowContent($0, accessory: .disclosureIndicator) }
    list.setViewport(Size(width: 320, height: 160))
    return list
}

/// The titles of a list's rows in order, section by section.
func titles(_ list: ListState<String>) -> [[String]] {
    (0..<list.numberOfSections).map { s in (0..<list.numberOfRows(inSection: s)).map { (try? list.row(at: IndexPath(row: $0, section: s))) ?? "?" } }
}

extension ListMetrics {
    /// One terminal cell (16 points) for every row, header, footer and section gap, which these
    /// tests count in.
    static var cells: ListMetrics {
        var m = ListMetrics()
        (m.rowHeight, m.headerHeight, m.footerHeight, m.sectionSpacing) = (16, 16, 16, 16)
        return m
    }
}

extension Size {
    /// One terminal cell in points: the line step these tests count in.
    static let cell = Size(width: 8, height: 16)
}

extension ListState {
    /// The list measured in terminal cells: 16-point rows and an 8 × 16 line step.
    func inCells() -> ListState {
        var list = self
        let rowsVary = list.metrics.rowsVaryInHeight
        list.metrics = .cells
        list.metrics.rowsVaryInHeight = rowsVary
        list.scroll.lineStep = .cell
        return list
    }
}
