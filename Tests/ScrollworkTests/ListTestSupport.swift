import Synchronization
@testable import Scrollwork

/// Counts how many rows a list asked its source for.
final class FetchCounter: Sendable {
    let fetched = Mutex(0)
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
