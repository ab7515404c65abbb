#include "contract.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const word_names[WORD_COUNT] = {"hand", "schneider", "schwarz", "ouvert"};

int contract_word_parse(const char *w)
{
    for (int i = 0; i < WORD_COUNT; i++)
        if (strcasecmp(w, word_names[i]) == 0)
            return i;
    return -1;
}

static GameType game_word_parse(const char *w)
{
    for (int g = 0; g < GAME_TYPE_COUNT; g++)
        if (strcasecmp(w, game_type_name((GameType)g)) == 0)
            return (GameType)g;
    return GAME_TYPE_COUNT;
}

bool contract_parse(const char *text, Contract *out, char *err, size_t err_size)
{
    char buf[128];
    if (strlen(text) >= sizeof buf) {
        snprintf(err, err_size, "contract too long");
        return false;
    }
    strcpy(buf, text);
    bool seen[WORD_COUNT] = {false};
    char *save = NULL;
    char *w = strtok_r(buf, " \t", &save);
    if (!w) {
        snprintf(err, err_size, "empty contract");
        return false;
    }
    GameType game = game_word_parse(w);
    if (game == GAME_TYPE_COUNT) {
        snprintf(err, err_size, "unknown contract '%s' (clubs, spades, hearts, diamonds, grand, null)", w);
        return false;
    }
    while ((w = strtok_r(NULL, " \t", &save))) {
        int word = contract_word_parse(w);
        if (word < 0) {
            snprintf(err, err_size, "unknown contract word '%s' (hand, schneider, schwarz, ouvert)", w);
            return false;
        }
        if (seen[word]) {
            snprintf(err, err_size, "contract word '%s' given twice", w);
            return false;
        }
        seen[word] = true;
    }
    *out = (Contract){.game = game, .hand = seen[WORD_HAND], .ouvert = seen[WORD_OUVERT],
                      .schneider_announced = seen[WORD_SCHNEIDER],
                      .schwarz_announced = seen[WORD_SCHWARZ]};
    if (game == GAME_NULL) {
        if (out->schneider_announced || out->schwarz_announced) {
            snprintf(err, err_size, "a null game has no schneider or schwarz to announce");
            return false;
        }
        return true;
    }
    if (out->ouvert)
        out->hand = out->schneider_announced = out->schwarz_announced = true;
    if (out->schwarz_announced)
        out->schneider_announced = true;
    if (out->schneider_announced && !out->hand) {
        snprintf(err, err_size, "%s announced in a game that is not a hand game",
                 seen[WORD_SCHWARZ] ? "schwarz" : "schneider");
        return false;
    }
    return true;
}

const char *contract_name(const Contract *c, char *out, size_t size)
{
    bool suit_or_grand = c->game != GAME_NULL;
    snprintf(out, size, "%s%s%s%s", game_type_name(c->game),
             c->ouvert ? " ouvert" : "",
             c->hand && !(c->ouvert && suit_or_grand) ? " hand" : "",
             suit_or_grand && !c->ouvert
                 ? (c->schwarz_announced ? " schwarz" : c->schneider_announced ? " schneider" : "")
                 : "");
    return out;
}
