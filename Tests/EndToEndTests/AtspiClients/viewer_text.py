# `scrollwork open lines.txt --window` as a screen reader reads it (pyatspi): the pager's page of
# text through the Text interface, line by line, and the next page after End. lines.txt has the
# lines "line 1" to "line 500". Run by session.sh; prints one line a check and exits 1 if any failed.
import subprocess, sys
import pyatspi
from atspi_check import check, status, eventually, find_app, find

app = find_app('scrollwork')
check(app is not None, 'the application is called scrollwork')
if app is None: sys.exit(1)
window = app.getChildAtIndex(0)
check(window.name.startswith('lines.txt'), 'the window is named for the file: %r' % window.name)
page = find(window, lambda x: x.getRoleName() == 'text')
check(page is not None, 'the pager shows its page as text')
if page is None: sys.exit(1)
text = lambda: page.queryText()
check(eventually(lambda: text().getText(0, -1).startswith('line 1\nline 2\n')), 'the page starts with the first lines: %r' % text().getText(0, 20))
check(text().caretOffset == 0, 'the caret is at the top of the page')
line = text().getTextAtOffset(9, pyatspi.TEXT_BOUNDARY_LINE_START)
check((line[0], line[1], line[2]) == ('line 2\n', 7, 14), 'the line at offset 9 is the second, 7…14: %r' % (line,))
word = text().getTextAtOffset(2, pyatspi.TEXT_BOUNDARY_WORD_START)
check(word[0] == 'line ', 'the word at offset 2: %r' % (word,))
# Where the characters lie: the first inside the window, the second beside it, the next line below.
frame = window.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
first = text().getCharacterExtents(0, pyatspi.DESKTOP_COORDS)
second = text().getCharacterExtents(1, pyatspi.DESKTOP_COORDS)
below = text().getCharacterExtents(7, pyatspi.DESKTOP_COORDS)
check(frame.x <= first[0] < frame.x + frame.width and frame.y <= first[1] < frame.y + frame.height and first[2] > 0 and first[3] > 0,
      'the first character lies in the window: %r in %r' % (first, (frame.x, frame.y, frame.width, frame.height)))
check(second[0] == first[0] + first[2] and second[1] == first[1] and below[1] == first[1] + first[3], 'the next beside it, the next line below: %r %r' % (second, below))
check(text().getOffsetAtPoint(second[0] + 1, second[1] + 1, pyatspi.DESKTOP_COORDS) == 1, 'the point on the second character finds it')
subprocess.run(['xdotool', 'search', '--name', 'Scrollwork', 'windowfocus', '--sync', 'key', 'End'], check=False)
page = lambda: find(app.getChildAtIndex(0), lambda x: x.getRoleName() == 'text')
check(eventually(lambda: page().queryText().getText(0, -1).rstrip('\n').endswith('line 500')), 'after End the page ends with the last line: %r' % page().queryText().getText(0, -1)[-30:])
sys.exit(status())
