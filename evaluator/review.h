/* The review of a game played out: for every card the double-dummy value of
 * the position before and after it, what the card cost the side that played
 * it, whether it changed the outcome, and which cards would have kept the
 * value.  Used by `skatdd analyze`.
 *
 * Values are solver_value's: the declarer's final card points (skat or
 * discard included) with best play from there on, or for null 1 when the
 * declarer can still avoid every trick.  The outcome class adds what the
 * score sees: schwarz either way, schneider either way, won or lost. */
#ifndef SKATDD_REVIEW_H
#define SKATDD_REVIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "discard.h"
#include "gamevalue.h"
#include "search.h"
#include "table.h"

enum { REVIEW_MAX_CARDS = 30 };

/* The outcome of a suit or grand game, worst first for the declarer; null
 * games use only REVIEW_LOST and REVIEW_WON. */
typedef enum {
    REVIEW_SCHWARZED,   /* the declarer takes no trick */
    REVIEW_SCHNEIDERED, /* the declarer has schneidered_points or fewer */
    REVIEW_LOST,
    REVIEW_WON,
    REVIEW_SCHNEIDER,   /* the declarer has schneider_points or more */
    REVIEW_SCHWARZ,     /* the declarer takes every trick */
    REVIEW_CLASS_COUNT
} ReviewClass;

typedef struct {
    int win_points;         /* 61 */
    int schneider_points;   /* 90 under the ISkO */
    int schneidered_points; /* 30 */
    ReviewClass win_class;  /* the least outcome that wins: REVIEW_WON (also when 0), higher when the bid or
                               an announcement needs schneider or schwarz, REVIEW_CLASS_COUNT when nothing can */
    int min_cost;           /* an inaccuracy costing less is not counted a mistake (decisive ones always are) */
    bool schwarzed_uncounted; /* the rules score a lost game schwarz as one schneidered (Texas, Tournee):
                                 no REVIEW_SCHWARZED, so no card or discard is judged by it */
} ReviewThresholds;

typedef struct {
    int index;              /* 0-based place in the play */
    int trick;              /* 1-based */
    int seat;
    int card;
    bool declarer;          /* played by the declarer */
    int value_before, value_after;
    ReviewClass class_before, class_after;
    int cost;               /* card points (null: 1 for the lost game) given away, >= 0 */
    bool mistake;           /* decisive, or an inaccuracy of at least min_cost */
    bool decisive;          /* the outcome class changed */
    int better_count;       /* for a mistake: the cards that kept value and class */
    int better[10];
    int trick_winner;       /* -1 unless the card completed a trick */
    int declarer_points;    /* the declarer's points after the card (taken so far) */
} ReviewCard;

typedef struct {
    int mistakes;           /* cards that cost something (inaccuracies and decisive) */
    int decisive;
    int cost;
} ReviewPlayer;

typedef struct {
    GameType game;
    int declarer;
    int count;                         /* cards reviewed */
    ReviewCard cards[REVIEW_MAX_CARDS];
    int start_value;
    ReviewClass start_class;
    int end_value;                     /* the value after the last card reviewed */
    ReviewClass end_class;
    bool complete;                     /* all ten tricks were played */
    int declarer_points, declarer_tricks, defender_tricks; /* as played */
    ReviewPlayer players[SEAT_COUNT];
    uint64_t nodes;
} Review;

/* Reviews count cards of play (each legal, checked by the caller) from start.
 * Calls solver_new_deal once: the table is shared by all the positions. */
void review_game(Solver *solver, const Position *start, const int *play, int count, const ReviewThresholds *t,
                 Review *out);

/* Whether outcome a with value va is better for the declarer than outcome b
 * with vb: the outcome first (won or lost, schneider, schwarz either way),
 * then the card points.  A discard or a card that escapes schwarz is better
 * than one that takes a few points more but leaves the declarer schwarz. */
bool review_outcome_better(ReviewClass a, int va, ReviewClass b, int vb);

/* The declarer's best discard by review_outcome_better (null: won), with its
 * outcome class in *klass; among equals the first in discard_candidates'
 * order.  twelve is the position with the declarer holding twelve cards. */
DiscardChoice review_best_discard(Solver *solver, const Position *twelve, const ReviewThresholds *t,
                                  ReviewClass *klass);

/* A skat game's discard put away against the best: value and outcome class
 * of each (best is played when nothing beats it). */
typedef struct {
    DiscardChoice played, best;
    ReviewClass played_class, best_class;
} DiscardReview;

/* One past the last card of the trick that r->cards[first] belongs to (the
 * cards of a trick stand together): the outputs go through a review a trick
 * at a time.  A record that stops inside a trick ends with a short one. */
int review_trick_end(const Review *r, int first);

/* The thresholds of a game under rules, with the least outcome that wins it:
 * a game whose value cannot reach the bid is lost (ISkO 5.3), as is one that
 * misses its announcement.  play gives the contract, the declarer's twelve
 * cards and the bid. */
void review_thresholds(const RuleSystem *rules, const GamePlay *play, ReviewThresholds *out);

/* The outcome class of a position whose value is known: an outcome below
 * t->win_class counts as REVIEW_LOST (schneidered and schwarzed stay). */
ReviewClass review_class(Solver *solver, const Position *pos, int value, const ReviewThresholds *t);

/* The contract review: the contract played against the declarer's best with
 * the cards he held, both as the double-dummy contract table values them
 * (table_compute for his seat: best discard, the announcements double-dummy
 * play guarantees, no bid).  best is the row with the highest score, the one
 * played when it scores as much. */
typedef struct {
    bool found_played;      /* the table lists the contract played (not for a form it leaves out) */
    bool found_best;        /* false only when the rules allow no contract */
    TableEntry played, best;
    uint64_t nodes;
} ContractReview;

/* hands and skat as dealt; played is the contract declared.  False where
 * memory for the table ran out (out is then empty). */
bool review_contract(TableWorkers *workers, const RuleSystem *rules, const CardSet hands[3], CardSet skat,
                     int declarer, const Contract *played, ContractReview *out);

/* ---- Ramsch ----------------------------------------------------------------
 * Everyone plays for himself, so a card is valued for the seat that played
 * it alone: its fewest points (solver_ramsch_fewest_points: the card points
 * it can hold itself to, the other two playing against it) before and after
 * the card.  The cost is the difference, the card points given away for
 * sure.  Who ends as the loser depends on all three seats' play, so no card
 * is called decisive for that; decisive are the chances the rules reward
 * and one card can throw away: a Durchmarsch the seat could force (when
 * durchmarsch_points > 0) and a Jungfrau, no trick at all (when the rules
 * pay for one: jungfrau_factor > 1 under loser scoring, no_trick_points
 * above winner_points under winner scoring).  While a seat can force a
 * rewarded Durchmarsch its card points do not matter: a card that keeps it
 * costs nothing.  Another seat's card never costs a seat anything: its
 * fewest points hold against any play of the other two. */

typedef struct {
    int bonus;              /* the skat's points to the last trick's winner (0 when the skat goes to the loser) */
    bool durchmarsch_pays;  /* the rules reward a Durchmarsch */
    bool jungfrau_pays;     /* the rules reward a seat without a trick */
    int min_cost;           /* an inaccuracy costing less is not counted a mistake (decisive ones always are) */
} RamschThresholds;

/* The thresholds of a Ramsch under rules; skat_points of the skat as dealt. */
void review_ramsch_thresholds(const RuleSystem *rules, int skat_points, RamschThresholds *out);

typedef enum { RAMSCH_KEPT, RAMSCH_LOST_DURCHMARSCH, RAMSCH_LOST_JUNGFRAU } RamschChance;

typedef struct {
    int index, trick, seat, card;
    int value_before, value_after; /* the seat's fewest points before and after its card */
    int cost;                      /* card points given away (0 while a rewarded Durchmarsch is kept) */
    bool takes_all_before, avoids_all_before; /* the seat's chances before the card (false where unrewarded) */
    RamschChance lost;             /* the chance the card threw away */
    bool mistake;                  /* decisive, or an inaccuracy of at least min_cost */
    bool decisive;                 /* a Durchmarsch or Jungfrau thrown away */
    int better_count;              /* for a mistake: the cards that kept the seat's value and chances */
    int better[10];
    int trick_winner;              /* -1 unless the card completed a trick */
    int points[SEAT_COUNT];        /* each seat's card points after the card (the skat with the last trick) */
} RamschReviewCard;

typedef struct {
    int start_value;               /* fewest points at the start */
    bool takes_all, avoids_all;    /* at the start, rewarded chances only */
    int points, tricks;            /* as played (the skat with the last trick where the rules say so) */
    int mistakes, decisive, cost;
} RamschReviewSeat;

typedef struct {
    int count;
    RamschReviewCard cards[REVIEW_MAX_CARDS];
    RamschReviewSeat seats[SEAT_COUNT];
    bool complete;
    uint64_t nodes;
} RamschReview;

/* Reviews count cards of a Ramsch (each legal, checked by the caller) from
 * start (a deal as dealt, forehand to lead, or any position), each seat
 * having taken points[seat] in tricks[seat] so far (NULL: none).  start's
 * game, declarer and declarer counts are not read.  Calls solver_new_deal
 * once. */
void review_ramsch(Solver *solver, const Position *start, const int points[SEAT_COUNT], const int tricks[SEAT_COUNT],
                   const int *play, int count, const RamschThresholds *t, RamschReview *out);

/* review_trick_end for a Ramsch. */
int review_ramsch_trick_end(const RamschReview *r, int first);

#endif
