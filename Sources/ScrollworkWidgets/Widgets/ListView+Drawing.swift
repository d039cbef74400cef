import Scrollwork

/// A list's one drawing, for every host: laid out in points at the host's metrics (the idiom's
/// row heights and proportional type in a window; a cell a row on a grid), with padding,
/// symbols, values and subtitles placed the same way, and the canvas turning it into cells or
/// recording it in points.
extension ListView {
    /// The list's rows on `canvas` (``Canvas/rowMetrics(for:fitting:)``), a grid keeping four
    /// cells for an accessory (a chevron and the gap before it).
    func rowMetrics(on canvas: Canvas) -> ListMetrics {
        var rows = canvas.rowMetrics(for: list.idiom, fitting: list.metrics)
        rows.accessoryWidth = canvas.across(points: rows.accessoryWidth, cells: 4)
        return rows
    }

    /// The space between a row's edge and its text: 16 points on touch idioms (UIKit's layout
    /// margin), 8 on macOS; one cell on a grid.
    func rowPadding(on canvas: Canvas) -> Double {
        canvas.across(points: list.idiom == .macOS ? 8 : 16, cells: 1)
    }

    /// Sets the viewport to `bounds` less the index, then draws the visible items at `time`.
    public mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        canvas.applyMotion(to: &list.scroll)
        frame = bounds
        let area = canvas.cells(in: bounds)
        frameCells = area
        indexColumn = list.sectionIndexTitles.isEmpty || area.columns < 3 ? nil : area.maxColumn - 1
        body = area.inset(right: indexColumn == nil ? 0 : 2)
        cursorCell = nil
        let rowMetrics = rowMetrics(on: canvas)
        if list.metrics != rowMetrics { list.metrics = rowMetrics }
        let step = canvas.lineStep(list.scroll.lineStep)
        if list.scroll.lineStep != step { list.scroll.lineStep = step }
        // The index takes two cells at the trailing edge, and whatever a window has beyond them.
        let indexWidth = indexColumn == nil ? 0 : 2 * canvas.metrics.cellWidth + Swift.max(0, bounds.maxX - canvas.metrics.points(area).maxX)
        let rows = Rect(x: bounds.minX, y: bounds.minY, width: Swift.max(0, bounds.width - indexWidth), height: bounds.height)
        accessibleBody = rows
        indexFrame = indexColumn == nil ? nil : Rect(x: rows.maxX, y: bounds.minY, width: indexWidth, height: bounds.height)
        if list.scroll.viewportSize != rows.size { list.setViewport(rows.size) }
        // A legacy scroller set since takes its track from the width the rows span (SV-11).
        if list.scroll.indicatorStyle.reservesTrack { list.fitContentWidth() }
        let measurer = canvas.measurer(for: list.idiom)
        if canvas.rowsFitTheirText { measureTwoLineRows(with: measurer) }
        canvas.draw(bounds, idiom: list.idiom) { c in
            c.fill(bounds, list.style.separatesSections ? theme.groupedBackground : .plain)
            let padding = rowPadding(on: c)
            let offset = c.drawnOffset(list.scroll.offset)
            let origin = Point(x: rows.minX - offset.x, y: rows.minY - offset.y)
            let inset = c.aligned(list.style.rowInset)
            func line(_ y: Double, _ height: Double) -> Rect {
                Rect(x: origin.x + inset, y: y, width: Swift.max(0, rows.width - 2 * inset), height: height)
            }
            c.clipped(to: rows) { c in
                for entry in list.visibleItems(overscan: 0) {
                    let rect = line(origin.y + entry.frame.minY, entry.frame.height)
                    switch entry.item {
                    case .spacer: continue
                    case let .header(section): drawHeader(section, in: rect, padding: padding, measurer: measurer, into: &c)
                    case let .footer(section):
                        guard let footer = list.decorations(ofSection: section).footer else { continue }
                        let top = rect.minY + Swift.min(6, Swift.max(0, rect.height - measurer.lineHeight(.footnote)))
                        c.text(footer.title, at: Point(x: rect.minX + padding, y: top), width: rect.width - 2 * padding, font: .footnote, style: theme.secondary)
                    case .showMore:
                        let top = rect.minY + (rect.height - measurer.lineHeight(.body)) / 2
                        c.text("Show More…", at: Point(x: rect.minX + padding, y: top), width: rect.width - 2 * padding, style: theme.accent)
                    case let .row(path):
                        var separated = false
                        if case .row? = list.item(at: entry.index + 1) { separated = true }
                        drawRow(path, in: rect, separated: separated, padding: padding, measurer: measurer, into: &c, at: time)
                    }
                }
                if let pinned = list.pinnedHeader {
                    // The current section's header stays on top of its rows until the next pushes it up.
                    drawHeader(pinned.section, in: line(rows.minY + pinned.y, list.metrics.headerHeight), padding: padding, measurer: measurer, into: &c)
                }
            }
            if indexColumn != nil { drawIndex(in: Rect(x: rows.maxX, y: bounds.minY, width: indexWidth, height: bounds.height), into: &c) }
        }
        canvas.scrollIndicators(of: list.scroll, in: metrics.points(body), theme: theme)
    }

    /// Rows on screen with a subtitle are measured for the host's type: a title line, a
    /// subtitle line and the padding above and below (8 points on touch idioms, 5 on macOS),
    /// at least the idiom's row height. Heights measured for cells (two 16-point lines) would
    /// crowd proportional text. Rows above the view keep the content from jumping (anchoring).
    private mutating func measureTwoLineRows(with measurer: TextMeasurer) {
        let padding = list.idiom == .macOS ? 5.0 : 8.0
        let wanted = Swift.max(list.metrics.rowHeight, measurer.lineHeight(.body) + measurer.lineHeight(.footnote) + 2 * padding)
        guard wanted.isFinite else { return }
        for entry in list.visibleItems(overscan: 0) {
            guard case let .row(path) = entry.item, abs(entry.frame.height - wanted) > 0.5 else { continue }
            let content: RowContent
            // A row that cannot be read is drawn as nothing: it needs no height.
            do { content = try list.content(at: path) } catch { continue }
            guard content.subtitle != nil else { continue }
            // The row was just read at `path` and `wanted` is finite, the two things the call
            // checks: it cannot fail here, and a row it refused would keep its height.
            do { try list.setMeasuredHeight(wanted, at: path) } catch { continue }
        }
    }

    /// A plain list's header is a filled bar with a headline; a grouped list's is a footnote in
    /// capitals at the bottom of its space, above its section, as UIKit draws them.
    private func drawHeader(_ section: Int, in rect: Rect, padding: Double, measurer: TextMeasurer, into c: inout Canvas) {
        guard let header = list.decorations(ofSection: section).header else { return }
        let origin = rect.minX + padding, width = rect.width - 2 * padding
        if list.style.separatesSections {
            let top = Swift.max(rect.minY, rect.maxY - measurer.lineHeight(.footnote) - 4)
            c.text(header.title.uppercased(), at: Point(x: origin, y: top), width: width, font: .footnote, style: theme.secondary)
        } else {
            c.fill(rect, theme.focus)
            var style = theme.header
            style.background = theme.focus.background
            let top = rect.minY + (rect.height - measurer.lineHeight(.headline)) / 2
            c.text(header.title, at: Point(x: origin, y: top), width: width, font: .headline, style: style)
        }
    }

    private mutating func drawRow(_ path: IndexPath, in rect: Rect, separated: Bool, padding: Double, measurer: TextMeasurer,
                                  into c: inout Canvas, at time: Double) {
        let content: RowContent
        do { content = try list.content(at: path) } catch { return }
        let look = list.appearance(at: path, time: time, accessory: content.accessory)
        var row = rect
        if look.scale < 1 {
            // The elliptical style narrows rows towards the edges.
            let shrink = c.aligned((1 - look.scale) * rect.width / 2)
            row = Rect(x: rect.minX + shrink, y: rect.minY, width: Swift.max(0, rect.width - 2 * shrink), height: rect.height)
        }
        let selected = look.isSelected || look.isFlashing
        var base = theme.text
        if list.style.separatesSections { base.background = theme.groupedRow.background }
        if look.usesAlternateBackground { base = theme.zebra }
        if path == hoveredRow, theme.hover.background != .default { base.background = theme.hover.background }
        if selected { base = theme.selection }
        if look.isFocused && !look.isSelected { base.bold = true; if list.idiom == .tvOS { base = theme.focus } }
        // Symbols and secondary text in their colours over the row's background (all in the
        // selection's on a selected row).
        func onRow(_ role: Style) -> Style {
            var style = selected ? theme.selection : role
            style.background = base.background
            style.reverse = base.reverse
            return style
        }
        let secondary = onRow(theme.secondary), accent = onRow(theme.accent), destructive = onRow(theme.destructive)
        // Two lines where the row has room for both.
        let lineHeights = (title: measurer.lineHeight(.body), subtitle: measurer.lineHeight(.footnote))
        let subtitle = content.subtitle.flatMap { row.height >= lineHeights.title + lineHeights.subtitle - 0.001 ? $0 : nil }
        let top = row.minY + (row.height - lineHeights.title - (subtitle == nil ? 0 : lineHeights.subtitle)) / 2
        let cursor = c.metrics.cell(at: Point(x: row.minX + padding + 1e-6, y: top + 1e-6))
        if look.isFocused, body.contains(cursor) { cursorCell = cursor }
        c.faded(look.opacity) { c in
            c.fill(row, base, radius: look.isRaised ? 8 : 0)
            if look.isRaised { c.stroke(row, theme.separator, radius: 8) }
            if look.isFocused && !selected && list.idiom != .iOS { c.focusRing(row.insetBy(dx: 1, dy: 1), theme.accent, radius: 4) }
            var leading = row.minX + padding
            var trailing = row.maxX - padding
            let size = measurer.size(.body)
            // A symbol at the leading or trailing end of what is left, then a gap.
            func put(_ symbol: String, atLeading: Bool, gap: Double, _ style: Style) {
                let width = measurer.symbolWidth(symbol, font: .body)
                let x = atLeading ? leading + width / 2 : trailing - width / 2
                c.symbol(symbol, centre: Point(x: x, y: row.midY), size: size, style)
                if atLeading { leading += width + c.aligned(gap) } else { trailing -= width + c.aligned(gap) }
            }
            if look.showsDeleteControl { put("⊖", atLeading: true, gap: 8, destructive) }
            if look.showsReorderHandle { put("≡", atLeading: false, gap: 8, secondary) }
            // A checkmark and a detail button are tinted, as in UIKit; a chevron is grey.
            for symbol in Self.trailingSymbols(content.accessory, checkmark: look.showsCheckmark).reversed() {
                put(symbol, atLeading: false, gap: 6, symbol == "›" ? secondary : accent)
            }
            if let symbol = content.leadingSymbol { put(symbol, atLeading: true, gap: 10, accent) }
            if let value = content.secondaryText {
                // A value takes at most half the row; the title gets what it leaves.
                let room = c.aligned(Swift.max(0, trailing - leading) / 2)
                trailing -= c.text(value, at: Point(x: trailing - room, y: top), width: room, style: secondary, alignment: .trailing) + c.aligned(8)
            }
            c.text(content.title, at: Point(x: leading, y: top), width: trailing - leading, style: base)
            if let subtitle {
                c.text(subtitle, at: Point(x: leading, y: top + lineHeights.title), width: trailing - leading, font: .footnote, style: secondary)
            }
        }
        if separated && !selected {
            c.separator(under: Rect(x: rect.minX + padding, y: rect.minY, width: Swift.max(0, rect.width - padding), height: rect.height),
                        theme.separator, hardEdge: false, width: 0.5)
        }
    }

    /// The index letters as ``layOutIndex()`` places them, one a cell row (so that a press finds
    /// the same letter on every host), centred in `box`.
    private mutating func drawIndex(in box: Rect, into c: inout Canvas) {
        layOutIndex()
        for (i, entry) in index.entries.enumerated() {
            let centreY = (Double(index.top + i) + 0.5) * c.metrics.cellHeight
            c.symbol(String(entry.title.prefix(1)), centre: Point(x: box.midX, y: centreY), size: 11, theme.accent)
        }
    }
}
