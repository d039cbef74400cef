import Scrollwork

/// The point size of each ``FontRole`` on a platform: Apple's default ("Large") Dynamic Type
/// sizes for iOS, tvOS, visionOS and watchOS, and AppKit's standard control sizes for macOS
/// (docs/metrics.md gives the sources).
public struct TypeScale: Sendable, Hashable {
    /// The point size of each role, indexed by `FontRole.rawValue`; a role past its end has
    /// size 0, and a value that is not a finite number ≥ 0 counts as 0.
    public var sizes: [Double]

    /// The sizes of each role (monospaced digits and monospaced text take the body's size; a
    /// pixel host sets monospaced text in its cells' size instead).
    public init(body: Double, headline: Double, footnote: Double, largeTitle: Double, title: Double) {
        sizes = [body, headline, footnote, body, largeTitle, title, body]
    }

    /// The size of `role` (0 when ``sizes`` has none for it or it is not a finite number ≥ 0).
    public func size(_ role: FontRole) -> Double {
        guard role.rawValue < sizes.count else { return 0 }
        let size = sizes[role.rawValue]
        return size.isFinite && size >= 0 ? size : 0
    }

    /// The platform's sizes (docs/metrics.md): body 17 pt on iOS and visionOS, 13 on macOS,
    /// 29 on tvOS, 16 on watchOS.
    public static func standard(for idiom: ScrollIdiom) -> TypeScale {
        switch idiom {
        case .iOS, .visionOS: TypeScale(body: 17, headline: 17, footnote: 13, largeTitle: 34, title: 28)
        case .macOS: TypeScale(body: 13, headline: 13, footnote: 11, largeTitle: 26, title: 22)
        case .tvOS: TypeScale(body: 29, headline: 38, footnote: 23, largeTitle: 76, title: 57)
        case .watchOS: TypeScale(body: 16, headline: 16, footnote: 13, largeTitle: 32, title: 26)
        }
    }
}
