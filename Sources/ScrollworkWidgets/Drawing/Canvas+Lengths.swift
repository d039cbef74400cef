import Scrollwork

/// The sizes a widget lays itself out with, said once for both kinds of canvas: a window that
/// draws in points, where margins of a few points and the idiom's row heights are right, and a
/// grid, whose cells are too coarse for them (a margin of 8 points is a cell there, or none).
/// Widgets take their margins, gaps, row heights and hit targets from these, so that no widget
/// asks which host it draws on.
extension Canvas {
    /// A length across: `points` where widgets draw in points, `cells` cell widths on a grid.
    public func across(points: Double, cells: Double) -> Double {
        drawsInPoints ? points : cells * metrics.cellWidth
    }

    /// A length down the page: `points` where widgets draw in points, `cells` cell heights on a
    /// grid.
    public func down(points: Double, cells: Double) -> Double {
        drawsInPoints ? points : cells * metrics.cellHeight
    }

    /// The rows of a list or table in `idiom`: the idiom's own metrics in points, their height
    /// from the host's body font, where widgets draw in points; `current` with a cell a row on a
    /// grid. Whether rows vary in height is kept from `current`.
    public func rowMetrics(for idiom: ScrollIdiom, fitting current: ListMetrics) -> ListMetrics {
        guard drawsInPoints else { return metrics.cells(current) }
        var native = ListMetrics.standard(for: idiom, bodyLineHeight: measurer(for: idiom).lineHeight(.body))
        native.rowsVaryInHeight = current.rowsVaryInHeight
        return native
    }

    /// How far one arrow or wheel step scrolls rows of `rowStep` (points): a cell down and
    /// `cellsAcross` cells across on a grid, where a step of a few points would not move a
    /// cell; `rowStep` where widgets draw in points.
    public func lineStep(_ rowStep: Size, cellsAcross: Double = 1) -> Size {
        drawsInPoints ? rowStep : Size(width: cellsAcross * metrics.cellWidth, height: metrics.cellHeight)
    }

    /// The height of a row of column headings: AppKit's 28 points, or a row of cells.
    public var columnHeaderHeight: Double { down(points: ColumnHeader.pointHeight, cells: 1) }

    /// True where a row grows to hold its lines of text (a title over a subtitle) as the host's
    /// fonts measure them; false on a grid, whose rows are a cell each and show a subtitle
    /// beside the title.
    public var rowsFitTheirText: Bool { drawsInPoints }

    /// True where the focused item is marked by underlining its text: a grid, which has no room
    /// for a focus ring (``focusRing(_:_:radius:)`` draws nothing there).
    public var underlinesFocus: Bool { !drawsInPoints }

    /// True where the host draws push buttons as controls a pointer presses (a window); a
    /// grid's chrome names keys instead.
    public var drawsPushButtons: Bool { drawsInPoints }

    /// The style of secondary text (a list's detail, an outline's columns): the theme's grey
    /// where widgets draw in points, as Finder's; the text's own on a grid, where dim text is
    /// hard to read.
    public func readableSecondary(_ theme: Theme) -> Style { drawsInPoints ? theme.secondary : theme.text }
}
