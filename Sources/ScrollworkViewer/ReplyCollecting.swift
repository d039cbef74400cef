import ScrollworkWidgets

/// A viewer screen that gathers what the widgets it drives cause, for the app to return from the
/// call that caused it: effects wait in ``effects`` until the app's `handle`, `tick` or `render`
/// returns them (never past it), and errors go to the status line.
protocol ReplyCollecting {
    /// The effects gathered during the call under way.
    var effects: [Effect] { get set }
    /// The status line's note.
    var note: String? { get set }
    /// True when a widget's status lines (how its sort went) are the screen's own note rather
    /// than the host's: a sheet's table speaks for the sheet, not for the table under it.
    var takesWidgetStatus: Bool { get }
}

extension ReplyCollecting {
    /// Status lines go to the host with the other effects.
    var takesWidgetStatus: Bool { false }

    /// Takes in what one call of a widget caused: its effects go out with the screen's (a status
    /// line to the note instead where ``takesWidgetStatus``), its errors to the status line (the
    /// last, and how many more). Returns its reports.
    @discardableResult
    mutating func collect<Report>(_ reply: Reply<Report>) -> [Report] {
        for effect in reply.effects {
            if takesWidgetStatus, case let .status(text) = effect { note = text } else { effects.append(effect) }
        }
        if let message = errorNote(reply.errors) { note = message }
        return reply.reports
    }
}
