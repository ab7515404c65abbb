#include "search.h"

#include <stdlib.h>
#include <string.h>

#include "tt.h"

#ifdef __BMI2__
#include <immintrin.h>
static inline uint32_t bits_extract(uint32_t x, uint32_t mask) { return _pext_u32(x, mask); }
static inline uint32_t bits_deposit(uint32_t x, uint32_t mask) { return _pdep_u32(x, mask); }
#else
static inline uint32_t bits_extract(uint32_t x, uint32_t mask)
{
    uint32_t out = 0;
    for (uint32_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (x & mask & -mask)
            out |= bit;
    return out;
}
static inline uint32_t bits_deposit(uint32_t x, uint32_t mask)
{
    uint32_t out = 0;
    for (uint32_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (x & bit)
            out |= mask & -mask;
    return out;
}
#endif

/* Inside the search, cards are renumbered per kind of game so that each
 * effective suit occupies a run of consecutive bits in rank order, with the
 * trumps on top.  Then the cards that follow a led card are one mask, and the
 * winner of a trick is simply the highest bit among the trumps and the cards
 * of the led suit. */

enum { KIND_POINTS, KIND_DECLARER_ALL, KIND_DEFENDERS_ALL, KIND_NULL };
enum { DECLARER_SIDE, DEFENDER_SIDE };

typedef struct {
    int count;
    uint8_t offset[8], width[8];
    bool up[8]; /* squeezed towards the top of the run, else the bottom */
    uint32_t all;
} Squeeze;

/* A position's table key with its squeezed runs, and how to map cards back. */
typedef struct {
    uint32_t hand[3];
    uint32_t live;   /* live cards inside the squeezed runs */
    uint32_t target; /* where those cards sit in the key */
} Key;

struct Solver {
    TT *tt;
    uint64_t nodes;

    /* The kind of game and declarer the table's entries belong to. */
    bool configured;
    GameType game;
    int declarer;
    uint32_t trump;
    uint32_t follow[32];       /* the bits of the card's effective suit */
    uint8_t points[32];
    uint8_t equal_points[32];  /* points that tell otherwise equal cards apart */
    signed char internal_of[32];
    signed char card_of[32];
    /* Runs of cards that differ only in rank order, not in value: the
     * transposition table stores them squeezed together (see normalize). */
    Squeeze squeeze[2]; /* [0] for card points, [1] for trick searches */

    /* The position being searched. */
    uint32_t hand[3];
    int hand_points;
    int trick[3];
    int kind;
    int goal_side;     /* trick searches: the side that must win every trick */
    int trying_side;   /* the side that wants the goal */
};

static const int seat_after[3][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}};

Solver *solver_new(size_t tt_bytes)
{
    Solver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->tt = tt_new(tt_bytes);
    if (!s->tt) {
        free(s);
        return NULL;
    }
    return s;
}

void solver_free(Solver *solver)
{
    if (solver) {
        tt_free(solver->tt);
        free(solver);
    }
}

uint64_t solver_nodes(const Solver *solver) { return solver->nodes; }

void solver_new_deal(Solver *solver) { tt_new_generation(solver->tt); }

static inline int highest_bit(uint32_t s) { return 31 - __builtin_clz(s); }

static void add_squeeze(Squeeze *q, int offset, int width, bool up)
{
    if (width < 2)
        return;
    q->offset[q->count] = (uint8_t)offset;
    q->width[q->count] = (uint8_t)width;
    q->up[q->count] = up;
    q->count++;
    q->all |= (uint32_t)(((1ull << width) - 1) << offset);
}

/* Within a run of one effective suit [first, next), the cards worth nothing
 * (7 8 9) are the lowest and the jacks (2 each) the highest; squeezing either
 * group together keeps every comparison and every point value.  For trick
 * searches points do not count at all and the whole run is squeezed. */
static void add_squeezes(Solver *s, int first, int next)
{
    int zero_end = first;
    while (zero_end < next && s->points[zero_end] == 0)
        zero_end++;
    add_squeeze(&s->squeeze[0], first, zero_end - first, false);
    int jacks = 0;
    while (jacks < next - first && card_rank(s->card_of[next - 1 - jacks]) == RANK_J &&
           s->game != GAME_NULL)
        jacks++;
    add_squeeze(&s->squeeze[0], next - jacks, jacks, true);
    add_squeeze(&s->squeeze[1], first, next - first, false);
}

/* Lays out the internal card numbering for a kind of game. */
static void configure(Solver *s, GameType game, int declarer)
{
    if (s->configured && s->game == game && s->declarer == declarer)
        return;
    s->configured = true;
    s->game = game;
    s->declarer = declarer;
    tt_new_generation(s->tt);

    int next = 0;
    s->trump = 0;
    memset(s->squeeze, 0, sizeof s->squeeze);
    for (int suit = 0; suit <= TRUMP_SUIT; suit++) {
        CardSet members = effective_suit_cards(game, suit);
        int first = next;
        /* Weakest first: strengths are distinct within an effective suit. */
        while (members) {
            int weakest = -1;
            for (CardSet m = members; m; m &= m - 1) {
                int c = set_first(m);
                if (weakest < 0 || card_strength(game, c) < card_strength(game, weakest))
                    weakest = c;
            }
            members &= ~card_bit(weakest);
            s->internal_of[weakest] = (signed char)next;
            s->card_of[next] = (signed char)weakest;
            s->points[next] = (uint8_t)card_points(weakest);
            next++;
        }
        uint32_t run = next > first ? (uint32_t)(((1ull << next) - 1) & ~((1ull << first) - 1)) : 0;
        for (int b = first; b < next; b++)
            s->follow[b] = run;
        if (suit == TRUMP_SUIT)
            s->trump = run;
        if (next > first)
            add_squeezes(s, first, next);
    }
    for (int b = 0; b < 32; b++)
        s->equal_points[b] = game == GAME_NULL ? 0 : s->points[b];
}

static uint32_t to_internal(const Solver *s, CardSet cards)
{
    uint32_t out = 0;
    for (; cards; cards &= cards - 1)
        out |= 1u << s->internal_of[set_first(cards)];
    return out;
}

static int load(Solver *s, const Position *pos, int kind)
{
    configure(s, pos->game, pos->declarer);
    s->hand_points = 0;
    for (int seat = 0; seat < 3; seat++) {
        s->hand[seat] = to_internal(s, pos->hands[seat]);
        s->hand_points += set_points(pos->hands[seat]);
    }
    for (int i = 0; i < pos->trick_size; i++)
        s->trick[i] = s->internal_of[pos->trick[i]];
    s->kind = kind;
    return pos->trick_size;
}

static inline int side_of(const Solver *s, int seat)
{
    return seat == s->declarer ? DECLARER_SIDE : DEFENDER_SIDE;
}


static inline uint32_t legal_for(const Solver *s, uint32_t hand, int n)
{
    if (n == 0)
        return hand;
    uint32_t follow = hand & s->follow[s->trick[0]];
    return follow ? follow : hand;
}

/* The table key: inside each squeezed run the live cards are moved together,
 * so positions that differ only in which worthless cards (or, in trick
 * searches, which cards at all) were played share one entry. */
static inline void make_key(const Solver *s, const Squeeze *q, Key *key)
{
    uint32_t live = (s->hand[0] | s->hand[1] | s->hand[2]) & q->all;
    uint32_t target = 0;
    for (int i = 0; i < q->count; i++) {
        uint32_t run = (uint32_t)(((1ull << q->width[i]) - 1) << q->offset[i]);
        int k = __builtin_popcount(live & run);
        int shift = q->up[i] ? q->offset[i] + q->width[i] - k : q->offset[i];
        target |= (uint32_t)(((1ull << k) - 1) << shift);
    }
    key->live = live;
    key->target = target;
    for (int seat = 0; seat < 3; seat++)
        key->hand[seat] = (s->hand[seat] & ~q->all) |
                          bits_deposit(bits_extract(s->hand[seat], live), target);
}

static inline int key_card(const Key *key, int card)
{
    uint32_t bit = 1u << card;
    if (!(bit & key->live))
        return card;
    return __builtin_ctz(bits_deposit(bits_extract(bit, key->live), key->target));
}

static inline int card_of_key(const Key *key, int keyed)
{
    uint32_t bit = 1u << keyed;
    if (!(bit & key->target))
        return keyed;
    return __builtin_ctz(bits_deposit(bits_extract(bit, key->target), key->live));
}

/* Drops each card whose next higher live card of the same suit is also a
 * choice with the same point value: the two are interchangeable for ever. */
static inline uint32_t without_equivalents(const Solver *s, uint32_t moves, uint32_t live)
{
    uint32_t keep = moves;
    for (uint32_t m = moves; m; m &= m - 1) {
        int c = __builtin_ctz(m);
        uint32_t above = live & s->follow[c] & ~((2u << c) - 1);
        if (above) {
            int next = __builtin_ctz(above);
            if (((moves >> next) & 1u) && s->equal_points[next] == s->equal_points[c])
                keep &= ~(1u << c);
        }
    }
    return keep;
}

/* The index of the card winning the first n cards of the trick so far: the
 * highest among the trumps and the cards of the led suit. */
static inline int winning_index(const Solver *s, int n)
{
    uint32_t contenders = s->trump | s->follow[s->trick[0]];
    uint32_t played = 1u << s->trick[0];
    for (int i = 1; i < n; i++)
        played |= 1u << s->trick[i];
    int top = highest_bit(played & contenders);
    return top == s->trick[0] ? 0 : top == s->trick[1] ? 1 : 2;
}

typedef struct {
    int card[10];
    int count;
} MoveList;

/* What the moving player knows about the rest of the trick. */
typedef struct {
    int my_side;
    int current_top, current_side; /* the card winning so far and its side (n > 0) */
    int later_count;
    int later_side[2];
    uint32_t later_hand[2];
} TrickView;

static inline void view_trick(const Solver *s, int leader, int n, TrickView *v)
{
    v->my_side = side_of(s, seat_after[leader][n]);
    if (n > 0) {
        int w = winning_index(s, n);
        v->current_top = s->trick[w];
        v->current_side = side_of(s, seat_after[leader][w]);
    }
    v->later_count = 2 - n;
    for (int k = 0; k < v->later_count; k++) {
        int seat = seat_after[leader][n + 1 + k];
        v->later_side[k] = side_of(s, seat);
        v->later_hand[k] = s->hand[seat];
    }
}

/* For a card c (standing for its rank-equivalent group): which side leads
 * the trick once c is played, and whether a later player of the other side
 * can still beat that. */
static inline void card_outcome(const Solver *s, const TrickView *v, int n, int c, int *top_side,
                                bool *threat)
{
    uint32_t led = n ? s->follow[s->trick[0]] : s->follow[c];
    uint32_t contenders = s->trump | led;
    int top = c;
    *top_side = v->my_side;
    if (n > 0 && !(((contenders >> c) & 1u) && c > v->current_top)) {
        top = v->current_top;
        *top_side = v->current_side;
    }
    uint32_t higher = contenders & ~((2u << top) - 1);
    *threat = false;
    for (int k = 0; k < v->later_count; k++) {
        if (v->later_side[k] == *top_side)
            continue;
        uint32_t h = v->later_hand[k];
        uint32_t reply = h & led ? h & led : h;
        if (reply & higher)
            *threat = true;
    }
}

static inline void add_move(MoveList *list, int score[10], int c, int sc)
{
    int i = list->count++;
    while (i > 0 && score[i - 1] < sc) {
        score[i] = score[i - 1];
        list->card[i] = list->card[i - 1];
        i--;
    }
    score[i] = sc;
    list->card[i] = c;
}

/* The moves worth searching, best first.
 *
 * Rank-equivalent cards (adjacent among the live cards, in one hand) win and
 * lose the same tricks and differ only in points.  Swapping two of them for
 * the rest of the game shows that when the current trick is decided, the
 * side taking it wants the most points in it and the other side the fewest,
 * so one card of the group suffices; otherwise one card per point value.
 *
 * Order: into tricks the moving side is sure to win go the most points, into
 * tricks it may lose the fewest, and trumps are not thrown away. */
static void generate_point_moves(Solver *s, int leader, int n, int tt_move, MoveList *list)
{
    int player = seat_after[leader][n];
    uint32_t legal = legal_for(s, s->hand[player], n);
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2];
    for (int i = 0; i < n; i++)
        live |= 1u << s->trick[i];
    TrickView view = {0};
    view_trick(s, leader, n, &view);
    int score[10];
    list->count = 0;
    /* Lowest groups first: among moves of equal promise, low cards first. */
    while (legal) {
        int top = __builtin_ctz(legal);
        uint32_t group = 1u << top;
        for (;;) {
            uint32_t above = live & s->follow[top] & ~((2u << top) - 1);
            if (!above || !((legal >> __builtin_ctz(above)) & 1u))
                break;
            top = __builtin_ctz(above);
            group |= 1u << top;
        }
        legal &= ~group;

        int top_side;
        bool threat;
        card_outcome(s, &view, n, top, &top_side, &threat);
        bool mine = top_side == view.my_side;
        uint32_t keep = group;
        if (group != (1u << top)) {
            if (!threat) {
                int pick = top;
                for (uint32_t g = group; g; g &= g - 1) {
                    int x = __builtin_ctz(g);
                    if (mine ? s->points[x] > s->points[pick] : s->points[x] < s->points[pick])
                        pick = x;
                }
                keep = 1u << pick;
            } else {
                keep = without_equivalents(s, group, live);
            }
        }
        for (; keep; keep &= keep - 1) {
            int c = __builtin_ctz(keep);
            int sc;
            if (c == tt_move)
                sc = 1000;
            else if (mine)
                sc = threat ? 40 - s->points[c] : 100 + s->points[c];
            else
                sc = -(int)s->points[c] - (((s->trump >> c) & 1u) ? 12 : 0);
            add_move(list, score, c, sc);
        }
    }
}

static int search_points(Solver *s, int leader, int n, int alpha, int beta);

/* Plays the last card of a trick and searches on from the next one. */
static inline int finish_trick(Solver *s, int leader, int alpha, int beta)
{
    int first = s->trick[0], second = s->trick[1];
    int winner = seat_after[leader][winning_index(s, 3)];
    int v;
    if (winner != s->declarer) {
        v = search_points(s, winner, 0, alpha, beta);
    } else {
        int won = s->points[first] + s->points[second] + s->points[s->trick[2]];
        v = won + search_points(s, winner, 0, alpha - won, beta - won);
    }
    /* The next trick reused s->trick. */
    s->trick[0] = first;
    s->trick[1] = second;
    return v;
}

/* The points of the top trumps a side holds: each takes a trick whenever it
 * is played, so the side wins at least their points. */
static inline int sure_points(const Solver *s, uint32_t side_cards)
{
    uint32_t live = (s->hand[0] | s->hand[1] | s->hand[2]) & s->trump;
    int points = 0;
    while (live) {
        int top = highest_bit(live);
        if (!((side_cards >> top) & 1u))
            break;
        points += s->points[top];
        live &= ~(1u << top);
    }
    return points;
}

/* The cheapest card a player may give to a trick led with a card of run. */
static inline int cheapest_reply(const Solver *s, uint32_t hand, uint32_t run)
{
    uint32_t legal = hand & run ? hand & run : hand;
    int least = 0;
    for (bool first = true; legal; legal &= legal - 1, first = false) {
        int p = s->points[__builtin_ctz(legal)];
        if (first || p < least)
            least = p;
    }
    return least;
}

/* At a trick's start: the points of one trick the leader's side surely takes
 * by leading the top card of a plain suit that no opponent can trump; the
 * opponents give at least their cheapest legal cards.  Counts no trump, so
 * it adds to sure_points. */
static inline int quick_trick_points(const Solver *s, int leader)
{
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2];
    uint32_t plain = live & ~s->trump;
    int side = side_of(s, leader);
    int best = 0;
    while (plain) {
        int top = highest_bit(plain);
        uint32_t run = s->follow[top];
        plain &= ~run;
        if (!((s->hand[leader] >> top) & 1u))
            continue;
        int points = s->points[top];
        bool sure = true;
        for (int k = 1; k < 3 && sure; k++) {
            int other = seat_after[leader][k];
            if (side_of(s, other) == side)
                continue;
            if (!(s->hand[other] & run) && (s->hand[other] & s->trump))
                sure = false;
            else
                points += cheapest_reply(s, s->hand[other], run);
        }
        if (sure && points > best)
            best = points;
    }
    return best;
}

/* The card points the leader's side surely takes from here.  When no
 * opponent of the leader holds a trump (and, for a defender, neither does the
 * partner, who could take the lead away), every trump of the leader wins and
 * so does every card of an unbroken run from the top of a plain suit, all
 * cashed one after another.  Otherwise: the side's top trumps and one quick
 * trick. */
static int leader_sure_points(const Solver *s, int leader)
{
    uint32_t trumps = (s->hand[0] | s->hand[1] | s->hand[2]) & s->trump;
    uint32_t own = s->hand[leader];
    uint32_t side_cards = leader == s->declarer ? own : s->hand[0] ^ s->hand[1] ^ s->hand[2] ^ s->hand[s->declarer];
    if ((trumps & ~own) == 0) {
        int points = 0;
        for (uint32_t t = own & s->trump; t; t &= t - 1)
            points += s->points[__builtin_ctz(t)];
        uint32_t plain = (s->hand[0] | s->hand[1] | s->hand[2]) & ~s->trump;
        while (plain) {
            int top = highest_bit(plain);
            uint32_t run = s->follow[top] & plain;
            plain &= ~run;
            while (run && ((own >> highest_bit(run)) & 1u)) {
                points += s->points[highest_bit(run)];
                run &= ~(1u << highest_bit(run));
            }
        }
        return points;
    }
    return sure_points(s, side_cards) + quick_trick_points(s, leader);
}

/* The last trick plays itself. */
static inline int last_trick_points(Solver *s, int leader)
{
    int first = s->trick[0], second = s->trick[1];
    for (int k = 0; k < 3; k++)
        s->trick[k] = __builtin_ctz(s->hand[seat_after[leader][k]]);
    int winner = seat_after[leader][winning_index(s, 3)];
    s->trick[0] = first;
    s->trick[1] = second;
    return winner == s->declarer ? s->hand_points : 0;
}

/* The declarer's card points from the current trick on (fail-soft). */
static int search_points(Solver *s, int leader, int n, int alpha, int beta)
{
    s->nodes++;
    int player = seat_after[leader][n];
    TTEntry *entry = NULL;
    int tt_move = -1;
    Key key;
    if (n == 0) {
        if (!s->hand[player])
            return 0;
        if (s->hand_points <= alpha)
            return s->hand_points;
        if (!(s->hand[player] & (s->hand[player] - 1)))
            return last_trick_points(s, leader);
        uint32_t defenders = s->hand[0] ^ s->hand[1] ^ s->hand[2] ^ s->hand[s->declarer];
        int lead_sure = leader_sure_points(s, leader);
        int sure = leader == s->declarer ? lead_sure : sure_points(s, s->hand[s->declarer]);
        if (sure >= beta)
            return sure;
        int ceiling = s->hand_points - (leader != s->declarer ? lead_sure : sure_points(s, defenders));
        if (ceiling <= alpha)
            return ceiling;
        make_key(s, &s->squeeze[0], &key);
        entry = tt_probe(s->tt, key.hand, leader, KIND_POINTS);
        if (entry) {
            if (entry->lower >= beta || entry->lower == entry->upper)
                return entry->lower;
            if (entry->upper <= alpha)
                return entry->upper;
            if (entry->lower > alpha)
                alpha = entry->lower;
            if (entry->upper < beta)
                beta = entry->upper;
            if (entry->best)
                tt_move = card_of_key(&key, entry->best - 1);
        }
    }
    int alpha0 = alpha, beta0 = beta;
    MoveList list = {.count = 0};
    generate_point_moves(s, leader, n, tt_move, &list);

    bool maximizing = player == s->declarer;
    int best = maximizing ? -1 : 1000;
    int best_move = list.card[0];
    for (int i = 0; i < list.count; i++) {
        int c = list.card[i];
        s->hand[player] &= ~(1u << c);
        s->hand_points -= s->points[c];
        s->trick[n] = c;
        int v = n < 2 ? search_points(s, leader, n + 1, alpha, beta)
                      : finish_trick(s, leader, alpha, beta);
        s->hand[player] |= 1u << c;
        s->hand_points += s->points[c];
        if (maximizing ? v > best : v < best) {
            best = v;
            best_move = c;
            if (maximizing ? v > alpha : v < beta) {
                if (maximizing)
                    alpha = v;
                else
                    beta = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
    if (n == 0) {
        entry = tt_store(s->tt, key.hand, leader, KIND_POINTS);
        if (best <= alpha0) {
            if (best < entry->upper)
                entry->upper = (uint8_t)best;
        } else if (best >= beta0) {
            if (best > entry->lower)
                entry->lower = (uint8_t)best;
        } else {
            entry->lower = entry->upper = (uint8_t)best;
        }
        entry->best = (uint8_t)(key_card(&key, best_move) + 1);
    }
    return best;
}

/* Trick searches: can the trying side make the goal side win every trick? */
static bool search_tricks(Solver *s, int leader, int n)
{
    s->nodes++;
    int player = seat_after[leader][n];
    TTEntry *entry = NULL;
    int tt_move = -1;
    Key key;
    if (n == 0) {
        if (!s->hand[player])
            return true;
        make_key(s, &s->squeeze[1], &key);
        entry = tt_probe(s->tt, key.hand, leader, s->kind);
        if (entry) {
            if (entry->lower == entry->upper)
                return entry->lower;
            if (entry->best)
                tt_move = card_of_key(&key, entry->best - 1);
        }
    }
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2];
    for (int i = 0; i < n; i++)
        live |= 1u << s->trick[i];
    uint32_t moves = without_equivalents(s, legal_for(s, s->hand[player], n), live);

    int side = side_of(s, player);
    bool trying = side == s->trying_side;
    /* High cards when this player wants the goal side to take the trick and
     * sits on it, or wants the other side to take it and sits on that one. */
    bool play_high = (side == s->goal_side) == trying;
    int order[10] = {0}, count = 0;
    if (tt_move >= 0 && ((moves >> tt_move) & 1u)) {
        order[count++] = tt_move;
        moves &= ~(1u << tt_move);
    }
    while (moves) {
        int c = play_high ? highest_bit(moves) : __builtin_ctz(moves);
        order[count++] = c;
        moves &= ~(1u << c);
    }

    bool result = !trying;
    int best_move = order[0];
    for (int i = 0; i < count; i++) {
        int c = order[i];
        s->hand[player] &= ~(1u << c);
        s->trick[n] = c;
        bool v;
        if (n < 2) {
            v = search_tricks(s, leader, n + 1);
        } else {
            int first = s->trick[0], second = s->trick[1];
            int winner = seat_after[leader][winning_index(s, 3)];
            v = side_of(s, winner) == s->goal_side && search_tricks(s, winner, 0);
            s->trick[0] = first;
            s->trick[1] = second;
        }
        s->hand[player] |= 1u << c;
        if (v == trying) {
            result = v;
            best_move = c;
            break;
        }
    }
    if (n == 0) {
        entry = tt_store(s->tt, key.hand, leader, s->kind);
        entry->lower = entry->upper = result;
        entry->best = (uint8_t)(key_card(&key, best_move) + 1);
    }
    return result;
}

/* Bisection over null-window searches for the declarer's final points,
 * known to lie in [lower, upper]: a fail-soft result moves the bound past the
 * probe when it can, but the next probe is always the midpoint, so no value
 * takes more than about seven searches. */
static int points_between(Solver *s, const Position *pos, int lower, int upper)
{
    int n = load(s, pos, KIND_POINTS);
    int already = pos->declarer_points;
    while (lower < upper) {
        int beta = lower + (upper - lower + 1) / 2;
        int g = already + search_points(s, pos->leader, n, beta - already - 1, beta - already);
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    return lower;
}

int solver_declarer_points(Solver *solver, const Position *pos)
{
    return points_between(solver, pos, pos->declarer_points,
                          pos->declarer_points + position_points_left(pos));
}

bool solver_declarer_reaches(Solver *solver, const Position *pos, int points)
{
    int needed = points - pos->declarer_points;
    if (needed <= 0)
        return true;
    if (needed > position_points_left(pos))
        return false;
    int n = load(solver, pos, KIND_POINTS);
    return search_points(solver, pos->leader, n, needed - 1, needed) >= needed;
}

static bool trick_goal(Solver *s, const Position *pos, int kind, int goal_side, int trying_side)
{
    int n = load(s, pos, kind);
    s->goal_side = goal_side;
    s->trying_side = trying_side;
    if (n == 0 && position_cards_left(pos) == 0)
        return true;
    return search_tricks(s, pos->leader, n);
}

bool solver_declarer_takes_all(Solver *solver, const Position *pos)
{
    if (pos->defender_tricks > 0)
        return false;
    return trick_goal(solver, pos, KIND_DECLARER_ALL, DECLARER_SIDE, DECLARER_SIDE);
}

bool solver_defenders_take_all(Solver *solver, const Position *pos)
{
    return trick_goal(solver, pos, KIND_DEFENDERS_ALL, DEFENDER_SIDE, DEFENDER_SIDE);
}

bool solver_declarer_wins_null(Solver *solver, const Position *pos)
{
    if (pos->declarer_tricks > 0)
        return false;
    return trick_goal(solver, pos, KIND_NULL, DEFENDER_SIDE, DECLARER_SIDE);
}

int solver_value(Solver *solver, const Position *pos)
{
    if (pos->game == GAME_NULL)
        return solver_declarer_wins_null(solver, pos);
    return solver_declarer_points(solver, pos);
}

/* Whether card's value is known from the card just above it: the next
 * higher live card of its suit is in the same hand and worth the same. */
static int equivalent_above(Solver *s, const Position *pos, int card)
{
    load(s, pos, KIND_POINTS);
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2];
    for (int i = 0; i < pos->trick_size; i++)
        live |= 1u << s->trick[i];
    int c = s->internal_of[card];
    uint32_t above = live & s->follow[c] & ~((2u << c) - 1);
    if (!above)
        return CARD_NONE;
    int next = __builtin_ctz(above);
    uint32_t own = s->hand[position_to_move(pos)];
    if (!((own >> next) & 1u) || s->equal_points[next] != s->equal_points[c])
        return CARD_NONE;
    return s->card_of[next];
}

int solver_move_values(Solver *solver, const Position *pos, MoveValue moves[10])
{
    int value = solver_value(solver, pos);
    bool maximizing = position_to_move(pos) == pos->declarer;
    int count = 0;
    /* Highest card first, so that an equivalent card finds its value. */
    CardSet legal = position_legal_moves(pos);
    int cards[10], n = 0;
    for (CardSet m = legal; m; m &= m - 1)
        cards[n++] = set_first(m);
    for (int i = 0; i < n; i++) {
        int card = cards[i];
        moves[i].card = card;
        moves[i].value = -1;
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int i = n - 1; i >= 0; i--) {
            if (moves[i].value >= 0)
                continue;
            int same = equivalent_above(solver, pos, cards[i]);
            if (same != CARD_NONE) {
                for (int j = 0; j < n; j++)
                    if (cards[j] == same && moves[j].value >= 0)
                        moves[i].value = moves[j].value;
                if (moves[i].value >= 0 || pass == 0)
                    continue;
            }
            Position next = *pos;
            position_play(&next, cards[i]);
            if (pos->game == GAME_NULL)
                moves[i].value = solver_declarer_wins_null(solver, &next);
            else if (maximizing)
                moves[i].value = points_between(solver, &next, next.declarer_points, value);
            else
                moves[i].value = points_between(solver, &next, value,
                                                next.declarer_points + position_points_left(&next));
        }
    }
    count = n;
    return count;
}

/* Whether playing card keeps the value of the position at value. */
static bool keeps_value(Solver *solver, const Position *pos, int card, int value)
{
    Position next = *pos;
    position_play(&next, card);
    bool declarer_moves = position_to_move(pos) == pos->declarer;
    if (pos->game == GAME_NULL)
        return solver_declarer_wins_null(solver, &next) == (value == 1);
    if (declarer_moves)
        return solver_declarer_reaches(solver, &next, value);
    return !solver_declarer_reaches(solver, &next, value + 1);
}

int solver_optimal_line(Solver *solver, const Position *pos, int line[30])
{
    Position cur = *pos;
    int value = solver_value(solver, &cur);
    int length = 0;
    while (!position_is_over(&cur)) {
        CardSet legal = position_legal_moves(&cur);
        int chosen = set_first(legal);
        for (CardSet m = legal; m; m &= m - 1)
            if (keeps_value(solver, &cur, set_first(m), value)) {
                chosen = set_first(m);
                break;
            }
        line[length++] = chosen;
        position_play(&cur, chosen);
    }
    return length;
}
