#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import Scrollwork
import ScrollworkWidgets

/// A scroll inside a drawing in points, found by comparing it with the same drawing in the
/// frame before: what it draws inside one clip moved by the same whole number of pixels down or
/// up the page (widgets draw scrolled content at whole pixels, `Canvas.drawnOffset(_:)`). The
/// window moves those pixels instead of drawing them again, and draws what the move cannot
/// give: the band it exposes, and every command that is not the old one moved.
struct DrawingMove {
    /// The moved pixels' destination, whole pixels: each of its rows takes what the row
    /// ``distance`` further down held.
    var area: Rect
    /// Pixels the content moved up (negative: down).
    var distance: Int
    /// What to draw anew, in points: the commands that are not the old ones moved, old and new.
    var changed: [Rect]
    /// What to draw anew, in whole pixels: the band the move exposes and the clip's edges.
    var exposed: [Rect]

    /// The move inside `new` from `old` at `scale` pixels a point, when most of what `new`
    /// draws inside a clip is what `old` drew there moved by a whole number of pixels; nil
    /// otherwise (a drawing with opacity, clips that changed, no text to tell the distance by).
    static func find(from old: PointDrawing, to new: PointDrawing, scale: Double, width: Int, height: Int) -> DrawingMove? {
        guard old.frame == new.frame, old.isOverlay == new.isOverlay, old.measurer == new.measurer,
              old.commands.count >= 4, new.commands.count >= 4,
              let clips = sameClips(old, new), let points = distance(from: old, to: new) else { return nil }
        let pixels = points * scale
        guard abs(pixels - pixels.rounded()) < 1e-6, pixels.rounded() != 0, abs(pixels) < Double(height) else { return nil }
        let shift = Int(pixels.rounded())
        // Old commands as they would be drawn moved, each with its place in the old drawing.
        var movedOld: [PointDrawing.Command: [Int]] = [:]
        for (i, command) in old.commands.enumerated() where moves(command) {
            movedOld[quantized(command, dy: -points), default: []].append(i)
        }
        var clip: Rect? = nil, lastOld = -1
        var matchedOld = Set<Int>(), unmatchedNew: [Int] = []
        for (i, command) in new.commands.enumerated() where DrawingDamage.paints(command) {
            if moves(command), let at = movedOld[quantized(command, dy: 0)]?.first(where: { $0 > lastOld }),
               clips.old[at] == clips.new[i], clip == nil || clip == clips.new[i] {
                // Drawn in the same order as before, inside the same clip: its pixels move.
                clip = clips.new[i]
                lastOld = at
                matchedOld.insert(at)
            } else {
                unmatchedNew.append(i)
            }
        }
        guard let clip, matchedOld.count >= 4, matchedOld.count * 3 >= movedOld.count else { return nil }
        // What both draw the same, in the same place, in a clip apart from the moved one (a
        // heading above the rows): neither moved nor changed.
        func fixed(_ drawing: PointDrawing, _ clipsOf: [Rect]) -> Set<PointDrawing.Command> {
            Set(drawing.commands.indices.filter { clipsOf[$0] != clip && !clipsOf[$0].intersects(clip) }.map { drawing.commands[$0] })
        }
        let fixedOld = fixed(old, clips.old), fixedNew = fixed(new, clips.new)
        var changed: [Rect] = []
        for i in unmatchedNew {
            let command = new.commands[i]
            if !clips.new[i].intersects(clip), fixedOld.contains(command) { continue }
            // Drawn anew, inside its own clip (a control at its true size, wherever it reaches).
            if let bounds = DrawingDamage.bounds(of: command, in: new), let seen = bounds.intersection(clips.new[i]) {
                changed.append(command.isControl ? bounds : seen)
            }
        }
        for (i, command) in old.commands.enumerated() where DrawingDamage.paints(command) && !matchedOld.contains(i) {
            if !clips.old[i].intersects(clip), fixedNew.contains(command) { continue }
            guard let bounds = DrawingDamage.bounds(of: command, in: old) else { continue }
            if command.isControl || clips.old[i] != clip {
                // Drawn outside the moved clip: gone from where it was.
                changed.append(bounds)
            } else if let carried = bounds.intersection(clip)?.offsetBy(dx: 0, dy: -points).intersection(clip) {
                // Inside it, its pixels were either moved away or carried to where the move put
                // them: only there is it to be drawn over.
                changed.append(carried)
            }
        }
        return region(clip.intersection(new.frame), shift: shift, scale: scale, width: width, height: height)
            .map { DrawingMove(area: $0.area, distance: shift, changed: changed, exposed: $0.exposed) }
    }

    /// True for the commands whose pixels a move carries: what paints, apart from the controls
    /// a host draws at their true size from their own state (an indicator stays where it is).
    private static func moves(_ command: PointDrawing.Command) -> Bool {
        !command.isControl && DrawingDamage.paints(command)
    }

    /// The clip each command of each drawing is drawn in (the drawing's frame outside any),
    /// when both set the same clips in the same order with nothing else that changes how later
    /// commands are drawn (an opacity); nil otherwise.
    private static func sameClips(_ old: PointDrawing, _ new: PointDrawing) -> (old: [Rect], new: [Rect])? {
        func states(_ d: PointDrawing) -> [PointDrawing.Command]? {
            var states: [PointDrawing.Command] = []
            for command in d.commands where !DrawingDamage.paints(command) {
                if case .opacity = command { return nil }
                states.append(command)
            }
            return states
        }
        guard let before = states(old), let after = states(new), before == after else { return nil }
        return (clips(of: old), clips(of: new))
    }

    /// The clip each command of `drawing` is drawn in.
    private static func clips(of drawing: PointDrawing) -> [Rect] {
        var stack: [Rect] = [], clips: [Rect] = []
        clips.reserveCapacity(drawing.commands.count)
        for command in drawing.commands {
            switch command {
            case let .clip(rect): stack.append((stack.last ?? drawing.frame).intersection(rect) ?? Rect(origin: rect.origin, size: .zero))
            case .restore: _ = stack.popLast()
            default: break
            }
            clips.append(stack.last ?? drawing.frame)
        }
        return clips
    }

    /// The distance in points the text of `old` moved up to be where `new` draws it: the one
    /// most of the first texts both draw agree on, when at least a quarter of the texts `old`
    /// draws are found moved by it in `new`; nil when no text moved.
    ///
    /// The quarter is looser than the third of all that moves which ``find(from:to:scale:width:height:)``
    /// asks for, and is counted from the texts alone: a page drawn anew (a page down without
    /// animation) shares a few texts with the page before by chance, and comparing every
    /// command of both to find so cost a tenth of its frame.
    private static func distance(from old: PointDrawing, to new: PointDrawing) -> Double? {
        struct Place: Hashable { let text: String, x: Double, font: FontRole }
        struct PlaceAt: Hashable { let place: Place, y: Double }
        func q(_ y: Double) -> Double { (y * 4096).rounded() / 4096 }
        var before: [Place: Double] = [:], placed = Set<PlaceAt>()
        for case let .text(text, origin, font, _) in old.commands {
            let place = Place(text: text, x: origin.x, font: font)
            before[place] = origin.y
            placed.insert(PlaceAt(place: place, y: q(origin.y)))
        }
        var votes: [Double: Int] = [:], asked = 0
        for case let .text(text, origin, font, _) in new.commands {
            guard let y = before[Place(text: text, x: origin.x, font: font)], y != origin.y else { continue }
            votes[y - origin.y, default: 0] += 1
            asked += 1
            if asked == 16 { break }
        }
        guard let moved = votes.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key else { return nil }
        var found = 0
        for case let .text(text, origin, font, _) in new.commands where placed.contains(PlaceAt(place: Place(text: text, x: origin.x, font: font), y: q(origin.y + moved))) {
            found += 1
        }
        return found * 4 >= placed.count ? moved : nil
    }

    /// The pixels moved by `shift` within `clip` (points): the whole pixels inside the clip
    /// whose source is inside it too, and the rest of the clip's pixels, to be drawn.
    private static func region(_ clip: Rect?, shift: Int, scale: Double, width: Int, height: Int) -> (area: Rect, exposed: [Rect])? {
        guard let clip else { return nil }
        let outer = Rect(x: clip.minX * scale, y: clip.minY * scale, width: clip.width * scale, height: clip.height * scale)
        guard let all = FrameDamage.pixelArea(outer, width: width, height: height) else { return nil }
        // Inward: pixels the clip covers whole.
        let x0 = (outer.minX - 1e-9).rounded(.up), x1 = (outer.maxX + 1e-9).rounded(.down)
        let y0 = (outer.minY - 1e-9).rounded(.up), y1 = (outer.maxY + 1e-9).rounded(.down)
        let top = Swift.max(y0, y0 - Double(shift)), bottom = Swift.min(y1, y1 - Double(shift))
        guard x1 > x0, bottom > top, x0 >= 0, y0 >= 0, x1 <= Double(width), y1 <= Double(height) else { return nil }
        let area = Rect(x: x0, y: top, width: x1 - x0, height: bottom - top)
        // Around the moved pixels, the rest of the clip: bands above and below, edges beside.
        let exposed = [Rect(x: all.minX, y: all.minY, width: all.width, height: top - all.minY),
                       Rect(x: all.minX, y: bottom, width: all.width, height: all.maxY - bottom),
                       Rect(x: all.minX, y: top, width: x0 - all.minX, height: bottom - top),
                       Rect(x: x1, y: top, width: all.maxX - x1, height: bottom - top)].filter { $0.width > 0 && $0.height > 0 }
        return (area, exposed)
    }

    /// `command` moved `dy` points down, its places rounded to 1/4096 of a point, so that a
    /// command moved and the same command drawn there compare equal across rounding.
    static func quantized(_ command: PointDrawing.Command, dy: Double) -> PointDrawing.Command {
        func q(_ v: Double) -> Double { ((v + dy) * 4096).rounded() / 4096 }
        func q(_ p: Point) -> Point { Point(x: p.x, y: q(p.y)) }
        func q(_ r: Rect) -> Rect { Rect(x: r.minX, y: q(r.minY), width: r.width, height: r.height) }
        switch command {
        case let .fill(r, style, radius): return .fill(q(r), style, radius: radius)
        case let .stroke(r, style, width, radius): return .stroke(q(r), style, width: width, radius: radius)
        case let .line(a, b, style, width): return .line(from: q(a), to: q(b), style, width: width)
        case let .text(text, origin, font, style): return .text(text, origin: q(origin), font: font, style: style)
        case let .symbol(text, centre, size, style): return .symbol(text, centre: q(centre), size: size, style: style)
        case let .clip(r): return .clip(q(r))
        case .opacity, .restore, .control: return command
        }
    }
}
extension PointDrawing.Command {
    /// True for a control, which a host draws at its true size from its own state.
    var isControl: Bool {
        if case .control = self { return true }
        return false
    }
}
#endif
