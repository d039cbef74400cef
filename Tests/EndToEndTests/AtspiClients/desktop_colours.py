# The desktop turning dark while the window is open: the brightness of the gallery's table,
# read off the screen (ImageMagick's import) at the right end of its first row, before
# ("brightness before: N") and after ("brightness after: N") the fake portal takes
# FAKE_PORTAL_NEXT's settings over and says so (SIGUSR1). Run by session.sh with FAKE_PORTAL and
# FAKE_PORTAL_NEXT set; pyatspi finds where the row is.
import re
import subprocess
import sys
import pyatspi
from atspi_check import check, status, eventually, find_app, find

def point():
    """A point on screen inside the table's first row, at its right end, past its text."""
    table = find(app.getChildAtIndex(0), lambda x: x.getRoleName() == 'table')
    row = table.queryTable().getAccessibleAt(0, 0).parent
    box = row.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return box.x + box.width - 4, box.y + box.height // 2

def brightness():
    """The mean of the red, green and blue of the pixel at point(), 0 to 255."""
    x, y = point()
    out = subprocess.run(['import', '-window', 'root', '-crop', '1x1+%d+%d' % (x, y), '-depth', '8', 'txt:-'], capture_output=True, text=True).stdout
    found = re.search(r'\((\d+),(\d+),(\d+)', out)
    return sum(int(c) for c in found.groups()) // 3 if found else -1

app = find_app('scrollwork')
check(app is not None, 'the application is called scrollwork')
if app is None: sys.exit(1)
check(eventually(lambda: brightness() > 150), 'the table is light while the desktop prefers light')
print('brightness before: %d' % brightness(), flush=True)
subprocess.run(['pkill', '-USR1', '-f', 'fake_portal.py'], check=True)
check(eventually(lambda: brightness() < 60), 'the table turned dark once the desktop preferred dark')
print('brightness after: %d' % brightness(), flush=True)
sys.exit(status())
