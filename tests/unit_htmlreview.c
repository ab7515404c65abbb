/* analyze --html's page writer: the one escaping function, and a page that
 * is written whole or not at all. */
#define _GNU_SOURCE /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <cmocka.h>

#include "htmlreview.h"
#include "notation.h"

static char *escaped(const char *text)
{
    char *out = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&out, &size);
    assert_non_null(f);
    html_escape(f, text);
    assert_int_equal(fclose(f), 0);
    return out;
}

static void test_escape(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"", ""},
        {"plain text, 100%", "plain text, 100%"},
        {"<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"},
        {"a\"b'c&d", "a&quot;b&#39;c&amp;d"},
        {"&amp;", "&amp;amp;"},
        {"\xe2\x99\xa3J \xc3\xa4", "\xe2\x99\xa3J \xc3\xa4"}, /* UTF-8 passes as it is */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *out = escaped(cases[i][0]);
        assert_string_equal(out, cases[i][1]);
        free(out);
    }
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static int files_in(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.' || (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."));
    closedir(d);
    return n;
}

static void test_page_whole(void **state)
{
    (void)state;
    char dir[] = "/tmp/skatdd-html-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64], err[256];
    snprintf(path, sizeof path, "%s/page.html", dir);
    bool no_memory;
    HtmlPage *page = html_page_open(path, err, sizeof err, &no_memory);
    assert_non_null(page);
    html_page_add_skipped(page, "<b>game</b>", "everybody passed & \"left\"");
    html_page_add_skipped(page, "", "second");
    assert_true(html_page_close(page, err, sizeof err));
    assert_int_equal(files_in(dir), 1); /* the temporary file became the page */
    const char *text = slurp(path);
    assert_non_null(strstr(text, "<!DOCTYPE html>"));
    assert_non_null(strstr(text, "</html>\n"));
    assert_non_null(strstr(text, "&lt;b&gt;game&lt;/b&gt;"));
    assert_non_null(strstr(text, "everybody passed &amp; &quot;left&quot;"));
    assert_non_null(strstr(text, ">Game 2<")); /* a record without a name */
    assert_null(strstr(text, "<b>game"));
    unlink(path);
    rmdir(dir);
}

/* A Ramsch's section from a review made by hand: a record that stops after
 * four cards (no score).  Each seat's line has a point per card and the
 * start; a seat's value is known at its own cards and held in between; the
 * mark sits on the line of the seat that made the mistake; the name is
 * escaped. */
static void test_ramsch_section(void **state)
{
    (void)state;
    static Deal deal;
    snprintf(deal.name, sizeof deal.name, "<i>ramsch</i>");
    snprintf(deal.file, sizeof deal.file, "r&r.yaml");
    deal.pushes = 1;
    static const char *const hands[SEAT_COUNT] = {"CJ SJ HJ CA CT CK SA ST SK HA", "CQ C9 C8 C7 S9 S8 S7 HT HK HQ",
                                                  "DJ SQ H9 H8 H7 DA DT DK DQ D9"};
    for (int seat = 0; seat < SEAT_COUNT; seat++)
        for (const char *c = hands[seat]; *c; c += c[2] ? 3 : 2) {
            char name[3] = {c[0], c[1], '\0'};
            deal.hands[seat] |= (CardSet)1 << card_parse(name);
        }
    static RuleSystem rules;
    char err[256];
    assert_true(rules_load("classic", NULL, &rules, err, sizeof err));
    RamschThresholds t = {.bonus = 0, .durchmarsch_pays = true, .jungfrau_pays = true};
    static RamschReview r;
    r.count = 4;
    static const struct { int seat, before, after, cost; bool mistake; } cards[4] = {
        {0, 120, 120, 0, false}, {1, 14, 14, 0, false}, {2, 0, 13, 13, true}, {2, 13, 34, 21, true}};
    static const char *const played[4] = {"CA", "C7", "DJ", "D9"};
    for (int i = 0; i < 4; i++)
        r.cards[i] = (RamschReviewCard){.index = i, .trick = i / 3 + 1, .seat = cards[i].seat,
                                        .card = card_parse(played[i]), .value_before = cards[i].before,
                                        .value_after = cards[i].after, .cost = cards[i].cost,
                                        .mistake = cards[i].mistake, .trick_winner = i == 2 ? 2 : -1};
    r.cards[3].trick = 2;
    r.seats[0].start_value = 120;
    r.seats[1].start_value = 14;
    r.seats[2].start_value = 0;
    char dir[] = "/tmp/skatdd-html-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/ramsch.html", dir);
    bool no_memory;
    HtmlPage *page = html_page_open(path, err, sizeof err, &no_memory);
    assert_non_null(page);
    html_page_add_ramsch(page, &(HtmlRamsch){.deal = &deal, .rules = &rules, .thresholds = &t, .review = &r});
    assert_true(html_page_close(page, err, sizeof err));
    const char *text = slurp(path);
    assert_non_null(strstr(text, "<section class=\"game ramsch\" id=\"game-1\" data-cards=\"4\">"));
    assert_non_null(strstr(text, "&lt;i&gt;ramsch&lt;/i&gt;"));
    assert_non_null(strstr(text, "r&amp;r.yaml"));
    assert_null(strstr(text, "<i>"));
    assert_non_null(strstr(text, "the record stops after 4 cards"));
    assert_non_null(strstr(text, "skat pushed on 1 time"));
    /* without a score the pushes have a line of their own: markup, not escaped text */
    assert_non_null(strstr(text, "<li>Skat pushed on 1 time</li>\n"));
    assert_null(strstr(text, "&lt;li&gt;"));
    /* y = 14 + (120 - v) * 240 / 120; x = 52 + n * 574 / 30 */
    assert_non_null(strstr(text, "data-seat=\"forehand\" points=\"52.0,14.0 71.1,14.0 90.3,14.0 109.4,14.0 128.5,14.0\""));
    assert_non_null(strstr(text, "data-seat=\"middlehand\" points=\"52.0,226.0 71.1,226.0 90.3,226.0 109.4,226.0 128.5,226.0\""));
    /* rearhand: 0 until its card, 13 after it, 34 after its second */
    assert_non_null(strstr(text, "data-seat=\"rearhand\" points=\"52.0,254.0 71.1,254.0 90.3,254.0 109.4,228.0 128.5,186.0\""));
    assert_non_null(strstr(text, "<circle class=\"mk inaccuracy\" data-card=\"3\" data-seat=\"rearhand\" data-cost=\"13\" cx=\"109.4\" cy=\"228.0\""));
    assert_non_null(strstr(text, "<circle class=\"mk inaccuracy\" data-card=\"4\" data-seat=\"rearhand\" data-cost=\"21\""));
    unlink(path);
    rmdir(dir);
}

static void test_page_errors(void **state)
{
    (void)state;
    char err[256];
    bool no_memory = true;
    assert_null(html_page_open("/nonexistent-folder-of-skatdd/page.html", err, sizeof err, &no_memory));
    assert_string_equal(err, "No such file or directory");
    assert_false(no_memory); /* the path's fault: bad input */
    no_memory = true;
    assert_null(html_page_open("/tmp", err, sizeof err, &no_memory));
    assert_string_equal(err, "is a folder");
    assert_false(no_memory);
    if (access("/dev/full", W_OK) != 0)
        return;
    HtmlPage *page = html_page_open("/dev/full", err, sizeof err, &no_memory);
    assert_non_null(page); /* opening a device works; writing the page fails */
    html_page_add_skipped(page, "game", "passed");
    assert_false(html_page_close(page, err, sizeof err));
    assert_string_equal(err, "cannot write: No space left on device");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_page_whole),
        cmocka_unit_test(test_ramsch_section),
        cmocka_unit_test(test_page_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
