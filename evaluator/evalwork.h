/* Internal to evaluate's units in evaluator/ (not for cli/ or lib/): the
 * state of one evaluation, which evaluate.c sets up, worlds.c deals,
 * worldplay.c fills in with the worlds' levels and the discards chosen, and
 * summary.c reads to sum them up. */
#ifndef SKATDD_EVALWORK_H
#define SKATDD_EVALWORK_H

#include <stdbool.h>
#include <stdint.h>

#include "evaluate.h"
#include "gamevalue.h"

/* How one world ends, as far as scoring can tell: the levels of a suit or
 * grand game from the declarer's view (null games use LOST and WON only). */
enum {
    OUT_LOST_SCHWARZ,   /* no trick */
    OUT_LOST_SCHNEIDER, /* schneidered_points or fewer */
    OUT_LOST,
    OUT_WON,
    OUT_SCHNEIDER,
    OUT_SCHWARZ,        /* every trick */
    OUT_LEVELS
};

/* The matadors' part of a game's value, as a class: with or without, and
 * how many (the score of a world depends on its level and this). */
enum { MATADOR_KINDS = 2 * 12 };

/* One way of playing a kind of game: as a hand game, or with the skat and a
 * discard chosen per skat for a goal (winning, or schwarz for an ouvert
 * game).  Several rows share a play (null and null ouvert, solo and hand). */
typedef struct {
    GameType game;
    bool hand;
    int goal;       /* skat games: the level the discard is chosen for */
    bool open;      /* single-dummy: ouvert, the defenders see the declarer's cards */
    int hand_twin;  /* skat games: the hand play of the same game (putting the skat back), -1 none */
} Play;

/* PILOTS: the skats whose choice among all discards orders every skat's
 * candidates (run_pilots). */
enum { MAX_PLAYS = 2 * EVAL_MAX_CONTRACTS, PILOTS = 8 };

typedef struct {
    const RuleSystem *rules;
    const TournamentScheme *scheme;
    int seat;
    CardSet hand;
    bool twelve;                 /* the skat is already in the hand */
    CardSet known_skat;          /* twelve cards: the skat picked up, 0 when not known */
    int rows;
    Contract contract[EVAL_MAX_CONTRACTS];
    int play_of_row[EVAL_MAX_CONTRACTS];
    int plays;
    Play play[MAX_PLAYS];
    int skats;
    CardSet skat[EVAL_MAX_SKATS];
    uint32_t allowed[EVAL_MAX_SKATS];  /* per skat: bit r = row r may be declared */
    uint64_t needed[EVAL_MAX_SKATS];   /* per skat: bit p = play p is played */
    int samples;
    int discards;
    bool exhaustive;
    bool own_layouts;            /* skat games: the discard chosen in layouts of its own */
    int pilots;                  /* skats whose choice among all discards orders the candidates */
    int pilot_skat[PILOTS];
    CardSet pilot_choice[PILOTS][MAX_PLAYS]; /* per pilot and skat-game play: its discard; ALL_CARDS none */
    bool alike_choices;          /* skat games: a skat takes the choice of an alike skat (worldplay_share_choices) */
    int *choice_from;            /* [skat][play]: that alike skat (itself for a pilot) */
    CardSet *own_choice;         /* [skat][play]: the choice of a skat that others take */
    uint64_t seed;
    bool single_dummy;           /* play every world card by card (singledummy.h) */
    int sd_layouts;
    uint32_t rows_played;        /* bit r: row r is played (single-dummy plays only some) */
    uint8_t *level;              /* [skat][play][sample]: OUT_* */
    int lost_every;              /* EvalOptions' */
    int min_resolved;            /* EvalOptions', or EVAL_MIN_RESOLVED */
    uint8_t *unresolved;         /* [skat][play][sample]: OUT_LOST standing for any lost level (lost_every) */
    CardSet *stood;              /* [skat][play][sample]: leave one out, lost_every: the discard a world counts (the skat: back) */
    uint8_t *undecided;          /* [skat][play]: leave one out, lost_every: counted and back tie but for the lost levels */
    CardSet *tried;              /* [skat][play]: skat games with one layout, the discard played against the skat back */
    uint8_t *fresh_wins;         /* [skat][play]: fresh_check: wins of the chosen discard in fresh layouts */
    CardSet *chosen;             /* [skat][play]: skat games' discard */
    /* Ten cards, double-dummy, for the choice after the skat (EvalAfterSkat):
     * per skat-game row, skat and layout the highest bid (ladder index) its
     * world wins at, and per row and skat the highest it may be declared at;
     * -1 none. */
    int16_t *reach;              /* [row][skat][sample] */
    int16_t *declarable;         /* [row][skat] */
} Work;

static inline uint8_t *level_at(const Work *w, int skat, int play, int sample)
{
    return &w->level[((size_t)skat * MAX_PLAYS + (size_t)play) * (size_t)w->samples + (size_t)sample];
}

static inline uint8_t *unresolved_at(const Work *w, int skat, int play, int sample)
{
    return &w->unresolved[((size_t)skat * MAX_PLAYS + (size_t)play) * (size_t)w->samples + (size_t)sample];
}

static inline int16_t *reach_at(const Work *w, int row, int skat, int sample)
{
    return &w->reach[((size_t)row * (size_t)w->skats + (size_t)skat) * (size_t)w->samples + (size_t)sample];
}

static inline CardSet *stood_at(const Work *w, int skat, int play, int sample)
{
    return &w->stood[((size_t)skat * MAX_PLAYS + (size_t)play) * (size_t)w->samples + (size_t)sample];
}

/* The matador class (MATADOR_KINDS) of a game with these twelve cards. */
static inline int matador_kind(GameType game, CardSet twelve)
{
    if (game == GAME_NULL)
        return 0;
    bool with;
    int m = gamevalue_matadors(game, twelve, &with);
    return (with ? 12 : 0) + (m > 11 ? 11 : m);
}

/* The matador class of play p's worlds with skat s. */
static inline int world_kind(const Work *w, int p, int skat)
{
    return matador_kind(w->play[p].game, w->hand | w->skat[skat]);
}

/* The cards that may have turned a Tournee's trump with skat s: the skat;
 * with twelve cards the skat picked up, or any of the twelve when it is not
 * known (the skat was two of them: twelve cards without a diamond or a jack
 * were offered a diamonds Tournee and a Tournee grand, and scored them). */
static inline CardSet turnable(const Work *w, int s)
{
    return !w->twelve ? w->skat[s] : w->known_skat ? w->known_skat : w->hand;
}

#endif
