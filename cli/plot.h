/* skatdd evaluate --plot: the chance to win of each contract against the bid,
 * one panel per game family and one for the choices made on seeing the skat,
 * drawn by gnuplot into an SVG file.
 *
 * No user text reaches gnuplot's command language: gnuplot is started
 * without a shell, its script names only files skatdd made in a private
 * temporary folder, and every legend entry is read from a data file
 * (title columnhead) after being cut down to a small set of safe characters.
 * gnuplot writes into that folder; the finished SVG is then moved (or
 * copied) into place, so a failure leaves no partial file at the target. */
#ifndef SKATDD_PLOT_H
#define SKATDD_PLOT_H

#include <stdbool.h>
#include <stddef.h>

#include "evaluate.h"
#include "rules.h"

/* Whether an SVG could be written at path: its folder exists and is
 * writable, and path is no folder or other non-file.  Called before any
 * work so a typo costs nothing.  On false, err says why (without the path). */
bool plot_check_path(const char *path, char *err, size_t n);

/* Draws e into the SVG file path (replacing it).  On false, err says why in
 * one line (without the path) and path is left as it was. */
bool plot_evaluation(const char *path, const RuleSystem *rules, const Evaluation *e, char *err, size_t n);

/* One bar of a bar chart: its label under the x axis and its height. */
typedef struct {
    const char *label;
    double value;
} PlotBar;

/* Draws count bars, left to right, into the SVG file path (skatdd stats
 * --plot); the same safety and the same all-or-nothing target as above. */
bool plot_bars(const char *path, const char *title, const char *ylabel, const PlotBar *bars, int count, char *err,
               size_t n);

#endif
