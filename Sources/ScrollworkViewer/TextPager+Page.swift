import Scrollwork
import ScrollworkWidgets

// The pager as a page of the viewer's navigation stack.
extension TextPager {
    /// Takes `event` and returns what it caused. Opened from a folder's listing (its status line
    /// says how to go back), Esc it has no use for (no prompt, menu or search) and ⌫ outside its
    /// prompt go back; news of work goes on down the stack after the pager has read it.
    mutating func reply(to event: Event, at time: Double) -> Reply<ViewerRequest> {
        if case .work = event { return Reply(.ignored, effects: handle(event, at: time)) }
        if source.backHint != nil, field == nil, case let .key(key) = event, let command = ViewerKeys.openedFromListing.command(for: key),
           command == .back || (command == .cancel && menu == nil && !search.isRunning) {
            return Reply(.handled, reports: [.back])
        }
        let effects = handle(event, at: time)
        return Reply(.handled, reports: wantsQuit ? [.quit] : [], effects: effects)
    }
}
