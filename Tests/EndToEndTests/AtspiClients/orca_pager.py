# Orca reading `scrollwork open lines.txt --window`, a pager of "line 1" to "line 500": the top
# line when the text gets focus, and the line scrolled to after each Down and after End, as its
# caret moves (what Orca presents of a caret move shows on its braille line, which its debug log
# holds without a display; speech follows the keys Orca hears, which a test's synthetic keys are
# not). Run by session.sh; prints one line a check and exits 1 if any failed.
import sys
from atspi_check import check, status, eventually, find_app
import orca_log
from orca_log import Orca

app = find_app('scrollwork')
check(app is not None, 'the application is called scrollwork')
if app is None: sys.exit(1)
orca = Orca()
shown = 0
def brailles(text, seconds=20):
    """True once Orca's braille line, since the last key, is text."""
    return eventually(lambda: any(line.startswith("'" + text + " ") for line in orca.brailled()[shown:]), seconds)
def press(key):
    global shown
    shown = len(orca.brailled())
    orca_log.press(key)

try:
    check(eventually(lambda: any("'line 1." in said for said in orca.spoken()), 30), 'start: Orca reads the top line')
    press('Down')
    check(brailles('line 2'), 'Down: the line scrolled to')
    press('Down')
    check(brailles('line 3'), 'Down again: the next')
    press('End')
    def far_down():
        numbers = [int(line.split()[1]) for line in orca.brailled()[shown:] if line.startswith("'line ")]
        return any(n > 450 for n in numbers)
    check(eventually(far_down, 20), 'End: the top line of the last page, near line 500')
finally:
    print('Orca showed: %r' % orca.brailled()[-4:], flush=True)
    orca.stop()
sys.exit(status())
