# Orca, the GNOME screen reader, pointed at the gallery's table page: what it would say, read
# from its debug log (speech itself is off, so no speech server is needed). It announces the
# table with its million rows and reads each row focus moves to. Run by session.sh with
# --page table; prints one line a check and exits 1 if any failed.
import os, subprocess, sys, tempfile, threading, tty
from atspi_check import check, status, eventually, find_app

app = find_app('scrollwork')
check(app is not None, 'the application is called scrollwork')
if app is None: sys.exit(1)
work = tempfile.mkdtemp()
# Orca's debug log goes to a terminal of our own, which Python writes a line at a time (to a
# file it would hold lines back until its buffer filled).
reader, writer = os.openpty()
tty.setraw(writer)
log = []
def read_log():
    text = b''
    while True:
        try:
            chunk = os.read(reader, 65536)
        except OSError:
            return
        if not chunk: return
        text += chunk
        *lines, text = text.split(b'\n')
        log.extend(line.decode(errors='replace') for line in lines)
threading.Thread(target=read_log, daemon=True).start()
orca = subprocess.Popen(['orca', '--replace', '--disable', 'speech', '--user-prefs', work, '--debug-file=' + os.ttyname(writer)],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def spoken():
    return [line.split('SPEECH OUTPUT: ', 1)[1] for line in list(log) if 'SPEECH OUTPUT: ' in line]

def says(text, seconds=30):
    return eventually(lambda: any(text in line for line in spoken()), seconds)

def press(key):
    subprocess.run(['xdotool', 'search', '--name', 'Scrollwork', 'windowfocus', '--sync', 'key', key], check=False)

try:
    check(says('Table - Scrollwork frame'), 'Orca names the window when it starts')
    press('Down')
    check(says('table with 1000000 rows 5 columns'), 'Down: Orca announces the table with its million rows')
    check(says('alpha-0.txt, /Users/ada/Documents/alpha-0.txt'), 'and reads the focused row')
    press('Down')
    check(says('charlie-1.png, /Users/ada/Documents/charlie-1.png'), 'Down again: Orca reads the next row')
finally:
    print('Orca said: %r' % spoken()[-6:], flush=True)
    orca.terminate()
    try:
        orca.wait(5)
    except subprocess.TimeoutExpired:
        orca.kill()
sys.exit(status())
