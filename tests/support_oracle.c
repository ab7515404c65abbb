#include "support_oracle.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "splitmix.h"

static int side_is_declarer(const Position *pos, int seat) { return seat == pos->declarer; }

int oracle_declarer_points(const Position *pos)
{
    if (position_is_over(pos))
        return pos->declarer_points;
    int maximizing = side_is_declarer(pos, position_to_move(pos));
    int best = maximizing ? -1 : 1000;
    for (CardSet m = position_legal_moves(pos); m; m &= m - 1) {
        Position next = *pos;
        position_play(&next, set_first(m));
        int v = oracle_declarer_points(&next);
        if (maximizing ? v > best : v < best)
            best = v;
    }
    return best;
}

int oracle_all_tricks(const Position *pos, int goal_declarer, int trying_declarer)
{
    if (goal_declarer ? pos->defender_tricks > 0 : pos->declarer_tricks > 0)
        return 0;
    if (position_is_over(pos))
        return 1;
    int trying = side_is_declarer(pos, position_to_move(pos)) == trying_declarer;
    for (CardSet m = position_legal_moves(pos); m; m &= m - 1) {
        Position next = *pos;
        position_play(&next, set_first(m));
        int v = oracle_all_tricks(&next, goal_declarer, trying_declarer);
        if (trying && v)
            return 1;
        if (!trying && !v)
            return 0;
    }
    return !trying;
}

int oracle_null(const Position *pos) { return oracle_all_tricks(pos, 0, 1); }

/* The seat minimises, the other two maximise; a game ending on this card
 * gives its trick's winner the bonus. */
static int ramsch_points(const Position *pos, int bonus)
{
    int minimizing = side_is_declarer(pos, position_to_move(pos));
    int best = minimizing ? 1000 : -1;
    for (CardSet m = position_legal_moves(pos); m; m &= m - 1) {
        Position next = *pos;
        int winner = position_play(&next, set_first(m));
        int v = position_is_over(&next) ? next.declarer_points + (winner == next.declarer ? bonus : 0)
                                        : ramsch_points(&next, bonus);
        if (minimizing ? v < best : v > best)
            best = v;
    }
    return best;
}

static Position ramsch_grand(const Position *pos)
{
    Position p = *pos;
    p.game = GAME_GRAND;
    return p;
}

int oracle_ramsch_fewest_points(const Position *pos, int bonus)
{
    Position p = ramsch_grand(pos);
    return position_is_over(&p) ? p.declarer_points : ramsch_points(&p, bonus);
}

int oracle_ramsch_takes_all(const Position *pos)
{
    Position p = ramsch_grand(pos);
    return oracle_all_tricks(&p, 1, 1);
}

int oracle_ramsch_avoids_all(const Position *pos)
{
    Position p = ramsch_grand(pos);
    return oracle_all_tricks(&p, 0, 1);
}

uint64_t test_random(uint64_t *state) { return splitmix_next(state); }

int oracle_rounds(void)
{
    static int rounds; /* read once: the tests ask in their loops' conditions */
    if (rounds)
        return rounds;
    const char *text = getenv("SKATDD_ORACLE_ROUNDS");
    if (!text || !*text)
        return rounds = 1;
    char *end;
    errno = 0;
    long asked = strtol(text, &end, 10);
    if (errno || *end || asked < 1 || asked > 100000) {
        fprintf(stderr, "SKATDD_ORACLE_ROUNDS=%s: not a number of rounds from 1 to 100000\n", text);
        exit(2);
    }
    return rounds = (int)asked;
}

uint64_t oracle_round_seed(uint64_t seed, int round)
{
    uint64_t state = seed ^ (uint64_t)round << 32;
    return round == 0 ? seed : test_random(&state);
}

void oracle_round_start(uint64_t *state, uint64_t seed, int k, int per_round)
{
    if (k % per_round == 0)
        *state = oracle_round_seed(seed, k / per_round);
}

void sort_by_strength(GameType game, int *cards, int n, bool strongest_first)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            bool above = card_strength(game, cards[j]) > card_strength(game, cards[j - 1]);
            if (above != strongest_first)
                break;
            int t = cards[j];
            cards[j] = cards[j - 1];
            cards[j - 1] = t;
        }
}

void test_shuffle(uint64_t *state, int *cards, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(test_random(state) % (uint64_t)(i + 1)), t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}

void random_position(uint64_t *state, GameType game, int tricks_left, int declarer, int leader,
                     int trick_size, Position *pos)
{
    int deck[32];
    for (int i = 0; i < 32; i++)
        deck[i] = i;
    test_shuffle(state, deck, 32);
    *pos = (Position){.game = game};
    pos->declarer = declarer;
    pos->leader = leader;
    int next = 0;
    for (int seat = 0; seat < 3; seat++)
        for (int i = 0; i < tricks_left; i++)
            pos->hands[seat] |= card_bit(deck[next++]);
    /* Play the trick's first cards legally from the hands. */
    for (int i = 0; i < trick_size; i++) {
        CardSet legal = position_legal_moves(pos);
        int k = (int)(test_random(state) % (uint64_t)set_count(legal));
        while (k--)
            legal &= legal - 1;
        position_play(pos, set_first(legal));
    }
    pos->declarer_points = (int)(test_random(state) % 40);
}

void bench_full_deal(uint64_t *state, GameType game, Position *pos)
{
    random_position(state, game, 10, SEAT_FOREHAND, SEAT_FOREHAND, 0, pos);
    CardSet dealt = pos->hands[0] | pos->hands[1] | pos->hands[2];
    pos->declarer_points = set_points(~dealt);
}

void bench_layout(uint64_t *state, CardSet hand, int seat, Position *pos)
{
    int cards[CARD_COUNT] = {0}, n = 0;
    for (CardSet m = ~hand; m; m &= m - 1)
        cards[n++] = set_first(m);
    test_shuffle(state, cards, n);
    *pos = (Position){.declarer = seat, .leader = SEAT_FOREHAND,
                      .declarer_points = card_points(cards[0]) + card_points(cards[1])};
    pos->hands[seat] = hand;
    for (int i = 2; i < n; i++)
        pos->hands[(seat + (i < 12 ? 1 : 2)) % SEAT_COUNT] |= card_bit(cards[i]);
}
