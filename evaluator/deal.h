/* A deal or position as read from a YAML document (dealreader.h), and the
 * position it gives to solve. */
#ifndef SKATDD_DEAL_H
#define SKATDD_DEAL_H

#include <stdbool.h>
#include <stdio.h>

#include "contract.h"
#include "position.h"
#include "rules.h"

enum { DEAL_TEXT = 256, DEAL_MAX_PLAY = 30, DEAL_MAX_CARDS = 12 };
enum { DEAL_SHOWN_BYTES = 40 }; /* user text echoed in a message is cut to this */

/* User text (len bytes) for a message, cut at DEAL_SHOWN_BYTES on a UTF-8
 * character boundary, "..." marking the cut. */
const char *deal_shown_text(const char *text, size_t len, char out[DEAL_SHOWN_BYTES + 4]);

/* Where a key's value stands in the file (1-based), for later messages. */
typedef struct {
    int line, column;
} Mark;

/* A problem's stated answer (problems/): each field present or not. */
typedef struct {
    Mark mark;                 /* where the answer's mapping stands */
    bool has_declarer_points;
    int declarer_points;
    bool has_declarer_wins_null;
    bool declarer_wins_null;
    bool has_game_value;
    int game_value;
    bool has_bid_ceiling;
    bool bid_ceiling_none;     /* bid_ceiling: null */
    int bid_ceiling;
    int winning_card_count;    /* winning_cards: the cards that keep the value */
    int winning_cards[10];
    Mark winning_marks[10];
    bool has_discard;
    CardSet discard;           /* answer: {discard: [..]} for discard problems */
    bool has_contract;
    Contract contract;         /* answer: {contract: ...} for bid problems */
    bool has_declarer_schwarz;
    bool declarer_schwarz;     /* the declarer can make it schwarz */
} Answer;

typedef struct {
    char file[DEAL_TEXT];
    Mark mark;                 /* the document's start */
    char name[DEAL_TEXT];      /* "" when absent */

    CardSet hands[SEAT_COUNT]; /* as dealt (full deal) or as held now (position) */
    bool has_hand[SEAT_COUNT]; /* evaluate reads documents with one hand only */
    bool has_skat;
    CardSet skat;
    bool full_deal;            /* 10 cards each: a deal from its start */

    bool has_declarer;
    int declarer;
    bool has_contract;
    Contract contract;
    Mark contract_mark;
    bool has_discard;
    CardSet discard;

    int play_count;            /* full deals: cards played so far, in order */
    int play[DEAL_MAX_PLAY];
    Mark play_mark;            /* the value of 'play' (the document's start when absent) */

    /* Positions without history (hands of fewer than 10 cards). */
    bool has_lead;
    int lead;
    int trick_size;
    int trick[2];
    int declarer_points;       /* position: already won; score: the result */
    int declarer_tricks;
    int defender_tricks;
    bool has_declarer_points, has_declarer_tricks, has_defender_tricks;
    bool conceded;             /* an ISS game the declarer gave up (resigned, timed out, left): lost
                                  whatever his points (score counts it so) */
    bool played;               /* an ISS game: played on the server, so scored as played even where
                                  the declarer could not have announced it (overbid: unreachable) */

    int bid;                   /* 0 when absent */
    int kontra;                /* doubling calls made: 0 none, 1 kontra, 2 re, ... up to the rules' count */
    bool bock;                 /* a Bock round: the rule system's bock doubling counts too */
    Mark bock_mark;            /* the value of 'bock' */
    int spitze;                /* Spitzen announced (0 none): score only */
    Mark spitze_mark;
    bool ramsch;               /* contract: ramsch (all passed): no declarer, jacks trump */
    /* Ramsch positions: what each seat has taken so far (points:, tricks:),
     * the skat not counted. */
    int seat_points[SEAT_COUNT];
    int seat_tricks[SEAT_COUNT];
    int pushes;                /* Schieberamsch: how often the skat was pushed on unseen */
    char rules[DEAL_TEXT];     /* "" when absent */

    char question[DEAL_TEXT * 2];
    char source[DEAL_TEXT];
    char explanation[DEAL_TEXT * 8];
    bool has_answer;
    Answer answer;
} Deal;

/* The position before the recorded play: for a full deal after the skat
 * exchange (see deal_position), for a position the given one. */
void deal_start_position(const Deal *deal, Position *pos);

/* The position to solve: for a full deal the hands after the skat exchange
 * (the declarer's twelve cards less the discard in a skat game), with the
 * skat or discard counted for the declarer and the play applied; for a
 * position the given one.  A full skat game without a discard keeps the
 * declarer's twelve cards in the hand: the caller chooses the discard. */
void deal_position(const Deal *deal, Position *pos);

/* A Ramsch (deal->ramsch) after its play, or the position given: the cards
 * played as a grand, and what each seat has taken so far in tricks (the
 * skat not counted).  pos->declarer is forehand: the solver's Ramsch
 * questions take the seat asked there. */
void deal_ramsch_position(const Deal *deal, Position *pos, int points[SEAT_COUNT], int tricks[SEAT_COUNT]);

/* For commands that play the game: false with "FILE:LINE:COL: missing key
 * 'declarer'" (or 'contract', or "missing hand 'rearhand'") at the document's
 * start when the deal lacks what a game needs. */
bool deal_require_game(const Deal *deal, char *err, size_t err_size);
/* For commands that play the game for card points (solve, analyze,
 * problems): false with the reason when the deal announces a Spitze, which
 * only score counts. */
bool deal_refuse_spitze(const Deal *deal, const char *command, char *err, size_t err_size);
/* A full deal's contract whose trump is a turned skat card (a Tournee): false
 * with "FILE:LINE:COL: a tournee grand needs its trump among the skat's cards
 * to turn (...)" at the contract when the skat holds none.  The reader checks
 * deal files with it; batch's random deals, dealt without a reader, too. */
bool deal_skat_turns(const Deal *deal, const RuleSystem *rules, char *err, size_t err_size);

#endif
