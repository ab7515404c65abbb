#include "layout.h"

#include <string.h>

#include "endings.h"

/* Lays out the internal card numbering for a kind of game. */
static void configure(Solver *s, GameType game, int declarer)
{
    if (s->configured && s->game == game && s->declarer == declarer)
        return;
    s->configured = true;
    s->game = game;
    s->declarer = declarer;
    s->defender[0] = seat_after[declarer][1];
    s->defender[1] = seat_after[declarer][2];
    tt_new_generation(s->tt);
    endings_new_stamp(s);
    forget_move_order(s);

    int next = 0;
    s->trump = 0;
    s->suits.count = 0;
    for (int suit = 0; suit <= TRUMP_SUIT; suit++) {
        CardSet members = effective_suit_cards(game, suit);
        int first = next;
        /* Weakest first: strengths are distinct within an effective suit. */
        while (members) {
            int weakest = -1;
            for (CardSet m = members; m; m &= m - 1) {
                int c = set_first(m);
                if (weakest < 0 || card_strength(game, c) < card_strength(game, weakest))
                    weakest = c;
            }
            members &= ~card_bit(weakest);
            s->internal_of[weakest] = (signed char)next;
            s->card_of[next] = (signed char)weakest;
            s->points[next] = (uint8_t)card_points(weakest);
            next++;
        }
        uint32_t run = next > first ? (uint32_t)(((1ull << next) - 1) & ~((1ull << first) - 1)) : 0;
        for (int b = first; b < next; b++)
            s->follow[b] = run;
        if (suit == TRUMP_SUIT)
            s->trump = run;
        if (next > first)
            s->suits.run[s->suits.count++] = run;
    }
    for (int b = 0; b < 32; b++)
        s->equal_points[b] = game == GAME_NULL ? 0 : s->points[b];
    memset(s->worth, 0, sizeof s->worth);
    memset(s->within, 0, sizeof s->within);
    for (int b = 0; b < next; b++) {
        for (int k = 0; k < 6; k++)
            if (s->points[b] == worth_points[k])
                s->worth[k] |= 1u << b;
        for (int j = 0; j < 4; j++)
            if (b + (1 << j) < next && ((s->follow[b] >> (b + (1 << j))) & 1u))
                s->within[j] |= 1u << b;
    }
    /* Each set of a byte's cards is one set already summed and its lowest card. */
    for (int byte = 0; byte < 4; byte++) {
        s->byte_points[byte][0] = 0;
        for (int bits = 1; bits < 256; bits++)
            s->byte_points[byte][bits] =
                (uint8_t)(s->byte_points[byte][bits & (bits - 1)] + s->points[8 * byte + __builtin_ctz(bits)]);
    }
}

static uint32_t to_internal(const Solver *s, CardSet cards)
{
    uint32_t out = 0;
    for (; cards; cards &= cards - 1)
        out |= 1u << s->internal_of[set_first(cards)];
    return out;
}

int layout_load(Solver *s, const Position *pos, int kind)
{
    configure(s, pos->game, pos->declarer);
    s->ramsch = kind == KIND_RAMSCH;
    int mode = s->ramsch ? 1 + s->ramsch_bonus : 0;
    if (mode != s->point_mode && (kind == KIND_POINTS || s->ramsch)) {
        /* The cached endings hold the values of the other objective. */
        endings_new_stamp(s);
        s->point_mode = mode;
    }
    if (s->ramsch && mode != s->tt_ramsch_mode) {
        /* Its Ramsch entries counted another bonus. */
        tt_new_generation(s->tt);
        s->tt_ramsch_mode = mode;
    }
    s->hand_points = s->ramsch ? s->ramsch_bonus : 0;
    for (int seat = 0; seat < 3; seat++) {
        s->hand[seat] = to_internal(s, pos->hands[seat]);
        s->hand_points += set_points(pos->hands[seat]);
    }
    for (int i = 0; i < pos->trick_size; i++)
        s->trick[i] = s->internal_of[pos->trick[i]];
    s->kind = kind;
    return pos->trick_size;
}
