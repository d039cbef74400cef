import ScrollworkWidgets
/// Why the terminal could not be used.
public enum TerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, CI).
    case notATerminal
    /// `TERM` is `dumb` or unset: the terminal cannot move the cursor or draw a screen.
    case dumbTerminal(String)
    /// A system call failed.
    case system(String, Int32)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .notATerminal:
            return "scrollwork needs an interactive terminal: standard input and output must be a terminal, not a pipe or a file. Try `scrollwork snapshot PAGE` to print a frame instead."
        case let .dumbTerminal(term):
            return "the terminal type \(term.isEmpty ? "(unset)" : "'\(term)'") cannot draw a full screen; run scrollwork in an xterm-compatible terminal (TERM=xterm-256color, for example)."
        case let .system(call, code):
            return "\(call) failed with error \(code)"
        }
    }
}
