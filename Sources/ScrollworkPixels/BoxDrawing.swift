#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CPangoCairo
import Scrollwork

/// Box-drawing lines (U+2500…U+257F) and block elements (U+2580…U+259F) drawn as shapes that
/// fill their cell, so that lines join across cells and blocks tile without the gaps a font's
/// glyphs leave between rows.
enum BoxDrawing {
    /// The arms of a line character, from the cell's centre: up, down, left, right.
    struct Arms: OptionSet {
        let rawValue: UInt8
        static let up = Arms(rawValue: 1), down = Arms(rawValue: 2), left = Arms(rawValue: 4), right = Arms(rawValue: 8)
    }

    /// The arms and whether the line is heavy, for the light and heavy lines drawn as shapes.
    static func arms(of value: UInt32) -> (Arms, heavy: Bool)? {
        switch value {
        case 0x2500: return ([.left, .right], false)
        case 0x2501: return ([.left, .right], true)
        case 0x2502: return ([.up, .down], false)
        case 0x2503: return ([.up, .down], true)
        case 0x250C, 0x256D: return ([.right, .down], false)
        case 0x2510, 0x256E: return ([.left, .down], false)
        case 0x2514, 0x2570: return ([.up, .right], false)
        case 0x2518, 0x256F: return ([.up, .left], false)
        case 0x251C: return ([.up, .down, .right], false)
        case 0x2524: return ([.up, .down, .left], false)
        case 0x252C: return ([.left, .right, .down], false)
        case 0x2534: return ([.left, .right, .up], false)
        case 0x253C: return ([.up, .down, .left, .right], false)
        case 0x2574: return ([.left], false)
        case 0x2575: return ([.up], false)
        case 0x2576: return ([.right], false)
        case 0x2577: return ([.down], false)
        default: return nil
        }
    }

    /// Draws `scalar` filling `cell` (points) in the current source colour; false when it is not
    /// one of the characters drawn as shapes.
    static func draw(_ scalar: Unicode.Scalar, in cell: Rect, on cr: OpaquePointer) -> Bool {
        // Safe: `cr` is the calling canvas's live context, used only during this call.
        let v = scalar.value
        if let (arms, heavy) = arms(of: v) {
            let t = heavy ? 2.0 : 1.0
            let cx = cell.midX - t / 2, cy = cell.midY - t / 2
            if arms.contains(.up) { unsafe cairo_rectangle(cr, cx, cell.minY, t, cell.height / 2 + t / 2) }
            if arms.contains(.down) { unsafe cairo_rectangle(cr, cx, cy, t, cell.maxY - cy) }
            if arms.contains(.left) { unsafe cairo_rectangle(cr, cell.minX, cy, cell.width / 2 + t / 2, t) }
            if arms.contains(.right) { unsafe cairo_rectangle(cr, cx, cy, cell.maxX - cx, t) }
            unsafe cairo_fill(cr)
            return true
        }
        let w = cell.width, h = cell.height
        switch v {
        case 0x2580: unsafe cairo_rectangle(cr, cell.minX, cell.minY, w, h / 2)
        case 0x2581...0x2588:
            let part = h * Double(v - 0x2580) / 8
            unsafe cairo_rectangle(cr, cell.minX, cell.maxY - part, w, part)
        case 0x2589...0x258F:
            unsafe cairo_rectangle(cr, cell.minX, cell.minY, w * Double(0x2590 - v) / 8, h)
        case 0x2590: unsafe cairo_rectangle(cr, cell.midX, cell.minY, w / 2, h)
        case 0x2591, 0x2592, 0x2593:
            // Shades as the translucency they stand for, not a dot pattern.
            unsafe cairo_save(cr)
            unsafe cairo_rectangle(cr, cell.minX, cell.minY, w, h)
            unsafe cairo_clip(cr)
            unsafe cairo_paint_with_alpha(cr, Double(v - 0x2590) * 0.25)
            unsafe cairo_restore(cr)
            return true
        case 0x2594: unsafe cairo_rectangle(cr, cell.minX, cell.minY, w, h / 8)
        case 0x2595: unsafe cairo_rectangle(cr, cell.maxX - w / 8, cell.minY, w / 8, h)
        default: return false
        }
        unsafe cairo_fill(cr)
        return true
    }
}
#endif
