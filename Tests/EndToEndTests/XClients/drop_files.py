"""A file manager's drag and drop, reduced to the X protocol (XDND, version 5): drags files onto
a window and drops them there, as Nautilus or Thunar would, and reports how it ended.

    drop_files.py WINDOW PATH...     (DISPLAY says which X server)

Prints "refused" and exits 3 when the window is not XdndAware (it takes no drops), "accepted"
and exits 0 once the window has asked for the files and said it finished, "gone" and exits 4
when there is no such window (an app replaced it), and exits 1 with a reason otherwise.
Debian's python3 with python3-xlib.
"""
import sys
import time
import urllib.parse

from Xlib import X, Xatom, display, error
from Xlib.protocol import event

TIMEOUT = 10.0


def main():
    window_id = int(sys.argv[1], 0)
    paths = sys.argv[2:]
    d = display.Display()
    atom = lambda name: d.intern_atom(name)
    target = d.create_resource_object("window", window_id)
    try:
        aware = target.get_full_property(atom("XdndAware"), X.AnyPropertyType)
    except (error.BadWindow, error.BadMatch):
        print("gone")
        return 4
    if aware is None:
        print("refused")
        return 3
    version = min(5, aware.value[0])
    # The source: a window of our own that owns the drag's selection.
    source = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    source.set_selection_owner(atom("XdndSelection"), X.CurrentTime)
    uri_list = atom("text/uri-list")
    payload = "".join("file://" + urllib.parse.quote(p) + "\r\n" for p in paths).encode()

    def send(name, data):
        message = event.ClientMessage(window=target, client_type=atom(name), data=(32, data))
        target.send_event(message, event_mask=0)
        d.flush()

    geometry = target.get_geometry()
    origin = target.translate_coords(d.screen().root, 0, 0)
    x, y = -origin.x + geometry.width // 2, -origin.y + geometry.height // 2
    send("XdndEnter", [source.id, version << 24, uri_list, 0, 0])
    send("XdndPosition", [source.id, 0, (x << 16) | y, X.CurrentTime, atom("XdndActionCopy")])
    accepted, asked, finished = None, False, False
    end = time.time() + TIMEOUT
    while time.time() < end and not finished:
        if not d.pending_events():
            time.sleep(0.02)
            continue
        e = d.next_event()
        if e.type == X.ClientMessage and e.client_type == atom("XdndStatus"):
            accepted = bool(e.data[1][1] & 1)
            if not accepted:
                break
            send("XdndDrop", [source.id, 0, X.CurrentTime, 0, 0])
        elif e.type == X.SelectionRequest:
            # The window asks for the files: the list of URIs goes in the property it names.
            requestor = e.requestor
            prop = e.property if e.property != X.NONE else e.target
            if e.target == uri_list:
                requestor.change_property(prop, uri_list, 8, payload)
                asked = True
            else:
                prop = X.NONE
            reply = event.SelectionNotify(time=e.time, requestor=requestor, selection=e.selection, target=e.target, property=prop)
            requestor.send_event(reply, event_mask=0)
            d.flush()
        elif e.type == X.ClientMessage and e.client_type == atom("XdndFinished"):
            finished = True
    if accepted is False:
        print("the window answered XdndStatus without accepting the drop")
        return 1
    if not asked:
        print("the window never asked for the files (accepted: %s)" % accepted)
        return 1
    print("accepted" if finished else "the window took the files but never said it finished")
    return 0 if finished else 1


if __name__ == "__main__":
    sys.exit(main())
