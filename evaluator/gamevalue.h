/* Game values and the declarer's score under a rule system (rules.h):
 * matadors, multiplier levels, won and lost games, the overbid rule, doubling
 * calls and Spitze, the bid ladder and what a contract can reach. */
#ifndef SKATDD_GAMEVALUE_H
#define SKATDD_GAMEVALUE_H

#include <stdbool.h>
#include <stddef.h>

#include "cards.h"
#include "contract.h"
#include "rules.h"

enum { GAMEVALUE_TEXT = 384 };

/* How a game was declared and how it ended. */
typedef struct {
    Contract contract;
    CardSet cards;       /* the declarer's twelve cards: his ten and the skat (or the discard) */
    int declarer_points; /* card points, skat included */
    int declarer_tricks;
    int bid;             /* 0: none */
    int doubling;        /* doubling calls made: 0 none, 1 the first (kontra), 2 (re) ... */
    bool bock;           /* a Bock round: the rules' doubling called bock counts too */
    int spitze;          /* Spitzen announced */
    bool spitze_made;    /* they took their tricks */
    bool conceded;       /* the declarer gave up (resigned, timed out, left): lost whatever his points */
    /* The skat as dealt: what a hand game's declarer (or a form's, named
     * before the skat is seen) did not know when he declared, so that the
     * game is judged by what any skat could have given.  0: not known (any
     * two of the twelve cards may be it). */
    CardSet skat;
    /* Scored as played even where the declarer could not have announced it
     * (evaluate's worlds at a bid the cards cannot reach; a game the ISS
     * server let be played): lost overbid whatever the rules' overbid:
     * unreachable says. */
    bool forced;
} GamePlay;

/* A level counted in a game's multiplier. */
typedef struct {
    Level level;
    int times;           /* 1, or the Spitzen announced */
    int total;           /* the multiplier so far, this level included */
} LevelCount;

/* Why a game counts as lost (all false when it is won or overbid only). */
typedef struct {
    bool short_of_points;  /* suit, grand: fewer than the winning points */
    bool own_schwarz;      /* ... and the declarer's own schwarz counts (rules) */
    bool own_schneider;    /* ... or his own schneider */
    bool schwarz_missed;   /* schwarz announced, not every trick taken */
    bool schneider_missed; /* schneider announced, not reached */
    bool spitze_missed;
    bool took_trick;       /* null: the declarer took a trick */
    bool conceded;         /* the declarer gave up before the end */
} LostReasons;

typedef struct {
    bool valid;          /* false: the game is not allowed, for reason */
    Contract contract;   /* as declared, with what the rules imply (valid games) */
    int declarer_points, declarer_tricks, bid, doubling; /* the play's, as scored */
    bool bock;
    bool won;
    bool overbid;        /* the game value stayed below the bid */
    int base;            /* base value; a null game's value */
    int matadors;        /* counted and capped by the rules; 0 for null */
    bool with_matadors;
    int level_count;     /* suit, grand: the levels counted after the matadors, in order */
    LevelCount levels[LEVEL_COUNT];
    int multiplier;      /* sum of the levels; 0 for null */
    int value;           /* the game value as played (lost: with the levels a loss counts) */
    LostReasons lost;
    int overbid_multiple; /* overbid: the multiple of the base the loss counts */
    int lost_value;      /* what a loss counts before its factor (at least the bid when overbid) */
    int lost_factor;     /* how many times a lost game counts (1 when won) */
    int doubling_factor; /* kontra, re ... */
    int score;           /* for the declarer, negative when lost */
    char reason[GAMEVALUE_TEXT]; /* !valid: why not */
} GameScore;

/* A result with best play on both sides, as the score sees it. */
typedef struct {
    bool null_won;          /* null: the declarer can avoid every trick */
    int points;             /* suit, grand: the declarer's card points, skat included */
    bool declarer_schwarz;  /* the declarer can take every trick */
    bool defenders_schwarz; /* the defenders can take every trick */
    int tricks;             /* the declarer's tricks when neither side takes all (1..9): only messages show them */
} PlayResult;

/* Sets play's card points and tricks from a result: the points count, and
 * the tricks only as schwarz either way (and a null game's one trick). */
void gamevalue_set_result(GamePlay *play, GameType game, const PlayResult *result);

/* Scores one game.  Returns out->valid. */
bool gamevalue_score(const RuleSystem *rules, const GamePlay *play, GameScore *out);

/* Matadors of a suit or grand game over the given cards, not capped: the
 * unbroken run of trumps from the club jack held (*with true) or missing. */
int gamevalue_matadors(GameType game, CardSet cards, bool *with);

/* What a contract can be worth with these twelve cards when won. */
typedef struct {
    int base;
    int matadors;
    bool with_matadors;
    int min_value; /* won with just the declared levels */
    int max_value; /* won schwarz, with every level it can reach */
} GameReach;

bool gamevalue_reach(const RuleSystem *rules, const Contract *c, CardSet cards, GameReach *out, char *err,
                     size_t n);
/* Whether the contract, won at its best, covers the bid (and may be declared). */
bool gamevalue_covers(const RuleSystem *rules, const Contract *c, CardSet cards, int bid);

/* Whether the declarer made his Spitzen in a complete play of 30 cards
 * (forehand leading the first trick): he took the last trick with his
 * lowest trump, the one before it with the next lowest, and so on. */
bool gamevalue_spitze_made(GameType game, int declarer, const int play[30], int spitze);

/* The legal bids in increasing order, generated from the rule system (its
 * game values, or whole numbers up to the highest game value).  Writes at
 * most max values; returns how many there are. */
int bid_ladder(const RuleSystem *rules, int *values, int max);
/* The highest legal bid not above value (0 when there is none): the safe bid
 * ceiling of a game won with that value. */
int bid_ceiling(const RuleSystem *rules, int value);

/* NULL when bid is a bid of the rules; else where it stands on their
 * ladder, in out, as bid_nearest_text says it ("18 below it, 20 above"). */
const char *bid_off_ladder(const RuleSystem *rules, int bid, char *out, size_t n);

/* Where bid stands on a ladder (ascending, as bid_ladder writes it), for a
 * message about a bid off it: "18 below it, 20 above", "the lowest is 18",
 * "the highest is 264". */
const char *bid_nearest_text(const int *ladder, int count, int bid, char *out, size_t n);

#endif
