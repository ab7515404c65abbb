/* Single-dummy play: a game played out card by card by players who do not see
 * each other's cards.
 *
 * Each player, declarer and defenders alike, chooses each card by perfect-
 * information Monte Carlo: he samples layouts of the cards he cannot see that
 * agree with everything he has seen (his own cards, the declarer's discard if
 * he put it away, the declarer's cards in an ouvert game, every card played,
 * and the voids shown when a player did not follow the led effective suit),
 * solves each layout double-dummy and plays the card best over the samples.
 *
 * Decision rule: the declarer plays the card that wins in the most layouts
 * (reaches win_points; all_tricks: takes every trick; null: takes none), then
 * the one with the most declarer points in total; the defenders the opposite.  Ties go to the lowest
 * card index.  Everything is seeded by (seed, cards played so far): results
 * never depend on threads or on what the solver's table held. */
#ifndef SKATDD_SINGLEDUMMY_H
#define SKATDD_SINGLEDUMMY_H

#include <stdint.h>

#include "search.h"

typedef struct {
    /* The real deal at the first lead, the declarer holding his ten cards
     * (after the discard).  declarer_points includes out_of_play's points
     * (in suit and grand games the skat is the declarer's). */
    Position start;
    CardSet out_of_play;             /* the two cards nobody holds: a hand game's skat, a skat game's discard */
    bool declarer_knows_out_of_play; /* skat games: he put them away */
    bool declarer_open;              /* ouvert: the defenders see the declarer's cards */
    unsigned sees_all;               /* bit per seat: that seat plays double-dummy (for measurements and tests) */
    int win_points;                  /* suit and grand: what the declarer needs (61) */
    bool all_tricks;                 /* suit and grand ouvert: he wins only by taking every trick */
    /* Suit and grand, for cards tied on winning: schneider (90) and what
     * leaves him schneidered (30).  0 for both: cards tied on winning are
     * told apart by their total of card points instead. */
    int schneider_points, schneidered_points;
} SdGame;

enum { SD_MAX_CARDS = 30, SD_MAX_LAYOUTS = 256 };

typedef struct {
    int declarer_points;             /* final, out_of_play counted as start.declarer_points says */
    int declarer_tricks;
    bool null_won;                   /* null: the declarer took no trick */
    int cards_played;                /* a null game stops at the declarer's first trick */
    int played[SD_MAX_CARDS];        /* the cards in the order played */
} SdResult;

/* Plays the game out; layouts = samples per decision (1..SD_MAX_LAYOUTS, others
 * are brought into that range).  Deterministic
 * for (game, layouts, seed).  Uses only solver (one per thread). */
void sd_play(Solver *solver, const SdGame *game, int layouts, uint64_t seed, SdResult *out);

/* The discard of a declarer holding twelve cards who sees nothing else (forehand
 * leads): the best over `layouts` sampled layouts of the twenty cards he cannot
 * see, among a shortlist that always contains skat (putting the skat back; 0
 * when the skat is not known apart from the twelve cards), the double-dummy
 * best discard of the first few of those layouts and the cheap estimate's
 * first, tried in a fixed order, first best kept.  Nothing else goes in: the
 * choice depends on (twelve, skat, layouts, seed) alone.  Suit and grand: the
 * most layouts reaching win_points, then the most points; null: the most
 * layouts won. */
CardSet sd_discard(Solver *solver, GameType game, int declarer, CardSet twelve, CardSet skat, int win_points,
                   int layouts, uint64_t seed);

/* For tests: a random layout, in *out, of the cards seat me cannot see in the
 * real position now, agreeing with what he has seen: the hands he cannot see
 * keep their sizes and get no card of a suit their seat has shown void in
 * (shown_void[seat]: the cards of those effective suits), the rest of the
 * hidden cards are out of play (*out_of_play), and out->declarer_points
 * counts the sampled out_of_play instead of the real one.  False only when
 * nothing agrees (voids that the real deal contradicts). */
bool sd_sample_layout(const SdGame *game, const Position *now, const CardSet shown_void[SEAT_COUNT], int me,
                      uint64_t *rng, Position *out, CardSet *out_of_play);

#endif
