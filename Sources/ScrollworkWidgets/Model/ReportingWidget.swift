import Scrollwork

/// Everything one event gave an app through a widget, at once: whether the widget used it, what
/// the widget reports (its typed events), the effects for the host, and every error it met.
public struct Outcome<Report> {
    /// Whether the widget used the event.
    public var result: EventResult
    /// What the widget reports, oldest first: a table's heading clicks and activations, a
    /// page control's page changes, a text field's edits.
    public var reports: [Report]
    /// What the host must do: copies, work, status.
    public var effects: [Effect]
    /// Every error the widget met, oldest first (none is dropped for a later one).
    public var errors: [any Error]

    /// True when the widget used the event.
    public var isHandled: Bool { result.isHandled }

    /// An outcome of `result` with what was reported.
    public init(result: EventResult, reports: [Report] = [], effects: [Effect] = [], errors: [any Error] = []) {
        self.result = result
        self.reports = reports
        self.effects = effects
        self.errors = errors
    }
}

/// A widget whose input has consequences an app reads: ``respond(to:at:)`` hands them all out
/// in one value, the same for every widget, instead of a call for each kind.
public protocol ReportingWidget: Widget {
    /// What the widget reports: ``TableEvent``, `ListEvent`, `PageChange`, …
    associatedtype Report
    /// What was reported since the last call, oldest first, once.
    mutating func takeReports() -> [Report]
    /// The errors met since the last call, oldest first, once.
    mutating func takeErrors() -> [any Error]
}

extension ReportingWidget {
    /// Handles `event` at `time` and returns everything it gave, once: what the widget used it
    /// for, its reports, the effects for the host and every error.
    public mutating func respond(to event: Event, at time: Double) -> Outcome<Report> {
        let result = handle(event, at: time)
        var effects: [Effect] = []
        takeEffects(into: &effects)
        return Outcome(result: result, reports: takeReports(), effects: effects, errors: takeErrors())
    }
}

/// A widget whose model is one state value, under the same name in every widget: a table's
/// `TableState`, a list's `ListState`, an outline's, a scroll view's `ScrollState`, a page
/// control's.
public protocol StatefulWidget: Widget {
    /// The state's type.
    associatedtype State
    /// The state the widget shows and changes.
    var state: State { get set }
}
