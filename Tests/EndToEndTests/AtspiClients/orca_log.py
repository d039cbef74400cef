# Orca, the GNOME screen reader, started with speech off and its debug log read as it writes:
# what it would say is read from the log's SPEECH OUTPUT lines, so no speech server is needed.
import os, subprocess, tempfile, threading, tty

class Orca:
    def __init__(self):
        self.log = []
        # The log goes to a terminal of our own, which Python writes a line at a time (to a file
        # it would hold lines back until its buffer filled).
        reader, writer = os.openpty()
        tty.setraw(writer)
        threading.Thread(target=self._read, args=(reader,), daemon=True).start()
        self.process = subprocess.Popen(['orca', '--replace', '--disable', 'speech', '--user-prefs', tempfile.mkdtemp(),
                                         '--debug-file=' + os.ttyname(writer)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def _read(self, reader):
        text = b''
        while True:
            try:
                chunk = os.read(reader, 65536)
            except OSError:
                return
            if not chunk: return
            text += chunk
            *lines, text = text.split(b'\n')
            self.log.extend(line.decode(errors='replace') for line in lines)

    def spoken(self):
        """What Orca has said so far, an utterance a line."""
        return [line.split('SPEECH OUTPUT: ', 1)[1] for line in list(self.log) if 'SPEECH OUTPUT: ' in line]

    def brailled(self):
        """What Orca has shown on the braille display so far, a line each (shown with no display too)."""
        return [line.split('BRAILLE LINE:  ', 1)[1] for line in list(self.log) if 'BRAILLE LINE:  ' in line]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()

def press(key):
    """Presses key in the Scrollwork window, as a person at the keyboard does."""
    subprocess.run(['xdotool', 'search', '--name', 'Scrollwork', 'windowfocus', '--sync', 'key', key], check=False)
