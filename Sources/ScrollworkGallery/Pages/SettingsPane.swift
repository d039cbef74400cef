import Scrollwork
import ScrollworkWidgets

/// A page of the list page's settings stack: the settings list at the root, or the detail view
/// of a row drilled into. Each case is the widget it holds.
enum SettingsPane: Widget {
    case list(ListView<String>)
    case detail(DetailPane)


    /// `body` on the widget the case holds, which is then put back.
    private mutating func each<T>(_ list: (inout ListView<String>) -> T, _ detail: (inout DetailPane) -> T) -> T {
        switch self {
        case var .list(view):
            let result = list(&view)
            self = .list(view)
            return result
        case var .detail(pane):
            let result = detail(&pane)
            self = .detail(pane)
            return result
        }
    }

    /// Draws in `theme` from now on.
    mutating func retheme(_ theme: Theme) { each({ $0.theme = theme }, { $0.theme = theme }) }

    mutating func render(in area: Rect, into canvas: inout Canvas, at time: Double) {
        each({ $0.render(in: area, into: &canvas, at: time) }, { $0.render(in: area, into: &canvas, at: time) })
    }
    /// The list's reply; a detail view's, whose Done is a sheet's alone, reports nothing here.
    mutating func handle(_ event: Event, at time: Double) -> Reply<ListEvent> {
        each({ $0.handle(event, at: time) }, { $0.handle(event, at: time).passingOn() })
    }
    mutating func overscroll(_ mouse: MouseEvent, at time: Double) {
        each({ $0.overscroll(mouse, at: time) }, { $0.overscroll(mouse, at: time) })
    }
    mutating func tick(at time: Double) -> Reply<ListEvent> { each({ $0.tick(at: time) }, { $0.tick(at: time).passingOn() }) }
    mutating func appear(at time: Double) { each({ $0.appear(at: time) }, { $0.appear(at: time) }) }
    var isAnimating: Bool { mutating get { each({ $0.isAnimating }, { $0.isAnimating }) } }
    var wakeTime: Double? { mutating get { each({ $0.wakeTime }, { $0.wakeTime }) } }
    mutating func pointerShape(at point: Point) -> PointerShape { each({ $0.pointerShape(at: point) }, { $0.pointerShape(at: point) }) }
    var frame: Rect { mutating get { each({ $0.frame }, { $0.frame }) } }
    var cursorPosition: Point? { mutating get { each({ $0.cursorPosition }, { $0.cursorPosition }) } }
    var accessibility: AccessibilityElement? { mutating get { each({ $0.accessibility }, { $0.accessibility }) } }
    var diagnostics: [Diagnostic] { mutating get { each({ $0.diagnostics }, { $0.diagnostics }) } }
}
