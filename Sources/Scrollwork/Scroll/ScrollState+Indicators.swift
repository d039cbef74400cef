extension ScrollState {
    /// The indicator fade envelope now: 1 while scrolling and for ``ScrollIndicatorStyle/fadeDelay``
    /// after, then fading to 0 over ``ScrollIndicatorStyle/fadeDuration``; raised by a flash.
    public var indicatorOpacity: Double {
        switch indicatorStyle.visibility {
        case .never: return 0
        case .always: return 1
        case .automatic where !indicatorStyle.isTransient: return 1
        default: break
        }
        var opacity = 0.0
        // Momentum that has slowed below a tenth of a point a frame counts as stopped: the hold
        // starts when people see the content stop, not seconds later when the curve ends.
        let stoppedShowing = visibleStopTime
        if (phase != .idle && stoppedShowing == nil) || isHoverExpanded {
            opacity = 1
        } else if let last = stoppedShowing ?? lastMovement {
            let since = time - last
            let style = indicatorStyle
            // Under Reduce Motion the indicator goes at the end of the delay, without a fade.
            if since < style.fadeDelay { opacity = 1 } else if style.fadeDuration > 0, !reducesMotion {
                opacity = Swift.max(0, 1 - (since - style.fadeDelay) / style.fadeDuration)
            }
        }
        if let flash = flashStart {
            let (fadeIn, hold, fadeOut) = indicatorStyle.flashTimings
            let t = time - flash
            let f: Double
            if t < 0 { f = 0 } else if reducesMotion { f = t < fadeIn + hold ? 1 : 0 } else if t < fadeIn { f = fadeIn > 0 ? t / fadeIn : 1 } else if t < fadeIn + hold { f = 1 } else {
                f = fadeOut > 0 ? Swift.max(0, 1 - (t - fadeIn - hold) / fadeOut) : 0
            }
            opacity = Swift.max(opacity, f)
        }
        return opacity
    }

    /// True while a flash is under way, so the host keeps drawing frames for it.
    var isFlashing: Bool {
        guard let flash = flashStart else { return false }
        let (fadeIn, hold, fadeOut) = indicatorStyle.flashTimings
        return time - flash < fadeIn + hold + fadeOut
    }

    /// Shows the indicators for a moment, as when a view first appears, so people see that it
    /// scrolls (SV-03).
    public mutating func flashIndicators(at now: Double) {
        advance(to: now)
        flashStart = time
    }

    /// The indicator for `axis` as it should be drawn now, or nil when that axis has none: it
    /// cannot scroll, the style hides indicators (tvOS), or it is hidden for a coupled page
    /// control (SV-10). Geometry is in viewport coordinates (SV-01, SV-11, SV-14).
    public func indicator(_ axis: Axis) -> ScrollIndicator? {
        let style = indicatorStyle
        guard hasIndicator(axis) else { return nil }
        let bounds = offsetBounds(axis)
        let isDragged = indicatorDrag?.axis == axis
        // A macOS overlay scroller under the pointer widens into a track, as while dragged.
        let isExpanded = expandsOnHover && (hoveredIndicator == axis || isDragged)
        let thickness = isDragged || isExpanded ? style.draggingThickness : style.thickness
        let other = axis.cross
        let otherShown = hasIndicator(other)
        let inset = style.edgeInset
        let viewport = viewportSize
        // The track runs along `axis` and sits at the trailing edge of the cross axis.
        let trackThickness: Double
        let crossStart: Double
        switch style.kind {
        case .legacy:
            trackThickness = style.trackWidth
            crossStart = viewport[other] - trackThickness
        case .overlay where isExpanded:
            trackThickness = style.trackWidth
            crossStart = viewport[other] - trackThickness
        case .overlay, .fixedCentered:
            trackThickness = thickness
            crossStart = viewport[other] - inset - thickness
        }
        let reserve = otherShown ? (style.kind == .legacy ? style.trackWidth : inset + style.thickness) : 0
        let trackStart = style.kind == .legacy ? 0 : inset
        let trackLength = Swift.max(0, viewport[axis] - trackStart - (style.kind == .legacy ? 0 : inset) - reserve)
        // A view too small to hold a track has no indicator rather than one drawn outside it.
        guard trackLength > 0, crossStart >= 0 else { return nil }
        let track = rect(axis: axis, start: trackStart, length: trackLength, crossStart: crossStart, crossLength: trackThickness)

        var thumbStart: Double, thumbLength: Double
        var jogPhase: Double? = nil
        if case let .fixedCentered(length) = style.kind {
            thumbLength = Swift.min(length, trackLength)
            thumbStart = trackStart + (trackLength - thumbLength) / 2
            let spacing = 8.0
            let position = offset[axis]
            jogPhase = position - (position / spacing).rounded(.down) * spacing
        } else {
            let content = contentExtent(axis) + contentInsets.total(axis)
            let visible = contentViewport[axis]
            let stretch = abs(overscroll(axis))
            let padding = style.kind == .legacy ? 2.0 : 0
            let room = Swift.max(0, trackLength - 2 * padding)
            thumbLength = IndicatorGeometry.thumbLength(
                // Only the part of the viewport that still shows content counts as visible, so a
                // stretch shrinks the thumb at every content length (Flutter's extentInside).
                track: room, visibleFraction: content > 0 ? Swift.max(0, visible - stretch) / content : 1,
                overscrollFraction: visible > 0 ? stretch / visible : 0,
                minimum: style.minimumLength, overscrollMinimum: style.minimumOverscrollLength)
            let span = bounds.upperBound - bounds.lowerBound
            let fraction = span > 0 ? ((offset[axis] - bounds.lowerBound) / span).clamped(to: 0...1) : 0
            thumbStart = trackStart + padding + fraction * (room - thumbLength)
        }
        let centred = style.kind == .legacy || isExpanded
        let thumbCross = centred ? crossStart + (trackThickness - thickness) / 2 : crossStart
        let thumb = rect(axis: axis, start: thumbStart, length: thumbLength, crossStart: thumbCross, crossLength: thickness)
        return ScrollIndicator(axis: axis, track: track, thumb: thumb, opacity: indicatorOpacity, alpha: style.alpha,
                               showsTrack: style.kind == .legacy || isExpanded, isDragged: isDragged, jogTickPhase: jogPhase)
    }

    /// Whether `axis` shows an indicator at all. Content that fits has none, except while an
    /// always-bounce drag stretches it.
    private func hasIndicator(_ axis: Axis) -> Bool {
        guard indicatorStyle.visibility != .never, !hiddenIndicators.contains(axis) else { return false }
        let bounds = offsetBounds(axis)
        return bounds.upperBound > bounds.lowerBound
            || (alwaysBounce.contains(axis) && overscroll(axis) != 0 && indicatorStyle.kind != .legacy)
    }

    private func rect(axis: Axis, start: Double, length: Double, crossStart: Double, crossLength: Double) -> Rect {
        axis == .vertical
            ? Rect(x: crossStart, y: start, width: crossLength, height: length)
            : Rect(x: start, y: crossStart, width: length, height: crossLength)
    }

    // MARK: Hovering

    /// True while a scroller that expands on hover has the pointer over it.
    var isHoverExpanded: Bool { hoveredIndicator != nil && expandsOnHover }

    /// True when the style's scrollers widen under the pointer: overlay ones that say so.
    private var expandsOnHover: Bool { indicatorStyle.expandsOnHover && indicatorStyle.kind == .overlay }

    /// The pointer is at `point` (viewport coordinates), or has left the view (nil). A scroller
    /// that expands on hover (macOS's overlay scroller) shows, widens into its track and stays
    /// while the pointer is over it, hidden or not, as AppKit's does; when the pointer leaves, it
    /// narrows and fades after the usual delay. Returns true when what is drawn changed.
    @discardableResult
    public mutating func hoverIndicator(at point: Point?, time now: Double) -> Bool {
        advance(to: now)
        let axis = indicatorStyle.expandsOnHover ? point.flatMap { indicatorHit(at: sanitized($0), evenHidden: true)?.axis } : nil
        guard axis != hoveredIndicator else { return false }
        hoveredIndicator = axis
        noteMovement()
        return true
    }

    // MARK: Dragging the indicator

    /// What a press at `point` (viewport coordinates) would hit among the indicators; with
    /// `evenHidden`, a faded overlay indicator counts too.
    public func indicatorHit(at point: Point, evenHidden: Bool = false) -> (axis: Axis, onThumb: Bool)? {
        for axis in Axis.allCases {
            // A faded overlay indicator is not there to press; legacy tracks and the visionOS
            // indicator (which shows as soon as people look at it) always are.
            guard let indicator = indicator(axis), evenHidden || indicator.opacity > 0 || indicatorStyle.kind != .overlay else { continue }
            // Overlay thumbs are thin; accept presses a little around them.
            let slop = indicatorStyle.kind == .legacy ? 0 : 6.0
            let area = indicator.track.insetBy(dx: axis == .vertical ? -slop : 0, dy: axis == .horizontal ? -slop : 0)
            guard area.contains(point) else { continue }
            let thumb = indicator.thumb
            let onThumb = point[axis] >= thumb.min(axis) && point[axis] < thumb.max(axis)
            return (axis, onThumb)
        }
        return nil
    }

    /// A press on an indicator. On the thumb it starts a drag that moves the content to the
    /// matching position; on the track it pages towards the press; on the visionOS indicator it
    /// starts the jog control (SV-14). Returns false when the press missed every indicator.
    @discardableResult
    public mutating func pressIndicator(at point: Point, time now: Double) -> Bool {
        let point = sanitized(point)
        advance(to: now)
        guard let hit = indicatorHit(at: point), let indicator = indicator(hit.axis) else { return false }
        tick(at: time)
        let axis = hit.axis
        if case .fixedCentered = indicatorStyle.kind {
            motion[axis] = .idle
            indicatorDrag = IndicatorDrag(axis: axis, start: point[axis], thumbStart: indicator.thumb.min(axis), isJog: true)
        } else if hit.onThumb {
            motion = AxisPair(both: .idle)
            indicatorDrag = IndicatorDrag(axis: axis, start: point[axis], thumbStart: indicator.thumb.min(axis), isJog: false)
        } else {
            let forward = point[axis] >= indicator.thumb.max(axis)
            perform(axis == .vertical ? (forward ? .pageDown : .pageUp) : (forward ? .pageRight : .pageLeft), time: time)
        }
        noteMovement()
        return true
    }

    /// The pointer moved while pressing an indicator: the thumb follows it and the content moves
    /// to the matching position; the jog control scrolls at a speed proportional to the distance
    /// dragged from where the press began (about eight points per second per point).
    public mutating func dragIndicator(to point: Point, time now: Double) {
        let point = sanitized(point)
        advance(to: now)
        guard let session = indicatorDrag else { return }
        let axis = session.axis
        tick(at: time)
        if session.isJog {
            let speed = (point[axis] - session.start) * Self.jogGain
            motion[axis] = abs(speed) > 0 ? .steady(velocity: speed, since: time) : .idle
        } else if let indicator = indicator(axis) {
            let padding = indicatorStyle.kind == .legacy ? 2.0 : 0
            let room = indicator.track.size[axis] - 2 * padding - indicator.thumb.size[axis]
            let thumbStart = session.thumbStart + point[axis] - session.start - indicator.track.min(axis) - padding
            let bounds = offsetBounds(axis)
            let fraction = room > 0 ? (thumbStart / room).clamped(to: 0...1) : 0
            offset[axis] = bounds.lowerBound + fraction * (bounds.upperBound - bounds.lowerBound)
        }
        noteMovement()
    }

    /// The press on an indicator ended; a jog stops.
    public mutating func endIndicatorDrag(time now: Double) {
        advance(to: now)
        guard let session = indicatorDrag else { return }
        tick(at: time)
        indicatorDrag = nil
        if case .steady = motion[session.axis] { settleSteadyMotion(session.axis) }
        if isPagingEnabled, !session.isJog { spring(session.axis, to: pageTarget(session.axis, velocity: 0), velocity: 0) }
        // A press on the thumb stops a bounce where it is: what is left stretched springs back.
        for axis in Axis.allCases where motion[axis].isIdle { settleIfOutside(axis) }
        noteMovement()
    }

    /// Jog speed per point of drag distance, per second.
    static let jogGain = 8.0
}
