import ArgumentParser

/// What a `scrollwork` built without the pixel host (the package trait `Window`) says when asked
/// for a window or a PNG.
enum PixelHost {
    /// What to install and how to build, said when the pixel host is asked for but not built in.
    static let howToGetIt = "scrollwork: this scrollwork was built without the pixel host (--window, snapshot --png). "
        + "Install Cairo, Pango, SDL2 and libdbus (apt-get install libcairo2-dev libpango1.0-dev libsdl2-dev libdbus-1-dev) "
        + "and build with them: swift run --traits Window scrollwork --window"

    /// Says ``howToGetIt`` and gives the exit status for it (2, as for a missing display).
    static func missing() -> ExitCode {
        printError(howToGetIt)
        return ExitCode(2)
    }
}
