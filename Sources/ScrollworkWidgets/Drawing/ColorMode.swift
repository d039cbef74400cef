/// How many colours the terminal can show, decided from its environment.
public enum ColorMode: String, Sendable, Hashable, CaseIterable {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case trueColor
    /// The xterm 256-colour palette (`TERM` ends in `256color`).
    case palette256
    /// The 16 ANSI colours.
    case ansi16
    /// No colour at all (`NO_COLOR` is set): selection and focus use reverse video and bold.
    case none

    /// The mode the environment asks for.
    ///
    /// `NO_COLOR` (any non-empty value, per no-color.org) wins over everything else; then
    /// `COLORTERM`, then `TERM`.
    public static func detect(environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = environment["TERM"]?.lowercased() ?? ""
        if term.hasSuffix("256color") || term.contains("-256") { return .palette256 }
        if term == "dumb" || term.isEmpty { return .none }
        return .ansi16
    }
}
