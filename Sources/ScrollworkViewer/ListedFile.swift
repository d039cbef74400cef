import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// A file opened from a directory listing (Enter on it), shown over the listing until Esc or ⌫
/// goes back: the table or the pager `scrollwork open` would show for it.
enum ListedFile {
    case table(FileViewer)
    case pager(TextPager)

    /// Cancels whatever the viewer runs (reading, sorting, searching): it is being closed.
    /// Returns the effects that do it.
    mutating func cancelAllWork() -> [Effect] {
        switch self {
        case var .table(viewer):
            defer { self = .table(viewer) }
            return viewer.cancelAllWork()
        case var .pager(pager):
            defer { self = .pager(pager) }
            return pager.cancelAllWork()
        }
    }

    /// True while the viewer has a use for Esc itself: a prompt, a record view, a sort or a search
    /// to cancel. Then Esc is its, and ⌫ outside a prompt goes back.
    var usesEscape: Bool {
        switch self {
        case let .table(viewer): return viewer.field != nil || viewer.detail != nil || viewer.view.sorting != nil || viewer.search.isRunning
        case let .pager(pager): return pager.field != nil || pager.search.isRunning
        }
    }

    /// True while a prompt takes the keys typed (⌫ edits it).
    var isTyping: Bool {
        switch self {
        case let .table(viewer): return viewer.field != nil
        case let .pager(pager): return pager.field != nil
        }
    }

    /// Runs `body` on the viewer, whichever it is.
    mutating func update<Result>(_ body: (inout any App) -> Result) -> Result {
        switch self {
        case let .table(viewer):
            var app: any App = viewer
            defer { self = .table(app as? FileViewer ?? viewer) }
            return body(&app)
        case let .pager(pager):
            var app: any App = pager
            defer { self = .pager(app as? TextPager ?? pager) }
            return body(&app)
        }
    }

    /// The viewer, to read.
    var app: any App {
        switch self {
        case let .table(viewer): return viewer
        case let .pager(pager): return pager
        }
    }
}
