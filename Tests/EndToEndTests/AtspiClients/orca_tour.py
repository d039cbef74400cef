# Orca, the GNOME screen reader, taken through the gallery as an Orca user goes through it, from
# its debug log (speech off, so no speech server is needed): the table and a row, a row's menu
# opened and an item chosen, the primary menu, a page change, Tab into a list and down it, the
# help and back, another page change and an outline node opened and closed. Each check looks
# only at what Orca said after its key. Run by session.sh with --page table --window; prints
# one line a check and exits 1 if any failed.
import sys
from atspi_check import check, status, eventually, find_app
import orca_log
from orca_log import Orca

app = find_app('scrollwork')
check(app is not None, 'the application is called scrollwork')
if app is None: sys.exit(1)
orca = Orca()
spoken = orca.spoken

heard = 0
def says(*texts, seconds=20):
    """True once Orca has said each of texts, in order, since the last key."""
    def found():
        said = ' | '.join(spoken()[heard:])
        at = 0
        for text in texts:
            at = said.find(text, at)
            if at < 0: return False
            at += len(text)
        return True
    return eventually(found, seconds)

def press(key):
    global heard
    heard = len(spoken())
    orca_log.press(key)

# Each step: a key, what Orca says after it (in this order), and what the check is.
steps = [
    ('Down', ['alpha-0.txt, /Users/ada/Documents/alpha-0.txt'], 'Down: the focused row'),
    ('shift+F10', ['Copy', 'Ctrl+C'], "Shift+F10: the row's menu, its first item and that item's key"),
    ('Down', ['Select All', 'Ctrl+A'], 'Down: the next item'),
    ('Up', ['Copy'], 'Up: back to Copy'),
    ('Return', ['table with 1000000 rows', 'alpha-0.txt'], 'Enter chooses Copy: back on the table and its row'),
    ('F10', ['Keyboard Shortcuts', 'F1'], 'F10: the primary menu'),
    ('Escape', ['alpha-0.txt'], 'Esc closes it: the row again'),
    ('ctrl+Page_Down', ['Settings', 'List with 12 items'], 'Ctrl+PgDn: the list page, its settings list by name'),
    ('Tab', ['Text Size', 'List with 5 items', 'Medium'], 'Tab: into the option list, by name, on its chosen row'),
    ('Tab', ['Contacts', 'List with 90 items'], 'Tab: the contacts'),
    ('Down', ['Alan Alferov'], 'Down: its first row'),
    ('F1', ['Keyboard Shortcuts dialog', 'the next page'], 'F1: the help, a dialog read with its keys'),
    ('Escape', ['Contacts', 'Alan Alferov'], 'Esc: back on the contacts, the same row'),
    ('ctrl+Page_Down', ['Region 1', 'expanded'], 'Ctrl+PgDn: the outline, its first node open'),
    ('Down', ['Area 1.1', 'collapsed'], 'Down: a closed node'),
    ('Right', ['expanded'], 'Right opens it: expanded'),
    ('Left', ['collapsed'], 'Left closes it: collapsed'),
]
try:
    check(says('Table - Scrollwork frame', 'table with 1000000 rows 5 columns', seconds=30), 'start: Orca names the window and the table')
    for key, texts, what in steps:
        press(key)
        check(says(*texts), what)
finally:
    print('Orca said: %r' % spoken()[-8:], flush=True)
    orca.stop()
sys.exit(status())
