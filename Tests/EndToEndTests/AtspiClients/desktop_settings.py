# What the desktop's settings did to the gallery's table page, as a screen reader measures it
# (pyatspi): prints the height of a row in pixels ("row height: N"), which the desktop's text
# scale changes. Run by session.sh, with FAKE_PORTAL saying the settings; exits 1 if the table
# is not there.
import sys
import pyatspi
from atspi_check import check, status, eventually, find_app, find

app = find_app('scrollwork')
check(app is not None, 'the application is called scrollwork')
if app is None: sys.exit(1)
table = find(app.getChildAtIndex(0), lambda x: x.getRoleName() == 'table')
check(table is not None, 'the table page has a table')
if table is None: sys.exit(1)
row = table.queryTable().getAccessibleAt(0, 0).parent
height = row.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height
check(height > 0, 'row 0 is on screen')
print('row height: %d' % height, flush=True)
sys.exit(status())
