import Scrollwork
import ScrollworkWidgets

/// The scroll view page's document: a scroll view of wrapped text whose select mode (`v`) turns
/// a drag into a line selection that scrolls by itself near the edges (auto-scroll).
struct DocumentView: WrappingWidget {
    var view: ScrollView<DocumentText>
    /// Select mode: a press and drag selects lines instead of scrolling.
    var selecting = false
    var anchor = 0
    /// The pointer's row while a selection drag is under way.
    var pointerRow: Int? = nil
    /// The row the selection drag was pressed on.
    var pressRow = 0

    /// The points of document lines `range`.
    static func rect(lines range: ClosedRange<Int>, metrics: CellMetrics) -> Rect {
        Rect(x: 0, y: Double(range.lowerBound) * metrics.cellHeight, width: metrics.cellWidth, height: Double(range.count) * metrics.cellHeight)
    }

    /// Wraps the text to `width` columns (once per width) and sizes the content to it.
    mutating func layout(width: Int, metrics: CellMetrics) {
        guard width != view.content.wrapWidth else { return }
        view.content.wrapWidth = width
        (view.content.lines, view.content.carouselStart) = GalleryDocument.lines(width: width, carouselRows: view.content.carouselRows)
        view.scroll.contentSize = Size(width: 0, height: Double(view.content.lines.count) * metrics.cellHeight)
    }

    mutating func render(in area: CellRect, into buffer: inout Buffer, at time: Double) {
        let size = view.metrics.size(of: area)
        if view.scroll.viewportSize != size { view.scroll.viewportSize = size }
        let width = view.scroll.spanningContentWidth(height: view.scroll.contentSize.height)
        if view.scroll.contentSize.width != width { view.scroll.contentSize.width = width }
        view.render(in: area, into: &buffer, at: time)
    }

    mutating func tick(at time: Double) {
        view.tick(at: time)
        // While auto-scrolling, the selection keeps following the line under the pointer.
        if let row = pointerRow { extendSelection(toRow: row) }
    }

    /// Scrolls the selection back into view; true when it had to move.
    mutating func reveal(_ lines: ClosedRange<Int>, at time: Double, metrics: CellMetrics) throws(ScrollInputError) -> Bool {
        try view.scroll.revealSelection(Self.rect(lines: lines, metrics: metrics), time: time)
    }

    /// True when a drag selects lines: in select mode, and always under the macOS idiom, where
    /// a mouse drag on text selects as in AppKit (the wheel and the scroller scroll). The
    /// touch idioms drag the content, as the iOS Simulator does.
    var dragSelects: Bool { selecting || view.idiom == .macOS }

    mutating func handle(_ event: Event, at time: Double) -> EventResult {
        guard dragSelects, case let .mouse(mouse) = event else { return view.handle(event, at: time) }
        let content = view.contentRect
        switch mouse.kind {
        case .press where mouse.button == .left && content.contains(column: mouse.column, row: mouse.row)
            && view.scroll.indicatorHit(at: view.metrics.point(of: mouse, in: view.frame)) == nil:
            anchor = line(atRow: mouse.row)
            view.content.selection = anchor...anchor
            pointerRow = mouse.row
            pressRow = mouse.row
        case .drag where pointerRow != nil:
            pointerRow = mouse.row
            view.scroll.autoScroll(pointer: view.metrics.point(column: mouse.column, row: mouse.row, in: frame), at: time)
            extendSelection(toRow: mouse.row)
        case .release where pointerRow != nil:
            view.scroll.endAutoScroll(at: time)
            pointerRow = nil
            // Outside select mode a click, like AppKit's, places the caret: nothing stays selected.
            if !selecting, mouse.row == pressRow, view.content.selection?.count == 1 { view.content.selection = nil }
        default:
            return view.handle(event, at: time)
        }
        return .handled
    }

    /// The document line at screen row `row`, within the document.
    private func line(atRow row: Int) -> Int {
        let y = view.scroll.offset.y + (Double(row - view.frame.row) + 0.5) * view.metrics.cellHeight
        let index = view.metrics.rows(forPoints: y)
        return min(max(index, 0), max(0, view.content.lines.count - 1))
    }

    private mutating func extendSelection(toRow row: Int) {
        let current = line(atRow: min(max(row, frame.row), frame.maxRow - 1))
        view.content.selection = min(anchor, current)...max(anchor, current)
    }
}

/// The document's lines, its selection and the caret of type mode; the carousel lines are left
/// blank for the carousel drawn over them.
struct DocumentText: ScrollContent {
    var theme: Theme
    var lines: [String] = []
    var wrapWidth = 0
    var carouselStart = 0
    let carouselRows = 5
    var selection: ClosedRange<Int>? = nil
    var caretLine: Int? = nil

    func draw(_ window: ScrollWindow, into buffer: inout Buffer, at time: Double) {
        for r in 0..<window.rect.rows {
            let index = window.firstRow + r
            guard index >= 0 && index < lines.count, !(carouselStart..<carouselStart + carouselRows).contains(index) else { continue }
            let row = window.rect.row + r
            var style = theme.text
            let selected = selection?.contains(index) == true
            if selected { style = theme.selection }
            if lines[index].hasPrefix("#") { style.bold = true }
            if selected { buffer.fill(CellRect(column: window.rect.column, row: row, columns: window.rect.columns - 1, rows: 1), with: .blank(style)) }
            buffer.draw(" " + lines[index], column: window.rect.column, row: row, style: style, clip: window.rect)
            if caretLine == index { buffer.draw("▏", column: window.rect.column, row: row, style: theme.accent, clip: window.rect) }
        }
    }
}

/// Cards side by side, five lines tall; `skippedLines` of them are scrolled off above.
struct Carousel: ScrollContent {
    var theme: Theme
    let cards = 12
    let cardWidth = 22
    var skippedLines = 0

    func draw(_ window: ScrollWindow, into buffer: inout Buffer, at time: Double) {
        for r in 0..<window.rect.rows {
            let line = r + skippedLines
            for card in 0..<cards {
                let x = window.rect.column + card * cardWidth - window.firstColumn
                guard x + cardWidth > window.rect.column, x < window.rect.maxColumn else { continue }
                let w = cardWidth - 2
                let text: String
                switch line {
                case 0: text = "╭" + String(repeating: "─", count: w - 2) + "╮"
                case 4: text = "╰" + String(repeating: "─", count: w - 2) + "╯"
                case 2: text = "│" + " Card \(card + 1) of \(cards)".fitted(toWidth: w - 2) + "│"
                default: text = "│" + String(repeating: " ", count: w - 2) + "│"
                }
                buffer.draw(text, column: x, row: window.rect.row + r, style: line == 2 ? theme.header : theme.secondary, clip: window.rect)
            }
        }
    }
}

/// The zoomable grid: a scroll view whose Ctrl+wheel pinches and double-click zooms (×1.5).
struct GridView: WrappingWidget {
    var view: ScrollView<ZoomGrid>
    var lastPress: (time: Double, column: Int, row: Int)? = nil
    /// The last zoom call that failed, for the status line.
    var failure: ScrollInputError? = nil


    /// Zooms by `factor` about the centre, animated.
    mutating func zoom(by factor: Double, at time: Double) {
        do { try view.scroll.zoom(by: factor, at: time) } catch { failure = error }
    }

    mutating func handle(_ event: Event, at time: Double) -> EventResult {
        guard case let .mouse(mouse) = event else { return view.handle(event, at: time) }
        let anchor = view.metrics.point(column: mouse.column, row: mouse.row, in: frame)
        switch mouse.kind {
        case let .wheel(direction) where mouse.modifiers.contains(.control):
            view.scroll.beginZoom(at: time)
            do { try view.scroll.zoom(scale: direction == .up ? 1.1 : 1 / 1.1, anchor: anchor, at: time) } catch { failure = error }
            view.scroll.endZoom(anchor: anchor, at: time)
            return .handled
        case .press:
            if let last = lastPress, time - last.time < 0.4, last.column == mouse.column, last.row == mouse.row {
                view.scroll.doubleTapZoom(at: anchor, time: time)
                lastPress = nil
                return .handled
            }
            lastPress = (time, mouse.column, mouse.row)
            return view.handle(event, at: time)
        default:
            return view.handle(event, at: time)
        }
    }
}

/// A 512-point checkerboard with lines every 64 points, drawn at the zoom scale.
struct ZoomGrid: ScrollContent {
    var theme: Theme

    func draw(_ window: ScrollWindow, into buffer: inout Buffer, at time: Double) {
        let scale = window.zoomScale, m = window.metrics
        for r in 0..<window.rect.rows {
            for c in 0..<window.rect.columns {
                let x0 = (window.offset.x + Double(c) * m.cellWidth) / scale, x1 = (window.offset.x + Double(c + 1) * m.cellWidth) / scale
                let y0 = (window.offset.y + Double(r) * m.cellHeight) / scale, y1 = (window.offset.y + Double(r + 1) * m.cellHeight) / scale
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
