import Scrollwork

/// Draws the indicators of a `ScrollState` over the cells of its viewport (overlay, legacy
/// scrollers with their track, the visionOS jog bar, watchOS page dots) for every scrolling widget.
struct ScrollIndicatorDrawing {
    /// The point/cell mapping.
    var metrics: CellMetrics
    /// Styles.
    var theme: Theme

    /// Draws the indicators of `state` over `rect` (a pixel host's marks over `viewport`'s
    /// points when given, for a view placed between cells).
    func draw(_ state: ScrollState, in rect: CellRect, viewport: Rect? = nil, into canvas: inout Canvas) {
        for axis in Axis.allCases {
            guard let indicator = state.indicator(axis), indicator.opacity > 0 else { continue }
            if canvas.drawsPointMarks {
                canvas.record(.scrollIndicator(indicator, viewport: viewport ?? metrics.points(rect)))
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
            if indicator.showsTrack { drawTrack(indicator, in: rect, into: &canvas) }
            let thumb = indicator.thumb
            if axis == .vertical {
                let column = rect.column + Swift.min(rect.columns - 1, Int(saturating: (thumb.midX / metrics.cellWidth).rounded(.down)))
                let start = Double(rect.row) + metrics.cells(thumb.minY, .vertical)
                let end = Double(rect.row) + metrics.cells(thumb.maxY, .vertical)
                BarDrawing.vertical(&canvas.cells, column: column, from: start, to: end, style: style, clip: rect)
                if let phase = indicator.jogTickPhase, indicator.isDragged {
                    drawJogTicks(column: column, phase: phase, thumb: (start, end), in: rect, into: &canvas)
                }
            } else {
                let row = rect.row + Swift.min(rect.rows - 1, Int(saturating: (thumb.midY / metrics.cellHeight).rounded(.down)))
                let start = Double(rect.column) + metrics.cells(thumb.minX, .horizontal)
                let end = Double(rect.column) + metrics.cells(thumb.maxX, .horizontal)
                BarDrawing.horizontal(&canvas.cells, row: row, from: start, to: end, style: style, clip: rect)
            }
        }
        if state.verticalPageLengths != nil { drawPageIndicator(state, in: rect, into: &canvas) }
    }

    private func drawTrack(_ indicator: ScrollIndicator, in rect: CellRect, into canvas: inout Canvas) {
        let track = indicator.track
        let cells = CellRect(column: rect.column + Int(saturating: (track.minX / metrics.cellWidth).rounded(.down)),
                             row: rect.row + Int(saturating: (track.minY / metrics.cellHeight).rounded(.down)),
                             columns: Swift.max(1, Int(saturating: (track.width / metrics.cellWidth).rounded(.up))),
                             rows: Swift.max(1, Int(saturating: (track.height / metrics.cellHeight).rounded(.up)))).intersection(rect)
        canvas.cells.fill(cells, with: Cell("░", style: theme.track))
    }

    /// visionOS: tick marks above and below the jog bar that move with the scrolling speed.
    private func drawJogTicks(column: Int, phase: Double, thumb: (Double, Double), in rect: CellRect, into canvas: inout Canvas) {
        let shift = Int(saturating: (phase / metrics.cellHeight * 2).rounded(.down))
        let shown = rect.intersection(canvas.cells.area)
        for row in shown.row..<shown.maxRow where Double(row) < thumb.0 - 1 || Double(row) >= thumb.1 + 1 {
            if (row + shift) % 2 == 0 { canvas.cells[column, row] = Cell("╴", style: theme.indicator) }
        }
    }

    /// watchOS: page dots beside the crown, the current one filling with the position inside a
    /// long page (SV-15).
    private func drawPageIndicator(_ state: ScrollState, in rect: CellRect, into canvas: inout Canvas) {
        let (page, count, progress) = state.pagePosition(.vertical)
        guard count > 1 else { return }
        if canvas.drawsPointMarks {
            canvas.record(.crownPages(page: page, count: count, progress: progress, viewport: metrics.points(rect)))
            return
        }
        let top = rect.row + Swift.max(0, (rect.rows - count) / 2)
        let column = rect.maxColumn - 1
        let quarters: [Character] = ["○", "◔", "◑", "◕", "●"]
        for i in 0..<Swift.min(count, rect.rows) {
            let symbol: Character = i == page ? quarters[Int(saturating: (progress * 4).rounded())] : "·"
            canvas.cells[column, top + i] = Cell(String(symbol), style: i == page ? theme.accent : theme.secondary)
        }
    }
}
