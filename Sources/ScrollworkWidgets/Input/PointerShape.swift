/// The pointer's shape over a part of a widget, as a desktop shows it: the resize arrows over a
/// column's divider, the hand over page dots and buttons, the I-beam over text one types or
/// selects. A window sets it as the pointer moves (a terminal has no say in its pointer).
public enum PointerShape: Sendable, Hashable {
    /// The arrow, over everything else.
    case arrow
    /// The pointing hand: something a click acts on at once (page dots, a link, a title bar button).
    case pointingHand
    /// The I-beam: text one types into or selects.
    case iBeam
    /// Left and right arrows: a divider that drags sideways (a column's width).
    case resizeLeftRight
    /// Up and down arrows: a divider that drags up and down.
    case resizeUpDown
}
