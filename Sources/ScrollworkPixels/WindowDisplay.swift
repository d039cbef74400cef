#if Window  // The pixel host is built with the package trait Window (Cairo, Pango and SDL2).
import CSDL2
import Scrollwork
import ScrollworkWidgets

/// SDL, a window open on the display and the way its frames reach it (``WindowSurface/Output``):
/// a GPU's renderer where there is one, the window's own pixels where OpenGL would run on the
/// CPU. Closing it (its end) closes the window and SDL. One is open at a time.
@safe package final class WindowDisplay {
    // Safe to hold: the window and renderer are SDL's, made in `init` and destroyed only when
    // this display ends; surfaces drawn through them keep it alive (`WindowSurface.owner`).
    /// The SDL window.
    package let window: OpaquePointer
    /// How frames reach the display.
    package let output: WindowSurface.Output
    /// True when presenting waits for the display's refresh (a GPU renderer's vsync).
    package let vsync: Bool
    private let renderer: OpaquePointer?

    /// Opens a window titled `title`, `width` × `height` window units, no smaller than
    /// `minimum`; with `texture` set, through SDL's software renderer's texture where the
    /// window's own pixels would serve (the window's way before it sent only what changed:
    /// the benchmark's baseline). Throws ``PixelError/window(reason:)`` when there is no
    /// display to open it on.
    package init(title: String, width: Int, height: Int, minimum: (width: Int, height: Int),
                 acceptsDroppedFiles: Bool = false, texture: Bool = false) throws(PixelError) {
        unsafe SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // The window's own pixels are the display's (X11's shared-memory image), not a texture
        // SDL would make of them and copy whole every frame.
        unsafe SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw .window(reason: PixelWindow.sdlError()) }
        // Set before the window opens: SDL tells the desktop whether it takes drops as it does.
        let dropping = acceptsDroppedFiles ? SDL_ENABLE : SDL_DISABLE
        for type in [SDL_DROPFILE, SDL_DROPTEXT, SDL_DROPBEGIN, SDL_DROPCOMPLETE] { SDL_EventState(type.rawValue, dropping) }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let window = unsafe SDL_CreateWindow(title, Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK), Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK),
                                            Int32(clamping: width), Int32(clamping: height), flags)
        else {
            let reason = PixelWindow.sdlError()
            SDL_Quit()
            throw .window(reason: reason)
        }
        unsafe WindowIcon.set(on: window)
        var renderer = unsafe SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        if let accelerated = unsafe renderer, unsafe PixelWindow.isSoftwareRasterizer(scrollwork_gl_renderer().map { unsafe String(cString: $0) }) {
            // OpenGL drawn by the CPU (Mesa's llvmpipe, as under Xvfb or without a GPU driver)
            // only adds a copy to our CPU-drawn frames, and its vsync can wait forever for a
            // server that has no display to sync with: the window's own pixels instead.
            unsafe SDL_DestroyRenderer(accelerated)
            unsafe renderer = nil
        }
        // After the renderer: an OpenGL renderer makes SDL create the window anew, without it.
        unsafe SDL_SetWindowMinimumSize(window, Int32(clamping: minimum.width), Int32(clamping: minimum.height))
        if unsafe renderer == nil, unsafe texture || !WindowSurface.canDrawOnPixels(of: window) {
            // Pixels Cairo cannot draw on: SDL's software renderer converts them.
            unsafe renderer = unsafe SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
            guard unsafe renderer != nil else {
                let reason = PixelWindow.sdlError()
                unsafe SDL_DestroyWindow(window)
                SDL_Quit()
                throw .window(reason: reason)
            }
        }
        unsafe self.window = unsafe window
        unsafe self.renderer = unsafe renderer
        var info = unsafe SDL_RendererInfo()
        if let renderer = unsafe renderer {
            output = unsafe .texture(renderer: renderer)
            unsafe SDL_GetRendererInfo(renderer, &info)
        } else {
            output = .windowPixels
        }
        vsync = unsafe info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    }

    deinit {
        if let renderer = unsafe renderer { unsafe SDL_DestroyRenderer(renderer) }
        unsafe SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// The window's surface as the window is now (after a resize, a new one).
    package func surface(requestedScale: Double?, metrics: CellMetrics, style: PixelStyle) throws(PixelError) -> WindowSurface {
        unsafe try WindowSurface(window: window, output: output, requestedScale: requestedScale, metrics: metrics, style: style, owner: self)
    }
}
#endif
