#include "randomdeal.h"

#include "splitmix.h"

/* A number below bound, every one equally likely: the draws in the last,
 * incomplete run of bound values are thrown away. */
static unsigned uniform_below(uint64_t *state, unsigned bound)
{
    uint64_t reject_below = (0 - (uint64_t)bound) % bound; /* 2^64 mod bound */
    uint64_t x;
    do
        x = splitmix_next(state);
    while (x < reject_below);
    return (unsigned)(x % bound);
}

void random_deal(uint64_t seed, uint64_t index, CardSet hands[SEAT_COUNT], CardSet *skat)
{
    /* The (index + 1)-th output of splitmix64 seeded with seed, without the
     * index outputs before it: the state only ever grows by SPLITMIX_GAMMA. */
    uint64_t state = seed + index * SPLITMIX_GAMMA;
    state = splitmix_next(&state);
    int cards[CARD_COUNT];
    for (int c = 0; c < CARD_COUNT; c++)
        cards[c] = c;
    for (int j = CARD_COUNT - 1; j > 0; j--) {
        int k = (int)uniform_below(&state, (unsigned)j + 1);
        int t = cards[j];
        cards[j] = cards[k];
        cards[k] = t;
    }
    for (int seat = 0; seat < SEAT_COUNT; seat++) {
        hands[seat] = 0;
        for (int i = 0; i < 10; i++)
            hands[seat] |= card_bit(cards[10 * seat + i]);
    }
    *skat = card_bit(cards[30]) | card_bit(cards[31]);
}
