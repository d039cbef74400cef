#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CPangoCairo
import Scrollwork
import ScrollworkWidgets

/// Draws frames onto a ``PixelImage`` with Cairo and Pango: the widgets' drawings in points
/// (`PointDrawing`, their controls, indicators, page dots, edge effects and buttons, in the
/// host's own look), and the cells of a `Buffer` that content drew itself as text shaped by Pango
/// on a grid of `CellMetrics` points, moved between whole cells as it scrolls, scaled by
/// ``scale`` pixels a point.
///
/// Text is drawn in a monospaced font sized so that one character advances exactly one cell:
/// runs of characters that font has at once, as glyphs looked up once; other clusters (CJK,
/// emoji, symbols it lacks) are shaped by Pango one at a time, centred in the cells they take,
/// with fontconfig's fallback fonts.
@safe public final class PixelCanvas {
    // Safe to hold: `cr` and `layout` are Cairo's and Pango's, made in `init` over `image`
    // (which this canvas keeps) and released in `deinit`; every drawing call passes them while
    // they live, and no pointer Cairo or Pango lends outlives the call that lends it.
    /// The image drawn on.
    public let image: PixelImage
    /// Pixels per point (2 on a Retina-class display), clamped to 0.25…8.
    public let scale: Double
    /// The point/cell mapping of the buffers drawn.
    public let metrics: CellMetrics
    /// The colours.
    public var palette: PixelPalette
    /// The looks of the parts drawn in points.
    public var style: PixelStyle

    let cr: OpaquePointer
    private let layout: OpaquePointer
    private var fonts: [PangoFontDescriptionBox]
    private var cellFonts: [CellFont]
    /// What widgets drawing in points are told: the canvas's size and its text measurers.
    public let pointContext: PointContext
    private var painter: PointPainter?

    /// The family of the cell text; fontconfig picks fallbacks for what it lacks.
    public static let fontFamily = "DejaVu Sans Mono"
    /// The proportional font of a window's own controls: fontconfig's sans (DejaVu Sans or Noto
    /// Sans where installed), as GTK's interface font is.
    public static let interfaceFontFamily = "Sans"

    /// A canvas over `image` at `scale` pixels a point (clamped to 0.25…8; NaN is 1).
    public init(image: PixelImage, scale: Double = 1, metrics: CellMetrics = CellMetrics(),
                palette: PixelPalette = .dark, style: PixelStyle = PixelStyle()) {
        self.image = image
        self.scale = scale.isNaN ? 1 : Swift.min(Swift.max(scale, 0.25), 8)
        self.metrics = metrics
        self.palette = palette
        self.style = style
        unsafe cr = unsafe cairo_create(image.surface)
        unsafe cairo_scale(cr, self.scale, self.scale)
        unsafe layout = unsafe pango_cairo_create_layout(cr)
        // Hinting off: advances scale with the size, so a run of n characters is n cells wide at
        // every scale, and a frame looks the same at 1× and 3×.
        let options = unsafe cairo_font_options_create()
        unsafe cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        unsafe cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        unsafe cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        unsafe pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        unsafe cairo_font_options_destroy(options)
        unsafe pango_layout_context_changed(layout)
        fonts = []
        cellFonts = []
        let size = unsafe Self.fittedSize(layout: layout, cellWidth: metrics.cellWidth, cellHeight: metrics.cellHeight)
        for (bold, italic) in [(false, false), (true, false), (false, true), (true, true)] {
            fonts.append(PangoFontDescriptionBox(family: Self.fontFamily, size: size, bold: bold, italic: italic))
            cellFonts.append(CellFont(family: Self.fontFamily, size: size, bold: bold, italic: italic, scale: self.scale, cellHeight: metrics.cellHeight))
        }
        // The interface font measured once at 100 points; each idiom's sizes (times the text
        // scale) scale it.
        let regular = CellFont(family: style.interfaceFontFamily, size: 100, bold: false, italic: false, scale: 1, cellHeight: 100)
        let bold = CellFont(family: style.interfaceFontFamily, size: 100, bold: true, italic: false, scale: 1, cellHeight: 100)
        let symbols = (regular: regular.symbolAdvances(), bold: bold.symbolAdvances())
        let points = Size(width: Double(image.width) / self.scale, height: Double(image.height) / self.scale)
        let textScale = style.textScale
        let cell = PointPainter.CellFaceMeasures(size: size, cellWidth: metrics.cellWidth, cellHeight: metrics.cellHeight, baseline: cellFonts[0].baseline)
        pointContext = PointContext(size: points, pixelsPerPoint: self.scale) {
            PointPainter.measurer($0.scaled(by: textScale), regular: regular, bold: bold, symbols: symbols, cell: cell)
        }
        painter = nil
        painter = PointPainter(canvas: self)
    }

    deinit {
        unsafe g_object_unref(UnsafeMutableRawPointer(layout))
        unsafe cairo_destroy(cr)
    }

    /// Draws `text` in `style` as a row of cells is drawn, its top-left corner at `origin` (any
    /// point, not only a cell's corner), up to the column that holds `limit`: monospaced text in
    /// a drawing, a character a cell in the cell face, box drawing and blocks as shapes.
    func drawCellText(_ text: String, at origin: Point, style: Style, before limit: Double) {
        guard origin.x.isFinite, origin.y.isFinite, limit.isFinite else { return }
        let room = Int(Swift.min(Swift.max(0, ((limit - origin.x) / metrics.cellWidth).rounded(.up)), 4096))
        guard room > 0 else { return }
        var row = Buffer(columns: room, rows: 1)
        let end = row.draw(text, column: 0, row: 0, style: style)
        drawRow(row, row: 0, columns: 0..<Swift.min(Swift.max(end, 0), room), at: origin)
    }

    /// The font size at which one character advances exactly one cell, no taller than a cell.
    private static func fittedSize(layout: OpaquePointer, cellWidth: Double, cellHeight: Double) -> Double {
        let probe = PangoFontDescriptionBox(family: fontFamily, size: 10, bold: false, italic: false)
        unsafe pango_layout_set_font_description(layout, probe.description)
        let sample = String(repeating: "M", count: 100)
        unsafe pango_layout_set_text(layout, sample, -1)
        var width: Int32 = 0, height: Int32 = 0
        unsafe pango_layout_get_size(layout, &width, &height)
        let advance = Double(width) / Double(PANGO_SCALE) / 100
        guard advance > 0 else { return cellHeight * 0.8 }
        return Swift.min(10 * cellWidth / advance, cellHeight * 0.85)
    }

    // MARK: Frames

    /// The size in points the canvas covers: the image's pixels over the scale.
    public var size: Size { Size(width: Double(image.width) / scale, height: Double(image.height) / scale) }

    /// The cells an app is laid out in on this canvas (``PixelFrame/cells(for:metrics:)``).
    public var cells: (columns: Int, rows: Int) { PixelFrame.cells(for: size, metrics: metrics) }

    /// A blank widget canvas for a frame of this one: ``cells`` over its size in points, with
    /// the text measurers widgets draw in points with. Every
    /// host that draws here renders on one of these, so no frame is drawn in cells by mistake.
    public func makeCanvas() -> Canvas {
        Canvas(cells: Buffer(columns: cells.columns, rows: cells.rows), metrics: metrics, size: size,
               pointContext: pointContext)
    }

    /// Renders `app` as it looks at `time` on a canvas from ``makeCanvas()`` and draws it: one
    /// frame of a pixel host. Returns what drawing asked of the host (the rows shown that are
    /// not read yet), for the caller to carry out.
    public func draw<A: App>(_ app: inout A, at time: Double) -> [Effect] {
        var canvas = makeCanvas()
        let effects = app.render(into: &canvas, at: time)
        draw(canvas)
        return effects
    }

    /// Draws a widget canvas: its cells, then its drawings in points.
    public func draw(_ canvas: Canvas) { draw(canvas, within: nil) }

    /// Draws a widget canvas inside `areas` (rectangles in whole pixels of the image) and
    /// nowhere else, each pixel there as drawing the whole canvas makes it; nil draws it all.
    /// Only the cells whose pixels can reach an area are drawn: its rows and columns, and one
    /// more of each on every side, for what a glyph casts past its cell.
    func draw(_ canvas: Canvas, within areas: [Rect]?) {
        let buffer = canvas.cells
        unsafe cairo_save(cr)
        if let areas {
            unsafe cairo_identity_matrix(cr)
            for area in areas { unsafe cairo_rectangle(cr, area.minX, area.minY, area.width, area.height) }
            unsafe cairo_clip(cr)
            unsafe cairo_scale(cr, scale, scale)
        }
        set(palette.background)
        unsafe cairo_paint(cr)
        let spans = areas.map { cellSpans(of: buffer, reaching: $0) }
        for row in 0..<buffer.rows {
            drawRow(buffer, row: row, columns: spans?[row] ?? 0..<buffer.columns, at: Point(x: 0, y: 0))
        }
        // A drawing that no earlier one overlaps lies over the cleared background (its cells are
        // blank, and any drawn there after it are drawn again over it below).
        var drawn: [Rect] = []
        for case let .drawing(drawing) in canvas.pointMarks {
            let overBackground = !drawing.isOverlay && !drawn.contains { $0.intersects(drawing.frame) }
            painter?.draw(drawing, overBackground: overBackground)
            drawn.append(drawing.frame)
            if !drawing.isOverlay { drawCells(over: drawing.frame, of: buffer) }
        }
        unsafe cairo_restore(cr)
        unsafe cairo_surface_flush(image.surface)
    }

    /// For each row of `buffer`, the columns whose pixels can reach `areas` (in pixels): a cell
    /// more on every side, and back to the start of a wide character the first one continues.
    private func cellSpans(of buffer: Buffer, reaching areas: [Rect]) -> [Range<Int>] {
        var spans = [Range<Int>](repeating: 0..<0, count: buffer.rows)
        let cellWidth = metrics.cellWidth * scale, cellHeight = metrics.cellHeight * scale
        guard cellWidth > 0, cellHeight > 0 else { return spans.map { _ in 0..<buffer.columns } }
        for area in areas {
            let rows = Swift.max(0, Int((area.minY / cellHeight).rounded(.down)) - 1)..<Swift.min(buffer.rows, Int((area.maxY / cellHeight).rounded(.up)) + 1)
            let first = Swift.max(0, Int((area.minX / cellWidth).rounded(.down)) - 1)
            let end = Swift.min(buffer.columns, Int((area.maxX / cellWidth).rounded(.up)) + 1)
            guard first < end, !rows.isEmpty else { continue }
            for row in rows {
                var start = first
                while start > 0, buffer[start, row].isContinuation { start -= 1 }
                let span = spans[row]
                spans[row] = span.isEmpty ? start..<end : Swift.min(span.lowerBound, start)..<Swift.max(span.upperBound, end)
            }
        }
        return spans
    }

    /// Draws again the cells inside `frame` that are not blank: a widget drawn in points left
    /// its cells blank, so these were drawn over it afterwards (an overlay, a sheet).
    private func drawCells(over frame: Rect, of buffer: Buffer) {
        let first = (column: Swift.max(0, metrics.columns(forPoints: frame.minX)), row: Swift.max(0, metrics.rows(forPoints: frame.minY)))
        let last = (column: Swift.min(buffer.columns, metrics.columns(forPoints: frame.maxX + metrics.cellWidth - 0.001)),
                    row: Swift.min(buffer.rows, metrics.rows(forPoints: frame.maxY + metrics.cellHeight - 0.001)))
        guard first.column < last.column, first.row < last.row else { return }
        for row in first.row..<last.row {
            var column = first.column
            while column < last.column {
                guard !buffer.isDefaultBlank(column: column, row: row) else { column += 1; continue }
                var end = column + 1
                while end < last.column, !buffer.isDefaultBlank(column: end, row: row) { end += 1 }
                set(palette.background)
                unsafe cairo_rectangle(cr, Double(column) * metrics.cellWidth, Double(row) * metrics.cellHeight, Double(end - column) * metrics.cellWidth, metrics.cellHeight)
                unsafe cairo_fill(cr)
                drawRow(buffer, row: row, columns: column..<end, at: Point(x: 0, y: 0))
                column = end
            }
        }
    }

    /// Draws `columns` of `row`: backgrounds first, then runs of text; `offset` moves it in points.
    private func drawRow(_ buffer: Buffer, row: Int, columns: Range<Int>, at offset: Point) {
        // Blank cells in the default style draw nothing over the cleared background: the blank
        // ends of a row (a window's widgets draw in points and leave their cells blank) are
        // passed over without a cell read.
        var first = columns.lowerBound, end = columns.upperBound
        while first < end, buffer.isDefaultBlank(column: first, row: row) { first += 1 }
        while end > first, buffer.isDefaultBlank(column: end - 1, row: row) { end -= 1 }
        let columns = first..<end
        guard !columns.isEmpty else { return }
        let top = Double(row) * metrics.cellHeight + offset.y
        // Backgrounds: one rectangle for each run of the same colour.
        var column = columns.lowerBound
        while column < columns.upperBound {
            let colour = colours(of: buffer[column, row]).background
            var end = column + 1
            while end < columns.upperBound, colours(of: buffer[end, row]).background == colour { end += 1 }
            if colour != palette.background {
                set(colour)
                unsafe cairo_rectangle(cr, Double(column) * metrics.cellWidth + offset.x, top, Double(end - column) * metrics.cellWidth, metrics.cellHeight)
                unsafe cairo_fill(cr)
            }
            column = end
        }
        // Text: runs of one-cell characters the cell font has, in one style, as glyphs at once;
        // anything else a cluster at a time through Pango.
        column = columns.lowerBound
        var glyphs: [cairo_glyph_t] = []
        while column < columns.upperBound {
            let cell = buffer[column, row]
            if cell.isContinuation || cell.text.isEmpty || (cell.text == " " && !cell.style.underline) { column += 1; continue }
            var end = column + 1
            let font = cellFonts[(cell.style.bold ? 1 : 0) + (cell.style.italic ? 2 : 0)]
            if cell.width == 1, let first = singleGlyph(cell, in: font) {
                let baseline = top + font.baseline
                glyphs.removeAll(keepingCapacity: true)
                glyphs.append(cairo_glyph_t(index: first, x: Double(column) * metrics.cellWidth + offset.x, y: baseline))
                while end < columns.upperBound {
                    let next = buffer[end, row]
                    guard next.width == 1, next.style == cell.style, let glyph = singleGlyph(next, in: font) else { break }
                    if next.text != " " {
                        glyphs.append(cairo_glyph_t(index: glyph, x: Double(end) * metrics.cellWidth + offset.x, y: baseline))
                    }
                    end += 1
                }
                set(colours(of: cell).text)
                unsafe cairo_set_scaled_font(cr, font.scaledFont)
                unsafe cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
                if cell.style.underline {
                    unsafe cairo_rectangle(cr, Double(column) * metrics.cellWidth + offset.x, top + metrics.cellHeight - 2, Double(end - column) * metrics.cellWidth, 1)
                    unsafe cairo_fill(cr)
                }
                column = end
                continue
            } else {
                end = column + Swift.max(1, Int(cell.width))
                if cell.width == 1, let scalar = cell.text.unicodeScalars.first, cell.text.unicodeScalars.count == 1 {
                    let box = Rect(x: Double(column) * metrics.cellWidth + offset.x, y: top, width: metrics.cellWidth, height: metrics.cellHeight)
                    set(colours(of: cell).text)
                    if unsafe BoxDrawing.draw(scalar, in: box, on: cr) { column = end; continue }
                }
            }
            drawText(cell.text, style: cell.style, x: Double(column) * metrics.cellWidth + offset.x, top: top,
                     width: Double(end - column) * metrics.cellWidth)
            column = end
        }
    }

    /// The glyph of a cell of one code point that the cell font has (not a box-drawing line or
    /// block, which are drawn as shapes); nil for others.
    private func singleGlyph(_ cell: Cell, in font: CellFont) -> UInt? {
        var scalars = cell.text.unicodeScalars.makeIterator()
        guard let scalar = scalars.next(), scalars.next() == nil, scalar.value >= 0x20, !(0x2500...0x259F).contains(scalar.value) else { return nil }
        return font.glyph(for: scalar)
    }

    /// The text and background colours of `cell`, with reverse and dim applied.
    func colours(of cell: Cell) -> (text: PixelColor, background: PixelColor) { colours(of: cell.style) }

    /// The text and background colours of `style`, with reverse and dim applied.
    func colours(of style: Style) -> (text: PixelColor, background: PixelColor) {
        var text = palette.resolve(style.foreground, isForeground: true)
        var background = palette.resolve(style.background, isForeground: false)
        if style.reverse { swap(&text, &background) }
        if style.dim { text = text.mixed(with: background, 0.45) }
        return (text, background)
    }

    /// Draws one cluster centred in the cells it takes (`width` points), shrunk to fit when a
    /// fallback font draws it wider.
    private func drawText(_ text: String, style: Style, x: Double, top: Double, width: Double) {
        let font = fonts[(style.bold ? 1 : 0) + (style.italic ? 2 : 0)]
        unsafe pango_layout_set_font_description(layout, font.description)
        unsafe pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        unsafe pango_layout_get_extents(layout, nil, &logical)
        let w = Double(logical.width) / Double(PANGO_SCALE), h = Double(logical.height) / Double(PANGO_SCALE)
        set(colours(of: style).text)
        unsafe cairo_save(cr)
        let shrink = w > width && w > 0 ? width / w : 1
        unsafe cairo_translate(cr, x + (width - w * shrink) / 2, top + (metrics.cellHeight - h * shrink) / 2)
        unsafe cairo_scale(cr, shrink, shrink)
        // The layout is drawn at the current point: the origin of the cluster's space.
        unsafe cairo_move_to(cr, 0, 0)
        unsafe pango_cairo_show_layout(cr, layout)
        unsafe cairo_restore(cr)
        if style.underline {
            unsafe cairo_rectangle(cr, x, top + metrics.cellHeight - 2, width, 1)
            unsafe cairo_fill(cr)
        }
    }

    /// Adds `r` with corners of `radius` to the path.
    func addRoundedRect(_ r: Rect, radius: Double) {
        unsafe cairo_new_sub_path(cr)
        unsafe cairo_arc(cr, r.maxX - radius, r.minY + radius, radius, -Double.pi / 2, 0)
        unsafe cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, Double.pi / 2)
        unsafe cairo_arc(cr, r.minX + radius, r.maxY - radius, radius, Double.pi / 2, Double.pi)
        unsafe cairo_arc(cr, r.minX + radius, r.minY + radius, radius, Double.pi, 3 * Double.pi / 2)
        unsafe cairo_close_path(cr)
    }

    /// Makes `colour` the source.
    func set(_ colour: PixelColor) {
        unsafe cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
    }

    /// Draws `text` centred on `centre` at `size` points in `colour` (a custom page indicator,
    /// a button's title), in `family` (the cells' monospaced font unless told).
    func drawSymbol(_ text: String, centre: Point, size: Double, colour: PixelColor, family: String = PixelCanvas.fontFamily) {
        let font = PangoFontDescriptionBox(family: family, size: Swift.max(1, size), bold: false, italic: false)
        unsafe pango_layout_set_font_description(layout, font.description)
        unsafe pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        unsafe pango_layout_get_extents(layout, nil, &logical)
        let w = Double(logical.width) / Double(PANGO_SCALE), h = Double(logical.height) / Double(PANGO_SCALE)
        set(colour)
        unsafe cairo_move_to(cr, centre.x - w / 2, centre.y - h / 2)
        unsafe pango_cairo_show_layout(cr, layout)
    }
}

/// A Pango font description that is freed with its owner.
@safe final class PangoFontDescriptionBox {
    // Safe to hold: the description is made in `init` and freed only in `deinit`.
    let description: OpaquePointer

    init(family: String, size: Double, bold: Bool, italic: Bool) {
        unsafe description = unsafe pango_font_description_new()
        unsafe pango_font_description_set_family(description, family)
        unsafe pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        unsafe pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        unsafe pango_font_description_set_style(description, italic ? PANGO_STYLE_OBLIQUE : PANGO_STYLE_NORMAL)
    }

    deinit { unsafe pango_font_description_free(description) }
}
#endif
