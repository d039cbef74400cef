# `scrollwork open scores.csv --window` as a screen reader reads it (pyatspi): the file's table
# with its headings, sorted by the score heading's "sort ascending" and "sort descending" actions,
# then the sorted first record read back with its column names. scores.csv has the columns id,
# name, score and 1,000 records, record i scoring (i * 7919) % 1000, so every score from 0 to 999
# appears once. Run by session.sh; prints one line a check and exits 1 if any failed.
import sys
import pyatspi
from atspi_check import check, status, eventually, find_app, find

app = find_app('scrollwork')
check(app is not None, 'the application is called scrollwork')
if app is None: sys.exit(1)
window = app.getChildAtIndex(0)
check(window.name.startswith('scores.csv'), "the window is named for the file: %r" % window.name)
table = find(window, lambda x: x.getRoleName() == 'table')
check(table is not None, 'the file is a table')
if table is None: sys.exit(1)
t = table.queryTable()
check(eventually(lambda: t.nRows == 1000), 'it has 1,000 records: %d' % t.nRows)
headings = [t.getColumnHeader(i).name for i in range(t.nColumns)]
check(headings[-3:] == ['id', 'name', 'score'], 'its headings: %r' % headings)
score = t.nColumns - 1

def first_record():
    return [t.getAccessibleAt(0, c).name for c in range(t.nColumns)]

def sort(expected):
    heading = t.getColumnHeader(score)
    action = heading.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    check('sort ' + expected in names, 'the score heading offers "sort %s": %r' % (expected, names))
    action.doAction(names.index('sort ' + expected))
    check(eventually(lambda: t.getColumnHeader(score).name == 'score, sorted ' + expected),
          'the heading says the records are sorted %s: %r' % (expected, t.getColumnHeader(score).name))

sort('ascending')
check(eventually(lambda: first_record()[-3:] == ['0', 'item-0', '0']), 'the first record is the lowest score: %r' % first_record())
sort('descending')
best = next(i for i in range(1000) if (i * 7919) % 1000 == 999)
check(eventually(lambda: first_record()[-3:] == [str(best), 'item-%d' % best, '999']), 'the first record is the highest score: %r' % first_record())
row = t.getAccessibleAt(0, score).parent
check(row.getRoleName() == 'table row' and row.name.endswith('item-%d, 999' % best), 'the record reads whole: %r' % row.name)
sys.exit(status())
