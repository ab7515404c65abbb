/* Internal to the solver (not for evaluator/ or cli/).
 *
 * Quick tricks: cheap sound lower bounds on the card points each side takes
 * from a trick's start (in the manner of DDS's quick tricks), tried before the
 * transposition table.  Inline: they run at every trick's start. */
#ifndef SKATDD_QUICKTRICKS_H
#define SKATDD_QUICKTRICKS_H

#include "searchstate.h"

/* The least points k cards of hand are worth together. */
static inline int cheapest_sum(const Solver *s, uint32_t hand, int k)
{
    /* No card asked (often: no trick counted, none left over from the suits
     * followed) needs no count. */
    if (k <= 0 || k <= bit_count(hand & s->worth[0]))
        return 0;
    int sum = 0;
    for (int w = 0; k > 0 && w < 6; w++) {
        int n = bit_count(hand & s->worth[w]);
        n = n < k ? n : k;
        sum += n * worth_points[w];
        k -= n;
    }
    return sum;
}

/* The least points of the tricks a side takes with each card of won, one
 * card a trick: those cards and, from each opponent, his cheapest as many. */
static inline int tricks_worth(const Solver *s, uint32_t won, uint32_t opponent1, uint32_t opponent2)
{
    if (!won) /* often so: no point table looked up for an empty set */
        return 0;
    int tricks = bit_count(won);
    return set_worth(s, won) + cheapest_sum(s, opponent1, tricks) + cheapest_sum(s, opponent2, tricks);
}

/* The k cheapest cards of a set (fewer where it holds fewer). */
static inline uint32_t cheapest_cards_k(const Solver *s, uint32_t cards, int k)
{
    /* All of them, the common case in led_tricks_worth (an opponent
     * holding no more of a suit than its rounds led): no class to walk. */
    if (bit_count(cards) <= k)
        return cards;
    uint32_t chosen = 0;
    for (int w = 0; k > 0 && w < 6; w++) {
        uint32_t c = cards & s->worth[w];
        int n = bit_count(c);
        if (n >= k)
            return chosen | lowest_bits(c, k);
        chosen |= c;
        k -= n;
    }
    return chosen;
}

/* tricks_worth for a leader who takes them one after another from now: an
 * opponent puts into them the least points of his cards that follow suit
 * while he must: of each suit in which t cards of won are led he gives at
 * least min(t, what he holds of it), and every card he plays meanwhile goes
 * into those tricks; the rest his cheapest.  Both opponents in one walk over
 * the suits; won and the cards they must follow with are disjoint, so one
 * sum of points for them all. */
static inline int led_tricks_worth(const Solver *s, uint32_t won, uint32_t opponent1, uint32_t opponent2)
{
    if (!won) /* for a leading declarer, in two floors of five */
        return 0;
    int left1 = bit_count(won), left2 = left1;
    uint32_t given = won;
    for (uint32_t m = won; m;) {
        uint32_t suit = s->follow[__builtin_ctz(m)];
        m &= ~suit;
        int t = bit_count(won & suit);
        uint32_t forced1 = cheapest_cards_k(s, opponent1 & suit, t);
        uint32_t forced2 = cheapest_cards_k(s, opponent2 & suit, t);
        given |= forced1 | forced2;
        left1 -= bit_count(forced1);
        left2 -= bit_count(forced2);
    }
    return set_worth(s, given) + cheapest_sum(s, opponent1 & ~given, left1) +
           cheapest_sum(s, opponent2 & ~given, left2);
}

/* The trumps above every trump outside side_cards: each takes a trick
 * whenever it is played. */
static inline uint32_t top_trumps(const Solver *s, uint32_t live, uint32_t side_cards)
{
    uint32_t trumps = live & s->trump;
    uint32_t others = trumps & ~side_cards;
    return others ? trumps & ~((2u << highest_bit(others)) - 1) : trumps;
}

/* The plain cards of own above every other live card of their suit. */
static inline uint32_t plain_masters(const Solver *s, uint32_t own, uint32_t live)
{
    uint32_t plain = ~s->trump;
    return own & plain & ~at_or_below(s, live & ~own & plain);
}

/* The plain cards of own that take tricks once the trumps are drawn and
 * its masters (plain_masters) cashed: the masters, and every card of a suit
 * where they are at least as many as either other hand holds of it (after
 * that many rounds the others are void there, and nobody can trump). */
static inline uint32_t established(const Solver *s, uint32_t own, uint32_t masters, uint32_t other1, uint32_t other2)
{
    uint32_t won = masters;
    for (uint32_t m = masters; m;) {
        uint32_t suit = s->follow[__builtin_ctz(m)];
        m &= ~suit;
        int top = bit_count(masters & suit);
        if (top >= bit_count(other1 & suit) && top >= bit_count(other2 & suit))
            won |= own & suit;
    }
    return won;
}

/* Whether a leader with top trumps can draw every other trump with them:
 * leading them one by one, each wins while the others follow with theirs. */
static inline bool draws_trumps(const Solver *s, int top, uint32_t other1, uint32_t other2)
{
    int t1 = bit_count(other1 & s->trump), t2 = bit_count(other2 & s->trump);
    return top >= (t1 > t2 ? t1 : t2);
}

/* The masters a leader can cash one after another while every opponent
 * who could trump them still has to follow suit. */
static inline uint32_t cashable(const Solver *s, uint32_t masters, uint32_t other1, uint32_t other2)
{
    uint32_t cashed = 0;
    while (masters) {
        uint32_t suit = s->follow[__builtin_ctz(masters)];
        uint32_t run = masters & suit;
        masters &= ~suit;
        int rounds = bit_count(run);
        if (other1 & s->trump && bit_count(other1 & suit) < rounds)
            rounds = bit_count(other1 & suit);
        if (other2 & s->trump && bit_count(other2 & suit) < rounds)
            rounds = bit_count(other2 & suit);
        /* The masters are the top of their suit: cash the highest first,
         * leaving the lowest ones. */
        cashed |= run & ~lowest_bits(run, bit_count(run) - rounds);
    }
    return cashed;
}

/* The cards a declarer not on lead surely takes a trick with when his top
 * trumps (top) are one more than drawing the defenders' trumps takes: each
 * of his trumps (led to, he wins with a top trump; void in the suit led, he
 * ruffs with one, and nobody overruffs; else he follows and loses no trump;
 * the first trick he takes leaves him on lead able to draw trumps), and his
 * masters too where every first lead gives him the trick: a trump, a suit
 * he lacks, or a suit he holds a master of and that no defender holding a
 * trump lacks (with the lead he draws the trumps, then cashes the masters).
 * 0 when not so. */
static inline uint32_t spare_trump_winners(const Solver *s, uint32_t own, uint32_t top, uint32_t hand1,
                                           uint32_t hand2, uint32_t live)
{
    if (!top || !draws_trumps(s, bit_count(top) - 1, hand1, hand2))
        return 0;
    uint32_t masters = plain_masters(s, own, live);
    uint32_t suits = suits_of(s, own & ~s->trump);
    bool follow1 = !(hand1 & s->trump) || suits_of(s, hand1 & suits) == suits;
    bool follow2 = !(hand2 & s->trump) || suits_of(s, hand2 & suits) == suits;
    bool cashes = follow1 && follow2 && suits_of(s, masters) == suits;
    return (own & s->trump) | (cashes ? masters : 0);
}

/* Lower bounds on the card points each side takes from a trick's start.
 *
 * A side surely takes a trick with each of its top trumps.  A leading
 * declarer also cashes his masters while the defenders who could trump them
 * must follow (see cashable); and when a leader can draw the other trumps
 * with his top ones (see draws_trumps), he takes a trick with each of his
 * trumps and each of his masters, cashed one after another (nobody can trump
 * them any more, and the others' discards only make his cards stronger).
 * A player not on lead who holds every trump left (at least one) takes a
 * trick with each of them and each of his masters too: he never has to give
 * a master up (void, he ruffs, and nobody can overruff), and his first trick
 * gives him the lead.  With no trump left at all, a declarer not on lead
 * keeps his masters while he has other cards to follow or discard with, as
 * many as the defenders' cards of the suits he holds no master of.  And the
 * declarer takes a trick with all but as many of his trumps as the
 * defenders hold above his lowest (length: a trump loses only to a higher
 * one in its trick).
 * (A defender's cashing without drawing trumps costs more to find than it
 * saves.)  Each trick so taken also holds a card of every opponent, all
 * different: an opponent adds at least the points of his t cheapest cards
 * to t such tricks.
 *
 * Trick counts: the declarer's tricks all hold a card of his one hand, so
 * they are as many as his cards counted; the defenders' top trumps may fall
 * together, so they count only as many tricks as one defender holds.
 *
 * declarer_winners: the declarer's cards that surely take a trick each;
 * declarer_long_trumps: the length's tricks; declarer_floor: their points.
 * (Always inline: the floor runs at every trick start.) */
static inline __attribute__((always_inline)) uint32_t declarer_winners(const Solver *s, int leader)
{
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2];
    uint32_t own = s->hand[s->declarer];
    uint32_t hand1 = s->hand[s->defender[0]], hand2 = s->hand[s->defender[1]];
    uint32_t won = top_trumps(s, live, own), spare;
    /* Cashing is the declarer's choice: no floor where he wants few points. */
    if (leader == s->declarer && !s->ramsch) {
        uint32_t masters = plain_masters(s, own, live);
        if (draws_trumps(s, bit_count(won), hand1, hand2))
            won = (own & s->trump) | established(s, own, masters, hand1, hand2);
        else
            won |= cashable(s, masters, hand1, hand2);
    } else if (!s->ramsch && (own & s->trump) && !((hand1 | hand2) & s->trump)) {
        /* Not on lead, but the defenders hold no trump: he loses no master
         * (following suit he may keep it; void, he ruffs) and takes the lead
         * with his first trick, then cashes them. */
        won |= plain_masters(s, own, live);
    } else if (!s->ramsch && (spare = spare_trump_winners(s, own, won, hand1, hand2, live))) {
        won = spare;
    } else if (!s->ramsch && !(live & s->trump)) {
        /* Nobody holds a trump: he gives no master up while he has another
         * card to follow or discard, and every trick before his first costs
         * the defenders a card of a suit he holds no master of. */
        uint32_t masters = plain_masters(s, own, live);
        if (bit_count(own & ~masters) >= bit_count((hand1 | hand2) & ~suits_of(s, masters)))
            won |= masters;
    }
    return won;
}

/* Length: a trump loses only to a higher one in its trick, and each
 * defender's trump is in one trick, so all but as many of the declarer's
 * trumps as the defenders hold above his lowest take tricks: how many (0
 * in Ramsch, where he may not want them). */
static inline int declarer_long_trumps(const Solver *s)
{
    if (s->ramsch)
        return 0;
    uint32_t trumps = s->hand[s->declarer] & s->trump;
    uint32_t defenders = s->hand[s->defender[0]] | s->hand[s->defender[1]];
    uint32_t above = trumps ? defenders & s->trump & ~((2u << __builtin_ctz(trumps)) - 1) : 0;
    return bit_count(trumps) - bit_count(above);
}

static inline int declarer_floor(const Solver *s, int leader)
{
    uint32_t hand1 = s->hand[s->defender[0]], hand2 = s->hand[s->defender[1]];
    uint32_t won = declarer_winners(s, leader);
    int tricks = bit_count(won);
    /* On lead he takes them one after another from now. */
    int sure = leader == s->declarer && !s->ramsch ? led_tricks_worth(s, won, hand1, hand2)
                                                   : tricks_worth(s, won, hand1, hand2);
    /* Length adds only where he holds more trumps than the tricks counted above. */
    int longer = bit_count(s->hand[s->declarer] & s->trump) > tricks ? declarer_long_trumps(s) : 0;
    if (longer > tricks) {
        int counted = cheapest_sum(s, s->hand[s->declarer] & s->trump, longer) + cheapest_sum(s, hand1, longer) +
                      cheapest_sum(s, hand2, longer);
        sure = counted > sure ? counted : sure;
    }
    return sure;
}

static inline int defenders_floor(const Solver *s, int leader)
{
    uint32_t live = s->hand[0] | s->hand[1] | s->hand[2];
    uint32_t declarer = s->hand[s->declarer];
    uint32_t own = s->hand[leader];
    /* The declarer holds the highest trump: no defender has a top trump, and
     * the leader cannot draw trumps, so every rule below gives 0. */
    uint32_t trumps = live & s->trump;
    if (trumps && ((declarer >> highest_bit(trumps)) & 1u))
        return 0;
    /* Drawing trumps is the defenders' choice: no floor in Ramsch either. */
    if (leader != s->declarer && !s->ramsch) {
        uint32_t partner = live & ~own & ~declarer;
        if (draws_trumps(s, bit_count(top_trumps(s, live, own)), declarer, partner)) {
            uint32_t won = (own & s->trump) | established(s, own, plain_masters(s, own, live), declarer, partner);
            return led_tricks_worth(s, won, declarer, partner);
        }
    }
    /* No trump left: no defender has a top trump, so the rules below give 0. */
    if (!trumps)
        return 0;
    uint32_t top = top_trumps(s, live, live & ~declarer);
    uint32_t hand1 = s->hand[s->defender[0]], hand2 = s->hand[s->defender[1]];
    int held1 = bit_count(top & hand1), held2 = bit_count(top & hand2);
    /* The defender with more top trumps takes that many tricks; into them
     * his partner puts as many cards, all but his own top trumps others. */
    uint32_t partner = held1 >= held2 ? hand2 : hand1;
    int most = held1 > held2 ? held1 : held2, fewest = held1 + held2 - most;
    int sure = set_worth(s, top) + cheapest_sum(s, declarer, most) + cheapest_sum(s, partner & ~top, most - fewest);
    /* One defender holds every trump left: as the declarer in declarer_floor,
     * he loses none of his masters and takes the lead with his first trick
     * (void, he ruffs, and nobody can overruff), then cashes them. */
    if (!s->ramsch && (top & (hand1 | hand2)) && !((top & hand1) && (top & hand2)) && !(declarer & s->trump)) {
        bool first = (top & hand1) != 0;
        uint32_t holder = first ? hand1 : hand2, other = first ? hand2 : hand1;
        int cashed = tricks_worth(s, (holder & s->trump) | plain_masters(s, holder, live), declarer, other);
        sure = cashed > sure ? cashed : sure;
    }
    return sure;
}

/* Null: whether the defenders, leading one suit (cards within it: the
 * declarer's, the leader's, the partner's) and each playing his lowest card
 * of it, make the declarer take a trick.  He ducks each round with his
 * highest card that stays below the defenders' higher one (the lower cards
 * he keeps can only duck more); the defender who takes a round leads the
 * next one, while he holds the suit. */
static inline bool null_suit_forces(uint32_t declarer, uint32_t leader, uint32_t partner)
{
    while (declarer && leader) {
        int top = __builtin_ctz(leader);
        leader &= leader - 1;
        bool partner_takes = false;
        if (partner) {
            int p = __builtin_ctz(partner);
            partner &= partner - 1;
            partner_takes = p > top;
            top = partner_takes ? p : top;
        }
        uint32_t below = declarer & ((1u << top) - 1);
        if (!below)
            return true;
        declarer &= ~(1u << highest_bit(below));
        if (partner_takes) {
            uint32_t t = leader;
            leader = partner;
            partner = t;
        }
    }
    return false;
}

/* Null: whether the declarer surely takes a trick from here.  Led by him:
 * whatever he leads, no defender must play above it (each can go under it
 * or is void).  Led by a defender: in some suit the defenders make him take
 * one (null_suit_forces). */
static inline bool null_trick_forced(const Solver *s, int leader)
{
    uint32_t declarer = s->hand[s->declarer];
    uint32_t one = s->hand[s->defender[0]], two = s->hand[s->defender[1]];
    if (leader == s->declarer) {
        for (uint32_t m = declarer; m; m &= m - 1) {
            int c = __builtin_ctz(m);
            uint32_t a = one & s->follow[c], b = two & s->follow[c];
            if ((a && __builtin_ctz(a) > c) || (b && __builtin_ctz(b) > c))
                return false;
        }
        return true;
    }
    uint32_t own = s->hand[leader], partner = leader == s->defender[0] ? two : one;
    for (uint32_t m = own & at_or_below(s, declarer); m;) {
        uint32_t suit = s->follow[__builtin_ctz(m)];
        m &= ~suit;
        if (null_suit_forces(declarer & suit, own & suit, partner & suit))
            return true;
    }
    return false;
}

/* Whether the declarer, holding no trump, can take no trick from here
 * whatever he plays: each of his cards lies below every defender's card of
 * its suit, so whatever he follows with or leads in a suit a defender holds
 * is beaten, void he can only throw a card, and he never gets the lead; on
 * lead, a suit no defender holds must be one they can ruff (else his card
 * there is a master, which declarer_winners, asked first, finds too). */
static inline bool declarer_outranked(const Solver *s, int leader)
{
    uint32_t declarer = s->hand[s->declarer];
    uint32_t defenders = s->hand[s->defender[0]] | s->hand[s->defender[1]];
    if (declarer & s->trump)
        return false;
    bool ruffs = (defenders & s->trump) != 0;
    for (uint32_t m = declarer; m;) {
        uint32_t suit = s->follow[__builtin_ctz(m)];
        m &= ~suit;
        uint32_t theirs = defenders & suit;
        if (theirs ? highest_bit(declarer & suit) > __builtin_ctz(theirs) : leader == s->declarer && !ruffs)
            return false;
    }
    return true;
}

/* Whether the declarer, holding no trump (null: there are none), can keep
 * out of every trick from here, whatever the defenders do.
 * A defender on lead: in each suit, let the declarer's i-th lowest card lie
 * below the defenders' i-th lowest.  Each round of a suit costs the
 * defenders at least its led card, so in the i-th round the led card is at
 * least their i-th lowest, and he follows with his i-th lowest, below it;
 * void, he can only throw a card (the highest of some suit: the rest keep
 * the rule); a suit the defenders no longer hold is never led again.  So he
 * takes no trick and never gets the lead.
 * The declarer on lead: where each of his cards lies below every
 * defender's card of its suit, he gives the lead away with a card of a suit
 * a defender holds, and the rule above holds from then on
 * (null_trick_forced, asked first in null, finds the other case). */
static inline bool declarer_takes_no_trick(const Solver *s, int leader)
{
    uint32_t declarer = s->hand[s->declarer];
    if (declarer & s->trump)
        return false;
    uint32_t defenders = s->hand[s->defender[0]] | s->hand[s->defender[1]];
    bool leads = leader == s->declarer;
    uint32_t under = 0; /* his cards with a defender's card of the suit above */
    for (uint32_t m = declarer; m;) {
        uint32_t suit = s->follow[__builtin_ctz(m)];
        m &= ~suit;
        uint32_t theirs = defenders & suit, mine = declarer & suit;
        if (leads) {
            if (theirs && highest_bit(mine) > __builtin_ctz(theirs))
                return false;
            under |= theirs ? mine : 0;
            continue;
        }
        for (; mine && theirs; mine &= mine - 1, theirs &= theirs - 1)
            if (__builtin_ctz(mine) > __builtin_ctz(theirs))
                return false;
    }
    return !leads || under != 0;
}

#endif
