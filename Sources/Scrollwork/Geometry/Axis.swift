/// One of the two directions content can scroll in.
public enum Axis: Sendable, Hashable, CaseIterable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical

    /// The other axis.
    public var cross: Axis { self == .horizontal ? .vertical : .horizontal }

    /// A set of axes, such as the directions a scroll view scrolls in.
    public struct Set: OptionSet, Sendable, Hashable {
        /// The raw bit mask.
        public let rawValue: UInt8
        /// Creates a set from its bit mask.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Just the horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// Just the vertical axis.
        public static let vertical = Set(rawValue: 2)
        /// Both axes.
        public static let both: Set = [.horizontal, .vertical]

        /// The set holding one axis.
        public init(_ axis: Axis) { self = axis == .horizontal ? .horizontal : .vertical }
        /// True when the set holds `axis`.
        public func contains(_ axis: Axis) -> Bool { contains(Set(axis)) }
        /// The axes in the set, horizontal first.
        public var axes: [Axis] { Axis.allCases.filter { contains($0) } }
    }
}
