#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CPangoCairo
import Scrollwork
import ScrollworkWidgets

/// Draws a widget's `PointDrawing` on a ``PixelCanvas`` in the proportional interface font
/// (fontconfig's "Sans": DejaVu Sans or Noto Sans where installed), at the sizes its measurer
/// gives, so text lands exactly where the widget measured it.
///
/// Printable ASCII runs are drawn as glyphs at the font's own advances (the advances the
/// measurer holds); other text goes through Pango, with fontconfig's fallback fonts.
@safe final class PointPainter {
    // Safe to hold: its context is its canvas's, which owns the painter and so outlives it; its
    // layout is made in `init` and released in `deinit`.
    /// Unowned: the canvas owns its painter.
    private unowned let canvas: PixelCanvas
    private var cr: OpaquePointer { unsafe canvas.cr }
    private let layout: OpaquePointer
    /// Faces made so far, by size in hundredths of a point and weight.
    private var faces: [Int: CellFont] = [:]
    /// What each `restore` undoes: an opacity group's alpha, or nil for a clip.
    private var saved: [Double?] = []

    init(canvas: PixelCanvas) {
        self.canvas = canvas
        unsafe layout = unsafe pango_cairo_create_layout(canvas.cr)
    }

    deinit { unsafe g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// The face of `size` points, bold or not.
    private func face(size: Double, bold: Bool) -> CellFont {
        let key = Int(saturating: (size * 100).rounded()) &* 2 &+ (bold ? 1 : 0)
        if let face = faces[key] { return face }
        let face = CellFont(family: canvas.style.interfaceFontFamily, size: size, bold: bold, italic: false, scale: canvas.scale, cellHeight: size)
        if faces.count < 64 { faces[key] = face }
        return face
    }

    /// The cell face's measures, for ``FontRole/monospaced`` text: its size, the cell it fills
    /// and where its baseline lies in the cell.
    struct CellFaceMeasures: Sendable {
        var size: Double
        var cellWidth: Double
        var cellHeight: Double
        var baseline: Double
    }

    /// The measurer of `scale`'s sizes: advances read from the interface font at 100 points,
    /// scaled (hinting is off, so advances scale with the size); monospaced text in `cell`'s
    /// face, a cell a character and a cell a line.
    static func measurer(_ scale: TypeScale, regular: CellFont, bold: CellFont, symbols: (regular: [Unicode.Scalar: Double], bold: [Unicode.Scalar: Double]),
                         cell: CellFaceMeasures) -> TextMeasurer {
        let roles = FontRole.allCases
        func per(_ value: (CellFont) -> Double, cell cellValue: Double) -> [Double] {
            roles.map { $0 == .monospaced ? cellValue : value($0 == .headline ? bold : regular) * scale.size($0) / 100 }
        }
        func advances(_ font: (FontRole) -> CellFont) -> [[Double]] {
            roles.map { role in
                role == .monospaced ? Array(repeating: cell.cellWidth, count: 95) : font(role).advances.map { $0 * scale.size(role) / 100 }
            }
        }
        // The symbols keys and controls show (arrows, bullets, ticks) at their own advances in each
        // role's size: measured as cells they came out too narrow, and help keys ran into their
        // descriptions. Monospaced text keeps its cells.
        var symbolAdvances: [Unicode.Scalar: [Double]] = [:]
        for scalar in Set(symbols.regular.keys).union(symbols.bold.keys) {
            symbolAdvances[scalar] = roles.map { role -> Double in
                guard role != .monospaced, let advance = (role == .headline ? symbols.bold : symbols.regular)[scalar] else { return -1 }
                return advance * scale.size(role) / 100
            }
        }
        return TextMeasurer(sizes: roles.map { $0 == .monospaced ? cell.size : scale.size($0) }, lineHeights: per(\.lineHeight, cell: cell.cellHeight),
                            ascents: per(\.ascent, cell: cell.baseline), advances: advances { $0 == .headline ? bold : regular },
                            boldAdvances: advances { _ in bold }, wideAdvance: roles.map { $0 == .monospaced ? 2 * cell.cellWidth : scale.size($0) },
                            symbolAdvances: symbolAdvances)
    }

    /// Draws `drawing`, clipped to its frame. Over nothing but the cleared background
    /// (`overBackground`), its fills in the background colour over nothing it painted are left
    /// out: they would change no pixel.
    func draw(_ drawing: PointDrawing, overBackground: Bool = false) {
        unsafe cairo_save(cr)
        rectangle(drawing.frame)
        unsafe cairo_clip(cr)
        saved.removeAll()
        let background = canvas.palette.background
        var unseen = overBackground ? PointDrawing.BackgroundFills(of: drawing) : nil
        for command in drawing.commands {
            if unseen?.skips(command, isBackground: { canvas.colours(of: $0).background == background }) == true { continue }
            if case let .text(text, origin, .monospaced, style) = command {
                // Set as the cells are, at the exact point: box drawing as shapes, wide text in two cells.
                flush()
                canvas.drawCellText(text, at: origin, style: style, before: drawing.frame.maxX)
                continue
            }
            if case let .text(text, origin, font, style) = command,
               queue(text, at: origin, size: drawing.measurer.size(font), bold: style.bold || font == .headline, colour: canvas.colours(of: style).text) {
                continue
            }
            flush()
            if case .control = command, saved.isEmpty {
                // A control is drawn at its true size, which may overhang the frame its widget
                // was given (a page control's platter around dots one cell tall): outside the
                // frame's clip, but inside what the frame is drawn within (a window's damage).
                unsafe cairo_restore(cr)
                draw(command, measurer: drawing.measurer)
                unsafe cairo_save(cr)
                rectangle(drawing.frame)
                unsafe cairo_clip(cr)
                continue
            }
            draw(command, measurer: drawing.measurer)
        }
        flush()
        // A drawing that left clips or groups open is closed here.
        while !saved.isEmpty { restore() }
        unsafe cairo_restore(cr)
    }

    private func draw(_ command: PointDrawing.Command, measurer: TextMeasurer) {
        switch command {
        case let .fill(rect, style, radius):
            path(rect, radius: radius)
            canvas.set(canvas.colours(of: style).background)
            unsafe cairo_fill(cr)
        case let .stroke(rect, style, width, radius):
            path(rect, radius: radius)
            canvas.set(canvas.colours(of: style).text)
            unsafe cairo_set_line_width(cr, width)
            unsafe cairo_stroke(cr)
        case let .line(start, end, style, width):
            unsafe cairo_move_to(cr, start.x, start.y)
            unsafe cairo_line_to(cr, end.x, end.y)
            canvas.set(canvas.colours(of: style).text)
            unsafe cairo_set_line_width(cr, width)
            unsafe cairo_stroke(cr)
        case let .text(text, origin, font, style):
            drawText(text, at: origin, size: measurer.size(font), bold: style.bold || font == .headline, colour: canvas.colours(of: style).text)
        case let .symbol(symbol, centre, size, style):
            canvas.drawSymbol(symbol, centre: centre, size: size, colour: canvas.colours(of: style).text, family: canvas.style.interfaceFontFamily)
        case let .clip(rect):
            unsafe cairo_save(cr)
            rectangle(rect)
            unsafe cairo_clip(cr)
            saved.append(nil)
        case let .opacity(alpha):
            unsafe cairo_push_group(cr)
            unsafe cairo_save(cr)
            saved.append(alpha)
        case .restore:
            restore()
        case let .control(control):
            // Inside a clip the drawing set itself, the control is cut by it.
            unsafe cairo_save(cr)
            MarkDrawing(canvas: canvas).draw(control)
            unsafe cairo_restore(cr)
        }
    }

    private func restore() {
        guard let last = saved.popLast() else { return }
        unsafe cairo_restore(cr)
        if let alpha = last {
            unsafe cairo_pop_group_to_source(cr)
            unsafe cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// Glyphs of printable ASCII runs in one face and colour waiting to be shown together:
    /// one `cairo_show_glyphs` for a row of cells rather than one a cell.
    private var pending: (face: CellFont, colour: PixelColor, glyphs: [cairo_glyph_t])? = nil

    /// Queues `text` when it is printable ASCII (flushing what waits in another face or colour);
    /// false for other text, which the caller draws through Pango.
    private func queue(_ text: String, at origin: Point, size: Double, bold: Bool, colour: PixelColor) -> Bool {
        guard size > 0, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
        let face = face(size: size, bold: bold)
        if let waiting = pending, waiting.face !== face || waiting.colour != colour { flush() }
        var glyphs = pending?.glyphs ?? []
        pending = nil
        var x = origin.x
        for byte in text.utf8 {
            let i = Int(byte) - 0x20
            if byte != 0x20 { glyphs.append(cairo_glyph_t(index: face.glyphs[i], x: x, y: origin.y + face.ascent)) }
            x += face.advances[i]
        }
        pending = (face, colour, glyphs)
        return true
    }

    /// Shows the queued glyphs.
    private func flush() {
        guard var waiting = pending else { return }
        pending = nil
        canvas.set(waiting.colour)
        unsafe cairo_set_scaled_font(cr, waiting.face.scaledFont)
        unsafe cairo_show_glyphs(cr, &waiting.glyphs, Int32(waiting.glyphs.count))
    }

    /// One line of text that is not all printable ASCII, its top-left at `origin`, shaped by
    /// Pango with fontconfig's fallbacks.
    private func drawText(_ text: String, at origin: Point, size: Double, bold: Bool, colour: PixelColor) {
        guard size > 0 else { return }
        canvas.set(colour)
        let description = PangoFontDescriptionBox(family: canvas.style.interfaceFontFamily, size: size, bold: bold, italic: false)
        unsafe pango_layout_set_font_description(layout, description.description)
        unsafe pango_layout_set_text(layout, text, -1)
        unsafe cairo_move_to(cr, origin.x, origin.y)
        unsafe pango_cairo_show_layout(cr, layout)
    }

    private func rectangle(_ r: Rect) { unsafe cairo_rectangle(cr, r.minX, r.minY, r.width, r.height) }

    /// `r` as a path, its corners rounded by `radius` (at most half its shorter side).
    private func path(_ r: Rect, radius: Double) {
        let radius = Swift.min(Swift.min(radius, r.width / 2), r.height / 2)
        if radius > 0 { canvas.addRoundedRect(r, radius: radius) } else { rectangle(r) }
    }
}
#endif
