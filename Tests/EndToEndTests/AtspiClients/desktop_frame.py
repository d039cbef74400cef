# The gallery in a window with and without a window manager (session.sh starts the one
# WINDOW_MANAGER names): framed by one, whose title bar names the window, the gallery draws no
# title bar of its own and its table starts at the window's top; on a bare X server it draws its
# own, with the page's title and its buttons. Run by session.sh with --page table --window;
# prints one line a check and exits 1 if any failed.
import os, sys
import pyatspi
from atspi_check import check, status, eventually, find_app, find

framed = bool(os.environ.get('WINDOW_MANAGER'))
app = find_app('scrollwork')
check(app is not None, 'the application is called scrollwork')
if app is None: sys.exit(1)
window = lambda: app.getChildAtIndex(0)
table = lambda: find(window(), lambda x: x.getRoleName() == 'table')
buttons = lambda: [x.name for x in [find(window(), lambda x: x.getRoleName() == 'push button' and x.name == 'Help')] if x is not None]
def top_gap():
    w = window().queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    t = table().queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return t.y - w.y
check(eventually(lambda: table() is not None), 'the window shows the table')
if framed:
    check(eventually(lambda: not buttons() and top_gap() < 8), "the table starts at the window's top, no Help button over it: %d pixels down, %r" % (top_gap(), buttons()))
    check(window().name == 'Table - Scrollwork', 'the window manager shows the title: %r' % window().name)
else:
    check(eventually(lambda: buttons() == ['Help'] and top_gap() >= 24), "the gallery's own title bar, with its Help button, over the table: %d pixels" % top_gap())
sys.exit(status())
