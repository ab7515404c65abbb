#include "rules.h"
#include "notation.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gamevalue.h"
#include "rules_builtin.h"
#include "slurp.h"
#include "text.h"
#include "yamlschema.h"
#include "yamlvalue.h"

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
static const char *const unreachable_names[] = {"not_allowed", "lost"};
static const char *const ladder_names[] = {"game_values", "integers"};
static const char *const ramsch_mode_names[] = {"loser", "winner"};
static const char *const skat_to_names[] = {"last_trick", "loser"};
static const char *const tie_names[] = {"all", "later_trick_loses", "forehand", "none"};

int rules_find_form(const RuleSystem *r, const char *word)
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

/* ----- the schemas ---------------------------------------------------------- */

#define FIELD(k, t, st, m, ...) {.key = k, .type = t, .offset = offsetof(st, m), __VA_ARGS__}
#define REQ .required = true
#define INT_FIELD(k, st, m, lo, hi) FIELD(k, FT_INT, st, m, .min = lo, .max = hi, REQ)
#define BOOL_FIELD(k, st, m) FIELD(k, FT_BOOL, st, m, REQ)
#define ENUM_FIELD(k, st, m, tbl, cnt) FIELD(k, FT_ENUM, st, m, .names = tbl, .max = cnt, REQ)
#define LEVEL_FIELD(k, lv) {.key = k, .type = FT_INT, .offset = (lv) * sizeof(int), .min = 0, .max = 10, REQ}
#define COUNT(a) ((int)(sizeof(a) / sizeof *(a)))

static int game_lookup(const SchemaLoader *L, const char *word)
{
    (void)L;
    GameType g = game_type_parse(word);
    return g == GAME_TYPE_COUNT ? -1 : (int)g;
}

static int form_lookup(const SchemaLoader *L, const char *word)
{
    int form = rules_find_form(L->target, word);
    return form ? form : -1;
}

#define GAME_WORD .lookup = game_lookup, .unknown = "unknown game '%s' (clubs, spades, hearts, diamonds, grand, null)"
#define FORM_WORD .lookup = form_lookup, .unknown = "unknown form '%s' (forms must be defined under 'forms' first)"

/* A word of the contract grammar (a game or modifier, English or German):
 * a form called so could never be read. */
static bool contract_grammar_word(const char *word)
{
    return contract_game_parse(word) != GAME_TYPE_COUNT || contract_word_parse(word) >= 0;
}

/* A name is one word: contracts, doubling calls and schemes are named by it
 * (a blank one, a tab or a line break the schema refuses: FT_TEXT). */
static bool check_name(SchemaLoader *L, yaml_node_t *node, const char *what, const char *name)
{
    if (strchr(name, ' '))
        return schema_fail(L, node, "a %s '%s': a name is one word", what, name);
    return true;
}

static bool check_form(SchemaLoader *L, yaml_node_t *node, void *base)
{
    RuleForm *form = base;
    RuleSystem *r = L->target;
    if (!check_name(L, node, "form", form->name))
        return false;
    if (rules_find_form(r, form->name))
        return schema_fail(L, node, "form '%s' defined twice", form->name);
    if (contract_grammar_word(form->name))
        return schema_fail(L, node, "form '%s' is named by a word of every contract", form->name);
    for (int w = 0; w < form->word_count; w++)
        if (rules_find_form(r, form->words[w]) || contract_grammar_word(form->words[w]))
            return schema_fail(L, node, "the word '%s' of form '%s' is already taken", form->words[w], form->name);
    /* Values are looked up one step: a form taking them from one that takes
     * them from a third would find no entry, and no contract of it could be
     * played. */
    if (form->values_of && r->forms[form->values_of - 1].values_of) {
        const RuleForm *via = &r->forms[form->values_of - 1];
        return schema_fail(L, node, "form '%s' takes the values of '%s', which takes those of '%s': name '%s'",
                           form->name, via->name, r->forms[via->values_of - 1].name,
                           r->forms[via->values_of - 1].name);
    }
    return true;
}

static const Field form_fields[] = {
    FIELD("name", FT_TEXT, RuleForm, name, .max = RULES_NAME, REQ),
    FIELD("words", FT_WORDS, RuleForm, words, .min = RULES_MAX_WORDS, .max = RULES_NAME,
          .count_offset = offsetof(RuleForm, word_count)),
    BOOL_FIELD("skat", RuleForm, skat),
    FIELD("values_of", FT_WORD, RuleForm, values_of, FORM_WORD),
    FIELD("lost_factor", FT_INT, RuleForm, lost_factor, .min = 1, .max = 8),
    FIELD("text", FT_TEXT, RuleForm, text, .max = RULES_TEXT),
};
static const Schema form_schema = {"a forms entry", form_fields, COUNT(form_fields), check_form};

/* An entry's pattern as the file writes it: "{form: solo, game: null, ouvert: true}". */
static const char *game_pattern(const RuleSystem *r, const RuleGame *g, char *out, size_t n)
{
    static const char *const tri[] = {"false", "true"};
    snprintf(out, n, "{");
    if (g->form)
        text_append(out, n, "form: %s, ", r->forms[g->form - 1].name);
    text_append(out, n, "game: %s", game_type_name(g->game));
    if (g->hand >= 0)
        text_append(out, n, ", hand: %s", tri[g->hand]);
    if (g->ouvert >= 0)
        text_append(out, n, ", ouvert: %s", tri[g->ouvert]);
    text_append(out, n, "}");
    return out;
}

/* Whether every contract that fits later also fits earlier (an absent hand
 * or ouvert fits both). */
static bool pattern_covers(const RuleGame *earlier, const RuleGame *later)
{
    return earlier->form == later->form && earlier->game == later->game &&
           (earlier->hand < 0 || earlier->hand == later->hand) &&
           (earlier->ouvert < 0 || earlier->ouvert == later->ouvert);
}

/* The first enabled entry that fits a contract counts: an enabled entry that
 * an earlier enabled one covers would never count, so its value (the one the
 * author meant, more often than not) would be silently ignored. */
static bool check_game_reachable(SchemaLoader *L, yaml_node_t *node, const RuleGame *g)
{
    const RuleSystem *r = L->target;
    char mine[RULES_TEXT], theirs[RULES_TEXT];
    if (!g->enabled)
        return true;
    for (const RuleGame *e = r->games; e < g; e++) {
        if (!e->enabled || !pattern_covers(e, g))
            continue;
        int first = (int)(e - r->games) + 1, again = (int)(g - r->games) + 1;
        if (e->hand == g->hand && e->ouvert == g->ouvert)
            return schema_fail(L, node, "the game %s is given twice in games (entries %d and %d)",
                               game_pattern(r, g, mine, sizeof mine), first, again);
        return schema_fail(L, node, "games entry %d %s never counts: entry %d %s before it fits every contract "
                           "it fits (the first entry that fits counts)",
                           again, game_pattern(r, g, mine, sizeof mine), first,
                           game_pattern(r, e, theirs, sizeof theirs));
    }
    return true;
}

static bool check_game(SchemaLoader *L, yaml_node_t *node, void *base)
{
    RuleGame *g = base;
    const RuleSystem *r = L->target;
    if (g->value < 1)
        return schema_fail(L, node, "a games entry needs a value of at least 1");
    if (g->game == GAME_NULL && g->ouvert < 0)
        return schema_fail(L, node, "a null entry must say ouvert: true or false (their values differ)");
    if (g->form) {
        const RuleForm *f = &r->forms[g->form - 1];
        if (f->values_of)
            return schema_fail(L, node, "form '%s' takes the values of '%s'; it has no entries of its own", f->name,
                           r->forms[f->values_of - 1].name);
        if (g->hand >= 0 && g->hand != !f->skat)
            return schema_fail(L, node, "form '%s' %s the skat: hand must be %s", f->name,
                           f->skat ? "takes" : "leaves", f->skat ? "false" : "true");
    }
    return check_game_reachable(L, node, g);
}

static const Field game_fields[] = {
    FIELD("form", FT_WORD, RuleGame, form, FORM_WORD, .def = 0),
    FIELD("game", FT_WORD, RuleGame, game, GAME_WORD, REQ),
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

static bool check_points(SchemaLoader *L, yaml_node_t *node, void *base)
{
    RuleSystem *r = base;
    if (r->schneider_points <= r->win_points)
        return schema_fail(L, node, "the schneider points (%d) must be above the winning points (%d)",
                       r->schneider_points, r->win_points);
    if (r->schneidered_points >= r->win_points)
        return schema_fail(L, node, "schneidered (%d) must be below the winning points (%d)", r->schneidered_points,
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
    /* Optional, unlike its neighbours: it came later, and a rule file
     * written before it gets what every rule text here says (ISkO, Texas
     * rule 7 sec 2, North American Skat), not a silent first choice. */
    FIELD("unreachable", FT_ENUM, RuleSystem, unreachable, .names = unreachable_names, .max = UNREACHABLE_COUNT,
          .def = UNREACHABLE_NOT_ALLOWED),
};
static const Schema overbid_schema = {"overbid", overbid_fields, COUNT(overbid_fields), NULL};

/* A ladder without a value would let nobody bid, and every deal's table
 * would show no ceiling: a minimum above every game's value is a slip.  The
 * games, levels and implications the ladder is made of come before bids. */
static bool check_bids(SchemaLoader *L, yaml_node_t *node, void *base)
{
    RuleSystem *r = base;
    /* A step of game values would be silently ignored. */
    if (r->ladder_step && r->ladder != LADDER_INTEGERS)
        return schema_fail(L, node, "'step' applies to ladder: integers only (game values have no step)");
    if (!r->ladder_step)
        r->ladder_step = 1;
    /* No games at all: check_rules says so, where the games are. */
    if (r->game_count == 0 || bid_ladder(r, NULL, 0) > 0)
        return true;
    int min_bid = r->min_bid;
    r->min_bid = 1;
    int highest = bid_ceiling(r, RULES_MAX_VALUE);
    r->min_bid = min_bid;
    return schema_fail(L, node, "no game can be bid: the minimum bid %d is above every value a game can reach (the "
                       "highest is %d)", min_bid, highest);
}

static const Field bid_fields[] = {
    INT_FIELD("minimum", RuleSystem, min_bid, 1, RULES_MAX_VALUE),
    ENUM_FIELD("ladder", RuleSystem, ladder, ladder_names, LADDER_KIND_COUNT),
    FIELD("step", FT_INT, RuleSystem, ladder_step, .min = 1, .max = 100, .def = 0), /* 0: not given */
};
static const Schema bid_schema = {"bids", bid_fields, COUNT(bid_fields), check_bids};

static const Field doubling_fields[] = {
    FIELD("name", FT_TEXT, RuleDoubling, name, .max = RULES_NAME, REQ),
    INT_FIELD("factor", RuleDoubling, factor, 1, 10),
};
/* A list entry's name: one word, and not an earlier entry's (any case).
 * Entries lie stride bytes apart from the list's first one, their names the
 * names of their structs. */
static bool check_entry_name(SchemaLoader *L, yaml_node_t *node, const char *what, const char *first,
                             size_t stride, const char *name)
{
    if (!check_name(L, node, what, name))
        return false;
    for (const char *other = first; other < name; other += stride)
        if (strcasecmp(other, name) == 0)
            return schema_fail(L, node, "%s '%s' defined twice", what, name);
    return true;
}

static bool check_doubling(SchemaLoader *L, yaml_node_t *node, void *base)
{
    const RuleSystem *r = L->target;
    /* A deal's kontra: takes false, true or a number as well as a call's
     * name: a call named "false" or "2" would be read as the other. */
    const char *name = ((const RuleDoubling *)base)->name;
    ScalarKind kind = yaml_value_text_kind(name);
    if (kind != SCALAR_STRING)
        return schema_fail(L, node, "doubling call '%s': a deal's kontra: would read it as %s, not as the call's name",
                           name, kind == SCALAR_INT ? "a number of doublings" : "false, true or nothing");
    return check_entry_name(L, node, "doubling call", r->doubling[0].name, sizeof r->doubling[0], name);
}
static const Schema doubling_schema = {"a doubling entry", doubling_fields, COUNT(doubling_fields), check_doubling};

enum { RAMSCH_UNSET = -1000000 }; /* a ramsch key not given: outside every range */

/* An enabled Ramsch names how it is scored: a key left out would be read
 * as 0 or the first choice (scored for the loser, a Durchmarsch worth
 * nothing, a winner without a trick scoring 0), which no rule text plays.
 * A key of another way of scoring (jungfrau_factor when the winner scores,
 * push_factor without pushes) would be silently ignored: refused too.  A
 * Ramsch that is not played may say anything, as a disabled games entry. */
static bool check_ramsch(SchemaLoader *L, yaml_node_t *node, void *base)
{
    RamschRules *r = base;
    bool winner = r->mode == RAMSCH_WINNER;
    struct {
        const char *key;
        int *value;
        bool applies, needed; /* may be given; must be given */
        int absent;           /* what it is when not given */
    } keys[] = {
        {"scoring", (int *)&r->mode, true, true, 0},
        {"skat_to", (int *)&r->skat_to, true, true, 0},
        {"durchmarsch_points", &r->durchmarsch_points, true, true, 0},
        {"tie", (int *)&r->tie, true, true, 0},
        {"three_way_tie", (int *)&r->three_way_tie, true, true, 0},
        {"winner_points", &r->winner_points, winner, winner, 0},
        {"no_trick_points", &r->no_trick_points, winner, winner, 0},
        {"jungfrau_factor", &r->jungfrau_factor, !winner, false, 1},
        {"push_factor", &r->push_factor, r->max_pushes > 0, false, 1},
    };
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        bool given = *keys[i].value != RAMSCH_UNSET;
        if (r->enabled && !given && keys[i].needed)
            return schema_fail(L, node, "ramsch lacks the key '%s' (enabled: true%s)", keys[i].key,
                               winner ? ", scoring: winner" : "");
        if (r->enabled && given && !keys[i].applies)
            return schema_fail(L, node, "ramsch: '%s' does not apply %s", keys[i].key,
                               keys[i].value == &r->push_factor ? "without pushes (max_pushes: 0)"
                               : winner                          ? "when the winner scores (scoring: winner)"
                                                                 : "when the loser pays (scoring: loser)");
        if (!given)
            *keys[i].value = keys[i].absent;
    }
    if (r->enabled && winner && r->winner_points == 0)
        return schema_fail(L, node, "a ramsch scored for the winner needs winner_points");
    return true;
}

static const Field ramsch_fields[] = {
    BOOL_FIELD("enabled", RamschRules, enabled),
    FIELD("scoring", FT_ENUM, RamschRules, mode, .names = ramsch_mode_names, .max = RAMSCH_MODE_COUNT,
          .def = RAMSCH_UNSET),
    FIELD("skat_to", FT_ENUM, RamschRules, skat_to, .names = skat_to_names, .max = SKAT_TO_COUNT,
          .def = RAMSCH_UNSET),
    FIELD("winner_points", FT_INT, RamschRules, winner_points, .min = 0, .max = 1000, .def = RAMSCH_UNSET),
    FIELD("no_trick_points", FT_INT, RamschRules, no_trick_points, .min = 0, .max = 1000, .def = RAMSCH_UNSET),
    FIELD("jungfrau_factor", FT_INT, RamschRules, jungfrau_factor, .min = 1, .max = 8, .def = RAMSCH_UNSET),
    FIELD("durchmarsch_points", FT_INT, RamschRules, durchmarsch_points, .min = -1000, .max = 1000,
          .def = RAMSCH_UNSET),
    FIELD("push_factor", FT_INT, RamschRules, push_factor, .min = 1, .max = 8, .def = RAMSCH_UNSET),
    FIELD("max_pushes", FT_INT, RamschRules, max_pushes, .min = 0, .max = 3),
    FIELD("push_jacks", FT_BOOL, RamschRules, push_jacks),
    FIELD("tie", FT_ENUM, RamschRules, tie, .names = tie_names, .max = TIE_KIND_COUNT, .def = RAMSCH_UNSET),
    FIELD("three_way_tie", FT_ENUM, RamschRules, three_way_tie, .names = tie_names, .max = TIE_KIND_COUNT,
          .def = RAMSCH_UNSET),
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
static bool check_scheme(SchemaLoader *L, yaml_node_t *node, void *base)
{
    const RuleSystem *r = L->target;
    return check_entry_name(L, node, "tournament scheme", r->schemes[0].name, sizeof r->schemes[0],
                            ((const TournamentScheme *)base)->name);
}
static const Schema scheme_schema = {"a tournament entry", scheme_fields, COUNT(scheme_fields), check_scheme};

static bool check_rules(SchemaLoader *L, yaml_node_t *node, void *base);

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

/* The largest factor a lost game's value is multiplied by. */
static int64_t most_lost_factor(const RuleSystem *r)
{
    int most = r->lost_skat_factor > r->lost_hand_factor ? r->lost_skat_factor : r->lost_hand_factor;
    for (int i = 0; i < r->form_count; i++)
        most = r->forms[i].lost_factor > most ? r->forms[i].lost_factor : most;
    for (int i = 0; i < r->game_count; i++)
        most = r->games[i].lost_factor > most ? r->games[i].lost_factor : most;
    return most;
}

/* Every doubling call made, and a Bock round's once more. */
static int64_t most_doubling(const RuleSystem *r)
{
    int64_t product = 1;
    for (int i = 0; i < r->doubling_count; i++)
        product *= r->doubling[i].factor;
    int bock = rules_doubling_index(r, "bock");
    return bock < 0 ? product : product * r->doubling[bock].factor;
}

/* The worst score: a game worth most lost overbid at the highest bid (the
 * bid's multiple of its base is at most bid + base), by the largest lost
 * factor, with every doubling.  Scores are ints: a file whose calls would
 * overflow one (six calls of factor 10 on a grand worth 2400 made the won
 * game score -1769803776) is refused. */
static bool check_score_range(SchemaLoader *L, yaml_node_t *node, const RuleSystem *r, int most_worth)
{
    int64_t worst = (int64_t)(RULES_MAX_VALUE + most_worth) * most_lost_factor(r) * most_doubling(r);
    if (worst > RULES_MAX_SCORE)
        return schema_fail(L, node,
                           "a game can score %" PRId64 " (worth %d, lost overbid, by every doubling call), more "
                           "than %d: smaller doubling factors or game values",
                           worst, most_worth, RULES_MAX_SCORE);
    return true;
}

/* Whether some games entry (enabled or not: disabled is a choice) could
 * give form a value: one of the form whose values it takes, open to its
 * hand games or its skat games. */
static bool form_has_entry(const RuleSystem *r, int form)
{
    const RuleForm *f = &r->forms[form - 1];
    int values = f->values_of ? f->values_of : form;
    for (int i = 0; i < r->game_count; i++)
        if (r->games[i].form == values && (r->games[i].hand < 0 || r->games[i].hand == !f->skat))
            return true;
    return false;
}

/* Item i of the list under key, for a message about that entry: the list,
 * or the whole file, where it is not there. */
static const yaml_node_t *list_item_at(const SchemaLoader *L, const yaml_node_t *map, const char *key, int i)
{
    const yaml_node_t *list = schema_value_at(L, map, key);
    if (list->type != YAML_SEQUENCE_NODE || i >= list->data.sequence.items.top - list->data.sequence.items.start)
        return list;
    return yaml_document_get_node(L->doc, list->data.sequence.items.start[i]);
}

/* The whole file: values stay within RULES_MAX_VALUE, scores within
 * RULES_MAX_SCORE; the tables are usable. */
static bool check_rules(SchemaLoader *L, yaml_node_t *node, void *base)
{
    RuleSystem *r = base;
    if (r->game_count == 0)
        return schema_fail(L, schema_value_at(L, node, "games"), "the games table is empty");
    for (int f = 1; f <= r->form_count; f++)
        if (!form_has_entry(r, f))
            return schema_fail(L, list_item_at(L, node, "forms", f - 1),
                               "form '%s' has no games entry%s: no contract of it could be played",
                               r->forms[f - 1].name, r->forms[f - 1].skat ? " for skat games" : " for hand games");
    if (r->scheme_count == 0)
        return schema_fail(L, schema_value_at(L, node, "tournament"),
                           "no tournament scheme (give at least one under 'tournament')");
    int levels = r->levels[LEVEL_SPITZE] * r->spitze_max;
    for (int l = 0; l < LEVEL_SPITZE; l++)
        levels += r->levels[l];
    int most_worth = 0;
    for (int i = 0; i < r->game_count; i++) {
        const RuleGame *g = &r->games[i];
        int max = g->game == GAME_NULL ? g->value
                                       : g->value * ((g->game == GAME_GRAND ? r->matadors_max_grand
                                                                            : r->matadors_max_suit) + levels);
        if (max > RULES_MAX_VALUE)
            return schema_fail(L, list_item_at(L, node, "games", i), "games entry %d can be worth %d, more than %d",
                               i + 1, max, RULES_MAX_VALUE);
        most_worth = max > most_worth ? max : most_worth;
    }
    return check_score_range(L, node, r, most_worth);
}

/* ----- loading ------------------------------------------------------------- */

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* The system's name: its file's, without folder and ".yaml", made fit to
 * show (text_shown_clean): JSON cannot hold bytes that are no UTF-8, and a
 * folder's file names may hold escape sequences. */
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
    text_shown_clean(out);
}

/* A name without a rules directory: the built-in file, parsed as if read. */
static ReadResult load_builtin(const char *name, RuleSystem *out, char *err, size_t n)
{
    const BuiltinRules *b = rules_builtin_find(name);
    if (!b) {
        snprintf(err, n, "unknown rule system '%s' (skatdd rules lists them)", name);
        return READ_REFUSED;
    }
    memset(out, 0, sizeof *out);
    snprintf(out->file, sizeof out->file, "%s" RULES_BUILTIN_SUFFIX, b->name);
    snprintf(out->name, sizeof out->name, "%s", b->name);
    return schema_load_text(out->file, b->text, b->size, &rule_schema, out, "rule file", err, n);
}

bool rules_is_path(const char *name_or_path)
{
    return strchr(name_or_path, '/') || ends_with(name_or_path, ".yaml");
}

bool rules_file_path(const char *name_or_path, const char *rules_dir, char *out, size_t n)
{
    bool is_path = rules_is_path(name_or_path);
    if (!is_path && !rules_dir)
        return false;
    return (size_t)snprintf(out, n, is_path ? "%s%s" : "%s/%s.yaml", is_path ? "" : rules_dir, name_or_path) < n;
}

ReadResult rules_read(const char *name_or_path, const char *rules_dir, RuleSystem *out, char *err, size_t n)
{
    char path[RULES_PATH];
    bool is_path = rules_is_path(name_or_path);
    if (!*name_or_path) {
        snprintf(err, n, "empty rule system name");
        return READ_REFUSED;
    }
    if (!is_path && !rules_dir)
        return load_builtin(name_or_path, out, err, n);
    if (!rules_file_path(name_or_path, rules_dir, path, sizeof path)) {
        snprintf(err, n, "rule file name too long");
        return READ_REFUSED;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        int why = errno;
        if (is_path || why == ENOMEM)
            snprintf(err, n, "%s: cannot open: %s", path, strerror(why));
        else
            snprintf(err, n, "unknown rule system '%s' (skatdd rules lists them)", name_or_path);
        return why == ENOMEM ? READ_NO_MEMORY : READ_REFUSED;
    }
    memset(out, 0, sizeof *out);
    snprintf(out->file, sizeof out->file, "%s", path);
    base_name(path, out->name, sizeof out->name);

    size_t size;
    const char *problem;
    char *text = slurp_stream(f, &size, &problem);
    int why = errno;
    fclose(f);
    if (!text) {
        snprintf(err, n, "%s: cannot read: %s", path, problem);
        return why == ENOMEM ? READ_NO_MEMORY : READ_REFUSED;
    }
    ReadResult result = schema_load_text(path, text, size, &rule_schema, out, "rule file", err, n);
    free(text);
    return result;
}

bool rules_load(const char *name_or_path, const char *rules_dir, RuleSystem *out, char *err, size_t n)
{
    return rules_read(name_or_path, rules_dir, out, err, n) == READ_OK;
}


/* ----- listing ------------------------------------------------------------- */

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One listed rule system: loaded from name_or_path, or why not. */
static void list_one(RuleListing *l, const char *name_or_path, RuleSystem *r)
{
    ReadResult read = r ? rules_read(name_or_path, NULL, r, l->text, sizeof l->text) : READ_NO_MEMORY;
    l->loaded = read == READ_OK;
    l->out_of_memory = read == READ_NO_MEMORY;
    if (l->loaded)
        snprintf(l->text, sizeof l->text, "%s", r->title);
    else if (l->out_of_memory)
        snprintf(l->text, sizeof l->text, "out of memory");
    else
        text_shown_clean(l->text); /* the message names the file */
}

static void free_names(char **names, int count)
{
    for (int i = 0; i < count; i++)
        free(names[i]);
    free(names);
}

/* Every *.yaml name of an open directory, sorted; NULL without memory. */
static char **yaml_names(DIR *dir, int *count)
{
    int cap = 16;
    char **names = malloc((size_t)cap * sizeof *names);
    *count = 0;
    for (struct dirent *e; names && (e = readdir(dir)) != NULL;) {
        if (e->d_name[0] == '.' || !ends_with(e->d_name, ".yaml"))
            continue;
        char **grown = *count < cap ? names : realloc(names, (size_t)(cap *= 2) * sizeof *names);
        if (!grown || !(grown[*count] = strdup(e->d_name))) {
            free_names(grown ? grown : names, *count);
            return NULL;
        }
        names = grown;
        (*count)++;
    }
    if (names)
        qsort(names, (size_t)*count, sizeof *names, compare_names);
    return names;
}

int rules_list(const char *rules_dir, RuleListing *out, int max, char *err, size_t n)
{
    RuleSystem *r = malloc(sizeof *r);
    if (!rules_dir) {
        int count = rules_builtin_count() < max ? rules_builtin_count() : max;
        for (int i = 0; i < count; i++) {
            snprintf(out[i].name, sizeof out[i].name, "%s", rules_builtin_at(i)->name);
            list_one(&out[i], out[i].name, r);
        }
        free(r);
        return count;
    }
    DIR *dir = opendir(rules_dir);
    if (!dir) {
        int why = errno;
        snprintf(err, n, "%s: cannot read the rules directory: %s", rules_dir, strerror(why));
        free(r);
        return why == ENOMEM ? -2 : -1;
    }
    /* All names first: the first max by name are listed, not the first
     * readdir happens to return. */
    int count;
    char **names = yaml_names(dir, &count);
    closedir(dir);
    if (!names) {
        snprintf(err, n, "%s: out of memory listing the rules directory", rules_dir);
        free(r);
        return -2;
    }
    for (int i = 0; i < count && i < max; i++) {
        char path[RULES_PATH];
        snprintf(path, sizeof path, "%s/%s", rules_dir, names[i]);
        base_name(names[i], out[i].name, sizeof out[i].name);
        list_one(&out[i], path, r);
    }
    free_names(names, count);
    free(r);
    return count;
}

int rules_doubling_index(const RuleSystem *rules, const char *name)
{
    for (int i = 0; i < rules->doubling_count; i++)
        if (strcasecmp(rules->doubling[i].name, name) == 0)
            return i;
    return -1;
}
