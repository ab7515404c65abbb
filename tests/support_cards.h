/* Test support: cards from their names and rule systems from their files,
 * failing the test (cmocka) on a bad name or file. */
#ifndef SKATDD_SUPPORT_CARDS_H
#define SKATDD_SUPPORT_CARDS_H

#include <stdbool.h>

#include "cards.h"
#include "rules.h"

int test_card(const char *name);
/* Space-separated names, no card twice. */
CardSet test_cards(const char *names);
/* Loads evaluator/rules/NAME.yaml (tests run from the top of the tree);
 * false after printing why. */
bool test_rules(const char *name, RuleSystem *out);
/* The four rule systems skatdd ships. */
bool test_four_rules(RuleSystem *isko, RuleSystem *texas, RuleSystem *tournee, RuleSystem *classic);

#endif
