// The example of the "Navigation" article (Sources/ScrollworkWidgets/ScrollworkWidgets.docc),
// kept word for word between the markers (scripts/check-docs compares them) and run by
// NavigationExampleTests.

// BEGIN NAVIGATION EXAMPLE
import Scrollwork
import ScrollworkWidgets

/// Settings as a tree: a row with rows under it drills into them.
let settingsTree: [String: [String]] = [
    "Settings": ["General", "Display", "Privacy"],
    "General": ["About", "Software Update", "Language & Region"],
    "About": ["Name", "Version", "Model"],
    "Display": ["Brightness", "Text Size", "Dark Mode"],
]

/// A settings app with drill-in: Enter or a click on a row with › shows its rows, titled, and
/// Esc, Alt+←, the back button or a swipe from the left edge comes back to the list as it was.
struct SettingsApp: WidgetApp {
    var content = NavigationStack(root: Self.list("Settings"), title: "Settings")
    var wantsQuit = false
    var status = ""

    /// The rows under `title`, those with rows of their own marked with ›.
    static func list(_ title: String) -> ListView<String> {
        ListView(ListState(sections: [ListSection(settingsTree[title] ?? [])]) { row in
            RowContent(row, accessory: settingsTree[row] == nil ? .none : .disclosureIndicator)
        })
    }

    mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        let reply = content.handle(event, at: time)
        if !reply.isHandled, case .key(KeyEvent(.character("q"))) = event { wantsQuit = true }
        for case let .page(.navigate(path)) in reply.reports {
            do {
                let row = try content.top.state.row(at: path)
                content.push(Self.list(row), title: row, at: time)
            } catch {
                status = "\(error)"
            }
        }
        return reply.effects
    }
}
// END NAVIGATION EXAMPLE
