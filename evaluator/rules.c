#include "rules.h"

#include "text.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "gamevalue.h"
#include "rules_builtin.h"
#include "slurp.h"
#include "yamldepth.h"

static const char *const level_names[LEVEL_COUNT] = {
    "game", "hand", "schneider", "schneider announced", "schwarz", "schwarz announced", "ouvert", "spitze",
};

const char *level_name(Level level)
{
    return level < LEVEL_COUNT ? level_names[level] : "?";
}

/* Names of the enumerations as written in the files. */
static const char *const overbid_names[] = {"lowest_multiple_not_below", "lowest_multiple_above"};
static const char *const null_overbid_names[] = {"not_allowed", "lost"};
static const char *const ladder_names[] = {"game_values", "integers"};
static const char *const ramsch_mode_names[] = {"loser", "winner"};
static const char *const skat_to_names[] = {"last_trick", "loser"};
static const char *const tie_names[] = {"all", "later_trick_loses", "forehand", "none"};

/* ---------------------------------------------------------------------------
 * The file format as data: each YAML mapping is read by a schema, a table of
 * fields with the key, the kind of value, where it goes and its range. */

typedef enum { FT_INT, FT_BOOL, FT_TRI, FT_TEXT, FT_ENUM, FT_GAME, FT_FORM, FT_WORDS, FT_MAP, FT_LIST } FieldType;

typedef struct Loader Loader;
typedef struct Schema Schema;

typedef struct {
    const char *key;
    FieldType type;
    size_t offset;            /* into the struct the schema fills */
    int min, max;             /* FT_INT: range; FT_TEXT: capacity; FT_ENUM: name count;
                                 FT_LIST: max items; FT_WORDS: max words, capacity */
    const char *const *names; /* FT_ENUM */
    const Schema *sub;        /* FT_MAP, FT_LIST */
    size_t item_size;         /* FT_LIST */
    size_t count_offset;      /* FT_LIST, FT_WORDS: where the int count goes */
    bool required;
    int def;                  /* FT_INT, FT_BOOL, FT_TRI, FT_ENUM when absent */
} Field;

struct Schema {
    const char *what; /* "levels", "a games entry" ... for messages */
    const Field *fields;
    int count;
    /* Checks a filled struct; node is its mapping, for the message. */
    bool (*check)(Loader *L, yaml_node_t *node, void *base);
};

struct Loader {
    const char *file;
    yaml_document_t *doc;
    RuleSystem *rules;
    char *err;
    size_t n;
};

static bool fail_at(Loader *L, const yaml_node_t *node, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail_at(Loader *L, const yaml_node_t *node, const char *fmt, ...)
{
    int used = snprintf(L->err, L->n, "%s:%lu:%lu: ", L->file, (unsigned long)node->start_mark.line + 1,
                        (unsigned long)node->start_mark.column + 1);
    if (used >= 0 && (size_t)used < L->n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(L->err + used, L->n - (size_t)used, fmt, ap);
        va_end(ap);
    }
    return false;
}

static const char *scalar(const yaml_node_t *node)
{
    return (const char *)node->data.scalar.value;
}

static bool want_scalar(Loader *L, yaml_node_t *node, const char *key)
{
    if (node->type == YAML_SCALAR_NODE)
        return true;
    return fail_at(L, node, "'%s' needs a single value", key);
}

static bool parse_int_text(const char *s, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno)
        return false;
    *out = v;
    return true;
}

static int bool_parse(const char *s)
{
    static const char *const yes[] = {"true", "yes", "on"};
    static const char *const no[] = {"false", "no", "off"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
        if (strcasecmp(s, yes[i]) == 0)
            return 1;
        if (strcasecmp(s, no[i]) == 0)
            return 0;
    }
    return -1;
}

static void join_names(char *out, size_t n, const char *const *names, int count)
{
    out[0] = '\0';
    for (int i = 0; i < count; i++) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", i ? ", " : "", names[i]);
    }
}

static int find_form(const RuleSystem *r, const char *word)
{
    for (int f = 0; f < r->form_count; f++) {
        if (strcasecmp(word, r->forms[f].name) == 0)
            return f + 1;
        for (int w = 0; w < r->forms[f].word_count; w++)
            if (strcasecmp(word, r->forms[f].words[w]) == 0)
                return f + 1;
    }
    return 0;
}

static bool parse_map(Loader *L, yaml_node_t *map, const Schema *schema, void *base);

static bool parse_field(Loader *L, yaml_node_t *node, const Field *f, void *base)
{
    char *at = (char *)base + f->offset;
    char names[RULES_TEXT];
    switch (f->type) {
    case FT_INT: {
        long v;
        if (!want_scalar(L, node, f->key))
            return false;
        if (!parse_int_text(scalar(node), &v))
            return fail_at(L, node, "'%s' must be a whole number, not '%s'", f->key, scalar(node));
        if (v < f->min || v > f->max)
            return fail_at(L, node, "'%s' must be between %d and %d, not %ld", f->key, f->min, f->max, v);
        *(int *)at = (int)v;
        return true;
    }
    case FT_BOOL:
    case FT_TRI: {
        if (!want_scalar(L, node, f->key))
            return false;
        int b = bool_parse(scalar(node));
        if (b < 0)
            return fail_at(L, node, "'%s' must be true or false, not '%s'", f->key, scalar(node));
        if (f->type == FT_BOOL)
            *(bool *)at = b;
        else
            *(int *)at = b;
        return true;
    }
    case FT_TEXT:
        if (!want_scalar(L, node, f->key))
            return false;
        if (node->data.scalar.length >= (size_t)f->max)
            return fail_at(L, node, "'%s' is longer than %d characters", f->key, f->max - 1);
        memcpy(at, scalar(node), node->data.scalar.length + 1);
        return true;
    case FT_ENUM:
        if (!want_scalar(L, node, f->key))
            return false;
        for (int i = 0; i < f->max; i++)
            if (strcmp(scalar(node), f->names[i]) == 0) {
                *(int *)at = i;
                return true;
            }
        join_names(names, sizeof names, f->names, f->max);
        return fail_at(L, node, "'%s' must be one of %s, not '%s'", f->key, names, scalar(node));
    case FT_GAME: {
        if (!want_scalar(L, node, f->key))
            return false;
        GameType g = game_type_parse(scalar(node));
        if (g == GAME_TYPE_COUNT)
            return fail_at(L, node, "unknown game '%s' (clubs, spades, hearts, diamonds, grand, null)",
                           scalar(node));
        *(GameType *)at = g;
        return true;
    }
    case FT_FORM: {
        if (!want_scalar(L, node, f->key))
            return false;
        int form = find_form(L->rules, scalar(node));
        if (!form)
            return fail_at(L, node, "unknown form '%s' (forms must be defined under 'forms' first)",
                           scalar(node));
        *(int *)at = form;
        return true;
    }
    case FT_WORDS: {
        if (node->type != YAML_SEQUENCE_NODE)
            return fail_at(L, node, "'%s' needs a list of words", f->key);
        int count = 0;
        for (yaml_node_item_t *it = node->data.sequence.items.start; it < node->data.sequence.items.top; it++) {
            yaml_node_t *word = yaml_document_get_node(L->doc, *it);
            if (!want_scalar(L, word, f->key))
                return false;
            if (count == f->min)
                return fail_at(L, word, "'%s' has more than %d words", f->key, f->min);
            if (word->data.scalar.length >= (size_t)f->max || word->data.scalar.length == 0)
                return fail_at(L, word, "a word of '%s' must have 1 to %d characters", f->key, f->max - 1);
            memcpy(at + (size_t)count * (size_t)f->max, scalar(word), word->data.scalar.length + 1);
            count++;
        }
        *(int *)((char *)base + f->count_offset) = count;
        return true;
    }
    case FT_MAP:
        return parse_map(L, node, f->sub, at);
    case FT_LIST: {
        if (node->type != YAML_SEQUENCE_NODE)
            return fail_at(L, node, "'%s' needs a list", f->key);
        int *count = (int *)((char *)base + f->count_offset);
        *count = 0;
        for (yaml_node_item_t *it = node->data.sequence.items.start; it < node->data.sequence.items.top; it++) {
            yaml_node_t *item = yaml_document_get_node(L->doc, *it);
            if (*count == f->max)
                return fail_at(L, item, "'%s' has more than %d entries", f->key, f->max);
            if (!parse_map(L, item, f->sub, at + (size_t)*count * f->item_size))
                return false;
            (*count)++;
        }
        return true;
    }
    }
    return fail_at(L, node, "internal: unknown field type");
}

static void set_default(const Field *f, void *base)
{
    char *at = (char *)base + f->offset;
    switch (f->type) {
    case FT_INT:
    case FT_TRI:
    case FT_ENUM:
    case FT_FORM:
        *(int *)at = f->def;
        break;
    case FT_BOOL:
        *(bool *)at = f->def != 0;
        break;
    case FT_TEXT:
        *at = '\0';
        break;
    case FT_WORDS:
    case FT_LIST:
        *(int *)((char *)base + f->count_offset) = 0;
        break;
    case FT_GAME:
    case FT_MAP:
        break;
    }
}

static bool parse_map(Loader *L, yaml_node_t *map, const Schema *schema, void *base)
{
    if (map->type != YAML_MAPPING_NODE)
        return fail_at(L, map, "%s must be a mapping of keys to values", schema->what);
    yaml_node_t *found[24] = {NULL};
    if (schema->count > 24)
        return fail_at(L, map, "internal: schema %s too large", schema->what);
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *key = yaml_document_get_node(L->doc, p->key);
        if (key->type != YAML_SCALAR_NODE)
            return fail_at(L, key, "keys of %s must be words", schema->what);
        int i = 0;
        while (i < schema->count && strcmp(schema->fields[i].key, scalar(key)) != 0)
            i++;
        if (i == schema->count) {
            char known[RULES_TEXT * 2] = "";
            for (int k = 0; k < schema->count; k++) {
                size_t len = strlen(known);
                snprintf(known + len, sizeof known - len, "%s%s", k ? ", " : "", schema->fields[k].key);
            }
            return fail_at(L, key, "unknown key '%s' in %s (%s)", scalar(key), schema->what, known);
        }
        if (found[i])
            return fail_at(L, key, "key '%s' given twice in %s", scalar(key), schema->what);
        found[i] = yaml_document_get_node(L->doc, p->value);
    }
    for (int i = 0; i < schema->count; i++) {
        const Field *f = &schema->fields[i];
        if (!found[i]) {
            if (f->required)
                return fail_at(L, map, "%s lacks the key '%s'", schema->what, f->key);
            set_default(f, base);
        } else if (!parse_field(L, found[i], f, base)) {
            return false;
        }
    }
    return !schema->check || schema->check(L, map, base);
}

/* ----- the schemas ---------------------------------------------------------- */

#define FIELD(k, t, st, m, ...) {.key = k, .type = t, .offset = offsetof(st, m), __VA_ARGS__}
#define REQ .required = true
#define INT_FIELD(k, st, m, lo, hi) FIELD(k, FT_INT, st, m, .min = lo, .max = hi, REQ)
#define BOOL_FIELD(k, st, m) FIELD(k, FT_BOOL, st, m, REQ)
#define ENUM_FIELD(k, st, m, tbl, cnt) FIELD(k, FT_ENUM, st, m, .names = tbl, .max = cnt, REQ)
#define LEVEL_FIELD(k, lv) {.key = k, .type = FT_INT, .offset = (lv) * sizeof(int), .min = 0, .max = 10, REQ}
#define COUNT(a) ((int)(sizeof(a) / sizeof *(a)))

static bool check_form(Loader *L, yaml_node_t *node, void *base)
{
    RuleForm *form = base;
    RuleSystem *r = L->rules;
    if (find_form(r, form->name))
        return fail_at(L, node, "form '%s' defined twice", form->name);
    for (int w = 0; w < form->word_count; w++)
        if (find_form(r, form->words[w]) || game_type_parse(form->words[w]) != GAME_TYPE_COUNT)
            return fail_at(L, node, "the word '%s' of form '%s' is already taken", form->words[w], form->name);
    return true;
}

static const Field form_fields[] = {
    FIELD("name", FT_TEXT, RuleForm, name, .max = RULES_NAME, REQ),
    FIELD("words", FT_WORDS, RuleForm, words, .min = RULES_MAX_WORDS, .max = RULES_NAME,
          .count_offset = offsetof(RuleForm, word_count)),
    BOOL_FIELD("skat", RuleForm, skat),
    FIELD("values_of", FT_FORM, RuleForm, values_of),
    FIELD("lost_factor", FT_INT, RuleForm, lost_factor, .min = 1, .max = 8),
    FIELD("text", FT_TEXT, RuleForm, text, .max = RULES_TEXT),
};
static const Schema form_schema = {"a forms entry", form_fields, COUNT(form_fields), check_form};

static bool check_game(Loader *L, yaml_node_t *node, void *base)
{
    RuleGame *g = base;
    const RuleSystem *r = L->rules;
    if (g->value < 1)
        return fail_at(L, node, "a games entry needs a value of at least 1");
    if (g->game == GAME_NULL && g->ouvert < 0)
        return fail_at(L, node, "a null entry must say ouvert: true or false (their values differ)");
    if (g->form) {
        const RuleForm *f = &r->forms[g->form - 1];
        if (f->values_of)
            return fail_at(L, node, "form '%s' takes the values of '%s'; it has no entries of its own", f->name,
                           r->forms[f->values_of - 1].name);
        if (g->hand >= 0 && g->hand != !f->skat)
            return fail_at(L, node, "form '%s' %s the skat: hand must be %s", f->name,
                           f->skat ? "takes" : "leaves", f->skat ? "false" : "true");
    }
    return true;
}

static const Field game_fields[] = {
    FIELD("form", FT_FORM, RuleGame, form, .def = 0),
    FIELD("game", FT_GAME, RuleGame, game, REQ),
    FIELD("hand", FT_TRI, RuleGame, hand, .def = -1),
    FIELD("ouvert", FT_TRI, RuleGame, ouvert, .def = -1),
    INT_FIELD("value", RuleGame, value, 1, RULES_MAX_VALUE),
    FIELD("lost_factor", FT_INT, RuleGame, lost_factor, .min = 1, .max = 8),
    FIELD("enabled", FT_BOOL, RuleGame, enabled, .def = 1),
};
static const Schema game_schema = {"a games entry", game_fields, COUNT(game_fields), check_game};

static const Field matador_fields[] = {
    INT_FIELD("max_suit", RuleSystem, matadors_max_suit, 1, 11),
    INT_FIELD("max_grand", RuleSystem, matadors_max_grand, 1, 4),
};
static const Schema matador_schema = {"matadors", matador_fields, COUNT(matador_fields), NULL};

static const Field level_fields[] = {
    LEVEL_FIELD("game", LEVEL_GAME),
    LEVEL_FIELD("hand", LEVEL_HAND),
    LEVEL_FIELD("schneider", LEVEL_SCHNEIDER),
    LEVEL_FIELD("schneider_announced", LEVEL_SCHNEIDER_ANNOUNCED),
    LEVEL_FIELD("schwarz", LEVEL_SCHWARZ),
    LEVEL_FIELD("schwarz_announced", LEVEL_SCHWARZ_ANNOUNCED),
    LEVEL_FIELD("ouvert", LEVEL_OUVERT),
};
static const Schema level_schema = {"levels", level_fields, COUNT(level_fields), NULL};

static const Field spitze_fields[] = {
    {.key = "level", .type = FT_INT, .offset = offsetof(RuleSystem, levels) + LEVEL_SPITZE * sizeof(int),
     .min = 0, .max = 10, REQ},
    INT_FIELD("max", RuleSystem, spitze_max, 0, 7),
};
static const Schema spitze_schema = {"spitze", spitze_fields, COUNT(spitze_fields), NULL};

static bool check_points(Loader *L, yaml_node_t *node, void *base)
{
    RuleSystem *r = base;
    if (r->schneider_points <= r->win_points)
        return fail_at(L, node, "the schneider points (%d) must be above the winning points (%d)",
                       r->schneider_points, r->win_points);
    if (r->schneidered_points >= r->win_points)
        return fail_at(L, node, "schneidered (%d) must be below the winning points (%d)", r->schneidered_points,
                       r->win_points);
    return true;
}

static const Field point_fields[] = {
    INT_FIELD("win", RuleSystem, win_points, 1, 120),
    INT_FIELD("schneider", RuleSystem, schneider_points, 1, 120),
    INT_FIELD("schneidered", RuleSystem, schneidered_points, 0, 119),
};
static const Schema point_schema = {"points", point_fields, COUNT(point_fields), check_points};

static const Field announce_fields[] = {BOOL_FIELD("need_hand", RuleSystem, announce_needs_hand)};
static const Schema announce_schema = {"announcements", announce_fields, COUNT(announce_fields), NULL};

static const Field ouvert_fields[] = {
    BOOL_FIELD("implies_hand", RuleSystem, ouvert_implies_hand),
    BOOL_FIELD("implies_announcements", RuleSystem, ouvert_implies_announcements),
};
static const Schema ouvert_schema = {"ouvert", ouvert_fields, COUNT(ouvert_fields), NULL};

static const Field lost_fields[] = {
    INT_FIELD("skat_game_factor", RuleSystem, lost_skat_factor, 1, 8),
    INT_FIELD("hand_game_factor", RuleSystem, lost_hand_factor, 1, 8),
    BOOL_FIELD("count_declarer_schneider", RuleSystem, lost_counts_schneider),
    BOOL_FIELD("count_declarer_schwarz", RuleSystem, lost_counts_schwarz),
};
static const Schema lost_schema = {"lost", lost_fields, COUNT(lost_fields), NULL};

static const Field overbid_fields[] = {
    ENUM_FIELD("loss", RuleSystem, overbid, overbid_names, OVERBID_KIND_COUNT),
    ENUM_FIELD("null", RuleSystem, null_overbid, null_overbid_names, NULL_OVERBID_COUNT),
};
static const Schema overbid_schema = {"overbid", overbid_fields, COUNT(overbid_fields), NULL};

static const Field bid_fields[] = {
    INT_FIELD("minimum", RuleSystem, min_bid, 1, RULES_MAX_VALUE),
    ENUM_FIELD("ladder", RuleSystem, ladder, ladder_names, LADDER_KIND_COUNT),
    FIELD("step", FT_INT, RuleSystem, ladder_step, .min = 1, .max = 100, .def = 1),
};
static const Schema bid_schema = {"bids", bid_fields, COUNT(bid_fields), NULL};

static const Field doubling_fields[] = {
    FIELD("name", FT_TEXT, RuleDoubling, name, .max = RULES_NAME, REQ),
    INT_FIELD("factor", RuleDoubling, factor, 1, 10),
};
static const Schema doubling_schema = {"a doubling entry", doubling_fields, COUNT(doubling_fields), NULL};

static bool check_ramsch(Loader *L, yaml_node_t *node, void *base)
{
    RamschRules *r = base;
    if (r->enabled && r->mode == RAMSCH_WINNER && r->winner_points == 0)
        return fail_at(L, node, "a ramsch scored for the winner needs winner_points");
    return true;
}

static const Field ramsch_fields[] = {
    BOOL_FIELD("enabled", RamschRules, enabled),
    FIELD("scoring", FT_ENUM, RamschRules, mode, .names = ramsch_mode_names, .max = RAMSCH_MODE_COUNT),
    FIELD("skat_to", FT_ENUM, RamschRules, skat_to, .names = skat_to_names, .max = SKAT_TO_COUNT),
    FIELD("winner_points", FT_INT, RamschRules, winner_points, .min = 0, .max = 1000),
    FIELD("no_trick_points", FT_INT, RamschRules, no_trick_points, .min = 0, .max = 1000),
    FIELD("jungfrau_factor", FT_INT, RamschRules, jungfrau_factor, .min = 1, .max = 8, .def = 1),
    FIELD("durchmarsch_points", FT_INT, RamschRules, durchmarsch_points, .min = -1000, .max = 1000),
    FIELD("push_factor", FT_INT, RamschRules, push_factor, .min = 1, .max = 8, .def = 1),
    FIELD("max_pushes", FT_INT, RamschRules, max_pushes, .min = 0, .max = 3),
    FIELD("push_jacks", FT_BOOL, RamschRules, push_jacks),
    FIELD("tie", FT_ENUM, RamschRules, tie, .names = tie_names, .max = TIE_KIND_COUNT),
    FIELD("three_way_tie", FT_ENUM, RamschRules, three_way_tie, .names = tie_names, .max = TIE_KIND_COUNT),
};
static const Schema ramsch_schema = {"ramsch", ramsch_fields, COUNT(ramsch_fields), check_ramsch};

static const Field scheme_fields[] = {
    FIELD("name", FT_TEXT, TournamentScheme, name, .max = RULES_NAME, REQ),
    INT_FIELD("won", TournamentScheme, won, -1000, 1000),
    INT_FIELD("lost", TournamentScheme, lost, -1000, 1000),
    INT_FIELD("defenders_3", TournamentScheme, defenders_3, -1000, 1000),
    INT_FIELD("defenders_4", TournamentScheme, defenders_4, -1000, 1000),
    INT_FIELD("dealer_4", TournamentScheme, dealer_4, -1000, 1000),
    FIELD("matador_bonus_above", FT_INT, TournamentScheme, matador_bonus_above, .min = 0, .max = 11),
    FIELD("matador_bonus", FT_INT, TournamentScheme, matador_bonus, .min = -1000, .max = 1000),
};
static const Schema scheme_schema = {"a tournament entry", scheme_fields, COUNT(scheme_fields), NULL};

static bool check_rules(Loader *L, yaml_node_t *node, void *base);

static const Field rule_fields[] = {
    FIELD("title", FT_TEXT, RuleSystem, title, .max = RULES_TEXT, REQ),
    FIELD("source", FT_TEXT, RuleSystem, source, .max = RULES_TEXT, REQ),
    FIELD("forms", FT_LIST, RuleSystem, forms, .sub = &form_schema, .max = RULES_MAX_FORMS,
          .item_size = sizeof(RuleForm), .count_offset = offsetof(RuleSystem, form_count), REQ),
    FIELD("games", FT_LIST, RuleSystem, games, .sub = &game_schema, .max = RULES_MAX_GAMES,
          .item_size = sizeof(RuleGame), .count_offset = offsetof(RuleSystem, game_count), REQ),
    {.key = "matadors", .type = FT_MAP, .offset = 0, .sub = &matador_schema, REQ},
    FIELD("levels", FT_MAP, RuleSystem, levels, .sub = &level_schema, REQ),
    {.key = "spitze", .type = FT_MAP, .offset = 0, .sub = &spitze_schema, REQ},
    {.key = "points", .type = FT_MAP, .offset = 0, .sub = &point_schema, REQ},
    {.key = "announcements", .type = FT_MAP, .offset = 0, .sub = &announce_schema, REQ},
    {.key = "ouvert", .type = FT_MAP, .offset = 0, .sub = &ouvert_schema, REQ},
    {.key = "lost", .type = FT_MAP, .offset = 0, .sub = &lost_schema, REQ},
    {.key = "overbid", .type = FT_MAP, .offset = 0, .sub = &overbid_schema, REQ},
    {.key = "bids", .type = FT_MAP, .offset = 0, .sub = &bid_schema, REQ},
    FIELD("doubling", FT_LIST, RuleSystem, doubling, .sub = &doubling_schema, .max = RULES_MAX_DOUBLING,
          .item_size = sizeof(RuleDoubling), .count_offset = offsetof(RuleSystem, doubling_count), REQ),
    FIELD("ramsch", FT_MAP, RuleSystem, ramsch, .sub = &ramsch_schema, REQ),
    FIELD("tournament", FT_LIST, RuleSystem, schemes, .sub = &scheme_schema, .max = RULES_MAX_SCHEMES,
          .item_size = sizeof(TournamentScheme), .count_offset = offsetof(RuleSystem, scheme_count), REQ),
};
static const Schema rule_schema = {"a rule file", rule_fields, COUNT(rule_fields), check_rules};

/* The whole file: values stay within RULES_MAX_VALUE; the tables are usable. */
static bool check_rules(Loader *L, yaml_node_t *node, void *base)
{
    RuleSystem *r = base;
    if (r->game_count == 0)
        return fail_at(L, node, "the games table is empty");
    if (r->scheme_count == 0)
        return fail_at(L, node, "no tournament scheme (give at least one under 'tournament')");
    int levels = r->levels[LEVEL_SPITZE] * r->spitze_max;
    for (int l = 0; l < LEVEL_SPITZE; l++)
        levels += r->levels[l];
    for (int i = 0; i < r->game_count; i++) {
        const RuleGame *g = &r->games[i];
        int max = g->game == GAME_NULL ? g->value
                                       : g->value * ((g->game == GAME_GRAND ? r->matadors_max_grand
                                                                            : r->matadors_max_suit) + levels);
        if (max > RULES_MAX_VALUE)
            return fail_at(L, node, "games entry %d can be worth %d, more than %d", i + 1, max, RULES_MAX_VALUE);
    }
    return true;
}

/* ----- loading ------------------------------------------------------------- */

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static void base_name(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    const char *start = slash ? slash + 1 : path;
    size_t len = strlen(start);
    if (ends_with(start, ".yaml"))
        len -= 5;
    if (len >= n)
        len = n - 1;
    memcpy(out, start, len);
    out[len] = '\0';
}

/* False with a message when the document in text nests deeper or is larger
 * than any rule file needs (libyaml would take minutes or gigabytes over it). */
static bool flat_enough(const char *path, const char *text, size_t size, char *err, size_t n)
{
    YamlDepth guard;
    yaml_mark_t m;
    if (!yaml_depth_init(&guard, text, size)) {
        snprintf(err, n, "%s: out of memory", path);
        return false;
    }
    bool ok = yaml_depth_next(&guard, &m);
    yaml_depth_delete(&guard);
    if (!ok)
        snprintf(err, n, "%s:%lu:%lu: %s", path, (unsigned long)m.line + 1, (unsigned long)m.column + 1,
                 guard.problem);
    return ok;
}

/* Parses a rule file's text (one YAML document) into out. */
static bool load_text(const char *path, const char *text, size_t size, RuleSystem *out, char *err, size_t n)
{
    if (!flat_enough(path, text, size, err, n))
        return false;
    yaml_parser_t parser;
    yaml_document_t doc;
    bool ok = false;
    if (!yaml_parser_initialize(&parser)) {
        snprintf(err, n, "%s: out of memory", path);
        return false;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, size);
    if (!yaml_parser_load(&parser, &doc)) {
        snprintf(err, n, "%s:%lu:%lu: %s%s%s", path, (unsigned long)parser.problem_mark.line + 1,
                 (unsigned long)parser.problem_mark.column + 1, parser.problem ? parser.problem : "YAML error",
                 parser.context ? " " : "", parser.context ? parser.context : "");
    } else {
        yaml_node_t *root = yaml_document_get_root_node(&doc);
        if (!root) {
            snprintf(err, n, "%s: empty rule file", path);
        } else {
            Loader L = {.file = path, .doc = &doc, .rules = out, .err = err, .n = n};
            ok = parse_map(&L, root, &rule_schema, out);
        }
        yaml_document_delete(&doc);
    }
    yaml_parser_delete(&parser);
    return ok;
}

/* A name without a rules directory: the built-in file, parsed as if read. */
static bool load_builtin(const char *name, RuleSystem *out, char *err, size_t n)
{
    const BuiltinRules *b = rules_builtin_find(name);
    if (!b) {
        snprintf(err, n, "unknown rule system '%s' (skatdd rules lists them)", name);
        return false;
    }
    memset(out, 0, sizeof *out);
    snprintf(out->file, sizeof out->file, "%s" RULES_BUILTIN_SUFFIX, b->name);
    snprintf(out->name, sizeof out->name, "%s", b->name);
    return load_text(out->file, b->text, b->size, out, err, n);
}

bool rules_load(const char *name_or_path, const char *rules_dir, RuleSystem *out, char *err, size_t n)
{
    char path[RULES_PATH];
    bool is_path = strchr(name_or_path, '/') || ends_with(name_or_path, ".yaml");
    if (!*name_or_path) {
        snprintf(err, n, "empty rule system name");
        return false;
    }
    if (!is_path && !rules_dir)
        return load_builtin(name_or_path, out, err, n);
    if ((size_t)snprintf(path, sizeof path, is_path ? "%s%s" : "%s/%s.yaml", is_path ? "" : rules_dir,
                         name_or_path) >= sizeof path) {
        snprintf(err, n, "rule file name too long");
        return false;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (is_path)
            snprintf(err, n, "%s: cannot open: %s", path, strerror(errno));
        else
            snprintf(err, n, "unknown rule system '%s' (skatdd rules lists them)", name_or_path);
        return false;
    }
    memset(out, 0, sizeof *out);
    snprintf(out->file, sizeof out->file, "%s", path);
    base_name(path, out->name, sizeof out->name);

    size_t size;
    const char *problem;
    char *text = slurp_stream(f, &size, &problem);
    fclose(f);
    if (!text) {
        snprintf(err, n, "%s: cannot read: %s", path, problem);
        return false;
    }
    bool ok = load_text(path, text, size, out, err, n);
    free(text);
    return ok;
}

/* ----- listing ------------------------------------------------------------- */

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Prints one rule system's line of the listing; true when it loads. */
static bool list_one(const char *name, const char *path, RuleSystem *r, FILE *out)
{
    char msg[RULES_TEXT * 2];
    if (r && rules_load(path ? path : name, NULL, r, msg, sizeof msg)) {
        fprintf(out, "%-10s %s\n", name, r->title);
        return true;
    }
    fprintf(out, "%-10s error: %s\n", name, r ? msg : "out of memory");
    return false;
}

int rules_list(const char *rules_dir, FILE *out, char *err, size_t n)
{
    int loaded = 0;
    RuleSystem *r = malloc(sizeof *r);
    if (!rules_dir) {
        for (int i = 0; i < rules_builtin_count(); i++)
            loaded += list_one(rules_builtin_at(i)->name, NULL, r, out);
        free(r);
        return loaded;
    }
    DIR *dir = opendir(rules_dir);
    if (!dir) {
        snprintf(err, n, "%s: cannot read the rules directory: %s", rules_dir, strerror(errno));
        free(r);
        return -1;
    }
    char *names[256];
    int count = 0;
    struct dirent *e;
    while ((e = readdir(dir)) && count < 256) {
        if (e->d_name[0] == '.' || !ends_with(e->d_name, ".yaml"))
            continue;
        names[count] = strdup(e->d_name);
        if (names[count])
            count++;
    }
    closedir(dir);
    qsort(names, (size_t)count, sizeof *names, compare_names);
    for (int i = 0; i < count; i++) {
        char path[RULES_PATH], name[RULES_NAME];
        snprintf(path, sizeof path, "%s/%s", rules_dir, names[i]);
        base_name(names[i], name, sizeof name);
        loaded += list_one(name, path, r, out);
        free(names[i]);
    }
    free(r);
    return loaded;
}

/* ----- contracts ----------------------------------------------------------- */

const char *rules_form_name(const RuleSystem *rules, int form)
{
    return form > 0 && form <= rules->form_count ? rules->forms[form - 1].name : "";
}

/* The form whose entries give a contract's values. */
static int value_form(const RuleSystem *r, int form)
{
    if (form > 0 && form <= r->form_count && r->forms[form - 1].values_of)
        return r->forms[form - 1].values_of;
    return form;
}

static bool tri_matches(int pattern, bool value)
{
    return pattern < 0 || pattern == (int)value;
}

const RuleGame *rules_find_game(const RuleSystem *rules, const Contract *c)
{
    int form = value_form(rules, c->form);
    for (int i = 0; i < rules->game_count; i++) {
        const RuleGame *g = &rules->games[i];
        if (g->enabled && g->form == form && g->game == c->game && tri_matches(g->hand, c->hand) &&
            tri_matches(g->ouvert, c->ouvert))
            return g;
    }
    return NULL;
}

int rules_lost_factor(const RuleSystem *rules, const Contract *c)
{
    const RuleGame *g = rules_find_game(rules, c);
    if (g && g->lost_factor)
        return g->lost_factor;
    if (c->form > 0 && c->form <= rules->form_count && rules->forms[c->form - 1].lost_factor)
        return rules->forms[c->form - 1].lost_factor;
    return c->hand ? rules->lost_hand_factor : rules->lost_skat_factor;
}

bool rules_check_contract(const RuleSystem *rules, const Contract *in, Contract *out, char *err, size_t n)
{
    Contract c = *in;
    char name[RULES_TEXT];
    if ((unsigned)c.game >= GAME_TYPE_COUNT) {
        snprintf(err, n, "not a game");
        return false;
    }
    if (c.form < 0 || c.form > rules->form_count) {
        snprintf(err, n, "the %s rules have no such contract form", rules->name);
        return false;
    }
    if (c.form) {
        const RuleForm *f = &rules->forms[c.form - 1];
        if (f->skat && c.hand) {
            snprintf(err, n, "a %s takes the skat: it cannot be played hand", f->name);
            return false;
        }
        if (!f->skat)
            c.hand = true;
    }
    if (c.game == GAME_NULL) {
        if (c.schneider_announced || c.schwarz_announced) {
            snprintf(err, n, "a null game has no schneider or schwarz to announce");
            return false;
        }
    } else {
        if (c.ouvert && rules->ouvert_implies_announcements)
            c.schneider_announced = c.schwarz_announced = true;
        if (c.ouvert && rules->ouvert_implies_hand) {
            if (c.form && rules->forms[c.form - 1].skat) {
                snprintf(err, n, "an ouvert game is a hand game: a %s cannot be ouvert", rules->forms[c.form - 1].name);
                return false;
            }
            c.hand = true;
        }
        if (c.schwarz_announced)
            c.schneider_announced = true;
        if (c.schneider_announced && !c.hand && rules->announce_needs_hand) {
            snprintf(err, n, "%s announced in a game that is not a hand game (the %s rules allow announcements "
                     "only in hand games)", c.schwarz_announced ? "schwarz" : "schneider", rules->name);
            return false;
        }
    }
    if (!rules_find_game(rules, &c)) {
        snprintf(err, n, "the %s rules have no game '%s'", rules->name,
                 rules_contract_name(rules, &c, name, sizeof name));
        return false;
    }
    *out = c;
    return true;
}


/* Without a form word: the one form with which the contract is allowed. */
static bool guess_form(const RuleSystem *r, Contract *c, const char *text, char *err, size_t n)
{
    bool fits[RULES_MAX_FORMS + 1] = {false};
    int count = 0, last = 0;
    for (int f = 1; f <= r->form_count; f++) {
        Contract probe = *c, checked;
        char why[RULES_TEXT];
        probe.form = f;
        if (rules_check_contract(r, &probe, &checked, why, sizeof why)) {
            fits[f] = true;
            count++;
            last = f;
        }
    }
    if (count == 1) {
        c->form = last;
        return true;
    }
    if (count == 0) {
        snprintf(err, n, "the %s rules have no game '%s'", r->name, text);
        return false;
    }
    snprintf(err, n, "'%s' is ambiguous in the %s rules: say ", text, r->name);
    int said = 0;
    for (int f = 1; f <= r->form_count; f++)
        if (fits[f])
            text_append(err, n, "%s%s", said++ == 0 ? "" : said == count ? " or " : ", ", r->forms[f - 1].name);
    return false;
}

bool rules_parse_contract(const RuleSystem *rules, const char *text, Contract *out, char *err, size_t n)
{
    char buf[RULES_TEXT];
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
        int form = find_form(rules, w);
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
            for (int f = 0; f < rules->form_count; f++)
                text_append(err, n, ", %s", rules->forms[f].name);
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
    if (!c.form && rules->form_count > 0 && !guess_form(rules, &c, text, err, n))
        return false;
    return rules_check_contract(rules, &c, out, err, n);
}

const char *rules_contract_name(const RuleSystem *rules, const Contract *c, char *out, size_t n)
{
    bool suit_or_grand = c->game != GAME_NULL;
    bool form_hand = c->form > 0 && c->form <= rules->form_count && !rules->forms[c->form - 1].skat;
    bool hand_implied = form_hand || (c->ouvert && suit_or_grand && rules->ouvert_implies_hand);
    bool announce_implied = c->ouvert && rules->ouvert_implies_announcements;
    out[0] = '\0';
    if (c->form)
        text_append(out, n, "%s ", rules_form_name(rules, c->form));
    text_append(out, n, "%s", game_type_name(c->game));
    if (c->ouvert)
        text_append(out, n, " ouvert");
    if (c->hand && !hand_implied)
        text_append(out, n, " hand");
    if (suit_or_grand && !announce_implied)
        text_append(out, n, "%s", c->schwarz_announced ? " schwarz" : c->schneider_announced ? " schneider" : "");
    return out;
}

const TournamentScheme *rules_find_scheme(const RuleSystem *rules, const char *name)
{
    if (rules->scheme_count == 0)
        return NULL;
    if (!name || !*name)
        return &rules->schemes[0];
    for (int i = 0; i < rules->scheme_count; i++)
        if (strcmp(rules->schemes[i].name, name) == 0)
            return &rules->schemes[i];
    return NULL;
}

/* ----- description --------------------------------------------------------- */

static const char *const tie_words[TIE_KIND_COUNT] = {
    "all of them", "the one who took the later last trick", "forehand", "nobody",
};

/* "single", "double", "3 times" ... into buf. */
static const char *times_word(int factor, char *buf, size_t n)
{
    static const char *const words[] = {"never", "single", "double", "triple"};
    if (factor >= 0 && factor < 4)
        return words[factor];
    snprintf(buf, n, "%d times", factor);
    return buf;
}

static void describe_game(const RuleSystem *r, const RuleGame *g, FILE *out)
{
    fprintf(out, "    %s%s%s%s%s %d", g->form ? rules_form_name(r, g->form) : "", g->form ? " " : "",
            game_type_name(g->game), g->ouvert == 1 ? " ouvert" : "", g->hand == 1 ? " hand" : "", g->value);
    if (g->game != GAME_NULL)
        fprintf(out, " per level");
    char buf[32];
    if (g->lost_factor)
        fprintf(out, ", lost %s", times_word(g->lost_factor, buf, sizeof buf));
    if (!g->enabled)
        fprintf(out, " (disabled)");
    fprintf(out, "\n");
}

static const char *yes_no(bool b, const char *yes, const char *no)
{
    return b ? yes : no;
}

void rules_describe(const RuleSystem *r, FILE *out)
{
    char buf[32], buf2[32];
    fprintf(out, "%s: %s\n", r->name, r->title);
    fprintf(out, "  file: %s\n  source: %s\n", r->file, r->source);
    if (r->form_count) {
        fprintf(out, "  contract forms:\n");
        for (int f = 0; f < r->form_count; f++) {
            const RuleForm *form = &r->forms[f];
            fprintf(out, "    %s: %s", form->name, form->skat ? "takes the skat" : "a hand game (skat untouched)");
            if (form->values_of)
                fprintf(out, ", values of %s", r->forms[form->values_of - 1].name);
            if (form->lost_factor)
                fprintf(out, ", lost %s", times_word(form->lost_factor, buf, sizeof buf));
            if (form->text[0])
                fprintf(out, "; %s", form->text);
            fprintf(out, "\n");
        }
    }
    fprintf(out, "  base values (the first entry that fits a contract counts):\n");
    for (int i = 0; i < r->game_count; i++)
        describe_game(r, &r->games[i], out);
    fprintf(out, "  matadors: with or without, counted over the declarer's ten cards and the skat, at most %d in a "
                 "suit game and %d in grand, one level each\n",
            r->matadors_max_suit, r->matadors_max_grand);
    fprintf(out, "  levels:");
    for (int l = 0; l < LEVEL_SPITZE; l++)
        fprintf(out, "%s %s %d", l ? "," : "", level_names[l], r->levels[l]);
    fprintf(out, "\n");
    fprintf(out, "  winning: the declarer needs %d card points, skat included; schneider with %d or more; the "
                 "declarer is schneider with %d or fewer\n",
            r->win_points, r->schneider_points, r->schneidered_points);
    fprintf(out, "  announcements: schneider and schwarz may be announced %s\n",
            yes_no(r->announce_needs_hand, "only in hand games", "in any game, after picking up the skat too"));
    fprintf(out, "  ouvert (suit and grand): %s, %s\n",
            yes_no(r->ouvert_implies_hand, "a hand game", "with or without the skat"),
            yes_no(r->ouvert_implies_announcements, "schneider and schwarz announced (every trick needed)",
                   "no announcements implied"));
    fprintf(out, "  lost games: skat games count %s, hand games %s; in the loss the declarer's own "
                 "schneider %s and schwarz %s; a missed announcement counts at the announced level\n",
            times_word(r->lost_skat_factor, buf, sizeof buf), times_word(r->lost_hand_factor, buf2, sizeof buf2), yes_no(r->lost_counts_schneider, "counts", "does not count"),
            yes_no(r->lost_counts_schwarz, "counts", "does not count"));
    fprintf(out, "  overbid: lost with the lowest multiple of the base value %s the bid (reaching schneider or "
                 "schwarz may still cover it)\n",
            r->overbid == OVERBID_MULTIPLE_ABOVE ? "above" : "not below");
    fprintf(out, "  null below the bid: %s\n",
            r->null_overbid == NULL_OVERBID_NOT_ALLOWED ? "may not be declared"
                                                        : "lost with the lowest multiple of its value not below the bid");
    int ladder[1024];
    int count = bid_ladder(r, ladder, 1024);
    fprintf(out, "  bids: from %d, %s: %d values", r->min_bid,
            r->ladder == LADDER_GAME_VALUES ? "every value some game can reach" : "any whole number", count);
    if (r->ladder == LADDER_INTEGERS && r->ladder_step > 1)
        fprintf(out, " (step %d)", r->ladder_step);
    for (int i = 0; i < count && i < 1024; i++) {
        if (i == 12 && count > 16) {
            /* Not ladder[count - 1]: a ladder longer than the buffer (high
             * game values) is stored only in part. */
            fprintf(out, " ... %d", bid_ceiling(r, RULES_MAX_VALUE));
            break;
        }
        fprintf(out, "%s%d", i ? " " : ": ", ladder[i]);
    }
    fprintf(out, "\n  doubling:");
    if (!r->doubling_count)
        fprintf(out, " none");
    for (int i = 0; i < r->doubling_count; i++)
        fprintf(out, "%s %s x%d", i ? "," : "", r->doubling[i].name, r->doubling[i].factor);
    fprintf(out, "\n");
    if (r->spitze_max)
        fprintf(out, "  spitze: up to %d announced, %d level%s each\n", r->spitze_max, r->levels[LEVEL_SPITZE],
                r->levels[LEVEL_SPITZE] == 1 ? "" : "s");
    else
        fprintf(out, "  spitze: none\n");
    const RamschRules *ra = &r->ramsch;
    if (!ra->enabled) {
        fprintf(out, "  ramsch: not played (all pass: the cards are thrown in)\n");
    } else {
        fprintf(out, "  ramsch: when all pass; skat to %s; ",
                ra->skat_to == SKAT_TO_LAST_TRICK ? "the winner of the last trick" : "the loser");
        if (ra->mode == RAMSCH_WINNER)
            fprintf(out, "fewest card points scores %d (%d without a trick)", ra->winner_points, ra->no_trick_points);
        else
            fprintf(out, "most card points loses them, x%d per Jungfrau", ra->jungfrau_factor);
        fprintf(out, "; all tricks (Durchmarsch) %+d", ra->durchmarsch_points);
        if (ra->max_pushes)
            fprintf(out, "; Schieberamsch: up to %d pushes, x%d each, jacks %s", ra->max_pushes, ra->push_factor,
                    ra->push_jacks ? "may be pushed" : "may not be pushed");
        fprintf(out, "; two tied: %s; three tied: %s\n", tie_words[ra->tie], tie_words[ra->three_way_tie]);
    }
    for (int i = 0; i < r->scheme_count; i++) {
        const TournamentScheme *s = &r->schemes[i];
        fprintf(out, "  tournament %s%s: won %+d, lost %+d; per lost game each defender %+d at a table of three, "
                     "%+d at four (dealer %+d)",
                s->name, i == 0 ? " (default)" : "", s->won, s->lost, s->defenders_3, s->defenders_4, s->dealer_4);
        if (s->matador_bonus)
            fprintf(out, "; %+d per matador without above %d", s->matador_bonus, s->matador_bonus_above);
        fprintf(out, "\n");
    }
}
