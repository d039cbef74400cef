// Cairo for drawing and PNG output, Pango for shaping text onto it (Debian: libcairo2-dev, libpango1.0-dev).
#include <cairo.h>
#include <pango/pangocairo.h>
