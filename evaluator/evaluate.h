/* Hand evaluation from one hand alone: every possible skat, sampled layouts
 * of the defenders' cards, each world played out for every contract, and from
 * that win chances per contract and bid, the safe bid ceiling and the best bid.
 *
 * Two models of play.  Double-dummy: every world is solved as if everybody
 * saw every card (optimistic for the declarer).  Single-dummy: every world is
 * played card by card by players who see only what they would see at the
 * table, each choosing by sampling layouts and solving them double-dummy.
 *
 * What the declarer decides before seeing the other cards is decided once
 * for all the worlds he cannot tell apart: the announcements of a hand game
 * for all worlds; the discard of a skat game (and, where the rules allow
 * announcing after picking up, the announcements) per skat.  No layout
 * counts a discard chosen in it, which would flatter the skat game: with
 * several layouts per skat the discard counted in each is chosen on the
 * skat's other layouts (leave one out); with one (or twelve cards), in
 * layouts of its own, which are not counted.
 * With ten cards putting the skat back is always among the discards, so a
 * skat game never wins less often than the same hand game.  Which skat game
 * to declare is, for the declarer who bids on picking up the skat, decided
 * per skat too, in the same way (EvalAfterSkat); it may set the ceiling. */
#ifndef SKATDD_EVALUATE_H
#define SKATDD_EVALUATE_H

#include <stdint.h>

#include "gamevalue.h"
#include "rules.h"

/* EVAL_MAX_SD_LAYOUTS: single-dummy layouts per decision, the same bound for
 * the command and the library (within SD_MAX_LAYOUTS, which sd_play keeps to). */
enum { EVAL_MAX_CONTRACTS = 32, EVAL_MAX_BIDS = 512, EVAL_MAX_SKATS = 231, EVAL_MAX_SAMPLES = 64, EVAL_MIN_RESOLVED = 16,
       EVAL_MAX_SD_LAYOUTS = 64 };

typedef enum { MODEL_DOUBLE_DUMMY, MODEL_SINGLE_DUMMY, MODEL_COUNT } EvalModel;
/* "double-dummy", "single-dummy"; eval_model_parse returns -1 for others. */
const char *eval_model_name(EvalModel model);
int eval_model_parse(const char *name);

/* What a declarer may announce before the first card, beyond the contract. */
typedef enum { ANNOUNCE_NONE, ANNOUNCE_SCHNEIDER, ANNOUNCE_SCHWARZ, ANNOUNCE_COUNT } Announcement;
enum { ANNOUNCE_PER_SKAT = -1 }; /* chosen after seeing the skat, not the same for every skat */
const char *announcement_name(Announcement a); /* "", "schneider", "schwarz" */

typedef struct {
    int samples;            /* layouts per skat, 1..EVAL_MAX_SAMPLES */
    /* Twelve cards: the two of them picked up from the skat, when known (0:
     * not known, any of the twelve may have turned a Tournee's trump). */
    CardSet known_skat;
    uint64_t seed;
    int discards;           /* ten cards, skat games: discards tried per skat besides putting the skat back */
    double confidence;      /* for the safe bid ceiling */
    bool exhaustive;        /* skat games: play every candidate discard in every layout (no cut-off) */
    /* Skat games: choose the discard in the layouts that are counted, each
     * layout's in that layout too, as before the choice left them out (for
     * comparison: that choice flatters the skat games, see fresh_check). */
    bool same_layouts;
    /* Without the pilot skats, whose choices among all discards order every
     * skat's candidates (for comparison). */
    bool no_pilots;
    unsigned games;         /* bit (1 << GameType) per kind of game to evaluate; 0: all */
    EvalModel model;
    int sd_layouts;         /* single-dummy: layouts a player samples for each decision */
    int sd_contracts;       /* single-dummy: rows played, the best by double-dummy expected score */
    int threads;            /* 0: all cores */
    size_t tt_bytes;        /* over all threads (solver_tt_share) */
    /* Double-dummy: also play each skat's chosen discard in as
     * many fresh layouts, which played no part in choosing it (p_win_fresh);
     * the evaluation is otherwise the same (skatdd evaluate --fresh-check). */
    bool fresh_check;
    /* With one layout per skat (--quick: 4): a suit or grand game's lost
     * worlds have their level below winning (schneidered, without a trick)
     * searched only in about one world of lost_every, and in more where a
     * play would have fewer than EVAL_MIN_RESOLVED such worlds; the others
     * count as those do in the expected values and scores.  Chances to win,
     * to make schneider and schwarz and every bid are as without it.
     * 0 or 1: every world. */
    int lost_every;
    /* lost_every: each play's lost worlds told apart at least (all where
     * fewer); 0: EVAL_MIN_RESOLVED.  (Tests: more tells every world apart
     * afterwards, as if it had been picked.) */
    int min_resolved;
    /* Called now and then from the main thread: skats done of total. */
    void (*progress)(void *ctx, int done, int total, long worlds);
    void *progress_ctx;
} EvalOptions;

typedef struct {
    Contract contract;      /* the row as table_contracts lists it */
    bool evaluated;         /* single-dummy: false for the rows not played */
    double p_available;     /* worlds whose skat allows the contract (a Tournee's trump); 1 for most */
    double p_win, p_schneider, p_schwarz; /* no announcement, no bid */
    /* Skat games with fresh_check: the chance to win of the discards chosen
     * per skat (with several layouts, the best over all of the skat's), in
     * fresh layouts; -1 when not checked.  Where the choice saw the counted
     * layouts (same_layouts, and the last step of the choice: putting the
     * skat back where that does better there), p_win is above what the same
     * discards win in layouts they were not chosen in; leaving each layout
     * out of its own choice puts it below (a choice on one layout fewer). */
    double p_win_fresh;
    double expected_value;  /* game value when won, minus what a loss counts when lost */
    double expected_score;  /* expected Seeger-Fabian score (no bid) */
    int bid_count;
    int bids[EVAL_MAX_BIDS];
    double p_win_at[EVAL_MAX_BIDS];     /* wins when forced to that bid (overbid rule), best announcement */
    signed char announce_at[EVAL_MAX_BIDS]; /* that announcement, or ANNOUNCE_PER_SKAT */
    /* Best expected tournament score at that bid: of one announcement for
     * every world, or (announced after the skat, several layouts per skat)
     * each layout's chosen on its skat's other layouts. */
    double score_at[EVAL_MAX_BIDS];
} EvalContract;

/* Ten cards, double-dummy: picking up the skat and then declaring, per
 * skat and bid, the skat game that does best there (the declarer sees the
 * skat before he chooses, not the defenders' cards).  Among the skat-game
 * rows (not a Tournee, whose trump the turned card decides) that may be
 * declared at the bid with that skat (rules_check_contract and the rules'
 * unreachable bids); where none may, the game is lost as overbid.  The
 * choice counted in a layout is made on the skat's other layouts (leave
 * one out), as a discard is; where what is so counted wins less often in
 * the skat's layouts than the row winning most often at the bid over all
 * skats, that row is counted (so the choice never wins less often than any
 * row at any bid).  With one layout per skat the choice is the row that
 * wins in that world: the chance that some game wins, optimistic
 * (seen_world), which does not set the safe ceiling.
 * The same record holds a Tournee's turn (turnchoice.h: taking the first
 * skat card's trump or passing it for the second's), counted once for each
 * order of a skat's two cards (worlds: twice the worlds played). */
typedef struct {
    bool evaluated;         /* ten cards, double-dummy (else the rest is 0) */
    bool turn;              /* the Tournee's turn (else the choice after the skat) */
    bool seen_world;        /* one layout per skat: chosen in the world counted */
    int bid_count;
    int bids[EVAL_MAX_BIDS];
    double p_win_at[EVAL_MAX_BIDS];
    /* The choice made in each world counted, where any row wins there: the
     * bound above p_win_at (tests). */
    double p_win_seen_at[EVAL_MAX_BIDS];
    long worlds;            /* what chose, overbid and second_turn count: worlds, or worlds per order of the skat */
    uint16_t chose[EVAL_MAX_BIDS][EVAL_MAX_CONTRACTS]; /* per bid and row: worlds it was counted in */
    uint16_t overbid[EVAL_MAX_BIDS]; /* per bid: worlds with no row that may be declared (turn: none turned) */
    uint16_t second_turn[EVAL_MAX_BIDS]; /* turn, per bid: worlds played from the second card */
    /* The expected Seeger-Fabian score at no bid and at each bid, the
     * choice made for the score as for winning: unannounced at no bid; at a
     * bid the better of the one announcement for every world that scores
     * best and, where the rules allow announcing after the skat, the
     * announcement chosen with the game (the choice after the skat: skat by
     * skat, on the skat's other layouts, several layouts per skat; the turn:
     * as the card is taken or passed). */
    double expected_score;
    double score_at[EVAL_MAX_BIDS];
} EvalAfterSkat;

/* How far the choice after the skat must score above the best row (or the
 * turn) to be the contract to play: less is a tie in the last bits. */
#define EVAL_CHOICE_TIE 1e-9

/* The choices' names, as rows' labels (skatdd evaluate, the library). */
#define EVAL_AFTER_SKAT_LABEL "skat, best game"
#define EVAL_TURN_LABEL "tournee, best turn"

typedef struct {
    int seat;
    CardSet hand;           /* ten cards, or twelve after the skat pick-up */
    EvalModel model;
    int skats;              /* skats looked at: 231, or 1 in the twelve-card mode */
    int samples;
    long worlds;            /* worlds played */
    int contract_count;
    EvalContract contracts[EVAL_MAX_CONTRACTS];
    double confidence;
    EvalAfterSkat after_skat;
    EvalAfterSkat turn;     /* ten cards, double-dummy, rules with a Tournee */
    /* Highest bid some contract, the after-skat choice or the Tournee's turn
     * wins with p >= confidence; 0 none. */
    int bid_ceiling;
    int ceiling_contract;   /* its row, -1 none or a choice (after the skat, the turn) */
    bool ceiling_after_skat; /* the choice sets it (no row reaches it) */
    bool ceiling_turn;      /* the Tournee's turn sets it (no row or choice after the skat reaches it) */
    signed char ceiling_announce;
    /* Both over the rows the declarer can choose before he sees the skat
     * (possible with every skat: not a ten-card Tournee) and the Tournee's
     * turn (which is), and the choice after the skat where it may set the
     * ceiling (not seen_world). */
    int best_bid;           /* highest bid whose best expected tournament score is >= 0; 0 none */
    int best_contract;      /* the row with the highest expected score; -1 none or a choice */
    bool best_turn;         /* the turn has it (above every such row's) */
    /* The choice after the skat has it (above every such row's and the
     * turn's; not seen_world): he should pick up the skat and declare the
     * best game for it rather than commit to a game before he sees it. */
    bool best_after_skat;
    CardSet discard;        /* twelve-card mode: the discard of the best skat-game row */
    CardSet discards[EVAL_MAX_CONTRACTS]; /* twelve-card mode: per skat-game row */
    uint64_t nodes;
    int lost_every;         /* as EvalOptions' where it applied, else 1 */
    int skat_visits[EVAL_MAX_SKATS];                   /* how often each skat was visited (tests) */
    uint8_t skat_wins[EVAL_MAX_CONTRACTS][EVAL_MAX_SKATS]; /* per row and skat: layouts won (tests) */
    /* Per skat-game row and skat: the discard counted, the skat itself
     * where it went back (tests). */
    CardSet skat_discards[EVAL_MAX_CONTRACTS][EVAL_MAX_SKATS];
} Evaluation;

/* Whether the rules' bid ladder fits the EVAL_MAX_BIDS bids an evaluation
 * tabulates (a rule file's ladder of integers may hold thousands); false
 * with the reason in err.  evaluate_hand refuses such rules too. */
bool evaluate_ladder_fits(const RuleSystem *rules, char *err, size_t n);

/* Evaluates hand (10 cards, or 12 when the skat has been picked up) for the
 * declarer in seat; forehand leads.  Returns false with a message in err. */
bool evaluate_hand(const RuleSystem *rules, int seat, CardSet hand, const EvalOptions *options, Evaluation *out,
                   char *err, size_t n);

#endif
