#ifndef C_TERMINAL_RESTORE_H
#define C_TERMINAL_RESTORE_H

#include <stddef.h>
#include <termios.h>

/// Remembers how to give the terminal back (`bytes` written to `output_fd`, then `saved` set on
/// `input_fd`) and installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT and SIGFPE that
/// do exactly that, with async-signal-safe calls only, before handing the signal to the handler
/// that was installed before (the Swift runtime's crash reporter, or the default action).
/// `bytes` longer than 255 are cut. Returns 0, or -1 when a handler could not be installed.
int scrollwork_restore_arm(int input_fd, int output_fd, const struct termios *saved, const char *bytes, size_t length);

/// The terminal was given back normally: the handlers stay, but do nothing but hand over.
void scrollwork_restore_disarm(void);

/// Installs handlers for `signals` (at most 16) that write the signal's number, an int, to
/// `pipe_fd` (non-blocking) and do nothing else: a loop reads them from the pipe. Unlike a
/// dispatch source, whose registration finishes later on another thread, no signal sent after
/// this returns is lost. Returns 0, or -1 when a handler could not be installed.
int scrollwork_signals_to_pipe(int pipe_fd, const int *signals, size_t count);

/// Puts back the handlers `scrollwork_signals_to_pipe` replaced; nothing is written to the pipe
/// after this returns.
void scrollwork_signals_release(void);

#endif
