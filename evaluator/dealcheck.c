/* The deal as a whole, once every key is read: a table of checks (hand
 * sizes, position or full deal, discard, the legality of the play and of a
 * trick in progress, results within what is out of play). */
#include <stdlib.h>
#include <string.h>

#include "dealparse.h"
#include "gamevalue.h"
#include "notation.h"
#include "pointsums.h"
#include "rulecontract.h"

#include "text.h"

static int hand_size(const DealParse *c, int seat)
{
    return set_count(c->deal->hands[seat]);
}

/* A hand of fewer than 10 cards belongs to a position, which needs the
 * other hands too (a single hand, for evaluate, has 10 or 12 cards). */
static bool short_of_hands(DealParse *c, int seat)
{
    char missing[64] = "";
    for (int s = 0; s < SEAT_COUNT; s++)
        if (!c->deal->has_hand[s])
            text_append(missing, sizeof missing, "%s%s", missing[0] ? ", " : "", seat_name(s));
    int n = hand_size(c, seat);
    return deal_fail(c, deal_node_mark(c->hand_node[seat]), "%s holds %d card%s: a position needs all three hands (missing: %s)",
                seat_name(seat), n, n == 1 ? "" : "s", missing);
}

/* One or two hands (evaluate): each 10 cards, or 12 with the skat picked up.
 * What the declarer has won so far belongs to a position, which nothing
 * reads from a hand alone: left unread it would pass without a word. */
static bool check_some_hands(DealParse *c)
{
    static const DealKey full_only[] = {KEY_PLAY, KEY_LEAD, KEY_TRICK, KEY_DECLARER_POINTS, KEY_DECLARER_TRICKS,
                                        KEY_DEFENDER_TRICKS};
    for (size_t i = 0; i < sizeof full_only / sizeof full_only[0]; i++)
        if (c->key[full_only[i]])
            return deal_fail(c, deal_node_mark(c->key[full_only[i]]), "'%s' needs all three hands", deal_key_name(full_only[i]));
    for (int s = 0; s < SEAT_COUNT; s++) {
        if (!c->deal->has_hand[s] || hand_size(c, s) == 10)
            continue;
        if (hand_size(c, s) < 10)
            return short_of_hands(c, s);
        if (hand_size(c, s) != DEAL_MAX_CARDS)
            return deal_fail(c, deal_node_mark(c->hand_node[s]), "%s holds %d cards, a hand holds 10 (or 12 with the skat)",
                        seat_name(s), hand_size(c, s));
        if (c->deal->has_skat)
            return deal_fail(c, deal_node_mark(c->value[KEY_SKAT]), "skat given, but %s's 12 cards already include it",
                        seat_name(s));
    }
    return true;
}

/* Without a lead the three hands are a full deal of ten cards each. */
static bool check_full_deal(DealParse *c)
{
    if (c->key[KEY_TRICK])
        return deal_fail(c, deal_node_mark(c->key[KEY_TRICK]), "'trick' needs 'lead', the seat that led it");
    bool any_ten = false;
    for (int s = 0; s < SEAT_COUNT; s++)
        any_ten |= hand_size(c, s) == 10;
    if (!any_ten)
        return deal_fail(c, deal_document_mark(c), "missing key 'lead' (a position needs the seat that leads the current trick)");
    for (int s = 0; s < SEAT_COUNT; s++)
        if (hand_size(c, s) != 10)
            return deal_fail(c, deal_node_mark(c->hand_node[s]), "%s holds %d cards, a full deal needs 10 (a position needs 'lead')",
                        seat_name(s), hand_size(c, s));
    if (!c->deal->has_skat)
        return deal_fail(c, deal_document_mark(c), "missing key 'skat' (a full deal needs the skat)");
    c->deal->full_deal = true;
    return true;
}

/* A seat's hand with its card in the trick put back: the same for all three
 * when the hand sizes fit the trick (seats from the leader on have played). */
static int size_before_trick(const DealParse *c, int seat)
{
    const Deal *d = c->deal;
    int order = (seat - d->lead + SEAT_COUNT) % SEAT_COUNT;
    return hand_size(c, seat) + (order < d->trick_size ? 1 : 0);
}

/* The seat whose hand does not fit: the one that disagrees with the other
 * two, or, when all three disagree, the first that differs from the player
 * to move; *reference is the size before the trick it should have.  -1 when
 * the sizes fit. */
static int odd_hand(const DealParse *c, int to_move, int *reference)
{
    int before[SEAT_COUNT];
    for (int s = 0; s < SEAT_COUNT; s++)
        before[s] = size_before_trick(c, s);
    for (int s = 0; s < SEAT_COUNT; s++) {
        int a = before[(s + 1) % SEAT_COUNT], b = before[(s + 2) % SEAT_COUNT];
        if (a == b && before[s] != a) {
            *reference = a;
            return s;
        }
    }
    *reference = before[to_move];
    for (int i = 0; i < SEAT_COUNT; i++) {
        int s = (c->deal->lead + i) % SEAT_COUNT;
        if (before[s] != before[to_move])
            return s;
    }
    return -1;
}

static bool check_position_sizes(DealParse *c)
{
    const Deal *d = c->deal;
    int to_move = (d->lead + d->trick_size) % SEAT_COUNT;
    if (hand_size(c, to_move) == 0)
        return deal_fail(c, deal_node_mark(c->hand_node[to_move]), "%s is to play but holds no cards", seat_name(to_move));
    int reference;
    int odd = odd_hand(c, to_move, &reference);
    if (odd < 0)
        return true;
    int other = (odd + 1) % SEAT_COUNT, third = (odd + 2) % SEAT_COUNT;
    int expected = reference - (size_before_trick(c, odd) - hand_size(c, odd));
    return deal_fail(c, deal_node_mark(c->hand_node[odd]),
                "hand sizes do not fit the trick: %s holds %d card%s, expected %d "
                "(%s holds %d and %s %d; %d card%s in the trick, led by %s)",
                seat_name(odd), hand_size(c, odd), hand_size(c, odd) == 1 ? "" : "s", expected, seat_name(other),
                hand_size(c, other),
                seat_name(third), hand_size(c, third), d->trick_size, d->trick_size == 1 ? "" : "s",
                seat_name(d->lead));
}

static bool check_position(DealParse *c)
{
    static const DealKey full_only[] = {KEY_PLAY, KEY_DISCARD};
    bool all_ten = true;
    for (int s = 0; s < SEAT_COUNT; s++)
        all_ten &= hand_size(c, s) == 10;
    if (all_ten && c->deal->trick_size == 0)
        return deal_fail(c, deal_node_mark(c->key[KEY_LEAD]), "'lead' is only for positions: forehand leads a full deal");
    for (size_t i = 0; i < sizeof full_only / sizeof full_only[0]; i++)
        if (c->key[full_only[i]])
            return deal_fail(c, deal_node_mark(c->key[full_only[i]]),
                        "'%s' is not allowed in a position (hands of fewer than 10 cards)", deal_key_name(full_only[i]));
    return check_position_sizes(c);
}

/* All passed: nobody declares a ramsch, and it is played only where the
 * rule system has one (elsewhere the cards are thrown in). */
static bool check_ramsch(DealParse *c)
{
    const Deal *d = c->deal;
    if (!d->ramsch)
        return true;
    if (d->has_declarer)
        return deal_fail(c, deal_node_mark(c->key[KEY_DECLARER]),
                         "a ramsch has no declarer: everybody passed (drop 'declarer' or name the game declared)");
    bool ok;
    const RuleSystem *rules = deal_document_rules(c, &ok);
    if (rules && !rules->ramsch.enabled)
        return deal_fail(c, d->contract_mark, "the %s rules have no ramsch: when all pass the cards are thrown in",
                         rules->name);
    if (!ok)
        return false;
    /* What belongs to a declared game would be silently left out of its score. */
    const struct {
        int key;
        bool given;
        const char *why;
    } declared_only[] = {{KEY_BID, d->bid > 0, "a ramsch has no bid: everybody passed"},
                         {KEY_KONTRA, d->kontra > 0, "a ramsch has no declarer to double against: kontra is for declared games"},
                         {KEY_BOCK, d->bock, "a ramsch is scored without Bock rounds: bock is for declared games"},
                         {KEY_DISCARD, d->has_discard, "a ramsch has no discard: nobody declared a game with the skat"},
                         {KEY_SPITZE, d->spitze > 0, "a ramsch has no Spitze: nobody declared a game"}};
    for (size_t i = 0; i < sizeof declared_only / sizeof declared_only[0]; i++)
        if (declared_only[i].given)
            return deal_fail(c, deal_node_mark(c->key[declared_only[i].key]), "%s", declared_only[i].why);
    if (rules && d->pushes > rules->ramsch.max_pushes)
        return deal_fail(c, deal_node_mark(c->value[KEY_PUSHES]), "pushes: %d, but the %s rules allow %d", d->pushes,
                         rules->name, rules->ramsch.max_pushes);
    return true;
}

/* Pushing the skat on is Schieberamsch's. */
static bool check_pushes(DealParse *c)
{
    if (c->deal->ramsch || !c->key[KEY_PUSHES])
        return true;
    return deal_fail(c, deal_node_mark(c->key[KEY_PUSHES]), "'pushes' is for a ramsch (Schieberamsch)");
}

static bool check_hands(DealParse *c)
{
    int given = 0;
    for (int s = 0; s < SEAT_COUNT; s++)
        given += c->deal->has_hand[s];
    if (given == 0)
        return deal_fail(c, deal_document_mark(c), "missing key 'hands'");
    if (given < SEAT_COUNT)
        return check_some_hands(c);
    for (int s = 0; s < SEAT_COUNT; s++)
        if (hand_size(c, s) > 10)
            return deal_fail(c, deal_node_mark(c->hand_node[s]), "%s holds %d cards, at most 10", seat_name(s), hand_size(c, s));
    return c->deal->has_lead ? check_position(c) : check_full_deal(c);
}

static const char *suit_word(int effective)
{
    static const char *const words[] = {"clubs", "spades", "hearts", "diamonds", "trump"};
    return words[effective];
}

/* Whether seat may play card from hand (card still in it) to the trick. */
static bool check_follow(DealParse *c, GameType game, CardSet hand, int led, int card, int seat, Mark m,
                         const char *what)
{
    if (set_has(legal_moves(game, hand, led), card))
        return true;
    return deal_fail(c, m, "%s: %s must follow %s, plays %s", what, seat_name(seat),
                suit_word(effective_suit(game, led)), deal_card_text(card).text);
}

/* The second card of a trick in progress must have followed suit if it could. */
static bool check_trick(DealParse *c)
{
    const Deal *d = c->deal;
    if (d->full_deal || !d->has_lead || d->trick_size < 2 || !d->has_contract)
        return true;
    int seat = (d->lead + 1) % SEAT_COUNT;
    return check_follow(c, d->contract.game, d->hands[seat] | card_bit(d->trick[1]), d->trick[0], d->trick[1],
                        seat, c->trick.marks[1], "illegal trick");
}

/* The cards the declarer may put away: the hand and the skat. */
static bool declarer_cards(DealParse *c, int *seat)
{
    const Deal *d = c->deal;
    if (d->has_declarer) {
        *seat = d->declarer;
        return d->has_hand[*seat];
    }
    int given = 0;
    for (int s = 0; s < SEAT_COUNT; s++)
        if (d->has_hand[s]) {
            *seat = s;
            given++;
        }
    return given == 1;
}

static bool check_discard(DealParse *c)
{
    const Deal *d = c->deal;
    int seat;
    if (!d->has_discard)
        return true;
    if (d->has_contract && d->contract.hand)
        return deal_fail(c, deal_node_mark(c->key[KEY_DISCARD]), "a hand game has no discard");
    if (!declarer_cards(c, &seat))
        return deal_fail(c, deal_node_mark(c->key[KEY_DISCARD]), "'discard' needs 'declarer' and the declarer's hand");
    CardSet twelve = d->hands[seat] | d->skat;
    for (int i = 0; i < c->discard.count; i++)
        if (!set_has(twelve, c->discard.cards[i]))
            return deal_fail(c, c->discard.marks[i], "discard %s is not among %s's cards and the skat",
                        deal_card_text(c->discard.cards[i]).text, seat_name(seat));
    return true;
}

static bool play_card(DealParse *c, Position *pos, int i)
{
    int card = c->play.cards[i];
    int seat = position_to_move(pos);
    if (!set_has(pos->hands[seat], card))
        return deal_fail(c, c->play.marks[i], "illegal play: %s is not in %s's hand", deal_card_text(card).text, seat_name(seat));
    int led = pos->trick_size ? pos->trick[0] : CARD_NONE;
    if (!check_follow(c, pos->game, pos->hands[seat], led, card, seat, c->play.marks[i], "illegal play"))
        return false;
    position_play(pos, card);
    return true;
}

static bool check_play(DealParse *c)
{
    const Deal *d = c->deal;
    Position pos;
    if (!c->key[KEY_PLAY])
        return true;
    Mark m = deal_node_mark(c->key[KEY_PLAY]);
    if (!d->has_contract)
        return deal_fail(c, m, "play needs a contract");
    if (!d->has_declarer && !d->ramsch)
        return deal_fail(c, m, "play needs a declarer");
    if (!d->contract.hand && !d->has_discard)
        return deal_fail(c, m, "play needs a discard in a skat game");
    deal_start_position(d, &pos);
    for (int i = 0; i < c->play.count; i++)
        if (!play_card(c, &pos, i))
            return false;
    return true;
}

/* The position after the play given (checked legal by check_play). */
static void position_after_play(const DealParse *c, Position *pos)
{
    deal_start_position(c->deal, pos);
    for (int i = 0; i < c->play.count; i++)
        position_play(pos, c->play.cards[i]);
}

/* The declarer's card points possible with `tricks` tricks: each trick holds
 * one card of each hand, and the two cards put away count for him too. */
static void result_points(const Deal *d, int tricks, bool out[MOST_POINTS + 1])
{
    bool sums[SEAT_COUNT][MOST_CARDS + 1][MOST_POINTS + 1];
    bool declarer_known = d->contract.hand || d->has_discard, defenders[MOST_POINTS + 1];
    CardSet away = d->contract.hand ? d->skat : d->discard;
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        subset_sums(seat != d->declarer ? d->hands[seat] : declarer_known ? (d->hands[seat] | d->skat) & ~away
                                                                          : d->hands[seat] | d->skat,
                    sums[seat]);
    add_sums(sums[(d->declarer + 1) % SEAT_COUNT][tricks], sums[(d->declarer + 2) % SEAT_COUNT][tricks], defenders);
    bool mine[MOST_POINTS + 1] = {false};
    if (declarer_known)
        for (int p = 0; p + set_points(away) <= MOST_POINTS; p++)
            mine[p + set_points(away)] = sums[d->declarer][tricks][p];
    else
        memcpy(mine, sums[d->declarer][tricks + 2], sizeof mine);
    add_sums(mine, defenders, out);
}

/* The lowest and highest of the possible totals, as "L to H" (or "L"). */
static void possible_range(const bool possible[MOST_POINTS + 1], int *low, int *high, char *out, size_t n)
{
    for (*low = 0; *low < MOST_POINTS && !possible[*low]; ++*low)
        ;
    for (*high = MOST_POINTS; *high > 0 && !possible[*high]; --*high)
        ;
    snprintf(out, n, *low == *high ? "%d" : "%d to %d", *low, *high);
}

/* A full deal's result (declarer_points, declarer_tricks: what score counts)
 * must be one the cards allow: the two cards put away are the declarer's,
 * and each of his tricks holds a card of each hand.  Where the discard is
 * not given, any two of his twelve cards may be the ones put away. */
static bool check_full_result(DealParse *c)
{
    const Deal *d = c->deal;
    if (!d->has_declarer_points || !d->has_contract || !d->has_declarer || d->contract.game == GAME_NULL)
        return true;
    bool possible[MOST_POINTS + 1] = {false}, with[MOST_POINTS + 1];
    for (int tricks = 0; tricks <= 10; tricks++)
        if (!d->has_declarer_tricks || tricks == d->declarer_tricks) {
            result_points(d, tricks, with);
            for (int p = 0; p <= MOST_POINTS; p++)
                possible[p] |= with[p];
        }
    int points = d->declarer_points, low, high;
    if (points >= 0 && points <= MOST_POINTS && possible[points])
        return true;
    char range[32], tricks[48] = "";
    possible_range(possible, &low, &high, range, sizeof range);
    if (d->has_declarer_tricks)
        snprintf(tricks, sizeof tricks, " with %d trick%s", d->declarer_tricks, d->declarer_tricks == 1 ? "" : "s");
    Mark mark = deal_node_mark(c->value[KEY_DECLARER_POINTS]);
    if (points < low || points > high)
        return deal_fail(c, mark, "declarer_points is %d, but%s the declarer's card points can only be %s", points,
                         tricks, range);
    if (d->has_declarer_tricks)
        snprintf(tricks, sizeof tricks, " %d", d->declarer_tricks);
    return deal_fail(c, mark, "declarer_points is %d, but no%s trick%s of a card from each hand, with the two cards "
                     "put away, %s worth %d", points, tricks, d->has_declarer_tricks && d->declarer_tricks == 1 ? "" : "s",
                     d->has_declarer_tricks && d->declarer_tricks == 1 ? "is" : "are", points);
}

/* A full deal's play and result given together must agree, and the result
 * is counted from a complete play only. */
static bool check_result_against_play(DealParse *c)
{
    const Deal *d = c->deal;
    yaml_node_t *given = c->value[KEY_DECLARER_POINTS] ? c->value[KEY_DECLARER_POINTS] : c->value[KEY_DECLARER_TRICKS];
    if (!given || !c->play.count || d->ramsch)
        return true;
    if (c->play.count < DEAL_MAX_PLAY || !d->has_declarer)
        return deal_fail(c, deal_node_mark(given), "%s with a play of %d cards: the result is counted from a complete "
                         "play (30 cards), give one or the other", c->value[KEY_DECLARER_POINTS] ? "declarer_points" : "declarer_tricks",
                         c->play.count);
    Position pos;
    position_after_play(c, &pos);
    if (d->has_declarer_points && d->contract.game != GAME_NULL && d->declarer_points != pos.declarer_points)
        return deal_fail(c, deal_node_mark(c->value[KEY_DECLARER_POINTS]),
                         "declarer_points is %d, but the play gives the declarer %d", d->declarer_points, pos.declarer_points);
    if (d->has_declarer_tricks && d->declarer_tricks != pos.declarer_tricks)
        return deal_fail(c, deal_node_mark(c->value[KEY_DECLARER_TRICKS]),
                         "declarer_tricks is %d, but the play gives the declarer %d", d->declarer_tricks, pos.declarer_tricks);
    return true;
}

/* A position's points must fit its tricks: of the cards out of play the
 * declarer holds the two of the skat and three a trick he won, the defenders
 * the rest. */
static bool check_position_points(DealParse *c, const Position *pos)
{
    const Deal *d = c->deal;
    if (!d->has_contract || d->contract.game == GAME_NULL)
        return true;
    bool possible[MOST_POINTS + 1];
    position_possible_points(pos, d->declarer_tricks, possible);
    int points = d->declarer_points, low, high;
    if (possible[points])
        return true;
    char range[32];
    possible_range(possible, &low, &high, range, sizeof range);
    Mark mark = deal_node_mark(c->value[KEY_DECLARER_POINTS] ? c->value[KEY_DECLARER_POINTS] : c->key[KEY_LEAD]);
    if (points < low || points > high)
        return deal_fail(c, mark, "declarer_points is %d, but with %d trick%s and the skat the declarer's card points "
                         "can only be %s", points, d->declarer_tricks, d->declarer_tricks == 1 ? "" : "s", range);
    return deal_fail(c, mark, "declarer_points is %d, but no %d trick%s and the skat, of the cards out of play, %s "
                     "worth %d", points, d->declarer_tricks, d->declarer_tricks == 1 ? "" : "s",
                     d->declarer_tricks == 1 ? "is" : "are", points);
}

/* What was already won must fit what is out of play. */
static bool check_results(DealParse *c)
{
    const Deal *d = c->deal;
    Position pos;
    int tricks = d->declarer_tricks + d->defender_tricks;
    yaml_node_t *tricks_node = c->value[KEY_DEFENDER_TRICKS] ? c->value[KEY_DEFENDER_TRICKS] : c->value[KEY_DECLARER_TRICKS];
    if (!d->full_deal && !d->has_lead)
        return true;
    if (d->full_deal) {
        if (tricks > 10)
            return deal_fail(c, deal_node_mark(tricks_node), "declarer_tricks and defender_tricks add up to %d, a game has 10 tricks", tricks);
        return check_result_against_play(c) && check_full_result(c);
    }
    deal_start_position(d, &pos);
    int out_of_play = 120 - position_points_left(&pos);
    if (d->declarer_points > out_of_play)
        return deal_fail(c, deal_node_mark(c->value[KEY_DECLARER_POINTS]),
                    "declarer_points is %d, but only %d points are out of play", d->declarer_points, out_of_play);
    int played = 10 - set_count(d->hands[(d->lead + d->trick_size) % SEAT_COUNT]);
    if (d->ramsch) /* counted per seat: check_ramsch_counts */
        return true;
    if (tricks != played && tricks_node)
        return deal_fail(c, deal_node_mark(tricks_node), "declarer_tricks and defender_tricks add up to %d, but %d "
                         "trick%s been played", tricks, played, played == 1 ? " has" : "s have");
    if (tricks != played && d->has_contract && d->contract.game == GAME_NULL)
        c->deal->defender_tricks = played; /* a null still open: every trick so far the defenders' */
    else if (tricks != played && d->has_contract) /* schwarz turns on them: 0 would be a guess */
        return deal_fail(c, deal_node_mark(c->key[KEY_LEAD]), "%d trick%s been played: give declarer_tricks and "
                         "defender_tricks, the tricks each side has won", played, played == 1 ? " has" : "s have");
    return check_position_points(c, &pos);
}

/* A Ramsch counts per seat (points:, tricks:), other games per side; a
 * Ramsch position's counts must fit the cards gone: as many tricks as were
 * played, their points those of the cards out of play less the skat. */
static bool check_ramsch_counts(DealParse *c)
{
    const Deal *d = c->deal;
    yaml_node_t *points = c->value[KEY_POINTS], *tricks = c->value[KEY_TRICKS];
    if (!d->ramsch) {
        if (points || tricks)
            return deal_fail(c, deal_node_mark(c->key[points ? KEY_POINTS : KEY_TRICKS]),
                             "'%s' is for a ramsch (other games: declarer_points, declarer_tricks, defender_tricks)",
                             points ? "points" : "tricks");
        return true;
    }
    for (int k = KEY_DECLARER_POINTS; k <= KEY_DEFENDER_TRICKS; k++)
        if (c->key[k])
            return deal_fail(c, deal_node_mark(c->key[k]), "a ramsch has no declarer: 'points' and 'tricks' count per seat");
    if (!points && !tricks)
        return true;
    Mark at = deal_node_mark(points ? points : tricks);
    if (d->full_deal)
        return deal_fail(c, at, "a full deal's points and tricks follow from its play");
    if (!d->has_lead)
        return true;
    Position pos;
    deal_start_position(d, &pos);
    int played = 10 - set_count(d->hands[(d->lead + d->trick_size) % SEAT_COUNT]);
    int trick_sum = 0, point_sum = 0;
    for (int s = 0; s < SEAT_COUNT; s++) {
        trick_sum += d->seat_tricks[s];
        point_sum += d->seat_points[s];
        if (d->seat_points[s] > 0 && d->seat_tricks[s] == 0 && tricks)
            return deal_fail(c, deal_node_mark(points), "%s has %d points but no trick", seat_name(s), d->seat_points[s]);
    }
    if (tricks && trick_sum != played)
        return deal_fail(c, deal_node_mark(tricks), "tricks add up to %d, but %d trick%s been played", trick_sum, played,
                         played == 1 ? " has" : "s have");
    int gone = 120 - position_points_left(&pos) - (d->has_skat ? set_points(d->skat) : 0);
    if (points && (d->has_skat ? point_sum != gone : point_sum > gone))
        return deal_fail(c, deal_node_mark(points), "points add up to %d, but the cards played hold %s%d", point_sum,
                         d->has_skat ? "" : "at most ", gone);
    return true;
}

/* A problem's winning cards are cards the player to move holds (the
 * declarer's twelve where he is to lead and the discard is not given). */
static bool check_winning_cards(DealParse *c)
{
    const Deal *d = c->deal;
    if (!d->has_answer || !d->answer.winning_card_count || d->ramsch)
        return true;
    Position pos;
    position_after_play(c, &pos);
    int seat = position_to_move(&pos);
    for (int i = 0; i < d->answer.winning_card_count; i++)
        if (!set_has(pos.hands[seat], d->answer.winning_cards[i]))
            return deal_fail(c, d->answer.winning_marks[i], "winning_cards: %s is not in the hand of %s, who is to play",
                             deal_card_text(d->answer.winning_cards[i]).text, seat_name(seat));
    return true;
}

/* A Tournee's trump is a turned skat card: the skat must hold one. */
static bool check_turned_card(DealParse *c)
{
    bool ok;
    const RuleSystem *rules = deal_document_rules(c, &ok);
    return ok && deal_skat_turns(c->deal, rules, c->err, c->err_size);
}

/* A bid is one the rule system's ladder has (a game value in the ISkO). */
static bool check_bid(DealParse *c)
{
    const Deal *d = c->deal;
    if (d->bid <= 0)
        return true;
    bool ok;
    const RuleSystem *rules = deal_document_rules(c, &ok);
    if (!ok)
        return false;
    char nearest[64];
    if (!rules || !bid_off_ladder(rules, d->bid, nearest, sizeof nearest))
        return true;
    return deal_fail(c, deal_node_mark(c->value[KEY_BID]), "bid %d is not a bid of the %s rules (%s)", d->bid,
                     rules->name, nearest);
}

static bool (*const checks[])(DealParse *) = {check_ramsch, check_bid, check_pushes, check_hands, check_trick, check_discard, check_turned_card,
                                              check_play, check_results, check_ramsch_counts, check_winning_cards};

bool deal_check(DealParse *c)
{
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
        if (!checks[i](c))
            return false;
    return true;
}
