# A stand-in for the XDG desktop portal's settings (org.freedesktop.portal.Settings) on the
# session bus, saying what FAKE_PORTAL holds, as GNOME's portal would: for instance
# "text-scaling-factor=2.0;enable-animations=false;contrast=1;accent-color=0.8,0.2,0.4;font-name=DejaVu Serif 11".
# Run by session.sh before the app when FAKE_PORTAL is set; runs until it is stopped. On SIGUSR1
# it takes FAKE_PORTAL_NEXT's settings over and says each changed with SettingChanged, as the
# portal does when someone changes a setting while apps run.
import os
import signal
from gi.repository import Gio, GLib

INTERFACE = '''<node><interface name="org.freedesktop.portal.Settings">
  <method name="ReadAll"><arg type="as" name="namespaces" direction="in"/><arg type="a{sa{sv}}" name="value" direction="out"/></method>
  <method name="Read"><arg type="s" name="namespace" direction="in"/><arg type="s" name="key" direction="in"/><arg type="v" name="value" direction="out"/></method>
</interface></node>'''

said = os.environ.get('FAKE_PORTAL', '')

def settings(text=None):
    """The settings text says (FAKE_PORTAL's, or what SIGUSR1 made them) by namespace, as GVariants of their types."""
    found = {'org.gnome.desktop.interface': {}, 'org.freedesktop.appearance': {}}
    for item in filter(None, (said if text is None else text).split(';')):
        key, value = item.split('=', 1)
        if key == 'text-scaling-factor': found['org.gnome.desktop.interface'][key] = GLib.Variant('d', float(value))
        elif key == 'enable-animations': found['org.gnome.desktop.interface'][key] = GLib.Variant('b', value == 'true')
        elif key == 'font-name': found['org.gnome.desktop.interface'][key] = GLib.Variant('s', value)
        elif key in ('contrast', 'color-scheme'): found['org.freedesktop.appearance'][key] = GLib.Variant('u', int(value))
        elif key == 'accent-color': found['org.freedesktop.appearance'][key] = GLib.Variant('(ddd)', tuple(float(c) for c in value.split(',')))
    return found

def call(connection, sender, path, interface, method, parameters, invocation):
    values = settings()
    if method == 'ReadAll':
        asked = parameters.unpack()[0]
        chosen = {ns: keys for ns, keys in values.items() if not asked or ns in asked}
        invocation.return_value(GLib.Variant('(a{sa{sv}})', (chosen,)))
    else:
        namespace, key = parameters.unpack()
        if key in values.get(namespace, {}):
            invocation.return_value(GLib.Variant('(v)', (values[namespace][key],)))
        else:
            invocation.return_dbus_error('org.freedesktop.portal.Error.NotFound', 'no such setting')

def changed(connection):
    """FAKE_PORTAL_NEXT's settings become the portal's; each is said with SettingChanged."""
    global said
    said = os.environ.get('FAKE_PORTAL_NEXT', '')
    for namespace, keys in settings().items():
        for key, value in keys.items():
            connection.emit_signal(None, '/org/freedesktop/portal/desktop', 'org.freedesktop.portal.Settings', 'SettingChanged',
                                   GLib.Variant('(ssv)', (namespace, key, value)))
    connection.flush_sync(None)
    return True

def acquired(connection, name):
    node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
    connection.register_object('/org/freedesktop/portal/desktop', node.interfaces[0], call, None, None)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, changed, connection)

Gio.bus_own_name(Gio.BusType.SESSION, 'org.freedesktop.portal.Desktop', Gio.BusNameOwnerFlags.NONE, acquired, None, None)
GLib.MainLoop().run()
