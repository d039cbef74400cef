#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CPangoCairo
import Scrollwork
import ScrollworkWidgets

/// Draws one control of a drawing (`PointDrawing.Control`) on a ``PixelCanvas`` at its size in
/// points, in the host's own look.
struct MarkDrawing {
    // Safe: every unsafe call below draws with the canvas's Cairo context, which lives as long as the
    // canvas this drawing holds (see ``PixelCanvas``); no pointer outlives the call that lends it.
    let canvas: PixelCanvas
    private var cr: OpaquePointer { unsafe canvas.cr }

    func draw(_ control: PointDrawing.Control) {
        switch control {
        case let .scrollIndicator(indicator, viewport): drawIndicator(indicator, viewport: viewport)
        case let .pageControl(state, frame, hovered): drawPageControl(state, frame: frame, hovered: hovered)
        case let .edgeEffect(effect, style, intensity, content): drawEdge(effect, style: style, intensity: intensity, content: content)
        case let .crownPages(page, count, progress, viewport): drawCrownPages(page: page, count: count, progress: progress, viewport: viewport)
        case let .button(title, frame, isPressed, isHovered): drawButton(title, frame: frame, isPressed: isPressed, isHovered: isHovered)
        case let .shadow(frame, radius): drawShadow(frame, radius: radius)
        }
    }

    // MARK: Shadows

    /// A menu's shadow as GTK draws one: black, a little below the surface, fading out over 8
    /// points in rings that add up (stronger on a light background, where it has to show).
    private func drawShadow(_ frame: Rect, radius: Double) {
        let rings = 8, alpha = canvas.palette.isDark ? 0.05 : 0.025
        for ring in stride(from: rings, through: 1, by: -1) {
            let spread = Double(ring)
            roundedRect(frame.offsetBy(dx: 0, dy: 2).insetBy(dx: -spread, dy: -spread), radius: radius + spread)
            unsafe cairo_set_source_rgba(cr, 0, 0, 0, alpha)
            unsafe cairo_fill(cr)
        }
    }

    // MARK: Buttons

    /// A push button: a rounded bezel with a hairline edge, its title centred in the interface
    /// font, a shade darker (lighter in the dark) under the pointer and more while pressed.
    private func drawButton(_ title: String, frame: Rect, isPressed: Bool, isHovered: Bool) {
        let style = canvas.style, dark = canvas.palette.isDark
        let bezel = frame.insetBy(dx: 0, dy: 1.5)
        guard bezel.width > 0, bezel.height > 0 else { return }
        roundedRect(bezel, radius: Swift.min(style.buttonCornerRadius, bezel.height / 2))
        let fill = dark ? style.buttonFillDark : style.buttonFillLight
        let shade = isPressed ? 0.15 : isHovered ? 0.06 : 0
        canvas.set(shade > 0 ? fill.mixed(with: dark ? PixelColor(255, 255, 255) : PixelColor(0, 0, 0), shade) : fill)
        unsafe cairo_fill_preserve(cr)
        canvas.set(dark ? style.buttonEdgeDark : style.buttonEdgeLight)
        unsafe cairo_set_line_width(cr, 1 / canvas.scale)
        unsafe cairo_stroke(cr)
        canvas.set(canvas.palette.foreground)
        if title == "‹" || title == "›" {
            // A chevron, as the symbol of a back or forward button, rather than a small glyph.
            let direction: Double = title == "‹" ? -1 : 1, half = bezel.height * 0.22
            unsafe cairo_move_to(cr, bezel.midX - direction * half / 2, bezel.midY - half)
            unsafe cairo_line_to(cr, bezel.midX + direction * half / 2, bezel.midY)
            unsafe cairo_line_to(cr, bezel.midX - direction * half / 2, bezel.midY + half)
            unsafe cairo_set_line_width(cr, 1.5)
            unsafe cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            unsafe cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            unsafe cairo_stroke(cr)
            return
        }
        canvas.drawSymbol(title, centre: Point(x: bezel.midX, y: bezel.midY), size: style.buttonFontSize * style.textScale,
                          colour: canvas.palette.foreground, family: canvas.style.interfaceFontFamily)
    }

    /// A rectangle with corners of `radius`.
    private func roundedRect(_ r: Rect, radius: Double) { canvas.addRoundedRect(r, radius: radius) }

    // MARK: watchOS

    /// Dots in a column at the trailing edge, centred; the current page's dot a ring that fills
    /// clockwise with the position inside the page (SV-15).
    private func drawCrownPages(page: Int, count: Int, progress: Double, viewport: Rect) {
        let style = canvas.style
        let pitch = style.crownDotDiameter + style.crownDotSpacing
        let shown = Swift.min(count, Swift.max(1, Int(flooringSaturating: viewport.height / pitch)))
        let x = viewport.maxX - style.crownDotInset - style.crownDotDiameter / 2
        let top = viewport.midY - Double(shown) * pitch / 2 + pitch / 2
        let radius = style.crownDotDiameter / 2
        for i in 0..<shown {
            let y = top + Double(i) * pitch
            if i == page {
                canvas.set(style.pageDot(onDark: canvas.palette.isDark))
                unsafe cairo_new_sub_path(cr)
                unsafe cairo_arc(cr, x, y, radius, 0, 2 * Double.pi)
                unsafe cairo_fill(cr)
                let fraction = progress.isFinite ? Swift.min(Swift.max(progress, 0), 1) : 0
                canvas.set(style.currentPageDot(onDark: canvas.palette.isDark))
                unsafe cairo_move_to(cr, x, y)
                unsafe cairo_arc(cr, x, y, radius, -Double.pi / 2, -Double.pi / 2 + 2 * Double.pi * Swift.max(fraction, 0.001))
                unsafe cairo_close_path(cr)
                unsafe cairo_fill(cr)
            } else {
                canvas.set(style.pageDot(onDark: canvas.palette.isDark))
                unsafe cairo_new_sub_path(cr)
                unsafe cairo_arc(cr, x, y, radius * 0.7, 0, 2 * Double.pi)
                unsafe cairo_fill(cr)
            }
        }
    }

    // MARK: Indicators

    /// The thumb as a capsule at the indicator's translucency times its fade, over the track of a
    /// legacy scroller.
    private func drawIndicator(_ indicator: ScrollIndicator, viewport: Rect) {
        let dark = canvas.palette.isDark
        let style = canvas.style
        if indicator.showsTrack {
            let track = indicator.track.offsetBy(viewport.origin)
            canvas.set((dark ? style.trackDark : style.trackLight).withAlpha(indicator.opacity))
            unsafe cairo_rectangle(cr, track.minX, track.minY, track.width, track.height)
            unsafe cairo_fill(cr)
            canvas.set(style.trackEdge.withAlpha(indicator.opacity))
            let hairline = 1 / canvas.scale
            if indicator.axis == .vertical {
                unsafe cairo_rectangle(cr, track.minX, track.minY, hairline, track.height)
            } else {
                unsafe cairo_rectangle(cr, track.minX, track.minY, track.width, hairline)
            }
            unsafe cairo_fill(cr)
        }
        let alpha = dark ? Swift.min(1, indicator.alpha * style.darkIndicatorAlphaRatio) : indicator.alpha
        canvas.set((dark ? style.indicatorDark : style.indicatorLight).withAlpha(alpha * indicator.opacity))
        let thumb = indicator.thumb.offsetBy(viewport.origin)
        capsule(thumb)
        unsafe cairo_fill(cr)
        if let phase = indicator.jogTickPhase, indicator.isDragged { drawJogTicks(phase: phase, thumb: thumb, track: indicator.track.offsetBy(viewport.origin)) }
    }

    /// visionOS: hairline ticks along the track above and below the jog bar, moving with the
    /// scrolling speed (their phase), 8 points apart as the terminal draws them a half cell apart.
    private func drawJogTicks(phase: Double, thumb: Rect, track: Rect) {
        let spacing = 8.0
        guard phase.isFinite, track.height > 0, track.height < 100_000 else { return }
        var y = track.minY + phase.truncatingRemainder(dividingBy: spacing)
        if y < track.minY { y += spacing }
        while y < track.maxY {
            if y < thumb.minY - 4 || y > thumb.maxY + 4 {
                unsafe cairo_rectangle(cr, thumb.minX - 1, y, thumb.width + 2, 1)
            }
            y += spacing
        }
        unsafe cairo_fill(cr)
    }

    /// A rectangle with fully rounded ends.
    private func capsule(_ r: Rect) {
        guard r.width > 0, r.height > 0 else { return }
        roundedRect(r, radius: Swift.min(r.width, r.height) / 2)
    }

    // MARK: Page dots

    /// The dots at the state's diameter and pitch, centred in `frame`; shrunk dots at a clipped
    /// end are drawn at their scale, the current page highlighted, the platter behind them
    /// while scrubbing or with the prominent style.
    private func drawPageControl(_ state: PageControlState, frame: Rect, hovered: Int?) {
        let layout = state.layout()
        let vertical = layout.isVertical
        // The control's own rectangle, centred in the cells it takes (as PageControlView hit-tests).
        let control = state.frame(centredIn: frame)
        let start = vertical ? control.minY : control.minX
        let across = vertical ? control.midX : control.midY
        if state.isBackgroundVisible {
            canvas.set(canvas.style.pageControlBackground)
            capsule(control)
            unsafe cairo_fill(cr)
        }
        for item in layout.items {
            let centre = vertical ? Point(x: across, y: start + item.center) : Point(x: start + item.center, y: across)
            let diameter = state.indicatorDiameter * item.scale
            let dark = canvas.palette.isDark
            var colour = item.isCurrent ? canvas.style.currentPageDot(onDark: dark) : canvas.style.pageDot(onDark: dark)
            // The dot under the pointer, which a click goes to, halfway to the current one's colour.
            if item.page == hovered, !item.isCurrent { colour = colour.mixed(with: canvas.style.currentPageDot(onDark: dark), 0.5) }
            if item.image == .dot {
                canvas.set(colour)
                unsafe cairo_new_sub_path(cr)
                unsafe cairo_arc(cr, centre.x, centre.y, diameter / 2, 0, 2 * Double.pi)
                unsafe cairo_fill(cr)
            } else {
                canvas.drawSymbol(item.image.symbol, centre: centre, size: diameter * 1.3, colour: colour)
            }
        }
    }

    // MARK: Edge effects

    /// Soft: the background fades in over the content toward the edge, as much as `intensity`
    /// says, over the effect's depth. Hard: an opaque band of the bar's depth with a hairline.
    private func drawEdge(_ effect: ScrollEdgeEffect, style: ScrollEdgeEffect.Style, intensity: Double, content: Rect) {
        let background = canvas.palette.background
        let depth = Swift.min(effect.depth, effect.edge.axis == .vertical ? content.height : content.width)
        guard depth > 0 else { return }
        let band: Rect, from: Point, to: Point
        switch effect.edge {
        case .top:
            band = Rect(x: content.minX, y: content.minY, width: content.width, height: depth)
            (from, to) = (Point(x: 0, y: band.minY), Point(x: 0, y: band.maxY))
        case .bottom:
            band = Rect(x: content.minX, y: content.maxY - depth, width: content.width, height: depth)
            (from, to) = (Point(x: 0, y: band.maxY), Point(x: 0, y: band.minY))
        case .left:
            band = Rect(x: content.minX, y: content.minY, width: depth, height: content.height)
            (from, to) = (Point(x: band.minX, y: 0), Point(x: band.maxX, y: 0))
        case .right:
            band = Rect(x: content.maxX - depth, y: content.minY, width: depth, height: content.height)
            (from, to) = (Point(x: band.maxX, y: 0), Point(x: band.minX, y: 0))
        }
        switch style {
        case .hard:
            let hairline = 1 / canvas.scale
            canvas.set(canvas.style.hardEdgeDivider(onDark: canvas.palette.isDark).withAlpha(intensity))
            switch effect.edge {
            case .top: unsafe cairo_rectangle(cr, content.minX, content.minY, content.width, hairline)
            case .bottom: unsafe cairo_rectangle(cr, content.minX, content.maxY - hairline, content.width, hairline)
            case .left: unsafe cairo_rectangle(cr, content.minX, content.minY, hairline, content.height)
            case .right: unsafe cairo_rectangle(cr, content.maxX - hairline, content.minY, hairline, content.height)
            }
            unsafe cairo_fill(cr)
        case .soft, .automatic:
            guard let gradient = unsafe cairo_pattern_create_linear(from.x, from.y, to.x, to.y) else { return }
            unsafe cairo_pattern_add_color_stop_rgba(gradient, 0, background.red, background.green, background.blue, intensity)
            unsafe cairo_pattern_add_color_stop_rgba(gradient, 1, background.red, background.green, background.blue, 0)
            unsafe cairo_set_source(cr, gradient)
            unsafe cairo_rectangle(cr, band.minX, band.minY, band.width, band.height)
            unsafe cairo_fill(cr)
            unsafe cairo_pattern_destroy(gradient)
        }
    }
}

extension Rect {
    /// The rectangle moved by `origin`.
    func offsetBy(_ origin: Point) -> Rect {
        Rect(x: minX + origin.x, y: minY + origin.y, width: width, height: height)
    }
}
#endif
