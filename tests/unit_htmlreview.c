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
    HtmlPage *page = html_page_open(path, err, sizeof err);
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

static void test_page_errors(void **state)
{
    (void)state;
    char err[256];
    assert_null(html_page_open("/nonexistent-folder-of-skatdd/page.html", err, sizeof err));
    assert_string_equal(err, "No such file or directory");
    assert_null(html_page_open("/tmp", err, sizeof err));
    assert_string_equal(err, "is a folder");
    if (access("/dev/full", W_OK) != 0)
        return;
    HtmlPage *page = html_page_open("/dev/full", err, sizeof err);
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
        cmocka_unit_test(test_page_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
