// SDL2 for the window and its input (Debian: libsdl2-dev).
#include <SDL.h>
