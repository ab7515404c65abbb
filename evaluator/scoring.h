/* Scores on top of the game value: tournament scoring (Seeger-Fabian, Texas
 * match points: any scheme of a rule file) and Ramsch. */
#ifndef SKATDD_SCORING_H
#define SKATDD_SCORING_H

#include <stdbool.h>
#include <stddef.h>

#include "gamevalue.h"
#include "play.h"
#include "rules.h"

/* A declarer's game at a tournament table of three or four. */
typedef struct {
    int declarer; /* the game's score, the won or lost points, any matador bonus */
    int defender; /* each of the two defenders */
    int dealer;   /* the dealer sitting out at a table of four (0 at three) */
    int won_lost; /* the scheme's points for the game won or lost, in declarer */
    int matadors_without; /* matadors "without" above the scheme's bound, each paid matador_bonus */
} TournamentScore;

bool tournament_score(const TournamentScheme *scheme, const GameScore *game, int table_size, TournamentScore *out,
                      char *err, size_t n);

/* A Ramsch as played: seats are SEAT_FOREHAND, SEAT_MIDDLEHAND, SEAT_REARHAND. */
typedef struct {
    int points[SEAT_COUNT];     /* card points taken in tricks, without the skat */
    int skat_points;
    int tricks[SEAT_COUNT];
    int last_trick[SEAT_COUNT]; /* number (1..10) of the last trick each took; 0 when none */
    int pushes;                 /* Schieberamsch: how often the skat was pushed on unseen */
} RamschPlay;

typedef struct {
    int points[SEAT_COUNT];     /* with the skat where it went */
    int scores[SEAT_COUNT];
    bool won[SEAT_COUNT];       /* counted as a game won or lost (match points) */
    bool lost[SEAT_COUNT];
    bool durchmarsch;
    int jungfrauen;             /* players without a trick */
    bool skat_to[SEAT_COUNT];   /* the seats the skat's points went to: the last trick's, or (skat_to:
                                   loser) each seat with the most card points, tied ones all */
    int skat_points;
    int durchmarsch_seat;       /* durchmarsch: who took every trick */
    bool picked[SEAT_COUNT];    /* who the score picked (loser or winner) */
    int base[SEAT_COUNT];       /* winner mode: what a picked player wins before the factor */
    bool no_trick[SEAT_COUNT];  /* winner mode: picked without a trick (no_trick_points) */
    int factor;                 /* pushes and (loser mode) Jungfrauen: push_factor x jungfrau_factor */
    int push_factor;            /* the rules' push factor to the power of the pushes (1: none) */
    int jungfrau_factor;        /* loser mode: the rules' Jungfrau factor to the power of the Jungfrauen */
    int pushes;
    bool loser_mode;
    int tied;                   /* players tied on points (1: no tie) */
} RamschScore;

/* A Ramsch's count cards of play from the deal (hands as dealt, forehand
 * leads, each card legal): each seat's card points and tricks and the
 * number of the last trick each took, what `score` and `analyze` score. */
void ramsch_replay(const CardSet hands[SEAT_COUNT], CardSet skat, int pushes, const int *play, int count,
                   RamschPlay *out);

/* Scores a Ramsch by the rule system's ramsch settings.  Returns false with
 * a message when the rules have no Ramsch or the play is inconsistent. */
bool ramsch_score(const RuleSystem *rules, const RamschPlay *play, RamschScore *out, char *err, size_t n);

/* Tournament points of a Ramsch: each game won or lost as for a declarer,
 * every other player's bonus per lost game.  out[seat]; *dealer for a
 * table of four. */
bool tournament_ramsch_score(const TournamentScheme *scheme, const RamschScore *ramsch, int table_size,
                             int out[SEAT_COUNT], int *dealer, char *err, size_t n);

#endif
