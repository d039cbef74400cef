import Scrollwork

/// Everything one call to a widget caused, returned by the call that caused it: whether the
/// widget used the event, what it reports to its owner (its typed events), what it asks of the
/// host (``Effect``s) and every error it met.
///
/// A reply is a return value, not a mailbox read later: the compiler warns where one is
/// dropped, and a group passes its children's on in the reply it returns, so a table deep in a
/// page starts its sort without anyone forwarding it.
///
/// ```swift
/// let reply = table.handle(event, at: time)
/// for case let .headingClicked(column) in reply.reports { … }
/// effects += reply.effects
/// ```
public struct Reply<Report> {
    /// Whether the widget used the event (``EventResult/ignored`` for a tick).
    public var result: EventResult
    /// What the widget reports, oldest first: a table's heading clicks and activations, a
    /// page control's page changes, a text field's edits.
    public var reports: [Report]
    /// What the host must do, in order: copies, work, status.
    public var effects: [Effect]
    /// Every error the widget met, oldest first (none is dropped for a later one).
    public var errors: [any Error]

    /// A reply of `result` with what was reported.
    @inlinable
    public init(_ result: EventResult = .ignored, reports: [Report] = [], effects: [Effect] = [], errors: [any Error] = []) {
        self.result = result
        self.reports = reports
        self.effects = effects
        self.errors = errors
    }

    /// Nothing used, nothing caused.
    @inlinable public static var ignored: Reply { Reply(.ignored) }
    /// Used, with nothing more to say.
    @inlinable public static var handled: Reply { Reply(.handled) }

    /// True when the widget used the event.
    @inlinable public var isHandled: Bool { result.isHandled }

    /// True when the reply carries nothing: no reports, effects or errors.
    @inlinable public var isEmpty: Bool {
        // `count`, not `isEmpty`: in code not specialised for `Report` (a group's children are
        // reached through their type-erased access), `isEmpty` looks up the array's conformance
        // to `Collection` at run time, some 900 instructions a reply.
        reports.count == 0 && effects.count == 0 && errors.count == 0
    }

    /// Adds a report.
    @inlinable public mutating func report(_ report: Report) { reports.append(report) }
    /// Adds a request to the host.
    @inlinable public mutating func ask(_ effect: Effect) { effects.append(effect) }
    /// Adds an error.
    @inlinable public mutating func fail(_ error: any Error) { errors.append(error) }

    /// Takes in `other`: its reports, effects and errors after this reply's, and handled when
    /// either was.
    @inlinable
    public mutating func merge(_ other: Reply) {
        if other.result.isHandled { result = .handled }
        // Nearly every reply of a frame is empty: nothing is appended then.
        if other.reports.count != 0 { reports += other.reports }
        if !other.effects.isEmpty { effects += other.effects }
        if !other.errors.isEmpty { errors += other.errors }
    }

    /// The same reply with each report made another type by `transform`.
    @inlinable
    public func map<T>(_ transform: (Report) -> T) -> Reply<T> {
        Reply<T>(result, reports: reports.map(transform), effects: effects, errors: errors)
    }

    /// The same reply without its reports, as another widget's reply: what a widget returns for
    /// a child whose reports it has read (its result, effects and errors go on).
    @inlinable
    public func passingOn<T>(as type: T.Type = T.self) -> Reply<T> {
        Reply<T>(result, effects: effects, errors: errors)
    }

    /// The same reply with its result set to `result`.
    @inlinable
    public func with(_ result: EventResult) -> Reply {
        var copy = self
        copy.result = result
        return copy
    }
}

/// A report of a group's child, kept with the child that made it: ``WidgetGroup`` routing
/// returns its children's reports this way, and ``Reply/reports(from:)`` gives one child's back
/// in its own type.
public struct ChildReport {
    /// The child's key path into its group.
    public let child: AnyKeyPath
    /// The report, of the child's ``Widget/Report`` type.
    public let report: Any

    /// `report`, made by the child at `child`.
    @inlinable
    public init(child: AnyKeyPath, report: Any) {
        self.child = child
        self.report = report
    }
}

extension Reply where Report == ChildReport {
    /// What the child at `path` reported, in its own type, oldest first.
    @inlinable
    public func reports<Root, W: Widget>(from path: WritableKeyPath<Root, W>) -> [W.Report] { reports.reports(from: path) }
}

extension Array where Element == ChildReport {
    /// What the child at `path` reported, in its own type, oldest first: for reports gathered
    /// from several replies.
    @inlinable
    public func reports<Root, W: Widget>(from path: WritableKeyPath<Root, W>) -> [W.Report] {
        compactMap { $0.child == path ? $0.report as? W.Report : nil }
    }
}
