/*
 * app_online_host.c - "Host a game on this network" in the desktop game
 * (see app_online_internal.h): the server built in (server/server.h), run
 * on a thread of its own with its database beside the settings, this
 * machine's addresses, and what a friend needs to reach a room: its link
 * and the addresses to type.
 */
#include "app_online.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_online_internal.h"
#include "i18n.h"

#ifdef TTT_HAVE_NET

#ifdef TTT_HAVE_HOST
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#endif

#ifdef TTT_HAVE_HOST
static int server_thread(void *data)
{
    return srv_service(data);
}

/* This machine's IPv4 addresses on its networks (not the loopback). */
static void find_addresses(char *out, size_t cap)
{
    out[0] = '\0';
    struct ifaddrs *list = NULL;
    if (getifaddrs(&list) != 0) return;
    int n = 0;
    for (struct ifaddrs *a = list; a && n < ONLINE_MAX_ADDRESSES; a = a->ifa_next) {
        if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
        if ((a->ifa_flags & IFF_LOOPBACK) || !(a->ifa_flags & IFF_UP)) continue;
        char ip[INET_ADDRSTRLEN];
        const struct sockaddr_in *in = (const struct sockaddr_in *)(const void *)a->ifa_addr;
        if (!inet_ntop(AF_INET, &in->sin_addr, ip, sizeof ip)) continue;
        size_t used = strlen(out);
        snprintf(out + used, cap - used, "%s%s", n ? ", " : "", ip);
        n++;
    }
    freeifaddrs(list);
}

void online_host_stop(struct app_online *o)
{
    if (!o->server) return;
    srv_stop(o->server);
    if (o->server_thread) SDL_WaitThread(o->server_thread, NULL);
    srv_close(o->server);
    o->server = NULL;
    o->server_thread = NULL;
}

/* Starts the hosted server on @p port (0: any free one; a port taken since
 * falls back to any). @return false, said in the model's error. */
bool online_host_start(app_state *app, int port)
{
    struct app_online *o = app->online;
    if (o->server) return true;
    online_beside_settings(app, ONLINE_DB_NAME, o->db_path, sizeof o->db_path);
    if (!o->db_path[0]) snprintf(o->db_path, sizeof o->db_path, "%s", ":memory:");
    srv_config *cfg = &o->server_cfg;
    memset(cfg, 0, sizeof *cfg);
    cfg->db_path = o->db_path;
    srv_limits_default(&cfg->limits);
    cfg->port = port;
    if (srv_open(cfg, &o->server) != 0) {
        cfg->port = 0;
        if (port == 0 || srv_open(cfg, &o->server) != 0) {
            o->server = NULL;
            /* TRANSLATORS: the online lobby, when the game could not run
               its own server. */
            snprintf(o->model.error, sizeof o->model.error, "%s",
                     _("Could not start a server on this machine"));
            return false;
        }
    }
    o->host_port = srv_port(o->server);
    o->server_thread = SDL_CreateThread(server_thread, "ttt-host", o->server);
    if (!o->server_thread) {
        SDL_Log("Couldn't start the server's thread: %s", SDL_GetError());
        srv_close(o->server);
        o->server = NULL;
        return false;
    }
    find_addresses(o->addresses, sizeof o->addresses);
    return true;
}

#else /* !TTT_HAVE_HOST */
void online_host_stop(struct app_online *o)
{
    (void)o;
}

bool online_host_start(app_state *app, int port)
{
    (void)port;
    snprintf(app->online->model.error, sizeof app->online->model.error, "%s",
             _("Could not start a server on this machine"));
    return false;
}
#endif

void app_online_link(const app_state *app, char *buf, size_t cap)
{
    const struct app_online *o = app->online;
    buf[0] = '\0';
    if (!o || !o->model.joined) return;
    if (o->server && !o->server_setting[0]) {
        /* Hosted: the first address a friend can reach. */
        char first[64] = "127.0.0.1"; /* an IPv4 address */
        if (o->addresses[0])
            snprintf(first, sizeof first, "%.*s", (int)strcspn(o->addresses, ","), o->addresses);
        snprintf(buf, cap, "http://%s:%d/#join=%s", first, o->host_port, o->model.code);
        return;
    }
    /* ws://HOST[:PORT]/ is served over http:// (wss: https:). */
    const char *rest = o->url;
    const char *scheme = "http://";
    if (strncmp(rest, "wss://", 6) == 0) {
        scheme = "https://";
        rest += 6;
    } else if (strncmp(rest, "ws://", 5) == 0) {
        rest += 5;
    }
    int host = (int)strcspn(rest, "/");
    snprintf(buf, cap, "%s%.*s/#join=%s", scheme, host, rest, o->model.code);
}

void app_online_addresses(const app_state *app, char *buf, size_t cap)
{
    const struct app_online *o = app->online;
    buf[0] = '\0';
    if (!o || !o->server) return;
    /* Each address with the port: what a friend types before the code. */
    const char *a = o->addresses[0] ? o->addresses : "127.0.0.1";
    size_t used = 0;
    while (*a && used + 1 < cap) {
        int len = (int)strcspn(a, ",");
        int n =
            snprintf(buf + used, cap - used, "%s%.*s:%d", used ? ", " : "", len, a, o->host_port);
        if (n < 0) break;
        used += (size_t)n;
        a += len;
        while (*a == ',' || *a == ' ')
            a++;
    }
}

#else /* !TTT_HAVE_NET */

void app_online_link(const app_state *app, char *buf, size_t cap)
{
    (void)app;
    if (cap) buf[0] = '\0';
}
void app_online_addresses(const app_state *app, char *buf, size_t cap)
{
    (void)app;
    if (cap) buf[0] = '\0';
}

#endif /* TTT_HAVE_NET */
