/// Whose keys an app follows, as its host says: a terminal program's (Ctrl-C quits, Alt+C
/// copies, q quits, ] [ change pages) or a desktop app's (Ctrl+C copies, Ctrl+Q quits,
/// Ctrl+Tab and Ctrl+Page Down change pages, Tab only moves focus). An app keeps a command table
/// for each and reads the one its host asks for; the commands are the same.
public enum KeyConvention: Sendable, Hashable {
    /// A terminal program's keys.
    case terminal
    /// A desktop app's keys, in a window.
    case desktop
}
