/* Rule systems as data.
 *
 * Each rule system (isko, texas, tournee, classic ...) is a YAML file
 * NAME.yaml read with libyaml: one of evaluator/rules/, built into the
 * program (rules_builtin.h), or a user's from a rules directory or a path.  Every parameter of the
 * scoring lives in the file: base values, multiplier levels, thresholds, the
 * lost-game and overbid rules, the bid ladder, doubling calls, Spitze, Ramsch
 * and tournament scoring, so a user can copy a file and change it.  The file
 * format is described by the comments of evaluator/rules/isko.yaml.
 *
 * Errors name the file, line and column: "FILE:LINE:COL: message". */
#ifndef SKATDD_RULES_H
#define SKATDD_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "contract.h"
#include "slurp.h"

enum {
    RULES_NAME = 48,
    RULES_TEXT = 256,
    RULES_PATH = 512,
    RULES_MAX_GAMES = 48,
    RULES_MAX_FORMS = 8,
    RULES_MAX_WORDS = 4,
    RULES_MAX_DOUBLING = 6,
    RULES_MAX_SCHEMES = 4,
    RULES_MAX_VALUE = 10000, /* no game may be worth more (checked on load) */
    /* No score may be larger (checked on load: the worst loss, overbid, with
     * every doubling call and Bock): an int, with room for tournament points
     * and for the difference of two scores (analyze's cost). */
    RULES_MAX_SCORE = 500000000,
};

/* The multiplier levels, in the order they are counted after the matadors. */
typedef enum {
    LEVEL_GAME,
    LEVEL_HAND,
    LEVEL_SCHNEIDER,
    LEVEL_SCHNEIDER_ANNOUNCED,
    LEVEL_SCHWARZ,
    LEVEL_SCHWARZ_ANNOUNCED,
    LEVEL_OUVERT,
    LEVEL_SPITZE, /* per Spitze announced */
    LEVEL_COUNT
} Level;

const char *level_name(Level level); /* "game", "schneider announced" ... */

/* A contract form of the rule system's own (tournee, solo, guckser ...). */
typedef struct {
    char name[RULES_NAME];
    int word_count;
    char words[RULES_MAX_WORDS][RULES_NAME]; /* more names for the parser */
    bool skat;        /* the declarer takes the skat; false: a hand game */
    int values_of;    /* 0, or 1 + the form whose base values apply */
    int lost_factor;  /* 0: the lost-game rule decides */
    char text[RULES_TEXT];
} RuleForm;

/* One entry of the base value table: a contract pattern and its value. */
typedef struct {
    int form;        /* 0: no form; else 1 + index into forms */
    GameType game;
    int hand;        /* -1 any, 0 skat games only, 1 hand games only */
    int ouvert;      /* -1 any, 0, 1 */
    int value;       /* base value (suit, grand) or fixed value (null) */
    int lost_factor; /* 0: the form's or the lost-game rule's */
    bool enabled;
} RuleGame;

typedef struct {
    char name[RULES_NAME]; /* kontra, re, bock, hirsch ... */
    int factor;
} RuleDoubling;

typedef enum { OVERBID_MULTIPLE_NOT_BELOW, OVERBID_MULTIPLE_ABOVE, OVERBID_KIND_COUNT } OverbidLoss;
typedef enum { NULL_OVERBID_NOT_ALLOWED, NULL_OVERBID_LOST, NULL_OVERBID_COUNT } NullOverbid;
/* A suit or grand game that no outcome can bring up to the bid. */
typedef enum { UNREACHABLE_NOT_ALLOWED, UNREACHABLE_LOST, UNREACHABLE_COUNT } UnreachableBid;
typedef enum { LADDER_GAME_VALUES, LADDER_INTEGERS, LADDER_KIND_COUNT } LadderKind;

typedef enum { RAMSCH_LOSER, RAMSCH_WINNER, RAMSCH_MODE_COUNT } RamschMode;
typedef enum { SKAT_TO_LAST_TRICK, SKAT_TO_LOSER, SKAT_TO_COUNT } RamschSkat;
typedef enum {
    TIE_ALL,               /* every tied player loses (wins) */
    TIE_LATER_TRICK_LOSES, /* of the tied, who took the later last trick loses */
    TIE_FOREHAND,          /* forehand is the winner (loser) */
    TIE_NONE,              /* nobody scores */
    TIE_KIND_COUNT
} RamschTie;

typedef struct {
    bool enabled;
    RamschMode mode;        /* loser: most points pays them; winner: least scores */
    RamschSkat skat_to;
    int winner_points;      /* winner mode: least card points */
    int no_trick_points;    /* winner mode: the winner took no trick */
    int jungfrau_factor;    /* loser mode: per player without a trick */
    int durchmarsch_points; /* one player took every trick (+ or -) */
    int push_factor;        /* Schieberamsch: per push */
    int max_pushes;
    bool push_jacks;        /* jacks may be pushed on */
    RamschTie tie;          /* two players tied */
    RamschTie three_way_tie;
} RamschRules;

typedef struct {
    char name[RULES_NAME]; /* seeger-fabian, texas-match-points */
    int won, lost;         /* added to the declarer's score */
    int defenders_3;       /* each defender at a table of three, per lost game */
    int defenders_4;       /* each defender at a table of four */
    int dealer_4;          /* the dealer sitting out at a table of four */
    int matador_bonus_above;
    int matador_bonus;     /* per matador "without" above that, in a won game */
} TournamentScheme;

typedef struct {
    char name[RULES_NAME];  /* the file's base name: "isko" */
    char file[RULES_PATH];
    char title[RULES_TEXT];
    char source[RULES_TEXT];

    int form_count;
    RuleForm forms[RULES_MAX_FORMS];
    int game_count;
    RuleGame games[RULES_MAX_GAMES];

    int matadors_max_suit, matadors_max_grand;
    int levels[LEVEL_COUNT]; /* multiplier levels each adds */
    int spitze_max;          /* Spitzen that may be announced (0: none) */

    int win_points;          /* 61 */
    int schneider_points;    /* declarer makes schneider: 90 (ISkO) or 91 */
    int schneidered_points;  /* declarer is schneider with this or fewer: 30 */

    bool announce_needs_hand;
    bool ouvert_implies_hand;          /* suit and grand ouvert */
    bool ouvert_implies_announcements; /* schneider and schwarz announced */

    int lost_skat_factor, lost_hand_factor;
    bool lost_counts_schneider, lost_counts_schwarz;

    OverbidLoss overbid;
    NullOverbid null_overbid;
    UnreachableBid unreachable;

    int min_bid;
    LadderKind ladder;
    int ladder_step;

    int doubling_count;
    RuleDoubling doubling[RULES_MAX_DOUBLING];

    RamschRules ramsch;

    int scheme_count;
    TournamentScheme schemes[RULES_MAX_SCHEMES];
} RuleSystem;

/* Loads a rule system.  name_or_path containing '/' or ending in ".yaml" is a
 * file; anything else a name looked up as rules_dir/NAME.yaml, or with
 * rules_dir NULL among the built-in systems (no fallback from a directory to
 * them: a rules directory replaces them).  On error returns false with
 * "FILE:LINE:COL: message" (or "FILE: message") in err; a built-in file is
 * named "NAME.yaml (built in)" there and in out->file. */
bool rules_load(const char *name_or_path, const char *rules_dir, RuleSystem *out, char *err, size_t n);
/* rules_load, telling a file refused (bad input) from memory that ran out
 * while reading it (READ_NO_MEMORY: "... out of memory" in err). */
ReadResult rules_read(const char *name_or_path, const char *rules_dir, RuleSystem *out, char *err, size_t n);
/* The file rules_load reads for name_or_path and rules_dir into out; false
 * for a built-in system (its text is part of the program) or a path too long. */
bool rules_file_path(const char *name_or_path, const char *rules_dir, char *out, size_t n);
/* Whether rules_load takes name_or_path for a file ('/' or ".yaml"). */
bool rules_is_path(const char *name_or_path);

/* One listed rule system: its name and whether it loads. */
typedef struct {
    char name[RULES_NAME];
    bool loaded;
    bool out_of_memory;        /* not loaded for want of memory, not for what the file says */
    char text[RULES_TEXT * 2]; /* loaded: the title; else why not (rules_load's message) */
} RuleListing;

enum { RULES_MAX_LISTED = 256 };

/* The *.yaml files of rules_dir (NULL: the built-in systems), sorted by name,
 * each loaded: the first max of them.  Returns how many there are (more
 * than max: the rest are not in out), -1 when the directory cannot be read,
 * -2 when memory ran out (err set). */
int rules_list(const char *rules_dir, RuleListing *out, int max, char *err, size_t n);

/* The form called word (its name or one of its words, any case): 1 + its
 * index, 0 when none. */
int rules_find_form(const RuleSystem *rules, const char *word);

/* The name of form (0 gives ""). */
const char *rules_form_name(const RuleSystem *rules, int form);

/* The games table entry of a contract (NULL when none fits). */
const RuleGame *rules_find_game(const RuleSystem *rules, const Contract *c);

/* The factor a lost contract counts (form, entry and lost-game rule). */
int rules_lost_factor(const RuleSystem *rules, const Contract *c);

/* The index of the doubling call called name (any case), -1 when none. */
int rules_doubling_index(const RuleSystem *rules, const char *name);

/* The tournament scheme called name, or the file's first when name is NULL
 * or "".  NULL when there is none. */
const TournamentScheme *rules_find_scheme(const RuleSystem *rules, const char *name);

#endif
