import ArgumentParser
import Scrollwork

/// The `scrollwork` command: the gallery of scroll views, lists, tables and page controls.
@main
struct ScrollworkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrollwork",
        abstract: "Scroll views, lists, tables and page controls that follow Apple's Human Interface Guidelines, in the terminal.",
        version: scrollworkVersion
    )

    func run() throws {
        print("Scrollwork \(scrollworkVersion): the gallery is not built yet. Run `scrollwork --help` for what exists.")
    }
}
