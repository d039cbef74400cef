import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// `scrollwork open` on text and logs: a pager with momentum, as `less` is used: `/` searches
/// (`n` and `N` go to the next and previous match), `w` wraps long lines, `g` and `G` go to the
/// ends, `F` follows a file that grows, `q` quits. The file is indexed by lines in the background.
public struct TextPager: App, WidgetGroup, ShowsIndexedFile {
    /// Whose keys the viewer follows: a terminal program's, or in a window a desktop app's
    /// (Ctrl+C copies, Ctrl+Q quits, Ctrl+W closes; ``ViewerKeys/desktop(_:)``).
    public var keyConvention = KeyConvention.terminal { didSet { viewerKeys = ViewerKeySet(keyConvention) } }
    /// The key tables of ``keyConvention``.
    var viewerKeys = ViewerKeySet(.terminal)
    /// The longest part of one line that is read for the screen.
    static let lineLimit = 64 << 10

    /// The file, indexed by lines in the background and watched for growth.
    var source: FileIndexing
    var view: ScrollView<FileLines>
    var theme: Theme
    /// The widest line drawn so far, in cells: how far the text scrolls sideways.
    var widest = 0
    /// The search being typed, if one is.
    var field: TextField? = nil
    /// The last search and its match.
    var search = FileSearch()
    /// The status line's messages, each cleared by its owner.
    var notes = StatusNotes()
    var work: [WorkRequest] = []
    /// Text copied during the call under way, for the app to return.
    var copies: [String] = []
    /// What the widgets asked of the host during the call under way (a field's copy).
    var asked: [Effect] = []
    /// The text's context menu while it is open (modal).
    var menu: MenuView<TextMenuAction>? = nil
    /// True once the person asked to quit.
    public var wantsQuit = false

    init(file: FileBytes, theme: Theme) throws(FileError) {
        source = try FileIndexing(file: file, scanner: RecordScanner(quotes: false))
        self.theme = theme
        var scroll = ScrollIdiom.macOS.scrollState(viewport: .zero, content: .zero)
        scroll.isDirectionalLockEnabled = true
        view = ScrollView(FileLines(theme: theme), scroll: scroll, theme: theme)
        if let step = source.nextStep { work.append(step) }
    }

    /// Line `i` without its line ending (at most ``lineLimit`` bytes of it); a line that cannot
    /// be read says why in its place.
    func line(_ i: Int) -> String {
        let range = index.range(ofRecord: i)
        let bytes: [UInt8]
        do {
            bytes = try file.read(at: range.lowerBound, count: Swift.min(Int(clamping: range.upperBound - range.lowerBound), Self.lineLimit))
        } catch {
            return "⚠ \(error)"
        }
        var end = bytes.count
        if end > 0 && bytes[end - 1] == 0x0A { end -= 1 }
        if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    // MARK: App

    /// Takes a key, click, paste, resize or work update; returns the reading and searching to
    /// run off the loop, and copies. The pages of text and the search prompt are children
    /// (``children``); the prompt, while shown, is modal and takes every event.
    public mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        take(event, at: time)
        return takeEffects()
    }

    /// Takes `event`: the menu's, the prompt's, the pager's keys or the text's.
    private mutating func take(_ event: Event, at time: Double) {
        if case let .work(update) = event { handleWork(update, at: time); return }
        // What answered the last key or click is not true after the next one.
        if event.isPersonAction { notes.clear(.action) }
        if seekingEnd, event.isPersonAction {
            seekingEnd = false
            if case let .key(key) = event, viewerKeys.pager.command(for: key) == .cancel { return notes.set(.action, "stopped going to the end") }
        }
        if menu != nil { return handleMenu(event, at: time) }
        if case let .mouse(mouse) = event, mouse.button == .right, mouse.kind == .press, let line = line(under: mouse) {
            return openMenu(on: line, at: mouse.location, fromKeyboard: false)
        }
        if let typing = field {
            for action in collect(routeToChildren(event, at: time)).reports(from: \Self.field) {
                switch action {
                case .submitted:
                    field = nil
                    start(search.begin(typing.text, in: file, focus: focusLine(forNew: true)))
                case .cancelled: field = nil
                case .changed: break
                }
            }
            return
        }
        if case let .key(key) = event {
            // End as G: the whole file's end, however its lines wrap.
            switch viewerKeys.pager.command(for: key) {
            case .quit?: wantsQuit = true; return
            case .top?: view.scroll.perform(.top, time: time); return
            case .bottom?: return goToEnd(at: time)
            case .wrap?:
                return toggleWrap()
            case .follow?:
                following.toggle()
                if following { showEnd(at: time) }
                return
            case .search?:
                return openSearch()
            case .menu?:
                let box = view.frame
                return openMenu(on: Swift.max(0, view.window.firstRow), at: Point(x: box.minX + 48, y: box.minY + 16), fromKeyboard: true)
            case let .nextMatch(forward)?:
                start(search.next(forward: forward, in: file, focus: focusLine(forNew: false)))
                return
            case .cancel? where search.isRunning:
                if let request = search.cancel() { work.append(request) }
                notes.set(.search, "search cancelled")
                return
            default: break
            }
        }
        if scrollWrappedText(event, at: time) { return }
        if !collect(routeToChildren(event, at: time)).isHandled, case let .mouse(mouse) = event, case .wheel = mouse.kind { view.overscroll(mouse, at: time) }
    }

    /// Takes in what the children's reply asked of the host (a field's copy) and the errors they
    /// met (to the status line); returns the reply for its reports.
    mutating func collect(_ reply: Reply<ChildReport>) -> Reply<ChildReport> {
        asked += reply.effects
        if let message = errorNote(reply.errors) { notes.set(.action, message) }
        return reply
    }

    /// Wraps long lines, or cuts them again, and says which.
    mutating func toggleWrap() {
        view.content.wraps.toggle()
        notes.set(.action, view.content.wraps ? "long lines wrap (w: cut them)" : "long lines are cut; scroll sideways (w: wrap)")
    }

    /// Opens the search prompt.
    mutating func openSearch() { field = TextField(prompt: "Search: ", theme: theme) }

    /// Capture and focus between the text and the prompt.
    public var routing = Routing()

    /// The text, and over it the search prompt while it is shown (modal: it takes every event).
    public var children: [Child<TextPager>] { [Child(\.view), Child(\.field, modal: true)] + (menu == nil ? [] : [Child(\.menu, modal: true)]) }

    /// The bytes of the line a search starts from: the last match's line while it is in view
    /// (for `n` and `N`), else the line at the top of the view, as `less` starts from the
    /// screen shown, wherever `G` or a scroll left it.
    private func focusLine(forNew: Bool) -> Range<UInt64> {
        guard index.count > 0 else { return 0..<0 }
        let top = Swift.max(0, CellMetrics().rows(forPoints: view.scroll.offset.y))
        let rows = Swift.max(1, view.frameCells.rows)
        if !forNew, let match = view.content.match, match >= top, match < top + rows { return index.range(ofRecord: match) }
        return index.range(ofRecord: Swift.min(top, index.count - 1))
    }

    /// Starts a search: the last one's match or failure is no longer what the line says.
    private mutating func start(_ step: (work: WorkRequest?, note: String?)) {
        notes.clear(.search)
        if let request = step.work { work.append(request) }
        if let message = step.note { notes.set(.search, message) }
    }

    private mutating func handleWork(_ update: WorkUpdate, at time: Double) {
        if let outcome = source.handle(update, at: time) {
            if let failure = outcome.note { notes.set(.file, failure) }
            if let next = outcome.work { work.append(next) }
            if following || seekingEnd { showEnd(at: time) }
            if seekingEnd && !source.isIndexing && !spooling { seekingEnd = false }
            return
        }
        switch search.handle(update) {
        case let .success((offset, wentRound))?:
            guard let line = index.record(containing: offset) else { return }
            view.content.match = line
            // The match's line a third of the way down, as a pager shows it, counting the rows
            // wrapped lines above it take.
            let first = firstLine(showing: line, rowsAbove: Swift.max(1, view.frameCells.rows) / 3)
            do {
                try view.scroll.setOffset(Point(x: view.scroll.offset.x, y: Double(first) * 16), animated: true, time: time)
                notes.set(.search, (wentRound ? search.roundNote + " · " : "") + "match on line \(grouped(line + 1))")
            } catch {
                notes.set(.search, "\(error)")
            }
        case let .failure(message)?:
            notes.set(.search, message.text)
        case nil:
            break
        }
    }

    /// Advances the view and the background reading to `time`; returns the reading that asks for.
    public mutating func tick(at time: Double) -> [Effect] {
        advance(at: time)
        return takeEffects()
    }

    /// Advances the view and the background reading to `time`.
    private mutating func advance(at time: Double) {
        _ = collect(tickChildren(at: time))
        let outcome = source.tick(at: time, following: following)
        if let message = outcome.note { notes.set(.file, message) }
        if let request = outcome.work { work.append(request) }
        if outcome.restarted {
            widest = 0
            view.content.match = nil
            if following { showEnd(at: time) }
        }
    }

    /// G and End: the last line in view; while the file is still being read, the view follows
    /// the lines as they are found until the end, and the status line says so.
    mutating func goToEnd(at time: Double) {
        showEnd(at: time)
        seekingEnd = source.isIndexing || spooling
    }

    /// The last line at the bottom of the view (at its top when it alone is taller, wrapped).
    mutating func showEnd(at time: Double) {
        // The last screen's lines measured first: one wider than the view brings the horizontal
        // indicator, which the end must stop above.
        let lines = index.count
        for i in Swift.max(0, lines - view.frameCells.rows)..<lines { widest = Swift.max(widest, displayWidth(line(i))) }
        fitContent(rows: view.frameCells.rows, columns: view.frameCells.columns, at: time)
        guard view.content.wraps else { return view.scroll.perform(.bottom, time: time) }
        showWrappedEnd(at: time)
    }

    /// The first line to show so that line `target` has at most `rowsAbove` rows of the lines
    /// before it above it: with wrapping, a long line above takes many rows.
    func firstLine(showing target: Int, rowsAbove: Int) -> Int {
        guard view.content.wraps else { return Swift.max(0, target - rowsAbove) }
        var first = target, used = 0
        while first > 0 {
            let rows = wrappedRows(first - 1)
            if used + rows > rowsAbove { break }
            used += rows
            first -= 1
        }
        return first
    }

    /// Sizes the scrolled content for `rows` × `columns` cells: a row a line (wrapped, the last
    /// line may stand at the top, so that a line after long ones can be scrolled to). A view at
    /// the end stays at the end.
    mutating func fitContent(rows: Int, columns: Int, at time: Double) {
        let bottom = view.scroll.offsetBounds(.vertical).upperBound
        let atEnd = bottom > 0 && view.scroll.offset.y >= bottom - 0.5 && !view.scroll.isAnimating
        let lines = index.count
        let textWidth = view.content.wraps ? columns : widest + view.content.gutter + 4
        let height = view.content.wraps ? Double(Swift.max(0, lines - 1) + Swift.max(1, rows)) * 16 : Double(lines) * 16
        let size = Size(width: Double(Swift.max(textWidth, columns)) * 8, height: height)
        if view.scroll.contentSize != size { view.scroll.contentSize = size }
        // Lines wider than the view bring the horizontal indicator over the bottom row: the end
        // stops a row above it, so that the last line is never under it.
        let inset = !view.content.wraps && textWidth > columns ? 16.0 : 0
        if view.scroll.contentInsets.bottom != inset {
            view.scroll.contentInsets.bottom = inset
            if atEnd && inset > 0 { view.scroll.perform(.bottom, animated: false, time: time) }
        }
    }

    /// Draws the view and its status line; drawing asks for nothing (the reading runs ahead of
    /// what is shown).
    public mutating func render(into canvas: inout Canvas, at time: Double) -> [Effect] {
        render(in: canvas.bounds, into: &canvas, at: time)
        return []
    }

    /// Draws the view in `area` and its status line at the area's foot.
    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        let (text, statusLine) = StatusLine.split(area, on: canvas)
        // The text is monospaced lines, wrapped and counted by the cell.
        let (rows, columns) = (canvas.metrics.rows(forPoints: text.height), canvas.metrics.columns(forPoints: text.width))
        let lines = index.count
        view.content.gutter = Swift.max(4, String(lines).count)
        // The lines the window shows (and a screen more, for wrapped ones that fill less);
        // wrapped, from the row of the top line the offset says.
        let top: (line: Int, row: Int) = view.content.wraps ? wrappedTop : (Swift.max(0, CellMetrics().rows(forPoints: view.scroll.offset.y)), 0)
        let first = top.line
        let count = Swift.max(0, Swift.min(lines - first, rows + 1))
        view.content.first = first
        // A long top line, wrapped, is read from the row shown: rows above it are not read at all.
        let fromRow = view.content.wraps && count > 0 && isLong(first)
        view.content.shown = (0..<count).map { $0 == 0 && fromRow ? longLineText(first, fromRow: top.row, rows: rows) : line(first + $0) }
        view.content.topRow = top.row
        view.content.skipRows = fromRow ? 0 : top.row
        widest = Swift.max(widest, view.content.shown.map { displayWidth($0) }.max() ?? 0)
        fitContent(rows: rows, columns: columns, at: time)
        view.render(in: text, into: &canvas, at: time)
        if var typing = field {
            typing.render(in: statusLine, into: &canvas, at: time)
            field = typing
            return
        }
        StatusLine.draw(statusText, in: statusLine, theme: theme, into: &canvas)
        menu?.render(in: canvas.bounds, into: &canvas, at: time)
    }

    /// The status line: the answer to the last key (``notes``) right after the count.
    var statusText: StatusText {
        var parts = [counted(index.count, "line") + source.countSuffix] + notes.parts
        let top = Swift.max(0, CellMetrics().rows(forPoints: view.scroll.offset.y))
        if index.count > 0 { parts.append("line \(grouped(Swift.min(index.count, top + 1)))") }
        parts += source.statusParts
        if search.isRunning { parts.append("searching… (Esc cancels)") }
        if following { parts.append("following the end (F stops)") }
        if seekingEnd { parts.append("going to the last line as the file is read (Esc stops)") }
        return StatusText(name: name, parts: parts, hint: (source.backHint.map { $0 + " · " } ?? "") + "\(viewerKeys.searchKey) search · w wrap · \(viewerKeys.quitKey) quits")
    }

    /// The status line, whole.
    var status: String { statusText.whole }

    /// True while something moves.
    public var isAnimating: Bool { view.isAnimating }
    /// When the view next needs a frame although nothing moves.
    public var wakeTime: Double? { [view.wakeTime, source.wakeTime].compactMap { $0 }.min() }
    /// The prompt's caret or the page's first character, for the terminal's cursor.
    public var cursorPosition: Point? {
        // The prompt's caret while one is open; else the first character of the page's top line,
        // after its number, where a screen reader that follows the cursor starts reading.
        if let field { return field.cursorPosition }
        let frame = view.frame
        guard frame.width > 0, frame.height > 0 else { return nil }
        return Point(x: frame.minX + Double(view.content.gutter + 3) * view.metrics.cellWidth, y: frame.minY)
    }

    /// Reading and searching to run off the loop, and copies, asked for during the call under
    /// way, handed out once.
    private mutating func takeEffects() -> [Effect] {
        defer { work = []; copies = []; asked = [] }
        return work.map { .work($0) } + copies.map { .copy($0) } + asked
    }

    /// Cancels the reading and a search under way (the pager is being closed); returns the
    /// effects that do it.
    public mutating func cancelAllWork() -> [Effect] {
        work += [.cancel(source.indexKey.id), .cancel(source.spoolKey.id)]
        if let request = search.cancel() { work.append(request) }
        return takeEffects()
    }
}

extension TextPager {
    /// Draws in `theme` from now on: the lines, the search field and an open menu.
    public mutating func retheme(_ theme: Theme) {
        self.theme = theme
        view.theme = theme
        view.content.theme = theme
        field?.theme = theme
        menu?.theme = theme
    }
}
