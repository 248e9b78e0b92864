// libmicrohttpd: the embedded HTTP server `segue studio` serves its page with. MHD_start_daemon
// takes its options as C varargs, which Swift cannot call; these wrappers fix the few options
// Studio sets. Everything else (responses, headers, arguments) is called from Swift directly.
#ifndef SEGUE_CMICROHTTPD_SHIM_H
#define SEGUE_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/inotify.h>
#include <malloc.h>   /* mallopt: the studio's process returns freed canvases to the system */
#include <microhttpd.h>

/// A daemon listening on the loopback address of one family only (IPv4 127.0.0.1 or IPv6 ::1)
/// at `port` (0: a free one), a thread per connection (the event stream blocks its own), at most
/// `connections` at once, `memory` bytes of request buffer each (bounds the request line and
/// headers: larger requests are refused by the library), idle connections closed after
/// `timeout` seconds. NULL if it cannot bind.
static inline struct MHD_Daemon *segue_mhd_start_loopback(int ipv6, uint16_t port, MHD_AccessHandlerCallback handler,
                                                          void *cls, unsigned int connections, size_t memory,
                                                          unsigned int timeout) {
    struct sockaddr_in a4;
    struct sockaddr_in6 a6;
    const struct sockaddr *addr;
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION;
    if (ipv6) {
        memset(&a6, 0, sizeof a6);
        a6.sin6_family = AF_INET6;
        a6.sin6_port = htons(port);
        a6.sin6_addr = in6addr_loopback;
        addr = (const struct sockaddr *)&a6;
        flags |= MHD_USE_IPv6;
    } else {
        memset(&a4, 0, sizeof a4);
        a4.sin_family = AF_INET;
        a4.sin_port = htons(port);
        a4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        addr = (const struct sockaddr *)&a4;
    }
    return MHD_start_daemon(flags, port, NULL, NULL, handler, cls,
                            MHD_OPTION_SOCK_ADDR, addr,
                            MHD_OPTION_CONNECTION_LIMIT, connections,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout,
                            MHD_OPTION_END);
}

/// The port a daemon is bound to (0 if unknown).
static inline uint16_t segue_mhd_port(struct MHD_Daemon *d) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// A response holding its own copy of `size` bytes.
static inline struct MHD_Response *segue_mhd_copied_response(const void *data, size_t size) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

static inline ssize_t segue_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline uint64_t segue_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
#endif
