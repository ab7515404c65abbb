#include "scoring.h"
#include "notation.h"
#include "position.h"


#include <stdio.h>
#include <string.h>

static bool table_bonus(const TournamentScheme *s, int table_size, int *defender, int *dealer, char *err, size_t n)
{
    if (table_size == 3) {
        *defender = s->defenders_3;
        *dealer = 0;
        return true;
    }
    if (table_size == 4) {
        *defender = s->defenders_4;
        *dealer = s->dealer_4;
        return true;
    }
    snprintf(err, n, "a tournament table has 3 or 4 players, not %d", table_size);
    return false;
}

bool tournament_score(const TournamentScheme *s, const GameScore *game, int table_size, TournamentScore *out,
                      char *err, size_t n)
{
    memset(out, 0, sizeof *out);
    int defender_bonus, dealer_bonus;
    if (!game->valid) {
        snprintf(err, n, "the game is not valid: %s", game->reason);
        return false;
    }
    if (!table_bonus(s, table_size, &defender_bonus, &dealer_bonus, err, n))
        return false;
    out->won_lost = game->won ? s->won : s->lost;
    out->declarer = game->score + out->won_lost;
    int extra = game->with_matadors ? 0 : game->matadors - s->matador_bonus_above;
    if (game->won && s->matador_bonus && game->matadors > 0 && extra > 0) {
        out->matadors_without = extra;
        out->declarer += extra * s->matador_bonus;
    }
    if (!game->won) {
        out->defender = defender_bonus;
        out->dealer = dealer_bonus;
    }
    return true;
}

/* ----- Ramsch -------------------------------------------------------------- */

void ramsch_replay(const CardSet hands[SEAT_COUNT], CardSet skat, int pushes, const int *play, int count,
                   RamschPlay *out)
{
    Position pos = {.game = GAME_GRAND, .leader = SEAT_FOREHAND};
    memcpy(pos.hands, hands, sizeof pos.hands);
    *out = (RamschPlay){.skat_points = set_points(skat), .pushes = pushes};
    for (int i = 0; i < count; i++) {
        int points = position_points_left(&pos);
        int winner = position_play(&pos, play[i]);
        if (winner < 0)
            continue;
        out->points[winner] += points - position_points_left(&pos);
        out->tricks[winner]++;
        out->last_trick[winner] = i / 3 + 1;
    }
}

static bool check_ramsch(const RuleSystem *r, const RamschPlay *p, char *err, size_t n)
{
    if (!r->ramsch.enabled) {
        snprintf(err, n, "the %s rules have no Ramsch", r->name);
        return false;
    }
    int tricks = 0, points = p->skat_points, tenth = 0;
    if (p->skat_points < 0 || p->skat_points > 22) {
        snprintf(err, n, "the skat holds 0 to 22 card points, not %d", p->skat_points);
        return false;
    }
    for (int s = 0; s < SEAT_COUNT; s++) {
        if (p->tricks[s] < 0 || p->tricks[s] > 10 || p->points[s] < 0 || p->last_trick[s] < 0 ||
            p->last_trick[s] > 10 || (p->tricks[s] == 0) != (p->last_trick[s] == 0) ||
            p->last_trick[s] < p->tricks[s] || (p->tricks[s] == 0 && p->points[s] > 0)) {
            snprintf(err, n, "%s: inconsistent tricks (%d), card points (%d) or last trick (%d)", seat_name(s),
                     p->tricks[s], p->points[s], p->last_trick[s]);
            return false;
        }
        for (int t = 0; t < s; t++)
            if (p->last_trick[s] && p->last_trick[s] == p->last_trick[t]) {
                snprintf(err, n, "%s and %s cannot both have taken trick %d", seat_name(t), seat_name(s),
                         p->last_trick[s]);
                return false;
            }
        tricks += p->tricks[s];
        points += p->points[s];
        tenth += p->last_trick[s] == 10;
    }
    if (tricks != 10 || points != 120 || tenth != 1) {
        snprintf(err, n, "a Ramsch has 10 tricks (%d given), 120 card points with the skat (%d) and one last "
                 "trick", tricks, points);
        return false;
    }
    if (p->pushes < 0 || p->pushes > r->ramsch.max_pushes) {
        snprintf(err, n, "%d pushes, but the %s rules allow %d", p->pushes, r->name, r->ramsch.max_pushes);
        return false;
    }
    return true;
}

/* Which of the tied players (tied[seat]) the tie rule picks: the losers in
 * loser mode, the winners in winner mode. */
static void break_tie(RamschTie rule, const RamschPlay *p, const bool tied[SEAT_COUNT], bool picked[SEAT_COUNT],
                      bool pick_later)
{
    int chosen = -1;
    for (int s = 0; s < SEAT_COUNT; s++) {
        picked[s] = false;
        if (!tied[s])
            continue;
        switch (rule) {
        case TIE_ALL:
            picked[s] = true;
            break;
        case TIE_FOREHAND:
            if (chosen < 0)
                chosen = s;
            break;
        case TIE_LATER_TRICK_LOSES:
            if (chosen < 0 || (pick_later ? p->last_trick[s] > p->last_trick[chosen]
                                          : p->last_trick[s] < p->last_trick[chosen]))
                chosen = s;
            break;
        case TIE_NONE:
        case TIE_KIND_COUNT:
            break;
        }
    }
    if (chosen >= 0)
        picked[chosen] = true;
}

static int power(int base, int exponent)
{
    int v = 1;
    while (exponent-- > 0)
        v *= base;
    return v;
}

/* Each seat's card points with the skat where it goes, and the Jungfrauen. */
static void count_ramsch_points(const RamschRules *ra, const RamschPlay *p, RamschScore *out)
{
    int most = 0;
    for (int s = 0; s < SEAT_COUNT; s++)
        most = p->points[s] > most ? p->points[s] : most;
    /* skat_to: loser gives the skat to the most card points; seats tied
     * there both count it, as the Schieberamsch rules say (rule-facts.md:
     * "if two share the most, both get the skat points"), so the tie rule
     * decides between them, not the skat. */
    for (int s = 0; s < SEAT_COUNT; s++) {
        out->jungfrauen += p->tricks[s] == 0;
        out->skat_to[s] = ra->skat_to == SKAT_TO_LAST_TRICK ? p->last_trick[s] == 10 : p->points[s] == most;
        out->points[s] = p->points[s] + (out->skat_to[s] ? p->skat_points : 0);
    }
}

/* A seat that took every trick scores the Durchmarsch alone: true then. */
static bool score_durchmarsch(const RamschRules *ra, const RamschPlay *p, RamschScore *out)
{
    for (int s = 0; s < SEAT_COUNT; s++)
        if (p->tricks[s] == 10) {
            out->durchmarsch = true;
            out->scores[s] = ra->durchmarsch_points;
            out->won[s] = ra->durchmarsch_points > 0;
            out->lost[s] = ra->durchmarsch_points < 0;
            out->durchmarsch_seat = s;
            return true;
        }
    return false;
}

/* The seats that lose (most points) or win (fewest), ties broken by the
 * rules' tie rule; the number of seats tied there. */
static int pick_ramsch_seats(const RamschRules *ra, const RamschPlay *p, const int points[SEAT_COUNT],
                             bool loser_mode, bool picked[SEAT_COUNT])
{
    int target = points[0];
    for (int s = 1; s < SEAT_COUNT; s++)
        if (loser_mode ? points[s] > target : points[s] < target)
            target = points[s];
    bool tied[SEAT_COUNT];
    int tie_count = 0;
    for (int s = 0; s < SEAT_COUNT; s++) {
        tied[s] = points[s] == target;
        tie_count += tied[s];
    }
    RamschTie rule = tie_count == 3 ? ra->three_way_tie : ra->tie;
    if (tie_count == 1)
        rule = TIE_ALL;
    break_tie(rule, p, tied, picked, loser_mode);
    return tie_count;
}

bool ramsch_score(const RuleSystem *r, const RamschPlay *p, RamschScore *out, char *err, size_t n)
{
    memset(out, 0, sizeof *out);
    if (!check_ramsch(r, p, err, n))
        return false;
    const RamschRules *ra = &r->ramsch;
    count_ramsch_points(ra, p, out);
    out->skat_points = p->skat_points;
    out->pushes = p->pushes;
    out->factor = 1;
    out->tied = 1;
    if (score_durchmarsch(ra, p, out))
        return true;

    bool loser_mode = ra->mode == RAMSCH_LOSER, picked[SEAT_COUNT];
    int tie_count = pick_ramsch_seats(ra, p, out->points, loser_mode, picked);
    out->push_factor = power(ra->push_factor, p->pushes);
    out->jungfrau_factor = loser_mode ? power(ra->jungfrau_factor, out->jungfrauen) : 1;
    int factor = out->push_factor * out->jungfrau_factor;
    out->factor = factor;
    out->loser_mode = loser_mode;
    out->tied = tie_count;
    for (int s = 0; s < SEAT_COUNT; s++) {
        out->picked[s] = picked[s];
        if (!picked[s])
            continue;
        if (loser_mode) {
            out->scores[s] = -out->points[s] * factor;
            out->lost[s] = true;
        } else {
            out->no_trick[s] = p->tricks[s] == 0;
            out->base[s] = out->no_trick[s] ? ra->no_trick_points : ra->winner_points;
            out->scores[s] = out->base[s] * factor;
            out->won[s] = true;
        }
    }
    return true;
}

bool tournament_ramsch_score(const TournamentScheme *s, const RamschScore *ramsch, int table_size,
                             int out[SEAT_COUNT], int *dealer, char *err, size_t n)
{
    int defender_bonus, dealer_bonus;
    if (!table_bonus(s, table_size, &defender_bonus, &dealer_bonus, err, n))
        return false;
    *dealer = 0;
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        out[seat] = ramsch->scores[seat] + (ramsch->won[seat] ? s->won : 0) + (ramsch->lost[seat] ? s->lost : 0);
    for (int loser = 0; loser < SEAT_COUNT; loser++) {
        if (!ramsch->lost[loser])
            continue;
        for (int seat = 0; seat < SEAT_COUNT; seat++)
            if (seat != loser)
                out[seat] += defender_bonus;
        *dealer += dealer_bonus;
    }
    return true;
}
