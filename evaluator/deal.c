#include "deal.h"
#include "notation.h"

#include <string.h>

#include "dealparse.h"
#include "rulecontract.h"

/* The position before the recorded play: after the skat exchange in a full deal. */
void deal_start_position(const Deal *d, Position *pos)
{
    *pos = (Position){.game = d->has_contract ? d->contract.game : GAME_GRAND,
                      .declarer = d->has_declarer ? d->declarer : SEAT_FOREHAND};
    memcpy(pos->hands, d->hands, sizeof pos->hands);
    if (!d->full_deal) {
        pos->leader = d->has_lead ? d->lead : SEAT_FOREHAND;
        pos->trick_size = d->trick_size;
        memcpy(pos->trick, d->trick, sizeof pos->trick);
        pos->declarer_points = d->declarer_points;
        pos->declarer_tricks = d->declarer_tricks;
        pos->defender_tricks = d->defender_tricks;
        return;
    }
    int s = pos->declarer;
    if (d->has_contract && d->contract.hand) {
        pos->declarer_points = set_points(d->skat);
    } else if (d->has_discard) {
        pos->hands[s] = (pos->hands[s] | d->skat) & ~d->discard;
        pos->declarer_points = set_points(d->discard);
    } else {
        pos->hands[s] |= d->skat; /* twelve cards: the caller chooses the discard */
    }
}

void deal_position(const Deal *deal, Position *pos)
{
    deal_start_position(deal, pos);
    for (int i = 0; deal->full_deal && i < deal->play_count; i++)
        position_play(pos, deal->play[i]);
}

void deal_ramsch_position(const Deal *deal, Position *pos, int points[SEAT_COUNT], int tricks[SEAT_COUNT])
{
    deal_start_position(deal, pos);
    pos->game = GAME_GRAND;
    pos->declarer = SEAT_FOREHAND;
    pos->declarer_points = pos->declarer_tricks = pos->defender_tricks = 0;
    memcpy(points, deal->seat_points, sizeof deal->seat_points);
    memcpy(tricks, deal->seat_tricks, sizeof deal->seat_tricks);
    for (int i = 0; deal->full_deal && i < deal->play_count; i++) {
        int trick_points = position_points_left(pos);
        int winner = position_play(pos, deal->play[i]);
        if (winner >= 0) {
            points[winner] += trick_points - position_points_left(pos);
            tricks[winner]++;
        }
    }
    pos->declarer_points = pos->declarer_tricks = pos->defender_tricks = 0;
}

bool deal_refuse_spitze(const Deal *d, const char *command, char *err, size_t n)
{
    if (d->spitze)
        deal_report(d->file, d->spitze_mark, err, n, "spitze: only score counts a Spitze (%s plays for card points, "
                    "not for the last tricks with the lowest trumps)", command);
    return d->spitze == 0;
}

bool deal_require_game(const Deal *d, char *err, size_t n)
{
    if (!d->has_declarer || !d->has_contract) {
        deal_report(d->file, d->mark, err, n, "missing key '%s'", d->has_declarer ? "contract" : "declarer");
        return false;
    }
    for (int s = 0; s < SEAT_COUNT; s++)
        if (!d->has_hand[s]) {
            deal_report(d->file, d->mark, err, n, "missing hand '%s'", seat_name(s));
            return false;
        }
    return true;
}

bool deal_skat_turns(const Deal *d, const RuleSystem *rules, char *err, size_t n)
{
    if (!d->has_contract || d->ramsch || set_count(d->skat) != 2 || !rules ||
        rules_skat_allows(rules, &d->contract, d->skat))
        return true;
    char name[RULES_TEXT];
    deal_report(d->file, d->contract_mark, err, n, "a %s needs its trump among the skat's cards to turn (%s %s: %s)",
                rules_contract_name(rules, &d->contract, name, sizeof name), deal_card_text(set_first(d->skat)).text,
                deal_card_text(set_first(d->skat & (d->skat - 1))).text,
                d->contract.game == GAME_GRAND ? "no jack" : "no card of that suit");
    return false;
}
