#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
/// Why the pixel host could not do what was asked.
public enum PixelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Cairo could not make an image of this size (each side must be 1…16,384 pixels).
    case imageSize(width: Int, height: Int)
    /// Writing the PNG failed, with Cairo's reason.
    case pngWrite(path: String, reason: String)
    /// Reading a PNG failed, with Cairo's reason.
    case pngRead(path: String, reason: String)
    /// SDL could not open the window, with SDL's reason (no display, no video driver).
    case window(reason: String)

    /// What went wrong and what is allowed.
    public var description: String {
        switch self {
        case let .imageSize(width, height):
            return "an image of \(width) × \(height) pixels cannot be made; each side must be 1 to \(PixelImage.maximumSide) pixels"
        case let .pngWrite(path, reason): return "could not write the PNG '\(path)': \(reason)"
        case let .pngRead(path, reason): return "could not read the PNG '\(path)': \(reason)"
        case let .window(reason): return "could not open a window: \(reason)"
        }
    }
}
#endif
