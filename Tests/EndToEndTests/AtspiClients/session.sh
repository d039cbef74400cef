#!/bin/sh
# Runs a screen reader's side against scrollwork in a window, on a desktop of its own: an X
# server, the accessibility bus and its registry, as a GNOME session has them. Run it under
# `dbus-run-session`, which gives the session bus.
#
# usage: session.sh SCROLLWORK CLIENT.py [ARGUMENTS FOR SCROLLWORK...]
# Exits with the client's status; on failure prints what the app wrote.
set -u
app=$1 client=$2
shift 2
work=$(mktemp -d)
pids=""
finish() {
    for pid in $pids; do pkill -P "$pid" 2>/dev/null; kill "$pid" 2>/dev/null; done
    rm -rf "$work"
}
trap finish EXIT
# Background programs never write to our output: the test reading it would wait for them.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$work/display" >/dev/null 2>&1 &
pids="$pids $!"
for _ in $(seq 200); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || { echo "Xvfb did not start"; exit 2; }
DISPLAY=":$(head -n 1 "$work/display")"
export DISPLAY
# A window manager when WINDOW_MANAGER names one (openbox): it frames the window with a title bar.
if [ -n "${WINDOW_MANAGER:-}" ]; then
    "$WINDOW_MANAGER" >/dev/null 2>&1 &
    pids="$pids $!"
    for _ in $(seq 200); do
        xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id" && break
        sleep 0.1
    done
fi
/usr/libexec/at-spi-bus-launcher --launch-immediately --a11y=1 >/dev/null 2>&1 &
pids="$pids $!"
address=""
for _ in $(seq 200); do
    address=$(dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress 2>/dev/null |
        sed -n 's/.*string "\(.*\)"/\1/p')
    [ -n "$address" ] && break
    sleep 0.1
done
[ -n "$address" ] || { echo "the accessibility bus did not start"; exit 2; }
AT_SPI_BUS_ADDRESS=$address
export AT_SPI_BUS_ADDRESS
/usr/libexec/at-spi2-registryd >/dev/null 2>&1 &
pids="$pids $!"
# A desktop portal that says what FAKE_PORTAL holds, when it is set (fake_portal.py).
if [ -n "${FAKE_PORTAL:-}" ]; then
    /usr/bin/python3 "$(dirname "$0")/fake_portal.py" >/dev/null 2>&1 &
    pids="$pids $!"
    for _ in $(seq 200); do
        dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner \
            string:org.freedesktop.portal.Desktop 2>/dev/null | grep -q "boolean true" && break
        sleep 0.1
    done
fi
# The app finds the accessibility bus through the session bus, as it does on a desktop.
env -u AT_SPI_BUS_ADDRESS SDL_VIDEODRIVER=x11 "$app" "$@" >"$work/app.log" 2>&1 &
pids="$pids $!"
/usr/bin/python3 "$client"
status=$?
if [ "$status" -ne 0 ]; then
    echo "--- what the app wrote:"
    cat "$work/app.log"
fi
exit "$status"
