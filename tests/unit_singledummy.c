/* Single-dummy play (evaluator/singledummy.c): the sampled layouts agree with
 * what the chooser saw, double-dummy seats keep the double-dummy value,
 * seeing more never hurts a side, results repeat, null and ouvert games play
 * legally, and the discard finds the one that always wins. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "singledummy.h"
#include "support_cards.h"
#include "support_oracle.h"

static Solver *solver;

static int setup(void **state)
{
    (void)state;
    solver = solver_new(16u << 20);
    return solver ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    solver_free(solver);
    return 0;
}

/* How many random deals a test plays: fewer under the sanitizers. */
static int deals(int normal, int quick) { return getenv("SKATDD_QUICK") ? quick : normal; }

static const GameType suit_games[] = {GAME_CLUBS, GAME_GRAND, GAME_HEARTS};

/* A full random deal: ten cards each, the other two out of play and counted
 * for the declarer (in start.declarer_points). */
static void random_game(uint64_t *rng, GameType game, int declarer, SdGame *out)
{
    Position pos;
    random_position(rng, game, 10, declarer, SEAT_FOREHAND, 0, &pos);
    CardSet out_of_play = ~(pos.hands[0] | pos.hands[1] | pos.hands[2]);
    pos.declarer_points = set_points(out_of_play);
    *out = (SdGame){.start = pos, .out_of_play = out_of_play, .win_points = 61};
}

static int random_legal_card(uint64_t *rng, const Position *pos)
{
    CardSet legal = position_legal_moves(pos);
    int k = (int)(test_random(rng) % (uint64_t)set_count(legal));
    while (k--)
        legal &= legal - 1;
    return set_first(legal);
}

/* (1) Layouts after random play, checked against what the test itself saw. */
static void test_sampled_layouts_agree_with_what_was_seen(void **state)
{
    (void)state;
    uint64_t rng = 11;
    int differs = 0, checked = 0;
    for (int trial = 0; trial < deals(300, 60); trial++) {
        GameType game = trial % 4 == 3 ? GAME_NULL : suit_games[trial % 3];
        SdGame g;
        random_game(&rng, game, (int)(test_random(&rng) % 3), &g);
        g.declarer_knows_out_of_play = trial % 2;
        g.declarer_open = trial % 5 == 0;
        Position now = g.start;
        CardSet shown_void[SEAT_COUNT] = {0, 0, 0};
        int plays = (int)(test_random(&rng) % 29);
        for (int i = 0; i < plays; i++) {
            int card = random_legal_card(&rng, &now);
            if (now.trick_size > 0 && effective_suit(game, card) != effective_suit(game, now.trick[0]))
                shown_void[position_to_move(&now)] |= effective_suit_cards(game, effective_suit(game, now.trick[0]));
            position_play(&now, card);
        }
        CardSet trick = 0;
        for (int i = 0; i < now.trick_size; i++)
            trick |= card_bit(now.trick[i]);
        CardSet held = now.hands[0] | now.hands[1] | now.hands[2];
        CardSet played = ~(held | g.out_of_play);
        for (int me = 0; me < SEAT_COUNT; me++) {
            bool knows_out_of_play = me == g.start.declarer && g.declarer_knows_out_of_play;
            for (int k = 0; k < 4; k++) {
                Position out;
                CardSet out_of_play;
                assert_true(sd_sample_layout(&g, &now, shown_void, me, &rng, &out, &out_of_play));
                checked++;
                assert_int_equal(out.hands[me], now.hands[me]);
                assert_int_equal(out.trick_size, now.trick_size);
                assert_int_equal(out.leader, now.leader);
                for (int i = 0; i < now.trick_size; i++)
                    assert_int_equal(out.trick[i], now.trick[i]);
                assert_int_equal(set_count(out_of_play), 2);
                CardSet sampled = out.hands[0] | out.hands[1] | out.hands[2];
                assert_int_equal(sampled | out_of_play, held | g.out_of_play);
                assert_int_equal(sampled & out_of_play, 0);
                assert_int_equal(sampled & (played | trick), 0);
                for (int seat = 0; seat < SEAT_COUNT; seat++) {
                    assert_int_equal(set_count(out.hands[seat]), set_count(now.hands[seat]));
                    assert_int_equal(out.hands[seat] & shown_void[seat], 0);
                    if (seat != me)
                        assert_int_equal(out.hands[seat] & now.hands[me], 0);
                }
                if (knows_out_of_play)
                    assert_int_equal(out_of_play, g.out_of_play);
                if (g.declarer_open && me != g.start.declarer)
                    assert_int_equal(out.hands[g.start.declarer], now.hands[g.start.declarer]);
                assert_int_equal(out.declarer_points - now.declarer_points,
                                 set_points(out_of_play) - set_points(g.out_of_play));
                bool same = out_of_play == g.out_of_play;
                for (int seat = 0; seat < SEAT_COUNT; seat++)
                    same = same && out.hands[seat] == now.hands[seat];
                differs += !same;
            }
        }
    }
    /* Not the real deal handed back: most layouts differ from it. */
    assert_true(differs > checked / 2);
}

/* A game played at random from its start: the cards in order, who played
 * each, the position reached and the voids shown. */
typedef struct {
    int count, played[SD_MAX_CARDS], by[SD_MAX_CARDS];
    Position now;
    CardSet shown_void[SEAT_COUNT];
} History;

static void play_at_random(uint64_t *rng, const SdGame *g, int plays, History *h)
{
    *h = (History){.now = g->start};
    GameType game = g->start.game;
    for (int i = 0; i < plays && !position_is_over(&h->now); i++) {
        int card = random_legal_card(rng, &h->now), seat = position_to_move(&h->now);
        if (h->now.trick_size > 0 && effective_suit(game, card) != effective_suit(game, h->now.trick[0]))
            h->shown_void[seat] |= effective_suit_cards(game, effective_suit(game, h->now.trick[0]));
        h->played[h->count] = card;
        h->by[h->count++] = seat;
        position_play(&h->now, card);
    }
}

/* What seat me has seen, told without voids: the layout leaves the hands he
 * sees (his own; the declarer's in an ouvert game) and the out-of-play cards
 * when he knows them as they are, and the play so far is legal in it: each
 * seat's hand at the start (what the layout gives it now and what it played)
 * lets it play every card it played. */
static bool agrees_with_the_play(const SdGame *g, const History *h, int me, const Position *layout,
                                 CardSet out_of_play)
{
    int declarer = g->start.declarer;
    if (layout->hands[me] != h->now.hands[me])
        return false;
    if (g->declarer_open && layout->hands[declarer] != h->now.hands[declarer])
        return false;
    if (me == declarer && g->declarer_knows_out_of_play && out_of_play != g->out_of_play)
        return false;
    Position replay = g->start;
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        replay.hands[seat] = layout->hands[seat];
    for (int i = 0; i < h->count; i++)
        replay.hands[h->by[i]] |= card_bit(h->played[i]);
    for (int i = 0; i < h->count; i++) {
        if (!set_has(position_legal_moves(&replay), h->played[i]))
            return false;
        position_play(&replay, h->played[i]);
    }
    return true;
}

/* (1) Every sampled layout agrees with the play as seat me saw it, told by
 * replaying the play in it (not by the voids sd_sample_layout is given). */
static void test_sampled_layouts_replay_the_play(void **state)
{
    (void)state;
    uint64_t rng = 12;
    for (int trial = 0; trial < deals(400, 80); trial++) {
        GameType game = trial % 4 == 3 ? GAME_NULL : suit_games[trial % 3];
        SdGame g;
        random_game(&rng, game, (int)(test_random(&rng) % 3), &g);
        g.declarer_knows_out_of_play = trial % 2;
        g.declarer_open = trial % 5 == 0;
        History h;
        play_at_random(&rng, &g, (int)(test_random(&rng) % 30), &h);
        for (int me = 0; me < SEAT_COUNT; me++)
            for (int k = 0; k < 4; k++) {
                Position out;
                CardSet out_of_play;
                assert_true(sd_sample_layout(&g, &h.now, h.shown_void, me, &rng, &out, &out_of_play));
                assert_true(agrees_with_the_play(&g, &h, me, &out, out_of_play));
            }
    }
}

/* Every layout of the cards seat me cannot see that agrees with the play
 * (agrees_with_the_play), found by trying every way to deal them. */
enum { MAX_AGREEING = 300 };

typedef struct {
    const SdGame *g;
    const History *h;
    int me, places, seat_of[3], room[3], pool[CARD_COUNT], pool_size;
    CardSet dealt[3];
    long tried;
    int found;
    CardSet layout[MAX_AGREEING][3];
} Agreeing;

static void deal_every_way(Agreeing *a, int i)
{
    if (a->found > MAX_AGREEING)
        return;
    if (i == a->pool_size) {
        a->tried++;
        Position layout = a->h->now;
        CardSet out_of_play = a->g->out_of_play;
        for (int p = 0; p < a->places; p++) {
            if (a->seat_of[p] >= 0)
                layout.hands[a->seat_of[p]] = a->dealt[p];
            else
                out_of_play = a->dealt[p];
        }
        if (agrees_with_the_play(a->g, a->h, a->me, &layout, out_of_play)) {
            if (a->found < MAX_AGREEING)
                memcpy(a->layout[a->found], a->dealt, sizeof a->dealt);
            a->found++;
        }
        return;
    }
    for (int p = 0; p < a->places; p++)
        if (a->room[p] > 0) {
            a->room[p]--;
            a->dealt[p] |= card_bit(a->pool[i]);
            deal_every_way(a, i + 1);
            a->dealt[p] &= ~card_bit(a->pool[i]);
            a->room[p]++;
        }
}

static void find_agreeing(const SdGame *g, const History *h, int me, Agreeing *a)
{
    a->g = g;
    a->h = h;
    a->me = me;
    a->places = a->pool_size = a->found = 0;
    a->tried = 0;
    CardSet pool = 0;
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        if (seat != me && !(g->declarer_open && seat == g->start.declarer)) {
            a->seat_of[a->places] = seat;
            a->room[a->places++] = set_count(h->now.hands[seat]);
            pool |= h->now.hands[seat];
        }
    if (!(me == g->start.declarer && g->declarer_knows_out_of_play)) {
        a->seat_of[a->places] = -1;
        a->room[a->places++] = set_count(g->out_of_play);
        pool |= g->out_of_play;
    }
    for (int p = 0; p < a->places; p++)
        a->dealt[p] = 0;
    for (CardSet m = pool; m; m &= m - 1)
        a->pool[a->pool_size++] = set_first(m);
    deal_every_way(a, 0);
}

/* (1) Layouts come uniformly from all that agree with the play, also late in
 * the game where voids leave few and a shuffle seldom fits: each agreeing
 * layout drawn about equally often (chi-square), none missed.  Dealing by
 * each place's room once drew some layouts five times as often as others. */
static void test_sampled_layouts_are_uniform(void **state)
{
    (void)state;
    static Agreeing a;
    uint64_t rng = 13;
    int positions = 0;
    for (int trial = 0; positions < deals(30, 8); trial++) {
        assert_true(trial < 5000);
        GameType game = trial % 4 == 3 ? GAME_NULL : suit_games[trial % 3];
        SdGame g;
        random_game(&rng, game, (int)(test_random(&rng) % 3), &g);
        g.declarer_knows_out_of_play = trial % 2;
        g.declarer_open = trial % 5 == 0;
        History h;
        play_at_random(&rng, &g, 12 + (int)(test_random(&rng) % 12), &h);
        int me = (int)(test_random(&rng) % 3);
        find_agreeing(&g, &h, me, &a);
        /* Few layouts, and most ways to deal the cards break a void. */
        if (a.found < 3 || a.found > MAX_AGREEING || a.found > a.tried / 4)
            continue;
        positions++;
        enum { PER_LAYOUT = 200 };
        int drawn[MAX_AGREEING] = {0};
        for (int d = 0; d < a.found * PER_LAYOUT; d++) {
            Position out;
            CardSet out_of_play;
            assert_true(sd_sample_layout(&g, &h.now, h.shown_void, me, &rng, &out, &out_of_play));
            int k = 0;
            for (; k < a.found; k++) {
                bool same = true;
                for (int p = 0; p < a.places; p++)
                    same = same && a.layout[k][p] == (a.seat_of[p] >= 0 ? out.hands[a.seat_of[p]] : out_of_play);
                if (same)
                    break;
            }
            assert_true(k < a.found);
            drawn[k]++;
        }
        double chi_square = 0;
        for (int k = 0; k < a.found; k++) {
            assert_true(drawn[k] > 0);
            chi_square += (drawn[k] - PER_LAYOUT) * (double)(drawn[k] - PER_LAYOUT) / PER_LAYOUT;
        }
        /* Six standard deviations above its mean (degrees of freedom). */
        int freedom = a.found - 1;
        assert_true(chi_square < freedom + 6 * sqrt(2.0 * freedom));
    }
}

/* (1) Voids that leave a single layout: it is found, not given up on. */
static void test_tight_voids_still_give_the_one_layout(void **state)
{
    (void)state;
    /* Clubs; forehand (declarer, me) sees middlehand void in spades and hearts
     * and rearhand void in diamonds and trumps: every card has one place. */
    SdGame g = {.win_points = 61, .declarer_knows_out_of_play = true};
    g.start = (Position){.game = GAME_CLUBS, .declarer = SEAT_FOREHAND, .leader = SEAT_FOREHAND};
    g.start.hands[0] = test_cards("CJ SJ");
    g.start.hands[1] = test_cards("DA DT");
    g.start.hands[2] = test_cards("SA HA");
    g.out_of_play = test_cards("S7 H7");
    CardSet shown_void[3] = {0, SUIT_BITS(SUIT_SPADES) | SUIT_BITS(SUIT_HEARTS),
                             SUIT_BITS(SUIT_DIAMONDS) | trump_cards(GAME_CLUBS)};
    uint64_t rng = 3;
    for (int k = 0; k < 20; k++) {
        Position out;
        CardSet out_of_play;
        assert_true(sd_sample_layout(&g, &g.start, shown_void, SEAT_FOREHAND, &rng, &out, &out_of_play));
        assert_int_equal(out.hands[1], g.start.hands[1]);
        assert_int_equal(out.hands[2], g.start.hands[2]);
    }
}

/* (2) Everybody seeing everything plays the double-dummy value. */
static void test_all_seeing_play_keeps_the_double_dummy_value(void **state)
{
    (void)state;
    uint64_t rng = 21;
    for (int d = 0; d < deals(20, 4); d++) {
        GameType game = d % 4 == 3 ? GAME_NULL : suit_games[d % 3];
        SdGame g;
        random_game(&rng, game, d % 3, &g);
        g.sees_all = 7;
        SdResult r;
        sd_play(solver, &g, 4, (uint64_t)d, &r);
        if (game == GAME_NULL)
            assert_int_equal(r.null_won, solver_declarer_wins_null(solver, &g.start));
        else
            assert_int_equal(r.declarer_points, solver_declarer_points(solver, &g.start));
    }
    /* Many short endings, tricks in progress: where grouping equal cards wrongly would show. */
    for (int d = 0; d < deals(600, 100); d++) {
        GameType game = d % 4 == 3 ? GAME_NULL : suit_games[d % 3];
        SdGame g = {.win_points = 61, .sees_all = 7};
        random_position(&rng, game, 2 + d % 5, d % 3, (d / 3) % 3, (d / 9) % 3, &g.start);
        SdResult r;
        sd_play(solver, &g, 2, (uint64_t)d, &r);
        if (game == GAME_NULL)
            assert_int_equal(r.null_won, solver_declarer_wins_null(solver, &g.start));
        else
            assert_int_equal(r.declarer_points, solver_declarer_points(solver, &g.start));
    }
}

/* (2) A card of the trick in progress sits between two cards of the same
 * worth: they are not the same card.  Grand, the declarer in rearhand holds
 * H9 H7 to H8 and DA: only the nine takes the ace, seeing all or not. */
static void test_trick_card_splits_equal_cards(void **state)
{
    (void)state;
    SdGame g = {.win_points = 61};
    g.start = (Position){.game = GAME_GRAND, .declarer = SEAT_REARHAND, .leader = SEAT_FOREHAND};
    g.start.hands[0] = test_cards("S7");
    g.start.hands[1] = test_cards("D7");
    g.start.hands[2] = test_cards("H9 H7");
    position_play(&g.start, test_card("H8"));
    position_play(&g.start, test_card("DA"));
    for (unsigned sees_all = 0; sees_all <= 7; sees_all += 7) {
        g.sees_all = sees_all;
        SdResult r;
        sd_play(solver, &g, 2, 1, &r);
        assert_int_equal(r.played[0], test_card("H9"));
        assert_int_equal(r.declarer_points, 11);
    }
}

/* (2) Ouvert: the declarer wins only by taking every trick, and plays for
 * that.  Clubs, the declarer in rearhand with CK HJ, 39 points, every trick
 * his so far; forehand led CQ, middlehand took it with DJ.  CK gives up this
 * trick but makes 61 wherever the other cards lie; only HJ can take both
 * tricks (when CT is in the skat, half the layouts).  Playing for 61 he
 * played CK, and so never made the ouvert game. */
static void test_ouvert_declarer_plays_for_every_trick(void **state)
{
    (void)state;
    SdGame g = {.win_points = 61, .all_tricks = true, .declarer_open = true, .sees_all = 3};
    g.start = (Position){.game = GAME_CLUBS, .declarer = SEAT_REARHAND, .leader = SEAT_FOREHAND,
                         .declarer_points = 39, .declarer_tricks = 8};
    g.start.hands[0] = test_cards("CQ HA");
    g.start.hands[1] = test_cards("DJ CT");
    g.start.hands[2] = test_cards("CK HJ");
    g.out_of_play = test_cards("C7 C8");
    position_play(&g.start, test_card("CQ"));
    position_play(&g.start, test_card("DJ"));
    SdResult r;
    sd_play(solver, &g, 16, 1, &r);
    assert_int_equal(r.played[0], test_card("HJ"));
    /* Here CT is middlehand's: the ouvert game is lost all the same. */
    assert_int_equal(r.declarer_tricks, 9);
}

/* The game played twice: the declarer guessing against defenders who see
 * all, then the defenders guessing against a declarer who sees all. */
static void play_one_side_guessing(SdGame *g, uint64_t seed, SdResult *guessing_declarer,
                                   SdResult *guessing_defenders)
{
    unsigned declarer_bit = 1u << g->start.declarer;
    g->sees_all = 7u & ~declarer_bit;
    sd_play(solver, g, 3, seed, guessing_declarer);
    g->sees_all = declarer_bit;
    sd_play(solver, g, 3, seed, guessing_defenders);
}

/* (3) Seeing more never hurts: a guessing declarer against defenders who see
 * all gets at most the double-dummy value, guessing defenders against a
 * declarer who sees all keep him to at least it. */
static void test_guessing_side_never_beats_double_dummy(void **state)
{
    (void)state;
    uint64_t rng = 31;
    for (int d = 0; d < deals(20, 3); d++) {
        SdGame g;
        random_game(&rng, suit_games[d % 3], d % 3, &g);
        int dd = solver_declarer_points(solver, &g.start);
        SdResult guessing_declarer, guessing_defenders;
        play_one_side_guessing(&g, (uint64_t)d, &guessing_declarer, &guessing_defenders);
        assert_true(guessing_declarer.declarer_points <= dd);
        assert_true(guessing_defenders.declarer_points >= dd);
        assert_int_equal(guessing_declarer.cards_played, 30);
    }
}

/* The same with cards tied on winning told apart by the levels scoring
 * counts: seeing all keeps each level double-dummy play decides. */
static void test_levels_never_beat_double_dummy(void **state)
{
    (void)state;
    uint64_t rng = 41;
    for (int d = 0; d < deals(16, 3); d++) {
        SdGame g;
        random_game(&rng, suit_games[d % 3], (d + 1) % 3, &g);
        g.schneider_points = 90;
        g.schneidered_points = 30;
        SdResult guessing_declarer, guessing_defenders;
        play_one_side_guessing(&g, (uint64_t)d, &guessing_declarer, &guessing_defenders);
        const int thresholds[] = {31, 61, 90};
        for (int k = 0; k < 3; k++) {
            bool dd = solver_declarer_reaches(solver, &g.start, thresholds[k]);
            assert_true(guessing_declarer.declarer_points < thresholds[k] || dd);
            assert_true(guessing_defenders.declarer_points >= thresholds[k] || !dd);
        }
        bool all = solver_declarer_takes_all(solver, &g.start);
        assert_true(guessing_declarer.declarer_tricks < 10 || all);
        assert_true(guessing_defenders.declarer_tricks == 10 || !all);
    }
}

/* (4) The same seed gives the same game, whatever the table held. */
static void test_same_seed_same_game(void **state)
{
    (void)state;
    uint64_t rng = 41;
    Solver *other = solver_new(1u << 20);
    assert_non_null(other);
    for (int d = 0; d < deals(3, 1); d++) {
        SdGame g;
        random_game(&rng, d % 2 ? GAME_GRAND : GAME_NULL, d % 3, &g);
        SdResult a, b;
        sd_play(solver, &g, 3, 77, &a);
        sd_play(other, &g, 3, 77, &b);
        assert_int_equal(a.cards_played, b.cards_played);
        assert_memory_equal(a.played, b.played, sizeof a.played[0] * (size_t)a.cards_played);
        assert_int_equal(a.declarer_points, b.declarer_points);
        assert_int_equal(a.declarer_tricks, b.declarer_tricks);
        assert_int_equal(a.null_won, b.null_won);
    }
    solver_free(other);
}

/* Replays a result from the start: every card legal, the same outcome. */
static void check_replay(const SdGame *g, const SdResult *r)
{
    Position pos = g->start;
    for (int i = 0; i < r->cards_played; i++) {
        assert_true(set_has(position_legal_moves(&pos), r->played[i]));
        position_play(&pos, r->played[i]);
    }
    assert_int_equal(pos.declarer_points, r->declarer_points);
    assert_int_equal(pos.declarer_tricks, r->declarer_tricks);
    if (g->start.game == GAME_NULL) {
        assert_int_equal(r->null_won, pos.declarer_tricks == 0);
        /* Played to the end when won, stopped at his first trick when lost. */
        assert_true(r->null_won ? r->cards_played == 30
                                : r->declarer_tricks == 1 && pos.trick_size == 0);
    } else {
        assert_int_equal(r->cards_played, 30);
    }
}

/* (5) Null, null ouvert and grand ouvert games play out legally. */
static void test_null_and_ouvert_play_legally(void **state)
{
    (void)state;
    uint64_t rng = 51;
    for (int d = 0; d < deals(6, 2); d++) {
        SdGame g;
        random_game(&rng, d % 3 == 2 ? GAME_GRAND : GAME_NULL, d % 3, &g);
        g.declarer_open = d % 3 != 0;
        SdResult r;
        sd_play(solver, &g, 3, (uint64_t)d, &r);
        check_replay(&g, &r);
    }
}

/* (6) The discard: two of the twelve cards, and the one that always wins. */
static void test_discard_finds_the_winning_one(void **state)
{
    (void)state;
    /* Forehand, clubs: trumps drawn, he loses the four small side cards, so
     * only putting the two unguarded tens away banks enough points: ST HT win
     * in every layout, nearly every other discard loses in most. */
    CardSet twelve = test_cards("CJ SJ HJ DJ CA CT ST HT S7 H7 D7 D8");
    CardSet skat = test_cards("S7 H7");
    CardSet discard = sd_discard(solver, GAME_CLUBS, SEAT_FOREHAND, twelve, skat, 61, 6, 5);
    assert_int_equal(discard, test_cards("ST HT"));

    uint64_t rng = 61;
    for (int d = 0; d < deals(4, 1); d++) {
        GameType game = d % 2 ? GAME_NULL : GAME_GRAND;
        Position pos;
        random_position(&rng, game, 10, SEAT_MIDDLEHAND, SEAT_FOREHAND, 0, &pos);
        CardSet rest = ~(pos.hands[0] | pos.hands[1] | pos.hands[2]);
        twelve = pos.hands[SEAT_MIDDLEHAND] | rest;
        discard = sd_discard(solver, game, SEAT_MIDDLEHAND, twelve, rest, 61, 3, (uint64_t)d);
        assert_int_equal(set_count(discard), 2);
        assert_int_equal(discard & ~twelve, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sampled_layouts_agree_with_what_was_seen),
        cmocka_unit_test(test_sampled_layouts_replay_the_play),
        cmocka_unit_test(test_sampled_layouts_are_uniform),
        cmocka_unit_test(test_tight_voids_still_give_the_one_layout),
        cmocka_unit_test(test_all_seeing_play_keeps_the_double_dummy_value),
        cmocka_unit_test(test_trick_card_splits_equal_cards),
        cmocka_unit_test(test_ouvert_declarer_plays_for_every_trick),
        cmocka_unit_test(test_guessing_side_never_beats_double_dummy),
        cmocka_unit_test(test_levels_never_beat_double_dummy),
        cmocka_unit_test(test_same_seed_same_game),
        cmocka_unit_test(test_null_and_ouvert_play_legally),
        cmocka_unit_test(test_discard_finds_the_winning_one),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
