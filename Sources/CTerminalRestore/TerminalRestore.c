// Restores the terminal from a fatal signal handler. Kept in C because only async-signal-safe
// code may run there: no allocation, no locks, no lazily initialised globals, which Swift code
// cannot promise. Everything the handler uses is copied here before it is armed.
#include "CTerminalRestore.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])

static volatile sig_atomic_t armed = 0;
static int installed = 0;
static int input = -1, output = -1;
static struct termios saved_settings;
static char restore_bytes[256];
static size_t restore_length = 0;
static struct sigaction previous[FATAL_COUNT];

static void give_terminal_back(void) {
    if (!armed) return;
    armed = 0;
    size_t done = 0;
    while (done < restore_length) {
        ssize_t n = write(output, restore_bytes + done, restore_length - done);
        if (n > 0) done += (size_t)n;
        else if (n < 0 && errno == EINTR) continue;
        else break;
    }
    tcsetattr(input, TCSANOW, &saved_settings);
}

static void on_fatal_signal(int sig, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    give_terminal_back();
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        if (fatal_signals[i] == sig) sigaction(sig, &previous[i], NULL);
    }
    // A fault raised by an instruction happens again when the handler returns, now reaching the
    // previous handler with its real context. A signal that was sent (abort, kill, a trap
    // instruction that does not repeat) is sent again: it arrives once this handler returns.
    int repeats = (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE) && info != NULL && info->si_code > 0;
    if (!repeats) raise(sig);
    errno = saved_errno;
}

int scrollwork_restore_arm(int input_fd, int output_fd, const struct termios *saved, const char *bytes, size_t length) {
    armed = 0;
    input = input_fd;
    output = output_fd;
    saved_settings = *saved;
    restore_length = length < sizeof restore_bytes ? length : sizeof restore_bytes - 1;
    memcpy(restore_bytes, bytes, restore_length);
    if (!installed) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = on_fatal_signal;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        for (size_t i = 0; i < FATAL_COUNT; i++) {
            if (sigaction(fatal_signals[i], &action, &previous[i]) != 0) return -1;
        }
        installed = 1;
    }
    armed = 1;
    return 0;
}

void scrollwork_restore_disarm(void) {
    armed = 0;
}

// Signals for the loop: each one's number written to a pipe the loop waits on.
#define PIPED_MAX 16
static volatile sig_atomic_t piped_fd = -1;
static int piped_signals[PIPED_MAX];
static struct sigaction piped_previous[PIPED_MAX];
static size_t piped_count = 0;

static void on_piped_signal(int sig) {
    int saved_errno = errno;
    int value = sig;
    int fd = piped_fd;
    if (fd >= 0) {
        ssize_t written = write(fd, &value, sizeof value);
        (void)written;
    }
    errno = saved_errno;
}

int scrollwork_signals_to_pipe(int pipe_fd, const int *signals, size_t count) {
    scrollwork_signals_release();
    piped_fd = pipe_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_piped_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < count && i < PIPED_MAX; i++) {
        if (sigaction(signals[i], &action, &piped_previous[piped_count]) != 0) return -1;
        piped_signals[piped_count++] = signals[i];
    }
    return 0;
}

void scrollwork_signals_release(void) {
    for (size_t i = 0; i < piped_count; i++) sigaction(piped_signals[i], &piped_previous[i], NULL);
    piped_count = 0;
    piped_fd = -1;
}
