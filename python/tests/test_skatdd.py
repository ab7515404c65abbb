"""The Python module over libskatdd (SKATDD_LIBRARY=build/libskatdd.so.0).

Run from the source tree: PYTHONPATH=python python3 -m unittest discover -s python/tests
"""
import os
import threading
import unittest

import skatdd

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(TOP, "problems", "examples.yaml")

GRAND = """name: Grand with four jacks
hands:
  forehand:   CJ SJ HJ DJ CA CT CK SA ST S9
  middlehand: [C9, C8, C7, SK, SQ, S8, HA, HT, HK, HQ]
  rearhand:   H9 H8 H7 DA DT DK DQ D9 S7 CQ
skat: D8 D7
declarer: forehand
contract: grand
"""


class CardsTest(unittest.TestCase):
    def test_version(self):
        self.assertEqual(skatdd.library_version(), "0.3.0")

    def test_names(self):
        self.assertEqual(skatdd.card_number("CJ"), 4)
        self.assertEqual(skatdd.card_name(31), "DA")
        self.assertEqual(skatdd.cards_to_set("CJ SJ"), (1 << 4) | (1 << 12))
        self.assertEqual(skatdd.set_to_cards(skatdd.cards_to_set(["HT", "C7"])), ["C7", "HT"])
        with self.assertRaises(skatdd.Error) as e:
            skatdd.card_number("XX")
        self.assertEqual(e.exception.status, 2)
        with self.assertRaises(ValueError):
            skatdd.card_name(32)


class SolveTest(unittest.TestCase):
    def setUp(self):
        self.solver = skatdd.Solver(8)

    def tearDown(self):
        self.solver.close()

    def test_readme_deal(self):
        deals = skatdd.read_deals(GRAND, "grand.yaml")
        self.assertEqual(len(deals), 1)
        self.assertEqual(deals[0]["name"], "Grand with four jacks")
        self.assertEqual(deals[0]["contract"], "grand")
        a = self.solver.solve_deal(deals, 0)
        self.assertEqual(a.value, 116)
        self.assertEqual(a.discard, ["D7", "D8"])
        self.assertTrue(a.discard_found)
        self.assertEqual(max(a.moves.values()), 116)
        self.assertEqual(a.moves["CJ"], 105)
        self.assertEqual(len(a.line), 30)
        self.assertEqual(a.position.skat, skatdd.cards_to_set("D8 D7"))
        self.assertEqual(self.solver.value(a.position), 116)
        self.assertTrue(self.solver.ask(a.position, "reaches", 116))
        self.assertFalse(self.solver.ask(a.position, "reaches", 117))

    def test_examples_file(self):
        deals = skatdd.read_deals_file(EXAMPLES)
        self.assertGreaterEqual(len(deals), 3)
        null = [i for i in range(len(deals)) if deals[i]["contract"].startswith("null")][0]
        a = self.solver.solve_deal(deals, null)
        self.assertIn(a.value, (0, 1))

    def test_discard_as_solve_chooses(self):
        """A lost clubs game whose most points (CA DA put away) leave the declarer no trick: the discard is
        the one with which he takes one, as skatdd solve chooses it (14 points, not 22 and schwarz)."""
        deals = skatdd.read_deals("""hands:
  forehand: DK SJ HA CJ C7 H8 CT HT D9 DT
  middlehand: CK S7 SQ C8 HQ HJ SK S9 SA H7
  rearhand: DA H9 C9 DJ D7 HK CQ D8 CA S8
skat: ST DQ
declarer: rearhand
contract: clubs
""")
        a = self.solver.solve_deal(deals, 0)
        self.assertEqual((a.value, a.defenders_can_schwarz), (14, False))

    def test_position(self):
        p = skatdd.Position("grand", ["CJ CA CT", "C7 HA HT", "C8 SA ST"], declarer_points=40,
                            declarer_tricks=4, defender_tricks=3)
        a = self.solver.solve(p)
        self.assertEqual(a.value, 105)
        self.assertFalse(a.declarer_can_schwarz)  # the defenders already have tricks
        self.assertEqual(a.to_move, "forehand")

    def test_bad_card_sets(self):
        bad = skatdd.Position("grand", ["CJ CA CT", "CJ HA HT", "C8 SA ST"])
        with self.assertRaises(skatdd.Error) as e:
            self.solver.solve(bad)
        self.assertEqual(e.exception.status, 3)  # SKATDD_ERR_CARDS
        self.assertIn("CJ is in two hands", str(e.exception))
        illegal = skatdd.Position("grand", ["CJ CT", "C7 HT", "C8 SA ST"], trick=["CA", "HA"])
        with self.assertRaises(skatdd.Error) as e:
            self.solver.solve(illegal)
        self.assertEqual(e.exception.status, 4)  # SKATDD_ERR_TRICK

    def test_out_of_range_arguments(self):
        """Numbers that do not fit the C types and strings with NUL raise instead of being cut."""
        hands = ["CJ CA CT", "C7 HA HT", "C8 SA ST"]
        for kwargs in ({"declarer_points": 2**32 + 40}, {"declarer": 2**32}, {"declarer_tricks": True}):
            with self.assertRaises(ValueError):
                skatdd.Position("grand", hands, **kwargs)
        with self.assertRaises(ValueError):
            skatdd.Position(-2**40, hands)
        with self.assertRaises(ValueError):
            skatdd.Position("grand", [(1 << 40) | skatdd.cards_to_set("CJ CA CT"), hands[1], hands[2]])
        with self.assertRaises(ValueError):
            skatdd.Solver(2**70)
        with self.assertRaises(ValueError):
            skatdd.card_number("CJ\0junk")
        # These were answered for another number or another file: 2**32 + 4
        # as CJ, deal 2**64 + 1 as deal 1, "EXAMPLES\0x" as EXAMPLES.
        for bad in (2**32 + 4, -2**32 + 4, True):
            with self.assertRaises(ValueError):
                skatdd.card_name(bad)
        with self.assertRaises(ValueError):
            skatdd.cards_to_set([2**32 + 4])
        with self.assertRaises(ValueError):
            skatdd.set_to_cards(2**32 + 1)
        with self.assertRaises(ValueError):
            skatdd.read_deals_file(EXAMPLES + "\0x")
        # A closed rule system parsed contracts as if there were none.
        rules = skatdd.Rules("tournee")
        rules.close()
        for use in (lambda: rules.parse_contract("grand"), lambda: rules.name, lambda: rules.title):
            with self.assertRaises(ValueError):
                use()
        # No seat named was read as all three.
        with skatdd.Rules("isko") as isko:
            with self.assertRaises(ValueError):
                isko.table(["CJ SJ HJ DJ CA CT CK SA ST S9", "C9 C8 C7 SK SQ S8 HA HT HK HQ",
                            "H9 H8 H7 DA DT DK DQ D9 S7 DJ"], "D8 D7", seats=[])
        deals = skatdd.read_deals_file(EXAMPLES)
        with skatdd.Solver() as solver:
            for index in (2**64 + 1, True):
                with self.assertRaises(ValueError):
                    solver.solve_deal(deals, index)
        with skatdd.Rules("isko") as r:
            with self.assertRaises(ValueError):
                r.score("grand", "CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7", 2**32 + 61, 8)
            with self.assertRaises(ValueError):
                r.table(["CJ SJ HJ DJ CA CT CK SA ST S9", "C9 C8 C7 SK SQ S8 HA HT HK HQ",
                         "H9 H8 H7 DA DT DK DQ D9 S7 CQ"], "D8 D7", seats=[32])

    def test_ramsch_and_iss_deals(self):
        """A Ramsch document says so; ISS records are deals too."""
        deals = skatdd.read_deals_file(os.path.join(TOP, "tests", "integration", "data", "ramsch.yaml"))
        self.assertEqual((deals[0]["contract"], deals[0]["declarer"]), ("ramsch", None))
        with self.assertRaises(skatdd.Error):
            self.solver.solve_deal(deals, 0)
        iss = skatdd.read_deals_file(os.path.join(TOP, "tests", "integration", "data", "iss_games.sgf"))
        self.assertEqual(iss[0]["name"], "ISS game 541932")
        self.assertEqual(len(iss[0]["play"]), 30)

    def test_contract_forms(self):
        """A deal's contract in its rules' words: a Tournee's solo stays a solo."""
        tournee = GRAND.replace("contract: grand", "contract: solo spades\nrules: tournee")
        deals = skatdd.read_deals(tournee, "solo.yaml")
        self.assertEqual(deals[0]["contract"], "solo spades")

    def test_bad_yaml(self):
        with self.assertRaises(skatdd.Error) as e:
            skatdd.read_deals(GRAND.replace("S7 CQ", "S7 CJ"), "bad.yaml")
        self.assertEqual(e.exception.status, 7)  # SKATDD_ERR_YAML
        self.assertEqual(e.exception.detail, "bad.yaml:5:42: duplicate card CJ")

    def test_ramsch(self):
        """The full deal of tests/integration/data/ramsch.yaml as `skatdd solve` values it."""
        p = skatdd.RamschPosition(["CJ SA ST S9 HA H7 D7 D8 C7 C8", "SJ CA CT C9 HT H8 DA DT D9 S7",
                                   "HJ DJ CK CQ SK SQ S8 HK HQ H9"], skat="DK DQ")
        with skatdd.Rules("classic") as classic:
            a = self.solver.ramsch_solve(classic, p)
            self.assertEqual([a.seats[s]["fewest_points"] for s in skatdd.SEATS], [81, 77, 51])
            self.assertEqual(a.skat_bonus, 7)
            self.assertEqual(a.to_move, "forehand")
            self.assertEqual(a.moves["H7"], 88)
            self.assertEqual(min(a.moves.values()), 81)
            self.assertEqual(len(a.line), 30)
            jacks = skatdd.RamschPosition(["CJ SJ HJ DJ", "SA ST SK SQ", "HA HT HK HQ"], skat="DA DT",
                                          points=(35, 0, 0), tricks=(6, 0, 0))
            a = self.solver.ramsch_solve(classic, jacks)
            self.assertEqual(a.seats["forehand"], {"fewest_points": 120, "takes_all": True, "avoids_all": False})
            self.assertTrue(a.seats["rearhand"]["avoids_all"])
        with skatdd.Rules("isko") as isko:
            with self.assertRaises(skatdd.Error) as e:
                self.solver.ramsch_solve(isko, p)
            self.assertEqual(e.exception.status, 5)  # SKATDD_ERR_CONTRACT

    def test_threads(self):
        """One solver per thread: the same values."""
        deals = skatdd.read_deals(GRAND)
        values = []

        def work():
            with skatdd.Solver(4) as s:
                values.append(s.solve_deal(deals, 0).value)

        threads = [threading.Thread(target=work) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(values, [116, 116])


class RulesTest(unittest.TestCase):
    def test_load(self):
        for name in ("isko", "texas", "tournee", "classic"):
            with skatdd.Rules(name) as r:
                self.assertEqual(r.name, name)
        with self.assertRaises(skatdd.Error) as e:
            skatdd.Rules("no-such-rules")
        self.assertEqual(e.exception.status, 6)

    def test_score(self):
        with skatdd.Rules("isko") as r:
            s = r.score("grand", "CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7", 116, 9)
        self.assertTrue(s["won"])
        self.assertEqual(s["score"], 144)
        self.assertEqual((s["multiplier"], s["base"]), (6, 24))  # with 4, game 5, schneider 6
        with skatdd.Rules("classic") as r:
            plain = r.score("grand", "CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7", 116, 9)["score"]
            self.assertEqual(r.score("grand", "CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7", 116, 9, bock=True)["score"],
                             2 * plain)
            # The diamond jack, grand's lowest trump, took the last trick: one level more (as score's spitze.yaml).
            made = r.score("grand", "CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7", 116, 9, spitze=1, spitze_made=True)
            self.assertEqual((made["won"], made["score"], made["multiplier"]), (True, 140, 7))
            missed = r.score("grand", "CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7", 116, 9, spitze=1)
            self.assertEqual((missed["won"], missed["score"]), (False, -280))

    def test_table(self):
        hands = ["CJ SJ HJ DJ CA CT CK SA ST S9", "C9 C8 C7 SK SQ S8 HA HT HK HQ", "H9 H8 H7 DA DT DK DQ D9 S7 CQ"]
        with skatdd.Rules("isko") as r:
            t = r.table(hands, "D8 D7", seats=["forehand"], threads=1, tt_megabytes=4)
        self.assertEqual(list(t), ["forehand"])
        grand = t["forehand"]["grand"]
        self.assertEqual((grand["declarer_points"], grand["game_value"], grand["bid_ceiling"]), (116, 144, 144))
        self.assertEqual(t["forehand"]["grand hand"]["contract"], "grand hand schneider")

    def test_evaluate(self):
        with skatdd.Rules("isko") as r:
            e = r.evaluate("forehand", "CJ SJ HJ DJ CA CT CK SA ST S9 D8 D7", samples=1, threads=1)
        self.assertEqual(len(e["rows"]), 7)
        self.assertGreaterEqual(e["bid_ceiling"], 144)
        for row in e["rows"]:
            self.assertTrue(0 <= row["p_win"] <= 1)
        self.assertEqual(e["ceiling_contract"], "grand")

    def test_evaluate_turn_sets_ceiling(self):
        # No row wins 0.6 of the time: a Tournee, taking or passing the first
        # skat card, does at 10 (tests/unit_evaluate.c).
        with skatdd.Rules("tournee") as r:
            e = r.evaluate("forehand", "DQ SJ C7 DA CK CA HJ C8 ST HT", samples=1, seed=7, confidence=0.6,
                           threads=1)
        self.assertEqual((e["bid_ceiling"], e["ceiling_contract"]), (10, "tournee, best turn"))
        self.assertEqual(e["best_contract"], "tournee, best turn")

    def test_evaluate_pick_up_the_skat(self):
        # Clubs or spades, whichever the skat fits: picking up the skat scores
        # above every row (tests/unit_api.c), so it is the contract to play.
        with skatdd.Rules("isko") as r:
            e = r.evaluate("forehand", "HJ DJ CA C9 C8 C7 SA S9 S8 S7", samples=2, seed=7)
        self.assertEqual(e["best_contract"], "skat, best game")


if __name__ == "__main__":
    unittest.main()
