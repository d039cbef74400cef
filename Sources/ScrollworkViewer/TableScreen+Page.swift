import Scrollwork
import ScrollworkWidgets

// A table screen as a page of the viewer's navigation stack.
extension TableScreen {
    /// Takes `event` (news of work included) and returns what it caused: the work to start or
    /// cancel, and what it asks of the viewer (back, quit, its row shown whole, the table
    /// changed under it). News of another page's work is left unused.
    mutating func reply(to event: Event, at time: Double) -> Reply<ViewerRequest> {
        var reports: [ViewerRequest] = [], result = EventResult.handled
        if case let .work(update) = event {
            if handleWork(update, at: time) {
                if let change = connection.schemaChanged { reports.append(.schemaChanged(change)) }
            } else {
                result = .ignored
            }
        } else {
            switch handle(event, at: time) {
            case .back?: reports.append(.back)
            case .quit?: reports.append(.quit)
            case nil: break
            }
        }
        if let record = recordToShow {
            reports.append(.show(record))
            recordToShow = nil
        }
        return Reply(result, reports: reports, effects: takeEffects())
    }
}
