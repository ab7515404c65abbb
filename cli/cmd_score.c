#include <string.h>

#include "commands.h"
#include "common.h"
#include "scoretext.h"
#include "deal.h"
#include "runner.h"
#include "gamevalue.h"
#include "scoring.h"
#include "rulecontract.h"

static const char score_help[] =
    "usage: skatdd score [OPTIONS] FILE...\n"
    "\n"
    "Scores finished games: the deal, declarer, contract, discard (skat games) and\n"
    "the full play of ten tricks (contract: ramsch, when all passed, with no\n"
    "declarer and optional pushes: for Schieberamsch), or instead of the play the\n"
    "result as\n"
    "declarer_points and declarer_tricks; optional bid and kontra.  Prints who\n"
    "won, the game value with its multiplier, the score for the declarer\n"
    "(negative when lost, overbid rule included) and the tournament score (a\n"
    "Ramsch: each player's).  A suit or grand game that cannot reach the bid by\n"
    "any outcome (skat games: with the twelve cards; hand games: with any skat)\n"
    "is refused as no valid game where the rules say so (overbid: unreachable).\n"
    "\n"
    "options:\n"
    "  --rules NAME|FILE   rule system (default: the deal's rules:, else isko)\n"
    "  --scheme NAME       tournament scoring: seeger-fabian, texas-match-points\n"
    "                      (default: the rule system's first)\n"
    "  --table-size 3|4    players at the table, for tournament scoring (default 3)\n"
    "  --format text|json  text (default) or one JSON object per game and line\n"
    "  --help              this help\n";

typedef struct {
    const char *scheme;
    int table_size;
} ScoreOptions;

static bool score_option(void *ctx, const char *command, const char *name, const char *value)
{
    ScoreOptions *s = ctx;
    if (strcmp(name, "scheme") == 0) {
        /* An empty name chose the rules' first scheme as if none was given. */
        if (!value || !*value) {
            cli_error("skatdd %s: --scheme needs the name of a tournament scheme of the rules (skatdd rules "
                      "NAME lists them)", command);
            return false;
        }
        s->scheme = value;
    }
    if (strcmp(name, "table-size") == 0) {
        if (!parse_whole_int(value, 3, 4, &s->table_size)) {
            cli_error("skatdd %s: --table-size must be 3 or 4", command);
            return false;
        }
    }
    return true;
}

static const ExtraOption score_options[] = {{"scheme", true, VALUE_TEXT}, {"table-size", true, VALUE_WHOLE}, {NULL, false, VALUE_TEXT}};

/* The declarer's points and tricks: from the full play, or as given. */
static bool game_result(const Deal *d, int *points, int *tricks, char *err, size_t n)
{
    if (d->play_count == DEAL_MAX_PLAY) {
        Position pos;
        deal_position(d, &pos);
        *points = pos.declarer_points;
        *tricks = pos.declarer_tricks;
        return true;
    }
    if (d->play_count == 0 && d->has_declarer_points && d->has_declarer_tricks) {
        *points = d->declarer_points;
        *tricks = d->declarer_tricks;
        return true;
    }
    snprintf(err, n, "%s:%d:%d: score needs the full play of 30 cards (%d given), or declarer_points and "
                     "declarer_tricks",
             d->file, d->mark.line, d->mark.column, d->play_count);
    return false;
}

static void print_text(const Deal *d, const RuleSystem *rules, const GamePlay *play, const GameScore *g,
                       const TournamentScore *t, const char *scheme, int table_size)
{
    char name[RULES_TEXT], text[SCORE_TEXT];
    if (d->name[0])
        printf("%s\n", d->name);
    printf("%s by %s", rules_contract_name(rules, &play->contract, name, sizeof name), seat_name(d->declarer));
    if (play->bid)
        printf(", bid %d", play->bid);
    if (play->doubling)
        printf(", doubled %d time%s", play->doubling, play->doubling > 1 ? "s" : "");
    if (play->bock)
        printf(", in a Bock round");
    if (play->spitze == 1)
        printf(", Spitze announced%s", play->spitze_made ? " and made" : ", not made");
    else if (play->spitze)
        printf(", %d Spitzen announced%s", play->spitze, play->spitze_made ? " and made" : ", not made");
    printf(" (%s rules)\n", rules->name);
    if (play->contract.game == GAME_NULL)
        printf("Result: the declarer took %d trick%s: %s\n", play->declarer_tricks,
               play->declarer_tricks == 1 ? "" : "s", g->won ? "won" : "lost");
    else
        printf("Result: %d card points, %d trick%s: %s%s\n", play->declarer_points, play->declarer_tricks,
               play->declarer_tricks == 1 ? "" : "s", g->won ? "won" : "lost", g->overbid ? " (overbid)" : "");
    printf("Value: %s\n", score_text(rules, g, text, sizeof text));
    printf("Score: %+d\n", g->score);
    printf("Tournament (%s): declarer %+d, each defender %+d", scheme, t->declarer, t->defender);
    if (table_size == 4)
        printf(", the dealer sitting out %+d", t->dealer);
    printf("\n\n");
}

static void print_json(const Deal *d, const RuleSystem *rules, const GamePlay *play, const GameScore *g,
                       const TournamentScore *t, const char *scheme, int table_size)
{
    char name[RULES_TEXT], text[SCORE_TEXT];
    json_t *o = json_object();
    json_object_set_new(o, "name", d->name[0] ? json_string(d->name) : json_null());
    json_object_set_new(o, "rules", json_string(rules->name));
    json_object_set_new(o, "contract", json_string(rules_contract_name(rules, &play->contract, name, sizeof name)));
    json_object_set_new(o, "declarer", json_string(seat_name(d->declarer)));
    json_object_set_new(o, "valid", json_boolean(g->valid));
    json_object_set_new(o, "won", json_boolean(g->won));
    json_object_set_new(o, "game_value", json_integer(g->value));
    json_object_set_new(o, "score", json_integer(g->score));
    json_object_set_new(o, "declarer_points", json_integer(play->declarer_points));
    json_object_set_new(o, "declarer_tricks", json_integer(play->declarer_tricks));
    json_object_set_new(o, "conceded", json_boolean(play->conceded));
    json_object_set_new(o, "spitze", json_integer(play->spitze));
    json_object_set_new(o, "spitze_made", play->spitze ? json_boolean(play->spitze_made) : json_null());
    json_object_set_new(o, "matadors", json_integer(g->matadors));
    json_object_set_new(o, "with_matadors", json_boolean(g->with_matadors));
    json_object_set_new(o, "multiplier", json_integer(g->multiplier));
    json_object_set_new(o, "overbid", json_boolean(g->overbid));
    json_object_set_new(o, "bid", play->bid ? json_integer(play->bid) : json_null());
    json_object_set_new(o, "breakdown", json_string(score_text(rules, g, text, sizeof text)));
    json_t *tj = json_object();
    json_object_set_new(tj, "scheme", json_string(scheme));
    json_object_set_new(tj, "declarer", json_integer(t->declarer));
    json_object_set_new(tj, "defender", json_integer(t->defender));
    json_object_set_new(tj, "table_size", json_integer(table_size));
    json_object_set_new(tj, "dealer", table_size == 4 ? json_integer(t->dealer) : json_null());
    json_object_set_new(o, "tournament", tj);
    json_print_line(o);
}

/* The --scheme chosen (or the rule system's first): a deal's rules: may name
 * a system without it, so it is looked up per deal. */
static const TournamentScheme *chosen_scheme(const RuleSystem *rules, const ScoreOptions *so)
{
    const TournamentScheme *scheme = rules_find_scheme(rules, so->scheme);
    if (!scheme) {
        char names[256] = "";
        size_t used = 0;
        for (int i = 0; i < rules->scheme_count && used < sizeof names; i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", rules->schemes[i].name);
        cli_error("skatdd score: --scheme %s: the %s rules have no such tournament scheme (%s)", so->scheme,
                  rules->name, names);
    }
    return scheme;
}

/* A Ramsch's tournament points by the chosen scheme: each game won or lost
 * counts as a declarer's (Texas rule 6: "a game won", "a game lost"). */
static bool ramsch_tournament(const Deal *d, const RuleSystem *rules, const ScoreOptions *so, const RamschScore *r,
                              const TournamentScheme **scheme, int points[SEAT_COUNT], int *dealer)
{
    char err[512];
    *scheme = chosen_scheme(rules, so);
    if (!*scheme)
        return false;
    if (!tournament_ramsch_score(*scheme, r, so->table_size, points, dealer, err, sizeof err)) {
        cli_error("%s:%d:%d: %s", d->file, d->mark.line, d->mark.column, err);
        return false;
    }
    return true;
}

static json_t *ramsch_tournament_json(const TournamentScheme *scheme, const int points[SEAT_COUNT], int dealer,
                                      int table_size)
{
    json_t *t = json_object();
    json_object_set_new(t, "scheme", json_string(scheme->name));
    for (int s = 0; s < SEAT_COUNT; s++)
        json_object_set_new(t, seat_name(s), json_integer(points[s]));
    json_object_set_new(t, "table_size", json_integer(table_size));
    json_object_set_new(t, "dealer", table_size == 4 ? json_integer(dealer) : json_null());
    return t;
}

/* A Ramsch scored: its play, the score, and the tournament points. */
typedef struct {
    RamschPlay play;
    RamschScore score;
    const TournamentScheme *scheme;
    int tournament[SEAT_COUNT], dealer;
} RamschResult;

/* The full play replayed and scored; false after saying why it cannot be. */
static bool ramsch_result(const Deal *d, const RuleSystem *rules, const ScoreOptions *so, RamschResult *out)
{
    char err[512];
    if (d->play_count != DEAL_MAX_PLAY) {
        cli_error("%s:%d:%d: a ramsch is scored from the full play of 30 cards (%d given)", d->file,
                  d->mark.line, d->mark.column, d->play_count);
        return false;
    }
    ramsch_replay(d->hands, d->skat, d->pushes, d->play, d->play_count, &out->play);
    if (!ramsch_score(rules, &out->play, &out->score, err, sizeof err)) {
        cli_error("%s:%d:%d: %s", d->file, d->contract_mark.line, d->contract_mark.column, err);
        return false;
    }
    return ramsch_tournament(d, rules, so, &out->score, &out->scheme, out->tournament, &out->dealer);
}

static void ramsch_print_json(const Deal *d, const RuleSystem *rules, const RamschResult *r, int table_size)
{
    char text[SCORE_TEXT];
    json_t *j = json_object(), *points = json_object(), *tricks = json_object(), *scores = json_object();
    json_object_set_new(j, "name", d->name[0] ? json_string(d->name) : json_null());
    json_object_set_new(j, "rules", json_string(rules->name));
    json_object_set_new(j, "contract", json_string("ramsch"));
    for (int s = 0; s < SEAT_COUNT; s++) {
        json_object_set_new(points, seat_name(s), json_integer(r->score.points[s]));
        json_object_set_new(tricks, seat_name(s), json_integer(r->play.tricks[s]));
        json_object_set_new(scores, seat_name(s), json_integer(r->score.scores[s]));
    }
    json_object_set_new(j, "points", points);
    json_object_set_new(j, "tricks", tricks);
    json_object_set_new(j, "scores", scores);
    json_object_set_new(j, "durchmarsch", json_boolean(r->score.durchmarsch));
    json_object_set_new(j, "jungfrauen", json_integer(r->score.jungfrauen));
    json_object_set_new(j, "breakdown", json_string(ramsch_text(&r->score, text, sizeof text)));
    json_object_set_new(j, "tournament", ramsch_tournament_json(r->scheme, r->tournament, r->dealer, table_size));
    json_print_line(j);
}

static void ramsch_print_text(const Deal *d, const RuleSystem *rules, const RamschResult *r, int table_size)
{
    char text[SCORE_TEXT];
    if (d->name[0])
        printf("%s\n", d->name);
    printf("Ramsch (%s rules)%s\n", rules->name, d->pushes ? ", skat pushed on" : "");
    for (int s = 0; s < SEAT_COUNT; s++)
        printf("  %-11s %3d card points, %2d trick%s %+d\n", seat_name(s), r->score.points[s], r->play.tricks[s],
               r->play.tricks[s] == 1 ? ": " : "s:", r->score.scores[s]);
    printf("  %s\n", ramsch_text(&r->score, text, sizeof text));
    printf("Tournament (%s):", r->scheme->name);
    for (int s = 0; s < SEAT_COUNT; s++)
        printf("%s %s %+d", s ? "," : "", seat_name(s), r->tournament[s]);
    if (table_size == 4)
        printf(", the dealer sitting out %+d", r->dealer);
    printf("\n\n");
}

static int score_ramsch(const CommonOptions *o, const ScoreOptions *so, const Deal *d, const RuleSystem *rules)
{
    RamschResult r;
    if (!ramsch_result(d, rules, so, &r))
        return EXIT_BAD_INPUT;
    if (o->format == FORMAT_JSON)
        ramsch_print_json(d, rules, &r, so->table_size);
    else
        ramsch_print_text(d, rules, &r, so->table_size);
    return EXIT_OK;
}

typedef struct {
    const CommonOptions *common;
    ScoreOptions options;
} ScoreRun;

/* The game as played, from the deal's contract, calls and play (or result);
 * false after saying what is wrong with it. */
static bool read_game_play(const Deal *d, const RuleSystem *rules, GamePlay *play)
{
    char err[512];
    if (!deal_require_game(d, err, sizeof err)) {
        cli_error("%s", err);
        return false;
    }
    *play = (GamePlay){.cards = d->hands[d->declarer] | d->skat, .skat = d->skat, .bid = d->bid,
                       .doubling = d->kontra, .bock = d->bock, .conceded = d->conceded,
                       .forced = d->played};
    if (!rules_check_contract(rules, &d->contract, &play->contract, err, sizeof err)) {
        cli_error("%s:%d:%d: %s", d->file, d->contract_mark.line, d->contract_mark.column, err);
        return false;
    }
    if (!game_result(d, &play->declarer_points, &play->declarer_tricks, err, sizeof err)) {
        cli_error("%s", err);
        return false;
    }
    if (d->spitze && d->play_count < DEAL_MAX_PLAY) { /* made or not is in the last tricks */
        cli_error("%s:%d:%d: spitze: whether the Spitze was made needs the full play of 30 cards", d->file,
                  d->spitze_mark.line, d->spitze_mark.column);
        return false;
    }
    play->spitze = d->spitze;
    play->spitze_made = d->spitze && gamevalue_spitze_made(play->contract.game, d->declarer, d->play, d->spitze);
    return true;
}

/* Scores one deal; returns the exit status. */
static int score_deal(void *ctx, const Deal *d, const RuleSystem *rules)
{
    const ScoreRun *run = ctx;
    const CommonOptions *o = run->common;
    const ScoreOptions *so = &run->options;
    char err[512];
    if (d->ramsch)
        return score_ramsch(o, so, d, rules);
    GamePlay play;
    if (!read_game_play(d, rules, &play))
        return EXIT_BAD_INPUT;
    GameScore g;
    if (!gamevalue_score(rules, &play, &g)) {
        char text[SCORE_TEXT];
        cli_error("%s:%d:%d: not a valid game: %s", d->file, d->mark.line, d->mark.column,
                  score_text(rules, &g, text, sizeof text));
        return EXIT_BAD_INPUT;
    }
    const TournamentScheme *scheme = chosen_scheme(rules, so);
    if (!scheme)
        return EXIT_BAD_INPUT;
    TournamentScore t = {0};
    if (!tournament_score(scheme, &g, so->table_size, &t, err, sizeof err)) {
        cli_error("skatdd score: %s", err);
        return EXIT_BAD_INPUT;
    }
    if (o->format == FORMAT_JSON)
        print_json(d, rules, &play, &g, &t, scheme->name, so->table_size);
    else
        print_text(d, rules, &play, &g, &t, scheme->name, so->table_size);
    return EXIT_OK;
}

/* The common options score uses; the others are refused. */
static const unsigned score_common = COMMON_FORMAT | COMMON_RULES;

int cmd_score(int argc, char **argv)
{
    CommonOptions o;
    ScoreRun run = {.common = &o, .options = {.table_size = 3}};
    int status;
    int first =
        command_start(argc, argv, &o, score_help, score_common, score_options, score_option, &run.options, &status);
    o.iss_play = -1; /* an ISS record is scored as played */
    for (int i = first; first > 0 && i < argc && status != EXIT_INTERNAL; i++) /* a bad file does not stop the others */
        status = exit_status_worse(status, for_each_deal(&o, argv[i], score_deal, &run));
    return status;
}
