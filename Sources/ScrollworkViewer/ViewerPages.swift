import Scrollwork
import ScrollworkWidgets

/// The pages `scrollwork open` drills through, one over the other, in a ``NavigationStack``: a
/// database's tables, a table opened from them, a row of it shown whole. A page asks to go back
/// (Esc, ⌫) and the page under it shows as it was left, the work of the one left cancelled;
/// news of work reaches every page, so a table under a row shown whole goes on sorting.
///
/// A terminal program's pages change at once and name themselves and the way back in their
/// status lines, as `less` and VisiData do; a window's slide, under a bar with a back button
/// named after the page under, as a GNOME app's navigation view does.
struct ViewerPages {
    var stack: NavigationStack<ViewerPage>
    /// True once a page asked to quit.
    var wantsQuit = false

    /// A stack of `root`, titled `title`, in `theme`.
    init(root: ViewerPage, title: String, theme: Theme) {
        stack = NavigationStack(root: root, title: title, theme: theme, idiom: .macOS)
        stack.showsBarAtRoot = false
        follow(.terminal)
    }

    /// Pages as `convention`'s programs show them, every page with its keys: at once and
    /// without a bar in a terminal, sliding under a bar in a window (unless the window reduces
    /// motion).
    mutating func follow(_ convention: KeyConvention) {
        stack.showsBar = convention == .desktop
        stack.reducesMotion = convention != .desktop
        let keys = ViewerKeySet(convention)
        _ = stack.updatePages { $0.follow(keys) }
    }

    /// The table shown, or the one under the row shown whole.
    var table: TableScreen? { stack.entries.lazy.compactMap(\.page.table).last }

    /// Runs `body` on the table shown, or the one under the row shown whole.
    mutating func updateTable<T>(_ body: (inout TableScreen) -> T) -> T? {
        stack.updatePages { page -> T? in
            guard case var .table(screen) = page else { return nil }
            defer { page = .table(screen) }
            return body(&screen)
        }.last ?? nil
    }

    /// Takes `event`; returns the effects it caused and the requests the stack does not answer
    /// itself (a table to open, a table changed under it), for the viewer.
    mutating func handle(_ event: Event, at time: Double) -> (effects: [Effect], requests: [ViewerRequest]) {
        answer(stack.handle(event, at: time), at: time)
    }

    /// Advances the page shown and a slide.
    mutating func tick(at time: Double) -> (effects: [Effect], requests: [ViewerRequest]) {
        answer(stack.tick(at: time), at: time)
    }

    /// Draws the pages in `area`; returns the work the rows drawn need.
    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) -> [Effect] {
        stack.render(in: area, into: &canvas, at: time)
        return stack.updatePages { $0.workForShownRows() }.flatMap { $0 }
    }

    /// Goes back from the page shown, cancelling its work; returns the effects that do.
    mutating func back(at time: Double) -> [Effect] {
        guard var left = stack.pop(at: time) else { return [] }
        return left.dismiss(at: time)
    }

    /// Pushes what a page asks for, goes back, quits; the rest is the viewer's.
    private mutating func answer(_ reply: Reply<NavigationEvent<ViewerRequest>>, at time: Double) -> (effects: [Effect], requests: [ViewerRequest]) {
        var effects = reply.effects, left: [ViewerRequest] = []
        if let message = errorNote(reply.errors) { effects.append(.status(message)) }
        for case let .page(request) in reply.reports {
            switch request {
            case .back: effects += back(at: time)
            case .quit: wantsQuit = true
            case let .show(record): stack.push(.record(record), title: record.title, at: time)
            case .open, .schemaChanged: left.append(request)
            }
        }
        return (effects, left)
    }

    /// Every piece of work of every page, cancelled: the viewer is closing.
    mutating func cancelAllWork(at time: Double) -> [Effect] {
        stack.updatePages { $0.dismiss(at: time) }.flatMap { $0 }
    }
}
