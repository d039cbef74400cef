import Scrollwork

/// One drawing for every host: a widget lays itself out in points and draws with these calls.
/// On a canvas with a ``Canvas/pointContext`` (a window drawing in points) they are recorded, in
/// order, as the ``PointDrawing`` of the ``Canvas/draw(_:idiom:_:)`` around them, which the host
/// draws exactly; on a grid (a terminal, or a window drawing cells) they are rasterized at once
/// into ``Canvas/cells``:
///
/// - a fill covers the cells the rectangle covers, in its style's background;
/// - text starts in the cell that holds its origin and takes a cell a column, cut to whole cells
///   as ``Truncation`` cuts by display width, and placed in its span by its alignment;
/// - a line becomes box-drawing characters (│ down the column a vertical line crosses, ─ along
///   the row of a horizontal one): in the line's colour over plain cells, and in the cell's own
///   style over a filled one (a header, a selected row), where a hairline's faint colour would
///   not show against the fill;
/// - a rule that crosses another makes ┼ where they cross;
/// - a shade becomes ░ in the cells whose centres it covers;
/// - a separator under a header is an underline of the header's cells, shown only where it
///   marks a hard edge (content under the header), since a grid has no room for a hairline;
/// - an outline becomes ▌ and ▐ in the first and last cells of each row it covers (a lifted
///   row's edges), in the cell's own style over a filled one; a focus ring draws nothing, since
///   a terminal shows focus with its cursor and bold text;
/// - a symbol takes the cell that holds its centre (a centre on the line between two rows, the
///   upper one, where a row's first line is);
/// - text and fills drawn at an opacity under 0.75 are dim; clips cut to the cells they cover;
///   corner radii have no cells to change.
extension Canvas {
    /// True when widgets' drawing is recorded in points for the host to draw exactly; false when
    /// it goes to the cells.
    public var drawsInPoints: Bool { pointContext != nil }

    /// How text is measured here at `idiom`'s sizes: the host's fonts in points, or a cell a
    /// column on a grid.
    public func measurer(for idiom: ScrollIdiom) -> TextMeasurer {
        pointContext?.measurer(for: idiom) ?? .cells(metrics)
    }

    /// How text drawn now is measured: in the type of the drawing under way (inside
    /// ``draw(_:idiom:_:)`` in points), or a cell a column.
    public var textMeasurer: TextMeasurer { recording?.measurer ?? .cells(metrics) }

    /// On a grid, `x` moved to the nearest cell boundary; in points, `x` itself. Layouts that
    /// add up widths in points (a table's columns) place their edges through it, so that on a
    /// grid each edge falls on the cell it is nearest to and every part is drawn in whole cells.
    public func aligned(_ x: Double) -> Double { drawsInPoints ? x : metrics.aligned(x) }

    /// A scroll offset as content is drawn at it: for a host that draws in pixels, at its nearest
    /// whole pixel (``PointContext/pixelsPerPoint``), as UIKit and AppKit draw scrolled content,
    /// so that its text stays sharp and a scroll moves it by whole pixels, which a window moves
    /// by copying them; otherwise (a grid, whose cells place it, or points with no pixels) itself.
    /// A non-finite offset is returned as it is.
    public func drawnOffset(_ offset: Point) -> Point {
        guard let scale = pointContext?.pixelsPerPoint else { return offset }
        func snapped(_ v: Double) -> Double {
            let pixels = (v * scale).rounded()
            return pixels.isFinite ? pixels / scale : v
        }
        return Point(x: snapped(offset.x), y: snapped(offset.y))
    }

    /// `rect` as the host lays it out: in points, itself; on a grid, the cells it covers. What a
    /// widget given an area anywhere in points (a carousel on a document's lines, which move
    /// between cells) takes as its own.
    public func aligned(_ rect: Rect) -> Rect { drawsInPoints ? rect : points(cells(in: rect)) }

    /// The part of `rect` that what is drawn now is not cut from (``clipped(to:_:)``): where a
    /// widget drawn partly outside a clip can be seen, and so hit. A rectangle of no size at its
    /// origin when none of it can.
    public func visiblePart(of rect: Rect) -> Rect {
        let clip = drawsInPoints ? pointClip : cellClip.map { points($0) }
        guard let clip else { return rect }
        return rect.intersection(clip) ?? Rect(origin: rect.origin, size: .zero)
    }

    /// What `aligned(_:)` does for an x, down the page: on a grid, `y` moved to the nearest row boundary, so that
    /// lines spaced by it each take a row; in points, `y` itself.
    public func alignedRow(_ y: Double) -> Double {
        guard !drawsInPoints, y.isFinite else { return y }
        return ((y + metrics.cellHeight / 2) / metrics.cellHeight).rounded(.down) * metrics.cellHeight
    }

    /// Draws what `body` draws as one drawing of `frame` (points) in `idiom`'s type: recorded and
    /// handed to the host as a ``PointMark/drawing(_:)`` in points, its cells under `frame` left
    /// blank; on a grid, into the cells, cut to those `frame` covers. Returns true when what
    /// `body` drew went into a drawing in points, false when it went to the cells.
    @discardableResult
    public mutating func draw(_ frame: Rect, idiom: ScrollIdiom, _ body: (inout Canvas) -> Void) -> Bool {
        let opened = beginDrawing(frame, idiom: idiom)
        body(&self)
        return endDrawing(opened)
    }

    /// ``draw(_:idiom:_:)`` without a closure, for drawing code on a frame's hot path: begins the
    /// drawing (or, on a grid or inside another drawing, a clip to `frame`) and returns what
    /// ``endDrawing(_:)`` needs to end it.
    package mutating func beginDrawing(_ frame: Rect, idiom: ScrollIdiom) -> Bool {
        guard let context = pointContext, !isRecording else { pushClip(frame); return false }
        // Inside a clip the drawing takes only what the clip leaves of its frame.
        let frame = pointClip.map { frame.intersection($0) ?? Rect(origin: frame.origin, size: .zero) } ?? frame
        cells.fill(cells(in: frame))
        recording = PointDrawing(frame: frame, measurer: context.measurer(for: idiom))
        isRecording = true
        return true
    }

    /// Ends what ``beginDrawing(_:idiom:)`` began, handing a recorded drawing to the host (an
    /// empty one is dropped). Returns true when what was drawn went into a drawing in points;
    /// false when it went to the cells.
    @discardableResult
    package mutating func endDrawing(_ opened: Bool) -> Bool {
        guard opened else {
            popClip()
            return isRecording
        }
        isRecording = false
        guard let drawing = recording.take(), !drawing.commands.isEmpty else { return false }
        record(.drawing(drawing))
        return true
    }

    /// Draws what `body` draws cut to `rect`.
    public mutating func clipped(to rect: Rect, _ body: (inout Canvas) -> Void) {
        pushClip(rect)
        body(&self)
        popClip()
    }

    /// Cuts what is drawn until the matching ``popClip()`` to `rect` (within any clip already
    /// set): ``clipped(to:_:)`` without a closure.
    package mutating func pushClip(_ rect: Rect) {
        if isRecording { return recording?.add(.clip(rect)) ?? () }
        savedClips.append(cellClip)
        cellClip = currentClip.intersection(cells(in: rect))
        savedPointClips.append(pointClip)
        pointClip = pointClip.map { $0.intersection(rect) ?? Rect(origin: rect.origin, size: .zero) } ?? rect
    }

    /// Undoes the last ``pushClip(_:)``.
    package mutating func popClip() {
        if isRecording { return recording?.add(.restore) ?? () }
        cellClip = savedClips.popLast() ?? nil
        pointClip = savedPointClips.popLast() ?? nil
    }

    /// Draws what `body` draws at `opacity` (0…1; NaN is 1); on a grid, dim below 0.75.
    public mutating func faded(_ opacity: Double, _ body: (inout Canvas) -> Void) {
        let opacity = opacity.isNaN ? 1 : Swift.min(Swift.max(opacity, 0), 1)
        guard isRecording else {
            let wasDim = dimsDrawing
            if opacity < 0.75 { dimsDrawing = true }
            body(&self)
            dimsDrawing = wasDim
            return
        }
        guard opacity < 1 else { return body(&self) }
        recording?.add(.opacity(opacity))
        body(&self)
        recording?.add(.restore)
    }

    /// The cells drawing is cut to now.
    @usableFromInline var currentClip: CellRect { cellClip ?? cells.area }

    /// Fills `rect` with `style`'s background, its corners rounded by `radius` points where
    /// drawn in points (negative is 0). Outside a drawing, a canvas that draws in points records
    /// the fill as a drawing of its own, so that it covers what was drawn before it, as it does
    /// on a grid.
    public mutating func fill(_ rect: Rect, _ style: Style = .plain, radius: Double = 0) {
        if isRecording { return recording?.fill(rect, style, radius: radius) ?? () }
        if recordedAlone(rect, { $0.fill(rect, style, radius: radius) }) { return }
        cells.fillBlank(cells(in: rect).intersection(currentClip), style: PackedStyle(gridStyle(style)))
    }

    /// On a canvas that draws in points, outside a drawing: records what `body` draws as a
    /// drawing of its own over `rect` and returns true, so that it covers what was drawn before
    /// it as it does on a grid. False elsewhere, where the caller draws into the cells.
    private mutating func recordedAlone(_ rect: Rect, _ body: (inout Canvas) -> Void) -> Bool {
        guard drawsInPoints else { return false }
        draw(rect, idiom: .iOS, body)
        return true
    }

    /// Tints `rect` lightly with `style`'s text colour (a checkerboard's dark squares): in
    /// points a quarter-opaque fill of that colour; on a grid ░, the light shade, in `style` in
    /// each cell whose centre it covers.
    public mutating func shade(_ rect: Rect, _ style: Style) {
        if isRecording {
            // Reversed, a fill takes the text colour, whatever colour that resolves to.
            let tint = Style(foreground: style.foreground, reverse: true)
            faded(0.25) { $0.fill(rect, tint) }
            return
        }
        if recordedAlone(rect, { $0.shade(rect, style) }) { return }
        // Edges on the nearest cell boundaries: the cells whose centres lie inside.
        let left = metrics.aligned(rect.minX), top = alignedRow(rect.minY)
        let area = cells(in: Rect(x: left, y: top, width: metrics.aligned(rect.maxX) - left, height: alignedRow(rect.maxY) - top))
        cells.fill(area.intersection(currentClip), with: Cell("░", style: gridStyle(style)))
    }

    /// Outlines `rect` in `style`'s colour, `width` points wide and its corners rounded by
    /// `radius`; on a grid, ▌ and ▐ in the first and last cells of a rectangle one row tall, and
    /// a frame of box-drawing characters around a taller one (╭╮╰╯ corners where it is rounded).
    public mutating func stroke(_ rect: Rect, _ style: Style, width: Double = 1, radius: Double = 0) {
        if isRecording { return recording?.stroke(rect, style, width: width, radius: radius) ?? () }
        let area = cells(in: rect)
        guard area.columns > 0, area.rows > 0 else { return }
        func column(_ c: Int, rows: CellRect) -> CellRect { CellRect(column: c, row: rows.row, columns: 1, rows: rows.rows) }
        guard area.rows > 1, area.columns > 1 else {
            drawOverCells("▌", in: column(area.column, rows: area), style)
            if area.columns > 1 { drawOverCells("▐", in: column(area.maxColumn - 1, rows: area), style) }
            return
        }
        let inside = CellRect(column: area.column + 1, row: area.row + 1, columns: area.columns - 2, rows: area.rows - 2)
        drawOverCells("─", in: CellRect(column: inside.column, row: area.row, columns: inside.columns, rows: 1), style)
        drawOverCells("─", in: CellRect(column: inside.column, row: area.maxRow - 1, columns: inside.columns, rows: 1), style)
        drawOverCells("│", in: column(area.column, rows: inside), style)
        drawOverCells("│", in: column(area.maxColumn - 1, rows: inside), style)
        let corners: [Unicode.Scalar] = radius > 0 ? ["╭", "╮", "╰", "╯"] : ["┌", "┐", "└", "┘"]
        for (i, corner) in corners.enumerated() {
            let at = CellRect(column: i % 2 == 0 ? area.column : area.maxColumn - 1, row: i < 2 ? area.row : area.maxRow - 1, columns: 1, rows: 1)
            drawOverCells(corner, in: at, style)
        }
    }

    /// The keyboard focus ring around `rect`: a 2-point outline in `style`'s colour, its corners
    /// rounded by `radius`, where drawn in points; nothing on a grid, where the cursor and bold
    /// text show focus.
    public mutating func focusRing(_ rect: Rect, _ style: Style, radius: Double = 0) {
        recording?.stroke(rect, style, width: 2, radius: radius)
    }

    /// One line of text in `rect` (a caption, a heading, a tab's name, a toolbar's title) in
    /// `font`, `inset` points in and centred in the rect's first `lineHeight` points (its whole
    /// height when nil), in `style`'s colours: its background filled across the rect when it
    /// has one, and, when underlined, a hairline under the text in points or the cells'
    /// underline on a grid. Returns the width drawn. Drawn as one drawing of `rect` in `idiom`'s
    /// type.
    @discardableResult
    public mutating func label(_ text: String, in rect: Rect, style: Style, font: FontRole = .footnote, idiom: ScrollIdiom = .iOS,
                               inset: Double = 8, lineHeight: Double? = nil) -> Double {
        let line = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: Swift.min(rect.height, lineHeight ?? rect.height))
        guard line.width > 0, line.height > 0 else { return 0 }
        var drawn = 0.0
        draw(rect, idiom: idiom) { c in
            if style.background != .default || style.reverse { c.fill(line, style) }
            let m = c.measurer(for: idiom)
            let top = line.minY + (line.height - m.lineHeight(font)) / 2
            drawn = c.text(text, at: Point(x: line.minX + inset, y: top), width: Swift.max(0, line.width - inset), font: font, style: style)
            if style.underline, c.isRecording {
                let y = top + m.ascent(font) + 1.5
                c.line(from: Point(x: line.minX + inset, y: y), to: Point(x: line.minX + inset + drawn, y: y), style, width: 1)
            }
        }
        return drawn
    }

    /// A text caret at `origin` (the top of the line it stands in, where the next character
    /// goes), `height` points tall: a 1.5-point bar in `style`'s colour in points; ▏ in the cell
    /// that holds `origin` on a grid.
    public mutating func caret(at origin: Point, height: Double, _ style: Style) {
        if isRecording {
            let x = origin.x + 1
            return recording?.line(from: Point(x: x, y: origin.y + 1), to: Point(x: x, y: origin.y + height - 1), style, width: 1.5) ?? ()
        }
        let cell = metrics.cell(at: Point(x: origin.x + 1e-6, y: origin.y + 1e-6))
        // On a character (a caret inside the text), the terminal's own cursor marks the place:
        // the character stays.
        if cells.area.contains(cell), !cells[cell.column, cell.row].text.allSatisfy(\.isWhitespace) { return }
        cells.draw("▏", column: cell.column, row: cell.row, style: gridStyle(style), clip: currentClip)
    }

    /// The room a ``caret(at:height:_:)`` takes after the text: 3 points, or a cell on a grid.
    public var caretWidth: Double { isRecording ? 3 : metrics.cellWidth }

    /// `style`, dim inside a ``faded(_:_:)`` below 0.75 on a grid.
    private func gridStyle(_ style: Style) -> Style {
        guard dimsDrawing else { return style }
        var dimmed = style
        dimmed.dim = true
        return dimmed
    }

    /// `glyph` in every cell of `area` within the clip: in the cell's own style over a filled
    /// cell (a header, a selected row), where `style`'s faint colour would not show; in `style`
    /// over a plain one.
    private mutating func drawOverCells(_ glyph: Unicode.Scalar, in area: CellRect, _ style: Style) {
        let shown = area.intersection(currentClip)
        guard !shown.isEmpty else { return }
        let own = PackedStyle(gridStyle(style))
        // Read packed: a rule is drawn over every cell of a grid's lines each frame.
        let across: UInt32 = glyph == "│" ? 0x2500 : glyph == "─" ? 0x2502 : 0, crossing: UInt32 = 0x253C
        let plain = Color.default.packed, reversed: UInt8 = 16
        for row in shown.row..<shown.maxRow {
            for column in shown.column..<shown.maxColumn {
                let under = cells.storage[row * cells.columns + column]
                let underStyle = cells.packedStyle(of: under)
                let filled = underStyle.background != plain || under.attributes & reversed != 0
                // A rule across another makes a crossing.
                let crosses = across != 0 && (under.glyph == across || under.glyph == crossing)
                cells.set(crosses ? "┼" : glyph, column: column, row: row, style: filled ? underStyle : own)
            }
        }
    }

    /// Draws `text` on one line from `origin` (its line's top-left corner) in `font` and
    /// `style`: in the span `width` points wide when given, cut to fit as `truncation` says and
    /// placed in it as `alignment` says; uncut, to the clip's edge, without. Returns the width
    /// drawn, in points. Text is data: control characters are drawn as pictures.
    @discardableResult
    public mutating func text(_ text: String, at origin: Point, width: Double? = nil, font: FontRole = .body, style: Style = .plain,
                              alignment: ColumnAlignment = .leading, truncation: Truncation = .tail) -> Double {
        if isRecording {
            let room = width.map { $0.isNaN ? 0 : $0 } ?? .greatestFiniteMagnitude
            return recording?.text(text, at: origin, width: room, font: font, style, alignment: alignment, truncation: truncation) ?? 0
        }
        let start = metrics.cell(at: Point(x: origin.x + 1e-6, y: origin.y + 1e-6))
        guard let width else {
            let clip = currentClip
            let end = cells.draw(text, column: start.column, row: start.row, style: gridStyle(style), clip: clip)
            return Double(Swift.min(end, clip.maxColumn).subtractingSaturating(start.column)) * metrics.cellWidth
        }
        let room = Swift.max(0, metrics.columns(forPoints: (width.isNaN ? 0 : width) + 1e-6))
        // The span's cells, cut to the clip: worked out here rather than through CellRect,
        // whose clamping costs more than the text's drawing at this rate (every cell of a table).
        let clip = currentClip
        let first = Swift.max(clip.column, start.column), last = Swift.min(clip.maxColumn, start.column.addingSaturating(room))
        let inRow = start.row >= clip.row && start.row < clip.maxRow && first < last
        let span = CellRect(column: first, row: start.row, columns: inRow ? last - first : 0, rows: inRow ? 1 : 0)
        // Printable ASCII (most cells of a table) is cut and placed byte by byte, in place,
        // without a copy of the text. (Safe: the bytes are lent for the call, and the drawing reads
        // no more than their count.)
        if let drawn = unsafe text.utf8.withContiguousStorageIfAvailable({ bytes -> Int? in
            guard unsafe Truncation.isPrintableASCII(bytes) else { return nil }
            let look = cells.look(PackedStyle(gridStyle(style))) | 1
            let placed = unsafe cells.drawFittedASCII(bytes, column: start.column, row: start.row, room: room, truncation: truncation,
                                               alignment: alignment, look: look, clip: span)
            return Swift.min(placed.end, span.maxColumn).subtractingSaturating(placed.start)
        }), let drawn {
            return Double(drawn) * metrics.cellWidth
        }
        let shown = text.truncated(toWidth: room, truncation)
        var column = start.column
        switch alignment {
        case .leading: break
        case .trailing: column = column.addingSaturating(Swift.max(0, room - displayWidth(shown)))
        case .center: column = column.addingSaturating(Swift.max(0, room - displayWidth(shown)) / 2)
        }
        let end = cells.draw(shown, column: column, row: start.row, style: gridStyle(style), clip: span)
        return Double(Swift.min(end, span.maxColumn).subtractingSaturating(column)) * metrics.cellWidth
    }

    /// A line `width` points wide in `style`'s colour; on a grid, │ or ─ in the cells it
    /// crosses (a slanted line draws nothing there): in `style` over plain cells, in the cell's
    /// own style over filled ones.
    public mutating func line(from start: Point, to end: Point, _ style: Style, width: Double = 1) {
        if isRecording { return recording?.line(from: start, to: end, style, width: width) ?? () }
        let a = metrics.cell(at: start), b = metrics.cell(at: end)
        let glyph: Unicode.Scalar
        let span: CellRect
        if a.column == b.column {
            glyph = "│"
            span = CellRect(column: a.column, row: Swift.min(a.row, b.row), columns: 1, rows: abs(b.row - a.row) + 1)
        } else if a.row == b.row {
            glyph = "─"
            span = CellRect(column: Swift.min(a.column, b.column), row: a.row, columns: abs(b.column - a.column) + 1, rows: 1)
        } else {
            return
        }
        drawOverCells(glyph, in: span, style)
    }

    /// A rule down the middle of `rect`, its whole height (a divider between panes): on a grid,
    /// │ in each cell of the column that holds it.
    public mutating func verticalRule(in rect: Rect, _ style: Style, width: Double = 1) {
        line(from: Point(x: rect.midX, y: rect.minY), to: Point(x: rect.midX, y: rect.maxY - 0.001), style, width: width)
    }

    /// The separator along the bottom of `rect` (a header over rows): a hairline in `style`'s
    /// colour where drawn in points; on a grid an underline of the last row of cells `rect`
    /// covers, and only when `hardEdge` (content lies under it, SV-08), where it matters. The
    /// hairline is `width` points thick (1 under a header, 0.5 between a list's rows).
    public mutating func separator(under rect: Rect, _ style: Style, hardEdge: Bool, width: Double = 1) {
        if isRecording {
            let y = rect.maxY - Swift.max(width, 1) / 2
            return recording?.line(from: Point(x: rect.minX, y: y), to: Point(x: rect.maxX, y: y), style, width: width) ?? ()
        }
        guard hardEdge else { return }
        let area = cells(in: rect)
        guard area.rows > 0 else { return }
        cells.restyle(CellRect(column: area.column, row: area.maxRow - 1, columns: area.columns, rows: 1).intersection(currentClip)) { $0.underline = true }
    }

    /// A symbol (a chevron, a checkmark) `size` points tall centred on `centre`; on a grid, its
    /// text in the cell that holds the centre.
    public mutating func symbol(_ symbol: String, centre: Point, size: Double, _ style: Style) {
        if isRecording { return recording?.symbol(symbol, centre: centre, size: size, style) ?? () }
        let cell = metrics.cell(at: Point(x: centre.x, y: centre.y - 1e-6))
        cells.draw(symbol, column: cell.column, row: cell.row, style: gridStyle(style), clip: currentClip)
    }
}
