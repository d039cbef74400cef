import Scrollwork
import ScrollworkWidgets

/// The gallery's title bar: where it is, what it shows, and its controls, which are clicked as
/// well as typed. In a terminal the controls read as key hints ("? help  ] next  q quit"); in
/// a window they are buttons (‹ › Help), drawn by the host as push buttons (`PointDrawing.Control.button`), and
/// the window's close box quits.
struct GalleryTitleBar: Equatable {
    /// What a control of the bar does.
    enum Control: Sendable, Hashable {
        case help, previous, next, quit

        /// What a screen reader calls the control's button ("‹" is not a word).
        var accessibleName: String {
            switch self {
            case .help: return "Help"
            case .previous: return "Previous page"
            case .next: return "Next page"
            case .quit: return "Quit"
            }
        }

        /// The control's title on a window's button.
        var buttonTitle: String {
            switch self {
            case .help: return "Help"
            case .previous: return "‹"
            case .next: return "›"
            case .quit: return "Quit"
            }
        }
    }

    /// The page shown.
    var page: GalleryApp.PageKind
    /// True in a window: buttons instead of key hints.
    var buttons: Bool
    /// The bar's height in rows; its controls take all of them.
    var rows = 1
    /// False where the window's own title names the app ("Table - Scrollwork"): the bar then
    /// shows the page alone, the same on every page and at every width.
    var namesApp = true

    /// The title and the controls with their labels for `columns` cells, never overlapping: the
    /// whole title with as many controls as fit two cells after it ("] next" goes first, "? help"
    /// last), then the title without the app's name, then the title cut short with no controls.
    func layout(columns: Int) -> (title: String, controls: [(Control, String)]) {
        let place = "\(page.rawValue + 1)/\(GalleryApp.PageKind.allCases.count) \(page.title)"
        let titles = namesApp ? [" Scrollwork · " + place, " " + place] : [" " + place]
        let choices: [[(Control, String)]] = buttons
            ? [[.previous, .next, .help], [.help]].map { $0.map { ($0, " \($0.buttonTitle) ") } }
            : [[(.help, "? help"), (.next, "] next"), (.quit, "q quit")], [(.help, "? help"), (.quit, "q quit")], [(.help, "? help")]]
        for title in titles {
            for controls in choices where displayWidth(title) + 2 + width(of: controls) <= columns { return (title, controls) }
        }
        return ((" " + place).fitted(toWidth: columns), [])
    }

    /// The title and the cells the controls take at the right end of `columns` cells of row 0:
    /// each label, two cells apart (buttons one), and a cell from the edge.
    func placed(columns: Int) -> (title: String, controls: [(Control, String, CellRect)]) {
        let (title, controls) = layout(columns: columns)
        var x = columns - width(of: controls)
        return (title, controls.map { control, label in
            defer { x += displayWidth(label) + (buttons ? 1 : 2) }
            return (control, label, CellRect(column: x, row: 0, columns: displayWidth(label), rows: rows))
        })
    }

    /// The controls' cells, as ``placed(columns:)`` gives them.
    func frames(columns: Int) -> [(Control, String, CellRect)] { placed(columns: columns).controls }

    /// The control under the cell, if any.
    func control(atColumn column: Int, row: Int, columns: Int) -> Control? {
        frames(columns: columns).first { $0.2.contains(column: column, row: row) }?.0
    }

    /// The cells `controls` take with their gaps and the cell after the last.
    private func width(of controls: [(Control, String)]) -> Int {
        guard !controls.isEmpty else { return 0 }
        return controls.reduce(0) { $0 + displayWidth($1.1) } + (buttons ? 1 : 2) * (controls.count - 1) + 1
    }
}

/// The title bar as last placed, kept because placing it (building its strings and measuring
/// them) costs as much as drawing the table's rows that moved in a frame.
struct PlacedTitleBar {
    var bar: GalleryTitleBar
    var columns: Int
    var title: String
    var controls: [(GalleryTitleBar.Control, String, CellRect)]

    /// `bar` placed in `columns` cells.
    init(_ bar: GalleryTitleBar, columns: Int) {
        self.bar = bar
        self.columns = columns
        (title, controls) = bar.placed(columns: columns)
    }

    /// `bar` placed in `columns` cells: `self` when it was placed so already, else anew.
    func updated(_ bar: GalleryTitleBar, columns: Int) -> PlacedTitleBar {
        bar == self.bar && columns == self.columns ? self : PlacedTitleBar(bar, columns: columns)
    }
}
