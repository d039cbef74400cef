// SDL2 for the window and its input (Debian: libsdl2-dev).
#include <SDL2/SDL.h>

// The OpenGL implementation behind the current context (glGetString(GL_RENDERER)), or NULL
// when no context is current: the window asks it to tell a software rasterizer from a GPU.
static inline const char *scrollwork_gl_renderer(void) {
    typedef const unsigned char *(*GetString)(unsigned int);
    if (SDL_GL_GetCurrentContext() == NULL) return NULL;
    GetString get = (GetString)SDL_GL_GetProcAddress("glGetString");
    return get == NULL ? NULL : (const char *)get(0x1F01);
}

#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>

// A rectangle of window pixels.
typedef struct { int x, y, width, height; } scrollwork_rect;

#if defined(SDL_VIDEO_DRIVER_X11)
// An X11 window's display connection and id, with libX11 loaded to call (as SDL loads it, when
// asked, so that nothing links it); close it with dlclose(library).
typedef struct { void *library; Display *display; Window window; } scrollwork_x11;

// Fills `x` for `window`; returns 0, or -1 when the window is not an X11 one or libX11 cannot
// be loaded.
static inline int scrollwork_x11_open(SDL_Window *window, scrollwork_x11 *x) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    x->library = dlopen("libX11.so.6", RTLD_LAZY);
    if (x->library == NULL) return -1;
    x->display = info.info.x11.display;
    x->window = info.info.x11.window;
    return 0;
}
#endif

// Moves pixels of `window` within itself on the X server, as a terminal moves rows with a scroll
// region: each row of the `width` x `height` area at `left`, `top` takes what the row `distance`
// further down showed (XCopyArea). The areas the server could not copy (their source was off
// screen or under another window) are written to `exposed`, up to `capacity`. Returns how many
// there were (more than `capacity`: send the whole area), or -1 when the window is not an X11
// one or libX11 cannot be loaded (it is loaded when asked, as SDL loads it, so that nothing
// links it): then nothing was moved.
static inline int scrollwork_x11_move(SDL_Window *window, int left, int top, int width, int height, int distance,
                                      scrollwork_rect *exposed, int capacity) {
#if defined(SDL_VIDEO_DRIVER_X11)
    scrollwork_x11 x;
    if (scrollwork_x11_open(window, &x) != 0) return -1;
    void *x11 = x.library;
    typedef GC (*CreateGC)(Display *, Drawable, unsigned long, XGCValues *);
    typedef int (*SetGraphicsExposures)(Display *, GC, Bool);
    typedef int (*CopyArea)(Display *, Drawable, Drawable, GC, int, int, unsigned, unsigned, int, int);
    typedef int (*FreeGC)(Display *, GC);
    typedef int (*Sync)(Display *, Bool);
    typedef Bool (*CheckTypedWindowEvent)(Display *, Window, int, XEvent *);
    CreateGC createGC = (CreateGC)dlsym(x11, "XCreateGC");
    SetGraphicsExposures setExposures = (SetGraphicsExposures)dlsym(x11, "XSetGraphicsExposures");
    CopyArea copyArea = (CopyArea)dlsym(x11, "XCopyArea");
    FreeGC freeGC = (FreeGC)dlsym(x11, "XFreeGC");
    Sync sync = (Sync)dlsym(x11, "XSync");
    CheckTypedWindowEvent check = (CheckTypedWindowEvent)dlsym(x11, "XCheckTypedWindowEvent");
    if (!createGC || !setExposures || !copyArea || !freeGC || !sync || !check) { dlclose(x11); return -1; }
    Display *display = x.display;
    Window drawable = x.window;
    GC gc = createGC(display, drawable, 0, NULL);
    setExposures(display, gc, True);
    copyArea(display, drawable, drawable, gc, left, top + distance, (unsigned)width, (unsigned)height, left, top);
    freeGC(display, gc);
    // Once the server has copied, it has said which parts it could not (GraphicsExpose) or that
    // it copied all (NoExpose).
    sync(display, False);
    int count = 0;
    XEvent event;
    while (check(display, drawable, GraphicsExpose, &event)) {
        if (count < capacity) {
            exposed[count] = (scrollwork_rect){ event.xgraphicsexpose.x, event.xgraphicsexpose.y,
                                                event.xgraphicsexpose.width, event.xgraphicsexpose.height };
        }
        count++;
    }
    while (check(display, drawable, NoExpose, &event)) {}
    dlclose(x11);
    return count;
#else
    (void)window; (void)left; (void)top; (void)width; (void)height; (void)distance; (void)exposed; (void)capacity;
    return -1;
#endif
}

// Reads `window`'s pixels as the X server shows them (XGetImage) into `pixels`, `width` x
// `height` 32-bit words from the top-left corner, a row after another: what a test compares with
// what the window drew. Returns 0, or -1 when the window is not an X11 one, libX11 cannot be
// loaded, or the server gives no 32-bit image.
static inline int scrollwork_x11_read(SDL_Window *window, int width, int height, unsigned int *pixels) {
#if defined(SDL_VIDEO_DRIVER_X11)
    scrollwork_x11 x;
    if (scrollwork_x11_open(window, &x) != 0) return -1;
    void *x11 = x.library;
    typedef XImage *(*GetImage)(Display *, Drawable, int, int, unsigned, unsigned, unsigned long, int);
    typedef int (*Sync)(Display *, Bool);
    GetImage getImage = (GetImage)dlsym(x11, "XGetImage");
    Sync sync = (Sync)dlsym(x11, "XSync");
    if (!getImage || !sync) { dlclose(x11); return -1; }
    sync(x.display, False);
    XImage *image = getImage(x.display, x.window, 0, 0, (unsigned)width, (unsigned)height, ~0UL, ZPixmap);
    int result = -1;
    if (image != NULL) {
        if (image->bits_per_pixel == 32) {
            for (int y = 0; y < height; y++)
                for (int x = 0; x < width; x++)
                    pixels[y * width + x] = *(unsigned int *)(image->data + y * image->bytes_per_line + x * 4);
            result = 0;
        }
        image->f.destroy_image(image);
    }
    dlclose(x11);
    return result;
#else
    (void)window; (void)width; (void)height; (void)pixels;
    return -1;
#endif
}
