import ArgumentParser
import Glibc
import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// A search of a whole file as `/` in `scrollwork open` runs it (every core, from the start),
/// with nothing else around it: the workload to profile a search with, and its time beside
/// `grep -c` of the same text.
struct SearchFile: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search",
                                                    abstract: "Search a file for text as / does; print the first match's offset and the median time of the runs.")

    @Argument(help: "The file.")
    var path: String

    @Argument(help: "The text (lower case matches either case).")
    var text: String

    @Option(help: "How many times to search.")
    var runs = 5

    func run() throws {
        let file = try FileBytes(path: path)
        guard let search = TextSearch(text) else { throw ValidationError("the text is empty") }
        var times: [Double] = []
        var found: UInt64? = nil
        for _ in 0..<Swift.max(1, runs) {
            let start = Self.now()
            found = try search.first(in: file, from: 0, concurrently: .processors)
            times.append(Self.now() - start)
        }
        times.sort()
        print("\(found.map(String.init) ?? "not found") \(times[times.count / 2] * 1000) ms")
    }

    static func now() -> Double { MonotonicClock.now() }
}
