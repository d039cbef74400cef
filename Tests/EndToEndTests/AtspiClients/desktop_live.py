# The desktop's settings changed while the window is open, as a screen reader measures the
# gallery's table page (pyatspi): prints the height of a row before ("row height before: N")
# and after ("row height after: N") the fake portal takes FAKE_PORTAL_NEXT's settings over and
# says so (SIGUSR1). Run by session.sh with FAKE_PORTAL and FAKE_PORTAL_NEXT set.
import subprocess
import sys
import pyatspi
from atspi_check import check, status, eventually, find_app, find

def row_height():
    """The height in pixels of the table's first row, or 0 when the table is not there."""
    table = find(app.getChildAtIndex(0), lambda x: x.getRoleName() == 'table')
    if table is None: return 0
    return table.queryTable().getAccessibleAt(0, 0).parent.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height

app = find_app('scrollwork')
check(app is not None, 'the application is called scrollwork')
if app is None: sys.exit(1)
check(eventually(lambda: row_height() > 0), 'row 0 of the table is on screen')
before = row_height()
print('row height before: %d' % before, flush=True)
subprocess.run(['pkill', '-USR1', '-f', 'fake_portal.py'], check=True)
check(eventually(lambda: row_height() != before), 'the row changed height once the setting changed')
print('row height after: %d' % row_height(), flush=True)
sys.exit(status())
