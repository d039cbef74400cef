import Testing
@testable import Scrollwork

@Suite struct ScrollIndicatorTests {
    @Test("SV-01: hidden at rest, shown while scrolling, faded 1.2 s after it stops")
    func SV_01_transientIndicator() throws {
        var s = phoneScroll()
        #expect(s.indicator(.vertical)?.opacity == 0)
        #expect(s.indicator(.horizontal) == nil)
        s.beginDrag(at: Point(x: 0, y: 400), time: 1)
        s.drag(to: Point(x: 0, y: 300), time: 1.1)
        #expect(s.indicator(.vertical)?.opacity == 1)
        s.endDrag(time: 1.5)
        #expect(s.phase == .idle)
        #expect(s.wakeTime == 2.7)
        s.tick(at: 2.6)
        #expect(s.indicator(.vertical)?.opacity == 1)
        #expect(!s.isAnimating)
        s.tick(at: 2.7 + 0.125)
        #expect(abs((s.indicator(.vertical)?.opacity ?? 0) - 0.5) < 1e-9)
        #expect(s.isAnimating)
        s.tick(at: 3)
        #expect(s.indicator(.vertical)?.opacity == 0)
        #expect(!s.isAnimating)
    }

    @Test("SV-01: after a flick the hold starts when the content stops moving visibly, not when the curve ends")
    func SV_01_holdStartsAtVisibleStop() throws {
        var s = ScrollState(viewport: Size(width: 320, height: 480), content: Size(width: 320, height: 100_000))
        try s.setOffset(Point(x: 0, y: 1000), time: 0)
        try s.flick(from: Point(x: 0, y: 400), to: Point(x: 0, y: 100), start: 1, duration: 0.1)
        guard case let .decelerating(curve, start) = s.motion[.vertical] else {
            Issue.record("the flick did not start momentum")
            return
        }
        // Below 6 pt/s a frame at 60 Hz moves less than a tenth of a point.
        let stillAt = start + curve.duration(threshold: 6)
        let curveEnds = start + curve.duration(threshold: 0.5)
        #expect(curveEnds - stillAt > 1)
        var t = 1.1, movedAfterStill = 0.0, last = s.offset.y
        var opacities: [(Double, Double)] = []
        while t < curveEnds + 1 {
            t += 1.0 / 60
            s.tick(at: t)
            // The curve's last tick puts it on its published rest point, a quarter point on.
            if t > stillAt, s.phase == .decelerating { movedAfterStill = max(movedAfterStill, abs(s.offset.y - last)) }
            last = s.offset.y
            opacities.append((t, s.indicatorOpacity))
        }
        #expect(movedAfterStill < 0.1)
        // Fully shown through the hold, half faded 0.125 s into the fade, gone after it.
        for (time, opacity) in opacities where time < stillAt + 1.2 { #expect(opacity == 1) }
        let midFade = try #require(opacities.first { $0.0 >= stillAt + 1.2 + 0.125 })
        #expect(abs(midFade.1 - (1 - (midFade.0 - stillAt - 1.2) / 0.25)) < 1e-9)
        #expect(opacities.last?.1 == 0)
        #expect(s.phase == .idle && !s.isAnimating)
    }

    @Test("SV-01, SV-11: content that overhangs by a rounding error of its sum fits: no indicator, nothing to scroll", arguments: [ScrollIndicatorStyle(), .macOS(), .macOS(.legacy)])
    func SV_01_roundingErrorFits(style: ScrollIndicatorStyle) throws {
        // Column widths that sum to 960.0000000000001 for a 960-point table, rows to a hair
        // over the height: neither axis scrolls, and no legacy scroller narrows the other.
        var s = ScrollState(viewport: Size(width: 960, height: 576), content: Size(width: 960.0.nextUp, height: 576.0.nextUp))
        s.indicatorStyle = style
        for axis in Axis.allCases {
            #expect(s.indicator(axis) == nil)
            #expect(!s.canScroll(axis))
            #expect(s.offsetBounds(axis) == 0...0)
        }
        #expect(s.contentViewport == s.viewportSize)
        // A real overhang, even a tenth of a point, still scrolls; so does one made by insets.
        s.contentSize.width = 960.1
        #expect(s.canScroll(.horizontal))
        s.contentSize.width = 955
        s.contentInsets = EdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
        #expect(s.offsetBounds(.horizontal) == -10 ... -5)
    }

    @Test("SV-11: content that spans the view is as wide as a legacy scroller leaves it; wider content still scrolls")
    func SV_11_spanningContentWidth() throws {
        var s = ScrollState(viewport: Size(width: 600, height: 400), content: .zero)
        s.indicatorStyle = .macOS(.legacy)
        #expect(s.spanningContentWidth(height: 300) == 600)
        #expect(s.spanningContentWidth(height: 2000) == 585)
        s.contentSize = Size(width: s.spanningContentWidth(height: 2000), height: 2000)
        #expect(s.indicator(.horizontal) == nil && s.indicator(.vertical) != nil)
        #expect(s.spanningContentWidth(height: 2000, atLeast: 590) == 590)
        s.contentSize = Size(width: 590, height: 2000)
        #expect(s.canScroll(.horizontal))
        s.indicatorStyle = .macOS(.overlay)
        #expect(s.spanningContentWidth(height: 2000) == 600)
    }

    @Test("SV-11: a macOS overlay scroller widens into its track while the pointer is over it, shown even when faded; leaving, it narrows and fades")
    func SV_11_overlayScrollerExpandsOnHover() throws {
        var s = ScrollState(viewport: Size(width: 600, height: 400), content: Size(width: 600, height: 4000))
        s.indicatorStyle = .macOS()
        s.tick(at: 10)
        let rest = try #require(s.indicator(.vertical))
        #expect(rest.opacity == 0 && rest.thumb.width == 7 && !rest.showsTrack)
        // Over the scroller's strip at the right edge, where it would be though hidden.
        let entered = s.hoverIndicator(at: Point(x: 595, y: 200), time: 10)
        #expect(entered)
        let wide = try #require(s.indicator(.vertical))
        #expect(wide.opacity == 1 && wide.showsTrack)
        #expect(wide.track.width == 15 && wide.track.maxX == 600)
        #expect(wide.thumb.width == 11 && wide.thumb.midX == wide.track.midX)
        s.tick(at: 20)
        #expect(s.indicator(.vertical)?.opacity == 1)
        // Moving within it changes nothing; a press on its track still pages.
        let movedWithin = s.hoverIndicator(at: Point(x: 592, y: 300), time: 20)
        let pressed = s.pressIndicator(at: Point(x: 592, y: 380), time: 20)
        #expect(!movedWithin && pressed)
        s.tick(at: 21)
        #expect(s.offset.y > 0)
        s.endIndicatorDrag(time: 21)
        // Away from it: narrow again, then the usual hold and fade.
        let left = s.hoverIndicator(at: Point(x: 100, y: 200), time: 22)
        #expect(left)
        #expect(s.indicator(.vertical)?.thumb.width == 7 && s.indicator(.vertical)?.showsTrack == false)
        s.tick(at: 22 + 1.1)
        #expect(s.indicator(.vertical)?.opacity == 1)
        s.tick(at: 22 + 1.5)
        #expect(s.indicator(.vertical)?.opacity == 0)
        // An iOS indicator has no hover.
        var phone = ScrollState(viewport: Size(width: 600, height: 400), content: Size(width: 600, height: 4000))
        let phoneHover = phone.hoverIndicator(at: Point(x: 597, y: 200), time: 0)
        #expect(!phoneHover)
        #expect(phone.indicator(.vertical)?.thumb.width == 3)
    }

    @Test("SV-01: the thumb's length and place tell how much is visible and where")
    func SV_01_thumbGeometry() throws {
        var s = ScrollState(viewport: Size(width: 320, height: 480), content: Size(width: 320, height: 960))
        let top = try #require(s.indicator(.vertical))
        // Overlay: 3 pt thick, 3 pt from the edges, half the track long for half the content.
        #expect(top.thumb.minX == 314 && top.thumb.width == 3)
        #expect(top.track.minY == 3 && top.track.height == 474)
        #expect(top.thumb.minY == 3 && top.thumb.height == 237)
        try s.setOffset(Point(x: 0, y: 240), time: 0)
        let middle = try #require(s.indicator(.vertical))
        #expect(abs(middle.thumb.midY - 240) < 1e-9)
        try s.setOffset(Point(x: 0, y: 480), time: 0)
        #expect(s.indicator(.vertical)?.thumb.maxY == 477)
        #expect(top.alpha == 0.35)
    }

    @Test("SV-01: a long document keeps a readable minimum thumb that shrinks while stretched")
    func SV_01_minimumAndShrink() throws {
        var s = ScrollState(viewport: Size(width: 320, height: 480), content: Size(width: 320, height: 1_000_000))
        #expect(s.indicator(.vertical)?.thumb.height == 36)
        s.beginDrag(at: Point(x: 0, y: 0), time: 0)
        s.drag(to: Point(x: 0, y: 400), time: 0.1)
        let stretched = try #require(s.indicator(.vertical))
        #expect(stretched.thumb.height < 36)
        #expect(stretched.thumb.minY == stretched.track.minY)
    }

    @Test("SV-01: stretched past an edge, a thumb above its minimum shrinks with the part of the view that still shows content", arguments: [960.0, 1500, 3000])
    func SV_01_shrinksAtEveryLength(contentHeight: Double) throws {
        var s = ScrollState(viewport: Size(width: 320, height: 480), content: Size(width: 320, height: contentHeight))
        let rest = try #require(s.indicator(.vertical)).thumb.height
        #expect(rest > 36)
        s.beginDrag(at: Point(x: 0, y: 0), time: 0)
        s.drag(to: Point(x: 0, y: 120), time: 0.1)
        let stretch = -s.offset.y
        #expect(stretch > 0)
        let thumb = try #require(s.indicator(.vertical)).thumb.height
        // Flutter's rule: the track times the fraction of the content inside the viewport.
        #expect(abs(thumb - 474 * (480 - stretch) / contentHeight) < 1e-9)
        #expect(thumb < rest)
    }

    @Test("SV-03: flashing shows the indicators for a moment")
    func SV_03_flashIndicators() throws {
        var s = phoneScroll()
        s.flashIndicators(at: 10)
        #expect(s.isAnimating)
        s.tick(at: 10.165)
        #expect(abs((s.indicator(.vertical)?.opacity ?? 0) - 0.5) < 1e-9)
        s.tick(at: 11)
        #expect(s.indicator(.vertical)?.opacity == 1)
        s.tick(at: 12.5)
        #expect((s.indicator(.vertical)?.opacity ?? 1) < 1)
        s.tick(at: 12.2 + 0.34)
        #expect(s.indicator(.vertical)?.opacity == 0)
        #expect(!s.isAnimating)
    }

    @Test("SV-11: legacy scrollers always show and take their track out of the layout")
    func SV_11_legacyReservesTrack() throws {
        var s = phoneScroll()
        s.contentSize.width = 300
        s.indicatorStyle = .macOS(.legacy)
        #expect(s.contentViewport.width == 320 - 15)
        let bar = try #require(s.indicator(.vertical))
        #expect(bar.opacity == 1 && bar.showsTrack)
        #expect(bar.track == Rect(x: 305, y: 0, width: 15, height: 480))
        #expect(bar.thumb.height >= 26)
        // Content as wide as the view needs a horizontal scroller too once the vertical one takes room.
        s.contentSize.width = 320
        #expect(s.contentViewport == Size(width: 305, height: 465))
        #expect(s.indicator(.horizontal)?.track == Rect(x: 0, y: 465, width: 305, height: 15))
        s.indicatorStyle = .macOS(.legacy, size: .small)
        s.contentSize.width = 300
        #expect(s.contentViewport.width == 320 - 11)
        #expect(s.indicator(.vertical)?.track.width == 11)
    }

    @Test("SV-11: visibility always, when scrolling, and automatic")
    func SV_11_visibilitySettings() throws {
        var s = phoneScroll()
        s.indicatorStyle = .macOS(.overlay, visibility: .always)
        #expect(s.indicator(.vertical)?.opacity == 1)
        s.indicatorStyle = .macOS(.overlay, visibility: .whenScrolling)
        #expect(s.indicator(.vertical)?.opacity == 0)
        s.indicatorStyle = .macOS(.legacy, visibility: .whenScrolling)
        #expect(s.indicator(.vertical)?.opacity == 0)
        s.indicatorStyle = .macOS(.legacy, visibility: .automatic)
        #expect(s.indicator(.vertical)?.opacity == 1)
        s.indicatorStyle = .macOS(.overlay, visibility: .automatic)
        #expect(s.indicator(.vertical)?.opacity == 0)
    }

    @Test("SV-12: overlay scrollers never move the content when they appear")
    func SV_12_overlayNeverChangesLayout() throws {
        var s = phoneScroll()
        s.indicatorStyle = .macOS(.overlay)
        try s.setOffset(Point(x: 0, y: 700), time: 0)
        s.tick(at: 0.5)
        let hidden = (s.contentViewport, s.visibleRect, s.indicator(.vertical)?.opacity)
        s.flashIndicators(at: 1)
        s.tick(at: 2)
        #expect(s.indicator(.vertical)?.opacity == 1)
        #expect(hidden.2 == 0)
        #expect(s.contentViewport == hidden.0)
        #expect(s.visibleRect == hidden.1)
    }

    @Test("SV-12: a control inline with the scroller is diagnosed")
    func SV_12_controlInTrack() {
        var s = phoneScroll()
        s.contentSize.width = 300
        s.indicatorStyle = .macOS(.legacy)
        #expect(s.scrollerTrackDiagnostics(controls: [Rect(x: 10, y: 10, width: 100, height: 20)]).isEmpty)
        let found = s.scrollerTrackDiagnostics(controls: [Rect(x: 300, y: 460, width: 20, height: 20)])
        #expect(found.map(\.guideline) == ["SV-12"])
    }

    @Test("SV-01: dragging the thumb scrolls to the matching place; a track click pages")
    func SV_01_thumbDragAndTrackClick() throws {
        var s = phoneScroll()
        s.contentSize.width = 300
        s.indicatorStyle = .macOS(.legacy)
        let thumb = try #require(s.indicator(.vertical)).thumb
        let pressed1 = s.pressIndicator(at: Point(x: 312, y: thumb.midY), time: 0)
        #expect(pressed1)
        #expect(s.phase == .dragging)
        let bar = try #require(s.indicator(.vertical))
        let room = bar.track.height - 4 - bar.thumb.height
        s.dragIndicator(to: Point(x: 312, y: thumb.midY + room / 2), time: 0.1)
        #expect(abs(s.offset.y - 4520 / 2) < 1e-6)
        s.dragIndicator(to: Point(x: 312, y: 5000), time: 0.2)
        #expect(s.offset.y == 4520)
        s.endIndicatorDrag(time: 0.3)
        #expect(s.phase == .idle)
        // Click in the track above the thumb: one page up.
        let pressed2 = s.pressIndicator(at: Point(x: 312, y: 5), time: 1)
        #expect(pressed2)
        s.settle(from: 1)
        #expect(s.offset.y == 4520 - 464)
        let pressed3 = s.pressIndicator(at: Point(x: 100, y: 100), time: 3)
        #expect(!pressed3)
    }

    @Test("SV-10: a coupled paging view hides its same-axis indicator")
    func SV_10_hiddenIndicatorAxis() {
        var s = ScrollState(viewport: Size(width: 300, height: 200), content: Size(width: 3000, height: 400))
        s.isPagingEnabled = true
        #expect(s.indicator(.horizontal) != nil)
        s.hiddenIndicators = .horizontal
        #expect(s.indicator(.horizontal) == nil)
        #expect(s.indicator(.vertical) != nil)
    }

    @Test("SV-14: the visionOS indicator is small, fixed and centred on its edge")
    func SV_14_fixedCentredIndicator() throws {
        var s = ScrollIdiom.visionOS.scrollState(viewport: Size(width: 600, height: 400), content: Size(width: 600, height: 4000))
        let at0 = try #require(s.indicator(.vertical))
        try s.setOffset(Point(x: 0, y: 3000), time: 0)
        let at3000 = try #require(s.indicator(.vertical))
        #expect(at0.thumb == at3000.thumb)
        #expect(at0.thumb.height == 36)
        #expect(abs(at0.thumb.midY - 200) < 1e-9)
        #expect(at0.thumb.maxX == 600 - 6)
        var h = ScrollIdiom.visionOS.scrollState(viewport: Size(width: 600, height: 400), content: Size(width: 6000, height: 400))
        let bottom = try #require(h.indicator(.horizontal))
        #expect(abs(bottom.thumb.midX - 300) < 1e-9 && bottom.thumb.maxY == 394)
        try h.setOffset(.zero, time: 0)
    }

    @Test("SV-14: dragging the visionOS indicator jogs: distance sets speed, ticks move with it")
    func SV_14_jogBar() throws {
        var s = ScrollIdiom.visionOS.scrollState(viewport: Size(width: 600, height: 400), content: Size(width: 600, height: 40_000))
        try s.setOffset(Point(x: 0, y: 10_000), time: 0)
        let thumb = try #require(s.indicator(.vertical)).thumb
        let pressed4 = s.pressIndicator(at: thumb.center, time: 1)
        #expect(pressed4)
        s.dragIndicator(to: thumb.center + Point(x: 0, y: 20), time: 1)
        #expect(s.velocity(.vertical) == 160)
        let phase0 = try #require(s.indicator(.vertical)?.jogTickPhase)
        s.tick(at: 1.51)
        #expect(abs(s.offset.y - 10_081.6) < 1e-6)
        #expect(abs(try #require(s.indicator(.vertical)?.jogTickPhase) - phase0 - 1.6) < 1e-6)
        // Dragging the other way reverses: twice the distance, twice the speed.
        s.dragIndicator(to: thumb.center + Point(x: 0, y: -40), time: 1.51)
        s.tick(at: 2.01)
        #expect(abs(s.offset.y - (10_081.6 - 160)) < 1e-6)
        s.endIndicatorDrag(time: 2.01)
        s.tick(at: 3)
        #expect(abs(s.offset.y - 9921.6) < 1e-6)
    }

    @Test("SV-14: a held jog bar keeps scrolling with no pointer events: the host is asked for frames")
    func SV_14_jogKeepsMovingWhileHeldStill() throws {
        var s = ScrollIdiom.visionOS.scrollState(viewport: Size(width: 600, height: 400), content: Size(width: 600, height: 40_000))
        try s.setOffset(Point(x: 0, y: 10_000), time: 0)
        let thumb = try #require(s.indicator(.vertical)).thumb
        s.pressIndicator(at: thumb.center, time: 1)
        s.dragIndicator(to: thumb.center + Point(x: 0, y: 20), time: 1)
        // A host ticks only while the state asks for frames.
        var t = 1.0
        while s.isAnimating && t < 2 {
            t += 1.0 / 60
            s.tick(at: t)
        }
        #expect(t >= 2)
        #expect(abs(s.offset.y - (10_000 + 160 * (t - 1))) < 1e-6)
    }

    @Test("SV-13: tvOS shows no indicators and focus scrolls only as needed")
    func SV_13_tvOSFocus() throws {
        var s = ScrollIdiom.tvOS.scrollState(viewport: Size(width: 1920, height: 1080), content: Size(width: 1920, height: 10_000))
        #expect(s.indicator(.vertical) == nil)
        #expect(try !s.focus(on: Rect(x: 0, y: 900, width: 400, height: 100), time: 0))
        #expect(try s.focus(on: Rect(x: 0, y: 1000, width: 400, height: 200), time: 1))
        s.settle(from: 1)
        #expect(s.offset.y == 120)
        #expect(try s.focus(on: Rect(x: 0, y: 50, width: 400, height: 200), time: 3))
        s.settle(from: 3)
        #expect(s.offset.y == 50)
    }

    @Test("indicator geometry stays inside its track in every style")
    func indicatorInsideTrack() throws {
        for style in [ScrollIndicatorStyle(), .macOS(.legacy), .macOS(.overlay, size: .small), .visionOS] {
            var s = ScrollState(viewport: Size(width: 300, height: 200), content: Size(width: 900, height: 5000))
            s.indicatorStyle = style
            for y in stride(from: -300.0, through: 5300, by: 250) {
                s.beginDrag(at: .zero, time: 0)
                s.drag(to: Point(x: 0, y: -y), time: 0.01)
                for axis in Axis.allCases {
                    let i = try #require(s.indicator(axis))
                    #expect(i.thumb.minY >= i.track.minY - 1e-9 && i.thumb.maxY <= i.track.maxY + 1e-9)
                    #expect(i.thumb.minX >= i.track.minX - 1e-9 && i.thumb.maxX <= i.track.maxX + 1e-9)
                }
                s.cancelDrag(time: 0.02)
                s.stopMotion()
            }
        }
    }
}
