/* A contract as declared: the kind of game and its announcements. */
#ifndef SKATDD_CONTRACT_H
#define SKATDD_CONTRACT_H

#include <stdbool.h>
#include <stddef.h>

#include "play.h"

typedef struct {
    GameType game;
    bool hand;                /* played without picking up the skat */
    bool schneider_announced;
    bool schwarz_announced;
    bool ouvert;
    /* The rule system's own contract form (Tournee, Solo, Guckser ... in
     * tournee.yaml): 0 for none, otherwise 1 + the index into that rule
     * system's forms (rules.h).  contract_parse always sets 0; forms are read
     * by rules_parse_contract and named by rules_contract_name. */
    int form;
} Contract;

/* The announcement words a contract may carry after its game. */
typedef enum { WORD_HAND, WORD_SCHNEIDER, WORD_SCHWARZ, WORD_OUVERT, WORD_COUNT } ContractWord;
/* The ContractWord of w (any case, English or German: "offen" for
 * ouvert), or -1. */
int contract_word_parse(const char *w);
/* The game w names (any case, English or German: kreuz, pik, herz, karo),
 * or GAME_TYPE_COUNT. */
GameType contract_game_parse(const char *w);

/* The forms a rule system adds to the words of a contract (rulecontract.h):
 * form_of gives 1 + the index of the form a word names, 0 for none;
 * form_name the name of form f (1-based), NULL past the last. */
typedef struct {
    const void *ctx;
    int (*form_of)(const void *ctx, const char *word);
    const char *(*form_name)(const void *ctx, int form);
} ContractForms;

/* The one grammar of contracts: words in any order, any case, English or
 * German, one game (clubs, spades, hearts, diamonds, grand, null), each announcement word at
 * most once, and with forms (may be NULL) at most one form.  Sets the words
 * as said, no implications.  False with a message in err. */
bool contract_read_words(const char *text, const ContractForms *forms, Contract *out, char *err, size_t n);

/* The words contract_read_words reads back: form_name ("" or NULL for none)
 * first, then the game, ouvert, hand and announcements unless implied. */
const char *contract_words_name(const Contract *c, const char *form_name, bool hand_implied, bool announce_implied,
                                char *out, size_t n);

/* Parses "clubs", "hearts hand schneider", "null ouvert hand", "grand ouvert"
 * (contract_read_words without forms) with the implications every rule
 * system here shares: suit and grand ouvert imply hand, schneider and schwarz
 * announced; schwarz announced implies schneider announced; announcements
 * need a hand game.  On error returns false and writes a message into err
 * ("unknown contract word 'x' ...", "schneider announced in a game that is
 * not a hand game" ...). */
bool contract_parse(const char *text, Contract *out, char *err, size_t err_size);
/* The implications contract_parse applies, to a contract given as flags:
 * *out gets it with them; false, with the reason in err, for a contract no
 * words can say (null with an announcement, an announcement without hand). */
bool contract_imply(const Contract *in, Contract *out, char *err, size_t err_size);
/* "grand hand schneider"-style name, the words contract_parse reads. */
const char *contract_name(const Contract *c, char *out, size_t size);

#endif
