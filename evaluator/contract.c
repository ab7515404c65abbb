#include "contract.h"
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "text.h"

enum { CONTRACT_TEXT = 256 };

/* Each word in English and as German players write it (grand, null, hand,
 * schneider and schwarz are the same in both). */
static const char *const game_words[2][GAME_TYPE_COUNT] = {
    {"clubs", "spades", "hearts", "diamonds", "grand", "null"},
    {"kreuz", "pik", "herz", "karo", "grand", "null"},
};
static const char *const word_names[2][WORD_COUNT] = {
    {"hand", "schneider", "schwarz", "ouvert"},
    {"hand", "schneider", "schwarz", "offen"},
};

int contract_word_parse(const char *w)
{
    for (int lang = 0; lang < 2; lang++)
        for (int i = 0; i < WORD_COUNT; i++)
            if (strcasecmp(w, word_names[lang][i]) == 0)
                return i;
    return -1;
}

GameType contract_game_parse(const char *w)
{
    for (int lang = 0; lang < 2; lang++)
        for (int g = 0; g < GAME_TYPE_COUNT; g++)
            if (strcasecmp(w, game_words[lang][g]) == 0)
                return (GameType)g;
    return GAME_TYPE_COUNT;
}

/* Appends the words of [from, to) of a table, English then the German that
 * differ: "clubs, spades or kreuz, pik". */
static void append_words(char *out, size_t n, const char *const english[], const char *const german[], int from,
                         int to)
{
    for (int i = from; i < to; i++)
        text_append(out, n, "%s%s", i > from ? ", " : "", english[i]);
    int differ = 0;
    for (int i = from; i < to; i++)
        if (strcmp(german[i], english[i]) != 0)
            text_append(out, n, "%s%s", differ++ ? ", " : " or ", german[i]);
}

/* Every class of word a contract may hold, for a message about one that
 * is none of them. */
static void list_word_classes(char *err, size_t n, const ContractForms *forms)
{
    text_append(err, n, " (suits: ");
    append_words(err, n, game_words[0], game_words[1], GAME_CLUBS, GAME_GRAND);
    text_append(err, n, "; games: ");
    append_words(err, n, game_words[0], game_words[1], GAME_GRAND, GAME_TYPE_COUNT);
    text_append(err, n, "; modifiers: ");
    append_words(err, n, word_names[0], word_names[1], 0, WORD_COUNT);
    const char *name;
    for (int f = 1; forms && (name = forms->form_name(forms->ctx, f)); f++)
        text_append(err, n, "%s%s", f == 1 ? "; forms: " : ", ", name);
    text_append(err, n, ")");
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
        GameType g = contract_game_parse(w);
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
            snprintf(err, n, "unknown contract word '%s'", w);
            list_word_classes(err, n, forms);
            return false;
        }
    }
    if (c.game == GAME_TYPE_COUNT) {
        snprintf(err, n, "no game in contract '%s' (", text);
        append_words(err, n, game_words[0], game_words[1], 0, GAME_TYPE_COUNT);
        text_append(err, n, ")");
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

bool contract_imply(const Contract *in, Contract *out, char *err, size_t err_size)
{
    Contract c = *in;
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

bool contract_parse(const char *text, Contract *out, char *err, size_t err_size)
{
    Contract c;
    return contract_read_words(text, NULL, &c, err, err_size) && contract_imply(&c, out, err, err_size);
}

const char *contract_name(const Contract *c, char *out, size_t size)
{
    bool ouvert_suit_or_grand = c->ouvert && c->game != GAME_NULL;
    return contract_words_name(c, NULL, ouvert_suit_or_grand, ouvert_suit_or_grand, out, size);
}
