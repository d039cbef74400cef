import Scrollwork
import ScrollworkTerminal

/// A long document with transient indicators, elastic edges, paging with a one-line overlap and
/// flick by mouse; a carousel nested in it; selection with auto-scroll; search that reveals
/// minimally; a floating toolbar with a soft edge; and a zoomable grid.
struct ScrollViewPage: GalleryPage {
    static let title = "Scroll view"
    static let guidelines = ["SV-01", "SV-02", "SV-03", "SV-04", "SV-05", "SV-06a", "SV-06b", "SV-06c", "SV-06d", "SV-06e", "SV-07", "SV-08", "SV-16", "LT-06"]
    static let help = [
        "Drag the text with the mouse and let go: it flicks, slows down, and bounces at the ends.",
        "Wheel, ↑ ↓, PgUp PgDn, Space, Home End scroll; a page keeps one line.",
        "Shift-Space pages back where the terminal reports it (kitty keyboard protocol, modifyOtherKeys).",
        "p paging mode on/off · f flash the indicators",
        "Drag the cards sideways: the carousel scrolls; drag up or down: the document does.",
        "v then drag: select lines; drag past an edge and the text follows the pointer.",
        "/ search (Enter finds, n next) · Enter acts on the selection (brings it back first)",
        "i then type: typing at an insertion point off screen scrolls back to it; Esc stops.",
        "Over the grid: + and - zoom, double-click zooms ×1.5, Ctrl+wheel pinches.",
    ]

    var style: GalleryStyle
    var nested: NestedScrollCoordinator
    var grid: ScrollState
    var lines: [String] = []
    var carouselStart = 0
    let carouselRows = 5
    let cardWidth = 22
    let cards = 12
    var wrapWidth = 0
    var capture: PointerCapture? = nil
    var pressedIn: Region? = nil
    var lastPress: (time: Double, column: Int, row: Int)? = nil
    var selecting = false
    var selection: ClosedRange<Int>? = nil
    var selectionAnchor = 0
    var pointerRow: Int? = nil
    var searching = false
    var query = ""
    var inserting = false
    var caretLine: Int? = nil
    var typed = ""
    var message = ""
    var layout = Layout()

    enum Region { case document, carousel, grid }

    struct Layout {
        var toolbar = CellRect(column: 0, row: 0, columns: 0, rows: 0)
        var document = CellRect(column: 0, row: 0, columns: 0, rows: 0)
        var grid = CellRect(column: 0, row: 0, columns: 0, rows: 0)
        var gridTitle = CellRect(column: 0, row: 0, columns: 0, rows: 0)
    }

    init(style: GalleryStyle) {
        self.style = style
        var document = style.idiom.scrollState(viewport: .zero, content: .zero)
        document.bounces = .vertical
        let carousel = ScrollState(viewport: .zero, content: .zero)
        nested = NestedScrollCoordinator(outer: document, inner: carousel)
        grid = ScrollState(viewport: .zero, content: Size(width: 512, height: 512))
        grid.minimumZoomScale = 0.25
        grid.maximumZoomScale = 4
    }

    var isEditingText: Bool { searching || inserting }

    var document: ScrollState {
        get { nested.outer }
        set { nested.outer = newValue }
    }

    var status: String {
        if searching { return "Search: \(query)▏  (Enter find · Esc cancel)" }
        if inserting { return "Typing at line \((caretLine ?? 0) + 1): \(typed)▏  (Esc stops)" }
        let line = Int(saturating: document.offset.y / 16) + 1
        var parts = ["line \(max(1, line)) of \(lines.count)", document.isPagingEnabled ? "paging on" : "paging off",
                     String(format3(grid.zoomScale))]
        if selecting { parts.append("select mode") }
        if let s = selection { parts.append("selected \(s.lowerBound + 1)–\(s.upperBound + 1)") }
        if !message.isEmpty { parts.append(message) }
        return parts.joined(separator: " · ")
    }

    private func format3(_ scale: Double) -> String {
        let hundredths = Int(saturating: (scale * 100).rounded())
        return "zoom ×\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    var isAnimating: Bool { nested.outer.isAnimating || nested.inner.isAnimating || grid.isAnimating }
    var wakeTime: Double? { [nested.outer.wakeTime, nested.inner.wakeTime, grid.wakeTime].compactMap { $0 }.min() }

    mutating func appear(at time: Double) {
        try? nested.outer.flashIndicators(at: time)
        try? grid.flashIndicators(at: time)
    }

    mutating func tick(at time: Double) {
        nested.tick(at: time)
        grid.tick(at: time)
        // While auto-scrolling, the selection keeps following the line under the pointer.
        if pressedIn == .document, selecting, let row = pointerRow { extendSelection(toRow: row) }
    }

    // MARK: Layout

    mutating func relayout(_ area: CellRect) {
        let gridWidth = area.columns >= 90 ? max(28, area.columns / 3) : 0
        let left = CellRect(column: area.column, row: area.row, columns: area.columns - gridWidth - (gridWidth > 0 ? 1 : 0), rows: area.rows)
        layout.toolbar = CellRect(column: left.column, row: left.row, columns: left.columns, rows: 1)
        layout.document = left.inset(top: 1)
        layout.gridTitle = CellRect(column: left.maxColumn + 1, row: area.row, columns: gridWidth, rows: 1)
        layout.grid = CellRect(column: left.maxColumn + 1, row: area.row + 1, columns: gridWidth, rows: area.rows - 1)
        let width = max(10, layout.document.columns - 2)
        if width != wrapWidth {
            wrapWidth = width
            (lines, carouselStart) = GalleryDocument.lines(width: width, carouselRows: carouselRows)
        }
        let metrics = CellMetrics()
        let docSize = metrics.size(of: layout.document)
        if document.viewportSize != docSize {
            nested.outer.viewportSize = docSize
            nested.outer.contentSize = Size(width: docSize.width, height: Double(lines.count) * 16)
        }
        nested.inner.viewportSize = Size(width: docSize.width - 16, height: Double(carouselRows) * 16)
        nested.inner.contentSize = Size(width: Double(cards * cardWidth) * 8, height: Double(carouselRows) * 16)
        nested.inner.pageOverlap = Size(width: 0, height: 0)
        ScrollViewWidget(theme: style.theme).layout(&grid, in: layout.grid)
    }

    // MARK: Drawing

    mutating func draw(into buffer: inout Buffer, area: CellRect, at time: Double) {
        relayout(area)
        let theme = style.theme
        let widget = ScrollViewWidget(theme: theme)
        let doc = document
        widget.draw(doc, in: layout.document, into: &buffer) { buffer, window in
            for r in 0..<window.rect.rows {
                let index = window.firstRow + r
                guard index >= 0 && index < lines.count else { continue }
                let row = window.rect.row + r
                if index >= carouselStart && index < carouselStart + carouselRows {
                    drawCarousel(line: index - carouselStart, row: row, in: window.rect, into: &buffer)
                    continue
                }
                var lineStyle = theme.text
                if let s = selection, s.contains(index) { lineStyle = theme.selection }
                if lines[index].hasPrefix("#") { lineStyle.bold = true }
                if selection?.contains(index) == true { buffer.fill(CellRect(column: window.rect.column, row: row, columns: window.rect.columns - 1, rows: 1), with: .blank(lineStyle)) }
                buffer.draw(" " + lines[index], column: window.rect.column, row: row, style: lineStyle, clip: window.rect)
                if caretLine == index, inserting { buffer.draw("▏", column: window.rect.column, row: row, style: theme.accent, clip: window.rect) }
            }
        }
        // The floating toolbar and its soft edge (SV-08).
        buffer.fill(layout.toolbar, with: .blank(theme.focus))
        var bar = theme.header
        bar.background = theme.focus.background
        buffer.draw(" ◧ Document   p paging · v select · / search · i type · f flash", column: layout.toolbar.column, row: layout.toolbar.row, style: bar, clip: layout.toolbar)
        let edge = ScrollEdgeEffect(edge: .top, floating: [.bar], depth: 32)
        EdgeEffectWidget(theme: theme).draw(edge, state: doc, idiom: style.idiom, content: layout.document, into: &buffer)
        drawGrid(into: &buffer)
    }

    private func drawCarousel(line: Int, row: Int, in rect: CellRect, into buffer: inout Buffer) {
        let inner = nested.inner
        let left = rect.column + 1
        let clip = CellRect(column: left, row: row, columns: rect.columns - 3, rows: 1)
        let shift = Int(saturating: (inner.offset.x / 8).rounded(.down))
        for card in 0..<cards {
            let x = left + card * cardWidth - shift
            guard x + cardWidth > clip.column, x < clip.maxColumn else { continue }
            let w = cardWidth - 2
            let text: String
            switch line {
            case 0: text = "╭" + String(repeating: "─", count: w - 2) + "╮"
            case 4: text = "╰" + String(repeating: "─", count: w - 2) + "╯"
            case 2: text = "│" + " Card \(card + 1) of \(cards)".fitted(toWidth: w - 2) + "│"
            default: text = "│" + String(repeating: " ", count: w - 2) + "│"
            }
            buffer.draw(text, column: x, row: row, style: line == 2 ? style.theme.header : style.theme.secondary, clip: clip)
        }
    }

    private func drawGrid(into buffer: inout Buffer) {
        guard !layout.grid.isEmpty else { return }
        let theme = style.theme
        buffer.fill(CellRect(column: layout.grid.column - 1, row: layout.gridTitle.row, columns: 1, rows: layout.grid.rows + 1), with: Cell("│", style: theme.separator))
        buffer.fill(layout.gridTitle, with: .blank(theme.focus))
        var title = theme.header
        title.background = theme.focus.background
        buffer.draw(" Zoomable grid · \(format3(grid.zoomScale))", column: layout.gridTitle.column, row: layout.gridTitle.row, style: title, clip: layout.gridTitle)
        let scale = grid.zoomScale
        let g = grid
        ScrollViewWidget(theme: theme).draw(g, in: layout.grid, into: &buffer) { buffer, window in
            for r in 0..<window.rect.rows {
                for c in 0..<window.rect.columns {
                    let x0 = (g.offset.x + Double(c) * 8) / scale, x1 = (g.offset.x + Double(c + 1) * 8) / scale
                    let y0 = (g.offset.y + Double(r) * 16) / scale, y1 = (g.offset.y + Double(r + 1) * 16) / scale
                    guard x1 > 0, y1 > 0, x0 < 512, y0 < 512 else { continue }
                    let vertical = (x0 / 64).rounded(.up) * 64 < x1
                    let horizontal = (y0 / 64).rounded(.up) * 64 < y1
                    let symbol: String
                    if vertical && horizontal { symbol = "┼" } else if vertical { symbol = "│" } else if horizontal { symbol = "─" } else {
                        let square = Int(saturating: (x0 + x1) / 128) + Int(saturating: (y0 + y1) / 128)
                        symbol = square % 2 == 0 ? "░" : " "
                    }
                    buffer.draw(symbol, column: window.rect.column + c, row: window.rect.row + r, style: theme.secondary, clip: window.rect)
                }
            }
        }
    }

    // MARK: Input

    mutating func handle(_ event: Event, in area: CellRect, at time: Double) -> Bool {
        switch event {
        case let .key(key): return handleKey(key, at: time)
        case let .mouse(mouse): return handleMouse(mouse, at: time)
        case let .paste(text):
            if searching { query += text; return true }
            if inserting { try? revealCaret(at: time); typed += text; return true }
            return false
        default: return false
        }
    }

    private mutating func handleKey(_ key: KeyEvent, at time: Double) -> Bool {
        if searching {
            switch key.key {
            case .escape: searching = false
            case .enter: searching = false; find(at: time)
            case .backspace: if !query.isEmpty { query.removeLast() }
            case let .character(c) where !key.modifiers.contains(.control): query.append(c)
            default: break
            }
            return true
        }
        if inserting {
            switch key.key {
            case .escape, .enter: inserting = false
            case .backspace: try? revealCaret(at: time); if !typed.isEmpty { typed.removeLast() }
            case let .character(c) where !key.modifiers.contains(.control): try? revealCaret(at: time); typed.append(c)
            default: return false
            }
            return true
        }
        switch key.key {
        case .character("+"), .character("="): try? grid.zoom(by: 1.25, at: time); return true
        case .character("-"): try? grid.zoom(by: 1 / 1.25, at: time); return true
        case .character("p"): nested.outer.isPagingEnabled.toggle(); message = ""; return true
        case .character("f"): try? nested.outer.flashIndicators(at: time); try? grid.flashIndicators(at: time); return true
        case .character("v"): selecting.toggle(); message = selecting ? "drag to select" : ""; return true
        case .character("/"): searching = true; query = ""; return true
        case .character("n"): find(at: time); return true
        case .character("i"):
            inserting = true
            typed = ""
            caretLine = selection?.lowerBound ?? max(0, Int(saturating: document.offset.y / 16))
            return true
        case .enter:
            guard let s = selection else { return false }
            let moved = (try? nested.outer.revealSelection(rect(lines: s), time: time)) ?? false
            message = "acted on lines \(s.lowerBound + 1)–\(s.upperBound + 1)" + (moved ? " (brought back first)" : "")
            return true
        case .escape: selection = nil; selecting = false; message = ""; return true
        default:
            guard let command = ScrollViewWidget.command(for: key) else { return false }
            try? nested.outer.perform(command, time: time)
            return true
        }
    }

    private mutating func handleMouse(_ mouse: MouseEvent, at time: Double) -> Bool {
        let widget = ScrollViewWidget(theme: style.theme)
        let inDocument = layout.document.contains(column: mouse.column, row: mouse.row)
        let inGrid = layout.grid.contains(column: mouse.column, row: mouse.row)
        let metrics = CellMetrics()
        switch mouse.kind {
        case let .wheel(direction):
            if inGrid {
                if mouse.modifiers.contains(.control) {
                    let anchor = metrics.point(column: mouse.column, row: mouse.row, in: layout.grid)
                    try? grid.beginZoom(at: time)
                    try? grid.zoom(scale: direction == .up ? 1.1 : 1 / 1.1, anchor: anchor, at: time)
                    try? grid.endZoom(anchor: anchor, at: time)
                    return true
                }
                return widget.handle(mouse, in: layout.grid, state: &grid, capture: &capture, at: time)
            }
            guard inDocument else { return false }
            let horizontal = direction == .left || direction == .right || mouse.modifiers.contains(.shift)
            if horizontal, carouselLine(row: mouse.row) != nil {
                let step: Double = (direction == .left || direction == .up) ? -1 : 1
                try? nested.inner.wheel(notches: Point(x: step, y: 0), at: time)
                return true
            }
            return widget.handle(mouse, in: layout.document, state: &nested.outer, capture: &capture, at: time)
        case .press:
            if inGrid {
                if let last = lastPress, time - last.time < 0.4, last.column == mouse.column, last.row == mouse.row {
                    try? grid.doubleTapZoom(at: metrics.point(column: mouse.column, row: mouse.row, in: layout.grid), time: time)
                    lastPress = nil
                    return true
                }
                lastPress = (time, mouse.column, mouse.row)
                pressedIn = .grid
                return widget.handle(mouse, in: layout.grid, state: &grid, capture: &capture, at: time)
            }
            guard inDocument else { return false }
            if selecting, mouse.column < layout.document.maxColumn - 1 {
                pressedIn = .document
                selectionAnchor = line(atRow: mouse.row)
                selection = selectionAnchor...selectionAnchor
                pointerRow = mouse.row
                capture = PointerCapture(.content, column: mouse.column, row: mouse.row)
                return true
            }
            if carouselLine(row: mouse.row) != nil {
                pressedIn = .carousel
                try? nested.beginDrag(at: metrics.point(column: mouse.column, row: mouse.row, in: layout.document), time: time)
                return true
            }
            pressedIn = .document
            return widget.handle(mouse, in: layout.document, state: &nested.outer, capture: &capture, at: time)
        case .drag:
            switch pressedIn {
            case .carousel?:
                try? nested.drag(to: metrics.point(column: mouse.column, row: mouse.row, in: layout.document), time: time)
                return true
            case .document? where selecting:
                pointerRow = mouse.row
                try? nested.outer.autoScroll(pointer: metrics.point(column: mouse.column, row: mouse.row, in: layout.document), at: time)
                extendSelection(toRow: mouse.row)
                return true
            case .grid?: return widget.handle(mouse, in: layout.grid, state: &grid, capture: &capture, at: time)
            case .document?: return widget.handle(mouse, in: layout.document, state: &nested.outer, capture: &capture, at: time)
            case nil: return false
            }
        case .release:
            defer { pressedIn = nil; pointerRow = nil }
            switch pressedIn {
            case .carousel?: try? nested.endDrag(time: time); return true
            case .document? where selecting:
                try? nested.outer.endAutoScroll(at: time)
                capture = nil
                return true
            case .grid?: return widget.handle(mouse, in: layout.grid, state: &grid, capture: &capture, at: time)
            case .document?: return widget.handle(mouse, in: layout.document, state: &nested.outer, capture: &capture, at: time)
            case nil: return false
            }
        case .move:
            return false
        }
    }

    // MARK: Helpers

    private func line(atRow row: Int) -> Int {
        let index = Int(saturating: ((document.offset.y + (Double(row - layout.document.row) + 0.5) * 16) / 16).rounded(.down))
        return min(max(index, 0), max(0, lines.count - 1))
    }

    private func carouselLine(row: Int) -> Int? {
        let index = line(atRow: row) - carouselStart
        return index >= 0 && index < carouselRows ? index : nil
    }

    private mutating func extendSelection(toRow row: Int) {
        let clamped = min(max(row, layout.document.row), layout.document.maxRow - 1)
        let current = line(atRow: clamped)
        selection = min(selectionAnchor, current)...max(selectionAnchor, current)
    }

    private func rect(lines range: ClosedRange<Int>) -> Rect {
        Rect(x: 0, y: Double(range.lowerBound) * 16, width: 8, height: Double(range.count) * 16)
    }

    private mutating func revealCaret(at time: Double) throws {
        guard let caret = caretLine else { return }
        try nested.outer.revealInsertionPoint(rect(lines: caret...caret), time: time)
    }

    private mutating func find(at time: Double) {
        guard !query.isEmpty else { return }
        // The document is re-wrapped at each width, so a selection may lie past its end.
        let start = min((selection?.upperBound ?? -1) + 1, lines.count)
        let needle = query.lowercased()
        let order = Array(start..<lines.count) + Array(0..<min(start, lines.count))
        guard let hit = order.first(where: { lines[$0].lowercased().contains(needle) }) else {
            message = "no match for “\(query)”"
            return
        }
        selection = hit...hit
        let moved = (try? nested.outer.scrollToVisible(rect(lines: hit...hit), policy: .minimal, time: time)) ?? false
        message = "match on line \(hit + 1)" + (moved ? "" : " (already visible: no scroll)")
    }
}
