import Scrollwork
import ScrollworkWidgets

/// One page of the gallery: a group of widgets that shows some guidelines. Its children take
/// the events first (``WidgetGroup``); what they leave goes to ``handleUnused(_:at:)``.
protocol GalleryPage: Widget, WidgetGroup {
    /// The page's name in the title bar.
    static var title: String { get }
    /// The guideline IDs the page shows.
    static var guidelines: [String] { get }
    /// Lines for the help overlay: what the pointer does and what to look for. The keys come
    /// from ``keys``.
    static var help: [String] { get }
    /// The page's own keys, from its command table.
    static var keys: KeyHelp { get }
    /// The page's own keys under `convention` (``keys`` unless the page has desktop keys of its own).
    static func keys(for convention: KeyConvention) -> KeyHelp
    /// A line about the page's state for the status bar.
    var status: String { mutating get }
    /// The work what the page last drew needs (the rows of a slow source), asked for once the
    /// frame is drawn.
    mutating func workForShownRows() -> [Effect]
    /// What the page itself asked of the host (a copy) during the event under way: its reply
    /// returns them.
    var effects: [Effect] { get set }
    /// An event no child used: the page's own keys.
    mutating func handleUnused(_ event: Event, at time: Double) -> EventResult
    /// Reads what the children reported (activations, text field actions) and the errors they
    /// met, from the reply of an event they were routed.
    mutating func collect(_ reply: Reply<ChildReport>, at time: Double)
    /// Called before any child sees `event`: what the page said about the last key or click is
    /// cleared here.
    mutating func willHandle(_ event: Event)
}

extension GalleryPage {
    static func keys(for convention: KeyConvention) -> KeyHelp { keys }
    mutating func handleUnused(_ event: Event, at time: Double) -> EventResult { .ignored }
    mutating func collect(_ reply: Reply<ChildReport>, at time: Double) {}
    /// A page shows only what it has by default.
    mutating func workForShownRows() -> [Effect] { [] }
    mutating func willHandle(_ event: Event) {}

    /// The children first, then the page; then the page reads what the children reported. The
    /// reply passes the children's effects and errors on.
    mutating func handle(_ event: Event, at time: Double) -> Reply<Never> {
        willHandle(event)
        var reply = routeToChildren(event, at: time)
        if !reply.isHandled { reply.result = handleUnused(event, at: time) }
        collect(reply, at: time)
        var mine: Reply<Never> = reply.passingOn()
        mine.effects += effects
        effects = []
        return mine
    }
}

/// The gallery's theme, chosen once for the colour mode.
package struct GalleryStyle {
    package var theme: Theme
    package var colorMode: ColorMode
    package var idiom: ScrollIdiom
    /// Reduce Motion: scroll states move at once and indicators do not fade.
    package var reducesMotion = false
    /// The table page's slow source really waits in the background (tests turn it off: they
    /// never sleep).
    package var simulatesLatency = true
    /// Whose keys the gallery follows: a terminal program's, or in a window a desktop app's.
    package var keys = KeyConvention.terminal

    /// The gallery's looks for `theme` in `colorMode` at `idiom`.
    package init(theme: Theme, colorMode: ColorMode, idiom: ScrollIdiom, reducesMotion: Bool = false, simulatesLatency: Bool = true) {
        self.theme = theme
        self.colorMode = colorMode
        self.idiom = idiom
        self.reducesMotion = reducesMotion
        self.simulatesLatency = simulatesLatency
    }

    /// A scroll state for `idiom` with the gallery's motion setting.
    func scrollState(_ idiom: ScrollIdiom? = nil, viewport: Size = .zero, content: Size = .zero) -> ScrollState {
        var state = (idiom ?? self.idiom).scrollState(viewport: viewport, content: content)
        state.reducesMotion = reducesMotion
        return state
    }
}
