/* What double-dummy play takes for granted, measured on random hand games.
 *
 * A side that does not see the others' cards plays by perfect-information
 * Monte Carlo: at each turn it samples layouts of the cards it cannot see
 * that fit what the play has shown (voids), solves each double-dummy and
 * plays the card best on average.  Two runs on the same deals:
 *   - the declarer sees all, the defenders guess: the declarer takes at least
 *     his double-dummy points; the excess is what the defenders' perfect
 *     information is worth in evaluate's worlds;
 *   - the declarer guesses, the defenders see all: he takes at most his
 *     double-dummy points; the shortfall is how optimistic double-dummy is
 *     about the declarer's own play.
 * Part of `make bench`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "search.h"
#include "support_oracle.h"

enum { DEALS = 40, LAYOUTS = 8 };

typedef struct {
    CardSet hands[3];        /* the real deal */
    CardSet skat;
    CardSet void_in[3];      /* per seat: effective suits shown void, as card masks */
} Table;

/* A random layout of the cards defender `me` cannot see: the other two hands
 * and the skat, with the sizes they have now and the voids they showed. */
static bool sample_layout(uint64_t *rng, const Table *t, const Position *pos, int me, Position *out)
{
    int a = (me + 1) % 3, b = (me + 2) % 3;
    CardSet unseen = pos->hands[a] | pos->hands[b] | t->skat;
    int cards[32], n = 0;
    for (CardSet m = unseen; m; m &= m - 1)
        cards[n++] = set_first(m);
    int size_a = set_count(pos->hands[a]), size_b = set_count(pos->hands[b]);
    for (int attempt = 0; attempt < 200; attempt++) {
        for (int i = n - 1; i > 0; i--) {
            int j = (int)(test_random(rng) % (uint64_t)(i + 1));
            int x = cards[i];
            cards[i] = cards[j];
            cards[j] = x;
        }
        CardSet ha = 0, hb = 0;
        for (int i = 0; i < size_a; i++)
            ha |= card_bit(cards[i]);
        for (int i = size_a; i < size_a + size_b; i++)
            hb |= card_bit(cards[i]);
        if ((ha & t->void_in[a]) || (hb & t->void_in[b]))
            continue;
        *out = *pos;
        out->hands[a] = ha;
        out->hands[b] = hb;
        return true;
    }
    return false;
}

/* The card of a player who cannot see the others' cards: the best average
 * double-dummy result for his side over sampled layouts. */
static int guessing_card(Solver *solver, uint64_t *rng, const Table *t, const Position *pos)
{
    bool declarer = position_to_move(pos) == pos->declarer;
    int me = position_to_move(pos);
    CardSet legal = position_legal_moves(pos);
    if (set_count(legal) == 1)
        return set_first(legal);
    int cards[10], n = 0;
    long total[10] = {0};
    for (CardSet m = legal; m; m &= m - 1)
        cards[n++] = set_first(m);
    for (int s = 0; s < LAYOUTS; s++) {
        Position world;
        if (!sample_layout(rng, t, pos, me, &world))
            world = *pos;
        for (int i = 0; i < n; i++) {
            Position next = world;
            position_play(&next, cards[i]);
            total[i] += solver_declarer_points(solver, &next);
        }
    }
    int best = 0;
    for (int i = 1; i < n; i++)
        if (declarer ? total[i] > total[best] : total[i] < total[best])
            best = i;
    return cards[best];
}

/* The card of a player who sees everything: one that keeps the value. */
static int seeing_card(Solver *solver, const Position *pos)
{
    bool declarer = position_to_move(pos) == pos->declarer;
    MoveValue moves[10];
    int n = solver_move_values(solver, pos, moves);
    int best = 0;
    for (int i = 1; i < n; i++)
        if (declarer ? moves[i].value > moves[best].value : moves[i].value < moves[best].value)
            best = i;
    return moves[best].card;
}

static void note_void(Table *t, const Position *before, int card)
{
    if (before->trick_size == 0)
        return;
    GameType g = before->game;
    int led = effective_suit(g, before->trick[0]);
    if (effective_suit(g, card) != led)
        t->void_in[position_to_move(before)] |= effective_suit_cards(g, led);
}

/* Plays the deal out with one side guessing; returns the declarer's points. */
static int play_out(Solver *solver, uint64_t *rng, Table t, Position pos, bool declarer_guesses)
{
    while (!position_is_over(&pos)) {
        bool guessing = (position_to_move(&pos) == pos.declarer) == declarer_guesses;
        int card = guessing ? guessing_card(solver, rng, &t, &pos) : seeing_card(solver, &pos);
        note_void(&t, &pos, card);
        position_play(&pos, card);
    }
    return pos.declarer_points;
}

int main(int argc, char **argv)
{
    int deals = argc > 1 ? atoi(argv[1]) : DEALS;
    if (deals < 1)
        deals = DEALS;
    Solver *solver = solver_new(16u << 20);
    uint64_t rng = 99;
    long dd_sum = 0, sum[2] = {0, 0};
    int dd_wins = 0, wins[2] = {0, 0};
    double start = wall_ms();
    for (int d = 0; d < deals; d++) {
        GameType game = d % 2 ? GAME_GRAND : GAME_CLUBS;
        Position pos;
        random_position(&rng, game, 10, SEAT_FOREHAND, SEAT_FOREHAND, 0, &pos);
        Table t = {.skat = ~(pos.hands[0] | pos.hands[1] | pos.hands[2])};
        memcpy(t.hands, pos.hands, sizeof t.hands);
        /* The declarer is the seat with the most trumps, as he would be. */
        int most = 0;
        for (int s = 1; s < 3; s++)
            if (set_count(pos.hands[s] & trump_cards(game)) > set_count(pos.hands[most] & trump_cards(game)))
                most = s;
        pos.declarer = most;
        pos.declarer_points = set_points(t.skat);
        solver_new_deal(solver);
        int dd = solver_declarer_points(solver, &pos);
        dd_sum += dd;
        dd_wins += dd >= 61;
        for (int k = 0; k < 2; k++) {
            int points = play_out(solver, &rng, t, pos, k == 1);
            sum[k] += points;
            wins[k] += points >= 61;
        }
    }
    printf("double-dummy against one side guessing (%d hand games, clubs and grand, declarer with the most\n"
           "trumps; the guessing side solves %d sampled layouts of the cards it cannot see each turn):\n",
           deals, LAYOUTS);
    printf("  declarer's points: double-dummy %.1f; defenders guessing %.1f (%+.1f); declarer guessing %.1f (%+.1f)\n",
           (double)dd_sum / deals, (double)sum[0] / deals, (double)(sum[0] - dd_sum) / deals,
           (double)sum[1] / deals, (double)(sum[1] - dd_sum) / deals);
    printf("  games won (61+) of %d: double-dummy %d; defenders guessing %d; declarer guessing %d  (%.1f s)\n",
           deals, dd_wins, wins[0], wins[1], (wall_ms() - start) / 1000);
    solver_free(solver);
    return 0;
}
