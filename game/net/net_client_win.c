/* net_client_win.c - the client library of net_client.h on Windows: the
 * system's own WebSocket client in WinHTTP (winhttp.dll: the handshake,
 * the framing and, for wss://, TLS with the system's certificates), so no
 * third-party network library is cross-built. The session's logic (hello,
 * rejoin by token, the queues, the backoff) is net_session.c's, as in
 * net_client.c and net_client_web.c; this file is the transport.
 *
 * WinHTTP's WebSocket calls are used synchronously, on two threads of the
 * library's own (WinHTTP allows one send and one receive at a time on a
 * WebSocket, each from any thread):
 *   - the reader connects (the HTTP upgrade), then blocks in
 *     WinHttpWebSocketReceive() until the connection ends, then waits the
 *     session's backoff and connects again;
 *   - the writer sends what the session has due, and rings the ping timer.
 *
 * Locking protocol: `lock` (a critical section) guards the session, `ws`
 * (the open WebSocket, NULL between connections), `sending` (the writer is
 * in a send on `ws`), `ping_at_ms` and `stopping`; `cond` is broadcast on
 * every change of them. The reader closes a WebSocket only after taking it
 * out of `ws` and waiting for `sending` to clear, so the writer never
 * sends on a closed handle. net_client_stop() asks the writer to shut the
 * WebSocket down (a close frame); the server's answer ends the reader's
 * receive. */
#include "net_client.h"
#include "net_session.h"

#include <windows.h>
#include <winhttp.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest message accepted from the server, as in net_client.c. */
#define NET_RX_MAX (64 * 1024)
/* Host names and paths, in bytes of UTF-8 or units of UTF-16, and what the
 * room adds to a path ("/?room=K7M2QX" at most). */
#define NET_HOST_MAX 256
#define NET_PATH_MAX 512
#define NET_ROOM_QUERY_MAX (sizeof "/?" PROTO_ROOM_PARAM "=" + PROTO_CODE_LEN)
#define NET_CONN_PATH_MAX (NET_PATH_MAX + NET_ROOM_QUERY_MAX)
/* WinHTTP's timeouts for the resolve, the connect, a send and the HTTP
 * answer to the upgrade, in milliseconds (a lost network ends a try). */
#define NET_RESOLVE_TIMEOUT_MS 10000
#define NET_CONNECT_TIMEOUT_MS 10000
#define NET_SEND_TIMEOUT_MS 10000
#define NET_RECEIVE_TIMEOUT_MS 30000
/* WinHTTP may apply the receive timeout to a WebSocket's receive: pings
 * go at least this often, so a pong comes well within it. */
#define NET_PING_MAX_MS (NET_RECEIVE_TIMEOUT_MS / 3)
/* How long net_client_stop() lets the server answer the close before it
 * closes the handle under the reader. */
#define NET_STOP_GRACE_MS 5000
/* WebSocket's close status for a normal close (RFC 6455). */
#define NET_WS_CLOSE_NORMAL 1000
#define NET_HTTP_SWITCHING_PROTOCOLS 101
#define NET_PORT_WS 80
#define NET_PORT_WSS 443

struct net_client {
    /* Set at start, then read only. */
    wchar_t host[NET_HOST_MAX];
    char path[NET_PATH_MAX]; /* UTF-8, as the server's address gave it */
    INTERNET_PORT port;
    int tls;
    HINTERNET http; /* WinHttpOpen's session */
    HANDLE reader, writer;

    /* Guarded by lock. */
    CRITICAL_SECTION lock;
    CONDITION_VARIABLE cond;
    net_session *session;
    HINTERNET ws;
    int sending;
    ULONGLONG ping_at_ms; /* GetTickCount64() of the next ping; 0: none */
    int stopping;
    int shut_down; /* the writer sent the close for `ws` */

    /* The reader's only. */
    char *rx;
    char conn_path[NET_CONN_PATH_MAX];     /* path?room=CODE */
    wchar_t conn_wpath[NET_CONN_PATH_MAX]; /* the same in UTF-16 */
};

/* ------------------------------------------------------------------------
 * The address
 * ------------------------------------------------------------------------ */

/* UTF-8 @p len bytes of @p s into @p out (@p cap units, with its NUL): 0
 * or -1. */
static int widen(const char *s, int len, wchar_t *out, int cap)
{
    int n = len == 0 ? 0 : MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, len, out, cap - 1);
    if (len != 0 && n <= 0) {
        return -1;
    }
    out[n] = L'\0';
    return 0;
}

/* Reads "ws://HOST[:PORT][/PATH]" or "wss://...": 0, or -1. */
static int parse_url(net_client *c, const char *url)
{
    const char *host, *end, *colon = NULL, *p;
    long port;
    if (strncmp(url, "ws://", 5) == 0) {
        host = url + 5;
        c->tls = 0;
        port = NET_PORT_WS;
    } else if (strncmp(url, "wss://", 6) == 0) {
        host = url + 6;
        c->tls = 1;
        port = NET_PORT_WSS;
    } else {
        return -1;
    }
    end = host + strcspn(host, "/?#");
    if (host[0] == '[') { /* [IPv6] */
        const char *close = memchr(host, ']', (size_t)(end - host));
        if (close == NULL) {
            return -1;
        }
        colon = close[1] == ':' ? close + 1 : NULL;
    } else {
        colon = memchr(host, ':', (size_t)(end - host));
    }
    if (colon != NULL) {
        char *stop;
        if (colon + 1 == end) {
            return -1;
        }
        port = strtol(colon + 1, &stop, 10);
        if (stop != end || port < 1 || port > 65535) {
            return -1;
        }
    }
    p = colon != NULL ? colon : end;
    if (p == host || widen(host, (int)(p - host), c->host, NET_HOST_MAX) != 0) {
        return -1;
    }
    c->port = (INTERNET_PORT)port;
    {
        size_t len = strcspn(end, "#");
        /* "" is "/", and "?query" alone is "/?query". */
        int slash = *end != '/';
        if (len + (size_t)slash >= sizeof c->path) {
            return -1;
        }
        c->path[0] = '/';
        memcpy(c->path + slash, end, len);
        c->path[len + (size_t)slash] = '\0';
    }
    {
        wchar_t check[NET_PATH_MAX]; /* UTF-8, or refused now */
        return widen(c->path, (int)strlen(c->path), check, NET_PATH_MAX);
    }
}

/* ------------------------------------------------------------------------
 * The reader: connect, receive, back off
 * ------------------------------------------------------------------------ */

/* Opens the WebSocket (the HTTP upgrade, subprotocol ttt): the handle, or
 * NULL. @p conn is the connection's handle, closed by the caller. */
static HINTERNET open_ws(net_client *c, HINTERNET *conn)
{
    static const wchar_t proto_header[] = L"Sec-WebSocket-Protocol: ttt";
    HINTERNET req = NULL, ws = NULL;
    DWORD status = 0, size = sizeof status;
    int routed;
    /* The room goes in the address, for a proxy that routes by room. */
    EnterCriticalSection(&c->lock);
    routed = net_session_connect_url(c->session, c->path, c->conn_path, sizeof c->conn_path);
    LeaveCriticalSection(&c->lock);
    if (widen(routed == 0 ? c->conn_path : c->path,
              (int)strlen(routed == 0 ? c->conn_path : c->path), c->conn_wpath,
              NET_CONN_PATH_MAX) != 0) {
        return NULL;
    }
    *conn = WinHttpConnect(c->http, c->host, c->port, 0);
    if (*conn == NULL) {
        return NULL;
    }
    req = WinHttpOpenRequest(*conn, L"GET", c->conn_wpath, NULL, WINHTTP_NO_REFERER,
                             WINHTTP_DEFAULT_ACCEPT_TYPES, c->tls ? WINHTTP_FLAG_SECURE : 0);
    if (req != NULL && WinHttpSetOption(req, WINHTTP_OPTION_UPGRADE_TO_WEB_SOCKET, NULL, 0) &&
        WinHttpAddRequestHeaders(req, proto_header, (DWORD)-1L, WINHTTP_ADDREQ_FLAG_ADD) &&
        WinHttpSendRequest(req, WINHTTP_NO_ADDITIONAL_HEADERS, 0, WINHTTP_NO_REQUEST_DATA, 0, 0,
                           0) &&
        WinHttpReceiveResponse(req, NULL) &&
        WinHttpQueryHeaders(req, WINHTTP_QUERY_STATUS_CODE | WINHTTP_QUERY_FLAG_NUMBER,
                            WINHTTP_HEADER_NAME_BY_INDEX, &status, &size,
                            WINHTTP_NO_HEADER_INDEX) &&
        status == NET_HTTP_SWITCHING_PROTOCOLS) {
        ws = WinHttpWebSocketCompleteUpgrade(req, 0);
    }
    if (req != NULL) {
        WinHttpCloseHandle(req);
    }
    return ws;
}

/* The ping timer's period: the session's, capped by NET_PING_MAX_MS. The
 * lock is held. */
static ULONGLONG ping_period_ms(const net_client *c)
{
    int ms = net_session_ping_ms(c->session);
    return (ULONGLONG)(ms > 0 && ms < NET_PING_MAX_MS ? ms : NET_PING_MAX_MS);
}

/* Receives until the connection ends. */
static void receive_loop(net_client *c, HINTERNET ws)
{
    size_t len = 0;
    int skip = 0;
    for (;;) {
        DWORD n = 0;
        WINHTTP_WEB_SOCKET_BUFFER_TYPE type;
        char scratch[256];
        int full = skip || len >= NET_RX_MAX;
        char *at = full ? scratch : c->rx + len;
        DWORD room = full ? (DWORD)sizeof scratch : (DWORD)(NET_RX_MAX - len);
        if (WinHttpWebSocketReceive(ws, at, room, &n, &type) != NO_ERROR ||
            type == WINHTTP_WEB_SOCKET_CLOSE_BUFFER_TYPE) {
            return;
        }
        if (type != WINHTTP_WEB_SOCKET_UTF8_MESSAGE_BUFFER_TYPE &&
            type != WINHTTP_WEB_SOCKET_UTF8_FRAGMENT_BUFFER_TYPE) {
            skip = 1; /* binary: the server sends text only */
        } else if (full) {
            skip = 1; /* longer than NET_RX_MAX: dropped whole */
        } else {
            len += n;
        }
        if (type == WINHTTP_WEB_SOCKET_UTF8_MESSAGE_BUFFER_TYPE ||
            type == WINHTTP_WEB_SOCKET_BINARY_MESSAGE_BUFFER_TYPE) {
            if (!skip) {
                EnterCriticalSection(&c->lock);
                if (net_session_received(c->session, c->rx, len)) {
                    c->ping_at_ms = GetTickCount64() + ping_period_ms(c);
                }
                WakeAllConditionVariable(&c->cond);
                LeaveCriticalSection(&c->lock);
            }
            len = 0;
            skip = 0;
        }
    }
}

static DWORD WINAPI reader_main(void *arg)
{
    net_client *c = arg;
    /* The first connection waits for the first request, so that its
     * address can name the room the request is for. */
    EnterCriticalSection(&c->lock);
    while (!net_session_started(c->session) && !c->stopping) {
        SleepConditionVariableCS(&c->cond, &c->lock, INFINITE);
    }
    if (c->stopping) {
        LeaveCriticalSection(&c->lock);
        return 0;
    }
    LeaveCriticalSection(&c->lock);
    for (;;) {
        HINTERNET conn = NULL, ws = open_ws(c, &conn);
        int delay_ms;
        if (ws != NULL) {
            EnterCriticalSection(&c->lock);
            if (c->stopping) { /* the writer is gone: nobody would close it */
                LeaveCriticalSection(&c->lock);
                WinHttpCloseHandle(ws);
                ws = NULL;
            }
        }
        if (ws != NULL) {
            c->ws = ws;
            c->shut_down = 0;
            c->ping_at_ms = 0;
            net_session_opened(c->session);
            WakeAllConditionVariable(&c->cond);
            LeaveCriticalSection(&c->lock);
            receive_loop(c, ws);
            EnterCriticalSection(&c->lock);
            c->ws = NULL;
            while (c->sending) {
                SleepConditionVariableCS(&c->cond, &c->lock, INFINITE);
            }
            LeaveCriticalSection(&c->lock);
            WinHttpCloseHandle(ws);
        }
        if (conn != NULL) {
            WinHttpCloseHandle(conn);
        }
        EnterCriticalSection(&c->lock);
        if (c->stopping) {
            net_session_stop(c->session);
        }
        delay_ms = net_session_closed(c->session);
        WakeAllConditionVariable(&c->cond);
        if (delay_ms >= 0) {
            ULONGLONG until = GetTickCount64() + (ULONGLONG)delay_ms;
            ULONGLONG now;
            while (!c->stopping && (now = GetTickCount64()) < until) {
                SleepConditionVariableCS(&c->cond, &c->lock, (DWORD)(until - now));
            }
            if (c->stopping) {
                net_session_stop(c->session);
                (void)net_session_closed(c->session);
                delay_ms = -1;
            }
        }
        LeaveCriticalSection(&c->lock);
        if (delay_ms < 0) {
            return 0;
        }
    }
}

/* ------------------------------------------------------------------------
 * The writer: what the session has due, and the pings
 * ------------------------------------------------------------------------ */

static DWORD WINAPI writer_main(void *arg)
{
    net_client *c = arg;
    EnterCriticalSection(&c->lock);
    for (;;) {
        char *text;
        DWORD wait_ms = INFINITE;
        if (c->stopping) {
            if (c->ws != NULL && !c->shut_down) {
                HINTERNET ws = c->ws;
                c->shut_down = 1;
                c->sending = 1;
                LeaveCriticalSection(&c->lock);
                (void)WinHttpWebSocketShutdown(ws, NET_WS_CLOSE_NORMAL, NULL, 0);
                EnterCriticalSection(&c->lock);
                c->sending = 0;
                WakeAllConditionVariable(&c->cond);
            }
            break;
        }
        if (c->ws != NULL && c->ping_at_ms != 0) {
            ULONGLONG now = GetTickCount64();
            if (now >= c->ping_at_ms) {
                net_session_ping_due(c->session);
                c->ping_at_ms = now + ping_period_ms(c);
            }
            wait_ms = (DWORD)(c->ping_at_ms - now);
        }
        if (c->ws != NULL && (text = net_session_next_out(c->session)) != NULL) {
            HINTERNET ws = c->ws;
            DWORD rc;
            c->sending = 1;
            LeaveCriticalSection(&c->lock);
            rc = WinHttpWebSocketSend(ws, WINHTTP_WEB_SOCKET_UTF8_MESSAGE_BUFFER_TYPE, text,
                                      (DWORD)strlen(text));
            free(text);
            if (rc != NO_ERROR) {
                /* The connection is broken: the reader's receive ends. */
                (void)WinHttpWebSocketShutdown(ws, NET_WS_CLOSE_NORMAL, NULL, 0);
            }
            EnterCriticalSection(&c->lock);
            c->sending = 0;
            WakeAllConditionVariable(&c->cond);
            continue;
        }
        SleepConditionVariableCS(&c->cond, &c->lock, wait_ms);
    }
    LeaveCriticalSection(&c->lock);
    return 0;
}

/* ------------------------------------------------------------------------
 * The caller's side
 * ------------------------------------------------------------------------ */

static void free_client(net_client *c)
{
    if (c->http != NULL) {
        WinHttpCloseHandle(c->http);
    }
    DeleteCriticalSection(&c->lock);
    net_session_free(c->session);
    free(c->rx);
    free(c);
}

int net_client_start(const char *url, const char *agent, net_client **out, char *err, size_t cap)
{
    net_client *c;
    *out = NULL;
    c = calloc(1, sizeof *c);
    if (c == NULL || (c->rx = malloc(NET_RX_MAX)) == NULL ||
        (c->session = net_session_new(agent)) == NULL) {
        if (c != NULL) {
            free(c->rx);
        }
        free(c);
        snprintf(err, cap, "out of memory");
        return -1;
    }
    InitializeCriticalSection(&c->lock);
    InitializeConditionVariable(&c->cond);
    if (parse_url(c, url) != 0) {
        snprintf(err, cap, "'%s' is not a server address: ws://HOST:PORT or wss://HOST", url);
        free_client(c);
        return -1;
    }
    c->http = WinHttpOpen(L"ttt", WINHTTP_ACCESS_TYPE_DEFAULT_PROXY, WINHTTP_NO_PROXY_NAME,
                          WINHTTP_NO_PROXY_BYPASS, 0);
    if (c->http == NULL ||
        !WinHttpSetTimeouts(c->http, NET_RESOLVE_TIMEOUT_MS, NET_CONNECT_TIMEOUT_MS,
                            NET_SEND_TIMEOUT_MS, NET_RECEIVE_TIMEOUT_MS)) {
        snprintf(err, cap, "cannot start the network (WinHTTP error %lu)",
                 (unsigned long)GetLastError());
        free_client(c);
        return -1;
    }
    c->writer = CreateThread(NULL, 0, writer_main, c, 0, NULL);
    c->reader = c->writer != NULL ? CreateThread(NULL, 0, reader_main, c, 0, NULL) : NULL;
    if (c->reader == NULL) {
        snprintf(err, cap, "cannot start the network (no thread)");
        if (c->writer != NULL) {
            EnterCriticalSection(&c->lock);
            c->stopping = 1;
            WakeAllConditionVariable(&c->cond);
            LeaveCriticalSection(&c->lock);
            WaitForSingleObject(c->writer, INFINITE);
            CloseHandle(c->writer);
        }
        free_client(c);
        return -1;
    }
    *out = c;
    return 0;
}

void net_client_stop(net_client *c)
{
    if (c == NULL) {
        return;
    }
    EnterCriticalSection(&c->lock);
    c->stopping = 1;
    net_session_stop(c->session);
    WakeAllConditionVariable(&c->cond);
    LeaveCriticalSection(&c->lock);
    WaitForSingleObject(c->writer, INFINITE);
    if (WaitForSingleObject(c->reader, NET_STOP_GRACE_MS) != WAIT_OBJECT_0) {
        /* No answer to the close: closing the session's handle, and with it
         * its children, ends the receive (or the connect); the reader's
         * later calls on it fail. */
        WinHttpCloseHandle(c->http);
        WaitForSingleObject(c->reader, INFINITE);
        c->http = NULL;
    }
    CloseHandle(c->writer);
    CloseHandle(c->reader);
    free_client(c);
}

int net_client_send(net_client *c, const proto_request *req)
{
    char *text = proto_write_request(req);
    int rc = text != NULL ? net_client_send_text(c, text) : -1;
    free(text);
    return rc;
}

int net_client_send_text(net_client *c, const char *text)
{
    int rc;
    EnterCriticalSection(&c->lock);
    rc = net_session_queue(c->session, text);
    WakeAllConditionVariable(&c->cond);
    LeaveCriticalSection(&c->lock);
    return rc;
}

int net_client_poll(net_client *c, net_event *ev)
{
    int got;
    EnterCriticalSection(&c->lock);
    got = net_session_poll(c->session, ev);
    LeaveCriticalSection(&c->lock);
    return got;
}

int net_client_wait(net_client *c, net_event *ev, int timeout_ms)
{
    ULONGLONG until = GetTickCount64() + (timeout_ms > 0 ? (ULONGLONG)timeout_ms : 0);
    int got;
    EnterCriticalSection(&c->lock);
    while (!(got = net_session_poll(c->session, ev))) {
        ULONGLONG now = GetTickCount64();
        if (timeout_ms >= 0 && now >= until) {
            break;
        }
        SleepConditionVariableCS(&c->cond, &c->lock,
                                 timeout_ms < 0 ? INFINITE : (DWORD)(until - now));
    }
    LeaveCriticalSection(&c->lock);
    return got;
}

int net_client_fd(const net_client *c)
{
    (void)c;
    return -1;
}
