/* Internal to the solver (not for evaluator/ or cli/).
 *
 * Bit operations on card sets that the search runs at every node.  In the
 * search's BMI2 copy (dispatch.h) each is one instruction: popcnt, pext,
 * pdep; in the POPCNT copy the count is.  Otherwise they are arithmetic in
 * line: gcc's __builtin_popcount without POPCNT is a call into libgcc's
 * table-driven __popcountdi2, and a bit-by-bit pext loop runs once per card
 * of its mask.  All copies compute the same values. */
#ifndef SKATDD_BITS_H
#define SKATDD_BITS_H

#include <stdint.h>

#ifdef __BMI2__
#include <immintrin.h>
#endif

/* The cards in a set. */
static inline int bit_count(uint32_t x)
{
#ifdef __POPCNT__
    return __builtin_popcount(x);
#else
    /* Sums of neighbouring 1-, 2- and 4-bit fields, then of the bytes. */
    x -= (x >> 1) & 0x55555555u;
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
#endif
}

static inline int bit_count64(uint64_t x) { return bit_count((uint32_t)x) + bit_count((uint32_t)(x >> 32)); }

/* The k lowest cards of set (all of them when it holds fewer). */
static inline uint32_t lowest_bits(uint32_t set, int k)
{
#ifdef __BMI2__
    return _pdep_u32((1u << k) - 1, set);
#else
    uint32_t chosen = 0;
    for (; k > 0 && set; k--, set &= set - 1)
        chosen |= set & -set;
    return chosen;
#endif
}

/* Gathering the bits of several sets under one mask down to the low end
 * (pext).  Without BMI2, from the mask alone five move sets are worked out
 * once, one per power of two: a bit of the mask moves right by 2^i in step i
 * when bit i of the count of non-mask places below it is set.  A step's
 * moves never collide (the bits keep their order and the gaps only close),
 * so gathering is five shifts under masks.  (The parallel-suffix method of
 * Warren's Hacker's Delight, section 7-4.) */
typedef struct {
    uint32_t mask;
#ifndef __BMI2__
    uint32_t move[5];
#endif
} BitPacker;

static inline void packer_init(BitPacker *p, uint32_t mask)
{
    p->mask = mask;
#ifndef __BMI2__
    /* gaps: bit j set for each place j whose count of non-mask places
     * below it still has bits left to work on (the count's low bits are
     * taken off one step at a time). */
    uint32_t gaps = ~mask << 1;
    for (int i = 0; i < 5; i++) {
        /* odd: bit j set when the number of gaps at or below j is odd,
         * a running parity by doubling steps. */
        uint32_t odd = gaps ^ (gaps << 1);
        odd ^= odd << 2;
        odd ^= odd << 4;
        odd ^= odd << 8;
        odd ^= odd << 16;
        uint32_t moving = odd & mask;
        p->move[i] = moving;
        mask = (mask ^ moving) | (moving >> (1u << i));
        gaps &= ~odd;
    }
#endif
}

static inline uint32_t packer_extract(const BitPacker *p, uint32_t x)
{
#ifdef __BMI2__
    return _pext_u32(x, p->mask);
#else
    x &= p->mask;
    for (int i = 0; i < 5; i++) {
        uint32_t moving = x & p->move[i];
        x = (x ^ moving) | (moving >> (1u << i));
    }
    return x;
#endif
}

#endif
