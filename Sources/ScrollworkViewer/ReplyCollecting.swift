import ScrollworkWidgets

/// A viewer screen that gathers what the widgets it drives cause, for the app to return from the
/// call that caused it: effects wait in ``effects`` until the app's `handle`, `tick` or `render`
/// returns them (never past it), and errors go to the status line.
protocol ReplyCollecting {
    /// The effects gathered during the call under way.
    var effects: [Effect] { get set }
    /// The status line's note.
    var note: String? { get set }
}

extension ReplyCollecting {
    /// Takes in what one call of a widget caused: its effects go out with the screen's, its
    /// errors to the status line (the last, and how many more). Returns its reports.
    @discardableResult
    mutating func collect<Report>(_ reply: Reply<Report>) -> [Report] {
        effects += reply.effects
        if let message = errorNote(reply.errors) { note = message }
        return reply.reports
    }
}
