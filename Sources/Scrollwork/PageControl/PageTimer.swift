/// Advances a page control on its own, each page for its duration (iOS 17
/// `UIPageControlTimerProgress`), in the control's virtual time.
public struct PageTimer: Sendable, Hashable {
    /// Seconds each page shows unless it has its own duration; a value that is not a positive
    /// finite number keeps the previous one, and values above a day are clamped.
    public var preferredDuration: Double {
        didSet { preferredDuration = preferredDuration.isFinite && preferredDuration > 0 ? Swift.min(preferredDuration, 86_400) : oldValue }
    }
    /// Durations for particular pages.
    public private(set) var durations: [Int: Double] = [:]
    /// After the last page, start again from the first; otherwise stop there.
    public var resetsToInitialPageAfterEnd = true
    /// Whether time is counting.
    public private(set) var isRunning = false
    /// When the current page began, in control time.
    var pageStart: Double = 0

    /// A timer whose pages each last `preferredDuration` seconds; zero, negative or non-finite
    /// durations throw.
    public init(preferredDuration: Double) throws(PageControlError) {
        try requirePageFinite(preferredDuration, "preferredDuration")
        guard preferredDuration > 0 else { throw .nonPositiveDuration(preferredDuration) }
        self.preferredDuration = preferredDuration
    }

    /// The duration of `page`.
    public func duration(forPage page: Int) -> Double { durations[page] ?? preferredDuration }

    mutating func setDuration(_ duration: Double?, forPage page: Int) { durations[page] = duration }
    mutating func run(at time: Double) { isRunning = true; pageStart = time }
    mutating func pause() { isRunning = false }
    mutating func restartPage(at time: Double) { pageStart = time }
}

extension PageControlState {
    /// Attaches a timer (or removes it with nil); it starts paused.
    public mutating func setTimer(_ timer: PageTimer?) { self.timer = timer }

    /// Sets how long `page` shows; nil returns it to the preferred duration. A page that does not
    /// exist, or a duration that is not positive and finite, throws.
    public mutating func setTimerDuration(_ duration: Double?, forPage page: Int) throws(PageControlError) {
        guard page >= 0 && page < numberOfPages else { throw .pageOutOfRange(page: page, numberOfPages: numberOfPages) }
        if let duration {
            try requirePageFinite(duration, "duration")
            guard duration > 0 else { throw .nonPositiveDuration(duration) }
        }
        timer?.setDuration(duration, forPage: page)
    }

    /// Starts the timer counting from now.
    public mutating func resumeTimer(at now: Double) throws(PageControlError) {
        advance(to: now)
        timer?.run(at: time)
    }

    /// Stops the timer counting; the progress stays where it is.
    public mutating func pauseTimer() { timer?.pause() }

    /// Moves the timer on to the current time: updates the progress and turns pages whose time is up.
    mutating func advanceTimer() -> PageChange? {
        guard var running = timer, running.isRunning, numberOfPages > 0 else { return nil }
        var changed: PageChange? = nil
        // Several short pages may have passed since the last tick; bounded by the page count so a
        // huge gap in time cannot loop forever.
        for _ in 0...Swift.min(numberOfPages, 10_000) {
            let duration = running.duration(forPage: currentPage)
            let elapsed = time - running.pageStart
            guard elapsed >= duration else {
                currentPageProgress = (elapsed / duration).clamped(to: 0...1)
                break
            }
            let last = currentPage == numberOfPages - 1
            if last && !running.resetsToInitialPageAfterEnd {
                running.pause()
                currentPageProgress = 1
                break
            }
            running.pageStart += duration
            currentPage = last ? 0 : currentPage + 1
            currentPageProgress = 0
            changed = PageChange(page: currentPage, animated: true, interaction: .none)
        }
        timer = running
        return changed
    }

    /// True while a host needs frames: a running timer, or a press that may become a scrub.
    public var isAnimating: Bool { (timer?.isRunning ?? false) || (press.map { !$0.isScrubbing && canScrub } ?? false) }
}
