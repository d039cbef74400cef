# What the clients share: checks that print one line each, waiting that polls with a deadline,
# and finding the application and the objects in it, as a screen reader's script does.
import time
import pyatspi

failures = []

def check(ok, what):
    """Prints the check's line; a failed one counts against the exit status (status())."""
    print(("ok " if ok else "FAIL ") + what, flush=True)
    if not ok: failures.append(what)

def status():
    return 1 if failures else 0

def eventually(condition, seconds=15):
    """True once condition() holds (an exception counts as not yet), polling until seconds pass."""
    end = time.time() + seconds
    while time.time() < end:
        try:
            if condition(): return True
        except Exception:
            pass
        time.sleep(0.1)
    return False

def find_app(name, seconds=30):
    """The application called name on the desktop, once it has registered."""
    found = []
    def look():
        desktop = pyatspi.Registry.getDesktop(0)
        found[:] = [a for a in (desktop.getChildAtIndex(i) for i in range(desktop.childCount)) if a is not None and a.name == name]
        return bool(found)
    return found[0] if eventually(look, seconds) else None

def find(root, predicate):
    """The first object under root that predicate accepts, not looking into the rows of lists and tables."""
    if predicate(root): return root
    if root.getRoleName() in ('table', 'tree table', 'list'): return None
    for i in range(root.childCount):
        found = find(root.getChildAtIndex(i), predicate)
        if found is not None: return found
    return None

def actions(node):
    """The names of node's actions."""
    action = node.queryAction()
    return [action.getName(i) for i in range(action.nActions)]

def do(node, name):
    """Asks node to do its action called name."""
    return node.queryAction().doAction(actions(node).index(name))
