// libdbus (Debian: libdbus-1-dev) for the window's accessibility bridge, which speaks AT-SPI 2
// to screen readers over D-Bus.
#include <dbus/dbus.h>
