#!/usr/bin/env python3
"""What a Skat player expects of evaluate's advice (tests/integration/evaluate_invariants.sh).

    evaluate_invariants.py SKATDD WORKDIR HANDS [RULES...]

Deals HANDS random hands per rule system (default classic, isko, texas,
tournee; a fixed seed, the seats in turn, from another under each) in three
forms: ten cards, ten plus the skat picked up (skat:), and the twelve in one
list (with SKATDD_QUICK ten cards under texas and tournee alone).  Each file
is evaluated with --quick under its rules: JSON with two threads, JSON with
one thread, and text with another --confidence.  Checked per hand:

  rows       each row's chances lie in [0, 1], schwarz <= schneider <= win
             <= the share of worlds the row is possible in (p_available)
  bids       the bids are bids of the rule system's ladder, rising, from its
             lowest; the chance at a bid never rises with the bid and is
             p_win at the lowest (every game value reaches it: a won game
             wins there, announcing only raises what must be made), never
             above p_win; the expected score at a bid never rises either
             (a won game scores its value whatever the bid, a lost one
             loses at least as much at a higher bid), and at the lowest bid
             it is at least the row's E(score) (the best way of announcing
             is there, not announcing among them)
  values     the chance drops after a bid only where some game of the row
             is worth exactly that bid: a world won at bid B and lost at the
             next bid of the ladder is worth B.  So every such bid is a game
             value of the contract under the rules (base value, matadors
             with or without over the hand and a skat it may find, levels
             won, hand, ouvert, announcements), with the announcement the
             bid's 'announce' names (S, Z, or after the skat: any);
             announcements only where the rules let them be made (isko and
             classic: hand games; never null or ouvert); a null game never
             at a bid above its value
  ouvert     double-dummy an ouvert game is played as the same game closed
             (README: evaluate): a suit or grand ouvert is won only with
             every trick (schwarz), a hand one exactly where its closed hand
             game makes schwarz; a null ouvert wins where its closed twin does
  twins      a skat game wins at least as often as its hand game (putting
             the skat back is among the discards: README, evaluate); under
             tournee the Guckser grand as often as the Solo grand, a
             Tournee where its trump turns at least where the Solo does, and
             the Tournee grand only where the Guckser grand (the same play)
  advice     bid_ceiling is the highest bid some row possible with some skat
             wins with probability >= confidence, named with that row (and
             its announcement at that bid); best_bid the highest bid some
             row's expected score is >= 0 at and best_contract the row with
             the best E(score), both among the rows the declarer can choose
             before he sees the skat (possible with every skat: not a
             Tournee with ten cards), best_bid also over the choice after
             the skat (not chosen in the world counted) and the turn; all
             bids of the ladder
  after skat "skat, best game" (after_skat): with ten cards double-dummy
             and two skat-game rows or more (not a Tournee) there (else
             null); its bids are the ladder's from its lowest,
             rising, its chance never rises with the bid and is at every
             bid at least each skat-game row's (not a Tournee: the turned
             card decides its trump) at that bid; the shares it chose (skat
             games only) and was overbid add up to 1; seen_world with one
             layout per skat; ceiling_after_skat where it sets the ceiling;
             its expected score never rises with the bid, and is at no bid
             at least each skat-game row's, at every bid too under rules
             without announcements after the skat (isko, classic)
  turn       "tournee, best turn" (turn): with ten cards double-dummy under
             rules with a Tournee (else null); as after skat, but at every
             bid at least each Tournee row's, choosing Tournee rows only,
             its shares and no_game adding up to 1, never seen_world;
             ceiling_turn where it sets the ceiling
  twelve     one skat, every discard two of the twelve; each skat row has
             one, the best contract's is the hand's (ten cards: none); a Tournee row is possible in every world where the skat
             given (or, the twelve in one list, one of the twelve) turns its
             trump, else in none, and then has no discard (under tournee a
             hand without a diamond or a jack is added)
  threads    --threads 1 gives the JSON of --threads 2 byte for byte, but
             for ms (the seed is the same: the same seed twice)
  text       the text names the same rows in the same order with the same
             chances, E(value), E(score), discards and availability, its
             bid steps are the JSON's first four drops (with their marks),
             and its ceiling and break-even bid are those of the JSON at the
             text's --confidence; its skat, best game and tournee, best
             turn lines the JSON's first four drops, its bid and shares
             chosen

With ten cards, --lost-levels-every 1 (every lost world told schneidered or
not) gives every chance, at every bid, and the ceiling as the default does.
The twelve-card forms are evaluated single-dummy too (two rows), and checked
the same way but for the ouvert twins; the rows played are the two with the
best double-dummy E(score) among those the skat allows.

Every violation is printed with the hand and what differs; exit status 1
when there is one.
"""
import json
import os
import random
import re
import subprocess
import sys

SEATS = ["forehand", "middlehand", "rearhand"]
SUITS = "CSHD"
RANKS = "789TJQKA"
DECK = [s + r for s in SUITS for r in RANKS]
SEED = int(os.environ.get("SKATDD_INVARIANTS_SEED", "20261206"))
TEXT_CONFIDENCE = 0.55
# Ten cards (231 skats, nearly all the time) under these rule systems; the
# sanitizer builds (SKATDD_QUICK, ten times slower) take the two that
# announce after the skat and have the Tournee's forms.
TEN_CARDS = ["texas", "tournee"] if os.environ.get("SKATDD_QUICK") else ["classic", "isko", "texas", "tournee"]
# The test runs --quick; SKATDD_INVARIANTS_OPTIONS runs others ("--samples 2",
# the layouts left out of each other's discard), to look further by hand.
OPTIONS = os.environ.get("SKATDD_INVARIANTS_OPTIONS", "--quick").split()
EPS = 1e-9

# ---- game values, from `skatdd rules NAME` ----

SUIT_GAMES = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}
STANDARD = {"clubs": 12, "spades": 11, "hearts": 10, "diamonds": 9}


class Rules:
    """A rule system as its listing says: base values, levels, announcements."""

    def __init__(self, name):
        self.name = name
        self.hand_level = 0 if name == "tournee" else 1
        self.ouvert_level = 1 if name in ("isko", "classic") else 0
        self.announce_needs_hand = name in ("isko", "classic")
        self.spitze = 1 if name == "classic" else 0  # the ladder holds its values; evaluate announces none

    def base(self, form, game, hand, ouvert):
        """The base value of a row's game (null: its value)."""
        n = self.name
        if n in ("isko", "classic"):
            if game == "null":
                return {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}[(hand, ouvert)]
            return 24 if game == "grand" and n == "isko" else 20 if game == "grand" else STANDARD[game]
        if n == "texas":
            if game == "null":
                return {(False, False): 20, (True, False): 30, (False, True): 40, (True, True): 60}[(hand, ouvert)]
            return (16 if game == "grand" else STANDARD[game]) * (2 if ouvert else 1)
        if game == "null":
            return 40 if ouvert else 20
        if form in ("tournee", "passt-mir-nicht"):
            return 12 if game == "grand" else {"clubs": 8, "spades": 7, "hearts": 6, "diamonds": 5}[game]
        if form == "guckser":
            return 16
        return (24 if ouvert else 20) if game == "grand" else STANDARD[game]

    def ladder(self):
        if self.name == "tournee":
            return list(range(10, 217))
        values = set()
        for form, game, hand, ouvert in self.rows_all():
            if game == "null":
                values.add(self.base(form, game, hand, ouvert))
                continue
            top = 11 if game != "grand" else 4
            for m in range(1, top + 1):
                for v in self.values(form, game, hand, ouvert, {m}, spitze=self.spitze):
                    values.add(v[0])
        return sorted(values)

    def rows_all(self):
        games = list(SUIT_GAMES) + ["grand"]
        rows = [(None, g, h, o) for g in games for h in (False, True) for o in (False, True)
                if self.name == "texas" or not (o and not h)]
        return rows + [(None, "null", h, o) for h in (False, True) for o in (False, True)]

    def values(self, form, game, hand, ouvert, matadors, spitze=0):
        """Every (value, announcement) a won game of the row may be worth:
        announcement None, 'schneider' or 'schwarz'."""
        if game == "null":
            return {(self.base(form, game, hand, ouvert), None)}
        base = self.base(form, game, hand, ouvert)
        out = set()
        for m in matadors:
            for sp in range(spitze + 1):
                for won in (0, 1, 2):  # won, schneider, schwarz
                    for ann in (0, 1, 2):  # none, schneider, schwarz announced
                        if ann > won or (ouvert and (won, ann) != (2, 2)):
                            continue
                        levels = 1 + (self.hand_level if hand else 0) + (won >= 1) + (ann >= 1) + (won == 2) \
                            + (ann == 2) + (self.ouvert_level if ouvert else 0) + sp
                        name = None if ouvert or ann == 0 else "schneider" if ann == 1 else "schwarz"
                        out.add((base * (m + levels), name))
        return out


def trumps(game):
    jacks = ["CJ", "SJ", "HJ", "DJ"]
    if game == "grand":
        return jacks
    s = SUIT_GAMES[game]
    return jacks + [s + r for r in "ATKQ987"]


def matadors(game, cards):
    order = trumps(game)
    held = [c in cards for c in order]
    count = 0
    for h in held:
        if h != held[0]:
            break
        count += 1
    return count


def row_shape(row):
    """(form, game, hand, ouvert) of a JSON row."""
    words = row["contract"].split()
    form = words[0] if words[0] in ("tournee", "passt-mir-nicht", "solo", "guckser") else None
    game = next(w for w in words if w in SUIT_GAMES or w in ("grand", "null"))
    return form, game, row["hand"], row["ouvert"]


# ---- the hands ----

def deal_hands(rules, count, first_seat):
    rng = random.Random("%d %s" % (SEED, rules))
    hands = []
    for i in range(count):
        cards = rng.sample(DECK, 12)
        hands.append((SEATS[(first_seat + i) % 3], cards[:10], cards[10:]))
    return hands


def doc(name, rules, seat, cards, skat=None):
    lines = ["name: %s" % json.dumps(name), "hands:", "  %s: %s" % (seat, " ".join(cards)), "rules: %s" % rules]
    if skat:
        lines.append("skat: %s" % " ".join(skat))
    return "\n".join(lines)


class Checker:
    def __init__(self, skatdd, work):
        self.skatdd, self.work = skatdd, work
        self.violations = 0
        self.checks = 0
        self.evaluations = 0
        self.worlds = 0
        self.hands = 0

    def run(self, args):
        p = subprocess.run([self.skatdd] + args, capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("skatdd %s: exit %d\n%s" % (" ".join(args), p.returncode, p.stderr))
        return p.stdout

    def expect(self, ok, where, what):
        self.checks += 1
        if not ok:
            self.violations += 1
            print("VIOLATION %s\n  %s" % (where, what))


class HandCheck:
    """The invariants of one evaluation (its JSON) of one hand."""

    def __init__(self, c, rules, where, known, twelve, skat_given, e):
        self.c, self.rules, self.where, self.e = c, rules, where, e
        self.single_dummy = e["model"] == "single-dummy"
        self.known, self.twelve, self.skat_given = known, twelve, skat_given
        self.ladder = rules.ladder()

    def expect(self, ok, what):
        self.c.expect(ok, self.where, what)

    def matador_counts(self, game):
        if self.twelve:
            return {matadors(game, self.known)}
        rest = [c for c in DECK if c not in self.known]
        return {matadors(game, self.known + [a, b]) for i, a in enumerate(rest) for b in rest[i + 1:]}

    def all(self):
        e = self.e
        self.expect(e["skats"] == (1 if self.twelve else 231), "skats %d" % e["skats"])
        rows = [r for r in e["contracts"] if r["evaluated"]]
        for r in rows:
            self.row(r)
            self.bids(r)
            self.drops(r)
        self.twins({r["contract"]: r for r in rows})
        self.after_skat(rows)
        self.turn(rows)
        self.advice(rows)
        if self.twelve:
            self.discards(rows)
        else:
            self.expect(e["discard"] is None and all(r["discard"] is None for r in rows),
                        "ten cards, yet a discard: %s" % e["discard"])

    def row(self, r):
        name = r["contract"]
        p = [r["p_schwarz"], r["p_schneider"], r["p_win"], r["p_available"]]
        self.expect(all(-EPS <= x <= 1 + EPS for x in p) and all(p[i] <= p[i + 1] + EPS for i in range(3)),
                    "%s: schwarz %s, schneider %s, win %s, available %s not in order" % (name, *p))
        if row_shape(r)[1] == "null":
            self.expect(r["p_schneider"] == 0 and r["p_schwarz"] == 0, "%s: null with schneider or schwarz" % name)

    def bids(self, r):
        name, bids = r["contract"], r["bids"]
        if r["p_available"] == 0:
            # A Tournee no skat card turns (twelve cards): listed, played in
            # no world, so no bid can be declared ("possible with 0% of the
            # skats", README: evaluate); summary_conclude passes it by.
            self.expect(not bids and r["p_win"] == 0, "%s: possible nowhere, yet bids %s" % (name, bids[:2]))
            return
        if not bids:
            self.expect(False, "%s: no bids" % name)
            return
        b = [x["bid"] for x in bids]
        self.expect(all(x in self.ladder for x in b), "%s: bids off the ladder: %s" %
                    (name, [x for x in b if x not in self.ladder]))
        self.expect(b == sorted(set(b)), "%s: bids not rising: %s" % (name, b))
        self.expect(b[0] == self.ladder[0], "%s: first bid %d, the ladder's lowest %d" % (name, b[0], self.ladder[0]))
        self.expect(abs(bids[0]["p_win"] - r["p_win"]) < EPS,
                    "%s: at the lowest bid %s, p_win %s" % (name, bids[0]["p_win"], r["p_win"]))
        rising = [(x["bid"], x["p_win"], y["bid"], y["p_win"]) for x, y in zip(bids, bids[1:])
                  if y["p_win"] > x["p_win"] + EPS]
        self.expect(not rising, "%s: the chance rises with the bid: %s" % (name, rising[:3]))
        above = [x["bid"] for x in bids if x["p_win"] > r["p_win"] + EPS]
        self.expect(not above, "%s: chance above p_win at bids %s" % (name, above))
        rising = [(x["bid"], x["expected_score"], y["bid"], y["expected_score"]) for x, y in zip(bids, bids[1:])
                  if y["expected_score"] > x["expected_score"] + 1e-6]
        self.expect(not rising, "%s: the expected score rises with the bid: %s" % (name, rising[:3]))
        self.expect(bids[0]["expected_score"] >= r["expected_score"] - 1e-6,
                    "%s: expected score at the lowest bid %s below E(score) %s" %
                    (name, bids[0]["expected_score"], r["expected_score"]))

    def drops(self, r):
        """Where the chance drops, the bid is a game value of the row."""
        name, bids = r["contract"], r["bids"]
        form, game, hand, ouvert = row_shape(r)
        if not bids:
            return
        values = self.rules.values(form, game, hand, ouvert, self.matador_counts(game) if game != "null" else {0})
        may_announce = game != "null" and not ouvert and (hand or not self.rules.announce_needs_hand)
        for i, x in enumerate(bids):
            a = x["announce"]
            self.expect(a is None or (may_announce and (a != "per skat" or not hand)),
                        "%s: announcement %s at bid %d where the rules allow none" % (name, a, x["bid"]))
            nxt = bids[i + 1]["p_win"] if i + 1 < len(bids) else 0.0
            if x["p_win"] <= nxt + EPS:
                continue
            fits = {v for v, ann in values if a == "per skat" or ann == a}
            self.expect(x["bid"] in fits, "%s: the chance drops after bid %d (announce %s), no game value of it: %s" %
                        (name, x["bid"], a, sorted(fits)[:12]))

    def twins(self, by_name):
        pairs = []
        for name, r in by_name.items():
            form, game, hand, ouvert = row_shape(r)
            if hand or form in ("tournee", "guckser"):
                continue
            twin = by_name.get(name + " hand") or by_name.get(name.replace(" ouvert", " ouvert hand"))
            if twin and twin is not r:
                pairs.append((r, twin))
        if "guckser grand" in by_name and "solo grand" in by_name:
            pairs.append((by_name["guckser grand"], by_name["solo grand"]))
        for skat, hand in pairs:
            self.expect(skat["p_win"] >= hand["p_win"] - EPS, "%s wins %s, below %s's %s" %
                        (skat["contract"], skat["p_win"], hand["contract"], hand["p_win"]))
        for game in list(SUIT_GAMES) + ["grand"]:
            t, s = by_name.get("tournee " + game), by_name.get("solo " + game)
            if t and s:
                self.expect(t["p_win"] >= s["p_win"] - (1 - t["p_available"]) - EPS,
                            "tournee %s wins %s, possible in %s: below solo %s's %s where it turns" %
                            (game, t["p_win"], t["p_available"], game, s["p_win"]))
        if not self.single_dummy:  # single-dummy the defenders see an ouvert declarer's cards
            self.open_twins(by_name)
        t, g = by_name.get("tournee grand"), by_name.get("guckser grand")
        if t and g:
            self.expect(t["p_win"] <= g["p_win"] + EPS, "tournee grand wins %s, above guckser grand's %s" %
                        (t["p_win"], g["p_win"]))

    def open_twins(self, by_name):
        """Double-dummy an ouvert game is played as the same game closed
        (README: evaluate): a suit or grand ouvert is won where every trick
        is, so a hand one exactly where its closed hand game makes schwarz;
        a null ouvert wins where its closed twin does."""
        for name, r in by_name.items():
            form, game, hand, ouvert = row_shape(r)
            if not ouvert:
                continue
            if game != "null":
                self.expect(r["p_win"] == r["p_schneider"] == r["p_schwarz"],
                            "%s: won %s, schneider %s, schwarz %s: an ouvert game needs every trick" %
                            (name, r["p_win"], r["p_schneider"], r["p_schwarz"]))
            # The closed twin: "clubs ouvert hand" (texas) and "clubs ouvert"
            # (isko: a hand game) have "clubs hand", "solo grand ouvert"
            # (tournee) "solo grand".
            base = " ".join(w for w in name.split() if w != "ouvert")
            twins = [t for t in (by_name.get(base), by_name.get(base + " hand")) if t and t["hand"] == hand]
            self.expect(twins, "%s: no closed twin" % name)
            if not twins:
                continue
            closed = twins[0]
            if game == "null":
                self.expect(r["p_win"] == closed["p_win"], "%s wins %s, %s %s" %
                            (name, r["p_win"], closed["contract"], closed["p_win"]))
            elif hand:
                self.expect(r["p_win"] == closed["p_schwarz"], "%s wins %s, %s makes schwarz %s" %
                            (name, r["p_win"], closed["contract"], closed["p_schwarz"]))

    def after_skat(self, rows):
        """The choice after the skat (README: evaluate, "Skat, best game")."""
        a, e = self.e["after_skat"], self.e
        choices = [r for r in rows if not r["hand"] and row_shape(r)[0] not in ("tournee", "passt-mir-nicht")]
        if not self.choice_given("after_skat", AFTER_SKAT, len(choices) >= 2, "%d skat-game rows" % len(choices)):
            return
        self.expect(a["seen_world"] == (e["samples"] == 1), "seen_world %s with %d layouts per skat" %
                    (a["seen_world"], e["samples"]))
        b = self.choice_bids(a, "after_skat", choices)
        skat_rows = {r["contract"] for r in rows if not r["hand"]}
        self.expect(set(a["choices"]) <= skat_rows, "after_skat chose %s, not skat-game rows" %
                    sorted(set(a["choices"]) - skat_rows))
        self.expect(abs(sum(a["choices"].values()) + a["overbid"] - 1) < 1e-6,
                    "after_skat: shares %s and overbid %s do not add up to 1" % (a["choices"], a["overbid"]))
        self.expect(a["choices_at"] in b, "after_skat: choices at %s, no bid of it" % a["choices_at"])
        # Its expected score, the game chosen for the score: at no bid at least
        # each skat-game row's (unannounced, as the choice), and at every bid
        # too (where the rules allow announcing after the skat, the choice
        # announces skat by skat, as a row may).
        below = [r["contract"] for r in choices if a["expected_score"] < r["expected_score"] - EPS]
        self.expect(not below, "after_skat: expected score %s below %s's" % (a["expected_score"], below))
        at = {x["bid"]: x["expected_score"] for x in a["bids"]}
        below = [(r["contract"], x["bid"], x["expected_score"], at.get(x["bid"])) for r in choices
                 for x in r["bids"] if x["bid"] not in at or at[x["bid"]] < x["expected_score"] - EPS]
        self.expect(not below, "after_skat: expected score below (row, bid, row's, choice's) %s" % below[:3])

    def choice_given(self, key, label, rows_enough, rows_said):
        """A choice (key in the JSON): given with ten cards double-dummy
        where there are rows_enough to choose from, else null; its ceiling
        flag exactly where the ceiling names it.  Whether it is given."""
        x, e = self.e[key], self.e
        expected = not self.twelve and not self.single_dummy and rows_enough
        self.expect((x is not None) == expected, "%s %s with %s cards %s, %s" %
                    (key, "given" if x else "null", 12 if self.twelve else 10, e["model"], rows_said))
        self.expect(e["ceiling_" + key] == (e["ceiling_contract"] == label),
                    "ceiling_%s %s, ceiling_contract %s" % (key, e["ceiling_" + key], e["ceiling_contract"]))
        return x is not None

    def choice_bids(self, a, name, below_of):
        """A choice's bids: the ladder's from its lowest, its chance in [0, 1],
        never rising with the bid, at every bid at least each row of
        below_of's; its expected score never rising with the bid either (at
        no bid it is unannounced, at a bid it may take an announcement, so
        the two are not compared).  Returns the bids."""
        b = [x["bid"] for x in a["bids"]]
        self.expect(b and b[0] == self.ladder[0] and b == sorted(set(b)) and all(x in self.ladder for x in b),
                    "%s: bids %s not the ladder's from its lowest" % (name, b[:6]))
        p = [x["p_win"] for x in a["bids"]]
        self.expect(all(-EPS <= x <= 1 + EPS for x in p), "%s: chances outside [0, 1]" % name)
        rising = [(x, y) for x, y in zip(a["bids"], a["bids"][1:]) if y["p_win"] > x["p_win"] + EPS]
        self.expect(not rising, "%s: the chance rises with the bid: %s" % (name, rising[:2]))
        scores = [x["expected_score"] for x in a["bids"]]
        rising = [(x, y) for x, y in zip(scores, scores[1:]) if y > x + EPS]
        self.expect(not rising, "%s: the expected score rises with the bid: %s" % (name, rising[:2]))
        at = dict(zip(b, p))
        for r in below_of:
            below = [(x["bid"], x["p_win"], at.get(x["bid"])) for x in r["bids"]
                     if x["bid"] not in at or at[x["bid"]] < x["p_win"] - EPS]
            self.expect(not below, "%s below %s at (bid, row, choice) %s" % (name, r["contract"], below[:3]))
        return b

    def turn(self, rows):
        """The Tournee's turn (README: evaluate, "Tournee, best turn")."""
        t, e = self.e["turn"], self.e
        tournee = [r for r in rows if row_shape(r)[0] == "tournee"]
        if not self.choice_given("turn", TURN, bool(tournee), "%d Tournee rows" % len(tournee)):
            return
        self.expect(not t["seen_world"], "turn: seen_world")
        b = self.choice_bids(t, "turn", tournee)
        names = {r["contract"] for r in tournee}
        self.expect(set(t["choices"]) <= names, "turn chose %s, not Tournee rows" % sorted(set(t["choices"]) - names))
        self.expect(abs(sum(t["choices"].values()) + t["no_game"] - 1) < 1e-6,
                    "turn: shares %s and no game %s do not add up to 1" % (t["choices"], t["no_game"]))
        self.expect(-EPS <= t["second_card"] <= 1 + EPS, "turn: second card %s" % t["second_card"])
        self.expect(t["choices_at"] in b, "turn: choices at %s, no bid of it" % t["choices_at"])

    def advice(self, rows):
        e = self.e
        want = ceiling(rows, e["confidence"], e["after_skat"], e["turn"])
        self.expect(want == (e["bid_ceiling"], e["ceiling_contract"]),
                    "bid ceiling %s (%s), the bids say %s" % (e["bid_ceiling"], e["ceiling_contract"], want))
        want = break_even(rows, e["after_skat"], e["turn"])
        self.expect(e["best_bid"] == want, "break-even bid %s, the bids say %s" % (e["best_bid"], want))
        for key in ("bid_ceiling", "best_bid"):
            self.expect(e[key] is None or e[key] in self.ladder, "%s %s not on the ladder" % (key, e[key]))
        # The rows possible with every skat, and the Tournee's turn.
        scores = {r["contract"]: r["expected_score"] for r in rows if r["p_available"] >= 1}
        if e["turn"]:
            scores[TURN] = e["turn"]["expected_score"]
        # Picking up the skat, where it was not chosen in the world counted.
        a = e["after_skat"]
        if a and not a["seen_world"]:
            scores[AFTER_SKAT] = a["expected_score"]
        best = max(scores, key=lambda k: scores[k]) if scores else None
        self.expect(e["best_contract"] == best or
                    (e["best_contract"] in scores and abs(scores[e["best_contract"]] - scores[best]) < EPS),
                    "best contract %s, the best E(score) is %s's" % (e["best_contract"], best))

    def discards(self, rows):
        best = [r for r in rows if r["contract"] == self.e["best_contract"]]
        self.expect(best and self.e["discard"] == best[0]["discard"], "discard %s, the best contract %s's %s" %
                    (self.e["discard"], self.e["best_contract"], best and best[0]["discard"]))
        for r in rows:
            d = r["discard"]
            if r["p_available"] == 0:
                self.expect(d is None, "%s: a discard where no skat turns it" % r["contract"])
                continue
            self.expect(d is not None and len(set(d)) == 2 and all(x in self.known for x in d),
                        "%s: discard %s is not two of the twelve" % (r["contract"], d))
        # A Tournee is possible where a card that may have been turned gives
        # its trump: one of the skat given, or, the twelve in one list, any
        # of them (README: evaluate); then in every world, else in none.
        for r in rows:
            form, game = row_shape(r)[:2]
            if form != "tournee":
                continue
            turned = self.skat_given or self.known
            turns = any(x in turning_cards(game) for x in turned)
            self.expect(r["p_available"] == (1 if turns else 0), "%s possible in %s of the worlds, its trump %s "
                        "by %s" % (r["contract"], r["p_available"], "turned" if turns else "not turned", turned))


def turning_cards(game):
    """The cards that give a Tournee its trump: a card of its suit (its
    jack too), for grand a jack."""
    if game == "grand":
        return ["CJ", "SJ", "HJ", "DJ"]
    return [SUIT_GAMES[game] + r for r in RANKS]


def by(rows, name):
    return next(r for r in rows if r["contract"] == name)


def announced_label(row, a):
    if a == "per skat":
        return row["contract"] + ", announcing after seeing the skat"
    return row["contract"] + (" %s announced" % a if a else "")


AFTER_SKAT = "skat, best game"
TURN = "tournee, best turn"


def ceiling(rows, confidence, after_skat=None, turn=None):
    """The rows' highest safe bid, or the choice after the skat's, or the
    Tournee's turn's, where that is higher (among equals the one before).
    A choice made in the world counted (seen_world) sets none."""
    if after_skat and after_skat["seen_world"]:
        after_skat = None
    best = (None, None)
    for r in rows:
        if r["p_available"] <= 0:
            continue
        for x in r["bids"]:
            if x["p_win"] >= confidence and (best[0] is None or x["bid"] > best[0]):
                best = (x["bid"], announced_label(r, x["announce"]))
    for x in (after_skat or {}).get("bids", []):
        if x["p_win"] >= confidence and (best[0] is None or x["bid"] > best[0]):
            best = (x["bid"], AFTER_SKAT)
    for x in (turn or {}).get("bids", []):
        if x["p_win"] >= confidence and (best[0] is None or x["bid"] > best[0]):
            best = (x["bid"], TURN)
    return best


def break_even(rows, after_skat=None, turn=None):
    """Over the rows the declarer can choose before he sees the skat (a
    Tournee with ten cards is possible only where the skat turns its trump,
    and its sums count the other worlds as nothing: summary.c, summary_choosable),
    the choice after the skat where it may set the ceiling (not chosen in
    the world counted) and the Tournee's turn (possible with any skat)."""
    if after_skat and after_skat["seen_world"]:
        after_skat = None
    bids = [x["bid"] for r in rows if r["p_available"] >= 1 for x in r["bids"] if x["expected_score"] >= 0]
    bids += [x["bid"] for x in (after_skat or {}).get("bids", []) if x["expected_score"] >= 0]
    bids += [x["bid"] for x in (turn or {}).get("bids", []) if x["expected_score"] >= 0]
    return max(bids) if bids else None


# The time a run took, the one thing two runs may differ in.
TIME = re.compile(r',"ms":[-0-9.eE+]+')


# ---- the text against the JSON ----

ROW = re.compile(r"^(?P<label>\S+(?: \S+)*?) +(?P<win>-?\d+\.\d{2,17}) +(?P<schn>-?\d+\.\d\d) +(?P<schw>-?\d+\.\d\d) +"
                 r"(?P<value>-?\d+\.\d) +(?P<score>-?\d+\.\d) (?P<rest>.*)$")


def shown_chance(p, confidence):
    """A chance to win as the text shows it (README: evaluate): two
    decimals, and as many more as it takes to stay below the confidence
    where the chance lies below it (0.5454... reads 0.545 at 0.55)."""
    for decimals in range(2, 18):
        text = "%.*f" % (decimals, p)
        if p >= confidence or float(text) < confidence:
            break
    return text


def bid_steps(bids, confidence, mark=lambda x: ""):
    """The first four bids where the chance to win drops, as the text shows
    them (a row's, with its announcement's mark; a choice's)."""
    steps = []
    for i, x in enumerate(bids):
        nxt = bids[i + 1]["p_win"] if i + 1 < len(bids) else None
        if x["p_win"] > 0 and (nxt is None or nxt < x["p_win"]) and len(steps) < 4:
            steps.append("%d:%s%s" % (x["bid"], shown_chance(x["p_win"], confidence), mark(x)))
    return steps


def text_blocks(text):
    return [b for b in text.split("\n\n") if b.strip()]


def compare_text(c, where, e, block, confidence):
    lines = block.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("contract "))
    rows = [r for r in e["contracts"] if r["evaluated"]]
    shown = []
    for line in lines[start + 1:]:
        m = ROW.match(line)
        if not m:
            break
        shown.append(m)
    c.expect([m["label"] for m in shown] == [r["contract"] for r in rows], where,
             "text rows %s, JSON %s" % ([m["label"] for m in shown], [r["contract"] for r in rows]))
    for m, r in zip(shown, rows):
        want = [shown_chance(r["p_win"], confidence), "%.2f" % r["p_schneider"], "%.2f" % r["p_schwarz"],
                "%.1f" % r["expected_value"], "%.1f" % r["expected_score"]]
        got = [m["win"], m["schn"], m["schw"], m["value"], m["score"]]
        c.expect(got == want, where, "%s: text %s, JSON %s" % (r["contract"], got, want))
        rest = m["rest"]
        marks = {"schneider": "S", "schwarz": "Z", "per skat": "*", None: ""}
        steps = bid_steps(r["bids"], confidence, lambda x: marks[x["announce"]])
        got_steps = re.findall(r"\b\d+:\d\.\d+[SZ*]?", rest.split("discard")[0].split("(possible")[0])
        c.expect(got_steps == steps, where, "%s: text bid steps %s, JSON %s" % (r["contract"], got_steps, steps))
        disc = re.search(r"discard (\S+ \S+)", rest)
        c.expect((disc.group(1).split() if disc else None) == r["discard"], where,
                 "%s: text discard %s, JSON %s" % (r["contract"], disc and disc.group(1), r["discard"]))
        avail = re.search(r"possible with (\d+)% of the skats", rest)
        want_avail = "%.0f" % (100 * r["p_available"]) if r["p_available"] < 1 else None
        c.expect((avail.group(1) if avail else None) == want_avail, where,
                 "%s: text availability %s, JSON %s" % (r["contract"], avail and avail.group(1), want_avail))
    after_rows = lines[start + 1 + len(shown):]
    if e["after_skat"] is not None and after_rows and after_rows[0].startswith(AFTER_SKAT + " "):
        compare_choice(c, where, e["after_skat"], AFTER_SKAT, after_rows[0], confidence)
        after_rows = after_rows[1:]
    else:
        c.expect(e["after_skat"] is None, where, "no text line for JSON after_skat %s" % e["after_skat"])
    if e["turn"] is not None and after_rows and after_rows[0].startswith(TURN + " "):
        compare_choice(c, where, e["turn"], TURN, after_rows[0], confidence)
    else:
        c.expect(e["turn"] is None and not (after_rows and after_rows[0].startswith(TURN + " ")), where,
                 "text line %r, JSON turn %s" % (after_rows[:1], e["turn"]))
    bid, named = ceiling(rows, confidence, e["after_skat"], e["turn"])
    say = ("Bid up to %d (wins with probability %.2f or more: pick up the skat and play the best game for it)" %
           (bid, confidence) if named == AFTER_SKAT else
           "Bid up to %d (wins with probability %.2f or more: a Tournee, taking or passing the first card)" %
           (bid, confidence) if named == TURN else
           "Bid up to %d (wins with probability %.2f or more with %s)" % (bid, confidence, named) if bid else
           "No bid is safe at probability %.2f" % confidence)
    if e["best_contract"] == TURN:
        say += "; play a Tournee, taking or passing the first card"
    elif e["best_contract"] == AFTER_SKAT:
        say += "; play that way too" if named == AFTER_SKAT else "; pick up the skat and play the best game for it"
    elif e["best_contract"]:
        say += "; play %s" % e["best_contract"]
    c.expect(say + "." in block, where, "text lacks '%s.' (JSON at confidence %s)" % (say, confidence))
    even = "Break-even bid (expected Seeger-Fabian score >= 0): %s." % (e["best_bid"] or "none")
    c.expect(even in block, where, "text lacks '%s'" % even)


def compare_choice(c, where, a, label, line, confidence):
    """A choice's text line (skat, best game; tournee, best turn), right
    after the rows: the JSON's first four drops, and the shares chosen at
    its own ceiling at the text's confidence (else its lowest bid)."""
    bids = a["bids"]
    steps = bid_steps(bids, confidence)
    head, _, chosen = line[len(label):].partition("  chosen at ")
    got_steps = re.findall(r"\b\d+:\d\.\d+", head)
    score = re.match(r"\s+(-?\d+\.\d)\s", head)
    want_score = "%.1f" % a["expected_score"] if "expected_score" in a else None
    c.expect((score.group(1) if score else None) == want_score, where,
             "%s: text E(score) %s, JSON %s" % (label, score and score.group(1), want_score))
    c.expect(got_steps == steps, where, "%s: text bid steps %s, JSON %s" % (label, got_steps, steps))
    safe = [x["bid"] for x in bids if x["p_win"] >= confidence]
    at = safe[-1] if safe else bids[0]["bid"]
    shares = a["choices"] if at == a["choices_at"] else None
    want = "%d:" % at
    if shares is not None:
        want += "".join(" %s %.2f" % (k, v) for k, v in shares.items())
        if a.get("second_card"):
            want += " (second card %.2f)" % a["second_card"]
        if a.get("overbid"):
            want += " overbid %.2f" % a["overbid"]
        if a.get("no_game"):
            want += " no game %.2f" % a["no_game"]
        c.expect(chosen == want, where, "%s: text 'chosen at %s', JSON '%s'" % (label, chosen, want))
    else:  # the JSON's shares are at the JSON's confidence: the bid alone
        c.expect(chosen.startswith(want), where, "%s: text chosen at %s, want bid %d" % (label, chosen, at))


# ---- a rule system's hands ----

def check_rules(c, rules_name, count, first_seat):
    rules = Rules(rules_name)
    ladder = rules.ladder()
    listing = c.run(["rules", rules_name])
    m = re.search(r"bids: .*?(\d+) values: ((?:\d+ )+)\.\.\. (\d+)", listing)
    c.expect(m and int(m.group(1)) == len(ladder) and [int(x) for x in m.group(2).split()] ==
             ladder[:len(m.group(2).split())] and int(m.group(3)) == ladder[-1], rules_name,
             "the ladder modelled here (%d values, %s ... %d) is not the rules' (%s)" %
             (len(ladder), ladder[:6], ladder[-1], m and m.group(0)))
    hands = deal_hands(rules_name, count, first_seat)
    if rules_name == "tournee":
        # Twelve cards without a diamond or a jack: no skat of them turns a
        # diamonds Tournee or a Tournee grand (random hands seldom lack a suit).
        hands.append(("middlehand", "HA HT HK HQ H9 H8 H7 SA CA C8".split(), ["C9", "S7"]))
    forms = [("ten", [doc("%s %d ten" % (rules_name, i), rules_name, s, h) for i, (s, h, k) in enumerate(hands)]),
             ("skat", [doc("%s %d skat" % (rules_name, i), rules_name, s, h, k) for i, (s, h, k) in enumerate(hands)]),
             ("twelve", [doc("%s %d twelve" % (rules_name, i), rules_name, s, h + k)
                         for i, (s, h, k) in enumerate(hands)])]
    if rules_name not in TEN_CARDS:
        forms = forms[1:]
    c.hands += len(hands)
    for form, docs in forms:
        path = os.path.join(c.work, "%s_%s.yaml" % (rules_name, form))
        with open(path, "w") as f:
            f.write("\n---\n".join(docs) + "\n")
        common = ["evaluate"] + OPTIONS + ["--quiet", "--seed", "7", path]
        two_lines = c.run(common + ["--format", "json", "--threads", "2"]).splitlines()
        one_lines = c.run(common + ["--format", "json", "--threads", "1"]).splitlines()
        two, one = [json.loads(l) for l in two_lines], [json.loads(l) for l in one_lines]
        text = text_blocks(c.run(common + ["--ascii", "--threads", "2", "--confidence", str(TEXT_CONFIDENCE)]))
        c.evaluations += 3 * len(docs)
        c.expect(len(two) == len(one) == len(text) == len(docs), rules_name + " " + form,
                 "%d documents, %d, %d and %d answers" % (len(docs), len(two), len(one), len(text)))
        for i, (seat, cards, skat) in enumerate(hands):
            where = "%s %s hand %d: %s %s%s" % (rules_name, form, i, seat, " ".join(cards),
                                                {"ten": "", "skat": " skat ", "twelve": " "}[form] +
                                                (" ".join(skat) if form != "ten" else ""))
            e = two[i]
            c.worlds += e["worlds"]
            known = cards + (skat if form != "ten" else [])
            HandCheck(c, rules, where, known, form != "ten", skat if form == "skat" else None, e).all()
            c.expect(TIME.sub("", two_lines[i]) == TIME.sub("", one_lines[i]), where,
                     "--threads 1 differs from --threads 2: %s" %
                     [k for k in e if k != "ms" and e[k] != one[i].get(k)])
            compare_text(c, where, e, text[i], TEXT_CONFIDENCE)
        if form != "ten":
            single_dummy(c, rules, rules_name, form, hands, common, two)
        else:
            every_lost_level(c, rules_name, hands, common, two)


def chances(e):
    """What --lost-levels-every leaves alone: every chance, at every bid,
    and the safe ceiling (README: evaluate, "Lost games")."""
    rows = [[r["contract"], r.get("p_available"), r.get("p_win"), r.get("p_schneider"), r.get("p_schwarz"),
             [(x["bid"], x["p_win"], x["announce"]) for x in r.get("bids", [])]] for r in e["contracts"]]
    after = e["after_skat"] and [(x["bid"], x["p_win"]) for x in e["after_skat"]["bids"]]
    return rows, after, e["bid_ceiling"], e["ceiling_contract"]


def every_lost_level(c, rules_name, hands, common, sampled):
    """Ten cards: asking every lost world schneidered or not changes the
    expectations only."""
    every = [json.loads(l) for l in c.run(common + ["--format", "json", "--threads", "2", "--lost-levels-every",
                                                    "1"]).splitlines()]
    c.evaluations += len(every)
    for i, (seat, cards, skat) in enumerate(hands):
        where = "%s ten hand %d, --lost-levels-every 1: %s %s" % (rules_name, i, seat, " ".join(cards))
        c.expect(chances(every[i]) == chances(sampled[i]), where, "a chance or the ceiling differs: %s" %
                 [a[0] for a, b in zip(chances(every[i])[0], chances(sampled[i])[0]) if a != b])


def single_dummy(c, rules, rules_name, form, hands, common, double):
    """Twelve cards single-dummy (cheap: one skat), two rows played: those
    with the best double-dummy E(score) among the rows the skat allows
    (README: evaluate), and the same invariants on them."""
    sd = [json.loads(l) for l in c.run(common + ["--format", "json", "--threads", "2", "--model", "single-dummy",
                                                 "--sd-contracts", "2", "--sd-layouts", "2"]).splitlines()]
    c.evaluations += len(sd)
    for i, (seat, cards, skat) in enumerate(hands):
        where = "%s %s hand %d, single-dummy: %s %s %s" % (rules_name, form, i, seat, " ".join(cards), " ".join(skat))
        possible = [r for r in double[i]["contracts"] if r["p_available"] > 0]
        possible.sort(key=lambda r: -r["expected_score"])  # stable: among equals the first row
        played = [r["contract"] for r in sd[i]["contracts"] if r["evaluated"]]
        want = sorted((r["contract"] for r in possible[:2]), key=[r["contract"] for r in double[i]["contracts"]].index)
        c.expect(played == want, where, "played %s, the best possible rows double-dummy %s" % (played, want))
        HandCheck(c, rules, where, cards + skat, True, skat if form == "skat" else None, sd[i]).all()


def main():
    skatdd, work, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rule_systems = sys.argv[4:] or ["classic", "isko", "texas", "tournee"]
    c = Checker(skatdd, work)
    for k, rules in enumerate(rule_systems):  # the seats in turn, from another seat under each rule system
        check_rules(c, rules, count, k)
    ten = [r for r in rule_systems if r in TEN_CARDS]
    print("evaluate invariants: %d hands under %d rule systems (ten cards under %s), %d evaluations, %d worlds, "
          "%d checks, %d violations" % (c.hands, len(rule_systems), " ".join(ten) or "none", c.evaluations, c.worlds,
                                        c.checks, c.violations))
    sys.exit(1 if c.violations else 0)


if __name__ == "__main__":
    main()
