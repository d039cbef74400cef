import Scrollwork

/// A list drawn in points for a pixel host: the idiom's row heights and type, proportional text
/// measured by the host, hairline separators inset from the leading edge, grouped backgrounds,
/// and rows placed to the point while they move (nothing snaps to a cell).
extension ListView {
    /// The list's metrics in points for its idiom, keeping whether rows vary in height.
    var pointMetrics: ListMetrics {
        var m = ListMetrics.standard(for: list.idiom)
        m.rowsVaryInHeight = list.metrics.rowsVaryInHeight
        return m
    }

    /// The space between a row's edge and its text: 16 points on touch idioms (UIKit's layout
    /// margin), 8 on macOS.
    var rowPadding: Double { list.idiom == .macOS ? 8 : 16 }

    /// Lays the list out in the points of `area` and records its drawing.
    mutating func renderPoints(in area: CellRect, context: PointContext, into canvas: inout Canvas, at time: Double) {
        if list.metrics != pointMetrics { list.metrics = pointMetrics }
        let box = canvas.points(area)
        let bodyBox = Rect(x: box.minX, y: box.minY, width: Swift.max(0, box.width - (indexColumn == nil ? 0 : 2 * metrics.cellWidth + box.maxX - metrics.points(area).maxX)), height: box.height)
        accessibleBody = bodyBox
        if list.scroll.viewportSize != bodyBox.size { list.setViewport(bodyBox.size) }
        if list.scroll.indicatorStyle.reservesTrack { list.fitContentWidth() }
        canvas.cells.fill(area)
        let measurer = context.measurer(for: list.idiom)
        measureTwoLineRows(with: measurer)
        var drawing = PointDrawing(frame: box, measurer: measurer)
        let grouped = list.style.separatesSections
        // A plain list lies on the window's background, as its blank cells do: no fill to pay for.
        if grouped { drawing.fill(box, theme.groupedBackground) }
        let origin = Point(x: bodyBox.minX - list.scroll.offset.x, y: bodyBox.minY - list.scroll.offset.y)
        let inset = list.style.rowInset
        drawing.clipped(to: bodyBox) { d in
            for entry in list.visibleItems(overscan: 0) {
                let rect = Rect(x: origin.x + inset, y: origin.y + entry.frame.minY, width: bodyBox.width - 2 * inset, height: entry.frame.height)
                switch entry.item {
                case .spacer: continue
                case let .header(section): drawHeader(section, in: rect, into: &d)
                case let .footer(section):
                    guard let footer = list.decorations(ofSection: section).footer else { continue }
                    d.text(footer.title, at: Point(x: rect.minX + rowPadding, y: rect.minY + 6), width: rect.width - 2 * rowPadding, font: .footnote, theme.secondary)
                case .showMore:
                    let top = d.lineTop(.body, centredIn: rect.minY, height: rect.height)
                    d.text("Show More…", at: Point(x: rect.minX + rowPadding, y: top), width: rect.width - 2 * rowPadding, font: .body, theme.accent)
                case let .row(path):
                    let next = list.item(at: entry.index + 1)
                    var separated = false
                    if case .row? = next { separated = true }
                    drawRow(path, in: rect, separated: separated, cellRect: area, into: &d, at: time)
                }
            }
            if let pinned = list.pinnedHeader {
                let rect = Rect(x: origin.x + inset, y: bodyBox.minY + pinned.y, width: bodyBox.width - 2 * inset, height: list.metrics.headerHeight)
                drawHeader(pinned.section, in: rect, into: &d)
            }
        }
        if let column = indexColumn { drawIndexPoints(column: column, box: box, into: &drawing) }
        canvas.record(.drawing(drawing))
        ScrollIndicatorDrawing(metrics: metrics, theme: theme).draw(list.scroll, in: body, into: &canvas)
    }

    /// Rows on screen with a subtitle are measured for the host's type: a title line, a
    /// subtitle line and the padding above and below (8 points on touch idioms, 5 on macOS),
    /// at least the idiom's row height. Heights measured for cells (two 16-point lines) would
    /// crowd proportional text. Rows above the view keep the content from jumping (anchoring).
    private mutating func measureTwoLineRows(with measurer: TextMeasurer) {
        let padding = list.idiom == .macOS ? 5.0 : 8.0
        let wanted = Swift.max(list.metrics.rowHeight, measurer.lineHeight(.body) + measurer.lineHeight(.footnote) + 2 * padding)
        for entry in list.visibleItems(overscan: 0) {
            guard case let .row(path) = entry.item, abs(entry.frame.height - wanted) > 0.5 else { continue }
            let content: RowContent
            // A row that cannot be read is drawn as nothing, as with cells: it needs no height.
            do { content = try list.content(at: path) } catch { continue }
            guard content.subtitle != nil else { continue }
            do { try list.setMeasuredHeight(wanted, at: path) } catch { failure = error }
        }
    }

    /// A plain list's header is a filled bar with a headline; a grouped list's is a footnote in
    /// capitals above its section, as UIKit draws them.
    private func drawHeader(_ section: Int, in rect: Rect, into d: inout PointDrawing) {
        guard let header = list.decorations(ofSection: section).header else { return }
        let width = rect.width - 2 * rowPadding
        if list.style.separatesSections {
            let top = rect.maxY - d.measurer.lineHeight(.footnote) - 4
            d.text(header.title.uppercased(), at: Point(x: rect.minX + rowPadding, y: top), width: width, font: .footnote, theme.secondary)
        } else {
            d.fill(rect, theme.focus)
            var style = theme.header
            style.background = theme.focus.background
            d.text(header.title, at: Point(x: rect.minX + rowPadding, y: d.lineTop(.headline, centredIn: rect.minY, height: rect.height)),
                   width: width, font: .headline, style)
        }
    }

    private mutating func drawRow(_ path: IndexPath, in rect: Rect, separated: Bool, cellRect: CellRect, into d: inout PointDrawing, at time: Double) {
        let content: RowContent
        do { content = try list.content(at: path) } catch { return }
        let look = list.appearance(at: path, time: time, accessory: content.accessory)
        var row = rect
        if look.scale < 1 {
            // The elliptical style narrows rows towards the edges.
            let shrink = (1 - look.scale) * rect.width / 2
            row = Rect(x: rect.minX + shrink, y: rect.minY, width: rect.width - 2 * shrink, height: rect.height)
        }
        if look.isFocused {
            let cell = CellPosition(column: cellRect.column, row: cellRect.row.addingSaturating(metrics.rows(forPoints: rect.midY - metrics.points(cellRect).minY)))
            if cellRect.contains(column: cell.column, row: cell.row) { cursorCell = cell }
        }
        let selected = look.isSelected || look.isFlashing
        var text = theme.text
        var secondary = theme.secondary
        var accent = look.showsCheckmark ? theme.accent : theme.secondary
        let background: Style? = selected ? theme.selection : look.usesAlternateBackground ? theme.zebra
            : list.style.separatesSections ? theme.groupedRow : nil
        if selected { (text, secondary, accent) = (theme.selection, theme.selection, theme.selection) }
        if look.isFocused && !look.isSelected { text.bold = true }
        d.faded(look.opacity) { d in
            if let background { d.fill(row, background, radius: look.isRaised ? 8 : 0) }
            if look.isRaised { d.stroke(row, theme.separator, radius: 8) }
            if look.isFocused && !selected && list.idiom != .iOS { d.stroke(row.insetBy(dx: 1, dy: 1), theme.accent, width: 2, radius: 4) }
            var leading = row.minX + rowPadding
            var trailing = row.maxX - rowPadding
            let size = d.measurer.size(.body)
            if look.showsDeleteControl {
                d.symbol("⊖", centre: Point(x: leading + size / 2, y: row.midY), size: size, theme.destructive)
                leading += size + 8
            }
            if look.showsReorderHandle {
                d.symbol("≡", centre: Point(x: trailing - size / 2, y: row.midY), size: size, theme.secondary)
                trailing -= size + 8
            }
            // A checkmark and a detail button are tinted, as in UIKit; a chevron is grey.
            for symbol in Self.trailingSymbols(content.accessory, checkmark: look.showsCheckmark).reversed() {
                let style = symbol == "✓" ? accent : symbol == "ⓘ" ? theme.accent : theme.secondary
                d.symbol(symbol, centre: Point(x: trailing - size / 2, y: row.midY), size: size, selected ? theme.selection : style)
                trailing -= size + 6
            }
            if let symbol = content.leadingSymbol {
                d.symbol(symbol, centre: Point(x: leading + size / 2, y: row.midY), size: size, selected ? theme.selection : theme.accent)
                leading += size + 10
            }
            let lines = (d.measurer.lineHeight(.body), content.subtitle == nil ? 0 : d.measurer.lineHeight(.footnote))
            let top = row.minY + (row.height - lines.0 - lines.1) / 2
            if let value = content.secondaryText {
                // A value takes at most half the row; the title gets what it leaves.
                let room = (trailing - leading) / 2
                trailing -= d.text(value, at: Point(x: trailing - room, y: d.lineTop(.body, centredIn: row.minY, height: row.height)), width: room,
                                   font: .body, secondary, alignment: .trailing) + 8
            }
            d.text(content.title, at: Point(x: leading, y: top), width: trailing - leading, font: .body, text)
            if let subtitle = content.subtitle {
                d.text(subtitle, at: Point(x: leading, y: top + lines.0), width: trailing - leading, font: .footnote, secondary)
            }
        }
        if separated && !selected {
            let y = rect.maxY - 0.5
            d.line(from: Point(x: rect.minX + rowPadding, y: y), to: Point(x: rect.maxX, y: y), theme.separator, width: 0.5)
        }
    }

    /// The index letters, one a cell row as the terminal places them (so a press finds the same
    /// letter), centred in the index's points.
    private mutating func drawIndexPoints(column: Int, box: Rect, into d: inout PointDrawing) {
        layOutIndex()
        let left = metrics.points(CellRect(column: column - 1, row: 0, columns: 1, rows: 1)).minX
        let centreX = (left + box.maxX) / 2
        for (i, entry) in index.entries.enumerated() {
            let centreY = (Double(index.top + i) + 0.5) * metrics.cellHeight
            d.symbol(String(entry.title.prefix(1)), centre: Point(x: centreX, y: centreY), size: 11, theme.accent)
        }
    }
}
