/* libskatdd: the Skat double-dummy solver and hand evaluator as a C library.
 *
 * One header, every name prefixed skatdd_ (SKATDD_ for macros and constants).
 * Link with -lskatdd (pkg-config skatdd).  Plain data goes in and out; the
 * things that own memory are opaque handles: skatdd_rules (a rule system),
 * skatdd_solver (a transposition table), skatdd_deals (deals read from YAML)
 * and skatdd_evaluation (the result of evaluating a hand).
 *
 * Errors.  Every function that can fail returns a skatdd_status; SKATDD_OK is
 * 0.  skatdd_strerror names a status; skatdd_last_error gives the detail of
 * the last failing call on the calling thread ("deals.yaml:3:17: duplicate
 * card CJ").  Every input is checked: a bad card set, an illegal trick or a
 * NULL pointer gives an error, never undefined behaviour.
 *
 * Cards.  A card is a number 0..31: suit * 8 + rank, suits in the order
 * clubs 0, spades 1, hearts 2, diamonds 3, ranks 7 8 9 T J Q K A = 0..7
 * (CJ is 4, S7 is 8, DA is 31).  A set of cards (skatdd_cards) has bit
 * (1u << card) for each card.  Names are a suit letter C S H D and a rank
 * 7 8 9 T J Q K A ("CJ", "HT"); "H10" and suit symbols are read too.
 *
 * Threads.  Functions never share state between handles: a skatdd_solver may
 * be used by one thread at a time (make one per thread); skatdd_rules and
 * skatdd_deals are read only after they are made and may be shared.  The
 * table and evaluation functions run their own threads (OpenMP) and give the
 * same results for any number of threads.  The library prints nothing.
 */
#ifndef SKATDD_H
#define SKATDD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SKATDD_VERSION_MAJOR 0
#define SKATDD_VERSION_MINOR 3
#define SKATDD_VERSION_PATCH 0
#define SKATDD_VERSION "0.3.0"

#if defined(__GNUC__)
#define SKATDD_API __attribute__((visibility("default")))
#else
#define SKATDD_API
#endif

/* The version of the library that runs ("0.3.0"), which may differ from the
 * header's SKATDD_VERSION. */
SKATDD_API const char *skatdd_version(void);

/* ---- errors ------------------------------------------------------------- */

typedef enum {
    SKATDD_OK = 0,
    SKATDD_ERR_ARGUMENT,  /* a NULL pointer, a number out of range */
    SKATDD_ERR_CARD,      /* not a card name or number */
    SKATDD_ERR_CARDS,     /* a bad card set: counts, overlaps */
    SKATDD_ERR_TRICK,     /* the trick in progress cannot have been played */
    SKATDD_ERR_CONTRACT,  /* an unknown contract, or one the rule system does not admit */
    SKATDD_ERR_RULES,     /* a rule system that cannot be loaded */
    SKATDD_ERR_YAML,      /* deal text that cannot be read: detail "FILE:LINE:COL: message" */
    SKATDD_ERR_IO,        /* a file that cannot be read */
    SKATDD_ERR_MEMORY,    /* out of memory */
    SKATDD_ERR_INTERNAL,
    SKATDD_STATUS_COUNT
} skatdd_status;

/* A short text for a status ("bad card set"); never NULL. */
SKATDD_API const char *skatdd_strerror(skatdd_status status);
/* The detail of the last call on this thread that failed; "" when none. */
SKATDD_API const char *skatdd_last_error(void);

/* ---- cards, seats, games ------------------------------------------------ */

typedef uint32_t skatdd_cards;

enum { SKATDD_CARD_COUNT = 32, SKATDD_NO_CARD = -1 };
enum { SKATDD_FOREHAND, SKATDD_MIDDLEHAND, SKATDD_REARHAND, SKATDD_SEAT_COUNT };
/* The order of the first four is the suits' order. */
typedef enum {
    SKATDD_CLUBS,
    SKATDD_SPADES,
    SKATDD_HEARTS,
    SKATDD_DIAMONDS,
    SKATDD_GRAND,
    SKATDD_NULL,
    SKATDD_GAME_COUNT
} skatdd_game;

/* The card number of a name ("CJ" -> 4); SKATDD_ERR_CARD for anything else. */
SKATDD_API skatdd_status skatdd_card_from_name(const char *name, int *card);
/* "CJ" for 4; NULL for a number outside 0..31. */
SKATDD_API const char *skatdd_card_name(int card);
/* Card names separated by spaces or commas ("CJ SJ HA") into a set;
 * SKATDD_ERR_CARD for an unknown name, SKATDD_ERR_CARDS for a card twice. */
SKATDD_API skatdd_status skatdd_cards_from_text(const char *text, skatdd_cards *cards);
/* The names of a set in card order, separated by spaces, into out. */
SKATDD_API skatdd_status skatdd_cards_to_text(skatdd_cards cards, char *out, size_t size);
/* Card points of a set (A 11, T 10, K 4, Q 3, J 2). */
SKATDD_API int skatdd_card_points(skatdd_cards cards);
/* "forehand" ..., "clubs" ... "null"; NULL when out of range. */
SKATDD_API const char *skatdd_seat_name(int seat);
SKATDD_API const char *skatdd_game_name(skatdd_game game);

/* ---- rule systems and contracts ---------------------------------------- */

typedef struct skatdd_rules skatdd_rules;

/* Loads a rule system as the CLI does: a name ("isko", "texas", "tournee",
 * "classic") looked up in $SKATDD_RULES_DIR when it is set, else among the
 * rule systems built into the library; a string with '/' or ending in
 * ".yaml" is a file. */
SKATDD_API skatdd_status skatdd_rules_load(const char *name_or_path, skatdd_rules **rules);
SKATDD_API void skatdd_rules_free(skatdd_rules *rules);
SKATDD_API const char *skatdd_rules_name(const skatdd_rules *rules);   /* "isko" */
SKATDD_API const char *skatdd_rules_title(const skatdd_rules *rules);

typedef struct {
    skatdd_game game;
    bool hand;                /* played without picking up the skat */
    bool schneider_announced;
    bool schwarz_announced;
    bool ouvert;
    int form;                 /* the rule system's own form (tournee ...): 0 none, else 1 + its index */
} skatdd_contract;

/* Parses "grand", "hearts hand schneider", "null ouvert" (rules NULL: the
 * plain words; with rules also its forms, "spades solo") and applies what
 * the words imply (ouvert is hand, schwarz announced is schneider ...). */
SKATDD_API skatdd_status skatdd_contract_parse(const skatdd_rules *rules, const char *text,
                                               skatdd_contract *contract);
/* The words skatdd_contract_parse reads back (rules may be NULL without forms),
 * the implied words set; SKATDD_ERR_CONTRACT for flags no words say (null
 * with an announcement, an announcement without hand where the rules want
 * one).  skatdd_score_game reads a contract the same way. */
SKATDD_API skatdd_status skatdd_contract_name(const skatdd_rules *rules, const skatdd_contract *contract,
                                              char *out, size_t size);

/* ---- positions and the solver ------------------------------------------ */

/* A position of play.  All three players hold the same number of cards,
 * except that those who already played to the trick in progress hold one
 * fewer; cards in no hand, not in the skat and not in the trick count as
 * played. */
typedef struct {
    skatdd_game game;
    int declarer;                          /* seat */
    skatdd_cards hands[SKATDD_SEAT_COUNT]; /* cards still held */
    skatdd_cards skat;                     /* the skat or the discard (0: not given); its points are
                                              part of declarer_points */
    int leader;                            /* seat that led (or leads) the current trick */
    int trick_size;                        /* cards already played to it, 0..2 */
    int trick[2];                          /* those cards, from the leader on */
    int declarer_points;                   /* card points won so far, skat or discard included */
    int declarer_tricks;                   /* the two add up to the tricks played: each is someone's */
    int defender_tricks;
} skatdd_position;

/* Checks a position: SKATDD_OK, or SKATDD_ERR_CARDS / _TRICK / _ARGUMENT. */
SKATDD_API skatdd_status skatdd_position_check(const skatdd_position *position);
/* The seat to play next. */
SKATDD_API int skatdd_position_to_move(const skatdd_position *position);

typedef struct skatdd_solver skatdd_solver;

/* A solver with a transposition table of about tt_megabytes (0: 16). */
SKATDD_API skatdd_status skatdd_solver_new(size_t tt_megabytes, skatdd_solver **solver);
SKATDD_API void skatdd_solver_free(skatdd_solver *solver);
/* Nodes searched since the solver was made. */
SKATDD_API uint64_t skatdd_solver_nodes(const skatdd_solver *solver);

typedef struct {
    int card;
    int value;  /* the position's value after this card */
} skatdd_move_value;

/* Everything `skatdd solve` reports about a position.  Values: suit and
 * grand, the declarer's card points at the end of the game with best play by
 * both sides (what was won so far included); null, 1 when the declarer wins
 * (takes no trick), 0 when he loses. */
typedef struct {
    int value;
    bool declarer_can_schwarz;      /* suit and grand: declarer can take every remaining trick, and the
                                       defenders have none yet (schwarz; false once they have one) */
    bool defenders_can_schwarz;     /* suit and grand: declarer takes no further trick (whatever he has) */
    int to_move;                    /* seat */
    int move_count;
    skatdd_move_value moves[10];    /* every legal card of the player to move, in card order */
    int line_length;
    int line[30];                   /* one optimal line to the end of the game */
    uint64_t nodes;
} skatdd_analysis;

SKATDD_API skatdd_status skatdd_solve(skatdd_solver *solver, const skatdd_position *position,
                                      skatdd_analysis *analysis);
/* The value alone (faster than skatdd_solve). */
SKATDD_API skatdd_status skatdd_value(skatdd_solver *solver, const skatdd_position *position, int *value);

typedef enum {
    SKATDD_REACHES,            /* suit and grand: the declarer ends with at least `points` card points */
    SKATDD_DECLARER_TAKES_ALL, /* suit and grand: the declarer can take every remaining trick, and the
                                  defenders have none yet (false once they have one) */
    SKATDD_DEFENDERS_TAKE_ALL, /* suit and grand: the defenders can keep him from any further trick */
    SKATDD_NULL_WON,           /* null: the declarer can avoid every trick */
    SKATDD_QUESTION_COUNT
} skatdd_question;

/* A yes/no question, answered by a threshold search (faster than the value).
 * points is read for SKATDD_REACHES only.  A suit question about a null game,
 * or the other way round, is SKATDD_ERR_ARGUMENT. */
SKATDD_API skatdd_status skatdd_ask(skatdd_solver *solver, const skatdd_position *position,
                                    skatdd_question question, int points, bool *answer);

/* ---- Ramsch -------------------------------------------------------------- */

/* A Ramsch (all passed): everyone plays for himself, jacks the only trumps.
 * Cards, leader and trick as in skatdd_position; points and tricks are what
 * each seat has taken so far in tricks (the skat not counted). */
typedef struct {
    skatdd_cards hands[SKATDD_SEAT_COUNT];
    skatdd_cards skat;                     /* 0: not known, its points count for nobody */
    int leader;
    int trick_size;
    int trick[2];
    int points[SKATDD_SEAT_COUNT];
    int tricks[SKATDD_SEAT_COUNT];
} skatdd_ramsch_position;

/* Each seat asked against the other two playing together. */
typedef struct {
    int fewest_points;  /* the card points it ends with when it takes as few as it can and the other two give it
                           as many as they can: points so far, and the skat when the last trick's winner takes it */
    bool takes_all;     /* it can take every remaining trick (a Durchmarsch; false once another seat has one) */
    bool avoids_all;    /* it can take no further trick (a Jungfrau; false once it has one) */
} skatdd_ramsch_seat;

/* Everything `skatdd solve` reports about a Ramsch position. */
typedef struct {
    skatdd_ramsch_seat seats[SKATDD_SEAT_COUNT];
    int skat_bonus;                 /* the skat's points the last trick's winner takes (0: the rules give the skat to
                                       the loser, or it is not known) */
    int to_move;                    /* seat; -1 when the game is over */
    int move_count;
    skatdd_move_value moves[10];    /* every legal card of the player to move, in card order, valued in his
                                       fewest points after it (the best equal seats[to_move].fewest_points) */
    int line_length;
    int line[30];                   /* a line to the end in which every player keeps his own fewest points */
    uint64_t nodes;
} skatdd_ramsch_analysis;

/* Solves a Ramsch position under rules (where the skat goes); rules without
 * Ramsch are SKATDD_ERR_CONTRACT. */
SKATDD_API skatdd_status skatdd_ramsch_solve(skatdd_solver *solver, const skatdd_rules *rules,
                                             const skatdd_ramsch_position *position,
                                             skatdd_ramsch_analysis *analysis);

/* ---- deals read from YAML ----------------------------------------------- */

/* The documents of a deal file, in the format of the CLI (README: "Deal
 * files"), every document checked when read; or the records of a file of ISS
 * game records, each declared game a deal with the cards it played. */
typedef struct skatdd_deals skatdd_deals;

/* Reads YAML text (size bytes); name stands for the file in messages (NULL:
 * "<text>").  On error SKATDD_ERR_YAML with "NAME:LINE:COL: message" in
 * skatdd_last_error, and no handle.  Contracts are read in the words of the
 * document's rules: (default isko). */
SKATDD_API skatdd_status skatdd_deals_read(const char *text, size_t size, const char *name,
                                           skatdd_deals **deals);
SKATDD_API skatdd_status skatdd_deals_read_file(const char *path, skatdd_deals **deals);
SKATDD_API void skatdd_deals_free(skatdd_deals *deals);
SKATDD_API size_t skatdd_deals_count(const skatdd_deals *deals);

/* One document as read.  Fields without a has_ flag are 0 when absent. */
typedef struct {
    char name[256];
    bool has_hand[SKATDD_SEAT_COUNT];
    skatdd_cards hands[SKATDD_SEAT_COUNT]; /* as dealt (full deal) or as held now (position) */
    bool has_skat;
    skatdd_cards skat;
    bool full_deal;                        /* ten cards each: a deal from its start */
    bool has_declarer;
    int declarer;
    bool has_contract;
    skatdd_contract contract;
    bool has_discard;
    skatdd_cards discard;
    int play_count;                        /* cards played so far, in order */
    int play[30];
    int bid;
    int kontra;                            /* doubling calls made: 0 none, 1 kontra, 2 re, ... up to the rules' count */
    char rules[256];                       /* the document's rules:, "" when absent */
} skatdd_deal;

SKATDD_API skatdd_status skatdd_deals_get(const skatdd_deals *deals, size_t index, skatdd_deal *deal);

/* Whether a document is a Ramsch (contract: ramsch; skatdd_deals_get then
 * says has_contract false): every seat plays for itself, with no declarer,
 * as skatdd_ramsch_solve asks. */
SKATDD_API skatdd_status skatdd_deals_is_ramsch(const skatdd_deals *deals, size_t index, bool *ramsch);

/* A deal solved as `skatdd solve` does: the position after the discard and
 * the play so far; a full skat game without a discard gets the best one. */
typedef struct {
    skatdd_position position;
    skatdd_cards discard;        /* 0 in a hand game or a position */
    bool discard_found;          /* the solver chose the discard */
    skatdd_analysis analysis;
} skatdd_deal_solution;

/* SKATDD_ERR_ARGUMENT when the document lacks a declarer, contract or hand. */
SKATDD_API skatdd_status skatdd_solve_deal(skatdd_solver *solver, const skatdd_deals *deals, size_t index,
                                           skatdd_deal_solution *solution);

/* ---- scoring ------------------------------------------------------------- */

/* A declarer's game as played. */
typedef struct {
    skatdd_contract contract;
    skatdd_cards cards;          /* his twelve cards: his ten and the skat (or discard) */
    int declarer_points;         /* card points, skat included */
    int declarer_tricks;
    int bid;                     /* 0: none */
    int doubling;                /* 0 none, 1 kontra, 2 re ... */
    int spitze;                  /* Spitzen announced */
    bool spitze_made;
    bool bock;                   /* a Bock round: doubled once more by the rules' bock call;
                                    SKATDD_ERR_CONTRACT under rules without one */
} skatdd_game_play;

typedef struct {
    bool won;
    bool overbid;                /* the game value stayed below the bid */
    int base;                    /* base value; a null game's value */
    int matadors;                /* 0 for null */
    bool with_matadors;
    int multiplier;              /* 0 for null */
    int value;                   /* the game value as played */
    int lost_factor;             /* how many times a lost game counts (1 when won) */
    int doubling_factor;
    int score;                   /* for the declarer, negative when lost */
    int tournament_declarer;     /* the rule system's first tournament scheme, table of three; */
    int tournament_defender;     /* 0 both when it has none */
} skatdd_score;

/* Scores a game under a rule system.  A game the rules do not allow is
 * SKATDD_ERR_CONTRACT with the reason in skatdd_last_error: among them a suit
 * or grand game that cannot reach the bid (overbid: unreachable), judged for a
 * hand game without knowing which two of the twelve cards were the skat, so
 * refused only where none of them could have reached it. */
SKATDD_API skatdd_status skatdd_score_game(const skatdd_rules *rules, const skatdd_game_play *play,
                                           skatdd_score *score);

/* ---- the contract table of a deal -------------------------------------- */

enum { SKATDD_TABLE_MAX_ROWS = 32 };

/* One row of `skatdd table`: a contract with the seat as declarer. */
typedef struct {
    char label[64];              /* the row's contract in the rule system's words */
    skatdd_contract row;
    skatdd_contract contract;    /* as it would be declared, announcements included */
    int declarer_points;         /* double-dummy, skat or discard included; -1 for null */
    bool declarer_wins_null;
    bool declarer_schwarz;       /* suit and grand: the declarer can take every trick */
    bool won;
    int game_value;              /* the value as won, or the value the loss counts */
    int score;                   /* negative when lost */
    int bid_ceiling;             /* highest bid this contract still wins; 0 none */
    skatdd_cards discard;        /* skat games: the best two cards to put away */
} skatdd_table_row;

typedef struct {
    bool computed;               /* false for seats left out of seat_mask */
    int row_count;
    skatdd_table_row rows[SKATDD_TABLE_MAX_ROWS];
    int best;                    /* the row with the highest ceiling; -1 none */
    int bid_ceiling;             /* the seat's overall ceiling; 0 none */
} skatdd_seat_table;

typedef struct {
    skatdd_seat_table seats[SKATDD_SEAT_COUNT];
    int best_seat;               /* who could have bid highest; -1 when nobody wins anything */
    uint64_t nodes;
} skatdd_table;

/* The table of a full deal: ten cards each and the skat (all 32 cards);
 * seat_mask bit s for seat s (0: all three); threads 0 all cores;
 * tt_megabytes over all threads (0: 16).  Forehand leads. */
SKATDD_API skatdd_status skatdd_table_compute(const skatdd_rules *rules, const skatdd_cards hands[SKATDD_SEAT_COUNT],
                                              skatdd_cards skat, unsigned seat_mask, int threads,
                                              size_t tt_megabytes, skatdd_table *table);

/* ---- evaluating one hand ----------------------------------------------- */

typedef enum { SKATDD_DOUBLE_DUMMY, SKATDD_SINGLE_DUMMY } skatdd_model;

typedef struct {
    int samples;                 /* layouts per skat, 1..64 (default 4) */
    uint64_t seed;               /* default 1 */
    int discards;                /* ten cards, skat games: discards tried besides the skat (default 1) */
    double confidence;           /* for the safe bid ceiling (default 0.9) */
    skatdd_model model;          /* default double-dummy */
    int sd_layouts;              /* single-dummy: layouts per decision, 1..64 (default 6) */
    int sd_contracts;            /* single-dummy: rows played, 1..32 (default 3) */
    int threads;                 /* 0: all cores */
    size_t tt_megabytes;         /* over all threads (0: 16) */
} skatdd_eval_options;

/* The defaults of `skatdd evaluate`.  The library asks in every world
 * whether a lost game is schneidered, as `skatdd evaluate
 * --lost-levels-every 1` does: the command asks it in a sample of the skats
 * by default, which moves only the expected values and scores. */
SKATDD_API void skatdd_eval_options_default(skatdd_eval_options *options);

typedef struct skatdd_evaluation skatdd_evaluation;

/* Evaluates a hand of ten cards (or twelve after picking up the skat) for
 * the declarer in seat, as `skatdd evaluate` does (options NULL: defaults). */
SKATDD_API skatdd_status skatdd_evaluate(const skatdd_rules *rules, int seat, skatdd_cards hand,
                                         const skatdd_eval_options *options, skatdd_evaluation **evaluation);
SKATDD_API void skatdd_evaluation_free(skatdd_evaluation *evaluation);

typedef struct {
    int row_count;
    long worlds;                 /* worlds played */
    /* Highest bid some row, or with ten cards (double-dummy) a choice,
     * wins with p >= confidence; 0 none.  The choices: picking up the skat
     * and declaring the skat game best for it (skatdd evaluate's "skat,
     * best game"), and under rules with a Tournee taking or passing the
     * first skat card turned ("tournee, best turn"). */
    int bid_ceiling;
    int ceiling_row;             /* -1 none, or a choice sets bid_ceiling (skatdd_evaluation_ceiling_choice) */
    /* Both over the rows possible with every skat (not a ten-card Tournee),
     * the Tournee's turn and, where it may set the ceiling (several layouts
     * per skat), the choice after the skat (skatdd_evaluation_best_choice). */
    int best_bid;                /* highest bid whose best expected score is >= 0; 0 none */
    int best_row;                /* the row with the highest expected score; -1 none, or a choice */
    skatdd_cards discard;        /* twelve cards: the discard of the best skat-game row */
    uint64_t nodes;
} skatdd_evaluation_summary;

SKATDD_API skatdd_status skatdd_evaluation_get_summary(const skatdd_evaluation *evaluation,
                                                       skatdd_evaluation_summary *summary);

/* The choice that sets bid_ceiling where no row does: "skat, best game" or
 * "tournee, best turn"; NULL where a row sets it or none is safe (and for
 * a NULL evaluation). */
SKATDD_API const char *skatdd_evaluation_ceiling_choice(const skatdd_evaluation *evaluation);

/* The choice with the highest expected score, above every row possible
 * with every skat: "tournee, best turn", or "skat, best game" (pick up the
 * skat and declare the best game for it; several layouts per skat only);
 * best_row is then -1.  Else NULL (and for a NULL evaluation). */
SKATDD_API const char *skatdd_evaluation_best_choice(const skatdd_evaluation *evaluation);

typedef struct {
    char label[64];
    skatdd_contract contract;
    bool evaluated;              /* single-dummy: false for the rows not played */
    double p_win, p_schneider, p_schwarz;
    double expected_value;
    double expected_score;       /* expected Seeger-Fabian score */
    int bid_count;               /* bids of skatdd_evaluation_get_bid, 0..bid_count-1 */
} skatdd_evaluation_row;

SKATDD_API skatdd_status skatdd_evaluation_get_row(const skatdd_evaluation *evaluation, int row,
                                                   skatdd_evaluation_row *out);
/* The chance to win the row when forced to its bid-th bid (best announcement). */
SKATDD_API skatdd_status skatdd_evaluation_get_bid(const skatdd_evaluation *evaluation, int row, int bid,
                                                   int *bid_value, double *p_win);

#ifdef __cplusplus
}
#endif

#endif
