import Scrollwork

/// A widget whose model is one state value, under the same name in every widget: a table's
/// `TableState`, a list's `ListState`, an outline's, a scroll view's `ScrollState`, a page
/// control's.
public protocol StatefulWidget: Widget {
    /// The state's type.
    associatedtype State
    /// The state the widget shows and changes.
    var state: State { get set }
}
