import Scrollwork
import ScrollworkTerminal

/// One page of the gallery: it shows some guidelines, takes events in its area and draws itself.
protocol GalleryPage {
    /// The page's name in the title bar.
    static var title: String { get }
    /// The guideline IDs the page shows.
    static var guidelines: [String] { get }
    /// Lines for the help overlay.
    static var help: [String] { get }
    /// A line about the page's state for the status bar.
    var status: String { get }
    /// Takes an event that happened at `time` in `area`; returns true if it was used.
    mutating func handle(_ event: Event, in area: CellRect, at time: Double) -> Bool
    /// Advances animations.
    mutating func tick(at time: Double)
    /// Lays the page out for `area` and draws it.
    mutating func draw(into buffer: inout Buffer, area: CellRect, at time: Double)
    /// True while something moves.
    var isAnimating: Bool { get }
    /// When the page next needs a frame although nothing moves.
    var wakeTime: Double? { get }
    /// The page came into view at `time`: its scroll views flash their indicators (SV-03).
    mutating func appear(at time: Double)
    /// True while a text field on the page has focus: printable keys, `?` and Tab are typed
    /// into it instead of acting as the gallery's shortcuts.
    var isEditingText: Bool { get }
    /// Text the page wants on the clipboard, handed over once.
    mutating func takeClipboardText() -> String?
}

extension GalleryPage {
    var wakeTime: Double? { nil }
    var isEditingText: Bool { false }
    mutating func takeClipboardText() -> String? { nil }
    mutating func appear(at time: Double) {}
}

/// The gallery's theme, chosen once for the colour mode.
struct GalleryStyle {
    var theme: Theme
    var colorMode: ColorMode
    var idiom: ScrollIdiom
}
