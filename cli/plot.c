#define _GNU_SOURCE /* pipe2 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common.h"
#include "plot.h"
#include "notation.h"

extern char **environ;

enum { LABEL_BYTES = 96, PATH_BYTES = 4096, WHY_BYTES = 160 };

/* The private folder gnuplot works in: a fixed place and mkdtemp's letters
 * and digits, so the paths in the script need no quoting rules. */
#define WORK_TEMPLATE "/tmp/skatdd-plot-XXXXXX"

/* ---- text that may stand anywhere ---- */

static bool is_safe_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr(" -+.,:()=", c);
}

/* Copies text keeping only letters, digits and " -+.,:()=": nothing gnuplot
 * (quotes, enhanced-text markup), a data file header or SVG reads as more
 * than text.  Any other character, a UTF-8 sequence counting as one,
 * becomes '_'. */
static const char *safe_text(const char *text, char *out, size_t n)
{
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && k + 1 < n; p++) {
        if ((*p & 0xc0) == 0x80) /* a UTF-8 continuation: its lead byte became '_' */
            continue;
        out[k++] = is_safe_char(*p) ? (char)*p : '_';
    }
    out[k] = '\0';
    return out;
}

/* ---- the target path ---- */

/* The folder part of path: "." for a bare file name. */
static void folder_of(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(out, n, ".");
    else if (slash == path)
        snprintf(out, n, "/");
    else
        snprintf(out, n, "%.*s", (int)(slash - path), path);
}

/* Fills err with why (and the folder concerned, when there is one). */
static bool refuse(char *err, size_t n, const char *why, const char *folder)
{
    snprintf(err, n, "%s%s%s", why, folder ? ": " : "", folder ? folder : "");
    return false;
}

bool plot_check_path(const char *path, char *err, size_t n)
{
    size_t len = strlen(path);
    struct stat st;
    char folder[PATH_BYTES];
    if (len == 0)
        return refuse(err, n, "no file name given", NULL);
    if (len >= sizeof folder)
        return refuse(err, n, "path too long", NULL);
    if (path[len - 1] == '/' || (stat(path, &st) == 0 && S_ISDIR(st.st_mode)))
        return refuse(err, n, "is a folder, not a file name", NULL);
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return refuse(err, n, "exists and is no plain file", NULL);
    folder_of(path, folder, sizeof folder);
    if (stat(folder, &st) != 0)
        return refuse(err, n, errno == ENOENT    ? "no such folder"
                                 : errno == ENOTDIR ? "not a folder"
                                                    : "cannot reach folder", folder);
    if (!S_ISDIR(st.st_mode))
        return refuse(err, n, "not a folder", folder);
    if (access(folder, W_OK | X_OK) != 0)
        return refuse(err, n, "folder not writable", folder);
    return true;
}

/* ---- what is drawn ---- */

/* The game families, each a panel, and below them the choices made on
 * seeing the skat ("skat, best game", "tournee, best turn"), where the
 * evaluation has one that can win: the bid ceiling may come from them. */
typedef enum { FAMILY_SUIT, FAMILY_GRAND, FAMILY_NULL, FAMILY_CHOICE, FAMILY_COUNT } Family;

static const char *const family_title[FAMILY_COUNT] = {"Suit games", "Grand", "Null",
                                                       "Chosen on seeing the skat"};

/* Suit games in the colours of the German tournament deck (clubs black,
 * spades green, hearts red, diamonds orange), lighter for each further
 * contract of the same suit; grand and null from a list of distinct colours. */
static const char *const suit_shades[4][3] = {
    {"#000000", "#707070", "#b0b0b0"},
    {"#1a7f37", "#5cbf6b", "#a3dca9"},
    {"#c8102e", "#ee6b6e", "#f5a8a8"},
    {"#e07b00", "#f4a941", "#f8d08e"},
};
static const char *const other_colours[] = {"#1f5fbf", "#8e44ad", "#0f9488", "#d9480f", "#b8860b", "#c2185b"};
static const char *const choice_colours[] = {"#4a148c", "#00695c"};

enum { CURVES_MAX = EVAL_MAX_CONTRACTS + 2 }; /* every row, and the two choices */

typedef struct {
    Family family;
    const int *bids;
    const double *p_win_at;
    int points;  /* bids drawn: through the last won, plus the drop to 0 after it */
    char label[LABEL_BYTES];
    const char *colour;
    const char *dashes;
} Curve;

static Family family_of(GameType game)
{
    return game == GAME_GRAND ? FAMILY_GRAND : game == GAME_NULL ? FAMILY_NULL : FAMILY_SUIT;
}

/* Skat games solid, hand games dashed; ouvert ones with dots in between,
 * so the legend tells them apart even in grey. */
static const char *dashes_of(const Contract *c)
{
    if (c->ouvert)
        return c->hand ? "(12,4,2,4)" : "(2,4)";
    return c->hand ? "(9,5)" : "solid";
}

/* The legend entry: the row's label as evaluate's table prints it. */
static void curve_label(const RuleSystem *rules, const Contract *c, char *out, size_t n)
{
    char label[LABEL_BYTES];
    safe_text(contract_row_label(rules, c, label, sizeof label), out, n);
}

static int points_to_draw(const double *p_win_at, int bid_count)
{
    int last_won = -1;
    for (int b = 0; b < bid_count; b++)
        if (p_win_at[b] > 0)
            last_won = b;
    return last_won + 1 < bid_count ? last_won + 2 : last_won + 1;
}

/* A choice's curve where it wins at some bid (returns 1, else 0): its label
 * as evaluate's table prints it, marked where it was chosen in the world it
 * counts (one layout per skat: optimistic, and no bid ceiling). */
static int choice_curve(const EvalAfterSkat *a, const char *label, const char *colour, Curve *k)
{
    bool wins = false;
    for (int b = 0; a->evaluated && b < a->bid_count; b++)
        wins = wins || a->p_win_at[b] > 0;
    if (!wins)
        return 0;
    k->family = FAMILY_CHOICE;
    k->points = points_to_draw(a->p_win_at, a->bid_count);
    k->bids = a->bids;
    k->p_win_at = a->p_win_at;
    char text[LABEL_BYTES];
    snprintf(text, sizeof text, "%s%s", label, a->seen_world ? " (chosen in the world counted)" : "");
    safe_text(text, k->label, sizeof k->label);
    k->colour = colour;
    k->dashes = "solid";
    return 1;
}

/* The contracts with some chance to win, each with its colour and dashes,
 * then the choices that win at some bid. */
static int choose_curves(const RuleSystem *rules, const Evaluation *e, Curve out[CURVES_MAX])
{
    int count = 0, per_suit[4] = {0}, per_family[FAMILY_COUNT] = {0};
    for (int r = 0; r < e->contract_count; r++) {
        const EvalContract *c = &e->contracts[r];
        if (!c->evaluated || c->p_win <= 0)
            continue;
        Curve *k = &out[count++];
        k->family = family_of(c->contract.game);
        k->bids = c->bids;
        k->p_win_at = c->p_win_at;
        k->points = points_to_draw(c->p_win_at, c->bid_count);
        curve_label(rules, &c->contract, k->label, sizeof k->label);
        k->dashes = dashes_of(&c->contract);
        if (k->family == FAMILY_SUIT)
            k->colour = suit_shades[c->contract.game][per_suit[c->contract.game]++ % 3];
        else
            k->colour = other_colours[per_family[k->family]++ % (sizeof other_colours / sizeof *other_colours)];
    }
    count += choice_curve(&e->after_skat, EVAL_AFTER_SKAT_LABEL, choice_colours[0], &out[count]);
    count += choice_curve(&e->turn, EVAL_TURN_LABEL, choice_colours[1], &out[count]);
    return count;
}

/* ---- the files gnuplot reads ---- */

static void curve_file(const char *dir, int i, char *out, size_t n)
{
    snprintf(out, n, "%s/c%d.dat", dir, i);
}

/* One curve's data: a header line whose second column is the legend entry
 * (read by "title columnhead", so it never passes through the script), then
 * bid and chance to win. */
static bool write_curve(const char *path, const Curve *k)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fprintf(f, "bid \"%s\"\n", k->label);
    for (int b = 0; b < k->points; b++)
        fprintf(f, "%d %.6f\n", k->bids[b], k->p_win_at[b]);
    bool ok = !ferror(f);
    return fclose(f) == 0 && ok;
}

static bool write_curves(const char *dir, const Curve *curves, int count, char *err, size_t n)
{
    char path[PATH_BYTES];
    for (int i = 0; i < count; i++) {
        curve_file(dir, i, path, sizeof path);
        if (!write_curve(path, &curves[i])) {
            snprintf(err, n, "cannot write the plot data in %s: %s", dir, strerror(errno));
            return false;
        }
    }
    return true;
}

/* ---- the script ---- */

/* Everything the script says. */
typedef struct {
    const char *dir;       /* the work folder: data files and gnuplot's output */
    char title[256];       /* safe characters only */
    Curve curves[CURVES_MAX];
    int count;
    double confidence;
    int first_bid, last_bid; /* the x axis, the same in every panel */
    int panels;            /* the game families, and the choices where one can win */
} Chart;

/* Panels are stacked, legends to the right; one x axis for all, so a bid
 * reads straight down through the families.  In pixels: the chart's title
 * above them, the x axis's label below, each panel (its own title above
 * it) and the gap to the next; the chart grows by a panel for the choices. */
enum { CHART_TOP = 85, CHART_BOTTOM = 60, PANEL_HEIGHT = 235, PANEL_GAP = 75 };

static int chart_height(int panels)
{
    return CHART_TOP + CHART_BOTTOM + panels * PANEL_HEIGHT + (panels - 1) * PANEL_GAP;
}

/* Panel f of c->panels, from the top, in gnuplot's screen units (0 at the
 * bottom, 1 at the top). */
static void write_panel(FILE *s, const Chart *c, Family f)
{
    double pixels = chart_height(c->panels);
    double top = 1 - (CHART_TOP + f * (PANEL_HEIGHT + PANEL_GAP)) / pixels, height = PANEL_HEIGHT / pixels;
    fprintf(s, "set tmargin at screen %.3f\nset bmargin at screen %.3f\n", top, top - height);
    fprintf(s, "set title '%s' offset 0, -0.4 font ',15'\n", family_title[f]);
    if ((int)f == c->panels - 1)
        fprintf(s, "set xlabel 'bid' offset 0, 0.3\n");
    int drawn = 0;
    char path[PATH_BYTES];
    for (int i = 0; i < c->count; i++) {
        if (c->curves[i].family != f)
            continue;
        curve_file(c->dir, i, path, sizeof path);
        fprintf(s, "%s'%s' using 1:2 with steps lw 2.2 lc rgb '%s' dt %s title columnhead(2), \\\n",
                drawn++ ? "     " : "plot ", path, c->curves[i].colour, c->curves[i].dashes);
    }
    if (!drawn)
        fprintf(s, "set label 1 'no chance to win in any world' at graph 0.5, 0.5 center textcolor rgb '#606060'\n"
                   "plot ");
    /* The line where its legend says (digits, a point, at most an
     * exponent: safe in gnuplot's quotes). */
    char confidence[32];
    text_fraction(c->confidence, confidence, sizeof confidence);
    fprintf(s, "%s%s with lines lw 1.2 lc rgb '#7a7a7a' dt (3,3) title 'confidence %s'\n", drawn ? "     " : "",
            confidence, confidence);
    if (!drawn)
        fprintf(s, "unset label 1\n");
}

static void write_script(FILE *s, const Chart *c)
{
    fprintf(s, "set terminal svg size 1120,%d dynamic font 'Helvetica,14' background rgb 'white'\n"
               "set output '%s/plot.svg'\n"
               "set termoption noenhanced\n"
               "set multiplot title '%s' font ',16'\n"
               "set lmargin at screen 0.07\nset rmargin at screen 0.62\n"
               "set key outside right top Left reverse samplen 4 spacing 1.2 noenhanced\n"
               "set ylabel 'chance to win'\nset xrange [%d:%d]\nset yrange [0:1.02]\n"
               "set xtics 10 nomirror\nset ytics 0.2 nomirror format '%%.1f'\n"
               "set grid xtics ytics lc rgb '#e0e0e0' lw 1 dt solid\nset border 3 lc rgb '#404040'\n",
            chart_height(c->panels), c->dir, c->title, c->first_bid, c->last_bid);
    for (Family f = 0; (int)f < c->panels; f++)
        write_panel(s, c, f);
    fprintf(s, "unset multiplot\nunset output\n");
}

/* The x axis starts at 18 or the lowest bid drawn (10 in a Tournee), and
 * ends a little after the last bid drawn, on a multiple of 10. */
static void bid_axis(const Curve *curves, int count, int *first, int *last)
{
    *first = 18;
    *last = 50;
    for (int i = 0; i < count; i++)
        if (curves[i].points > 0) {
            *first = curves[i].bids[0] < *first ? curves[i].bids[0] : *first;
            *last = curves[i].bids[curves[i].points - 1] > *last ? curves[i].bids[curves[i].points - 1] : *last;
        }
    *last = (*last / 10 + 1) * 10;
}

/* The game families' panels, and the choices' where one is drawn. */
static int panels_of(const Curve *curves, int count)
{
    for (int i = 0; i < count; i++)
        if (curves[i].family == FAMILY_CHOICE)
            return FAMILY_COUNT;
    return FAMILY_CHOICE;
}

/* The chart's title: the hand, the rule system, the worlds behind it. */
static void chart_title(const RuleSystem *rules, const Evaluation *e, char *out, size_t n)
{
    CommonOptions plain = {.symbols = false};
    char cards[64], text[256];
    snprintf(text, sizeof text, "%s %s - chance to win by bid (%s rules, %ld world%s)", seat_name(e->seat),
             text_cards(&plain, GAME_GRAND, e->hand, cards, sizeof cards), rules->name, e->worlds,
             e->worlds == 1 ? "" : "s");
    safe_text(text, out, n);
}

/* ---- running gnuplot ---- */

static bool send_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t w = write(fd, data, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        data += w;
        len -= (size_t)w;
    }
    return true;
}

/* Starts gnuplot (found on PATH, no shell) reading the script from a pipe,
 * its output thrown away and its messages into log. */
static pid_t start_gnuplot(const char *log, int *script_fd, int *spawn_error)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        *spawn_error = errno;
        return -1;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    char *const argv[] = {(char *)"gnuplot", NULL};
    pid_t pid;
    *spawn_error = posix_spawnp(&pid, "gnuplot", &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[0]);
    if (*spawn_error) {
        close(fds[1]);
        return -1;
    }
    *script_fd = fds[1];
    return pid;
}

/* The first line gnuplot complained with, reduced to safe characters. */
static void first_complaint(const char *log, char *out, size_t n)
{
    char line[WHY_BYTES] = "";
    FILE *f = fopen(log, "r");
    while (f && fgets(line, sizeof line, f) && strspn(line, " \t\r\n") == strlen(line))
        ;
    if (f)
        fclose(f);
    line[strcspn(line, "\r\n")] = '\0';
    safe_text(line, out, n);
}

static bool run_gnuplot(const char *dir, const char *script, size_t len, char *err, size_t n)
{
    char log[PATH_BYTES];
    snprintf(log, sizeof log, "%s/gnuplot.log", dir);
    int fd, spawn_error;
    pid_t pid = start_gnuplot(log, &fd, &spawn_error);
    if (pid < 0) {
        snprintf(err, n, "cannot run gnuplot: %s", strerror(spawn_error));
        return false;
    }
    /* gnuplot may stop reading early; that must come back as an error
     * here, not as SIGPIPE ending skatdd. */
    struct sigaction ignore = {.sa_handler = SIG_IGN}, before;
    sigaction(SIGPIPE, &ignore, &before);
    bool sent = send_all(fd, script, len);
    close(fd);
    sigaction(SIGPIPE, &before, NULL);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, n, "lost gnuplot: %s", strerror(errno));
            return false;
        }
    if (sent && WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return true;
    char why[WHY_BYTES];
    first_complaint(log, why, sizeof why);
    snprintf(err, n, "gnuplot failed%s%s", why[0] ? ": " : "", why);
    return false;
}

static bool draw(const Chart *c, char *err, size_t n)
{
    char *script = NULL;
    size_t len = 0;
    FILE *s = open_memstream(&script, &len);
    if (!s) {
        snprintf(err, n, "out of memory");
        return false;
    }
    write_script(s, c);
    bool ok = fclose(s) == 0 && script;
    if (!ok)
        snprintf(err, n, "out of memory");
    ok = ok && run_gnuplot(c->dir, script, len, err, n);
    free(script);
    return ok;
}

/* gnuplot can exit 0 and still leave no chart (a full disk): the SVG must
 * be there and end with its closing tag. */
static bool svg_is_complete(const char *svg, char *err, size_t n)
{
    char tail[64] = "";
    FILE *f = fopen(svg, "rb");
    if (f && fseek(f, -(long)(sizeof tail - 1), SEEK_END) != 0)
        rewind(f);
    size_t got = f ? fread(tail, 1, sizeof tail - 1, f) : 0;
    tail[got] = '\0';
    if (f)
        fclose(f);
    if (strstr(tail, "</svg>"))
        return true;
    snprintf(err, n, "gnuplot left no complete SVG");
    return false;
}

/* ---- into place ---- */

static bool copy_bytes(FILE *from, int to)
{
    char buf[1 << 14];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, from)) > 0)
        if (!send_all(to, buf, got))
            return false;
    return !ferror(from);
}

/* Across file systems: a copy next to the target, renamed over it only when
 * complete, so the target is either the old file or the whole new one. */
static bool copy_into_place(const char *from, const char *to, char *err, size_t n)
{
    char folder[PATH_BYTES], temp[PATH_BYTES + 32];
    folder_of(to, folder, sizeof folder);
    snprintf(temp, sizeof temp, "%s/.skatdd-plot-XXXXXX", folder);
    int fd = mkstemp(temp);
    if (fd < 0) {
        snprintf(err, n, "cannot write into %s: %s", folder, strerror(errno));
        return false;
    }
    mode_t mask = umask(0); /* mkstemp made it 0600; give it a new file's usual mode */
    umask(mask);
    FILE *f = fopen(from, "rb");
    bool ok = f && fchmod(fd, 0666 & ~mask) == 0 && copy_bytes(f, fd);
    int why = ok ? 0 : errno;
    if (f)
        fclose(f);
    if (close(fd) != 0 && ok) {
        ok = false;
        why = errno;
    }
    if (ok && rename(temp, to) != 0) {
        ok = false;
        why = errno;
    }
    if (!ok) {
        unlink(temp);
        snprintf(err, n, "cannot write: %s", strerror(why));
    }
    return ok;
}

/* A link is followed, as analyze --html follows it: the file it names gets
 * the chart, the link stays. */
static bool move_into_place(const char *from, const char *path, char *err, size_t n)
{
    char *real = realpath(path, NULL);
    const char *to = real ? real : path;
    bool ok = rename(from, to) == 0;
    if (!ok && errno == EXDEV)
        ok = copy_into_place(from, to, err, n);
    else if (!ok)
        snprintf(err, n, "cannot write: %s", strerror(errno));
    free(real);
    return ok;
}

static void remove_work_folder(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *entry;
    char path[PATH_BYTES];
    while (d && (entry = readdir(d)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
        unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

bool plot_evaluation(const char *path, const RuleSystem *rules, const Evaluation *e, char *err, size_t n)
{
    char dir[] = WORK_TEMPLATE;
    if (!mkdtemp(dir)) {
        snprintf(err, n, "cannot make a temporary folder in /tmp: %s", strerror(errno));
        return false;
    }
    Chart chart = {.dir = dir, .confidence = e->confidence};
    chart.count = choose_curves(rules, e, chart.curves);
    bid_axis(chart.curves, chart.count, &chart.first_bid, &chart.last_bid);
    chart.panels = panels_of(chart.curves, chart.count);
    chart_title(rules, e, chart.title, sizeof chart.title);
    char svg[sizeof dir + 16];
    snprintf(svg, sizeof svg, "%s/plot.svg", dir);
    bool ok = write_curves(dir, chart.curves, chart.count, err, n) && draw(&chart, err, n) &&
              svg_is_complete(svg, err, n) && move_into_place(svg, path, err, n);
    remove_work_folder(dir);
    return ok;
}

/* ---- bar charts ---- */

/* The bars' data: label (safe characters, quoted) and height, one a line;
 * the labels reach gnuplot from here (xtic), never through the script. */
static bool write_bars(const char *path, const PlotBar *bars, int count)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    for (int i = 0; i < count; i++) {
        char label[LABEL_BYTES];
        fprintf(f, "\"%s\" %.6f\n", safe_text(bars[i].label, label, sizeof label), bars[i].value);
    }
    bool ok = !ferror(f);
    return fclose(f) == 0 && ok;
}

bool plot_bars(const char *path, const char *title, const char *ylabel, const PlotBar *bars, int count, char *err,
               size_t n)
{
    char dir[] = WORK_TEMPLATE;
    if (!mkdtemp(dir)) {
        snprintf(err, n, "cannot make a temporary folder in /tmp: %s", strerror(errno));
        return false;
    }
    char data[sizeof dir + 16], svg[sizeof dir + 16], safe_title[256], safe_ylabel[LABEL_BYTES];
    snprintf(data, sizeof data, "%s/bars.dat", dir);
    snprintf(svg, sizeof svg, "%s/plot.svg", dir);
    bool ok = write_bars(data, bars, count);
    if (!ok)
        snprintf(err, n, "cannot write the plot data in %s: %s", dir, strerror(errno));
    char *script = NULL;
    size_t len = 0;
    FILE *s = ok ? open_memstream(&script, &len) : NULL;
    if (ok && !s) {
        snprintf(err, n, "out of memory");
        ok = false;
    }
    if (s) {
        fprintf(s, "set terminal svg size 960,540 dynamic font 'Helvetica,14' background rgb 'white'\n"
                   "set output '%s'\nset termoption noenhanced\nset title '%s' font ',16'\n"
                   "set ylabel '%s'\nset yrange [0:*]\nset style fill solid 0.85 border -1\n"
                   "set boxwidth 0.8\nset xtics nomirror rotate by -45\nset ytics nomirror\n"
                   "set grid ytics lc rgb '#e0e0e0'\nset border 3 lc rgb '#404040'\n"
                   "plot '%s' using 0:2:xtic(1) with boxes lc rgb '#1f5fbf' notitle\nunset output\n",
                svg, safe_text(title, safe_title, sizeof safe_title), safe_text(ylabel, safe_ylabel, sizeof safe_ylabel),
                data);
        ok = fclose(s) == 0 && script;
        if (!ok)
            snprintf(err, n, "out of memory");
    }
    ok = ok && run_gnuplot(dir, script, len, err, n) && svg_is_complete(svg, err, n) &&
         move_into_place(svg, path, err, n);
    free(script);
    remove_work_folder(dir);
    return ok;
}
