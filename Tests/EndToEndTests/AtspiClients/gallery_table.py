# The gallery's table page as a screen reader reads it (pyatspi, Debian's python3-pyatspi):
# the application, its window, a table of a million rows, row 500,000 read without being on
# screen, and focus and selection following the keys, with the events Orca listens for.
# Run by session.sh; prints one line a check and exits 1 if any failed.
import subprocess, sys
import pyatspi
from atspi_check import check, status, find_app
from gi.repository import GLib

app = find_app('scrollwork')
check(app is not None, 'the application is called scrollwork')
if app is None: sys.exit(1)
window = app.getChildAtIndex(0)
check(window.getRoleName() == 'frame' and 'Table' in window.name, 'its window is a frame named for the page: %r' % window.name)
table = pyatspi.findDescendant(window, lambda x: x.getRoleName() == 'table')
check(table is not None, 'the table page has a table')
if table is None: sys.exit(1)
t = table.queryTable()
check(t.nRows == 1000000, 'the table has 1,000,000 rows: %d' % t.nRows)
cell = t.getAccessibleAt(500000, 0)
row = cell.parent
check(row.getRoleName() == 'table row' and '500000' in row.name and row.name.startswith(cell.name),
      'row 500,000 reads: %r (its first cell %r)' % (row.name, cell.name))
check(t.getColumnHeader(0).name.startswith('Name'), 'column 0 is headed %r' % t.getColumnHeader(0).name)

events = []
def listen(event):
    if event.type.startswith('object:state-changed:focused') and event.detail1 == 1 or event.type.startswith('object:active-descendant-changed'):
        events.append((event.type, event.source))
pyatspi.Registry.registerEventListener(listen, 'object:state-changed:focused', 'object:active-descendant-changed')

def press(key):
    """Presses key in the window and returns the row that focus moved to."""
    del events[:]
    subprocess.run(['xdotool', 'search', '--name', 'Scrollwork', 'windowfocus', '--sync', 'key', key], check=False)
    loop = GLib.MainLoop()
    def stop():
        loop.quit(); return False
    def poll():
        if any(kind.startswith('object:state-changed:focused') for kind, _ in events): loop.quit(); return False
        return True
    GLib.timeout_add(50, poll)
    GLib.timeout_add(5000, stop)
    loop.run()
    focused = [source for kind, source in events if kind.startswith('object:state-changed:focused')]
    return focused[-1] if focused else None

def index_of(row):
    return row.getIndexInParent() - t.nColumns

selection = table.querySelection()
def selected_index():
    return index_of(selection.getSelectedChild(0)) if selection.nSelectedChildren == 1 else None

for key in ('Down', 'Down', 'Next', 'Down'):
    before = selected_index()
    row = press(key)
    if key == 'Next':
        # Page keys scroll a table without moving its selection, as on macOS: the focused row,
        # scrolled away, keeps focus and stays readable.
        check(row is None, 'Page Down: focus stays where it was (no focus event)')
        kept = t.getAccessibleAt(before, 0).parent
        states = kept.getState()
        check(selected_index() == before and states.contains(pyatspi.STATE_FOCUSED) and not states.contains(pyatspi.STATE_SHOWING),
              'Page Down: row %d, scrolled away, is still focused and selected: %r' % (before, kept.name))
        continue
    check(row is not None and row.getRoleName() == 'table row', '%s: a table row gains focus (%s)' % (key, row and row.name))
    if row is None: continue
    index = index_of(row)
    states = row.getState()
    check(states.contains(pyatspi.STATE_FOCUSED) and states.contains(pyatspi.STATE_SELECTED), '%s: row %d is focused and selected' % (key, index))
    check(selected_index() == index, "%s: the table's selection is row %d" % (key, index))
    check(index == (before + 1 if before is not None else 0), '%s moves from row %s to %d' % (key, before, index))
    kinds = [kind for kind, _ in events]
    check(any(k.startswith('object:active-descendant-changed') for k in kinds), '%s: the table says its active row changed' % key)

sys.exit(status())
