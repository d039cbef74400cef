// The example of the "Background work" article (Sources/ScrollworkWidgets/ScrollworkWidgets.docc),
// kept word for word between the markers (scripts/check-docs compares them) and run by
// BackgroundWorkExampleTests.

// BEGIN BACKGROUND WORK EXAMPLE
import Scrollwork
import ScrollworkWidgets

/// Counts the primes below a limit off the loop: Enter starts, Esc cancels, and the screen says
/// how far it is and then what it found, while it stays free to redraw and take keys.
struct Primes: WidgetApp {
    /// The work's key names the type of its result: it comes back typed, no cast.
    static let counting = WorkKey<Int>("primes")
    var limit = 2_000_000
    var content = Label("Enter counts the primes below 2,000,000 · Esc cancels")
    var wantsQuit = false

    /// Enter starts the count and Esc cancels it: each returns the work it asks of the host.
    mutating func handle(_ event: Event, at time: Double) -> [Effect] {
        switch event {
        case .key(KeyEvent(.enter)):
            let limit = self.limit
            content.text = "counting…"
            return [.work(.start(Work(Self.counting) { progress in
                var sieve = [Bool](repeating: true, count: limit), found = 0
                for n in 2..<limit where sieve[n] {
                    found += 1
                    for multiple in stride(from: n * n, to: limit, by: n) { sieve[multiple] = false }
                    // Now and then: how far it is, and false once cancelled.
                    if n % 4_096 == 0, !progress.report(Double(n) / Double(limit)) { return nil }
                }
                return found
            }))]
        case .key(KeyEvent(.escape)):
            content.text = "cancelled"
            return [.work(.cancel(Self.counting.id))]
        case let .work(update):
            if let fraction = update.progress(of: Self.counting) { content.text = "counting… \(Int(fraction * 100))%" }
            if let found = update.result(of: Self.counting) { content.text = "\(found) primes below \(limit)" }
            return []
        default:
            return handleContent(event, at: time).effects
        }
    }
}
// END BACKGROUND WORK EXAMPLE
