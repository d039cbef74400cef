# The gallery's actions as a screen reader does them (pyatspi): an outline's row expanded by its
# "expand" action, a row focused by GrabFocus, the gallery's page dots turned to the next page by "increment" (the window
# and its title follow), and the page control page's dots turned the same way, their value read
# back. Run by session.sh with --page outline; prints one line a check and exits 1 if any failed.
import sys
import pyatspi
from atspi_check import check, status, eventually, find_app, find, actions, do

app = find_app('scrollwork')
check(app is not None, 'the application is called scrollwork')
if app is None: sys.exit(1)
window = app.getChildAtIndex(0)
check(window.name.startswith('Outline'), 'the window shows the outline page: %r' % window.name)

tree = find(window, lambda x: x.getRoleName() == 'tree table')
check(tree is not None, 'the outline is a tree table')
if tree is None: sys.exit(1)
rows_before = tree.childCount
area = next((tree.getChildAtIndex(i) for i in range(12) if 'expand' in actions(tree.getChildAtIndex(i))), None)
check(area is not None, 'a closed row offers "expand": %r' % (area and area.name))
if area is not None:
    name = area.name
    check(do(area, 'expand'), '"expand" is accepted')
    row = lambda: next(tree.getChildAtIndex(i) for i in range(40) if tree.getChildAtIndex(i).name == name)
    check(eventually(lambda: row().getState().contains(pyatspi.STATE_EXPANDED)), '%s is expanded' % name)
    check(eventually(lambda: tree.childCount > rows_before), 'the outline has more rows: %d, was %d' % (tree.childCount, rows_before))
    check('collapse' in actions(row()), 'the open row offers "collapse" now')

# A tool moves focus to a row on screen, as a person's click would.
target = tree.getChildAtIndex(5)
check(target.queryComponent().grabFocus(), 'GrabFocus on %r is accepted' % target.name)
check(eventually(lambda: tree.getChildAtIndex(5).getState().contains(pyatspi.STATE_FOCUSED)), 'and that row has focus')

dots = find(window, lambda x: x.getRoleName() == 'slider' and x.description.endswith('of 7'))
check(dots is not None, "the gallery's page dots are a slider: %r" % (dots and dots.description))
if dots is not None:
    value = dots.queryValue()
    check((value.currentValue, value.minimumValue, value.maximumValue) == (4, 1, 7), 'its value is page 4 of 1…7: %r' % value.currentValue)
    check(do(dots, 'increment'), '"increment" is accepted')
    check(eventually(lambda: app.getChildAtIndex(0).name.startswith('Page control')), 'the window turns to the page control page: %r' % app.getChildAtIndex(0).name)

window = app.getChildAtIndex(0)
inner = lambda: find(window, lambda x: x.getRoleName() == 'slider' and x.description.endswith('of 6'))
check(eventually(lambda: inner() is not None), 'the page control page has dots of 6 pages')
if inner() is not None:
    check(inner().queryValue().currentValue == 1 and actions(inner()) == ['increment'], 'on its first page they only go forward: %r' % actions(inner()))
    check(do(inner(), 'increment'), '"increment" is accepted')
    check(eventually(lambda: inner().queryValue().currentValue == 2), 'they show page 2 of 6: %r' % inner().description)
    check(eventually(lambda: 'decrement' in actions(inner())), 'and can go back now')

sys.exit(status())
