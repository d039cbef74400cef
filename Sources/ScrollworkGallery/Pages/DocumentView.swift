import Scrollwork
import ScrollworkWidgets

/// The scroll view page's document: a scroll view of wrapped text whose select mode (`v`) turns
/// a drag into a line selection that scrolls by itself near the edges (auto-scroll). A terminal
/// wraps it in cells, one line a row; a pixel host in points, in the body type on its leading.
struct DocumentView: WrappingWidget {
    var view: ScrollView<DocumentText>
    /// Select mode: a press and drag selects lines instead of scrolling.
    var selecting = false
    /// The pointer's height in points below the view's top while a selection drag is under way.
    var pointerY: Double? = nil
    /// Where the selection by characters started: the end that stays while the other moves.
    var anchorPosition = TextPosition(line: 0, offset: 0)
    /// The pointer across the view, in points, while a selection drag is under way.
    var pointerX = 0.0
    /// The last press on the text: when, where, and how many presses in a row (2 a word, 3 a line).
    var lastClick: (time: Double, line: Int, count: Int)? = nil
    /// True once the press on the text has been dragged.
    var dragged = false

    /// The height of a document line in points.
    var lineHeight: Double { view.content.lineHeight }

    /// The points of document lines `range`.
    func rect(lines range: ClosedRange<Int>) -> Rect {
        Rect(x: 0, y: Double(range.lowerBound) * lineHeight, width: view.metrics.cellWidth, height: Double(range.count) * lineHeight)
    }

    /// The line at the top of the view, or at `offset` points down the document.
    func line(atOffset offset: Double) -> Int { Int(flooringSaturating: offset / lineHeight) }

    /// Wraps the text with `measurer` to the width of `box` less `inset` before it and
    /// `trailing` after it (the idiom's margins: a cell each on a grid), once per width and type
    /// size, and sizes the content to it. Lines are as tall as the body type leads: Apple's text
    /// styles lead Body 17 on 22 points (iOS) and 13 on 16 (macOS), about 1.27 times the size;
    /// a cell on a grid.
    mutating func layout(box: Rect, measurer m: TextMeasurer, inset: Double, trailing: Double) {
        let key = DocumentText.WrapKey(width: box.width, body: m.size(.body), inset: inset, trailing: trailing)
        guard key != view.content.wrapKey else { return }
        view.content.wrapKey = key
        let lineHeight = Swift.max(m.lineHeight(.body), (m.size(.body) * 1.27).rounded())
        view.content.lineHeight = lineHeight > 0 ? lineHeight : view.metrics.cellHeight
        view.content.carouselRows = Swift.max(3, Int((DocumentText.carouselHeight / view.content.lineHeight).rounded(.up)))
        (view.content.inset, view.content.trailing) = (inset, trailing)
        let width = box.width - inset - trailing
        // A heading is measured with its "#"s, which are not drawn: it may break a little early.
        // Too narrow to wrap (under three characters of the body), a paragraph is cut instead.
        let wraps = width >= 3 * m.width(of: "M", font: .body)
        let wrapped = GalleryDocument.lines(carouselRows: view.content.carouselRows, wrap: { text in
            let font: FontRole = text.hasPrefix("#") ? .headline : .body
            return wraps ? m.wrapped(text, toWidth: width, font: font) : [m.truncated(text, toWidth: width, font: font)]
        }, fit: { m.truncated($0, toWidth: width, font: .body) })
        (view.content.lines, view.content.carouselStart, view.content.clusterStart) = (wrapped.lines, wrapped.carouselStart, wrapped.clusterStart)
        view.content.measurer = m
        // Offsets into lines wrapped at another width would select other characters.
        view.content.characters = nil
        view.scroll.lineStep = Size(width: view.metrics.cellWidth, height: view.content.lineHeight)
        view.scroll.contentSize = Size(width: 0, height: Double(view.content.lines.count) * view.content.lineHeight)
    }

    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        let size = canvas.aligned(bounds).size
        if view.scroll.viewportSize != size { view.scroll.viewportSize = size }
        let width = view.scroll.spanningContentWidth(height: view.scroll.contentSize.height)
        if view.scroll.contentSize.width != width { view.scroll.contentSize.width = width }
        view.render(in: bounds, into: &canvas, at: time)
    }

    mutating func tick(at time: Double) -> Reply<Never> {
        // While a drag auto-scrolls, the selection keeps following the text under the pointer
        // (a press not yet dragged leaves a double click's word as it is).
        defer { if let y = pointerY, dragged { extendSelection(toY: y) } }
        return view.tick(at: time)
    }

    /// Scrolls the selection back into view; true when it had to move.
    mutating func reveal(_ lines: ClosedRange<Int>, at time: Double) throws(ScrollInputError) -> Bool {
        try view.scroll.revealSelection(rect(lines: lines), time: time)
    }

    /// True when a drag selects lines: in select mode, and always under the macOS idiom, where
    /// a mouse drag on text selects as in AppKit (the wheel and the scroller scroll). The
    /// touch idioms drag the content, as the iOS Simulator does.
    var dragSelects: Bool { selecting || view.idiom == .macOS }

    /// The I-beam over the text where a drag selects it; the scroll view's shape elsewhere.
    mutating func pointerShape(at point: Point) -> PointerShape {
        dragSelects && view.window.box.contains(point) ? .iBeam : view.pointerShape(at: point)
    }

    /// What `event` does to the text (``handleSelecting(_:at:)``), offering text newly selected
    /// as the primary selection, as a desktop's text view does.
    mutating func handle(_ event: Event, at time: Double) -> Reply<Never> {
        let before = view.content.characters.map { [$0.start, $0.end] }
        var reply = handleSelecting(event, at: time)
        if let span = view.content.characters, [span.start, span.end] != before, let text = view.content.selectedText, !text.isEmpty {
            reply.ask(.select(text))
        }
        return reply
    }

    /// Selects on a drag or a press (Shift extends, a second and third press take the word and
    /// the line) and with Shift and the arrows; scrolls otherwise.
    private mutating func handleSelecting(_ event: Event, at time: Double) -> Reply<Never> {
        // A right-click is the page's: it opens the text's menu.
        if case let .mouse(mouse) = event, mouse.button == .right, mouse.kind == .press || mouse.kind == .release { return .ignored }
        if case let .key(key) = event, view.content.characters != nil, case let .extend(characters, lines)? = TextSelectionCommand.keys.command(for: key) {
            extendSelection(characters: characters, lines: lines)
            return .handled
        }
        guard dragSelects, case let .mouse(mouse) = event else { return view.handle(event, at: time) }
        let content = view.window.box
        switch mouse.kind {
        case .press where GalleryApp.chooses(mouse) && content.contains(mouse.location)
            && view.scroll.indicatorHit(at: view.point(of: mouse)) == nil:
            let point = view.point(of: mouse)
            press(at: point, extending: mouse.modifiers.contains(.shift), at: time)
            (pointerX, pointerY, dragged) = (point.x, point.y, false)
        case .drag where pointerY != nil:
            let point = view.point(of: mouse)
            (pointerX, pointerY, dragged) = (point.x, point.y, true)
            view.scroll.autoScroll(pointer: point, at: time)
            extendSelection(toY: point.y)
        case .release where pointerY != nil:
            view.scroll.endAutoScroll(at: time)
            pointerY = nil
            // Outside select mode a click, like AppKit's, places the caret: nothing stays selected.
            if !selecting, let span = view.content.characters, span.start == span.end {
                view.content.characters = nil
                view.content.selection = nil
            }
        default:
            return view.handle(event, at: time)
        }
        return .handled
    }

    /// A press on the text at `point` (the view's points): the caret there, or with Shift the
    /// selection extended to it; a second press soon after selects the word, a third the line.
    private mutating func press(at point: Point, extending: Bool, at time: Double) {
        let position = textPosition(at: point)
        let count = lastClick.map { time - $0.time <= 0.5 && $0.line == position.line ? $0.count % 3 + 1 : 1 } ?? 1
        lastClick = (time, position.line, count)
        switch count {
        case 2:
            let word = view.content.word(at: position)
            anchorPosition = word.start
            view.content.select(from: word.start, to: word.end)
        case 3:
            anchorPosition = TextPosition(line: position.line, offset: 0)
            view.content.select(from: anchorPosition, to: TextPosition(line: position.line, offset: view.content.shown(position.line).text.count))
        default:
            if extending, view.content.characters != nil {
                view.content.select(from: anchorPosition, to: position)
            } else {
                anchorPosition = position
                view.content.select(from: position, to: position)
            }
        }
    }

    /// The place in the text at `point` (the view's points), within the document's lines.
    private func textPosition(at point: Point) -> TextPosition {
        let line = line(atY: point.y)
        let measurer = view.content.measurer
        let x = point.x - view.content.inset + view.scroll.offset.x
        return TextPosition(line: line, offset: view.content.offset(atX: x, line: line, measurer: measurer))
    }

    /// Moves the selection's moving end `characters` on (across line ends) or `lines` down.
    private mutating func extendSelection(characters: Int, lines: Int) {
        guard let span = view.content.characters, !view.content.lines.isEmpty else { return }
        var head = span.start == anchorPosition ? span.end : span.start
        let last = view.content.lines.count - 1
        head.line = Swift.min(Swift.max(head.line + lines, 0), last)
        head.offset = Swift.min(head.offset, view.content.shown(head.line).text.count)
        head.offset += characters
        if head.offset < 0, head.line > 0 {
            head.line -= 1
            head.offset = view.content.shown(head.line).text.count
        } else if head.offset > view.content.shown(head.line).text.count, head.line < last {
            head.line += 1
            head.offset = 0
        }
        head.offset = Swift.min(Swift.max(head.offset, 0), view.content.shown(head.line).text.count)
        view.content.select(from: anchorPosition, to: head)
    }

    /// The document line `y` points below the view's top, within the document.
    private func line(atY y: Double) -> Int {
        min(max(line(atOffset: view.scroll.offset.y + y), 0), max(0, view.content.lines.count - 1))
    }

    /// Selects from the anchor to the character at the pointer (`pointerX`, `y`), held to the
    /// lines in view.
    private mutating func extendSelection(toY y: Double) {
        let half = view.metrics.cellHeight / 2
        let clamped = Point(x: pointerX, y: min(max(y, half), max(half, view.scroll.viewportSize.height - half)))
        view.content.select(from: anchorPosition, to: textPosition(at: clamped))
    }
}

/// The document's lines, its selection and the caret of type mode; the carousel lines are left
/// blank for the carousel drawn over them.
struct DocumentText: ScrollContent {
    /// What the lines were wrapped for: a width in points, the body's size and the margins.
    struct WrapKey: Hashable {
        var width = -1.0, body = 0.0, inset = 0.0, trailing = 0.0
    }

    /// Room kept at the trailing edge in points, clear of the scroller.
    static let trailingInset = 16.0
    /// The carousel's least height: cards about 72 points tall with 4 above and below (on a
    /// grid, five rows).
    static let carouselHeight = 80.0

    var theme: Theme
    var lines: [String] = []
    /// Where text starts from the view's leading edge in points: the layout margin of the idiom
    /// (UIKit's 16; AppKit's text views sit closer, 8).
    var inset = 8.0
    /// Room kept at the trailing edge in points: a cell on a grid (the indicator's column),
    /// ``trailingInset`` in a window.
    var trailing = 8.0
    var wrapKey = WrapKey()
    /// The height of a line in points: a cell's in a terminal, the body type's leading in points.
    var lineHeight = 16.0
    var carouselStart = 0
    var carouselRows = 5
    var clusterStart = 0
    var selection: ClosedRange<Int>? = nil
    /// The characters selected (a drag, a double-click's word, Shift+click, Shift+arrows), from
    /// the first to just past the last; nil when whole lines are (select mode, a search's hit).
    var characters: (start: TextPosition, end: TextPosition)? = nil
    /// How the lines were last measured: the host's body type (cells on a grid).
    var measurer = TextMeasurer.cells(CellMetrics())
    var caretLine: Int? = nil

    /// The lines in `window` (the carousel's blank ones left out), headings without their "#"s.
    func accessibleLines(in window: ScrollWindow) -> [String]? {
        guard lineHeight > 0, window.offset.y.isFinite else { return [] }
        let first = Swift.max(Int(flooringSaturating: window.offset.y / lineHeight), 0)
        let last = Swift.min(Int(saturating: ((window.offset.y + window.box.height) / lineHeight).rounded(.up)), lines.count)
        guard first < last else { return [] }
        let carousel = carouselStart..<carouselStart + Swift.max(carouselRows, 0)
        return (first..<last).filter { !carousel.contains($0) }.map { Self.heading(lines[$0]).map(String.init) ?? lines[$0] }
    }

    /// The lines in blocks of a hundred around `window` (the block the first line shown is in,
    /// and the next), the carousel's blank ones left out, and which is the first shown: a
    /// scroll within them moves the caret from line to line. Each line lies where it is drawn,
    /// as wide as its text measures; the characters selected are those drawn selected.
    func accessibleText(around window: ScrollWindow) -> AccessibleText? {
        guard lineHeight > 0, window.offset.y.isFinite else { return AccessibleText(lines: []) }
        let first = Swift.min(Swift.max(Int(flooringSaturating: window.offset.y / lineHeight), 0), lines.count)
        let last = Swift.min(Int(saturating: ((window.offset.y + window.box.height) / lineHeight).rounded(.up)), lines.count)
        let block = 100
        let start = first / block * block
        let end = Swift.min(Swift.max(start + 2 * block, last), lines.count)
        let carousel = carouselStart..<carouselStart + Swift.max(carouselRows, 0)
        let kept = (start..<end).filter { !carousel.contains($0) }
        let texts = kept.map { shown($0) }
        let frames = zip(kept, texts).map { index, line in
            Rect(x: window.box.minX + inset, y: window.box.minY + Double(index) * lineHeight - window.offset.y,
                 width: measurer.width(of: line.text, font: line.font), height: lineHeight)
        }
        var text = AccessibleText(lines: texts.map(\.text), firstShown: kept.filter { $0 < first }.count, lineFrames: frames)
        // The characters selected, from the first kept line that holds some to the last.
        let spans = kept.enumerated().compactMap { k, index in selectedSpan(ofLine: index).map { (k, $0) } }
        if let (k0, s0) = spans.first, let (k1, s1) = spans.last {
            text.selection = text.offset(ofLine: k0) + s0.lowerBound..<text.offset(ofLine: k1) + s1.upperBound
        }
        return text
    }

    /// A heading's text without its leading "#"s, or nil for a line that is not a heading.
    static func heading(_ line: String) -> Substring? {
        guard line.hasPrefix("#") else { return nil }
        return line.drop { $0 == "#" }.drop { $0 == " " }
    }

    /// The lines at the offset, each `lineHeight` tall: text in the body type, headings in the
    /// headline's without their "#"s, the cluster table in two columns with a rule after each,
    /// the selection filled and the caret before its line.
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let box = window.box
        guard lineHeight > 0, !lines.isEmpty else { return }
        let first = Swift.max(0, Int(flooringSaturating: window.offset.y / lineHeight))
        let last = Swift.min(lines.count - 1, Int(flooringSaturating: (window.offset.y + box.height) / lineHeight))
        guard first <= last else { return }
        let carousel = carouselStart..<carouselStart + carouselRows
        let table = clusterStart..<clusterStart + GalleryDocument.clusterSamples.count + 1
        let x = box.minX + inset, width = box.width - inset - trailing
        let m = canvas.textMeasurer
        canvas.clipped(to: box) { c in
            for index in first...last where !carousel.contains(index) {
                let top = box.minY + Double(index) * lineHeight - window.offset.y
                if let span = selectedSpan(ofLine: index), !table.contains(index) {
                    drawSelected(span, ofLine: index, x: x, top: top, width: width, box: box, measurer: m, into: &c)
                    continue
                }
                let selected = selection?.contains(index) == true
                if selected { c.fill(Rect(x: box.minX, y: top, width: box.width, height: lineHeight), theme.selection) }
                var style = selected ? theme.selection : theme.text
                func lineTop(_ font: FontRole) -> Double { top + (lineHeight - m.lineHeight(font)) / 2 }
                if table.contains(index) {
                    drawTableRow(index - table.lowerBound, x: x, top: top, style: style, measurer: m, into: &c)
                } else if let heading = Self.heading(lines[index]) {
                    if !selected { style = theme.header }
                    c.text(String(heading), at: Point(x: x, y: lineTop(.headline)), width: width, font: .headline, style: style)
                } else {
                    c.text(lines[index], at: Point(x: x, y: lineTop(.body)), width: width, style: style)
                }
                if caretLine == index { c.caret(at: Point(x: x - 4, y: top), height: lineHeight, theme.accent) }
            }
        }
    }

    /// Line `index` with the characters `span` selected: the line in its style, then the
    /// selected characters over the selection's colour (to the view's edge where the selection
    /// goes on to the next line).
    private func drawSelected(_ span: Range<Int>, ofLine index: Int, x: Double, top: Double, width: Double, box: Rect,
                              measurer m: TextMeasurer, into c: inout Canvas) {
        let (text, font) = shown(index)
        let characters = Array(text)
        let lineTop = top + (lineHeight - m.lineHeight(font)) / 2
        c.text(text, at: Point(x: x, y: lineTop), width: width, font: font, style: font == .headline ? theme.header : theme.text)
        let before = String(characters[..<span.lowerBound]), chosen = String(characters[span])
        let start = x + m.width(of: before, font: font)
        let continues = characters.count == span.upperBound && index != self.characters?.end.line
        let end = continues ? box.maxX : start + m.width(of: chosen, font: font)
        guard end > start else { return }
        c.fill(Rect(x: c.aligned(start), y: top, width: Swift.max(0, c.aligned(end) - c.aligned(start)), height: lineHeight), theme.selection)
        c.text(chosen, at: Point(x: c.aligned(start), y: lineTop), width: Swift.max(0, x + width - start), font: font, style: theme.selection)
    }

    /// Row `row` of the cluster table (0 is its heading): the cluster and its name in columns,
    /// a rule after each, from the samples rather than the cells' text, so that each column
    /// starts where it should whatever width a terminal gives a cluster.
    private func drawTableRow(_ row: Int, x: Double, top: Double, style: Style, measurer m: TextMeasurer, into c: inout Canvas) {
        let samples = GalleryDocument.clusterSamples
        let cells = row == 0 ? ("Cluster", "Name") : row - 1 < samples.count ? samples[row - 1] : ("", "")
        let font: FontRole = row == 0 ? .headline : .body
        for (text, left, width) in [(cells.0, x, 62.0), (cells.1, x + 80, 200.0)] {
            c.text(text, at: Point(x: left, y: top + (lineHeight - m.lineHeight(font)) / 2), width: width, font: font, style: style)
            c.line(from: Point(x: left + width + 4, y: top), to: Point(x: left + width + 4, y: top + lineHeight - 0.001), theme.separator, width: 0.5)
        }
    }
}

/// Cards side by side, as tall as the carousel's lines.
struct Carousel: ScrollContent {
    var theme: Theme
    let cards = 12
    let cardWidth = 22

    /// Rounded cards at the offset, each as wide as its cells less a gap, its title centred.
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let box = window.box
        let pitch = Double(cardWidth) * window.metrics.cellWidth
        let inset = canvas.alignedRow(4)
        let height = box.height - 2 * inset
        let m = canvas.textMeasurer
        let titleTop = box.minY + inset + (height - m.lineHeight(.headline)) / 2
        canvas.clipped(to: box) { c in
            for index in 0..<cards {
                let card = Rect(x: box.minX + Double(index) * pitch - window.offset.x, y: box.minY + inset, width: pitch - 16, height: height)
                guard card.maxX > box.minX, card.minX < box.maxX else { continue }
                c.fill(card, theme.groupedRow, radius: 10)
                c.stroke(card, theme.separator, width: 1, radius: 10)
                c.text("Card \(index + 1) of \(cards)", at: Point(x: card.minX + 8, y: titleTop), width: card.width - 16, font: .headline, style: theme.header,
                       alignment: .center)
            }
        }
    }
}

/// The zoomable grid: a scroll view whose Ctrl+wheel pinches and double-click zooms (×1.5).
struct GridView: WrappingWidget {
    var view: ScrollView<ZoomGrid>
    var lastPress: (time: Double, at: Point)? = nil
    /// What the wheel and clicks do: ``zoomGestures`` unless rebound.
    var gestures = Self.zoomGestures
    /// Ctrl+wheel zooms, a double-click zooms in or back out, the wheel scrolls.
    static let zoomGestures = PointerTable<PointerCommand>("Zoom grid", [
        PointerBinding(.zoom, "zoom about the pointer", PointerGesture(.wheel, .control)),
        PointerBinding(.fit, "zoom in on the point, or back out", PointerGesture(.doubleClick(.left))),
    ]).adding(PointerCommand.scrolling)
    /// The last zoom call that failed, for the status line.
    var failure: ScrollInputError? = nil


    /// Zooms by `factor` about the centre, animated.
    mutating func zoom(by factor: Double, at time: Double) {
        do { try view.scroll.zoom(by: factor, at: time) } catch { failure = error }
    }

    mutating func handle(_ event: Event, at time: Double) -> Reply<Never> {
        guard case let .mouse(mouse) = event else { return view.handle(event, at: time) }
        let anchor = view.point(of: mouse)
        switch mouse.kind {
        case let .wheel(direction) where gestures.command(for: mouse) == .zoom:
            view.scroll.beginZoom(at: time)
            do { try view.scroll.zoom(scale: direction == .up ? 1.1 : 1 / 1.1, anchor: anchor, at: time) } catch { failure = error }
            view.scroll.endZoom(anchor: anchor, at: time)
            return .handled
        case .press:
            // A second press soon after and within 4 points of the first (a terminal's reports
            // fall on a cell's centre: the same cell) is a double click.
            if let last = lastPress, time - last.time < 0.4, abs(last.at.x - mouse.x) <= 4, abs(last.at.y - mouse.y) <= 4 {
                lastPress = nil
                if gestures.command(for: PointerGesture(.doubleClick(mouse.button), mouse.modifiers)) == .fit {
                    view.scroll.doubleTapZoom(at: anchor, time: time)
                    return .handled
                }
                return view.handle(event, at: time)
            }
            lastPress = (time, mouse.location)
            return view.handle(event, at: time)
        default:
            return view.handle(event, at: time)
        }
    }
}

/// A 512-point checkerboard with lines every 64 points, drawn at the zoom scale.
struct ZoomGrid: ScrollContent {
    var theme: Theme

    /// The squares shaded turn about and the rules every 64 points, placed at the zoom scale
    /// and the offset: exactly in a window; in a terminal, ░ in the cells whose centres a dark
    /// square covers and │ ─ ┼ in the cells the rules cross.
    func draw(_ window: ScrollWindow, into canvas: inout Canvas, at time: Double) {
        let scale = window.zoomScale, box = window.box
        guard scale.isFinite, scale > 0, window.offset.x.isFinite, window.offset.y.isFinite else { return }
        /// Where content point `v` (0…512 points) lies on the canvas, across and down.
        func x(_ v: Double) -> Double { box.minX + v * scale - window.offset.x }
        func y(_ v: Double) -> Double { box.minY + v * scale - window.offset.y }
        let style = theme.secondary
        canvas.clipped(to: box) { c in
            for row in 0..<8 {
                for column in stride(from: row % 2, to: 8, by: 2) {
                    let left = x(Double(column) * 64), top = y(Double(row) * 64)
                    c.shade(Rect(x: left, y: top, width: x(Double(column + 1) * 64) - left, height: y(Double(row + 1) * 64) - top), style)
                }
            }
            // The grid's far edges are where the next square would begin: no rules there.
            for k in 0..<8 {
                let v = Double(k) * 64
                c.line(from: Point(x: x(v), y: y(0)), to: Point(x: x(v), y: y(512) - 0.001), style)
                c.line(from: Point(x: x(0), y: y(v)), to: Point(x: x(512) - 0.001, y: y(v)), style)
            }
        }
    }
}
