/// A page change a page control asks for: the host (or a coupled scroll view) shows `page`,
/// animated for taps and not while scrubbing (PC-14).
public struct PageChange: Sendable, Hashable {
    /// The new current page.
    public var page: Int
    /// True for discrete changes (taps, focus, the timer); false while scrubbing.
    public var animated: Bool
    /// The interaction that caused it.
    public var interaction: PageControlState.InteractionState
}

/// A press on the control, before it is known to be a tap or a scrub.
struct Press: Sendable, Hashable {
    var startPosition: Double
    var startTime: Double
    var startPage: Int
    var position: Double
    var isScrubbing = false
}

extension PageControlState {
    /// A finger or pointer goes down on the control at `position` (points along its axis).
    public mutating func pointerDown(at position: Double, time now: Double) {
        let position = position.isFinite ? position.clamped(to: -1e15...1e15) : 0
        advance(to: now)
        guard numberOfPages > 0 else { return }
        press = Press(startPosition: position, startTime: time, startPage: currentPage, position: position)
        interactionState = .discrete
    }

    /// The pointer moved while pressed: once it has moved half a dot (or the press was held for
    /// ``scrubDelay``), it scrubs through the pages in order, one per dot of movement, without
    /// animation; past either end of the control it jumps to the first or last page (PC-12).
    /// Scrubbing is off with the minimal background (PC-15).
    @discardableResult
    public mutating func pointerMoved(to position: Double, time now: Double) -> PageChange? {
        let position = position.isFinite ? position.clamped(to: -1e15...1e15) : 0
        advance(to: now)
        guard var current = press else { return nil }
        current.position = position
        press = current
        if !current.isScrubbing, canScrub, abs(position - current.startPosition) >= pitch / 2 || time - current.startTime >= scrubDelay {
            press?.isScrubbing = true
            interactionState = .continuous
        }
        return scrub()
    }

    /// Advances time: a press held long enough becomes a scrub; a running timer advances pages.
    @discardableResult
    public mutating func tick(at now: Double) -> PageChange? {
        advance(to: now)
        if let current = press, !current.isScrubbing, canScrub, time - current.startTime >= scrubDelay {
            press?.isScrubbing = true
            interactionState = .continuous
            return scrub()
        }
        return advanceTimer()
    }

    /// The pointer lifted. Without a scrub this is a tap: before the current dot goes to the
    /// previous page, after it to the next (PC-12); with `targetsIndicator` (a pointer that can aim,
    /// such as a mouse) it goes to the page of the dot under it. Taps are discrete and animated
    /// (PC-13, PC-14).
    @discardableResult
    public mutating func pointerUp(at position: Double, time now: Double, targetsIndicator: Bool = false) -> PageChange? {
        let position = position.isFinite ? position.clamped(to: -1e15...1e15) : 0
        advance(to: now)
        guard let current = press else { return nil }
        press = nil
        defer { interactionState = .none }
        if current.isScrubbing { return nil }
        let target: Int
        if targetsIndicator, let page = page(atPosition: position) {
            target = page
        } else {
            let after = isReversed ? position < currentDotCenter : position > currentDotCenter
            let before = isReversed ? position > currentDotCenter : position < currentDotCenter
            target = currentPage + (after ? 1 : before ? -1 : 0)
        }
        return change(to: target, animated: true, interaction: .discrete)
    }

    /// The press was interrupted: nothing changes further.
    public mutating func pointerCancelled() {
        press = nil
        interactionState = .none
    }

    /// tvOS (PC-16): moving focus left or right moves between full-screen pages, animated.
    @discardableResult
    public mutating func moveFocus(forward: Bool, time now: Double) -> PageChange? {
        advance(to: now)
        let step = (forward ? 1 : -1) * (isReversed ? -1 : 1)
        return change(to: currentPage + step, animated: true, interaction: .discrete)
    }

    /// Goes to `page` (clamped to the pages) at `now`, as a key or a host asks (Home, End, a
    /// page picked elsewhere): the change to show, animated when `animated`; nil when it is the
    /// current page already.
    @discardableResult
    public mutating func show(page: Int, animated: Bool = true, time now: Double) -> PageChange? {
        advance(to: now)
        return change(to: page, animated: animated, interaction: .discrete)
    }

    /// Sets the page for a change of `interaction`, returning the change if the page moved.
    mutating func change(to page: Int, animated: Bool, interaction: InteractionState) -> PageChange? {
        let target = clampedPage(page)
        guard target != currentPage else { return nil }
        currentPage = target
        timer?.restartPage(at: time)
        currentPageProgress = 0
        return PageChange(page: target, animated: animated, interaction: interaction)
    }

    private mutating func scrub() -> PageChange? {
        guard let current = press, current.isScrubbing else { return nil }
        let length = size(forNumberOfPages: numberOfPages).length
        let towardsEnd = isReversed ? -1.0 : 1.0
        let target: Int
        if current.position < 0 {
            target = isReversed ? numberOfPages - 1 : 0
        } else if current.position > length {
            target = isReversed ? 0 : numberOfPages - 1
        } else {
            let pages = ((current.position - current.startPosition) * towardsEnd / pitch).rounded()
            target = current.startPage.addingSaturating(Int(saturating: pages.clamped(to: -Double(numberOfPages)...Double(numberOfPages))))
        }
        return change(to: target, animated: false, interaction: .continuous)
    }

    mutating func advance(to now: Double) {
        // A time that is not a number leaves the clock where it was; it never runs backwards.
        if now.isFinite, now > time { time = Swift.min(now, 1e15) }
    }
}
