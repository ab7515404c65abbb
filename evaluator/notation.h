/* The names of cards, games and seats in skatdd's files: the YAML deals and
 * rule files, ISS records, and the messages about them.  These are the
 * input notation, read by the readers below cli/; how cards are shown to a
 * user (suit symbols or letters) is cli/'s (common.h). */
#ifndef SKATDD_NOTATION_H
#define SKATDD_NOTATION_H

#include "cards.h"
#include "play.h"

/* Parses one card name: "CJ", "ht", "D10", "\u2665" "10", "\u2663J".  Returns the
 * card index or CARD_NONE.  The whole string must be one card. */
int card_parse(const char *text);
/* Writes the ASCII name ("CJ", "HT") into out (at least 3 bytes). */
const char *card_name(int card, char out[3]);
/* The suit's symbol as card_parse reads it ("\u2663"), UTF-8. */
const char *card_suit_symbol(int suit);

const char *game_type_name(GameType game);   /* "clubs", ..., "grand", "null" */
GameType game_type_parse(const char *name); /* GAME_TYPE_COUNT when unknown */
const char *seat_name(int seat);             /* "forehand", ... */
int seat_parse(const char *name);            /* seat_name's inverse; SEAT_COUNT when unknown or NULL */

#endif
