import Scrollwork

extension PointDrawing {
    /// Picks out, command by command, the fills a host need not paint when a drawing lies over
    /// nothing but the cleared background: fills in the background colour over area no earlier
    /// command of the drawing painted, which would paint the background over itself.
    ///
    /// A table fills every row it draws, its plain rows too, since on a grid a fill is what
    /// blanks the cells; in a window at 3 pixels a point those fills were a tenth of a page
    /// down's work. What earlier commands painted is bounded generously (text to the drawing's
    /// trailing edge, a line or an outline by its width, a symbol by its size either way, a
    /// host's control by the whole drawing), so a fill that is kept may be one a host could
    /// have left out, never the other way round.
    public struct BackgroundFills {
        /// The drawing's frame and measurer, which bound what its commands paint.
        let frame: Rect
        let measurer: TextMeasurer
        /// What the drawing painted so far, bounded.
        var painted = Rect.zero

        /// Ready for the first command of `drawing`.
        public init(of drawing: PointDrawing) {
            frame = drawing.frame
            measurer = drawing.measurer
        }

        /// True when `command`, the next in order, is a fill in the background colour
        /// (`isBackground` says which styles the host resolves to it) over nothing painted yet:
        /// the host leaves it out. Every command is to be passed, in order, skipped or not.
        public mutating func skips(_ command: Command, isBackground: (Style) -> Bool) -> Bool {
            if case let .fill(rect, style, _) = command, !rect.intersects(painted), isBackground(style) { return true }
            painted = painted.union(paintedBounds(of: command))
            return false
        }

        /// A rectangle that holds everything `command` paints (nothing for clips, opacity and
        /// restores); the whole drawing where that is not known, or not a finite rectangle.
        func paintedBounds(of command: Command) -> Rect {
            let bounds: Rect
            switch command {
            case let .fill(rect, _, _): bounds = rect
            case let .stroke(rect, _, width, _): bounds = rect.insetBy(dx: -abs(width), dy: -abs(width))
            case let .line(start, end, _, width):
                bounds = Rect(x: Swift.min(start.x, end.x), y: Swift.min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
                    .insetBy(dx: -abs(width), dy: -abs(width))
            case let .text(_, origin, font, _):
                // Glyphs may reach a little outside their line (accents, descenders, italics).
                let margin = 2.0
                bounds = Rect(x: origin.x - margin, y: origin.y - margin, width: Swift.max(0, frame.maxX - origin.x) + 2 * margin,
                              height: measurer.lineHeight(font) + 2 * margin)
            case let .symbol(_, centre, size, _): bounds = Rect(x: centre.x - abs(size), y: centre.y - abs(size), width: 2 * abs(size), height: 2 * abs(size))
            case .clip, .opacity, .restore: return .zero
            case .control: return frame
            }
            let finite = bounds.minX.isFinite && bounds.minY.isFinite && bounds.width.isFinite && bounds.height.isFinite
            return finite ? bounds : frame
        }
    }
}
