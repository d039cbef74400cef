import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal

/// `scrollwork open` on text and logs: a pager with momentum, as `less` is used: `/` searches
/// (`n` and `N` go to the next and previous match), `w` wraps long lines, `g` and `G` go to the
/// ends, `F` follows a file that grows, `q` quits. The file is indexed by lines in the background.
struct TextPager: App {
    /// The longest part of one line that is read for the screen.
    static let lineLimit = 64 << 10

    let file: FileBytes
    var index = RecordIndex(quotes: false)
    var view: ScrollView<FileLines>
    var theme: Theme
    var indexing = true
    var following = false
    var nextSizeCheck = 0.0
    /// The widest line drawn so far, in cells: how far the text scrolls sideways.
    var widest = 0
    /// The search being typed, if one is.
    var field: TextField? = nil
    /// The last search, and its match (a byte offset).
    var search: TextSearch? = nil
    var matchOffset: UInt64? = nil
    var searching = false
    var note: String? = nil
    var work: [WorkRequest] = []
    /// What the status line calls the file: its path, or "standard input".
    var name: String
    /// True while standard input is still being read into the file.
    var spooling = false
    var wantsQuit = false

    init(file: FileBytes, theme: Theme) throws(FileError) {
        self.file = file
        self.theme = theme
        name = file.path
        try index.extend(from: file, limit: FileViewer.firstSlice, chunkSize: FileViewer.firstSlice)
        var scroll = ScrollIdiom.macOS.scrollState(viewport: .zero, content: .zero)
        scroll.isDirectionalLockEnabled = true
        view = ScrollView(FileLines(theme: theme), scroll: scroll, theme: theme)
        indexing = !index.isFinished
        if indexing { work.append(.start(Self.indexWork(file: file, from: index))) }
    }

    static func indexWork(file: FileBytes, from start: RecordIndex) -> Work {
        Work(id: "index") { progress -> FileViewer.IndexStep? in
            var index = start
            let size = Swift.max(1, file.size)
            do {
                try index.extend(from: file, limit: FileViewer.slice) { progress.report(Double($0) / Double(size)) }
            } catch {
                return FileViewer.IndexStep(index: index, failure: "\(error)")
            }
            return FileViewer.IndexStep(index: index, failure: nil)
        }
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

    mutating func handle(_ event: Event, at time: Double) {
        if case let .work(update) = event { handleWork(update, at: time); return }
        if var typing = field {
            _ = typing.handle(event, at: time)
            field = typing
            for action in typing.takeActions() {
                switch action {
                case .submitted:
                    field = nil
                    search = TextSearch(typing.text)
                    matchOffset = nil
                    find(forward: true)
                case .cancelled: field = nil
                case .changed: break
                }
            }
            return
        }
        if case let .key(key) = event {
            switch key.key {
            case .character("q"), .character("Q"): wantsQuit = true; return
            case .character("c") where key.modifiers.contains(.control): wantsQuit = true; return
            case .character("g"): view.scroll.perform(.top, time: time); return
            case .character("G"): view.scroll.perform(.bottom, time: time); return
            case .character("w"):
                view.content.wraps.toggle()
                note = view.content.wraps ? "long lines wrap (w: cut them)" : "long lines are cut; scroll sideways (w: wrap)"
                return
            case .character("F"):
                following.toggle()
                if following { view.scroll.perform(.bottom, time: time) }
                return
            case .character("/"):
                field = TextField(prompt: "Search: ", theme: theme)
                return
            case .character("n"): find(forward: true); return
            case .character("N"): find(forward: false); return
            case .escape where searching:
                work.append(.cancel("search"))
                searching = false
                note = "search cancelled"
                return
            default: break
            }
        }
        if !view.handle(event, at: time).isHandled, case let .mouse(mouse) = event, case .wheel = mouse.kind { view.overscroll(mouse, at: time) }
    }

    /// Looks for the search's next (or previous) match after (before) the current one, off the loop.
    private mutating func find(forward: Bool) {
        guard let search else { note = "no search yet: / to search"; return }
        let file = self.file
        let top = index.range(ofRecord: Swift.max(0, view.window.firstRow)).lowerBound
        let from = matchOffset.map { forward ? $0 + 1 : $0 } ?? (forward ? top : top)
        searching = true
        work.append(.start(Work(id: "search") { progress -> SearchStep? in
            let size = Swift.max(1, file.size)
            do {
                let found = forward
                    ? try search.first(in: file, from: from) { progress.report(Double($0) / Double(size)) }
                    : try search.last(in: file, before: from) { progress.report(1 - Double($0) / Double(size)) }
                return SearchStep(offset: found, failure: nil)
            } catch {
                return SearchStep(offset: nil, failure: "\(error)")
            }
        }))
    }

    struct SearchStep: Sendable {
        var offset: UInt64?
        var failure: String?
    }

    private mutating func handleWork(_ update: WorkUpdate, at time: Double) {
        switch update {
        case .finished("spool", _), .cancelled("spool"):
            spooling = false
            nextSizeCheck = 0
        case let .finished("index", value):
            guard let step = value as? FileViewer.IndexStep else { return }
            index = step.index
            if let failure = step.failure { note = failure; indexing = false }
            else if index.isFinished { indexing = false; nextSizeCheck = time + FileViewer.sizeCheckInterval }
            else { work.append(.start(Self.indexWork(file: file, from: index))) }
            if following { view.scroll.perform(.bottom, time: time) }
        case let .finished("search", value):
            searching = false
            guard let step = value as? SearchStep else { return }
            if let failure = step.failure { note = failure; return }
            guard let offset = step.offset, let line = index.record(containing: offset) else {
                note = "not found: \(String(decoding: search?.needle ?? [], as: UTF8.self))"
                return
            }
            matchOffset = offset
            view.content.match = line
            // The match's line a third of the way down, as a pager shows it.
            let rows = Swift.max(1, view.frame.rows)
            let y = Double(Swift.max(0, line - rows / 3)) * 16
            do { try view.scroll.setOffset(Point(x: view.scroll.offset.x, y: y), animated: true, time: time) } catch { note = "\(error)" }
            note = "match on line \(grouped(line + 1))"
        case .cancelled("search"):
            searching = false
        default: break
        }
    }

    mutating func tick(at time: Double) {
        view.tick(at: time)
        guard !indexing, time >= nextSizeCheck else { return }
        nextSizeCheck = time + FileViewer.sizeCheckInterval
        let size = file.size
        if name == file.path && file.isReplaced {
            note = "the file was replaced or removed since it was opened; this is the file as it was (open it again for the new one)"
            return
        }
        if size > index.scanned {
            index.resume()
            indexing = true
            work.append(.start(Self.indexWork(file: file, from: index)))
        } else if size < index.scanned {
            note = "the file is now \(grouped(Int(clamping: size))) bytes, shorter than the \(grouped(Int(clamping: index.scanned))) read: it was cut or replaced; open it again"
        }
    }

    mutating func render(into buffer: inout Buffer, at time: Double) {
        let parts = buffer.area.rows([.fill, .fixed(1)])
        let lines = index.count
        view.content.gutter = Swift.max(4, String(lines).count)
        // The lines the window shows (and a screen more, for wrapped ones that fill less).
        let first = Swift.max(0, CellMetrics().rows(forPoints: view.scroll.offset.y))
        let count = Swift.max(0, Swift.min(lines - first, parts[0].rows + 1))
        view.content.first = first
        view.content.shown = (0..<count).map { line(first + $0) }
        widest = Swift.max(widest, view.content.shown.map { displayWidth($0) }.max() ?? 0)
        let textWidth = view.content.wraps ? parts[0].columns : widest + view.content.gutter + 4
        let size = Size(width: Double(Swift.max(textWidth, parts[0].columns)) * 8, height: Double(lines) * 16)
        if view.scroll.contentSize != size { view.scroll.contentSize = size }
        view.render(in: parts[0], into: &buffer, at: time)
        if var typing = field {
            typing.render(in: parts[1], into: &buffer, at: time)
            field = typing
            return
        }
        buffer.fill(parts[1], with: .blank(theme.secondary))
        buffer.draw(" " + status.truncated(toWidth: Swift.max(0, parts[1].columns - 1)), column: parts[1].column, row: parts[1].row, style: theme.secondary, clip: parts[1])
    }

    var status: String {
        var parts = [name, "\(grouped(index.count)) lines" + (indexing ? " so far" : "")]
        let top = Swift.max(0, CellMetrics().rows(forPoints: view.scroll.offset.y))
        if index.count > 0 { parts.append("line \(grouped(Swift.min(index.count, top + 1)))") }
        if indexing { parts.append("indexing \(Int(Double(index.scanned) / Double(Swift.max(1, file.size)) * 100))%") }
        if searching { parts.append("searching… (Esc cancels)") }
        if following { parts.append("following the end (F stops)") }
        if spooling { parts.append("reading standard input…") }
        if let note { parts.append(note) }
        parts.append("/ search · w wrap · q quits")
        return parts.joined(separator: " · ")
    }

    var isAnimating: Bool { view.isAnimating }
    var wakeTime: Double? { [view.wakeTime, indexing ? nil : nextSizeCheck].compactMap { $0 }.min() }
    var cursorPosition: CellPosition? { field?.cursorPosition }

    mutating func takeWork() -> [WorkRequest] {
        defer { work = [] }
        return work
    }
}
