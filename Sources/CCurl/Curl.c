// One HTTPS GET through libcurl, opened at run time (see CCurl.h). The options' numbers are
// libcurl's (curl/curl.h), stable across its versions since 7.85.
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

typedef void CURL;
struct curl_slist;

enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_WRITEFUNCTION = 20011,
    OPT_LOW_SPEED_LIMIT = 19, OPT_LOW_SPEED_TIME = 20, OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029,
    OPT_NOPROGRESS = 43, OPT_FOLLOWLOCATION = 52, OPT_XFERINFODATA = 10057, OPT_CAINFO = 10065,
    OPT_CONNECTTIMEOUT = 78, OPT_HEADERFUNCTION = 20079, OPT_NOSIGNAL = 99, OPT_XFERINFOFUNCTION = 20219,
    OPT_PROTOCOLS_STR = 10318,
    INFO_RESPONSE_CODE = 0x200000 + 2,
    GLOBAL_ALL = 3,
    ERROR_SIZE = 256,
};

static struct {
    int loaded;
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

// Opens the library once, for the life of the process (curl_global_init is not safe to run
// beside other threads' transfers, so it runs here, once).
static void load(void) {
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) handle = dlopen("libcurl-gnutls.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) { curl.loaded = SCROLLWORK_CURL_MISSING; return; }
    *(void **)&curl.global_init = dlsym(handle, "curl_global_init");
    *(void **)&curl.easy_init = dlsym(handle, "curl_easy_init");
    *(void **)&curl.easy_setopt = dlsym(handle, "curl_easy_setopt");
    *(void **)&curl.easy_perform = dlsym(handle, "curl_easy_perform");
    *(void **)&curl.easy_getinfo = dlsym(handle, "curl_easy_getinfo");
    *(void **)&curl.easy_cleanup = dlsym(handle, "curl_easy_cleanup");
    *(void **)&curl.slist_append = dlsym(handle, "curl_slist_append");
    *(void **)&curl.slist_free_all = dlsym(handle, "curl_slist_free_all");
    if (!curl.global_init || !curl.easy_init || !curl.easy_setopt || !curl.easy_perform || !curl.easy_getinfo
        || !curl.easy_cleanup || !curl.slist_append || !curl.slist_free_all || curl.global_init(GLOBAL_ALL) != 0) {
        curl.loaded = SCROLLWORK_CURL_INCOMPLETE;
        return;
    }
    curl.loaded = 1;
}

struct progress { scrollwork_curl_stop stop; void *context; };

// libcurl's transfer-info callback: nonzero aborts the transfer.
static int on_progress(void *data, long long dltotal, long long dlnow, long long ultotal, long long ulnow) {
    (void)dltotal; (void)dlnow; (void)ultotal; (void)ulnow;
    struct progress *progress = data;
    return progress->stop && progress->stop(progress->context) ? 1 : 0;
}

struct sink { scrollwork_curl_sink take; void *context; };

static size_t on_bytes(char *bytes, size_t size, size_t count, void *data) {
    struct sink *sink = data;
    return sink->take(bytes, size * count, sink->context);
}

int scrollwork_curl_get(const char *url, const char *const *headers, size_t header_count, const char *ca_file, long seconds,
                        scrollwork_curl_sink body, scrollwork_curl_sink header, scrollwork_curl_stop stop, void *context,
                        long *status, char *error, size_t error_size) {
    pthread_once(&load_once, load);
    *status = 0;
    if (error_size > 0) error[0] = 0;
    if (curl.loaded != 1) return curl.loaded;
    CURL *easy = curl.easy_init();
    if (!easy) return SCROLLWORK_CURL_NO_HANDLE;
    char words[ERROR_SIZE] = {0};
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < header_count; i++) list = curl.slist_append(list, headers[i]);
    struct sink body_sink = { body, context }, header_sink = { header, context };
    struct progress progress = { stop, context };
    curl.easy_setopt(easy, OPT_URL, url);
    curl.easy_setopt(easy, OPT_PROTOCOLS_STR, "https");
    curl.easy_setopt(easy, OPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(easy, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(easy, OPT_ERRORBUFFER, words);
    curl.easy_setopt(easy, OPT_HTTPHEADER, list);
    curl.easy_setopt(easy, OPT_CONNECTTIMEOUT, seconds);
    curl.easy_setopt(easy, OPT_LOW_SPEED_LIMIT, 1L);
    curl.easy_setopt(easy, OPT_LOW_SPEED_TIME, seconds);
    curl.easy_setopt(easy, OPT_WRITEFUNCTION, on_bytes);
    curl.easy_setopt(easy, OPT_WRITEDATA, &body_sink);
    curl.easy_setopt(easy, OPT_HEADERFUNCTION, on_bytes);
    curl.easy_setopt(easy, OPT_HEADERDATA, &header_sink);
    curl.easy_setopt(easy, OPT_NOPROGRESS, 0L);
    curl.easy_setopt(easy, OPT_XFERINFOFUNCTION, on_progress);
    curl.easy_setopt(easy, OPT_XFERINFODATA, &progress);
    if (ca_file) curl.easy_setopt(easy, OPT_CAINFO, ca_file);
    int code = curl.easy_perform(easy);
    curl.easy_getinfo(easy, INFO_RESPONSE_CODE, status);
    curl.easy_cleanup(easy);
    curl.slist_free_all(list);
    if (error_size > 0) {
        strncpy(error, words, error_size - 1);
        error[error_size - 1] = 0;
    }
    return code;
}
