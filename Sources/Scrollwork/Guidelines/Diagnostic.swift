/// A finding that a configuration goes against one of the Human Interface Guidelines.
///
/// Components report diagnostics instead of refusing a configuration: the guidelines say
/// "avoid", not "never", and a host decides whether to show, log or fail on them.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How strongly the guideline speaks.
    public enum Severity: Sendable, Hashable, Comparable {
        /// Worth a look: the guideline advises against it.
        case warning
        /// The configuration cannot work as intended on this idiom.
        case error
    }

    /// The guideline ID from `GUIDELINES.md`, such as `SV-04`.
    public var guideline: String
    /// What is wrong and what to do instead.
    public var message: String
    /// How strongly the guideline speaks.
    public var severity: Severity

    /// Creates a diagnostic.
    public init(_ guideline: String, _ message: String, severity: Severity = .warning) {
        self.guideline = guideline
        self.message = message
        self.severity = severity
    }

    /// `SV-04 warning: …`.
    public var description: String { "\(guideline) \(severity): \(message)" }
}
