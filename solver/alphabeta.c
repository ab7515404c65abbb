#include "variant.h" /* first: this file is compiled twice (dispatch.h) */

#include "alphabeta.h"

#include "endings.h"
#include "hints.h"
#include "movegen.h"
#include "quicktricks.h"

/* The point search has one function per seat in the trick (lead_points,
 * second_points, third_points).  A trick's start solves the last two tricks
 * outright (last_tricks_points; the two-trick endings cached:
 * ending_points), else first tries cheap sound bounds (declarer_floor,
 * defenders_floor), then the transposition table, and leaves the leads to
 * search_leads.  Each node searches one move first (the table's or the
 * hints' where they know one, else one chosen from bit masks, as the full
 * ordering would: first_lead, second_points, third_points), and lists the
 * others only when that move does not cut off (lead_rest, second_rest,
 * third_rest): most nodes never need the list.  What a trick start's leads
 * found goes into the table and the hints (remember_lead). */

static inline uint32_t legal_for(const Solver *s, uint32_t hand, int n)
{
    if (n == 0)
        return hand;
    uint32_t follow = hand & s->follow[s->trick[0]];
    return follow ? follow : hand;
}

/* The card winning the first n cards of the trick so far: the highest
 * among the trumps and the cards of the led suit. */
static inline int trick_top(const Solver *s, int n)
{
    uint32_t contenders = s->trump | s->follow[s->trick[0]];
    uint32_t played = 1u << s->trick[0];
    for (int i = 1; i < n; i++)
        played |= 1u << s->trick[i];
    return highest_bit(played & contenders);
}

/* The index in the trick of trick_top. */
static inline int winning_index(const Solver *s, int n)
{
    int top = trick_top(s, n);
    return top == s->trick[0] ? 0 : top == s->trick[1] ? 1 : 2;
}

static int lead_points(Solver *s, int leader, int alpha, int beta);

/* Takes card from the player's hand for the rest of the search below. */
static inline void take(Solver *s, int player, int c)
{
    s->hand[player] &= ~(1u << c);
    s->hand_points -= s->points[c];
}

static inline void give_back(Solver *s, int player, int c)
{
    s->hand[player] |= 1u << c;
    s->hand_points += s->points[c];
}

/* Keeps the best value for the side to move; true on a cutoff. */
static inline bool improve(bool maximizing, int v, int c, int *best, int *best_move, int *alpha, int *beta)
{
    if (maximizing ? v <= *best : v >= *best)
        return false;
    *best = v;
    *best_move = c;
    if (maximizing ? v > *alpha : v < *beta) {
        if (maximizing)
            *alpha = v;
        else
            *beta = v;
    }
    return *alpha >= *beta;
}

/* Principal variation search: in a wide window the first move is searched
 * for its value, each later one first only asked whether it does better
 * (a null window at the bound the mover must pass: scout_window), and
 * searched again for its value (rescout_window) only where it does and the
 * answer is still inside the window.  Most later moves do no better, and a
 * null window proves that more cheaply than the wide one would; in a null
 * window both are the plain search. */
static inline void scout_window(bool maximizing, int alpha, int beta, int *a, int *b)
{
    *a = maximizing ? alpha : beta - 1;
    *b = *a + 1;
}

/* Whether a scout's fail-soft answer v needs the second search, and its
 * window: from v (a bound already proved) to the far side of the window. */
static inline bool rescout_window(bool maximizing, int v, int alpha, int beta, int *a, int *b)
{
    *a = maximizing ? v : alpha;
    *b = maximizing ? beta : v;
    return v > alpha && v < beta;
}

/* The third player plays c, which gives the trick to winner: the value. */
static inline int play_third(Solver *s, int player, int c, int winner, int in_trick, int alpha, int beta)
{
    int first = s->trick[0], second = s->trick[1];
    take(s, player, c);
    int v;
    if (winner != s->declarer) {
        v = lead_points(s, winner, alpha, beta);
    } else {
        int won = in_trick + s->points[c];
        v = won + lead_points(s, winner, alpha - won, beta - won);
    }
    give_back(s, player, c);
    /* The next tricks reused s->trick. */
    s->trick[0] = first;
    s->trick[1] = second;
    return v;
}

/* The third player's moves after the first, c, failed to settle the node. */
static __attribute__((noinline)) int third_rest(Solver *s, int leader, int c, int best, int in_trick, int alpha,
                                                int beta, int *cut_by)
{
    int player = seat_after[leader][2];
    bool maximizing = maximizes(s, player);
    if (maximizing ? best > alpha : best < beta) {
        if (maximizing)
            alpha = best;
        else
            beta = best;
    }
    MoveList list;
    int winner[10];
    third_moves(s, leader, c, &list, winner);
    uint8_t *killer = &s->reply_killer[bit_count(s->hand[player])][1][s->trick[0]];
    if (*killer)
        to_front(&list, winner, *killer - 1);
    int best_move = c;
    for (int i = 0; i < list.count; i++) {
        int a, b;
        scout_window(maximizing, alpha, beta, &a, &b);
        int v = play_third(s, player, list.card[i], winner[i], in_trick, a, b);
        if (rescout_window(maximizing, v, alpha, beta, &a, &b))
            v = play_third(s, player, list.card[i], winner[i], in_trick, a, b);
        if (improve(maximizing, v, list.card[i], &best, &best_move, &alpha, &beta)) {
            *killer = (uint8_t)(list.card[i] + 1);
            *cut_by = list.card[i];
            break;
        }
    }
    return best;
}

/* The last card of a trick: every choice decides who takes it.  The first
 * choice is made from masks and usually settles the node; the others are
 * listed only when it does not. */
static int third_points(Solver *s, int leader, int alpha, int beta)
{
    s->nodes++;
    int player = seat_after[leader][2];
    uint32_t legal = reply_cards(s->hand[player], s->follow[s->trick[0]]);
    int in_trick = s->points[s->trick[0]] + s->points[s->trick[1]];
    bool maximizing = maximizes(s, player);

    int winner, c = -1;
    bool hinted = !s->ramsch && (legal & (legal - 1));
    uint64_t hint_key = hinted ? reply_hint_key(s, leader, 2) : 0;
    if (hinted && (c = hint_card(s->reply_hints, hint_key)) >= 0 && ((legal >> c) & 1u)) {
        s->trick[2] = c;
        winner = seat_after[leader][winning_index(s, 3)];
    } else {
        c = third_choice(s, leader, &winner);
    }
    int best = play_third(s, player, c, winner, in_trick, alpha, beta);
    if (!(legal & (legal - 1)) || (maximizing ? best >= beta : best <= alpha))
        return best;
    int cut_by = -1;
    best = third_rest(s, leader, c, best, in_trick, alpha, beta, &cut_by);
    if (hinted && cut_by >= 0)
        hint_store(s->reply_hints, hint_key, cut_by);
    return best;
}

/* The second player's moves after the first, c, failed to settle the node. */
static __attribute__((noinline)) int second_rest(Solver *s, int leader, int c, int best, int alpha, int beta,
                                                 int *cut_by)
{
    int player = seat_after[leader][1];
    bool maximizing = maximizes(s, player);
    if (maximizing ? best > alpha : best < beta) {
        if (maximizing)
            alpha = best;
        else
            beta = best;
    }
    MoveList list;
    second_moves(s, leader, c, &list);
    uint8_t *killer = &s->reply_killer[bit_count(s->hand[player])][0][s->trick[0]];
    if (*killer)
        to_front(&list, NULL, *killer - 1);
    int best_move = c;
    for (int i = 0; i < list.count; i++) {
        int m = list.card[i];
        take(s, player, m);
        s->trick[1] = m;
        int a, b;
        scout_window(maximizing, alpha, beta, &a, &b);
        int v = third_points(s, leader, a, b);
        if (rescout_window(maximizing, v, alpha, beta, &a, &b))
            v = third_points(s, leader, a, b);
        give_back(s, player, m);
        if (improve(maximizing, v, m, &best, &best_move, &alpha, &beta)) {
            *killer = (uint8_t)(m + 1);
            *cut_by = m;
            break;
        }
    }
    return best;
}

static int second_points(Solver *s, int leader, int alpha, int beta)
{
    s->nodes++;
    int player = seat_after[leader][1];
    uint32_t legal = reply_cards(s->hand[player], s->follow[s->trick[0]]);
    bool maximizing = maximizes(s, player);
    bool hinted = !s->ramsch && (legal & (legal - 1));
    uint64_t hint_key = hinted ? reply_hint_key(s, leader, 1) : 0;
    int c = hinted ? hint_card(s->reply_hints, hint_key) : -1;
    if (c < 0 || !((legal >> c) & 1u))
        c = second_choice(s, leader, legal);
    take(s, player, c);
    s->trick[1] = c;
    int best = third_points(s, leader, alpha, beta);
    give_back(s, player, c);
    if (!(legal & (legal - 1)) || (maximizing ? best >= beta : best <= alpha))
        return best;
    int cut_by = -1;
    best = second_rest(s, leader, c, best, alpha, beta, &cut_by);
    if (hinted && cut_by >= 0)
        hint_store(s->reply_hints, hint_key, cut_by);
    return best;
}

static inline int play_lead(Solver *s, int leader, int c, int alpha, int beta)
{
    take(s, leader, c);
    s->trick[0] = c;
    int v = second_points(s, leader, alpha, beta);
    give_back(s, leader, c);
    return v;
}

/* How far apart the values of two positions of one shape can be.  Their
 * live cards (in the key's numbering) correspond one to one in order, the
 * same hand holding the k-th card of each suit in both, so every line of play
 * takes the same tricks in both; the declarer's points differ by what the
 * cards he takes are worth more or less.  So this position's value is at
 * least the other's minus *less (the points by which its cards are worth
 * less than their counterparts, summed) and at most the other's plus *more.
 * Below the lowest and above the highest card where the live sets differ the
 * cards correspond to themselves.
 * With pext, pair by pair at once: bit k of the cards worth at least some
 * value, extracted from a set, says whether its k-th card is; the pairs
 * where here's card is below that value and there's is not are one
 * popcount, weighed by the step to the next lower value, summed over the
 * five steps (exact: limit is not needed).  Without, pair by pair, counting
 * only over the span where the sets differ and stopping once both sums pass
 * limit (the bound is then useless for the window). */
#ifdef __BMI2__
static void shape_distance(const Solver *s, uint32_t here, uint32_t there, int limit, int *less, int *more)
{
    (void)limit;
    uint32_t at_least = 0;
    *less = *more = 0;
    for (int w = 5; w > 0; w--) {
        at_least |= s->worth[w];
        uint32_t x = _pext_u32(at_least, here), y = _pext_u32(at_least, there);
        int step = worth_points[w] - worth_points[w - 1];
        *less += step * bit_count(y & ~x);
        *more += step * bit_count(x & ~y);
    }
}
#else
static void shape_distance(const Solver *s, uint32_t here, uint32_t there, int limit, int *less, int *more)
{
    uint32_t differ = here ^ there;
    uint32_t span = ~((differ & -differ) - 1) & ((2u << highest_bit(differ)) - 1);
    here &= span;
    there &= span;
    *less = *more = 0;
    for (; here && (*less <= limit || *more <= limit); here &= here - 1, there &= there - 1) {
        int x = s->points[__builtin_ctz(here)], y = s->points[__builtin_ctz(there)];
        if (x < y)
            *less += y - x;
        else
            *more += x - y;
    }
}
#endif

/* What the table knows of a position: the bounds of its own entry, and
 * those of the entries of its shape, loosened by how far apart the two can
 * be (shape_distance; only where that can still help the window), and the
 * best cards of its own entry and of one of the others (keyed; 0 none). */
static void table_bounds(const Solver *s, const TTBucket *group, uint64_t hands, uint32_t live, int leader,
                         int alpha, int beta, int *lower, int *upper, int *best, int *sibling_best)
{
    uint32_t meta = tt_meta(s->tt, leader, s->kind);
    uint64_t code = tt_code(hands);
    *lower = 0;
    *upper = TT_NO_UPPER;
    *best = *sibling_best = 0;
    /* The entries of this shape first, without a branch each (few match,
     * and which ones the branches could not predict). */
    unsigned same = 0;
    TTSeen seen[TT_GROUP * TT_BUCKET_SIZE];
#pragma GCC unroll 8
    for (int i = 0; i < TT_GROUP * TT_BUCKET_SIZE; i++) {
        seen[i] = tt_read(&group[i / TT_BUCKET_SIZE].slot[i % TT_BUCKET_SIZE]);
        same |= (unsigned)(((seen[i].info >> 20) == meta) & (seen[i].code == code)) << i;
    }
    for (; same; same &= same - 1) {
        const TTSeen *e = &seen[__builtin_ctz(same)];
        int lo = tt_lower(e->info), up = tt_upper(e->info);
        if (e->live == live) {
            *best = tt_best(e->info);
        } else {
            if (!*sibling_best)
                *sibling_best = tt_best(e->info);
            int gain_low = lo - 1 - alpha, gain_up = up == TT_NO_UPPER ? -1 : beta - 1 - up;
            int limit = gain_low > gain_up ? gain_low : gain_up;
            if (limit < 0)
                continue;
            int less, more;
            shape_distance(s, live, e->live, limit, &less, &more);
            lo -= less;
            up = up == TT_NO_UPPER ? up : up + more;
        }
        *lower = lo > *lower ? lo : *lower;
        *upper = up < *upper ? up : *upper;
    }
}

#ifdef __BMI2__
enum { KEY_BEFORE_BOUNDS = 1 };
#else
enum { KEY_BEFORE_BOUNDS = 0 };
#endif

/* A trick start's table key, its shape's code and hash, and its group of
 * buckets (fetched into the cache). */
static inline TTBucket *key_and_bucket(const Solver *s, int leader, Key *key, uint64_t *hands, uint64_t *hash)
{
    make_key(s->hand, &s->suits, key);
    *hands = tt_hands_code(key->hand);
    *hash = tt_hash(*hands, leader);
    return tt_bucket(s->tt, *hash);
}

/* The declarer's points where the leader holds two cards or fewer: with
 * none left, the last trick's bonus where he took it (hand_points: Ramsch's
 * bonus, else 0), else 0; all the
 * points left where they are no more than alpha (the node fails low however
 * they are played); else the last trick's, or the two-trick ending's (solved
 * outright and cached). */
static inline int last_tricks_points(Solver *s, int leader, int alpha)
{
    uint32_t own = s->hand[leader];
    if (!own)
        return leader == s->declarer ? s->hand_points : 0;
    if (s->hand_points <= alpha)
        return s->hand_points;
    if (!(own & (own - 1)))
        return last_trick_points(s, leader);
    return ending_points(s, leader);
}

/* A trick start's place in the table, the best leads the table knows for
 * it (keyed, 0 none: table_bounds), and the class keying its lead hints
 * (0 where first_lead did not need it: remember_lead works it out only
 * where a hint is stored). */
typedef struct {
    Key key;
    uint64_t hands, hash;
    int known_best, sibling_best;
    uint64_t class_key;
} TrickStart;

/* The first lead: the position's own table entry's; else the one that cut
 * a position like it off (the class also keys the replies' hints in this
 * trick); else a table entry's of its shape; else the choice from masks. */
static inline int first_lead(Solver *s, int leader, TrickStart *t)
{
    uint32_t own = s->hand[leader];
    int c = t->known_best ? card_of_key(&t->key, t->known_best - 1) : -1;
    c = c >= 0 && ((own >> c) & 1u) ? c : -1;
    t->class_key = 0;
    if (!s->ramsch) {
        s->trick_class[bit_count(own) - 1] = hint_class(s, &t->key, leader, REPLY_CLASS);
        t->class_key = c < 0 ? hint_class(s, &t->key, leader, LEAD_CLASS) : 0;
        int hint = c < 0 ? hint_card(s->lead_hints, t->class_key) : -1;
        hint = hint >= 0 ? card_of_key(&t->key, hint) : -1;
        c = hint >= 0 && ((own >> hint) & 1u) ? hint : c;
    }
    int sibling = c < 0 && t->sibling_best ? card_of_key(&t->key, t->sibling_best - 1) : -1;
    c = sibling >= 0 && ((own >> sibling) & 1u) ? sibling : c;
    return c >= 0 ? c : lead_choice(s, leader);
}

/* The leads after the first, c, which failed to settle the node; a lead
 * that cuts it off becomes the killer and gains history (the more, the more
 * cards are left).  *best_move: the best lead, c where none is better. */
static inline int lead_rest(Solver *s, int leader, int c, int best, int alpha, int beta, int *best_move)
{
    bool maximizing = maximizes(s, leader);
    if (maximizing ? best > alpha : best < beta) {
        if (maximizing)
            alpha = best;
        else
            beta = best;
    }
    int held = bit_count(s->hand[leader]);
    MoveList list;
    lead_moves(s, leader, c, &list);
    uint8_t *killer = &s->lead_killer[held][leader];
    if (*killer)
        to_front(&list, NULL, *killer - 1);
    for (int i = 0; i < list.count; i++) {
        int m = list.card[i], a, b;
        scout_window(maximizing, alpha, beta, &a, &b);
        int v = play_lead(s, leader, m, a, b);
        if (rescout_window(maximizing, v, alpha, beta, &a, &b))
            v = play_lead(s, leader, m, a, b);
        if (improve(maximizing, v, m, &best, best_move, &alpha, &beta)) {
            *killer = (uint8_t)(m + 1);
            int history = s->lead_history[leader][m] + held * held;
            s->lead_history[leader][m] = (uint16_t)(history < HISTORY_CAP ? history : HISTORY_CAP);
            break;
        }
    }
    return best;
}

/* Keeps what the leads found in a window from alpha to beta: a lead that
 * cut the node off as the hint for positions like it, and the bound best
 * proves with the best lead in the table. */
static inline void remember_lead(Solver *s, int leader, const TrickStart *t, int best, int best_move, int alpha,
                                 int beta)
{
    if (!s->ramsch && (maximizes(s, leader) ? best >= beta : best <= alpha)) {
        uint64_t class_key = t->class_key ? t->class_key : hint_class(s, &t->key, leader, LEAD_CLASS);
        hint_store(s->lead_hints, class_key, key_card(&t->key, best_move));
    }
    tt_save(s->tt, t->hash, t->hands, t->key.live, leader, s->kind, best, alpha, beta,
            key_card(&t->key, best_move) + 1);
}

/* The leads of a trick start in the window the table left: the first, the
 * others only where it does not settle the node, and what they found kept. */
static inline int search_leads(Solver *s, int leader, int alpha, int beta, TrickStart *t)
{
    int c = first_lead(s, leader, t), best_move = c;
    int best = play_lead(s, leader, c, alpha, beta);
    if (maximizes(s, leader) ? best < beta : best > alpha)
        best = lead_rest(s, leader, c, best, alpha, beta, &best_move);
    remember_lead(s, leader, t, best, best_move, alpha, beta);
    return best;
}

/* The declarer's card points from the start of a trick on (fail-soft). */
static int lead_points(Solver *s, int leader, int alpha, int beta)
{
    s->nodes++;
    uint32_t own = s->hand[leader], others = own & (own - 1);
    if (!(others & (others - 1))) /* two cards or fewer */
        return last_tricks_points(s, leader, alpha);
    if (s->hand_points <= alpha)
        return s->hand_points;
    /* The table holds the position under its shape (key) and live cards.
     * With pdep the key is cheap, and its bucket is fetched while the quick
     * bounds are worked out; without, the key costs more than the fetch
     * saves, and it is made only where the quick bounds do not settle the
     * node (they end about two in five trick starts). */
    TrickStart t;
    t.hands = t.hash = 0;
    const TTBucket *group = NULL;
    /* The declarer surely takes sure, the defenders all but ceiling.  Where
     * he already holds what the window asks (a quarter of the trick starts
     * of evaluate's threshold searches), the floor settles the node and its
     * key would be made for nothing. */
    if (beta <= 0)
        return declarer_floor(s, leader);
    if (KEY_BEFORE_BOUNDS)
        group = key_and_bucket(s, leader, &t.key, &t.hands, &t.hash);
    int sure = declarer_floor(s, leader);
    if (sure >= beta)
        return sure;
    int ceiling = s->hand_points - defenders_floor(s, leader);
    if (ceiling <= alpha)
        return ceiling;
    if (!KEY_BEFORE_BOUNDS)
        group = key_and_bucket(s, leader, &t.key, &t.hands, &t.hash);
    int lower, upper;
    table_bounds(s, group, t.hands, t.key.live, leader, alpha, beta, &lower, &upper, &t.known_best, &t.sibling_best);
    if (lower >= beta || lower == upper)
        return lower;
    if (upper <= alpha)
        return upper;
    return search_leads(s, leader, lower > alpha ? lower : alpha, upper < beta ? upper : beta, &t);
}

/* The declarer's card points from a position with n cards of the current
 * trick played. */
int search_points(Solver *s, int leader, int n, int alpha, int beta)
{
    if (n == 0)
        return lead_points(s, leader, alpha, beta);
    if (n == 1)
        return second_points(s, leader, alpha, beta);
    return third_points(s, leader, alpha, beta);
}

/* Null: the order of the moves of a trick search (no trumps; a card's rank
 * is its place in its suit).  The declarer ducks with his highest card that
 * stays below the trick's top, else sheds his highest; a defender stays
 * below the declarer's winning card with his highest such card, plays low
 * before the declarer has played, and leads low in a suit whose lowest card
 * the declarer cannot duck under, else in a suit he holds; void, each
 * throws his highest-ranked card.  Returns how many. */
static int null_order(const Solver *s, int leader, int n, uint32_t moves, int order[10])
{
    int player = seat_after[leader][n];
    bool declarer = player == s->declarer;
    int score[10], count = 0;
    uint32_t played = 0;
    for (int i = 0; i < n; i++)
        played |= 1u << s->trick[i];
    uint32_t led = n > 0 ? s->follow[s->trick[0]] : 0;
    int top = n > 0 ? highest_bit(played & led) : 0;
    bool declarer_played = false, declarer_on_top = false;
    for (int i = 0; i < n; i++)
        if (seat_after[leader][i] == s->declarer) {
            declarer_played = true;
            declarer_on_top = s->trick[i] == top;
        }
    for (uint32_t m = moves; m; m &= m - 1) {
        int c = __builtin_ctz(m), v;
        int rank = bit_count(s->follow[c] & ((1u << c) - 1));
        if (n > 0 && (led >> c & 1u)) {
            bool below = c < top;
            if (declarer)
                v = below ? 100 + c : c;
            else if (declarer_on_top)
                v = below ? 100 + c : 50 - c;
            else if (!declarer_played)
                v = 50 - c;
            else
                v = c;
        } else if (n > 0) {
            v = rank;
        } else if (declarer) {
            v = 50 - rank;
        } else {
            uint32_t suit = s->follow[c], theirs = s->hand[s->declarer] & suit, own = s->hand[player] & suit;
            v = !theirs ? -rank : __builtin_ctz(theirs) > __builtin_ctz(own) ? 200 - rank : 100 - rank;
        }
        int k = count++;
        for (; k > 0 && score[k - 1] < v; k--) {
            score[k] = score[k - 1];
            order[k] = order[k - 1];
        }
        score[k] = v;
        order[k] = c;
    }
    return count;
}

/* Trick searches where the side to move wants a single trick (the declarer
 * against the defenders' taking every trick, the defenders against his): of
 * its cards that cannot take this trick, one per suit, the lowest.  A higher
 * card of one suit is never worse to keep than a lower one (played in its
 * place it is as legal, and where it takes a trick the lower one did not,
 * that is the trick this side wants), and a card below the trick's top
 * leaves the trick's winner as it is, so playing the lower one is at least
 * as good. */
static inline uint32_t losers_lowest(const Solver *s, int n, uint32_t moves)
{
    uint32_t contenders = s->trump | s->follow[s->trick[0]];
    uint32_t keep = moves & contenders & ~((2u << trick_top(s, n)) - 1u);
    for (uint32_t losers = moves & ~keep; losers; losers &= ~s->follow[__builtin_ctz(losers)])
        keep |= losers & -losers;
    return keep;
}

/* Trick searches: can the trying side make the goal side win every trick? */
bool search_tricks(Solver *s, int leader, int n)
{
    s->nodes++;
    int player = seat_after[leader][n];
    uint64_t hands = 0, hash = 0; /* a trick start's place in the table */
    if (n == 0) {
        if (!s->hand[player])
            return true;
        /* Null: the declarer cannot help taking a trick. */
        if (s->kind == KIND_NULL && null_trick_forced(s, leader))
            return false;
        /* Null, and avoiding every trick: he can keep out of every trick.
         * (Not where he wants one: he need not follow low.) */
        if (s->goal_side == DEFENDER_SIDE && s->trying_side == DECLARER_SIDE && declarer_takes_no_trick(s, leader))
            return true;
        /* The top trump takes a trick whenever it is played: the goal is
         * lost while the other side holds it. */
        uint32_t trumps = (s->hand[0] | s->hand[1] | s->hand[2]) & s->trump;
        if (trumps && (((s->hand[s->declarer] >> highest_bit(trumps)) & 1u) != (s->goal_side == DECLARER_SIDE)))
            return false;
        /* Nor can the defenders take every trick where the declarer's quick
         * tricks give him one. */
        if (s->kind == KIND_DEFENDERS_ALL && (declarer_winners(s, leader) || declarer_long_trumps(s) > 0))
            return false;
        if (s->kind == KIND_DEFENDERS_ALL && declarer_outranked(s, leader))
            return true;
        /* The declarer takes every trick where each of his cards surely takes one. */
        if (s->kind == KIND_DECLARER_ALL &&
            bit_count(declarer_winners(s, leader)) == bit_count(s->hand[s->declarer]))
            return true;
        Key key;
        TTBucket *group = key_and_bucket(s, leader, &key, &hands, &hash);
        uint32_t info;
        /* A trick search's entry always holds its answer (stored below). */
        if (tt_probe(s->tt, group, hands, 0, leader, s->kind, &info))
            return tt_lower(info);
    }
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2];
    for (int i = 0; i < n; i++)
        live |= 1u << s->trick[i];
    uint32_t legal = legal_for(s, s->hand[player], n);
    uint32_t moves = without_rank_equivalents(s, legal, live);
    int side = side_of(s, player);
    bool trying = side == s->trying_side;
    if (n > 0 && !trying && (s->kind == KIND_DECLARER_ALL || s->kind == KIND_DEFENDERS_ALL))
        moves = losers_lowest(s, n, moves);
    /* In the schwarz questions the points search's first choice first: the
     * card that takes or saves the most there mostly takes or gives up the
     * trick the goal needs (7.6 % fewer nodes for evaluate --quick on a
     * hopeless hand, where every game asks whether it is lost schwarz). */
    int first_move = -1;
    if (s->kind == KIND_DECLARER_ALL || s->kind == KIND_DEFENDERS_ALL) {
        int winner;
        first_move = n == 0   ? lead_choice(s, leader)
                     : n == 1 ? second_choice(s, leader, legal)
                              : third_choice(s, leader, &winner);
    }

    /* High cards when this player wants the goal side to take the trick and
     * sits on it, or wants the other side to take it and sits on that one. */
    bool play_high = (side == s->goal_side) == trying;
    int order[10] = {0}, count = 0;
    if (first_move >= 0 && ((moves >> first_move) & 1u)) {
        order[count++] = first_move;
        moves &= ~(1u << first_move);
    }
    if (s->kind == KIND_NULL)
        count += null_order(s, leader, n, moves, order + count);
    while (s->kind != KIND_NULL && moves) {
        int c = play_high ? highest_bit(moves) : __builtin_ctz(moves);
        order[count++] = c;
        moves &= ~(1u << c);
    }

    bool result = !trying;
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
            break;
        }
    }
    /* The answer alone: an entry that holds it never needs a first card. */
    if (n == 0)
        tt_save(s->tt, hash, hands, 0, leader, s->kind, result, result - 1, result + 1, 0);
    return result;
}
