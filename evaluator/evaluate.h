/* Hand evaluation from one hand alone: every possible skat, sampled layouts
 * of the defenders' cards, each world solved double-dummy, and from that win
 * chances per contract and bid, the safe bid ceiling and the best bid.
 *
 * Double-dummy play of unseen cards is optimistic for the declarer: each
 * world is played as if everybody saw every card. */
#ifndef SKATDD_EVALUATE_H
#define SKATDD_EVALUATE_H

#include <stdint.h>

#include "gamevalue.h"
#include "rules.h"

enum { EVAL_MAX_CONTRACTS = 16, EVAL_MAX_BIDS = 256 };

typedef struct {
    int samples;            /* layouts per skat */
    uint64_t seed;
    int discards;           /* ten-card mode, skat games: discards searched per skat (66 = all) */
    double confidence;      /* for the safe bid ceiling */
    bool exhaustive;        /* skat games: play every discard in every layout (no cut-off) */
    int threads;            /* 0: all cores */
    size_t tt_bytes;        /* per thread */
    /* Called now and then from the main thread: skats done of total. */
    void (*progress)(void *ctx, int done, int total, long worlds);
    void *progress_ctx;
} EvalOptions;

typedef struct {
    Contract contract;      /* the row: kind of game, hand or skat game */
    double p_win, p_schneider, p_schwarz;
    double expected_value;  /* game value when won, minus what a loss counts when lost */
    double expected_score;  /* expected Seeger-Fabian score (no bid) */
    int bid_count;
    int bids[EVAL_MAX_BIDS];
    double p_win_at[EVAL_MAX_BIDS];     /* wins when forced to that bid (overbid rule) */
    double score_at[EVAL_MAX_BIDS];     /* expected tournament score at that bid */
} EvalContract;

typedef struct {
    int seat;
    CardSet hand;           /* ten cards, or twelve after the skat pick-up */
    int skats;              /* skats looked at: 231, or 1 in the twelve-card mode */
    int samples;
    long worlds;            /* worlds solved */
    int contract_count;
    EvalContract contracts[EVAL_MAX_CONTRACTS];
    double confidence;
    int bid_ceiling;        /* highest bid some contract wins with p >= confidence; 0 none */
    int ceiling_contract;   /* its row, -1 none */
    int best_bid;           /* highest bid whose best expected tournament score is >= 0; 0 none */
    int best_contract;      /* the row with the highest expected score at the lowest bid */
    CardSet discard;        /* twelve-card mode: the discard of the best skat-game row */
    CardSet discards[EVAL_MAX_CONTRACTS]; /* twelve-card mode: per skat-game row */
    uint64_t nodes;
    int skat_visits[231];   /* how often each skat was visited (tests) */
} Evaluation;

/* Evaluates hand (10 cards, or 12 when the skat has been picked up) for the
 * declarer in seat; forehand leads.  Returns false with a message in err. */
bool evaluate_hand(const RuleSystem *rules, int seat, CardSet hand, const EvalOptions *options, Evaluation *out,
                   char *err, size_t n);

#endif
