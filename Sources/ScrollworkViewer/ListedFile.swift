import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// A file opened from a directory listing (Enter on it), shown over the listing until Esc or ⌫
/// goes back: the table or the pager `scrollwork open` would show for it.
enum ListedFile {
    case pager(TextPager)
    case database(DatabaseViewer)
    case table(TableViewer)

    /// Cancels whatever the viewer runs (reading, sorting, searching): it is being closed.
    /// Returns the effects that do it.
    mutating func cancelAllWork() -> [Effect] { update { $0.cancelAllWork() } }

    /// True while the viewer has a use for Esc itself: a prompt, a record view, a sort or a search
    /// to cancel. Then Esc is its, and ⌫ outside a prompt goes back.
    var usesEscape: Bool {
        switch self {
        case let .pager(pager): return pager.field != nil || pager.search.isRunning
        case let .database(viewer): return viewer.opened != nil
        case let .table(viewer): return viewer.usesEscape
        }
    }

    /// True while a prompt takes the keys typed (⌫ edits it), or a question waits for its answer.
    var isTyping: Bool {
        switch self {
        case let .pager(pager): return pager.field != nil
        // An open table goes back to the database's list on ⌫ first.
        case let .database(viewer): return viewer.opened != nil
        case let .table(viewer): return viewer.screen.overlay?.takesKeys == true
        }
    }

    /// Runs `body` on the viewer, whichever it is.
    mutating func update<Result>(_ body: (inout any ViewerApp) -> Result) -> Result {
        switch self {
        case let .pager(pager):
            var app: any ViewerApp = pager
            defer { self = .pager(app as? TextPager ?? pager) }
            return body(&app)
        case let .database(viewer):
            var app: any ViewerApp = viewer
            defer { self = .database(app as? DatabaseViewer ?? viewer) }
            return body(&app)
        case let .table(viewer):
            var app: any ViewerApp = viewer
            defer { self = .table(app as? TableViewer ?? viewer) }
            return body(&app)
        }
    }

}

/// A listed file covers the directory viewer's screen and takes every event while it is open,
/// except the keys that go back to the listing.
extension ListedFile {
    /// Draws the viewer over the whole screen, as `scrollwork open` would (it is a full-screen
    /// app); returns what drawing asked for (the pages shown that are not read).
    mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
        update { $0.render(into: &canvas, at: time) }
    }

    /// The viewer takes the event and returns what it asked for, except Esc when it has no use
    /// for it and ⌫ outside a prompt: those are left to the listing (nil), which goes back.
    mutating func handle(_ event: Event, at time: Double) -> [Effect]? {
        if case let .key(key) = event, let command = ViewerKeys.openedFromListing.command(for: key),
           (command == .cancel && !usesEscape) || (command == .back && !isTyping) { return nil }
        return update { $0.handle(event, at: time) }
    }

    /// Advances the viewer; returns what that asked for.
    mutating func tick(at time: Double) -> [Effect] { update { $0.tick(at: time) } }
    /// The viewer's.
    var isAnimating: Bool { mutating get { update { $0.isAnimating } } }
    /// The viewer's.
    var wakeTime: Double? { mutating get { update { $0.wakeTime } } }
    /// The viewer's focus.
    var cursorPosition: Point? { mutating get { update { $0.cursorPosition } } }
    /// What the viewer says.
    var accessibility: AccessibilityElement? { mutating get { update { $0.accessibility } } }
    /// True once the person asked the viewer to quit.
    var wantsQuit: Bool { mutating get { update { $0.wantsQuit } } }
}
