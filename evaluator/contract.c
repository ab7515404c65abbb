#include "contract.h"
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "text.h"

enum { CONTRACT_TEXT = 256 };

static const char *const word_names[WORD_COUNT] = {"hand", "schneider", "schwarz", "ouvert"};

int contract_word_parse(const char *w)
{
    for (int i = 0; i < WORD_COUNT; i++)
        if (strcasecmp(w, word_names[i]) == 0)
            return i;
    return -1;
}

bool contract_read_words(const char *text, const ContractForms *forms, Contract *out, char *err, size_t n)
{
    char buf[CONTRACT_TEXT];
    if (strlen(text) >= sizeof buf) {
        snprintf(err, n, "contract too long");
        return false;
    }
    strcpy(buf, text);
    for (char *p = buf; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    bool seen[WORD_COUNT] = {false};
    Contract c = {.game = GAME_TYPE_COUNT};
    char *save = NULL;
    for (char *w = strtok_r(buf, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        GameType g = game_type_parse(w);
        int word = contract_word_parse(w);
        int form = forms ? forms->form_of(forms->ctx, w) : 0;
        if (g != GAME_TYPE_COUNT) {
            if (c.game != GAME_TYPE_COUNT) {
                snprintf(err, n, "two games in contract '%s'", text);
                return false;
            }
            c.game = g;
        } else if (word >= 0) {
            if (seen[word]) {
                snprintf(err, n, "contract word '%s' given twice", w);
                return false;
            }
            seen[word] = true;
        } else if (form) {
            if (c.form) {
                snprintf(err, n, "two forms in contract '%s'", text);
                return false;
            }
            c.form = form;
        } else {
            snprintf(err, n, "unknown contract word '%s' (hand, schneider, schwarz, ouvert", w);
            const char *name;
            for (int f = 1; forms && (name = forms->form_name(forms->ctx, f)); f++)
                text_append(err, n, ", %s", name);
            text_append(err, n, ")");
            return false;
        }
    }
    if (c.game == GAME_TYPE_COUNT) {
        snprintf(err, n, "no game in contract '%s' (clubs, spades, hearts, diamonds, grand, null)", text);
        return false;
    }
    c.hand = seen[WORD_HAND];
    c.ouvert = seen[WORD_OUVERT];
    c.schneider_announced = seen[WORD_SCHNEIDER];
    c.schwarz_announced = seen[WORD_SCHWARZ];
    *out = c;
    return true;
}

const char *contract_words_name(const Contract *c, const char *form_name, bool hand_implied, bool announce_implied,
                                char *out, size_t n)
{
    bool suit_or_grand = c->game != GAME_NULL;
    out[0] = '\0';
    if (form_name && *form_name)
        text_append(out, n, "%s ", form_name);
    text_append(out, n, "%s", game_type_name(c->game));
    if (c->ouvert)
        text_append(out, n, " ouvert");
    if (c->hand && !hand_implied)
        text_append(out, n, " hand");
    if (suit_or_grand && !announce_implied)
        text_append(out, n, "%s", c->schwarz_announced ? " schwarz" : c->schneider_announced ? " schneider" : "");
    return out;
}

bool contract_parse(const char *text, Contract *out, char *err, size_t err_size)
{
    Contract c;
    if (!contract_read_words(text, NULL, &c, err, err_size))
        return false;
    if (c.game == GAME_NULL) {
        if (c.schneider_announced || c.schwarz_announced) {
            snprintf(err, err_size, "a null game has no schneider or schwarz to announce");
            return false;
        }
        *out = c;
        return true;
    }
    bool schwarz_said = c.schwarz_announced;
    if (c.ouvert)
        c.hand = c.schneider_announced = c.schwarz_announced = true;
    if (c.schwarz_announced)
        c.schneider_announced = true;
    if (c.schneider_announced && !c.hand) {
        snprintf(err, err_size, "%s announced in a game that is not a hand game", schwarz_said ? "schwarz" : "schneider");
        return false;
    }
    *out = c;
    return true;
}

const char *contract_name(const Contract *c, char *out, size_t size)
{
    bool ouvert_suit_or_grand = c->ouvert && c->game != GAME_NULL;
    return contract_words_name(c, NULL, ouvert_suit_or_grand, ouvert_suit_or_grand, out, size);
}
