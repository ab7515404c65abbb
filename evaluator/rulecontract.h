/* Contracts in the words of a rule system (rules.h): its forms ("spades
 * solo", "guckser grand") and its implications (ouvert, announcements). */
#ifndef SKATDD_RULECONTRACT_H
#define SKATDD_RULECONTRACT_H

#include <stdbool.h>
#include <stddef.h>

#include "contract.h"
#include "rules.h"

/* Parses a contract in the words of the rule system: the words of
 * contract_parse in any order plus the forms' names ("spades solo",
 * "passt-mir-nicht hearts", "guckser grand", "grand ouvert").  Applies the
 * system's implications (ouvert, forms without the skat are hand games ...).
 * Without a form word the form is found from the games table when only one
 * fits.  Returns false with a message in err. */
bool rules_parse_contract(const RuleSystem *rules, const char *text, Contract *out, char *err, size_t n);

/* The words rules_parse_contract reads back to the same contract. */
const char *rules_contract_name(const RuleSystem *rules, const Contract *c, char *out, size_t n);

/* Whether the rule system admits the contract; *out gets it with the implied
 * announcements and hand set.  Returns false with the reason in err. */
bool rules_check_contract(const RuleSystem *rules, const Contract *c, Contract *out, char *err, size_t n);

/* Whether a skat of two cards can give the contract's trump where its form
 * turns a skat card to fix it (a Tournee, and the forms that borrow its
 * values, such as passt-mir-nicht): a card of the trump suit, and a jack
 * either grand or its own suit.  Other contracts: always. */
bool rules_skat_allows(const RuleSystem *rules, const Contract *c, CardSet skat);

/* Where the contract's form turns a skat card: how many of the skat's cards
 * give its trump (0, 1 or 2), and the form (1 + index) that plays it from
 * the second card, whose loss may count more (passt-mir-nicht; 0 when the
 * rules have none).  Other contracts: -1 and 0. */
int rules_turning_cards(const RuleSystem *rules, const Contract *c, CardSet skat, int *second_turn_form);

#endif
