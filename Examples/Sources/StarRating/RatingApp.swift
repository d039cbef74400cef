import ScrollworkWidgets

/// The rating on a screen of its own; q quits.
struct RatingApp: WidgetApp {
    var content = StarRating()
    var wantsQuit = false
    var quitKeys = [KeyEvent(.character("q")), KeyEvent(.character("c"), .control)]
}
