#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CPangoCairo
import ScrollworkWidgets

/// The cell font's printable ASCII as glyphs, looked up once: a run of ASCII in one style is
/// drawn with one `cairo_show_glyphs` at exact cell positions, without shaping it again each
/// frame (shaping every run with Pango took most of a frame's time). Other text goes to Pango.
@safe final class CellFont {
    // Safe to hold: the scaled font is Cairo's, referenced in `init` and released in `deinit`;
    // glyphs are looked up by indices checked against the tables' counts.
    let scaledFont: OpaquePointer
    /// The glyph index of each code point 0x20…0x7E, at `value - 0x20`; 0 where the font has none.
    let glyphs: [UInt]
    /// Glyphs of other single code points, looked up when first drawn; nil where the font has
    /// none (Pango's fallback fonts draw those).
    private var others: [UInt32: UInt?] = [:]
    /// From the top of a cell to the baseline, in points: the line's ascent and descent centred
    /// in the cell, as Pango places a layout.
    let baseline: Double
    /// The advance of each code point 0x20…0x7E in points, at `value - 0x20`.
    let advances: [Double]
    /// From the top of a line to its baseline, in points.
    let ascent: Double
    /// From one line's top to the next's: the ascent and the descent.
    let lineHeight: Double

    init(family: String, size: Double, bold: Bool, italic: Bool, scale: Double, cellHeight: Double) {
        let face = unsafe cairo_toy_font_face_create(family, italic ? CAIRO_FONT_SLANT_OBLIQUE : CAIRO_FONT_SLANT_NORMAL,
                                              bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        var fontMatrix = cairo_matrix_t(), ctm = cairo_matrix_t()
        unsafe cairo_matrix_init_scale(&fontMatrix, size, size)
        unsafe cairo_matrix_init_scale(&ctm, scale, scale)
        let options = unsafe cairo_font_options_create()
        unsafe cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        unsafe cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        unsafe cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        // Cairo never returns null here: a failure is an error object that draws nothing.
        let font = unsafe cairo_scaled_font_create(face, &fontMatrix, &ctm, options)!
        unsafe cairo_font_options_destroy(options)
        unsafe cairo_font_face_destroy(face)
        unsafe scaledFont = unsafe font
        glyphs = (UInt32(0x20)...UInt32(0x7E)).map { unsafe Self.lookUp($0, in: font) ?? 0 }
        var extents = cairo_font_extents_t()
        unsafe cairo_scaled_font_extents(scaledFont, &extents)
        baseline = (cellHeight - (extents.ascent + extents.descent)) / 2 + extents.ascent
        (ascent, lineHeight) = (extents.ascent, extents.ascent + extents.descent)
        advances = glyphs.map { index in
            var glyph = cairo_glyph_t(index: index, x: 0, y: 0)
            var glyphExtents = cairo_text_extents_t()
            unsafe cairo_scaled_font_glyph_extents(font, &glyph, 1, &glyphExtents)
            return glyphExtents.x_advance
        }
    }

    deinit { unsafe cairo_scaled_font_destroy(scaledFont) }

    /// The advance of `scalar` in this font, in points; nil where the font has no glyph for it
    /// (a fallback font draws it, at an advance not known here).
    func advance(of scalar: Unicode.Scalar) -> Double? {
        guard let index = glyph(for: scalar) else { return nil }
        var glyph = cairo_glyph_t(index: index, x: 0, y: 0)
        var extents = cairo_text_extents_t()
        unsafe cairo_scaled_font_glyph_extents(scaledFont, &glyph, 1, &extents)
        return extents.x_advance.isFinite && extents.x_advance >= 0 ? extents.x_advance : nil
    }

    /// The advances of ``TextMeasurer/symbols`` this font has glyphs for.
    func symbolAdvances() -> [Unicode.Scalar: Double] {
        var found: [Unicode.Scalar: Double] = [:]
        for scalar in TextMeasurer.symbols.unicodeScalars { found[scalar] = advance(of: scalar) }
        return found
    }

    /// The glyph of `scalar` in this font, or nil when the font has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt? {
        let value = scalar.value
        if value >= 0x20 && value <= 0x7E { return glyphs[Int(value) - 0x20] }
        if let known = others[value] { return known }
        let found = unsafe Self.lookUp(value, in: scaledFont)
        if others.count < 65_536 { others[value] = found }
        return found
    }

    /// Asks the font for the glyph of code point `value`: nil for none (glyph 0 is .notdef).
    private static func lookUp(_ value: UInt32, in font: OpaquePointer) -> UInt? {
        guard let scalar = Unicode.Scalar(value) else { return nil }
        var text = Array(String(Character(scalar)).utf8CString)
        var found: UnsafeMutablePointer<cairo_glyph_t>? = nil
        var count: Int32 = 0
        let status = unsafe cairo_scaled_font_text_to_glyphs(font, 0, 0, &text, Int32(text.count - 1), &found, &count, nil, nil, nil)
        defer { unsafe cairo_glyph_free(found) }
        guard status == CAIRO_STATUS_SUCCESS, count == 1, let index = unsafe found?.pointee.index, index != 0 else { return nil }
        return UInt(index)
    }
}
#endif
