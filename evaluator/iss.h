/* Game records of the International Skat Server (ISS).
 *
 * ISS stores every game as one record in an SGF-like text:
 *
 *   (;GM[Skat]PC[International Skat Server]CO[]SE[24072]ID[541932]
 *    DT[2010-12-06/18:59:24/UTC]P0[zoot]P1[kermit]P2[foo]R0[]R1[]R2[0.0]
 *    MV[w HA.SK.SJ ... .H8.CK 1 p 2 18 0 p 2 s w H8.CK 2 D.ST.H8 0 SA 1 S7 ...]
 *    R[d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 ...] ;)
 *
 * Properties are LABEL[value]; '#' starts a comment to the end of the line.
 * MV holds the moves as pairs "WHO MOVE", WHO being w (the server, "world")
 * or the seat 0 forehand, 1 middlehand, 2 rearhand:
 *   w C1.C2...C32      the deal: forehand's ten cards, middlehand's,
 *                      rearhand's, then the skat ('|' may separate them)
 *   S 18 / S y / S p   bids, "yes" and passes, in the order of the bidding
 *   S s, w C1.C2       the declarer picks up the skat, the server hands it over
 *   S TYPE.D1.D2[...]  game declaration with the discard (or TYPE, then D1.D2)
 *   S TYPE[...]        hand game declaration (ouvert: the ten cards follow)
 *   S CARD             a card played
 *   S RE, S SC[...]    resignation; the declarer shows his cards (a claim:
 *                      when the moves end there, the rest is his), each
 *                      card he holds after SC ("SC.CJ.DA")
 *   w TI.S, w LE.S     time-out or a player left: the game ends
 * TYPE is G C S H D N followed by O (ouvert), H (hand), S (schneider
 * announced) and Z (schwarz announced); cards are a suit letter C S H D and a
 * rank A K Q J T 9 8 7.  The game ends after ten tricks, or early: a null game
 * when the declarer takes a trick, an announced schwarz when the defenders
 * take one, an announced schneider when they pass 30 points, a resignation.
 *
 * Sources: the ISS code itself (SimpleGame.java and SimpleState.java by
 * Michael Buro, Jeff Long and Nathan Taylor, GPLv3: the writer toSgf, the
 * reader fromSgf, makeMove and GameDeclaration.fromString) and the parser of
 * jSkat (org.jskat.control.iss.MessageParser.parseGameSummary). */
#ifndef SKATDD_ISS_H
#define SKATDD_ISS_H

#include <stdbool.h>
#include <stddef.h>

#include "deal.h"

enum { ISS_TEXT = 128 };

/* How a declared game ended. */
typedef enum {
    ISS_END_PLAYED,           /* ten tricks, or the rules ended it (null trick, failed announcement) */
    ISS_END_DECLARER_GAVE_UP, /* he resigned, timed out or left: lost, points as they stand */
    ISS_END_DEFENDERS_GAVE_UP /* both resigned, one timed out or left, or the declarer's claim (SC)
                                 stood: the cards not yet won go to the declarer */
} IssEnd;

/* The server's own result, R[d:2 loss v:-54 m:-2 bidok p:59 t:4 ...]. */
typedef struct {
    bool known;               /* R[] held v:, p: and t: */
    int value, points, tricks;
} IssServerResult;

/* A declared game settled as the server settles it. */
typedef struct {
    int declarer_points;      /* skat or discard included */
    int declarer_tricks;
    bool conceded;            /* lost whatever the points */
} IssSettlement;

typedef struct {
    Deal deal;                      /* full deal, declarer, contract, discard, bid, play */
    Mark play_marks[DEAL_MAX_PLAY]; /* where each card of play stands in the file */
    bool passed;                    /* everybody passed: no game */
    bool complete;                  /* ten tricks were played */
    char ending[ISS_TEXT];          /* how a game that stopped early ended */
    IssEnd end;
    IssServerResult server;
    char players[SEAT_COUNT][ISS_TEXT];
} IssGame;

/* Whether text (a whole file) is ISS records: "(;" first, after blanks and
 * '#' comments. */
bool iss_detect(const char *text, size_t size);

/* iss_detect, also telling where the first record starts when it is one. */
bool iss_detect_at(const char *text, size_t size, Mark *where);

/* Settles a declared game (not passed): the play as it stands, then the
 * early end (server SimpleState.gameResult: the side that gives up loses,
 * the cards left go to a declarer whose defenders gave up; null games keep
 * their tricks). */
void iss_settle(const IssGame *game, IssSettlement *out);

typedef struct IssReader IssReader;

/* Reads records from text (not copied: it must outlive the reader); path
 * names the file in messages. */
IssReader *iss_reader_new(const char *path, const char *text, size_t size);
/* The next record: 1, 0 at the end, -1 with "FILE:LINE:COL: message" in err
 * for a record refused; the next call goes on with the record after it. */
int iss_reader_next(IssReader *reader, IssGame *game, char *err, size_t err_size);
void iss_reader_free(IssReader *reader);

#endif
