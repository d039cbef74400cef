import Scrollwork

/// The parts of a frame a host draws its own way (scroll indicators, edge effects, page dots,
/// push buttons): a widget names the part and where it lies in points, once; a pixel host
/// records it in the drawing as a ``PointDrawing/Control`` and draws it at its true size (a
/// 3-point indicator that fades, 7-point dots, a soft edge), and a grid draws the characters
/// that stand for it:
///
/// - an indicator is a bar of block characters (▀▄█ and their eighths) along the viewport's
///   trailing column or bottom row, dimming as it fades; a legacy scroller's track is ░; the
///   visionOS jog bar has ╴ ticks that move; watchOS page dots beside the crown are ○◔◑◕● and ·;
/// - a hard edge effect is a rule of ─ or │ along the edge; a soft one dims the one or two
///   rows or columns nearest the bar;
/// - page dots are ● (dim for pages not shown), • and · for shrunk ones, two cells apart.
extension Canvas {
    /// True where controls are recorded for the host to draw (a pixel host drawing in points):
    /// never characters.
    private var recordsControls: Bool { drawsInPoints }

    /// Records `control` in the drawing under way, or in an overlay drawing of its own over the
    /// whole canvas.
    private mutating func recordControl(_ control: PointDrawing.Control) {
        if isRecording { return recording?.control(control) ?? () }
        guard let context = pointContext else { return }
        var overlay = PointDrawing(frame: bounds, measurer: context.measurer(for: .iOS), isOverlay: true)
        overlay.control(control)
        record(.drawing(overlay))
    }

    /// The indicators of `state` over `viewport` (points): overlay or legacy, the visionOS jog
    /// bar, watchOS page dots; in `theme`'s styles on a grid.
    public mutating func scrollIndicators(of state: ScrollState, in viewport: Rect, theme: Theme) {
        let rect = cells(in: viewport)
        for axis in Axis.allCases {
            guard let indicator = state.indicator(axis), indicator.opacity > 0 else { continue }
            if recordsControls {
                recordControl(.scrollIndicator(indicator, viewport: viewport))
                continue
            }
            var style = theme.indicator
            if indicator.isDragged {
                style.dim = false
                style.bold = true
            } else if case .rgb = style.foreground, case .rgb = theme.background {
                // The fade, step by step: the colour moves toward the background with the opacity.
                style.foreground = style.foreground.blended(toward: theme.background, fraction: 1 - indicator.opacity)
            } else if indicator.opacity < 0.5 {
                style.dim = true
            }
            if indicator.showsTrack { drawTrack(indicator, in: rect, theme: theme) }
            let thumb = indicator.thumb
            if axis == .vertical {
                let column = rect.column + Swift.min(rect.columns - 1, Int(flooringSaturating: thumb.midX / metrics.cellWidth))
                let start = Double(rect.row) + metrics.cells(thumb.minY, .vertical)
                let end = Double(rect.row) + metrics.cells(thumb.maxY, .vertical)
                BarDrawing.vertical(&cells, column: column, from: start, to: end, style: style, clip: rect.intersection(currentClip))
                if let phase = indicator.jogTickPhase, indicator.isDragged {
                    drawJogTicks(column: column, phase: phase, thumb: (start, end), in: rect, theme: theme)
                }
            } else {
                let row = rect.row + Swift.min(rect.rows - 1, Int(flooringSaturating: thumb.midY / metrics.cellHeight))
                let start = Double(rect.column) + metrics.cells(thumb.minX, .horizontal)
                let end = Double(rect.column) + metrics.cells(thumb.maxX, .horizontal)
                BarDrawing.horizontal(&cells, row: row, from: start, to: end, style: style, clip: rect.intersection(currentClip))
            }
        }
        if state.verticalPageLengths != nil { drawCrownPages(state, in: viewport, theme: theme) }
    }

    private mutating func drawTrack(_ indicator: ScrollIndicator, in rect: CellRect, theme: Theme) {
        let track = indicator.track
        let area = CellRect(column: rect.column + Int(flooringSaturating: track.minX / metrics.cellWidth),
                            row: rect.row + Int(flooringSaturating: track.minY / metrics.cellHeight),
                            columns: Swift.max(1, Int(saturating: (track.width / metrics.cellWidth).rounded(.up))),
                            rows: Swift.max(1, Int(saturating: (track.height / metrics.cellHeight).rounded(.up)))).intersection(rect)
        cells.fill(area.intersection(currentClip), with: Cell("░", style: theme.track))
    }

    /// visionOS: tick marks above and below the jog bar that move with the scrolling speed.
    private mutating func drawJogTicks(column: Int, phase: Double, thumb: (Double, Double), in rect: CellRect, theme: Theme) {
        let shift = Int(flooringSaturating: phase / metrics.cellHeight * 2)
        let shown = rect.intersection(currentClip)
        for row in shown.row..<shown.maxRow where Double(row) < thumb.0 - 1 || Double(row) >= thumb.1 + 1 {
            if (row + shift) % 2 == 0 { cells[column, row] = Cell("╴", style: theme.indicator) }
        }
    }

    /// watchOS: page dots beside the crown, the current one filling with the position inside a
    /// long page (SV-15).
    private mutating func drawCrownPages(_ state: ScrollState, in viewport: Rect, theme: Theme) {
        let (page, count, progress) = state.pagePosition(.vertical)
        guard count > 1 else { return }
        if recordsControls {
            recordControl(.crownPages(page: page, count: count, progress: progress, viewport: viewport))
            return
        }
        let rect = cells(in: viewport).intersection(cells.area)
        guard !rect.isEmpty else { return }
        let top = rect.row + Swift.max(0, (rect.rows - count) / 2)
        let column = rect.maxColumn - 1
        let quarters: [Character] = ["○", "◔", "◑", "◕", "●"]
        let shown = rect.intersection(currentClip)
        for i in 0..<Swift.min(count, rect.rows) where shown.contains(column: column, row: top + i) {
            let symbol: Character = i == page ? quarters[Int(saturating: (progress * 4).rounded())] : "·"
            cells[column, top + i] = Cell(String(symbol), style: i == page ? theme.accent : theme.secondary)
        }
    }

    /// A scroll edge effect next to a floating bar (SV-08) along `effect.edge` of `content`
    /// (points, where the scrolling content lies), for `state` resolved for `idiom`: soft dims
    /// the content that slides under the bar, more as more lies under it; hard draws a rule.
    public mutating func edgeEffect(_ effect: ScrollEdgeEffect, state: ScrollState, idiom: ScrollIdiom, content: Rect, theme: Theme) {
        let intensity = effect.intensity(in: state)
        let area = cells(in: content)
        guard intensity > 0, !area.isEmpty else { return }
        let style = effect.resolvedStyle(for: idiom)
        if recordsControls {
            recordControl(.edgeEffect(effect, style: style, intensity: intensity, content: content))
            return
        }
        let row: Int, column: Int
        switch effect.edge {
        case .top: row = area.row; column = area.column
        case .bottom: row = area.maxRow - 1; column = area.column
        case .left: row = area.row; column = area.column
        case .right: row = area.row; column = area.maxColumn - 1
        }
        switch style {
        case .hard:
            if effect.edge.axis == .vertical {
                cells.fill(CellRect(column: area.column, row: row, columns: area.columns, rows: 1).intersection(currentClip), with: Cell("─", style: theme.separator))
            } else {
                cells.fill(CellRect(column: column, row: area.row, columns: 1, rows: area.rows).intersection(currentClip), with: Cell("│", style: theme.separator))
            }
        case .soft, .automatic:
            // Up to two rows fade, the nearest most.
            let depth = intensity > 0.5 ? 2 : 1
            for i in 0..<depth {
                let r: CellRect
                switch effect.edge {
                case .top: r = CellRect(column: area.column, row: row + i, columns: area.columns, rows: 1)
                case .bottom: r = CellRect(column: area.column, row: row - i, columns: area.columns, rows: 1)
                case .left: r = CellRect(column: column + i, row: area.row, columns: 1, rows: area.rows)
                case .right: r = CellRect(column: column - i, row: area.row, columns: 1, rows: area.rows)
                }
                cells.restyle(r.intersection(area).intersection(currentClip)) { $0.dim = true }
            }
        }
    }

    /// A page control of `state` in `frame` (points): at its true size centred in the frame on
    /// a pixel host, the dot of page `hovered` (under the pointer) a shade stronger, or a dot
    /// every two cells from the frame's second cell on a grid. Returns
    /// true when drawn at its true size, where a press finds a dot by the control's layout in
    /// points; false where a press finds the dot drawn in its cell.
    @discardableResult
    public mutating func pageControl(_ state: PageControlState, in frame: Rect, theme: Theme, hovered: Int? = nil) -> Bool {
        if recordsControls {
            recordControl(.pageControl(state, frame: frame, hovered: hovered))
            return true
        }
        let area = cells(in: frame)
        // Only what the clip lets it draw: a control scrolled partly out of its view.
        let shown = area.intersection(currentClip)
        if state.isBackgroundVisible { cells.fill(shown, with: .blank(theme.controlBackground)) }
        for (i, item) in state.layout().items.enumerated() {
            let symbol = item.scale >= 1 ? item.image.symbol : (item.scale > 0.5 ? "•" : "·")
            var style = item.isCurrent ? theme.accent : theme.secondary
            if !item.isCurrent && item.scale >= 1 { style.dim = true }
            if state.isBackgroundVisible { style.background = theme.controlBackground.background; style.reverse = theme.controlBackground.reverse }
            let (column, row) = state.isVertical ? (area.column + 1, area.row + 1 + 2 * i) : (area.column + 1 + 2 * i, area.row)
            cells.draw(symbol, column: column, row: row, style: style, clip: shown)
        }
        return false
    }

    /// The soft shadow of a surface raised over the rest (a menu, a popover) at `frame` (points),
    /// its corners rounded by `radius`, as a desktop draws one under a menu; nothing on a grid,
    /// where the surface's border sets it apart. Drawn before the surface.
    public mutating func dropShadow(_ frame: Rect, radius: Double) {
        guard recordsControls, frame.isFinite, frame.width > 0, frame.height > 0 else { return }
        recordControl(.shadow(frame: frame, radius: radius.isFinite ? Swift.max(0, radius) : 0))
    }

    /// A push button titled `title` in `frame` (points), drawn pressed while `isPressed` and
    /// shaded while `isHovered` (the pointer is over it): a window's bezel with its title centred (24 points tall at most, centred in a taller
    /// frame, as AppKit's regular size); on a grid, `title` as text in `style` from the frame's
    /// first cell.
    public mutating func button(_ title: String, frame: Rect, isPressed: Bool, isHovered: Bool = false, style: Style) {
        guard recordsControls else {
            text(title, at: frame.origin, width: frame.width, style: style)
            return
        }
        var box = frame
        // Taller where the host sets its text larger (a desktop's text scale), as its title is.
        let tallest = Swift.max(24, (pointContext?.measurer(for: .macOS).lineHeight(.footnote) ?? 0) + 8)
        if box.height > tallest { box = Rect(x: box.minX, y: box.minY + (box.height - tallest) / 2, width: box.width, height: tallest) }
        recordControl(.button(title: title, frame: box, isPressed: isPressed, isHovered: isHovered))
    }
}
