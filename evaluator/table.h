/* The double-dummy contract table: with all 32 cards known, what each seat's
 * hand is worth as declarer in every contract the rule system allows, hand and
 * skat games, with the best discard, the announcements double-dummy play
 * guarantees, and the safe bid ceiling.  The many solves of a deal are spread
 * over threads (OpenMP); results do not depend on the number of threads. */
#ifndef SKATDD_TABLE_H
#define SKATDD_TABLE_H

#include "discard.h"
#include "gamevalue.h"
#include "rules.h"
#include "search.h"

enum { TABLE_MAX_CONTRACTS = 32, TABLE_MAX_ANNOUNCE = 2 };

typedef struct {
    Contract row;              /* the contract as table_contracts lists it */
    Contract contract;         /* as it would be declared, announcements included */
    int declarer_points;       /* double-dummy, skat or discard included; -1 for null */
    bool declarer_wins_null;   /* null games */
    bool declarer_schwarz;     /* suit and grand: the declarer can take every trick */
    bool won;
    int game_value;            /* the value as won, or the value the loss counts */
    int score;                 /* on the score sheet, negative when lost */
    int bid_ceiling;           /* highest bid this contract still wins; 0 = none */
    CardSet discard;           /* skat games: the best two cards to put away */
    int announce_count;        /* announced: 0 nothing, 1 schneider, 2 schneider and schwarz */
} TableEntry;

typedef struct {
    bool evaluated;
    int count;
    TableEntry entry[TABLE_MAX_CONTRACTS];
    int best;                  /* index of the contract with the highest ceiling; -1 none */
    int bid_ceiling;           /* the seat's overall ceiling; 0 = none */
} SeatTable;

typedef struct {
    SeatTable seat[3];
    int best_seat;             /* who could have bid highest; -1 when nobody wins anything */
    uint64_t nodes;
} DealTable;

/* The contracts of the table for a deal: every enabled game of the rule
 * system, as a skat and as a hand game where the rules allow both, and as an
 * ouvert game where the rules allow one (forms that only change how a loss
 * counts are left out; a Tournee needs its trump among the skat's cards:
 * skat ALL_CARDS lists every contract any skat allows).  Returns how many.
 * evaluate offers the same rows. */
int table_contracts(const RuleSystem *rules, CardSet skat, Contract out[TABLE_MAX_CONTRACTS]);

typedef struct TableWorkers TableWorkers;

/* threads 0: all cores.  The threads' solvers share tt_bytes: each gets
 * solver_tt_share(tt_bytes, threads). */
TableWorkers *table_workers_new(int threads, size_t tt_bytes);
void table_workers_free(TableWorkers *workers);
int table_workers_threads(const TableWorkers *workers);
/* Thread i's solver, for a caller that also solves one position at a time
 * within the same memory (not while table_compute runs). */
Solver *table_workers_solver(TableWorkers *workers, int i);

/* Fills out for the seats in seat_mask (bit s = seat s); forehand leads. */
void table_compute(TableWorkers *workers, const RuleSystem *rules, const CardSet hands[3], CardSet skat,
                   unsigned seat_mask, DealTable *out);


#endif
