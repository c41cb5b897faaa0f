/*
 * online.c - the desktop game's online room (see online.h): replies from
 * the server in, the board and the status line out. No SDL, no sockets.
 */
#include "online.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"

void online_model_reset(online_model *m)
{
    memset(m, 0, sizeof *m);
    m->seat = -1;
}

void online_model_start(online_model *m)
{
    online_model_reset(m);
    m->link = ONLINE_LINK_CONNECTING;
}

void online_on_connected(online_model *m)
{
    m->link = ONLINE_LINK_UP;
}

void online_on_disconnected(online_model *m)
{
    if (m->link != ONLINE_LINK_STOPPED) m->link = ONLINE_LINK_RECONNECTING;
}

void online_on_stopped(online_model *m)
{
    m->link = ONLINE_LINK_STOPPED;
}

bool online_on_reply(online_model *m, const proto_reply *r)
{
    switch (r->type) {
    case PROTO_REP_WELCOME: m->link = ONLINE_LINK_UP; return false;
    case PROTO_REP_JOINED:
        if (strcmp(m->code, r->code) != 0 || strcmp(m->token, r->token) != 0 || m->seat != r->seat)
            m->token_changed = true;
        m->joined = true;
        m->seat = r->seat;
        snprintf(m->code, sizeof m->code, "%s", r->code);
        snprintf(m->token, sizeof m->token, "%s", r->token);
        m->error[0] = m->error_reason[0] = '\0';
        return false;
    case PROTO_REP_STATE:
        m->state = r->state;
        m->have_state = true;
        m->states++;
        return true;
    case PROTO_REP_ERROR:
        snprintf(m->error, sizeof m->error, "%s", r->message);
        snprintf(m->error_reason, sizeof m->error_reason, "%s", r->reason);
        if (r->fatal) m->link = ONLINE_LINK_STOPPED;
        return false;
    case PROTO_REP_PONG:
    default: return false;
    }
}

ttt_player online_my_side(const online_model *m)
{
    if (!m->joined || m->seat < 0 || !m->have_state) return TTT_PLAYER_NONE;
    return m->seat == m->state.x_seat ? TTT_PLAYER_X : TTT_PLAYER_O;
}

bool online_game_over(const online_model *m)
{
    return m->have_state && m->state.status != PROTO_STATUS_WAITING &&
           m->state.status != PROTO_STATUS_PLAYING;
}

bool online_can_resign(const online_model *m)
{
    return m->link == ONLINE_LINK_UP && m->joined && m->seat >= 0 && m->have_state &&
           m->state.status == PROTO_STATUS_PLAYING;
}

bool online_can_rematch(const online_model *m)
{
    return m->link == ONLINE_LINK_UP && m->joined && m->seat >= 0 && online_game_over(m) &&
           !m->state.rematch[m->seat];
}

bool online_apply(const online_model *m, play_state *p)
{
    if (!m->have_state) return true;
    const proto_state *s = &m->state;
    ttt_player resigned = TTT_PLAYER_NONE;
    if (s->resigned == 0 || s->resigned == 1) {
        /* The other seat won; X is the x_seat's mark. */
        int winner_seat = 1 - s->resigned;
        resigned = winner_seat == s->x_seat ? TTT_PLAYER_X : TTT_PLAYER_O;
    }
    /* Nobody moves before the friend has come: the server would refuse. */
    ttt_player side = s->status == PROTO_STATUS_WAITING ? TTT_PLAYER_NONE : online_my_side(m);
    return play_online_sync(p, s->size, s->k, s->move, s->moves, side, resigned);
}

void online_status_text(const online_model *m, char *buf, size_t cap)
{
    const proto_state *s = &m->state;
    switch (m->link) {
    case ONLINE_LINK_OFF: snprintf(buf, cap, "%s", ""); return;
    case ONLINE_LINK_CONNECTING:
        /* TRANSLATORS: the status line while the game connects to the
           online game's server. */
        snprintf(buf, cap, "%s", _("Connecting to the server\xE2\x80\xA6"));
        return;
    case ONLINE_LINK_RECONNECTING:
        /* TRANSLATORS: the status line: the connection dropped; the game
           tries again by itself. */
        snprintf(buf, cap, "%s", _("Connection lost: reconnecting\xE2\x80\xA6"));
        return;
    case ONLINE_LINK_STOPPED:
        if (m->error[0])
            /* TRANSLATORS: the status line when the server ended the online
               game; %s is the server's reason, in English. */
            snprintf(buf, cap, _("Disconnected: %s"), m->error);
        else
            snprintf(buf, cap, "%s", _("Disconnected from the server"));
        return;
    case ONLINE_LINK_UP: break;
    }
    if (!m->joined || !m->have_state) {
        if (m->error[0])
            /* TRANSLATORS: the status line: the server refused what was
               asked; %s is its reason, in English. */
            snprintf(buf, cap, _("Refused: %s"), m->error);
        else
            snprintf(buf, cap, "%s", _("Connected: opening the room\xE2\x80\xA6"));
        return;
    }
    int friend_seat = m->seat >= 0 ? 1 - m->seat : -1;
    if (s->status == PROTO_STATUS_WAITING) {
        /* TRANSLATORS: the status line of an online room no friend has
           joined yet; %s is the room's code. */
        snprintf(buf, cap, _("Waiting for your friend \xE2\x80\x94 room %s"), m->code);
        return;
    }
    bool over = s->status != PROTO_STATUS_PLAYING;
    /* The friend's absence first, after a game too: a rematch waits for them. */
    if (friend_seat >= 0 && s->taken[friend_seat] && !s->connected[friend_seat]) {
        /* TRANSLATORS: the status line: the other player's connection
           dropped; their seat waits for them. */
        snprintf(buf, cap, "%s", _("Your friend left: waiting for them to come back"));
        return;
    }
    if (over && friend_seat >= 0 && s->rematch[m->seat] != s->rematch[friend_seat]) {
        if (s->rematch[m->seat])
            /* TRANSLATORS: the status line online after a game: you asked
               to play again; the friend has not yet. */
            snprintf(buf, cap, "%s", _("Rematch asked: waiting for your friend"));
        else
            /* TRANSLATORS: the status line online after a game: the friend
               asked to play again; N (New game) accepts. */
            snprintf(buf, cap, "%s", _("Your friend asks for a rematch: N accepts"));
        return;
    }
    ttt_player me = online_my_side(m);
    switch (s->status) {
    case PROTO_STATUS_PLAYING: {
        ttt_player turn = s->moves % 2 == 0 ? TTT_PLAYER_X : TTT_PLAYER_O;
        if (me == TTT_PLAYER_NONE) /* TRANSLATORS: watching an online game; %s is X or O. */
            snprintf(buf, cap, _("Watching: %s to move"), ttt_player_name(turn));
        else if (turn == me)
            snprintf(buf, cap, _("Your move \xE2\x80\x94 you are %s"), ttt_player_name(me));
        else
            /* TRANSLATORS: the status line online; %s is the friend's mark. */
            snprintf(buf, cap, _("Your friend's move (%s)"), ttt_player_name(turn));
        return;
    }
    case PROTO_STATUS_DRAW:
        snprintf(buf, cap, "%s", _("Cat's game \xE2\x80\x94 nobody wins"));
        return;
    case PROTO_STATUS_X_WON:
    case PROTO_STATUS_O_WON: {
        ttt_player w = s->status == PROTO_STATUS_X_WON ? TTT_PLAYER_X : TTT_PLAYER_O;
        bool resigned = s->resigned >= 0;
        if (me == TTT_PLAYER_NONE)
            snprintf(buf, cap, _("%s wins!"), ttt_player_name(w));
        else if (w == me)
            snprintf(buf, cap, "%s",
                     /* TRANSLATORS: online: the friend gave the game up. */
                     resigned ? _("Your friend resigned: you win!") : _("You win!"));
        else
            snprintf(buf, cap, "%s",
                     /* TRANSLATORS: online: you gave the game up. */
                     resigned ? _("You resigned") : _("Your friend wins"));
        return;
    }
    case PROTO_STATUS_WAITING:
    default: return;
    }
}

play_score online_score(const online_model *m)
{
    play_score sc = {{0, 0}, 0};
    if (!m->have_state) return sc;
    /* Under the marks of the game on screen: X's seat's wins, then O's. */
    int x = m->state.x_seat == 1 ? 1 : 0;
    sc.wins[0] = m->state.score[x];
    sc.wins[1] = m->state.score[1 - x];
    sc.draws = m->state.score[2];
    return sc;
}
