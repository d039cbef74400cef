// One HTTPS GET through the system's libcurl, loaded when first asked for (dlopen), so that a
// build needs no curl headers or library and a machine without libcurl still runs everything
// else. C, because libcurl's options are set through a variadic function Swift cannot call.
#ifndef SCROLLWORK_CCURL_H
#define SCROLLWORK_CCURL_H

#include <stddef.h>

/// Takes `count` bytes of the answer (its body, or one header line); returns `count` to go on,
/// anything else to stop the transfer.
typedef size_t (*scrollwork_curl_sink)(const char *bytes, size_t count, void *context);
/// Returns nonzero to stop the transfer; asked about once a second, and as bytes come.
typedef int (*scrollwork_curl_stop)(void *context);

/// What `scrollwork_curl_get` answers besides libcurl's own codes (which are 0 and up).
enum {
    /// libcurl is not on this machine (neither libcurl.so.4 nor libcurl-gnutls.so.4 opens).
    SCROLLWORK_CURL_MISSING = -1,
    /// The library opened but lacks a function this needs.
    SCROLLWORK_CURL_INCOMPLETE = -2,
    /// libcurl could not make a transfer (out of memory).
    SCROLLWORK_CURL_NO_HANDLE = -3,
};

/// GETs `url` (https:// only: no other protocol is allowed, and redirects are not followed),
/// sending the `header_count` header lines `headers` ("Name: value"), verifying the server's
/// certificate against the system's authorities, or against `ca_file` when it is not NULL.
/// Gives up when connecting takes more than `seconds`, or no byte comes for `seconds`.
/// Returns libcurl's code (0 for success), or one of the codes above; `status` gets the HTTP
/// status and `error` (of `error_size` bytes, at least 256) libcurl's words for a failure.
int scrollwork_curl_get(const char *url, const char *const *headers, size_t header_count, const char *ca_file, long seconds,
                        scrollwork_curl_sink body, scrollwork_curl_sink header, scrollwork_curl_stop stop, void *context,
                        long *status, char *error, size_t error_size);

#endif
