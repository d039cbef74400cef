/// What a widget or an app asks its host to do, returned by the call that caused it (a widget's
/// ``Reply``, an ``App``'s `handle`, `tick` and `render`) and carried out by the ``Driver``.
public enum Effect: Sendable {
    /// Put this text on the system clipboard (OSC 52 in a terminal, the window system's clipboard
    /// in a window).
    case copy(String)
    /// Offer this text, just selected, as what a middle click pastes: the window system's
    /// primary selection, which a desktop app sets whenever a person selects text; a terminal
    /// leaves it (its own selection is its person's, made with the terminal's mouse).
    case select(String)
    /// Start or cancel work off the loop; its updates come back as ``Event/work(_:)``.
    case work(WorkRequest)
    /// A line about what just happened ("sorted by Size ▲ · 302 ms"), for an app that draws its
    /// own status line to take from its children's effects. Hosts leave it: a terminal's title
    /// is its person's, a window's names the document.
    case status(String)
    /// Name the window this, as its window manager's title bar shows it ("Table - Scrollwork");
    /// a terminal keeps the title its person gave it.
    case title(String)
    /// End the program (a viewer's q, deep in a page): the host stops its loop as it does when
    /// the app's `wantsQuit` turns true.
    case quit
}
