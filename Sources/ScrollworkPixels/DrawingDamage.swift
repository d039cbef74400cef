#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import Scrollwork
import ScrollworkWidgets

/// Where a drawing in points can put pixels, command by command: what ``FrameDamage`` draws
/// anew when a drawing changed between two frames. Bounds are generous (a text runs to the
/// drawing's edge, a glyph may reach half a line past its own), never short.
enum DrawingDamage {
    /// The area, in points, that differs between `old` and `new` (nil for a drawing that is not
    /// in that frame); nil when they are the same. When the two differ only in what some
    /// commands draw, the area is those commands', old and new; otherwise everything either
    /// can paint.
    static func changed(from old: PointDrawing?, to new: PointDrawing?) -> Rect? {
        guard old != new else { return nil }
        guard let old, let new, old.frame == new.frame, old.isOverlay == new.isOverlay, old.measurer == new.measurer,
              old.commands.count == new.commands.count
        else { return union([old.flatMap(reach), new.flatMap(reach)]) }
        var area: Rect? = nil
        for (a, b) in zip(old.commands, new.commands) where a != b {
            // A clip or an opacity that changed changes everything after it.
            guard paints(a), paints(b) else { return union([reach(old), reach(new)]) }
            area = union([area, bounds(of: a, in: old), bounds(of: b, in: new)])
        }
        return area
    }

    /// Everything `drawing` can paint, in points; nil when it paints nothing.
    static func reach(_ drawing: PointDrawing) -> Rect? {
        union(drawing.commands.map { bounds(of: $0, in: drawing) })
    }

    /// False for a clip, an opacity and a restore, which paint nothing themselves but change
    /// how everything after them is painted.
    static func paints(_ command: PointDrawing.Command) -> Bool {
        switch command {
        case .clip, .opacity, .restore: false
        default: true
        }
    }

    /// Where `command` of `drawing` can paint, in points: within the drawing's frame, apart
    /// from the controls a host draws at their true size; nil where it paints nothing (and
    /// for the commands that do not paint, ``paints(_:)``).
    static func bounds(of command: PointDrawing.Command, in drawing: PointDrawing) -> Rect? {
        let frame = drawing.frame
        func inFrame(_ r: Rect) -> Rect? { r.intersection(frame) }
        switch command {
        case let .fill(rect, _, _):
            return inFrame(rect.insetBy(dx: -1, dy: -1))
        case let .stroke(rect, _, width, _):
            let w = Swift.max(0, width.isFinite ? width : 0) / 2 + 1
            return inFrame(rect.insetBy(dx: -w, dy: -w))
        case let .line(start, end, _, width):
            let w = Swift.max(0, width.isFinite ? width : 0) / 2 + 1
            let box = Rect(x: Swift.min(start.x, end.x), y: Swift.min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
            return inFrame(box.insetBy(dx: -w, dy: -w))
        case let .text(_, origin, font, _):
            // To the drawing's edge (its width is the host's to measure), and half a line
            // above and below for what glyphs reach past their line.
            let line = Swift.max(drawing.measurer.lineHeight(font), 1)
            return inFrame(Rect(x: origin.x - line / 2, y: origin.y - line / 2, width: frame.maxX - origin.x + line / 2, height: line * 2))
        case let .symbol(_, centre, size, _):
            let s = Swift.max(0, size.isFinite ? size : 0) + 1
            return inFrame(Rect(x: centre.x - s, y: centre.y - s, width: 2 * s, height: 2 * s))
        case .clip, .opacity, .restore:
            return nil
        case let .control(control):
            return bounds(of: control)
        }
    }

    /// Where a control can paint, at its true size, which may overhang the frame its widget
    /// was given (`MarkDrawing`).
    private static func bounds(of control: PointDrawing.Control) -> Rect {
        switch control {
        case let .scrollIndicator(indicator, viewport):
            // Its track and thumb (jog ticks lie beside the thumb), relative to the viewport.
            let parts = indicator.track.union(indicator.thumb)
            return parts.offsetBy(dx: viewport.minX, dy: viewport.minY).insetBy(dx: -6, dy: -6)
        case let .pageControl(state, frame, _): return state.frame(centredIn: frame).union(frame).insetBy(dx: -8, dy: -8)
        case let .edgeEffect(_, _, _, content): return content.insetBy(dx: -1, dy: -1)
        case let .button(_, frame, _, _): return frame.insetBy(dx: -2, dy: -2)
        case let .crownPages(_, _, _, viewport): return viewport.insetBy(dx: -8, dy: -8)
        // Eight rings out and two points down (`MarkDrawing.drawShadow`).
        case let .shadow(frame, _): return frame.insetBy(dx: -11, dy: -11)
        }
    }

    /// The smallest rectangle holding every one of `rects` given; nil when none is.
    static func union(_ rects: [Rect?]) -> Rect? {
        rects.reduce(nil) { sum, r in
            guard let r else { return sum }
            return sum.map { $0.union(r) } ?? r
        }
    }
}
#endif
