extension ScrollState {
    /// How long a double-tap zoom or the return to a zoom limit animates, in seconds.
    static let zoomAnimationDuration = 0.3

    /// A pinch begins. Ignored unless zooming is enabled (``isZoomEnabled``).
    public mutating func beginZoom(at now: Double) {
        advance(to: now)
        guard isZoomEnabled else { return }
        tick(at: time)
        stopMotion()
        motion = AxisPair(both: .idle)
        zoomGesture = ZoomGesture(startScale: zoomScale)
    }

    /// The pinch now spans `scale` times its starting distance, centred on `anchor` (viewport
    /// coordinates): the content point under the anchor stays under it (SV-07). Past the limits
    /// the scale rubber-bands when ``bouncesZoom`` is on and is clamped otherwise.
    public mutating func zoom(scale factor: Double, anchor: Point, at now: Double) throws(ScrollInputError) {
        let factor = try limited(factor, "zoom scale")
        let anchor = try limited(anchor, "zoom anchor")
        guard factor > 0 else { throw .nonPositiveScale(factor) }
        advance(to: now)
        guard let gesture = zoomGesture else { return }
        // Far past a limit the rubber band has long stopped giving: keep the product finite.
        let raw = (gesture.startScale * factor).clamped(to: Self.zoomScaleRange)
        let scale: Double
        if raw > maximumZoomScale {
            scale = bouncesZoom && !reducesMotion ? maximumZoomScale + RubberBand.offset(forDistance: raw - maximumZoomScale, dimension: maximumZoomScale) : maximumZoomScale
        } else if raw < minimumZoomScale {
            scale = bouncesZoom && !reducesMotion ? minimumZoomScale - RubberBand.offset(forDistance: minimumZoomScale - raw, dimension: minimumZoomScale) : minimumZoomScale
        } else {
            scale = raw
        }
        setZoom(scale, keeping: anchor, clampOffset: false)
        noteMovement()
    }

    /// The pinch ended: a scale past a limit animates back to it about `anchor`.
    public mutating func endZoom(anchor: Point, at now: Double) {
        let anchor = sanitized(anchor)
        advance(to: now)
        guard zoomGesture != nil else { return }
        zoomGesture = nil
        animateZoom(to: limitedZoom(zoomScale), anchor: anchor)
    }

    /// Zooms to `scale` (clamped to the limits) about `anchor`, animated or at once. Does nothing
    /// while zooming is off (the minimum above the maximum; see ``zoomDiagnostics(contentIsText:lineHeight:)``).
    public mutating func setZoomScale(_ scale: Double, anchor: Point? = nil, animated: Bool = false, at now: Double) throws(ScrollInputError) {
        let scale = try limited(scale, "zoom scale")
        guard scale > 0 else { throw .nonPositiveScale(scale) }
        advance(to: now)
        let anchor = try limited(anchor ?? Point(x: contentViewport.width / 2, y: contentViewport.height / 2), "zoom anchor")
        guard minimumZoomScale <= maximumZoomScale else { return }
        let target = limitedZoom(scale)
        if animated {
            animateZoom(to: target, anchor: anchor)
        } else {
            setZoom(target, keeping: anchor, clampOffset: true)
        }
        noteMovement()
    }

    /// Zooms by `factor` about `anchor` (the viewport's centre when nil), as a zoom key does.
    /// Steps pressed while an earlier one still animates build on where that one is going, so
    /// ten presses at key-repeat speed zoom as far as ten slow ones (SV-07), as arrow keys add
    /// to a scroll under way. Clamped to the limits; nothing happens while zooming is off.
    /// - Throws: ``ScrollInputError`` when `factor` is not a positive finite number.
    public mutating func zoom(by factor: Double, anchor: Point? = nil, animated: Bool = true, at now: Double) throws(ScrollInputError) {
        let factor = try limited(factor, "zoom factor")
        guard factor > 0 else { throw .nonPositiveScale(factor) }
        advance(to: now)
        let base = zoomAnimation?.toScale ?? zoomScale
        try setZoomScale((base * factor).clamped(to: Self.zoomScaleRange), anchor: anchor, animated: animated, at: time)
    }

    /// A double-tap (double-click) at `point` zooms in by ``doubleTapZoomFactor`` about it; at the
    /// maximum it zooms back out to the minimum (SV-07).
    public mutating func doubleTapZoom(at point: Point, time now: Double) {
        let point = sanitized(point)
        advance(to: now)
        guard isZoomEnabled else { return }
        tick(at: time)
        let atMaximum = zoomScale >= maximumZoomScale - 1e-9
        let target = atMaximum ? minimumZoomScale : Swift.min(maximumZoomScale, zoomScale * doubleTapZoomFactor)
        animateZoom(to: target, anchor: point)
    }

    /// Guideline checks for the zoom limits (SV-07): limits that contradict each other, and a
    /// maximum at which one line of text (of `lineHeight` points at scale 1) fills the view.
    public func zoomDiagnostics(contentIsText: Bool, lineHeight: Double? = nil) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if minimumZoomScale > maximumZoomScale {
            found.append(Diagnostic("SV-07", "minimumZoomScale \(minimumZoomScale) is larger than maximumZoomScale \(maximumZoomScale); zooming is off until the minimum is at most the maximum", severity: .error))
        }
        let line = lineHeight ?? lineStep.height
        if contentIsText, isZoomEnabled, line * maximumZoomScale >= viewportSize.height, viewportSize.height > 0 {
            found.append(Diagnostic("SV-07", "at maximumZoomScale \(maximumZoomScale) one line of text (\(line) pt) fills the \(viewportSize.height) pt view; choose a maximum below \(viewportSize.height / line)"))
        }
        return found
    }

    /// `scale` within the zoom limits; unchanged while the limits contradict each other (zooming
    /// is off then, and there is no range to clamp into).
    func limitedZoom(_ scale: Double) -> Double {
        minimumZoomScale <= maximumZoomScale ? scale.clamped(to: minimumZoomScale...maximumZoomScale) : scale
    }

    /// Sets the scale while the content point under `anchor` stays under it.
    mutating func setZoom(_ scale: Double, keeping anchor: Point, clampOffset: Bool) {
        let contentPoint = Point(x: (offset.x + anchor.x) / zoomScale, y: (offset.y + anchor.y) / zoomScale)
        place(scale: scale, contentPoint: contentPoint, anchor: anchor, clampOffset: clampOffset)
    }

    /// Applies `scale` and puts `contentPoint` (at scale 1) under `anchor`.
    mutating func place(scale: Double, contentPoint: Point, anchor: Point, clampOffset: Bool) {
        zoomScale = scale
        for axis in Axis.allCases {
            let raw = contentPoint[axis] * scale - anchor[axis]
            let bounds = offsetBounds(axis)
            // Centred content stays centred; otherwise the anchor rules, within the bounds unless a
            // gesture is stretching the scale.
            offset[axis] = bounds.lowerBound == bounds.upperBound || clampOffset ? raw.clamped(to: bounds) : raw
        }
    }

    mutating func animateZoom(to scale: Double, anchor: Point) {
        let contentPoint = Point(x: (offset.x + anchor.x) / zoomScale, y: (offset.y + anchor.y) / zoomScale)
        zoomAnimation = ZoomAnimation(fromScale: zoomScale, toScale: scale, contentPoint: contentPoint,
                                      anchor: anchor, start: time, duration: Self.zoomAnimationDuration)
        motion = AxisPair(both: .idle)
        if reducesMotion { place(scale: scale, contentPoint: contentPoint, anchor: anchor, clampOffset: true); zoomAnimation = nil }
        noteMovement()
    }

    /// Stops a zoom animation where it is, except that a scale past a limit goes straight to the
    /// limit: an interruption never leaves the view zoomed beyond what is allowed.
    mutating func finishZoomAnimation() {
        guard let animation = zoomAnimation else { return }
        zoomAnimation = nil
        if zoomScale < minimumZoomScale || zoomScale > maximumZoomScale {
            place(scale: animation.toScale, contentPoint: animation.contentPoint, anchor: animation.anchor, clampOffset: true)
        }
    }

    mutating func stepZoomAnimation() {
        guard let animation = zoomAnimation else { return }
        let p = (time - animation.start) / animation.duration
        let eased = TimingCurve.easeInOut.value(p)
        let scale = animation.fromScale + (animation.toScale - animation.fromScale) * eased
        place(scale: scale, contentPoint: animation.contentPoint, anchor: animation.anchor, clampOffset: p >= 1)
        if p >= 1 { zoomAnimation = nil }
    }
}
