import ScrollworkWidgets

/// A one-widget app for the terminal host's tests.
struct Harness<Content: Widget>: WidgetApp {
    var content: Content
    var wantsQuit = false
}
