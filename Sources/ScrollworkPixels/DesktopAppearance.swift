#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollworkWidgets

/// The desktop's choice between light and dark, as a GTK application finds it: `GTK_THEME`
/// first (a theme name ending in `:dark` is dark; any other theme named is light), then the XDG
/// desktop portal's `org.freedesktop.appearance color-scheme` (1 prefers dark, 2 prefers light,
/// 0 says nothing). With neither, there is no preference, and a window is light, as GTK's and
/// macOS's are by default.
public enum DesktopAppearance {
    /// The appearance `environment` and the portal's reply (`gdbus`'s printed answer, or nil)
    /// ask for; nil when neither says.
    public static func preferred(environment: [String: String], portalReply: String?) -> Appearance? {
        if let theme = environment["GTK_THEME"], !theme.isEmpty {
            return theme.lowercased().hasSuffix(":dark") ? .dark : .light
        }
        return portalReply.flatMap(colorScheme(fromPortalReply:))
    }

    /// The appearance in a reply of the portal's `Settings.Read` or `ReadOne` as `gdbus` prints
    /// it (`(<<uint32 1>>,)`, `(<uint32 2>,)`); nil for 0, any other value, or another reply.
    static func colorScheme(fromPortalReply reply: String) -> Appearance? {
        guard let found = reply.firstRange(of: "uint32 ") else { return nil }
        switch reply[found.upperBound...].prefix(while: \.isNumber) {
        case "1": return .dark
        case "2": return .light
        default: return nil
        }
    }

    /// The desktop's appearance now: ``preferred(environment:portalReply:)`` with the portal asked
    /// through `gdbus` when there is a session bus.
    public static func current(environment: [String: String]) -> Appearance? {
        preferred(environment: environment, portalReply: environment["GTK_THEME"] == nil ? readPortal(environment: environment) : nil)
    }

    /// The portal's `color-scheme` as `gdbus` prints it, or nil when there is no session bus, no
    /// `gdbus`, or no answer within its one-second timeout. Without `DBUS_SESSION_BUS_ADDRESS`
    /// nothing is started: `gdbus` would try to launch a bus of its own.
    static func readPortal(environment: [String: String]) -> String? {
        Portal.call(method: "Read", arguments: ["org.freedesktop.appearance", "color-scheme"], environment: environment)
    }
}
#endif
