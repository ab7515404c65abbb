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
/* The ContractWord of w (any case), or -1. */
int contract_word_parse(const char *w);

/* Parses "clubs", "hearts hand schneider", "null ouvert hand", "grand ouvert"...
 * Suit and grand ouvert imply hand, schneider and schwarz announced; schwarz
 * announced implies schneider announced.  On error returns false and writes a
 * message into err ("unknown contract word 'x'", "schneider announced without
 * hand" ...). */
bool contract_parse(const char *text, Contract *out, char *err, size_t err_size);
/* "grand hand schneider announced"-style name, the words contract_parse reads. */
const char *contract_name(const Contract *c, char *out, size_t size);

#endif
