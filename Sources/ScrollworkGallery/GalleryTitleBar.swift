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
    /// False where the window's own title names the app ("Table - Scrollwork"): the bar then
    /// shows the page alone, the same on every page and at every width.
    var namesApp = true

    /// The gap between two controls and from the last to the edge, in points: a terminal's
    /// key hints two cells apart, a window's buttons 8 points.
    var gap: Double { buttons ? 8 : 16 }
    /// The space from the last control to the bar's trailing edge.
    static let edge: Double = 8

    /// The title and the controls with their labels for a bar `width` points wide, measured by
    /// `m`, never overlapping: the whole title with as many controls as fit 16 points after it
    /// ("] next" goes first, "? help" last), then the title without the app's name, then the
    /// title cut short with no controls.
    func layout(width: Double, _ m: TextMeasurer) -> (title: String, controls: [(Control, String)]) {
        let place = "\(page.rawValue + 1)/\(GalleryApp.PageKind.allCases.count) \(page.title)"
        let titles = namesApp ? [" Scrollwork · " + place, " " + place] : [" " + place]
        let choices: [[(Control, String)]] = buttons
            ? [[.previous, .next, .help], [.help]].map { $0.map { ($0, $0.buttonTitle) } }
            : [[(.help, "? help"), (.next, "] next"), (.quit, "q quit")], [(.help, "? help"), (.quit, "q quit")], [(.help, "? help")]]
        for title in titles {
            for controls in choices where m.width(of: title, font: .footnote) + 16 + self.width(of: controls, m) <= width { return (title, controls) }
        }
        return (m.truncated(" " + place, toWidth: width, font: .footnote), [])
    }

    /// The title and the controls' frames at the trailing end of a bar `width` points wide and
    /// `height` tall: each label as `m` measures it (a button's with 8 points either side and at
    /// least 24 wide), ``gap`` apart and ``edge`` from the edge.
    func placed(width: Double, height: Double, _ m: TextMeasurer) -> (title: String, controls: [(Control, String, Rect)]) {
        let (title, controls) = layout(width: width, m)
        var x = width - self.width(of: controls, m)
        return (title, controls.map { control, label in
            let w = labelWidth(label, m)
            defer { x += w + gap }
            return (control, label, Rect(x: x, y: 0, width: w, height: height))
        })
    }

    /// A control's width in points.
    private func labelWidth(_ label: String, _ m: TextMeasurer) -> Double {
        buttons ? Swift.max(24, m.width(of: label, font: .footnote) + 16) : m.width(of: label, font: .footnote)
    }

    /// The points `controls` take with their gaps and the space after the last.
    private func width(of controls: [(Control, String)], _ m: TextMeasurer) -> Double {
        guard !controls.isEmpty else { return 0 }
        return controls.reduce(0) { $0 + labelWidth($1.1, m) } + gap * Double(controls.count - 1) + Self.edge
    }
}

/// The title bar as last placed, kept because placing it (building its strings and measuring
/// them) costs as much as drawing the table's rows that moved in a frame.
struct PlacedTitleBar {
    var bar: GalleryTitleBar
    var width: Double
    var height: Double
    var measurer: TextMeasurer
    var title: String
    var controls: [(GalleryTitleBar.Control, String, Rect)]

    /// `bar` placed over `width` × `height` points, measured by `measurer`.
    init(_ bar: GalleryTitleBar, width: Double, height: Double, measurer: TextMeasurer) {
        (self.bar, self.width, self.height, self.measurer) = (bar, width, height, measurer)
        (title, controls) = bar.placed(width: width, height: height, measurer)
    }

    /// `bar` placed so: `self` when it was placed so already, else anew.
    func updated(_ bar: GalleryTitleBar, width: Double, height: Double, measurer: TextMeasurer) -> PlacedTitleBar {
        bar == self.bar && width == self.width && height == self.height && measurer == self.measurer
            ? self : PlacedTitleBar(bar, width: width, height: height, measurer: measurer)
    }

    /// The control whose frame holds `point`, if any.
    func control(at point: Point) -> GalleryTitleBar.Control? {
        controls.first { $0.2.contains(point) }?.0
    }
}
