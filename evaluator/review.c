#include "review.h"

#include <stdlib.h>
#include <string.h>

/* Schwarz needs a trick search, asked only where the points allow it: taking
 * every trick gives the declarer all 120 points, taking none leaves him what
 * he has now. */
/* What each winning outcome needs, scored as if played: the first that the
 * score calls won is the least that wins. */
void review_thresholds(const RuleSystem *rules, const GamePlay *play, ReviewThresholds *out)
{
    const ReviewClass classes[] = {REVIEW_WON, REVIEW_SCHNEIDER, REVIEW_SCHWARZ};
    const int points[] = {rules->win_points, rules->schneider_points, 120}, tricks[] = {5, 5, 10};
    /* A lost game's schneider or schwarz the rules do not count is no outcome of its own. */
    *out = (ReviewThresholds){.win_points = rules->win_points,
                              .schneider_points = rules->schneider_points,
                              .schneidered_points = rules->lost_counts_schneider ? rules->schneidered_points : -1,
                              .win_class = REVIEW_CLASS_COUNT,
                              .schwarzed_uncounted = !rules->lost_counts_schwarz};
    int tries = play->contract.game == GAME_NULL ? 1 : 3; /* null: won is won */
    for (int i = 0; i < tries; i++) {
        GamePlay p = *play;
        p.conceded = false;
        p.declarer_points = points[i];
        p.declarer_tricks = play->contract.game == GAME_NULL ? 0 : tricks[i];
        GameScore s;
        if (gamevalue_score(rules, &p, &s) && s.won) {
            out->win_class = classes[i];
            return;
        }
    }
}

static ReviewClass raw_class(Solver *solver, const Position *pos, int value, const ReviewThresholds *t)
{
    if (pos->game == GAME_NULL)
        return value ? REVIEW_WON : REVIEW_LOST;
    int total = pos->declarer_points + position_points_left(pos);
    if (value == total && pos->defender_tricks == 0 &&
        (position_is_over(pos) || solver_declarer_takes_all(solver, pos)))
        return REVIEW_SCHWARZ;
    if (!t->schwarzed_uncounted && value == pos->declarer_points && pos->declarer_tricks == 0 &&
        (position_is_over(pos) || solver_defenders_take_all(solver, pos)))
        return REVIEW_SCHWARZED;
    if (value >= t->schneider_points)
        return REVIEW_SCHNEIDER;
    if (value >= t->win_points)
        return REVIEW_WON;
    if (value <= t->schneidered_points)
        return REVIEW_SCHNEIDERED;
    return REVIEW_LOST;
}

ReviewClass review_class(Solver *solver, const Position *pos, int value, const ReviewThresholds *t)
{
    ReviewClass c = raw_class(solver, pos, value, t);
    ReviewClass need = t->win_class ? t->win_class : REVIEW_WON;
    return c >= REVIEW_WON && c < need ? REVIEW_LOST : c;
}

/* What the review calls a mistake, in a game and a Ramsch alike: a decisive
 * card, or one that costs something and at least min_cost. */
static bool is_mistake(bool decisive, int cost, int min_cost)
{
    return decisive || (cost > 0 && cost >= min_cost);
}

static int value_of(Solver *solver, const Position *pos)
{
    if (position_is_over(pos))
        return pos->game == GAME_NULL ? pos->declarer_tricks == 0 : pos->declarer_points;
    return solver_value(solver, pos);
}

/* The legal cards that keep both the value and the outcome class. */
static void find_better(Solver *solver, const Position *pos, ReviewCard *c, const ReviewThresholds *t)
{
    MoveValue moves[10];
    int n = solver_move_values(solver, pos, moves);
    c->better_count = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i].value != c->value_before || moves[i].card == c->card)
            continue;
        Position next = *pos;
        position_play(&next, moves[i].card);
        if (review_class(solver, &next, moves[i].value, t) == c->class_before)
            c->better[c->better_count++] = moves[i].card;
    }
}

/* The card c->card played from *pos (which moves on past it), valued
 * before (*value, *klass) and after (the same, updated). */
static void review_card(Solver *solver, Position *pos, const ReviewThresholds *t, int *value, ReviewClass *klass,
                        ReviewCard *c)
{
    c->trick = pos->declarer_tricks + pos->defender_tricks + 1;
    c->seat = position_to_move(pos);
    c->declarer = c->seat == pos->declarer;
    c->value_before = *value;
    c->class_before = *klass;
    c->trick_winner = position_play(pos, c->card);
    c->declarer_points = pos->declarer_points;
    *value = value_of(solver, pos);
    *klass = review_class(solver, pos, *value, t);
    c->value_after = *value;
    c->class_after = *klass;
    int cost = c->declarer ? c->value_before - *value : *value - c->value_before;
    c->cost = cost > 0 ? cost : 0; /* never negative with exact values; kept safe */
    c->decisive = c->class_after != c->class_before;
    c->mistake = is_mistake(c->decisive, c->cost, t->min_cost);
}

/* Where the play stops: the value then, and the declarer's and defenders' tricks. */
static void review_end(const Position *pos, int value, ReviewClass klass, Review *out)
{
    out->end_value = value;
    out->end_class = klass;
    out->complete = position_is_over(pos);
    out->declarer_points = pos->declarer_points;
    out->declarer_tricks = pos->declarer_tricks;
    out->defender_tricks = pos->defender_tricks;
}

void review_game(Solver *solver, const Position *start, const int *play, int count, const ReviewThresholds *t,
                 Review *out)
{
    memset(out, 0, sizeof *out);
    if (count > REVIEW_MAX_CARDS)
        count = REVIEW_MAX_CARDS;
    uint64_t nodes = solver_nodes(solver);
    solver_new_deal(solver);
    Position pos = *start;
    out->game = pos.game;
    out->declarer = pos.declarer;
    int value = value_of(solver, &pos);
    ReviewClass klass = review_class(solver, &pos, value, t);
    out->start_value = value;
    out->start_class = klass;
    for (int i = 0; i < count; i++) {
        ReviewCard *c = &out->cards[i];
        Position before = pos;
        c->index = i;
        c->card = play[i];
        review_card(solver, &pos, t, &value, &klass, c);
        if (c->mistake) {
            find_better(solver, &before, c, t);
            ReviewPlayer *p = &out->players[c->seat];
            p->mistakes++;
            p->decisive += c->decisive;
            p->cost += c->cost;
        }
    }
    out->count = count;
    review_end(&pos, value, klass, out);
    out->nodes = solver_nodes(solver) - nodes;
}

bool review_outcome_better(ReviewClass a, int va, ReviewClass b, int vb)
{
    return a != b ? a > b : va > vb;
}

/* The outcome classes order the discards as their points do, but at the two
 * ends: schwarz among the discards that reach 120, and, where the most points
 * leave the declarer schwarz, a discard that takes a trick.  That is the
 * order of best_points_discard with schwarz counted both ways. */
DiscardChoice review_best_discard(Solver *solver, const Position *twelve, const ReviewThresholds *t,
                                  ReviewClass *klass)
{
    DiscardChoice best;
    if (twelve->game == GAME_NULL) {
        best = best_discard(solver, twelve);
    } else {
        PointsDiscard p = best_points_discard(solver, twelve, NULL, true, true);
        best = (DiscardChoice){p.discard, p.points};
    }
    Position after;
    position_after_discard(twelve, best.discard, &after);
    *klass = review_class(solver, &after, best.value, t);
    return best;
}

int review_trick_end(const Review *r, int first)
{
    int end = first;
    while (end < r->count && r->cards[end].trick == r->cards[first].trick)
        end++;
    return end;
}

/* The table's row of a contract: announcements are left to the table (it
 * declares what double-dummy play guarantees), the rest must match. */
static bool same_row(const Contract *row, const Contract *played)
{
    return row->game == played->game && row->hand == played->hand && row->ouvert == played->ouvert &&
           row->form == played->form;
}

bool review_contract(TableWorkers *workers, const RuleSystem *rules, const CardSet hands[3], CardSet skat,
                     int declarer, const Contract *played, ContractReview *out)
{
    DealTable *table = malloc(sizeof *table);
    memset(out, 0, sizeof *out);
    if (!table)
        return false;
    table_compute(workers, rules, hands, skat, 1u << declarer, table);
    const SeatTable *seat = &table->seat[declarer];
    int best = -1, played_row = -1;
    for (int i = 0; i < seat->count; i++) {
        if (played_row < 0 && same_row(&seat->entry[i].row, played))
            played_row = i;
        if (best < 0 || seat->entry[i].score > seat->entry[best].score)
            best = i;
    }
    out->found_played = played_row >= 0;
    if (out->found_played) {
        out->played = seat->entry[played_row];
        if (out->played.score >= seat->entry[best].score)
            best = played_row;
    }
    out->found_best = best >= 0;
    if (out->found_best)
        out->best = seat->entry[best];
    out->nodes = table->nodes;
    free(table);
    return true;
}

/* ---- Ramsch ------------------------------------------------------------- */

void review_ramsch_thresholds(const RuleSystem *rules, int skat_points, RamschThresholds *out)
{
    const RamschRules *ra = &rules->ramsch;
    bool loser = ra->mode == RAMSCH_LOSER;
    *out = (RamschThresholds){
        .bonus = ra->skat_to == SKAT_TO_LAST_TRICK ? skat_points : 0,
        .durchmarsch_pays = ra->durchmarsch_points > 0,
        .jungfrau_pays = loser ? ra->jungfrau_factor > 1 : ra->no_trick_points > ra->winner_points,
    };
}

/* At the end the leader is the last trick's winner, who takes the skat's bonus. */
static int ramsch_fewest(Solver *solver, const Position *asked, int bonus)
{
    if (position_is_over(asked))
        return asked->declarer_points + (asked->leader == asked->declarer ? bonus : 0);
    return solver_ramsch_fewest_points(solver, asked, bonus);
}

static bool ramsch_takes_all(Solver *solver, const Position *asked, const RamschThresholds *t)
{
    if (!t->durchmarsch_pays || asked->defender_tricks > 0)
        return false;
    return position_is_over(asked) || solver_ramsch_takes_all(solver, asked);
}

static bool ramsch_avoids_all(Solver *solver, const Position *asked, const RamschThresholds *t)
{
    if (!t->jungfrau_pays || asked->declarer_tricks > 0)
        return false;
    return position_is_over(asked) || solver_ramsch_avoids_all(solver, asked);
}

/* The cards that keep what the one played lost: the chance thrown away, or
 * for an inaccuracy the seat's fewest points. */
static void ramsch_better(Solver *solver, const Position *before, RamschReviewCard *c, const RamschThresholds *t)
{
    MoveValue moves[10];
    int n = solver_ramsch_move_values(solver, before, t->bonus, moves);
    c->better_count = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i].card == c->card)
            continue;
        bool keeps = moves[i].value == c->value_before;
        if (c->lost != RAMSCH_KEPT) {
            Position next = *before;
            position_play(&next, moves[i].card);
            keeps = c->lost == RAMSCH_LOST_DURCHMARSCH ? ramsch_takes_all(solver, &next, t)
                                                       : ramsch_avoids_all(solver, &next, t);
        }
        if (keeps)
            c->better[c->better_count++] = moves[i].card;
    }
}

/* Each seat against the other two at the start. */
static void ramsch_start_seats(Solver *solver, const Position *pos, const int points[SEAT_COUNT],
                               const int tricks[SEAT_COUNT], const RamschThresholds *t, RamschReview *out)
{
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        Position asked = position_ramsch_seat(pos, points, tricks, seat);
        out->seats[seat].start_value = ramsch_fewest(solver, &asked, t->bonus);
        out->seats[seat].takes_all = ramsch_takes_all(solver, &asked, t);
        out->seats[seat].avoids_all = ramsch_avoids_all(solver, &asked, t);
    }
}

/* The card played from *pos; the trick's winner, who gets its points and
 * the trick (-1: the trick goes on). */
static int ramsch_play(Position *pos, int card, int points[SEAT_COUNT], int tricks[SEAT_COUNT])
{
    int left = position_points_left(pos);
    int winner = position_play(pos, card);
    if (winner >= 0) {
        points[winner] += left - position_points_left(pos);
        tricks[winner]++;
    }
    return winner;
}

/* The card's seat after it (pos: past the card): its fewest points, the
 * chance it threw away, what it cost, and the points so far. */
static void ramsch_judge(Solver *solver, const Position *pos, const int points[SEAT_COUNT],
                         const int tricks[SEAT_COUNT], const RamschThresholds *t, RamschReviewCard *c)
{
    Position after = position_ramsch_seat(pos, points, tricks, c->seat);
    c->value_after = ramsch_fewest(solver, &after, t->bonus);
    bool takes_all = c->takes_all_before && ramsch_takes_all(solver, &after, t);
    bool avoids_all = c->avoids_all_before && ramsch_avoids_all(solver, &after, t);
    c->lost = c->takes_all_before && !takes_all   ? RAMSCH_LOST_DURCHMARSCH
              : c->avoids_all_before && !avoids_all ? RAMSCH_LOST_JUNGFRAU
                                                    : RAMSCH_KEPT;
    int cost = c->value_after - c->value_before;
    c->cost = cost > 0 && !takes_all ? cost : 0; /* never negative with exact values; kept safe */
    c->decisive = c->lost != RAMSCH_KEPT;
    c->mistake = is_mistake(c->decisive, c->cost, t->min_cost);
    memcpy(c->points, points, sizeof c->points);
    if (position_is_over(pos))
        c->points[pos->leader] += t->bonus;
}

/* The card c->card played from *pos (which moves on past it), with points
 * and tricks; the cards that were better, where it was a mistake. */
static void ramsch_review_card(Solver *solver, Position *pos, int points[SEAT_COUNT], int tricks[SEAT_COUNT],
                               const RamschThresholds *t, RamschReviewCard *c)
{
    c->trick = tricks[0] + tricks[1] + tricks[2] + 1;
    c->seat = position_to_move(pos);
    Position before = position_ramsch_seat(pos, points, tricks, c->seat);
    c->value_before = ramsch_fewest(solver, &before, t->bonus);
    c->takes_all_before = ramsch_takes_all(solver, &before, t);
    c->avoids_all_before = ramsch_avoids_all(solver, &before, t);
    c->trick_winner = ramsch_play(pos, c->card, points, tricks);
    ramsch_judge(solver, pos, points, tricks, t, c);
    if (c->mistake)
        ramsch_better(solver, &before, c, t);
}

void review_ramsch(Solver *solver, const Position *start, const int start_points[SEAT_COUNT],
                   const int start_tricks[SEAT_COUNT], const int *play, int count, const RamschThresholds *t,
                   RamschReview *out)
{
    memset(out, 0, sizeof *out);
    if (count > REVIEW_MAX_CARDS)
        count = REVIEW_MAX_CARDS;
    uint64_t nodes = solver_nodes(solver);
    solver_new_deal(solver);
    Position pos = *start;
    pos.game = GAME_GRAND;
    int points[SEAT_COUNT] = {0}, tricks[SEAT_COUNT] = {0};
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        points[seat] = start_points ? start_points[seat] : 0;
        tricks[seat] = start_tricks ? start_tricks[seat] : 0;
    }
    ramsch_start_seats(solver, &pos, points, tricks, t, out);
    for (int i = 0; i < count; i++) {
        RamschReviewCard *c = &out->cards[i];
        c->index = i;
        c->card = play[i];
        ramsch_review_card(solver, &pos, points, tricks, t, c);
        if (c->mistake) {
            RamschReviewSeat *s = &out->seats[c->seat];
            s->mistakes++;
            s->decisive += c->decisive;
            s->cost += c->cost;
        }
    }
    out->count = count;
    out->complete = position_is_over(&pos);
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        out->seats[seat].points = points[seat] + (out->complete && pos.leader == seat ? t->bonus : 0);
        out->seats[seat].tricks = tricks[seat];
    }
    out->nodes = solver_nodes(solver) - nodes;
}

int review_ramsch_trick_end(const RamschReview *r, int first)
{
    int end = first;
    while (end < r->count && r->cards[end].trick == r->cards[first].trick)
        end++;
    return end;
}
