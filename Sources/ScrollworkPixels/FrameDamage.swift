#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import Scrollwork
import ScrollworkWidgets

/// What a window draws anew for a frame, given the frame it showed before: the rows of cells
/// that changed, the drawings in points that changed (or that pixels moved under), and one
/// scroll, which the window moves by copying the pixels it already drew, so that only the band
/// the scroll exposes is drawn, as the terminal host moves rows with a scroll region: a block of
/// rows of cells the widgets moved (`Buffer.hintedMove(from:comparedWidth:)`), or what a drawing
/// in points draws inside a clip moved by whole pixels (``DrawingMove``).
///
/// Areas are in whole pixels of the image, never outside it. A frame drawn this way over the
/// last one is the frame drawn whole, pixel for pixel (`FrameDamageTests` compare them).
struct FrameDamage: Equatable {
    /// Pixels moved before anything is drawn: each row of ``area`` takes what the row
    /// ``distance`` further down held (positive: the content moved up).
    struct Move: Equatable {
        /// The moved pixels' destination, whole pixels within the image.
        var area: Rect
        /// Pixels the content moved up (negative: down).
        var distance: Int
    }

    /// The pixels to move first, if any.
    var move: Move?
    /// The areas to draw anew after the move, in whole pixels within the image; empty when
    /// nothing changed.
    var areas: [Rect]

    /// Most areas kept apart; more are drawn as the one area that bounds them.
    static let maximumAreas = 16

    /// Everything drawn anew: an image `width` × `height` pixels.
    static func whole(width: Int, height: Int) -> FrameDamage {
        FrameDamage(move: nil, areas: [Rect(x: 0, y: 0, width: Double(width), height: Double(height))])
    }

    /// True when nothing is moved or drawn.
    var isEmpty: Bool { move == nil && areas.isEmpty }

    /// The areas whose pixels changed, for handing to the display: those drawn and those moved,
    /// none twice.
    var changedAreas: [Rect] { Self.merged(areas + (move.map { [$0.area] } ?? [])) }

    /// What changes from `old` to `new`, both drawn at `scale` pixels a point on an image
    /// `width` × `height` pixels: everything when their grids or metrics differ.
    static func between(_ old: Canvas, _ new: Canvas, scale: Double, width: Int, height: Int) -> FrameDamage {
        let cells = new.cells, before = old.cells
        guard width > 0, height > 0, scale.isFinite, scale > 0,
              before.columns == cells.columns, before.rows == cells.rows, old.metrics == new.metrics, old.size == new.size
        else { return whole(width: Swift.max(width, 0), height: Swift.max(height, 0)) }
        let rowHeight = new.metrics.cellHeight * scale
        // Only whole pixels can be moved: at a scale that puts rows between pixels, no row is.
        let rows = abs(rowHeight - rowHeight.rounded()) < 1e-9 && rowHeight >= 1 ? cells.hintedMove(from: before, comparedWidth: cells.columns) : nil
        var damaged = [Bool](repeating: false, count: cells.rows)
        for y in 0..<cells.rows {
            if let rows, (rows.top...rows.bottom).contains(y) { continue }
            if !cells.rowEqual(y, as: before, y, width: cells.columns) { damaged[y] = true }
        }
        var move: Move? = nil
        if let rows {
            // A glyph may reach a little past its row: the rows at the block's edges are drawn
            // again, so what the rows beside them cast over them is right.
            damaged[rows.top] = true
            damaged[rows.bottom] = true
            let pixels = Int(rowHeight.rounded())
            let top = rows.top * pixels, bottom = Swift.min((rows.bottom + 1) * pixels, height)
            move = Move(area: Rect(x: 0, y: Double(top), width: Double(width), height: Double(bottom - top)), distance: rows.distance * pixels)
        }
        var areas = rowAreas(damaged, rowHeight: rowHeight, width: width, height: height)
        let image = (width: width, height: height)
        let drawings = paired(old.pointMarks, new.pointMarks)
        if move == nil, let (index, scroll) = drawingMove(drawings, scale: scale, image: image) {
            let moved = Move(area: scroll.area, distance: scroll.distance)
            move = moved
            areas += scroll.exposed
            areas += scroll.changed.compactMap { pixelArea($0, scale: scale, image: image) }
            areas += cellsUnder(moved, old: before, new: cells, rowHeight: rowHeight, image: image)
            areas += drawingAreas(drawings, moved: moved, skipping: index, scale: scale, image: image)
        } else {
            areas += drawingAreas(drawings, moved: move, skipping: nil, scale: scale, image: image)
        }
        return FrameDamage(move: move, areas: merged(areas))
    }

    /// The drawings of two frames side by side: the same drawing, or one that changed, in both;
    /// one that only the old frame draws (nil beside it) or only the new one. Drawings that
    /// appear or go (an indicator that faded out) leave the others paired with themselves.
    static func paired(_ old: [PointMark], _ new: [PointMark]) -> [(old: PointDrawing?, new: PointDrawing?)] {
        func drawings(_ marks: [PointMark]) -> [PointDrawing] { marks.map { switch $0 { case let .drawing(d): d } } }
        let a = drawings(old), b = drawings(new)
        var pairs: [(old: PointDrawing?, new: PointDrawing?)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] || a[i].frame == b[j].frame {
                pairs.append((a[i], b[j])); i += 1; j += 1
            } else if j + 1 < b.count, i < a.count, a[i] == b[j + 1] || a[i].frame == b[j + 1].frame {
                pairs.append((nil, b[j])); j += 1
            } else if i + 1 < a.count, j < b.count, a[i + 1] == b[j] || a[i + 1].frame == b[j].frame {
                pairs.append((a[i], nil)); i += 1
            } else {
                pairs.append((i < a.count ? a[i] : nil, j < b.count ? b[j] : nil)); i += 1; j += 1
            }
        }
        return pairs
    }

    /// The first pair of drawings that scrolled inside itself, and how.
    private static func drawingMove(_ pairs: [(old: PointDrawing?, new: PointDrawing?)], scale: Double, image: (width: Int, height: Int)) -> (Int, DrawingMove)? {
        for (i, pair) in pairs.enumerated() {
            guard let before = pair.old, let after = pair.new, before != after,
                  let scroll = DrawingMove.find(from: before, to: after, scale: scale, width: image.width, height: image.height)
            else { continue }
            return (i, scroll)
        }
        return nil
    }

    /// The rows of cells that are not blank where `move` carried pixels, in either frame: the
    /// move carried their pixels too, so they are drawn again where they are and where theirs went.
    private static func cellsUnder(_ move: Move, old: Buffer, new: Buffer, rowHeight: Double, image: (width: Int, height: Int)) -> [Rect] {
        guard rowHeight > 0 else { return [] }
        func band(_ y: Int) -> Rect { Rect(x: move.area.minX, y: Double(y) * rowHeight, width: move.area.width, height: rowHeight) }
        func inked(_ buffer: Buffer, _ y: Int) -> Bool { (0..<buffer.columns).contains { !buffer.isDefaultBlank(column: $0, row: y) } }
        let source = move.area.offsetBy(dx: 0, dy: Double(move.distance))
        var areas: [Rect] = []
        for y in 0..<new.rows {
            if band(y).intersects(move.area), inked(new, y) || inked(old, y) { areas.append(band(y)) }
            if band(y).intersects(source), inked(old, y) { areas.append(band(y).offsetBy(dx: 0, dy: -Double(move.distance))) }
        }
        return areas.compactMap { pixelArea($0.insetBy(dx: 0, dy: -rowHeight), width: image.width, height: image.height) }
    }

    /// Full-width bands of the rows marked, each widened by a row either way (what a row's
    /// glyphs cast on its neighbours changes with it), consecutive rows as one band.
    private static func rowAreas(_ damaged: [Bool], rowHeight: Double, width: Int, height: Int) -> [Rect] {
        var areas: [Rect] = []
        var y = 0
        while y < damaged.count {
            guard damaged[y] else { y += 1; continue }
            var end = y + 1
            while end < damaged.count, damaged[end] || (end + 1 < damaged.count && damaged[end + 1]) { end += 1 }
            let first = Swift.max(0, y - 1), last = Swift.min(damaged.count, end + 1)
            if let band = pixelArea(Rect(x: 0, y: Double(first) * rowHeight, width: Double(width), height: Double(last - first) * rowHeight),
                                    width: width, height: height) {
                areas.append(band)
            }
            y = end
        }
        return areas
    }

    /// The areas of the drawings in points that changed (``DrawingDamage``), drawing by
    /// drawing, but for the one at `skipping` (whose own scroll says what it changed); with a
    /// move, also everything each drawing paints where the move carried pixels, new and old
    /// (the old where the move took its pixels).
    private static func drawingAreas(_ pairs: [(old: PointDrawing?, new: PointDrawing?)], moved: Move?, skipping: Int?,
                                     scale: Double, image: (width: Int, height: Int)) -> [Rect] {
        var areas: [Rect] = []
        for (i, (before, after)) in pairs.enumerated() where i != skipping {
            areas += [DrawingDamage.changed(from: before, to: after)].compactMap { $0.flatMap { pixelArea($0, scale: scale, image: image) } }
            guard let moved else { continue }
            let source = moved.area.offsetBy(dx: 0, dy: Double(moved.distance))
            if let reach = before.flatMap(DrawingDamage.reach).flatMap({ pixelArea($0, scale: scale, image: image) }), reach.intersects(source) {
                areas += [pixelArea(reach.offsetBy(dx: 0, dy: -Double(moved.distance)), width: image.width, height: image.height)].compactMap { $0 }
            }
            if let reach = after.flatMap(DrawingDamage.reach).flatMap({ pixelArea($0, scale: scale, image: image) }), reach.intersects(moved.area) {
                areas.append(reach)
            }
        }
        return areas
    }

    /// `area` in points as whole pixels at `scale`, cut to the image.
    static func pixelArea(_ area: Rect, scale: Double, image: (width: Int, height: Int)) -> Rect? {
        pixelArea(Rect(x: area.minX * scale, y: area.minY * scale, width: area.width * scale, height: area.height * scale),
                  width: image.width, height: image.height)
    }

    /// `areas` with every two that overlap or touch made the one area bounding both where that
    /// area is little more than the two (a strip beside a band stays apart from it, rather than
    /// growing into the box around both), and all of them one area when more than
    /// ``maximumAreas`` remain.
    static func merged(_ areas: [Rect]) -> [Rect] {
        func worthJoining(_ a: Rect, _ b: Rect) -> Bool {
            guard a.insetBy(dx: -1, dy: -1).intersects(b) else { return false }
            let both = a.union(b)
            return both.width * both.height <= 1.25 * (a.width * a.height + b.width * b.height)
        }
        var areas = areas.filter { $0.width > 0 && $0.height > 0 }
        var i = 0
        while i < areas.count {
            if let j = areas.indices.first(where: { $0 != i && worthJoining(areas[$0], areas[i]) }) {
                let both = areas[i].union(areas[j])
                areas.remove(at: Swift.max(i, j))
                areas.remove(at: Swift.min(i, j))
                areas.append(both)
                i = 0
            } else {
                i += 1
            }
        }
        if areas.count > maximumAreas, let first = areas.first {
            return [areas.dropFirst().reduce(first) { $0.union($1) }]
        }
        return areas
    }

    /// `area` grown to whole pixels and cut to the image; nil when nothing of it is inside.
    static func pixelArea(_ area: Rect, width: Int, height: Int) -> Rect? {
        guard area.minX.isFinite, area.minY.isFinite, area.width.isFinite, area.height.isFinite else { return nil }
        let minX = Swift.max(0, (area.minX).rounded(.down)), minY = Swift.max(0, (area.minY).rounded(.down))
        let maxX = Swift.min(Double(width), (area.maxX).rounded(.up)), maxY = Swift.min(Double(height), (area.maxY).rounded(.up))
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
#endif
