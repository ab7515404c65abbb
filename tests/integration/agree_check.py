#!/usr/bin/env python3
"""The commands agree with each other (tests/integration/agree.sh).

    agree_check.py SKATDD WORKDIR DEALS [RULES...]

Deals DEALS random deals per rule system (batch --random, a fixed seed) and
asks every command about them, through --format json, under each rule
system (default isko, texas, tournee).  What one command says must be what
another says of the same game:

  table     each row of one seat (deal i: seat i mod 3): won, game value,
            card points (null: won or not), bid ceiling, discard
  solve     the row's contract as table declares it (announcements
            included): the same answers; a skat game with table's discard
            as much as with solve's own; won at table's bid ceiling, lost
            (overbid) at a higher bid; under tournee a passt-mir-nicht
            played as the Tournee, its loss counting double
  problems  a problem made of each row, its answer what solve found
            (game_value, declarer_points or declarer_wins_null, the
            discard) and table's bid ceiling of the row; the seat's bid
            problem (table's ceiling and best contract): all correct
  analyze   solve's optimal line as a record of the game: no card of it
            costs anything, its outcome and value at the start and its
            score are solve's; its contract review is solve's score of the
            game and the best of the seat's rows
  score     the same record: solve's won, game value and score
  positions after 4, 15 and 23 cards of that line: solve's value is
            analyze's value before the card, and a problem made of the
            position (solve's value, the cards that keep it) is correct
  evaluate  it never sees the defenders' cards (it samples their layouts),
            so it is compared where the cards it knows decide: with the
            seat's twelve cards (hand and skat) its rows are table's skat
            games (those the skat allows), and where table wins a row at
            its plain value (no schneider, no announcement), the twelve
            cards fix that value: every bid up to it is won exactly as
            often as the game (null: no bid above it at all)

Every disagreement is printed with the rule system, the deal and both
answers; exit status 1 when there is one.
"""
import json
import os
import subprocess
import sys

SEATS = ["forehand", "middlehand", "rearhand"]
PREFIXES = (4, 15, 23)  # cards of the optimal line played: one of a trick, none, two
# The deals are always the same; SKATDD_AGREE_SEED deals others (to look
# further by hand, not in the test run).
SEED = int(os.environ.get("SKATDD_AGREE_SEED", "20261206"))


class Checker:
    def __init__(self, skatdd, work):
        self.skatdd = skatdd
        self.work = work
        self.disagreements = 0
        self.checks = 0
        self.solves = 0

    def run(self, args, ok=(0,)):
        """Runs skatdd; its JSON lines as objects."""
        p = subprocess.run([self.skatdd] + args, capture_output=True, text=True)
        if p.returncode not in ok:
            sys.exit("skatdd %s: exit %d\n%s" % (" ".join(args), p.returncode, p.stderr))
        return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]

    def write(self, name, docs):
        path = os.path.join(self.work, name)
        with open(path, "w") as f:
            f.write("\n---\n".join(docs) + "\n")
        return path

    def agree(self, what, deal, a_name, a, b_name, b):
        self.checks += 1
        if a == b:
            return
        self.disagreements += 1
        print("DISAGREE %s\n  deal: %s\n  %s: %s\n  %s: %s" % (what, deal_text(deal), a_name,
              json.dumps(a), b_name, json.dumps(b)))


def deal_text(deal):
    hands = " / ".join("%s %s" % (s, " ".join(deal["hands"][s])) for s in SEATS)
    return "%s / skat %s" % (hands, " ".join(deal["skat"]))


def deal_yaml(deal, rules, seat, name, extra=""):
    lines = ["name: %s" % json.dumps(name), "hands:"]
    lines += ["  %s: %s" % (s, " ".join(deal["hands"][s])) for s in SEATS]
    lines += ["skat: %s" % " ".join(deal["skat"]), "declarer: %s" % seat, "rules: %s" % rules]
    return "\n".join(lines) + ("\n" + extra if extra else "")


def declared(row):
    """The contract as table declares it: the row and its announcements."""
    return " ".join([row["contract"]] + row["announce"])


def reviewed(review):
    """analyze's contract review in the keys compared."""
    played = review["played"] or {}
    return {"won": played.get("won"), "game_value": played.get("game_value"), "score": played.get("score"),
            "best score": review["best"]["score"]}


def signed_value(outcome_won, value):
    return value if outcome_won else -value


class RuleRun:
    """One rule system's deals, and every comparison made on them."""

    def __init__(self, c, rules, count):
        self.c, self.rules = c, rules
        # The deals of batch --random (the cheapest job: a grand hand each, under every rule system here).
        lines = c.run(["batch", "--job", "solve", "--contract", "grand hand",
                       "--random", str(count), "--seed", str(SEED), "--rules", rules, "--quiet", "--threads", "2"])
        self.deals = [line["deal"] for line in lines]
        self.seats = [SEATS[i % 3] for i in range(len(self.deals))]
        self.tables = [None] * len(self.deals)
        for seat in SEATS:
            mine = [i for i in range(len(self.deals)) if self.seats[i] == seat]
            docs = [deal_yaml(self.deals[i], rules, seat, "deal %d" % i) for i in mine]
            if not docs:
                continue
            tables = c.run(["table", "--format", "json", "--threads", "2", "--declarer", seat,
                            c.write("%s_%s_deals.yaml" % (rules, seat), docs)])
            for i, t in zip(mine, tables):
                self.tables[i] = t["seats"][seat]

    def label(self, i, contract=""):
        return "%s deal %d %s %s" % (self.rules, i, self.seats[i], contract)

    # ---- table and solve ----

    def solve_rows(self):
        docs, self.keys = [], []
        for i, t in enumerate(self.tables):
            for r, row in enumerate(t["contracts"]):
                docs.append(deal_yaml(self.deals[i], self.rules, self.seats[i], "%d/%d" % (i, r),
                                      "contract: %s" % declared(row)))
                self.keys.append((i, r))
        # A skat game once more with table's discard: its best, so it must
        # give what solve's own best discard gives (the two may differ on a tie).
        with_discard = [(i, r) for i, r in self.keys if not self.tables[i]["contracts"][r]["hand"]]
        for i, r in with_discard:
            row = self.tables[i]["contracts"][r]
            docs.append(deal_yaml(self.deals[i], self.rules, self.seats[i], "%d/%d" % (i, r),
                                  "contract: %s\ndiscard: %s" % (declared(row), " ".join(row["discard"]))))
        answers = self.c.run(["solve", "--format", "json", self.c.write(self.rules + "_rows.yaml", docs)])
        self.c.solves += len(docs)
        self.solved = answers[:len(self.keys)]
        for (i, r), s in zip(with_discard, answers[len(self.keys):]):
            row = self.tables[i]["contracts"][r]
            self.c.agree(self.label(i, declared(row) + " (discard %s)" % " ".join(row["discard"])), self.deals[i],
                         "solve, its own discard", self.answer(self.solved[self.keys.index((i, r))]),
                         "solve, table's discard", self.answer(s))
        for (i, r), s in zip(self.keys, self.solved):
            row = self.tables[i]["contracts"][r]
            self.c.agree(self.label(i, declared(row)), self.deals[i],
                         "table", {"won": row["won"], "game_value": signed_value(row["won"], row["game_value"]),
                                   "declarer_points": row["declarer_points"],
                                   "declarer_wins_null": row["declarer_wins_null"]},
                         "solve", self.answer(s))

    # ---- passt-mir-nicht ----

    def second_turn(self):
        """tournee: a passt-mir-nicht (the second skat card turned) is played
        and valued as the Tournee (values_of), its loss counted double
        (lost_factor 2): table leaves it out, solve plays it."""
        rows = [(i, row) for i, t in enumerate(self.tables) for row in t["contracts"]
                if row["contract"].startswith("tournee ")]
        if self.rules != "tournee" or not rows:
            return
        docs = [deal_yaml(self.deals[i], self.rules, self.seats[i], "%d second turn" % i,
                          "contract: passt-mir-nicht %s" % declared(row)[len("tournee "):]) for i, row in rows]
        answers = self.c.run(["solve", "--format", "json", self.c.write("second_turn.yaml", docs)])
        self.c.solves += len(docs)
        for (i, row), s in zip(rows, answers):
            tournee = self.solved[self.keys.index((i, self.tables[i]["contracts"].index(row)))]
            o = tournee["outcome"]
            self.c.agree(self.label(i, declared(row) + " turned second"), self.deals[i],
                         "solve, the tournee", {"won": o["won"], "game_value": o["game_value"],
                                                "score": o["score"] if o["won"] else 2 * o["score"],
                                                "declarer_points": tournee["declarer_points"]},
                         "solve, passt-mir-nicht", {"won": s["outcome"]["won"], "game_value": s["outcome"]["game_value"],
                                                    "score": s["outcome"]["score"],
                                                    "declarer_points": s["declarer_points"]})

    # ---- table's bid ceiling and solve's overbid rule ----

    def bids(self):
        """A won row at table's ceiling is won; at any higher bid of the
        ladder lost, overbid.  The next bid: under tournee (any whole number)
        one more; else the lowest game value some won row of these deals
        reaches above the ceiling (every game value is a bid there)."""
        values = {row["game_value"] for t in self.tables for row in t["contracts"] if row["won"]}
        docs, asked = [], []
        for i, t in enumerate(self.tables):
            for row in t["contracts"]:
                ceiling = row["bid_ceiling"]
                if not row["won"] or not ceiling:
                    continue
                above = [v for v in values if v > ceiling]
                higher = ceiling + 1 if self.rules == "tournee" else min(above) if above else None
                for bid, won in ((ceiling, True), (higher, False)):
                    if bid is None:
                        continue
                    docs.append(deal_yaml(self.deals[i], self.rules, self.seats[i], "%d bid %d" % (i, bid),
                                          "contract: %s\nbid: %d" % (declared(row), bid)))
                    asked.append((i, row, bid, won))
        if not docs:
            return
        answers = self.c.run(["solve", "--format", "json", self.c.write(self.rules + "_bids.yaml", docs)])
        self.c.solves += len(docs)
        for (i, row, bid, won), s in zip(asked, answers):
            self.c.agree(self.label(i, "%s bid %d (table's ceiling %d)" % (declared(row), bid, row["bid_ceiling"])),
                         self.deals[i], "table", {"won": won}, "solve", {"won": s["outcome"]["won"]})

    @staticmethod
    def answer(s):
        o = s["outcome"]
        return {"won": o["won"], "game_value": signed_value(o["won"], o["game_value"]),
                "declarer_points": s["declarer_points"], "declarer_wins_null": s["declarer_wins_null"]}

    # ---- problems ----

    def problems(self):
        docs, expected = [], []
        for (i, r), s in zip(self.keys, self.solved):
            row = self.tables[i]["contracts"][r]
            o = s["outcome"]
            answer = {"game_value": signed_value(o["won"], o["game_value"]),
                      "bid_ceiling": row["bid_ceiling"] or None}
            if s["declarer_wins_null"] is None:
                answer["declarer_points"] = s["declarer_points"]
            else:
                answer["declarer_wins_null"] = s["declarer_wins_null"]
            if not row["hand"]:
                answer["discard"] = s["discard"]
            docs.append(deal_yaml(self.deals[i], self.rules, self.seats[i], "%s row %d/%d" % (self.rules, i, r),
                                  "contract: %s\nanswer: %s" % (declared(row), json.dumps(answer))))
            expected.append((i, declared(row)))
        for i, t in enumerate(self.tables):
            best = t["best"]
            answer = {"bid_ceiling": t["bid_ceiling"]}
            if best is not None:
                answer["contract"] = declared(best)
            docs.append(deal_yaml(self.deals[i], self.rules, self.seats[i], "%s bid %d" % (self.rules, i),
                                  "answer: %s" % json.dumps(answer)))
            expected.append((i, "bid problem"))
        found = self.c.run(["problems", "--format", "json", "--threads", "2",
                            self.c.write(self.rules + "_problems.yaml", docs)], ok=(0, 1))
        for (i, what), p in zip(expected, found):
            self.c.agree(self.label(i, what + " (problems)"), self.deals[i],
                         "solve and table", p["expected"], "problems", p["found"])

    # ---- analyze and score of the optimal line ----

    def records(self):
        """Each deal's best row and, where there is one, its first lost row,
        played out along solve's optimal line."""
        docs, picked = [], []
        for i, t in enumerate(self.tables):
            rows = t["contracts"]
            best = next((r for r, row in enumerate(rows) if t["best"] is not None and row == t["best"]), None)
            lost = next((r for r, row in enumerate(rows) if not row["won"]), None)
            for r in {x for x in (best, lost) if x is not None}:
                s = self.solved[self.keys.index((i, r))]
                extra = "contract: %s\nplay: %s" % (declared(rows[r]), " ".join(m for m in s["line"]))
                if not rows[r]["hand"]:
                    extra += "\ndiscard: %s" % " ".join(s["discard"])
                docs.append(deal_yaml(self.deals[i], self.rules, self.seats[i], "%d/%d" % (i, r), extra))
                picked.append((i, r, s))
        path = self.c.write(self.rules + "_records.yaml", docs)
        scored = self.c.run(["score", "--format", "json", path])
        analyzed = self.c.run(["analyze", "--format", "json", "--threads", "2", path])
        for (i, r, s), sc, an in zip(picked, scored, analyzed):
            what = self.label(i, declared(self.tables[i]["contracts"][r]))
            summary = an["summary"]
            start = s["declarer_points"] if s["declarer_wins_null"] is None else None
            self.c.agree(what + " (optimal line)", self.deals[i],
                         "solve", {"score": s["outcome"]["score"], "won": s["outcome"]["won"],
                                   "start_value": start, "cost": 0},
                         "analyze", {"score": summary["result"]["score"], "won": summary["result"]["won"],
                                     "start_value": start if start is None else summary["start_value"],
                                     "cost": summary["declarer_cost"] + summary["defenders_cost"]})
            o = s["outcome"]
            self.c.agree(what + " (optimal line)", self.deals[i],
                         "solve", {"won": o["won"], "game_value": o["game_value"], "score": o["score"]},
                         "score", {"won": sc["won"], "game_value": sc["game_value"], "score": sc["score"]})
            self.c.agree(what + " (outcome at the start)", self.deals[i], "solve", {"won": o["won"]},
                         "analyze", {"won": summary["start_outcome"].startswith("won")})
            # The contract review: the game played and the seat's best
            # score, over the rows of table as solve scores them.
            best = max(self.solved[self.keys.index((i, k))]["outcome"]["score"]
                       for k in range(len(self.tables[i]["contracts"])))
            review = an["contract_review"]
            self.c.agree(what + " (contract review)", self.deals[i],
                         "table and solve", {"won": o["won"], "game_value": o["game_value"], "score": o["score"],
                                             "best score": best},
                         "analyze", reviewed(review))
        self.positions(picked, analyzed)

    # ---- positions along the optimal line ----

    def positions(self, picked, analyzed):
        """Positions of the optimal line (a trick begun, one just begun,
        one about to end): solve's value there is analyze's value before
        that card, and a problem of it, its answer solve's value and the
        cards that keep it, is correct."""
        docs, asked = [], []
        for (i, r, s), an in zip(picked, analyzed):
            row = self.tables[i]["contracts"][r]
            for cards in PREFIXES:
                extra = "contract: %s\nplay: %s" % (declared(row), " ".join(s["line"][:cards]))
                if not row["hand"]:
                    extra += "\ndiscard: %s" % " ".join(s["discard"])
                docs.append(deal_yaml(self.deals[i], self.rules, self.seats[i], "%d/%d after %d" % (i, r, cards),
                                      extra))
                asked.append((i, row, cards, an["cards"][cards]["value_before"]))
        answers = self.c.run(["solve", "--format", "json", self.c.write(self.rules + "_positions.yaml", docs)])
        self.c.solves += len(docs)
        problems = []
        for (i, row, cards, before), doc, s in zip(asked, docs, answers):
            null = s["declarer_wins_null"] is not None
            value = s["declarer_wins_null"] if null else s["declarer_points"]
            self.c.agree(self.label(i, "%s after %d cards" % (declared(row), cards)), self.deals[i],
                         "solve", value, "analyze", before)
            key = "declarer_wins_null" if null else "declarer_points"
            keep = [m["card"] for m in s["moves"] if m[key] == value]
            problems.append(doc.replace('name: "', 'name: "%s ' % self.rules, 1) +
                            "\nanswer: %s" % json.dumps({key: value, "winning_cards": keep}))
        found = self.c.run(["problems", "--format", "json", self.c.write(self.rules + "_position_problems.yaml",
                                                                          problems)], ok=(0, 1))
        for (i, row, cards, _), p in zip(asked, found):
            self.c.agree(self.label(i, "%s after %d cards (problems)" % (declared(row), cards)), self.deals[i],
                         "solve", p["expected"], "problems", p["found"])

    # ---- evaluate with the twelve cards ----

    def evaluate(self):
        docs = []
        for i, d in enumerate(self.deals):
            seat = self.seats[i]
            docs.append("name: deal %d\nhands:\n  %s: %s\nskat: %s\nrules: %s" % (
                i, seat, " ".join(d["hands"][seat]), " ".join(d["skat"]), self.rules))
        evaluated = self.c.run(["evaluate", "--format", "json", "--quick", "--samples", "2", "--threads", "2",
                                "--quiet", self.c.write(self.rules + "_twelve.yaml", docs)])
        for i, (t, e) in enumerate(zip(self.tables, evaluated)):
            skat_rows = [row for row in t["contracts"] if not row["hand"]]
            # evaluate lists every Tournee row, those the skat cannot turn
            # with p_available 0 ("possible with 0% of the skats"), where
            # table leaves them out: by design, the rows it can play agree.
            self.c.agree(self.label(i, "rows (evaluate, twelve cards)"), self.deals[i],
                         "table", [row["contract"] for row in skat_rows],
                         "evaluate", [row["contract"] for row in e["contracts"] if row["p_available"] > 0])
            by_name = {row["contract"]: row for row in e["contracts"]}
            for row in skat_rows:
                ev = by_name.get(row["contract"])
                if ev is None or not row["won"] or row["announce"]:
                    continue
                plain = row["declarer_wins_null"] is not None or row["declarer_points"] < 90
                if not plain:
                    continue
                value = row["game_value"]
                null = row["declarer_wins_null"] is not None
                wrong = [b["bid"] for b in ev["bids"]
                         if (b["bid"] <= value and b["p_win"] != ev["p_win"]) or
                         (null and b["bid"] > value and b["p_win"] != 0)]
                self.c.agree(self.label(i, row["contract"] + " (evaluate: bids its value %d decides)" % value),
                             self.deals[i], "table", [], "evaluate's bids out of line", wrong)


def main():
    skatdd, work, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rule_systems = sys.argv[4:] or ["isko", "texas", "tournee"]
    c = Checker(skatdd, work)
    for rules in rule_systems:
        run = RuleRun(c, rules, count)
        run.solve_rows()
        run.second_turn()
        run.bids()
        run.problems()
        run.records()
        run.evaluate()
    print("agree: %d deals x %d rule systems, %d solves, %d comparisons, %d disagreements" % (
        count, len(rule_systems), c.solves, c.checks, c.disagreements))
    sys.exit(1 if c.disagreements else 0)


if __name__ == "__main__":
    main()
