/* Internal to the solver (not for evaluator/ or cli/).
 *
 * Move generation and ordering.  Each node of the point search first tries
 * one move chosen from bit masks (the *_choice functions), as the full
 * ordering would, and lists the others (the *_moves functions, best first,
 * one card per group of rank-equivalent cards that can differ) only when
 * that move does not cut off.  Everything is inline: the search calls these
 * at every node, and out of line (in a movegen.c) they cost it about 2% more
 * instructions. */
#ifndef SKATDD_MOVEGEN_H
#define SKATDD_MOVEGEN_H

#include "searchstate.h"

/* Drops each card whose next higher live card of the same suit is also a
 * choice and, where points count (by_points), has the same point value:
 * the two are interchangeable for ever. */
static inline uint32_t equivalents_dropped(const Solver *s, uint32_t moves, uint32_t live, bool by_points)
{
    uint32_t keep = moves;
    for (uint32_t m = moves; m; m &= m - 1) {
        int c = __builtin_ctz(m);
        uint32_t above = live & s->follow[c] & ~((2u << c) - 1);
        if (above) {
            int next = __builtin_ctz(above);
            if (((moves >> next) & 1u) && (!by_points || s->equal_points[next] == s->equal_points[c]))
                keep &= ~(1u << c);
        }
    }
    return keep;
}

static inline uint32_t without_equivalents(const Solver *s, uint32_t moves, uint32_t live)
{
    return equivalents_dropped(s, moves, live, true);
}

/* The same where only tricks count (trick searches): rank alone. */
static inline uint32_t without_rank_equivalents(const Solver *s, uint32_t moves, uint32_t live)
{
    return equivalents_dropped(s, moves, live, false);
}

/* The cards of a group of rank-equivalent cards but those whose next lower
 * card in the group is worth the same: one card per point value. */
static inline uint32_t group_values(const Solver *s, uint32_t group, uint32_t live)
{
    uint32_t keep = group;
    for (uint32_t m = group & (group - 1); m; m &= m - 1) {
        int c = __builtin_ctz(m);
        int below = highest_bit(live & s->follow[c] & ((1u << c) - 1));
        if (s->equal_points[below] == s->equal_points[c])
            keep &= ~(1u << c);
    }
    return keep;
}

typedef struct {
    int card[10];
    int count;
} MoveList;

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

/* Moves card, when listed, to the front of the list, and its entry of
 * along (when not NULL) with it. */
static inline void to_front(MoveList *list, int along[10], int card)
{
    for (int i = 1; i < list->count; i++)
        if (list->card[i] == card) {
            int a = along ? along[i] : 0;
            for (; i > 0; i--) {
                list->card[i] = list->card[i - 1];
                if (along)
                    along[i] = along[i - 1];
            }
            list->card[0] = card;
            if (along)
                along[0] = a;
            return;
        }
}

/* The lowest legal card's group of rank-equivalent cards: it and the legal
 * cards above it, each the next live card of its suit.  Sets *top to the
 * group's highest card. */
static inline uint32_t next_group(const Solver *s, uint32_t legal, uint32_t live, int *top)
{
    int t = __builtin_ctz(legal);
    uint32_t group = 1u << t;
    for (;;) {
        uint32_t above = live & s->follow[t] & ~((2u << t) - 1);
        if (!above || !((legal >> __builtin_ctz(above)) & 1u))
            break;
        t = __builtin_ctz(above);
        group |= 1u << t;
    }
    *top = t;
    return group;
}

/* Which cards of a group to search.  Rank-equivalent cards win and lose the
 * same tricks and differ only in points.  Swapping two of them for the rest
 * of the game shows that when the current trick is decided (no later player
 * of the other side can still beat its top card), the side taking it wants
 * the most points in it and the other side the fewest, so one card of the
 * group suffices; otherwise one card per point value.  Of equal cards the
 * lowest stands for the others. */
static inline uint32_t group_choice(const Solver *s, uint32_t group, int top, bool mine, bool threat,
                                    uint32_t live)
{
    mine ^= s->ramsch; /* in Ramsch both sides want their tricks cheap */
    if (group == (1u << top))
        return group;
    if (threat)
        return group_values(s, group, live);
    uint32_t best = mine ? dearest_cards(s, group) : cheapest_cards(s, group);
    return best & -best;
}

/* Order: into tricks the moving side is sure to win go the most points, into
 * tricks it may lose the fewest, and trumps are not thrown away. */
static inline int move_score(const Solver *s, int c, bool mine, bool threat)
{
    /* Ramsch (the first choice aside, see ramsch_choice): a trick the
     * mover's side surely takes, as cheaply as can be, then the most points
     * into a trick the other side takes, a trick that may be taken over last.
     * Of the orders measured this one searched the fewest nodes. */
    if (s->ramsch)
        return !mine ? 100 + s->points[c] : (threat ? 50 : 200) - s->points[c];
    if (mine)
        return threat ? 40 - s->points[c] : 100 + s->points[c];
    /* Not taking the trick, but the partner after may (second player): the
     * dearest first. */
    int trump_cost = ((s->trump >> c) & 1u) ? 12 : 0;
    return (threat ? (int)s->points[c] : -(int)s->points[c]) - trump_cost;
}

/* The move move_score puts first, from the cards (each the choice of its
 * group) of each kind: going to a trick the mover's side surely takes, to
 * one it may lose, and to one the other side takes. */
static inline int first_choice(const Solver *s, uint32_t sure, uint32_t risky, uint32_t lost)
{
    if (sure)
        return __builtin_ctz(dearest_cards(s, sure));
    if (risky)
        return __builtin_ctz(cheapest_cards(s, risky));
    uint32_t plain = lost & ~s->trump;
    return __builtin_ctz(cheapest_cards(s, plain ? plain : lost));
}

/* The plain cards of own that some other live card of their suit beats:
 * cards to give away before the masters, which may take tricks of their own. */
static inline uint32_t plain_non_masters(const Solver *s, uint32_t own, uint32_t live)
{
    uint32_t plain = ~s->trump;
    return own & plain & at_or_below(s, live & ~own & plain);
}

/* Ramsch's first choice: both sides want to lose tricks, and into a trick
 * the other side takes go their dearest cards, into their own the cheapest. */
static inline int ramsch_choice(const Solver *s, uint32_t kept, uint32_t lost)
{
    if (lost)
        return highest_bit(dearest_cards(s, lost));
    return __builtin_ctz(cheapest_cards(s, kept));
}

/* Whether a later player of the side not holding the trick can still beat
 * its top card: reply is what that player may play to the trick. */
static inline bool beatable(uint32_t reply, uint32_t contenders, int top)
{
    return (reply & contenders & ~((2u << top) - 1)) != 0;
}

/* The leads of own that opponent could beat: with a higher card of the
 * suit, or with a trump when void in it. */
static inline uint32_t beatable_leads(const Solver *s, uint32_t own, uint32_t opponent)
{
    uint32_t beaten = own & at_or_below(s, opponent);
    if (opponent & s->trump)
        beaten |= own & ~s->trump & ~suits_of(s, opponent);
    return beaten;
}

/* The leader's moves worth searching but skip, best first (lowest groups
 * first among moves of equal promise). */
static inline void lead_moves(const Solver *s, int leader, int skip, MoveList *list)
{
    uint32_t legal = s->hand[leader];
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2];
    int my_side = side_of(s, leader);
    uint32_t opponent[2];
    int opponents = 0;
    for (int k = 1; k < 3; k++) {
        int seat = seat_after[leader][k];
        if (side_of(s, seat) != my_side)
            opponent[opponents++] = s->hand[seat];
    }
    int score[10];
    list->count = 0;
    while (legal) {
        int top;
        uint32_t group = next_group(s, legal, live, &top);
        legal &= ~group;
        uint32_t led = s->follow[top];
        uint32_t contenders = s->trump | led;
        bool threat = false;
        for (int k = 0; k < opponents; k++)
            threat |= beatable(reply_cards(opponent[k], led), contenders, top);
        /* Ordered as sure: a defender's lead his partner can take over from
         * the declarer (the group still counts it as a threat: exactness). */
        bool risky = threat;
        if (threat && opponents == 1 && !s->ramsch) {
            uint32_t declarer = s->hand[s->declarer];
            uint32_t partner = live & ~s->hand[leader] & ~declarer;
            uint32_t d = reply_cards(declarer, led) & contenders, p = reply_cards(partner, led) & contenders;
            risky = !p || (d && highest_bit(p) < highest_bit(d));
        }
        uint32_t keep = group_choice(s, group, top, true, threat, live) & ~(1u << skip);
        for (; keep; keep &= keep - 1) {
            int c = __builtin_ctz(keep);
            add_move(list, score, c, move_score(s, c, true, risky) * HISTORY_WEIGHT + s->lead_history[leader][c]);
        }
    }
}

/* The second player's moves but skip, best first. */
static inline void second_moves(const Solver *s, int leader, int skip, MoveList *list)
{
    int player = seat_after[leader][1], last = seat_after[leader][2];
    int first = s->trick[0];
    uint32_t led = s->follow[first];
    uint32_t contenders = s->trump | led;
    uint32_t legal = reply_cards(s->hand[player], led);
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2] | 1u << first;
    int my_side = side_of(s, player), lead_side = side_of(s, leader), last_side = side_of(s, last);
    uint32_t last_reply = reply_cards(s->hand[last], led);
    int score[10];
    list->count = 0;
    while (legal) {
        int top;
        uint32_t group = next_group(s, legal, live, &top);
        legal &= ~group;
        bool beats = ((contenders >> top) & 1u) && top > first;
        int winning = beats ? top : first;
        int top_side = beats ? my_side : lead_side;
        bool threat = last_side != top_side && beatable(last_reply, contenders, winning);
        bool mine = top_side == my_side;
        uint32_t keep = group_choice(s, group, top, mine, threat, live) & ~(1u << skip);
        for (; keep; keep &= keep - 1) {
            int c = __builtin_ctz(keep);
            add_move(list, score, c, move_score(s, c, mine, threat));
        }
    }
}

/* The third player's moves but skip, best first, with the seat each one
 * gives the trick to. */
static inline void third_moves(const Solver *s, int leader, int skip, MoveList *list, int winner[10])
{
    int player = seat_after[leader][2];
    int first = s->trick[0], second = s->trick[1];
    uint32_t led = s->follow[first];
    uint32_t contenders = s->trump | led;
    uint32_t legal = reply_cards(s->hand[player], led);
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2] | 1u << first | 1u << second;
    bool second_beats = ((contenders >> second) & 1u) && second > first;
    int current = second_beats ? second : first;
    int current_seat = seat_after[leader][second_beats ? 1 : 0];
    bool current_mine = side_of(s, current_seat) == side_of(s, player);
    int score[10];
    list->count = 0;
    while (legal) {
        int top;
        uint32_t group = next_group(s, legal, live, &top);
        legal &= ~group;
        bool beats = ((contenders >> top) & 1u) && top > current;
        bool mine = beats || current_mine;
        uint32_t keep = group_choice(s, group, top, mine, false, live) & ~(1u << skip);
        if (keep)
            add_move(list, score, __builtin_ctz(keep), move_score(s, __builtin_ctz(keep), mine, false));
    }
    for (int i = 0; i < list->count; i++) {
        int c = list->card[i];
        winner[i] = ((contenders >> c) & 1u) && c > current ? player : current_seat;
    }
}

/* The third player's first choice, made from masks, and the seat it gives
 * the trick to. */
static inline int third_choice(const Solver *s, int leader, int *winner)
{
    int player = seat_after[leader][2];
    int first = s->trick[0], second = s->trick[1];
    uint32_t led = s->follow[first];
    uint32_t contenders = s->trump | led;
    uint32_t legal = reply_cards(s->hand[player], led);
    bool second_beats = ((contenders >> second) & 1u) && second > first;
    int current = second_beats ? second : first;
    int current_seat = seat_after[leader][second_beats];
    uint32_t beating = legal & contenders & ~((2u << current) - 1);
    uint32_t mine = side_of(s, current_seat) == side_of(s, player) ? legal : beating;
    /* Plain cards that are not masters go first (measured, README round 6):
     * void on the partner's trick, the dearest of them; taking the
     * opponent's trick in its own suit, the dearest that does. */
    bool partners = side_of(s, current_seat) == side_of(s, player);
    uint32_t candidates = partners ? (legal & led ? 0 : legal & ~s->trump) : beating & led & ~s->trump;
    if (candidates && !s->ramsch) {
        uint32_t choice = candidates & plain_non_masters(s, s->hand[player], s->hand[0] | s->hand[1] | s->hand[2]);
        if (choice) {
            int c = __builtin_ctz(dearest_cards(s, choice));
            *winner = partners ? current_seat : player;
            return c;
        }
    }
    int c = s->ramsch ? ramsch_choice(s, mine, legal & ~mine) : first_choice(s, mine, 0, legal & ~mine);
    *winner = (beating >> c) & 1u ? player : current_seat;
    return c;
}

/* The second player's first choice, made from masks. */
static inline int second_choice(const Solver *s, int leader, uint32_t legal)
{
    int player = seat_after[leader][1], last = seat_after[leader][2];
    int first = s->trick[0];
    uint32_t led = s->follow[first];
    uint32_t contenders = s->trump | led;
    uint32_t beating = legal & contenders & ~((2u << first) - 1);
    if (s->ramsch)
        return ramsch_choice(s, side_of(s, leader) == side_of(s, player) ? legal : beating,
                             side_of(s, leader) == side_of(s, player) ? 0 : legal & ~beating);
    /* The cards the last player could beat, when an opponent. */
    uint32_t last_top = reply_cards(s->hand[last], led) & contenders;
    uint32_t beaten = 0;
    if (last_top && side_of(s, last) != side_of(s, player))
        beaten = (1u << highest_bit(last_top)) - 1;
    uint32_t others = legal & ~beating;
    uint32_t sure = beating & ~beaten, risky = beating & beaten, lost = 0;
    if (side_of(s, leader) == side_of(s, player)) {
        if ((beaten >> first) & 1u)
            risky |= others;
        else
            sure |= others;
    } else {
        lost = others;
        /* The partner behind can take the opponent's lead, and this player
         * cannot, or only by ruffing: into it goes the dearest plain card
         * that is not a master, else the dearest plain card (the trump is
         * kept; measured, README round 6). */
        bool only_ruffs = !(led & s->trump) && !(beating & ~s->trump) && (others & ~s->trump);
        uint32_t partner_beats = reply_cards(s->hand[last], led) & contenders & ~((2u << first) - 1);
        if ((!beating || only_ruffs) && side_of(s, last) == side_of(s, player) && partner_beats) {
            uint32_t plain = others & ~s->trump;
            uint32_t live = s->hand[0] | s->hand[1] | s->hand[2] | 1u << first;
            uint32_t spare = plain & plain_non_masters(s, s->hand[player], live);
            return __builtin_ctz(dearest_cards(s, spare ? spare : plain ? plain : others));
        }
    }
    return first_choice(s, sure, risky, lost);
}

/* A defender's lead: into the suit, the trumps one too, where the declarer
 * holds the fewest cards but some (suits he lacks last); in it his dearest
 * safe card, else his cheapest; among such suits a safe lead first, then
 * the dearer.  Measured against the dearest safe card, else the cheapest
 * card, of any suit: evaluate 14 % fewer nodes, grand values 6 % (README,
 * round 24). */
static inline int short_suit_lead(const Solver *s, uint32_t own, uint32_t safe, uint32_t declarer)
{
    int lead = -1, best = 1 << 20;
    for (uint32_t m = own; m;) {
        uint32_t suit = s->follow[__builtin_ctz(m)];
        m &= ~suit;
        int held = bit_count(declarer & suit);
        uint32_t pick = safe & suit ? dearest_cards(s, safe & suit) : cheapest_cards(s, own & suit);
        int c = __builtin_ctz(pick);
        int rank = (held ? held : 11) * 256 - (safe & suit ? 128 + s->points[c] : 0);
        if (rank < best) {
            best = rank;
            lead = c;
        }
    }
    return lead;
}

/* The leader's first choice without a table move, made from masks. */
static inline int lead_choice(const Solver *s, int leader)
{
    uint32_t own = s->hand[leader];
    uint32_t beaten = 0;
    for (int k = 1; k < 3; k++) {
        int seat = seat_after[leader][k];
        if (side_of(s, seat) != side_of(s, leader))
            beaten |= beatable_leads(s, own, s->hand[seat]);
    }
    if (s->ramsch) {
        if (leader != s->declarer) {
            /* A lead below every card the declarer holds in its suit, where
             * the partner can stay below them too: the declarer must take
             * the trick, so the dearest such card. */
            uint32_t declarer = s->hand[s->declarer];
            uint32_t partner = (s->hand[0] | s->hand[1] | s->hand[2]) & ~own & ~declarer;
            uint32_t forcing = 0;
            for (uint32_t m = own; m;) {
                uint32_t suit = s->follow[__builtin_ctz(m)];
                m &= ~suit;
                uint32_t d = declarer & suit, p = partner & suit;
                if (!d || (p && __builtin_ctz(p) > __builtin_ctz(d)))
                    continue;
                forcing |= own & suit & ((1u << __builtin_ctz(d)) - 1);
            }
            if (forcing)
                return highest_bit(dearest_cards(s, forcing));
        } else {
            /* A lead below every card one of the others holds in its suit:
             * he must take the trick, so the dearest such card. */
            uint32_t forcing = 0;
            for (int k = 1; k < 3; k++) {
                uint32_t other = s->hand[seat_after[leader][k]];
                for (uint32_t m = own; m;) {
                    uint32_t suit = s->follow[__builtin_ctz(m)];
                    m &= ~suit;
                    if (other & suit)
                        forcing |= own & suit & ((1u << __builtin_ctz(other & suit)) - 1);
                }
            }
            if (forcing)
                return highest_bit(dearest_cards(s, forcing));
        }
        /* A lead the other side can take over, cheap. */
        return __builtin_ctz(cheapest_cards(s, beaten ? beaten : own));
    }
    if (leader == s->declarer) {
        /* No sure winner: draw trumps, from the top (measured: fewer nodes
         * than from the bottom, most in evaluate's threshold searches). */
        if (!(own & ~beaten) && (own & s->trump))
            return highest_bit(own & s->trump);
        /* The defenders out of trumps: his trumps are sure tricks whenever
         * he plays them, and ruff their suits until then, so a plain card
         * first (measured: the first lead that cuts off about half as often
         * a trump there; README, round 24). */
        uint32_t plain = own & ~s->trump;
        uint32_t defenders = (s->hand[0] | s->hand[1] | s->hand[2]) & ~own;
        if (plain && !(defenders & s->trump))
            return first_choice(s, plain & ~beaten, plain & beaten, 0);
    } else {
        /* A defender's lead is as good as sure when the partner can beat
         * whatever the declarer plays to it. */
        uint32_t declarer = s->hand[s->declarer];
        uint32_t partner = (s->hand[0] | s->hand[1] | s->hand[2]) & ~own & ~declarer;
        uint32_t safe = own & ~beaten;
        for (uint32_t m = own & beaten; m;) {
            uint32_t suit = s->follow[__builtin_ctz(m)];
            m &= ~suit;
            uint32_t contenders = suit | s->trump;
            uint32_t d = reply_cards(declarer, suit) & contenders;
            uint32_t p = reply_cards(partner, suit) & contenders;
            if (p && (!d || highest_bit(p) > highest_bit(d)))
                safe |= own & suit;
        }
        return short_suit_lead(s, own, safe, declarer);
    }
    return first_choice(s, own & ~beaten, own & beaten, 0);
}

#endif
