/// Input a page control cannot act on, with what was wrong and what is allowed.
public enum PageControlError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A page count below zero.
    case negativePageCount(Int)
    /// A progress, duration, coordinate or time that is NaN or infinite.
    case notFinite(parameter: String, value: Double)
    /// A per-page image or duration for a page that does not exist.
    case pageOutOfRange(page: Int, numberOfPages: Int)
    /// A duration of zero or less.
    case nonPositiveDuration(Double)

    /// A sentence that says what was wrong and what is allowed.
    public var description: String {
        switch self {
        case let .negativePageCount(n):
            return "numberOfPages \(n) is negative; a page control has 0 or more pages"
        case let .notFinite(parameter, value):
            return "\(parameter) is \(value); it must be a finite number"
        case let .pageOutOfRange(page, count):
            return "page \(page) does not exist; pages run from 0 to \(count - 1) (\(count) pages)"
        case let .nonPositiveDuration(d):
            return "duration \(d) is not allowed; a page duration must be greater than 0 seconds"
        }
    }
}

@inline(__always)
func requirePageFinite(_ value: Double, _ name: @autoclosure () -> String) throws(PageControlError) {
    guard value.isFinite else { throw .notFinite(parameter: name(), value: value) }
}
