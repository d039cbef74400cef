# GTK 4's own table, for the pictures that put Scrollwork's window beside it: a CSV file in a
# Gtk.ColumnView (GTK's table of rows and sortable columns) under a header bar titled as
# `scrollwork open FILE --window` titles its window, drawn by GTK's Cairo renderer and taken from
# the X server as a PNG (alone on its display: no window manager's frame), light or dark (Adwaita's).
#   python3 scripts/gtk/column_view.py FILE.csv OUT.png WIDTHxHEIGHT [light|dark]
# Needs a display (scripts/make-pictures runs it under Xvfb) and GTK 4's introspection data
# (Debian's gir1.2-gtk-4.0).
import csv, os, subprocess, sys
os.environ.setdefault('GSK_RENDERER', 'cairo')
os.environ.setdefault('GDK_BACKEND', 'x11')
import gi
gi.require_version('Gtk', '4.0')
gi.require_version('GdkX11', '4.0')
from gi.repository import Gtk, Gio, GObject, GLib, GdkX11  # noqa: F401 (GdkX11 gives the surface its X id)

path, out, size = sys.argv[1], sys.argv[2], sys.argv[3]
dark = len(sys.argv) > 4 and sys.argv[4] == 'dark'
width, height = (int(v) for v in size.split('x'))
with open(path, newline='', encoding='utf-8') as f:
    rows = list(csv.reader(f))
header, records = rows[0], rows[1:]

class Record(GObject.Object):
    def __init__(self, number, fields):
        super().__init__()
        self.number = number
        self.fields = fields

def build(app):
    Gtk.Settings.get_default().set_property('gtk-application-prefer-dark-theme', dark)
    window = Gtk.ApplicationWindow(application=app, default_width=width, default_height=height)
    bar = Gtk.HeaderBar()
    bar.set_title_widget(Gtk.Label(label=os.path.basename(path) + ' - Scrollwork'))
    window.set_titlebar(bar)
    store = Gio.ListStore(item_type=Record)
    for i, fields in enumerate(records):
        store.append(Record(i + 1, fields))
    view = Gtk.ColumnView(model=Gtk.SingleSelection(model=store), show_row_separators=False, show_column_separators=False)
    view.add_css_class('data-table')
    def column(title, text, numeric):
        factory = Gtk.SignalListItemFactory()
        def setup(_, item):
            label = Gtk.Label(xalign=1 if numeric else 0)
            item.set_child(label)
        def bind(_, item):
            item.get_child().set_text(text(item.get_item()))
        factory.connect('setup', setup)
        factory.connect('bind', bind)
        c = Gtk.ColumnViewColumn(title=title, factory=factory)
        c.set_resizable(True)
        view.append_column(c)
        return c
    column('#', lambda r: str(r.number), True)
    values = lambda i: [r[i] for r in records if i < len(r) and r[i]]
    numeric = [all(v.replace('.', '', 1).isdigit() for v in values(i)) for i in range(len(header))]
    for i, title in enumerate(header):
        column(title, lambda r, i=i: r.fields[i] if i < len(r.fields) else '', numeric[i]).set_expand(i == len(header) - 1)
    scroller = Gtk.ScrolledWindow(child=view, vexpand=True)
    window.set_child(scroller)
    window.present()
    def save():
        # The window's pixels as the X server shows them (it is alone on the display: no frame).
        xid = window.get_surface().get_xid()
        subprocess.run(['import', '-window', str(xid), out], check=True)
        app.quit()
        return False
    # Drawn once laid out and its rows bound.
    GLib.timeout_add(1500, save)

app = Gtk.Application(application_id='org.scrollwork.GtkReference', flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect('activate', build)
app.run([])
