/* A reader of ISS game records (see iss.h for the format and its sources):
 * a small tokenizer that keeps lines and columns, and the state machine of
 * an ISS game (bidding, skat, declaration, card play) that checks every move
 * and fills a Deal. */
#include "iss.h"
#include "gamevalue.h"
#include "notation.h"
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TOKEN_BYTES = 160 };

struct IssReader {
    char *path;      /* as messages show it (text_shown_clean) */
    const char *text;
    size_t size, pos;
    Mark at;         /* line and column of text[pos] */
    int records;     /* records read so far, good or refused */
    int *ladder;     /* the bids the server takes, made at the first bid */
    int ladder_count;
};

/* ---- characters and messages ------------------------------------------- */

static bool fail(IssReader *r, Mark m, char *err, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static bool fail(IssReader *r, Mark m, char *err, size_t n, const char *fmt, ...)
{
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    snprintf(err, n, "%s:%d:%d: %s", r->path, m.line, m.column, message);
    text_one_line(err);
    return false;
}

static bool at_end(const IssReader *r) { return r->pos >= r->size; }
static char peek(const IssReader *r) { return at_end(r) ? '\0' : r->text[r->pos]; }

static void advance(IssReader *r)
{
    if (at_end(r))
        return;
    unsigned char ch = (unsigned char)r->text[r->pos++];
    if (ch == '\n') {
        r->at.line++;
        r->at.column = 1;
    } else if ((ch & 0xc0) != 0x80) {
        r->at.column++;
    }
}

static bool is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v'; }

/* Blanks and '#' comments (ISS drops a comment up to the end of its line). */
static void skip_blank(IssReader *r)
{
    while (!at_end(r)) {
        char ch = peek(r);
        if (ch == '#') {
            while (!at_end(r) && peek(r) != '\n')
                advance(r);
        } else if (is_blank(ch)) {
            advance(r);
        } else {
            break;
        }
    }
}

static bool looking_at(const IssReader *r, const char *s)
{
    size_t n = strlen(s);
    return r->size - r->pos >= n && memcmp(r->text + r->pos, s, n) == 0;
}

bool iss_detect_at(const char *text, size_t size, Mark *where)
{
    IssReader r = {.text = text, .size = size, .at = {1, 1}}; /* no messages: no path */
    if (size >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
        r.pos = 3;
    skip_blank(&r);
    *where = r.at;
    return looking_at(&r, "(;");
}

bool iss_detect(const char *text, size_t size)
{
    Mark where;
    return iss_detect_at(text, size, &where);
}

IssReader *iss_reader_new(const char *path, const char *text, size_t size)
{
    IssReader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    *r = (IssReader){.path = strdup(path), .text = text, .size = size, .at = {1, 1}};
    if (!r->path) {
        free(r);
        return NULL;
    }
    text_shown_clean(r->path);
    if (size >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
        r->pos = 3;
    return r;
}

void iss_reader_free(IssReader *r)
{
    if (r) {
        free(r->ladder);
        free(r->path);
    }
    free(r);
}

/* The server bids by the ISkO's game values, whatever rules the record is
 * later scored under: a bid off that ladder is a damaged record. */
static bool load_ladder(IssReader *r)
{
    if (r->ladder)
        return true;
    RuleSystem *isko = malloc(sizeof *isko);
    int *ladder = malloc((RULES_MAX_VALUE + 1) * sizeof *ladder);
    char err[RULES_TEXT];
    bool ok = isko && ladder && rules_load("isko", NULL, isko, err, sizeof err);
    if (ok)
        r->ladder_count = bid_ladder(isko, ladder, RULES_MAX_VALUE + 1);
    free(isko);
    if (!ok || r->ladder_count <= 0) {
        free(ladder);
        return false;
    }
    r->ladder = ladder;
    return true;
}

/* What next_token found wrong with a token. */
typedef enum { TOKEN_OK, TOKEN_TOO_LONG, TOKEN_NUL } TokenTrouble;

/* A token of MV: the characters up to a blank, ']' or a comment.  False at
 * ']' (not consumed) or the end of the text.  A token too long for out, or
 * holding a NUL byte (*nul_at: where), is kept as far as it goes and
 * *trouble set: what stands beyond the cut or the NUL must not be dropped
 * unseen (a deal with a card that is none at its end read as the deal). */
static bool next_token(IssReader *r, char out[TOKEN_BYTES], Mark *m, TokenTrouble *trouble, Mark *nul_at)
{
    skip_blank(r);
    if (at_end(r) || peek(r) == ']')
        return false;
    *m = r->at;
    *trouble = TOKEN_OK;
    size_t n = 0;
    while (!at_end(r) && !is_blank(peek(r)) && peek(r) != ']' && peek(r) != '#') {
        if (peek(r) == '\0' && *trouble != TOKEN_NUL) {
            *trouble = TOKEN_NUL;
            *nul_at = r->at;
        }
        if (n + 1 < TOKEN_BYTES)
            out[n++] = peek(r);
        else if (*trouble == TOKEN_OK)
            *trouble = TOKEN_TOO_LONG;
        advance(r);
    }
    out[n] = '\0';
    return true;
}

static const char *shown(const char *text, char out[DEAL_SHOWN_BYTES + 4])
{
    return deal_shown_text(text, strlen(text), out);
}

/* ---- cards --------------------------------------------------------------- */

/* An ISS card: suit C S H D, rank A K Q J T 9 8 7; CARD_NONE otherwise. */
static int iss_card(const char *s, size_t len)
{
    static const char suits[] = "CSHD", ranks[] = "789TJQKA";
    if (len != 2)
        return CARD_NONE;
    const char *suit = memchr(suits, s[0], 4), *rank = memchr(ranks, s[1], 8);
    if (!suit || !rank || !s[0] || !s[1])
        return CARD_NONE;
    return card_make((int)(suit - suits), (int)(rank - ranks));
}

/* Splits "C1.C2|C3..." into cards.  Returns the count, or -1 with a message
 * (unknown or hidden card, too many). */
static int card_list(IssReader *r, const char *token, Mark m, const char *what, int *cards, int most, char *err,
                     size_t n)
{
    char buf[DEAL_SHOWN_BYTES + 4];
    int count = 0;
    for (const char *p = token; *p;) {
        if (*p == '.' || *p == '|') {
            p++;
            continue;
        }
        size_t len = strcspn(p, ".|");
        char name[8];
        snprintf(name, sizeof name, "%.*s", (int)(len < 6 ? len : 6), p);
        if (len == 2 && p[0] == '?' && p[1] == '?') {
            fail(r, m, err, n, "%s: hidden card '?\?' (a player's view of the game; analysis needs every card)", what);
            return -1;
        }
        int card = iss_card(p, len);
        if (card == CARD_NONE) {
            fail(r, m, err, n, "%s: unknown card '%s' in '%s'", what, name, shown(token, buf));
            return -1;
        }
        if (count == most) {
            fail(r, m, err, n, "%s: more than %d cards in '%s'", what, most, shown(token, buf));
            return -1;
        }
        cards[count++] = card;
        p += len;
    }
    return count;
}

/* ---- the game ------------------------------------------------------------ */

typedef enum { PH_DEAL, PH_BID, PH_ANSWER, PH_DECLARE, PH_GET_SKAT, PH_DISCARD, PH_DISCARD_HALF, PH_PLAY, PH_OVER } Phase;

typedef struct {
    IssReader *r;
    IssGame *g;
    char *err;
    size_t err_size;
    Phase phase;
    int to_move, bidder, asked, max_bid;
    int declarer;
    CardSet hands[SEAT_COUNT], skat;
    Contract contract;
    bool declared;
    Position pos;
    unsigned resigned;        /* defenders who resigned, one bit per seat */
    bool claimed;             /* the declarer showed his cards (SC), no card played since */
} Game;

static const char *who_name(int who) { return who < 0 ? "the server (w)" : seat_name(who); }

/* A declaration "G", "NOH", "CHS" ...: game type then modifiers. */
static bool parse_declaration(Game *s, const char *type, Mark m)
{
    static const char letters[] = "CSHDGN";
    static const GameType games[] = {GAME_CLUBS, GAME_SPADES, GAME_HEARTS, GAME_DIAMONDS, GAME_GRAND, GAME_NULL};
    char buf[DEAL_SHOWN_BYTES + 4];
    const char *hit = type[0] ? strchr(letters, type[0]) : NULL;
    if (!hit)
        return fail(s->r, m, s->err, s->err_size, "unknown game declaration '%s' (G C S H D N, then O H S Z)",
                    shown(type, buf));
    Contract c = {.game = games[hit - letters]};
    for (const char *p = type + 1; *p; p++) {
        switch (*p) {
        case 'O': c.ouvert = true; break;
        case 'H': c.hand = true; break;
        case 'S': c.schneider_announced = true; break;
        case 'Z': c.schwarz_announced = true; break;
        default:
            return fail(s->r, m, s->err, s->err_size, "unknown letter '%c' in game declaration '%s' (O H S Z)", *p,
                        shown(type, buf));
        }
    }
    if (c.ouvert && c.game != GAME_NULL)
        c.hand = c.schneider_announced = c.schwarz_announced = true;
    if (c.schwarz_announced)
        c.schneider_announced = true;
    if (c.game == GAME_NULL && c.schneider_announced)
        return fail(s->r, m, s->err, s->err_size, "game declaration '%s': schneider or schwarz announced in a null game",
                    shown(type, buf));
    if (!c.hand && c.schneider_announced)
        return fail(s->r, m, s->err, s->err_size, "game declaration '%s': schneider or schwarz announced without hand",
                    shown(type, buf));
    s->contract = c;
    return true;
}

/* The cards the declarer shows must be his hand, each once: his ten in an
 * ouvert declaration, those he still holds in a claim (SC). */
static bool check_shown(Game *s, const int *cards, int count, CardSet hand, Mark m)
{
    CardSet shown_set = 0;
    for (int i = 0; i < count; i++)
        shown_set |= card_bit(cards[i]);
    if (count != set_count(hand) || shown_set != hand)
        return fail(s->r, m, s->err, s->err_size, "the cards shown are not the %d cards the declarer holds",
                    set_count(hand));
    return true;
}

static void start_play(Game *s, CardSet discard)
{
    IssGame *g = s->g;
    Deal *d = &g->deal;
    d->has_declarer = true;
    d->declarer = s->declarer;
    d->has_contract = true;
    d->contract = s->contract;
    d->bid = s->max_bid;
    d->has_discard = discard != 0;
    d->discard = discard;
    Position *p = &s->pos;
    *p = (Position){.game = s->contract.game, .declarer = s->declarer, .leader = SEAT_FOREHAND};
    memcpy(p->hands, s->hands, sizeof p->hands);
    if (discard) {
        p->hands[s->declarer] = (p->hands[s->declarer] | s->skat) & ~discard;
        p->declarer_points = set_points(discard);
    } else {
        p->declarer_points = set_points(s->skat);
    }
    s->declared = true;
    s->phase = PH_PLAY;
    s->to_move = SEAT_FOREHAND;
}

static void finish(Game *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void finish(Game *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->g->ending, sizeof s->g->ending, fmt, ap);
    va_end(ap);
    s->phase = PH_OVER;
}

static bool move_deal(Game *s, int who, const char *move, Mark m)
{
    int cards[32];
    if (who >= 0)
        return fail(s->r, m, s->err, s->err_size, "the record must start with the deal 'w CARDS', not a move of %s",
                    seat_name(who));
    int n = card_list(s->r, move, m, "deal", cards, 32, s->err, s->err_size);
    if (n < 0)
        return false;
    if (n != 32)
        return fail(s->r, m, s->err, s->err_size, "the deal holds %d cards, it needs 32 (10 per player and the skat)", n);
    CardSet all = 0;
    for (int i = 0; i < 32; i++) {
        if (set_has(all, cards[i])) {
            char name[3];
            return fail(s->r, m, s->err, s->err_size, "duplicate card %s in the deal", card_name(cards[i], name));
        }
        all |= card_bit(cards[i]);
        if (i < 30)
            s->hands[i / 10] |= card_bit(cards[i]);
        else
            s->skat |= card_bit(cards[i]);
    }
    Deal *d = &s->g->deal;
    memcpy(d->hands, s->hands, sizeof d->hands);
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        d->has_hand[seat] = true;
    d->has_skat = true;
    d->skat = s->skat;
    d->full_deal = true;
    s->phase = PH_BID;
    s->to_move = SEAT_MIDDLEHAND;
    s->bidder = SEAT_MIDDLEHAND;
    s->asked = SEAT_FOREHAND;
    return true;
}

/* A whole number written as the server writes it: an optional '-' (the
 * result's value alone: negative), decimal digits, nothing after them.
 * strtol also took a '+', a blank and digits after one ("v: 7" read the
 * next field), so "+18" was the bid 18.  False otherwise, or out of range. */
static bool iss_number(const char *text, size_t len, bool negative_allowed, long most, long *out)
{
    bool minus = negative_allowed && len > 0 && text[0] == '-';
    size_t digits = strspn(text + minus, "0123456789");
    if (digits == 0 || digits > 6 || minus + digits != len)
        return false;
    long v = strtol(text, NULL, 10);
    if (v > most || v < -most)
        return false;
    *out = v;
    return true;
}

static bool parse_bid(Game *s, const char *move, Mark m, int *bid)
{
    long v;
    char buf[DEAL_SHOWN_BYTES + 4];
    if (!iss_number(move, strlen(move), false, 499, &v))
        return fail(s->r, m, s->err, s->err_size, "%s: expected a bid (a number below 500) or p, not '%s'",
                    seat_name(s->to_move), shown(move, buf));
    if (v <= s->max_bid)
        return fail(s->r, m, s->err, s->err_size, "%s bids %ld, not above the bid of %d", seat_name(s->to_move), v,
                    s->max_bid);
    if (!load_ladder(s->r))
        return fail(s->r, m, s->err, s->err_size, "out of memory");
    const int *ladder = s->r->ladder;
    int count = s->r->ladder_count, at = 0;
    while (at < count && ladder[at] < v)
        at++;
    if (at == count || ladder[at] != v) {
        char nearest[64];
        bid_nearest_text(ladder, count, (int)v, nearest, sizeof nearest);
        return fail(s->r, m, s->err, s->err_size, "%s bids %ld, not a game value of the ISkO that the server bids by (%s)",
                    seat_name(s->to_move), v, nearest);
    }
    *bid = (int)v;
    return true;
}

static bool move_bid(Game *s, const char *move, Mark m)
{
    if (strcmp(move, "p") == 0) {
        if (s->bidder == SEAT_FOREHAND) {
            s->g->passed = true;
            finish(s, "all players passed");
        } else if (s->bidder == SEAT_MIDDLEHAND) {
            s->bidder = SEAT_REARHAND;
            s->asked = SEAT_FOREHAND;
            s->to_move = SEAT_REARHAND;
        } else if (s->max_bid < 18) {
            s->bidder = SEAT_FOREHAND;
            s->asked = -1;
            s->to_move = SEAT_FOREHAND;
        } else {
            s->declarer = s->asked;
            s->to_move = s->declarer;
            s->phase = PH_DECLARE;
        }
        return true;
    }
    int bid = 0;
    if (!parse_bid(s, move, m, &bid))
        return false;
    s->max_bid = bid;
    if (s->to_move == SEAT_FOREHAND) { /* forehand bids after both others passed */
        s->declarer = SEAT_FOREHAND;
        s->phase = PH_DECLARE;
        return true;
    }
    s->phase = PH_ANSWER;
    s->to_move = s->asked;
    return true;
}

static bool move_answer(Game *s, const char *move, Mark m)
{
    char buf[DEAL_SHOWN_BYTES + 4];
    if (strcmp(move, "y") == 0) {
        s->phase = PH_BID;
        s->to_move = s->bidder;
    } else if (strcmp(move, "p") == 0) {
        if (s->bidder == SEAT_MIDDLEHAND) {
            s->phase = PH_BID;
            s->bidder = SEAT_REARHAND;
            s->asked = SEAT_MIDDLEHAND;
            s->to_move = SEAT_REARHAND;
        } else {
            s->declarer = s->bidder;
            s->to_move = s->declarer;
            s->phase = PH_DECLARE;
        }
    } else {
        return fail(s->r, m, s->err, s->err_size, "%s answers a bid of %d: expected y or p, not '%s'",
                    seat_name(s->to_move), s->max_bid, shown(move, buf));
    }
    return true;
}

/* Splits "TYPE.C1.C2..." at the first '.'. */
static void split_type(const char *move, char type[TOKEN_BYTES], const char **rest)
{
    size_t n = strcspn(move, ".");
    memcpy(type, move, n);
    type[n] = '\0';
    *rest = move + n;
}

static bool move_declare(Game *s, const char *move, Mark m)
{
    if (strcmp(move, "s") == 0) {
        s->phase = PH_GET_SKAT;
        s->to_move = -1;
        return true;
    }
    char type[TOKEN_BYTES];
    const char *rest;
    split_type(move, type, &rest);
    if (!parse_declaration(s, type, m))
        return false;
    if (!s->contract.hand)
        return fail(s->r, m, s->err, s->err_size, "%s declares '%s' without picking up the skat: a hand game needs H",
                    seat_name(s->declarer), type);
    int cards[12];
    int n = card_list(s->r, rest, m, "hand game declaration", cards, 12, s->err, s->err_size);
    if (n < 0 || (n > 0 && !check_shown(s, cards, n, s->hands[s->declarer], m)))
        return false;
    start_play(s, 0);
    return true;
}

static bool move_get_skat(Game *s, const char *move, Mark m)
{
    int cards[2];
    int n = card_list(s->r, move, m, "skat", cards, 2, s->err, s->err_size);
    if (n < 0)
        return false;
    if (n != 2 || (card_bit(cards[0]) | card_bit(cards[1])) != s->skat)
        return fail(s->r, m, s->err, s->err_size, "the skat handed to the declarer is not the skat of the deal");
    s->phase = PH_DISCARD;
    s->to_move = s->declarer;
    return true;
}

static bool discard_cards(Game *s, const int *cards, int n, Mark m)
{
    CardSet twelve = s->hands[s->declarer] | s->skat;
    if (n < 2 || cards[0] == cards[1])
        return fail(s->r, m, s->err, s->err_size, "the declaration needs two different cards to put away");
    for (int i = 0; i < 2; i++)
        if (!set_has(twelve, cards[i])) {
            char name[3];
            return fail(s->r, m, s->err, s->err_size, "discard %s is not among %s's cards and the skat",
                        card_name(cards[i], name), seat_name(s->declarer));
        }
    CardSet discard = card_bit(cards[0]) | card_bit(cards[1]);
    if (n > 2 && !check_shown(s, cards + 2, n - 2, twelve & ~discard, m))
        return false;
    start_play(s, discard);
    return true;
}

static bool move_discard(Game *s, const char *move, Mark m)
{
    char type[TOKEN_BYTES];
    const char *rest;
    int cards[12];
    if (s->phase == PH_DISCARD_HALF) {
        int n = card_list(s->r, move, m, "discard", cards, 12, s->err, s->err_size);
        return n >= 0 && discard_cards(s, cards, n, m);
    }
    split_type(move, type, &rest);
    if (!parse_declaration(s, type, m))
        return false;
    if (s->contract.hand)
        return fail(s->r, m, s->err, s->err_size, "'%s' is a hand game, but the declarer picked up the skat", type);
    if (!*rest) { /* the declaration alone; the discard follows */
        s->phase = PH_DISCARD_HALF;
        return true;
    }
    int n = card_list(s->r, rest, m, "declaration", cards, 12, s->err, s->err_size);
    return n >= 0 && discard_cards(s, cards, n, m);
}

/* After a trick: the ISS ends a game once its outcome is settled. */
static void after_trick(Game *s, int winner)
{
    Position *p = &s->pos;
    int tricks = p->declarer_tricks + p->defender_tricks;
    int defender_points = 120 - p->declarer_points - position_points_left(p);
    if (tricks == 10) {
        s->g->complete = true;
        finish(s, "ten tricks played");
    } else if (p->game == GAME_NULL && winner == s->declarer) {
        finish(s, "the declarer took a trick: the null game is lost");
    } else if (winner != s->declarer && s->contract.schwarz_announced) {
        finish(s, "the defenders took a trick: the announced schwarz failed");
    } else if (winner != s->declarer && s->contract.schneider_announced && defender_points > 30) {
        finish(s, "the defenders passed 30 points: the announced schneider failed");
    }
}

/* RE: the declarer gives up, or both defenders, each once. */
static bool resign(Game *s, int who, Mark m)
{
    if (who == s->declarer) {
        s->g->end = ISS_END_DECLARER_GAVE_UP;
        finish(s, "the declarer resigned");
        return true;
    }
    if (s->resigned & 1u << who)
        return fail(s->r, m, s->err, s->err_size, "%s resigns a second time (RE)", seat_name(who));
    s->resigned |= 1u << who;
    if (s->resigned != (1u << who)) {
        s->g->end = ISS_END_DEFENDERS_GAVE_UP;
        finish(s, "both defenders resigned");
    }
    return true;
}

static bool move_play(Game *s, int who, const char *move, Mark m)
{
    char buf[DEAL_SHOWN_BYTES + 4], name[3];
    if (who < 0)
        return fail(s->r, m, s->err, s->err_size, "the server (w) plays '%s', but only the players (0, 1, 2) play cards",
                    shown(move, buf));
    if (strcmp(move, "RE") == 0)
        return resign(s, who, m);
    if (strncmp(move, "SC", 2) == 0 && (move[2] == '\0' || move[2] == '.')) {
        if (who != s->declarer)
            return fail(s->r, m, s->err, s->err_size, "only the declarer may show his cards (SC)");
        /* The cards were taken unseen: "SC.ZZ" or another hand stood as a
         * claim, and the rest went to the declarer. */
        if (s->claimed)
            return fail(s->r, m, s->err, s->err_size, "the declarer shows his cards a second time (SC), no card "
                        "played since");
        int cards[DEAL_MAX_CARDS];
        int count = move[2] ? card_list(s->r, move + 3, m, "claim (SC)", cards, DEAL_MAX_CARDS, s->err, s->err_size) : 0;
        if (count < 0 || (move[2] && !check_shown(s, cards, count, s->pos.hands[who], m)))
            return false;
        s->claimed = true;
        return true;
    }
    if (who != s->to_move)
        return fail(s->r, m, s->err, s->err_size, "%s plays '%s', but %s is to play", seat_name(who), shown(move, buf),
                    seat_name(s->to_move));
    int card = iss_card(move, strlen(move));
    if (card == CARD_NONE)
        return fail(s->r, m, s->err, s->err_size, "%s: expected a card (such as CA or HT), not '%s'", seat_name(who),
                    shown(move, buf));
    Position *p = &s->pos;
    if (!set_has(p->hands[who], card))
        return fail(s->r, m, s->err, s->err_size, "illegal play: %s is not in %s's hand", card_name(card, name),
                    seat_name(who));
    if (!set_has(position_legal_moves(p), card))
        return fail(s->r, m, s->err, s->err_size, "illegal play: %s must follow suit, plays %s", seat_name(who),
                    card_name(card, name));
    s->claimed = false; /* the game went on after a claim: it stands only where the moves end with it */
    Deal *d = &s->g->deal;
    s->g->play_marks[d->play_count] = m;
    d->play[d->play_count++] = card;
    if (d->play_count == 1)
        d->play_mark = m;
    int winner = position_play(p, card);
    s->to_move = position_to_move(p);
    if (winner >= 0)
        after_trick(s, winner);
    return true;
}

/* Time-outs and players leaving end the game in any phase. */
static bool world_event(Game *s, const char *move)
{
    if (strlen(move) != 4 || move[3] < '0' || move[3] > '2')
        return false;
    int seat = move[3] - '0';
    if (strncmp(move, "TI.", 3) == 0)
        finish(s, "time-out of %s", seat_name(seat));
    else if (strncmp(move, "LE.", 3) == 0)
        finish(s, "%s left the table", seat_name(seat));
    else
        return false;
    if (!s->declared)
        s->g->passed = true;
    else
        s->g->end = seat == s->declarer ? ISS_END_DECLARER_GAVE_UP : ISS_END_DEFENDERS_GAVE_UP;
    return true;
}

static bool make_move(Game *s, int who, const char *move, Mark m)
{
    char buf[DEAL_SHOWN_BYTES + 4];
    if (s->phase == PH_OVER)
        return fail(s->r, m, s->err, s->err_size, "move '%s' after the end of the game (%s)", shown(move, buf),
                    s->g->ending);
    if (who < 0 && s->phase != PH_DEAL && world_event(s, move))
        return true;
    if (s->phase == PH_DEAL)
        return move_deal(s, who, move, m);
    if (s->phase == PH_PLAY)
        return move_play(s, who, move, m);
    if (who != s->to_move)
        return fail(s->r, m, s->err, s->err_size, "move '%s' by %s, but %s is to move", shown(move, buf),
                    who_name(who), who_name(s->to_move));
    switch (s->phase) {
    case PH_BID: return move_bid(s, move, m);
    case PH_ANSWER: return move_answer(s, move, m);
    case PH_DECLARE: return move_declare(s, move, m);
    case PH_GET_SKAT: return move_get_skat(s, move, m);
    default: return move_discard(s, move, m);
    }
}

/* A token read whole: no NUL in it, not cut. */
static bool token_whole(Game *s, const char *token, Mark m, TokenTrouble trouble, Mark nul_at)
{
    char buf[DEAL_SHOWN_BYTES + 4];
    if (trouble == TOKEN_NUL)
        return fail(s->r, nul_at, s->err, s->err_size, "a NUL character (\\0) in the move '%s': no game record holds one",
                    shown(token, buf));
    if (trouble == TOKEN_TOO_LONG)
        return fail(s->r, m, s->err, s->err_size, "move too long (more than %d characters): '%s'", TOKEN_BYTES - 1,
                    shown(token, buf));
    return true;
}

/* MV[...]: pairs of WHO and MOVE up to the closing ']'. */
static bool read_moves(Game *s)
{
    IssReader *r = s->r;
    char who_text[TOKEN_BYTES], move[TOKEN_BYTES], buf[DEAL_SHOWN_BYTES + 4];
    Mark m, nul_at;
    TokenTrouble trouble;
    while (next_token(r, who_text, &m, &trouble, &nul_at)) {
        if (!token_whole(s, who_text, m, trouble, nul_at))
            return false;
        int who;
        if (strcmp(who_text, "w") == 0)
            who = -1;
        else if (strlen(who_text) == 1 && who_text[0] >= '0' && who_text[0] <= '2')
            who = who_text[0] - '0';
        else
            return fail(r, m, s->err, s->err_size, "expected who moves (w, 0, 1 or 2), not '%s'", shown(who_text, buf));
        Mark mm;
        if (!next_token(r, move, &mm, &trouble, &nul_at))
            return fail(r, r->at, s->err, s->err_size, "incomplete move: '%s' without a move", who_text);
        if (!token_whole(s, move, mm, trouble, nul_at))
            return false;
        if (!make_move(s, who, move, mm))
            return false;
    }
    if (at_end(r))
        return fail(r, r->at, s->err, s->err_size, "unexpected end of file inside MV[...]");
    if (s->phase == PH_PLAY && s->claimed) { /* nobody disputed the claim: the server closed the game */
        s->g->end = ISS_END_DEFENDERS_GAVE_UP;
        finish(s, "the declarer showed his cards and claimed the rest");
    }
    if (s->phase != PH_OVER)
        return fail(r, r->at, s->err, s->err_size, "the moves end before the game is over (%d card%s played)",
                    s->g->deal.play_count, s->g->deal.play_count == 1 ? "" : "s");
    return true;
}

/* The value of a property other than MV, up to ']' (comments dropped); what
 * does not fit into out is left out, *length the value's whole length. */
static bool read_value(IssReader *r, const char *label, char *out, size_t size, size_t *length, char *err, size_t n)
{
    size_t used = 0;
    while (!at_end(r) && peek(r) != ']') {
        if (peek(r) == '#') {
            while (!at_end(r) && peek(r) != '\n')
                advance(r);
            continue;
        }
        if (peek(r) == '\0') /* it would end the value: GM[Skat\0Chess] read as Skat */
            return fail(r, r->at, err, n, "a NUL character (\\0) in %s[...]: no game record holds one", label);
        if (used + 1 < size)
            out[used] = peek(r);
        used++;
        advance(r);
    }
    *length = used;
    out[used < size ? used : size - 1] = '\0';
    if (at_end(r))
        return fail(r, r->at, err, n, "unexpected end of file: property value not closed with ']'");
    return true;
}

/* The numbers v:, p: and t: of the server's result; unknown when one is
 * missing (a passed game, "unknown").  One that is no whole number is
 * refused (at m, the value's start): the value is compared with skatdd's
 * score ("the server scored ..."), and a misread one made a false note. */
static bool read_server_result(IssReader *r, Mark m, const char *text, IssServerResult *out, char *err, size_t n)
{
    static const char *const keys[] = {"v:", "p:", "t:"};
    int *fields[] = {&out->value, &out->points, &out->tricks};
    int found = 0;
    char buf[DEAL_SHOWN_BYTES + 4];
    for (const char *p = text; *p; p += strcspn(p, " \t\n\r"), p += strspn(p, " \t\n\r"))
        for (int k = 0; k < 3; k++)
            if (strncmp(p, keys[k], 2) == 0) {
                size_t len = strcspn(p, " \t\n\r");
                long v;
                if (!iss_number(p + 2, len - 2, k == 0, 9999, &v)) /* the value alone is negative */
                    return fail(r, m, err, n, "R[...]: %s needs a whole number from %d to 9999, not '%s'", keys[k],
                                k == 0 ? -9999 : 0, deal_shown_text(p, len, buf));
                *fields[k] = (int)v;
                found |= 1 << k;
            }
    out->known = found == 7;
    return true;
}

static const char *const iss_labels[] = {"GM", "PC", "CO", "SE", "ID", "DT", "OW", "P0", "P1",
                                         "P2", "R0", "R1", "R2", "MV", "R",  NULL};

/* The label's index in iss_labels, -1 for none. */
static int label_index(const char *label)
{
    for (int i = 0; iss_labels[i]; i++)
        if (strcmp(label, iss_labels[i]) == 0)
            return i;
    return -1;
}

static bool known_label(const char *label)
{
    return label_index(label) >= 0;
}

/* How many characters a property the reader keeps may have: the players'
 * names and the id are shown ("ISS game ID"), GM and R read; the others
 * (CO, DT, PC, SE, OW, R0-R2) are not looked at.  0: any.  A longer value
 * is refused: it was shown cut without a word. */
static size_t value_most(const char *label)
{
    if (label[0] == 'P' && label[1] >= '0' && label[1] <= '2')
        return ISS_TEXT - 1;
    if (strcmp(label, "ID") == 0)
        return DEAL_TEXT - sizeof "ISS game ";
    if (strcmp(label, "GM") == 0 || strcmp(label, "R") == 0)
        return DEAL_TEXT - 1;
    return 0;
}

/* A record's names as shown on terminals and in HTML: ISS writes them in
 * ASCII, so a control character or another byte (an escape sequence,
 * invalid UTF-8) becomes '?'. */
static void printable_copy(char *out, size_t size, const char *in)
{
    size_t i = 0;
    for (; in[i] && i + 1 < size; i++)
        out[i] = in[i] >= 0x20 && in[i] < 0x7f ? in[i] : '?';
    out[i] = '\0';
}

enum { LABEL_BYTES = 8 }; /* the longest label known, and more */

/* A property's label and its '[': an upper-case letter or digit run of a
 * known property, in label. */
static bool read_label(IssReader *r, char label[LABEL_BYTES], char *err, size_t n)
{
    Mark lm = r->at;
    size_t len = 0;
    while (!at_end(r) && ((peek(r) >= 'A' && peek(r) <= 'Z') || (peek(r) >= '0' && peek(r) <= '9'))) {
        if (len + 1 < LABEL_BYTES)
            label[len] = peek(r);
        len++;
        advance(r);
    }
    if (len == 0)
        return fail(r, lm, err, n, "expected a property such as MV[...] or the end of the record ';)'");
    if (len >= LABEL_BYTES)
        return fail(r, lm, err, n, "unknown property (label too long)");
    label[len] = '\0';
    if (!known_label(label))
        return fail(r, lm, err, n, "unknown property '%s'", label);
    skip_blank(r);
    if (peek(r) != '[')
        return fail(r, r->at, err, n, "expected '[' after the label %s", label);
    advance(r);
    return true;
}

/* The value of a property other than MV, up to its ']': the players' names,
 * the record's ID (in id), the server's result; the rest is not looked at. */
static bool read_property(IssReader *r, IssGame *g, const char *label, char *id, size_t id_size, char *err, size_t n)
{
    char value[DEAL_TEXT], buf[DEAL_SHOWN_BYTES + 4];
    Mark vm = r->at;
    size_t length = 0, most = value_most(label);
    if (!read_value(r, label, value, sizeof value, &length, err, n))
        return false;
    if (most && length > most)
        return fail(r, vm, err, n, "%s[...] longer than %zu characters (%zu): '%s'", label, most, length,
                    shown(value, buf));
    if (strcmp(label, "GM") == 0 && strcmp(value, "Skat") != 0)
        return fail(r, vm, err, n, "GM[%s]: not a Skat game", shown(value, buf));
    if (label[0] == 'P' && label[1] >= '0' && label[1] <= '2')
        printable_copy(g->players[label[1] - '0'], sizeof g->players[0], value);
    if (strcmp(label, "ID") == 0)
        printable_copy(id, id_size, value);
    if (strcmp(label, "R") == 0 && !read_server_result(r, vm, value, &g->server, err, n))
        return false;
    return true;
}

/* "ISS game ID", or without an ID the record's number in its file. */
static void name_record(const IssReader *r, Deal *d, const char *id)
{
    char file[200];
    text_file_name(file, sizeof file, r->path);
    if (id[0])
        snprintf(d->name, sizeof d->name, "ISS game %s", id); /* fits: value_most */
    else
        snprintf(d->name, sizeof d->name, "ISS game %d of %s", r->records, file);
    text_utf8_clean(d->name);
}

static bool read_record(IssReader *r, IssGame *g, char *err, size_t n)
{
    Mark start = r->at;
    advance(r);
    advance(r); /* "(;" */
    Game s = {.r = r, .g = g, .err = err, .err_size = n, .phase = PH_DEAL, .declarer = -1, .to_move = -1};
    Deal *d = &g->deal;
    text_file_name(d->file, sizeof d->file, r->path);
    d->mark = d->play_mark = start;
    d->played = true;
    bool moves = false;
    unsigned seen = 0; /* the labels given, by index in iss_labels */
    char id[DEAL_TEXT - sizeof "ISS game " + 1] = "";
    for (;;) {
        skip_blank(r);
        if (at_end(r))
            return fail(r, r->at, err, n, "unexpected end of file: the record is not closed with ';)'");
        if (looking_at(r, ";)")) {
            advance(r);
            advance(r);
            break;
        }
        Mark lm = r->at;
        char label[LABEL_BYTES];
        if (!read_label(r, label, err, n))
            return false;
        /* A property the reader keeps, given twice, kept its last value:
         * another player's name, another result, without a word. */
        unsigned bit = 1u << label_index(label);
        if ((seen & bit) && (strcmp(label, "MV") == 0 || value_most(label)))
            return fail(r, lm, err, n, "property %s given twice", label);
        seen |= bit;
        if (strcmp(label, "MV") == 0) {
            moves = true;
            if (!read_moves(&s))
                return false;
        } else if (!read_property(r, g, label, id, sizeof id, err, n)) {
            return false;
        }
        advance(r); /* ']' */
    }
    if (!moves)
        return fail(r, start, err, n, "the record has no moves MV[...]");
    name_record(r, d, id);
    return true;
}

/* After a refused record: on to the start of the next one. */
static void skip_to_next_record(IssReader *r)
{
    if (!at_end(r))
        advance(r);
    while (!at_end(r) && !looking_at(r, "(;"))
        advance(r);
}

int iss_reader_next(IssReader *r, IssGame *g, char *err, size_t n)
{
    memset(g, 0, sizeof *g);
    skip_blank(r);
    if (at_end(r)) {
        if (r->records > 0)
            return 0;
        r->records++; /* said once */
        fail(r, r->at, err, n, "empty file: no game record");
        return -1;
    }
    r->records++;
    if (!looking_at(r, "(;")) {
        fail(r, r->at, err, n, "expected '(;', the start of an ISS game record");
        skip_to_next_record(r);
        return -1;
    }
    if (!read_record(r, g, err, n)) {
        skip_to_next_record(r);
        return -1;
    }
    return 1;
}

void iss_settle(const IssGame *g, IssSettlement *out)
{
    Position pos;
    deal_position(&g->deal, &pos);
    int defender_points = 120 - pos.declarer_points - position_points_left(&pos);
    *out = (IssSettlement){pos.declarer_points, pos.declarer_tricks, g->end == ISS_END_DECLARER_GAVE_UP};
    if (g->end == ISS_END_DEFENDERS_GAVE_UP && pos.game != GAME_NULL) {
        out->declarer_points = 120 - defender_points;
        out->declarer_tricks = 10 - pos.defender_tricks;
    }
}
