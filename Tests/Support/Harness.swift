import ScrollworkWidgets

/// A one-widget app for tests: it keeps what its content reported, in order, for the test to read.
package struct Harness<Content: Widget>: WidgetApp {
    package var content: Content
    package var wantsQuit = false
    /// Every report of the content's replies so far, oldest first.
    package var reported: [Content.Report] = []
    /// Every effect the content's replies asked for so far, oldest first.
    package var asked: [Effect] = []

    package init(content: Content) { self.content = content }

    /// The content's handling, its reports kept.
    package mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        let reply = handleContent(event, at: time)
        reported += reply.reports
        asked += reply.effects
        return Self.effects(of: reply)
    }

    /// The content's tick, its reports kept.
    package mutating func tick(at time: Double) -> [Effect] {
        let reply = content.tick(at: time)
        reported += reply.reports
        asked += reply.effects
        return Self.effects(of: reply)
    }
}
