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
