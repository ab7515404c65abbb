/* Internal to the solver (not for evaluator/ or cli/): the Solver's data,
 * shared by the modules of the search (layout, ttkey, endings, quicktricks,
 * movegen, alphabeta, search), and the small helpers on their hot path. */
#ifndef SKATDD_SEARCHSTATE_H
#define SKATDD_SEARCHSTATE_H

#include <string.h>

#include "search.h"
#include "tt.h"
#include "ttkey.h"

/* The searches, each with its own table entries.  KIND_RAMSCH is the point
 * search turned round: the declarer (the seat asked) takes as few card
 * points as he can and the other two give him as many as they can.
 * KIND_AVOID_ALL: can the declarer take no trick, in any kind of game. */
enum { KIND_POINTS, KIND_DECLARER_ALL, KIND_DEFENDERS_ALL, KIND_NULL, KIND_RAMSCH, KIND_AVOID_ALL };
enum { DECLARER_SIDE, DEFENDER_SIDE };

/* Exact values of two-trick endings by hands and leader.  Positions of two
 * cards each are the most common of all and cheap to solve, but not so cheap
 * that solving one again beats a look-up without the shape key.  An
 * exact value stays right for as long as the card layout and the declarer
 * do, whatever the deal, so only those changes (a new stamp) empty it.
 * 1,024 entries (16 KB): 16,384 (256 KB) took a quarter of a 1 MB L2 cache
 * beside the table, and their extra hits did not pay for the misses
 * (README, round 42). */
enum { END_BITS = 10, END_STAMPS = 1 << 22 };
typedef struct {
    uint32_t hand[3];
    uint32_t tag; /* stamp << 10 | leader << 8 | value; stamp 0: empty */
} EndEntry;

struct Solver {
    TT *tt;      /* own_tt, or the table of the solver it joined (solver_join) */
    TT *own_tt;
    EndEntry *ends;
    uint32_t end_stamp; /* the current layout's and declarer's */
    uint64_t nodes;

    /* The kind of game and declarer the table's entries belong to. */
    bool configured;
    GameType game;
    int declarer;
    int defender[2];   /* seat_after[declarer][1] and [2], looked up once */
    uint32_t trump;
    uint32_t follow[32];       /* the bits of the card's effective suit */
    uint8_t points[32];
    uint8_t equal_points[32];  /* points that tell otherwise equal cards apart */
    signed char internal_of[32];
    signed char card_of[32];
    SuitRuns suits; /* the effective suits, for the table's keys (make_key) */
    uint32_t worth[6];  /* the cards worth 0, 2, 3, 4, 10 and 11 points */
    uint8_t byte_points[4][256]; /* the points of the cards in each byte of a set */
    /* within[j]: the cards b such that b + 2^j is of the same effective suit. */
    uint32_t within[4];

    /* The position being searched. */
    uint32_t hand[3];
    int hand_points;
    int trick[3];
    int kind;
    int goal_side;     /* trick searches: the side that must win every trick */
    int trying_side;   /* the side that wants the goal */
    /* Ramsch (KIND_RAMSCH): the declarer minimises, and the last trick's
     * winner also takes ramsch_bonus points (the skat, when the rules give
     * it so); hand_points counts them.  point_mode: 0 for KIND_POINTS, 1 +
     * bonus for KIND_RAMSCH, the objective the cached endings were solved
     * for; tt_ramsch_mode the one of the table's KIND_RAMSCH entries. */
    bool ramsch;
    int ramsch_bonus;
    int point_mode;
    int tt_ramsch_mode;

    /* Killer moves, by the number of cards the mover holds: the lead by
     * each seat, and the second and third player's reply to each card led,
     * that last cut a node off (card + 1; 0 none).  The leads' history: per
     * seat and card, the cutoffs it made, each weighted by the square of
     * the cards held, up to HISTORY_CAP.  They only order moves. */
    uint8_t lead_killer[11][3];
    uint8_t reply_killer[11][2][32];
    uint16_t lead_history[3][32];
    /* Hints (hints.h): HINT_SLOTS words each; the class of the trick being
     * played, by the cards its leader holds after leading. */
    uint32_t *lead_hints;
    uint32_t *reply_hints;
    uint64_t trick_class[10];
};

/* 4,096 slots a table: more found no more hints worth having (README, round 10). */
enum { HINT_BITS = 12, HINT_SLOTS = 1 << HINT_BITS };

/* Among leads, move_score's units weigh HISTORY_WEIGHT each: a full history
 * outweighs up to 64 of them.  Measured best of 4, 16 and 64 (README). */
enum { HISTORY_WEIGHT = 64, HISTORY_CAP = 4095 };

static const int seat_after[3][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}};

static inline int highest_bit(uint32_t s) { return 31 - __builtin_clz(s); }

/* The card points of a set of cards. */
static inline int set_worth(const Solver *s, uint32_t cards)
{
    return s->byte_points[0][cards & 255] + s->byte_points[1][(cards >> 8) & 255] +
           s->byte_points[2][(cards >> 16) & 255] + s->byte_points[3][cards >> 24];
}

/* The cheapest cards of a non-empty set. */
static inline uint32_t cheapest_cards(const Solver *s, uint32_t cards)
{
    for (int k = 0; k < 5; k++)
        if (cards & s->worth[k])
            return cards & s->worth[k];
    return cards;
}

/* The most valuable cards of a non-empty set. */
static inline uint32_t dearest_cards(const Solver *s, uint32_t cards)
{
    for (int k = 5; k > 0; k--)
        if (cards & s->worth[k])
            return cards & s->worth[k];
    return cards;
}

/* All cards of the effective suits some card of cards belongs to. */
static inline uint32_t suits_of(const Solver *s, uint32_t cards)
{
    uint32_t suits = 0;
    while (cards) {
        uint32_t suit = s->follow[__builtin_ctz(cards)];
        suits |= suit;
        cards &= ~suit;
    }
    return suits;
}

/* Each card at or below some card of cards in the same effective suit. */
static inline uint32_t at_or_below(const Solver *s, uint32_t cards)
{
    cards |= (cards >> 1) & s->within[0];
    cards |= (cards >> 2) & s->within[1];
    cards |= (cards >> 4) & s->within[2];
    cards |= (cards >> 8) & s->within[3];
    return cards;
}

static const uint8_t worth_points[6] = {0, 2, 3, 4, 10, 11};

static inline int side_of(const Solver *s, int seat)
{
    return seat == s->declarer ? DECLARER_SIDE : DEFENDER_SIDE;
}

/* Whether player wants the declarer's points high: the declarer in the
 * point search, his opponents in Ramsch. */
static inline bool maximizes(const Solver *s, int player) { return (player == s->declarer) != s->ramsch; }

/* Forgets the killer moves, the history and the hints: the card numbering
 * or the deal changed. */
static inline void forget_move_order(Solver *s)
{
    memset(s->lead_killer, 0, sizeof s->lead_killer);
    memset(s->reply_killer, 0, sizeof s->reply_killer);
    memset(s->lead_history, 0, sizeof s->lead_history);
    memset(s->lead_hints, 0, HINT_SLOTS * sizeof *s->lead_hints);
    memset(s->reply_hints, 0, HINT_SLOTS * sizeof *s->reply_hints);
    memset(s->trick_class, 0, sizeof s->trick_class);
}

static inline uint32_t reply_cards(uint32_t hand, uint32_t led)
{
    return hand & led ? hand & led : hand;
}

#endif
