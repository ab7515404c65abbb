"""skatdd: the Skat double-dummy solver and hand evaluator, from Python.

A thin ctypes layer over libskatdd (include/skatdd.h), standard library only.
The shared library is found through the SKATDD_LIBRARY environment variable
(a path) or the normal search path (libskatdd.so.0).

    import skatdd
    deals = skatdd.read_deals(open("problems/examples.yaml").read())
    with skatdd.Solver() as solver:
        print(solver.solve_deal(deals, 0).value)      # 116

Errors raise skatdd.Error, whose .status is the library's skatdd_status and
whose message carries the detail ("deals.yaml:3:42: duplicate card CJ").

Cards are numbers 0..31 (suit * 8 + rank; suits clubs, spades, hearts,
diamonds; ranks 7 8 9 T J Q K A) and sets of cards are Python sets of names
("CJ") where the API hands them out.  A Solver belongs to one thread at a time.
"""

import ctypes
import ctypes.util
import os

__all__ = [
    "Error", "Solver", "Rules", "Deals", "Position", "Analysis", "RamschPosition", "RamschAnalysis", "read_deals", "read_deals_file",
    "library_version", "card_number", "card_name", "cards_to_set", "set_to_cards", "GAMES", "SEATS",
]

GAMES = ("clubs", "spades", "hearts", "diamonds", "grand", "null")
SEATS = ("forehand", "middlehand", "rearhand")
QUESTIONS = {"reaches": 0, "declarer_takes_all": 1, "defenders_take_all": 2, "null_won": 3}


def _load():
    path = os.environ.get("SKATDD_LIBRARY") or ctypes.util.find_library("skatdd") or "libskatdd.so.0"
    return ctypes.CDLL(path)


_lib = _load()

_cards = ctypes.c_uint32
_status = ctypes.c_int


class _Contract(ctypes.Structure):
    _fields_ = [("game", ctypes.c_int), ("hand", ctypes.c_bool), ("schneider_announced", ctypes.c_bool),
                ("schwarz_announced", ctypes.c_bool), ("ouvert", ctypes.c_bool), ("form", ctypes.c_int)]


class _Position(ctypes.Structure):
    _fields_ = [("game", ctypes.c_int), ("declarer", ctypes.c_int), ("hands", _cards * 3), ("skat", _cards),
                ("leader", ctypes.c_int), ("trick_size", ctypes.c_int), ("trick", ctypes.c_int * 2),
                ("declarer_points", ctypes.c_int), ("declarer_tricks", ctypes.c_int),
                ("defender_tricks", ctypes.c_int)]


class _MoveValue(ctypes.Structure):
    _fields_ = [("card", ctypes.c_int), ("value", ctypes.c_int)]


class _Analysis(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int), ("declarer_can_schwarz", ctypes.c_bool),
                ("defenders_can_schwarz", ctypes.c_bool), ("to_move", ctypes.c_int),
                ("move_count", ctypes.c_int), ("moves", _MoveValue * 10), ("line_length", ctypes.c_int),
                ("line", ctypes.c_int * 30), ("nodes", ctypes.c_uint64)]


class _RamschPosition(ctypes.Structure):
    _fields_ = [("hands", _cards * 3), ("skat", _cards), ("leader", ctypes.c_int), ("trick_size", ctypes.c_int),
                ("trick", ctypes.c_int * 2), ("points", ctypes.c_int * 3), ("tricks", ctypes.c_int * 3)]


class _RamschSeat(ctypes.Structure):
    _fields_ = [("fewest_points", ctypes.c_int), ("takes_all", ctypes.c_bool), ("avoids_all", ctypes.c_bool)]


class _RamschAnalysis(ctypes.Structure):
    _fields_ = [("seats", _RamschSeat * 3), ("skat_bonus", ctypes.c_int), ("to_move", ctypes.c_int),
                ("move_count", ctypes.c_int), ("moves", _MoveValue * 10), ("line_length", ctypes.c_int),
                ("line", ctypes.c_int * 30), ("nodes", ctypes.c_uint64)]


class _Deal(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char * 256), ("has_hand", ctypes.c_bool * 3), ("hands", _cards * 3),
                ("has_skat", ctypes.c_bool), ("skat", _cards), ("full_deal", ctypes.c_bool),
                ("has_declarer", ctypes.c_bool), ("declarer", ctypes.c_int), ("has_contract", ctypes.c_bool),
                ("contract", _Contract), ("has_discard", ctypes.c_bool), ("discard", _cards),
                ("play_count", ctypes.c_int), ("play", ctypes.c_int * 30), ("bid", ctypes.c_int),
                ("kontra", ctypes.c_int), ("rules", ctypes.c_char * 256)]


class _DealSolution(ctypes.Structure):
    _fields_ = [("position", _Position), ("discard", _cards), ("discard_found", ctypes.c_bool),
                ("analysis", _Analysis)]


class _GamePlay(ctypes.Structure):
    _fields_ = [("contract", _Contract), ("cards", _cards), ("declarer_points", ctypes.c_int),
                ("declarer_tricks", ctypes.c_int), ("bid", ctypes.c_int), ("doubling", ctypes.c_int),
                ("spitze", ctypes.c_int), ("spitze_made", ctypes.c_bool), ("bock", ctypes.c_bool)]


class _Score(ctypes.Structure):
    _fields_ = [("won", ctypes.c_bool), ("overbid", ctypes.c_bool), ("base", ctypes.c_int),
                ("matadors", ctypes.c_int), ("with_matadors", ctypes.c_bool), ("multiplier", ctypes.c_int),
                ("value", ctypes.c_int), ("lost_factor", ctypes.c_int), ("doubling_factor", ctypes.c_int),
                ("score", ctypes.c_int), ("tournament_declarer", ctypes.c_int),
                ("tournament_defender", ctypes.c_int)]


class _TableRow(ctypes.Structure):
    _fields_ = [("label", ctypes.c_char * 64), ("row", _Contract), ("contract", _Contract),
                ("declarer_points", ctypes.c_int), ("declarer_wins_null", ctypes.c_bool),
                ("declarer_schwarz", ctypes.c_bool), ("won", ctypes.c_bool), ("game_value", ctypes.c_int),
                ("score", ctypes.c_int), ("bid_ceiling", ctypes.c_int), ("discard", _cards)]


class _SeatTable(ctypes.Structure):
    _fields_ = [("computed", ctypes.c_bool), ("row_count", ctypes.c_int), ("rows", _TableRow * 32),
                ("best", ctypes.c_int), ("bid_ceiling", ctypes.c_int)]


class _Table(ctypes.Structure):
    _fields_ = [("seats", _SeatTable * 3), ("best_seat", ctypes.c_int), ("nodes", ctypes.c_uint64)]


class _EvalOptions(ctypes.Structure):
    _fields_ = [("samples", ctypes.c_int), ("seed", ctypes.c_uint64), ("discards", ctypes.c_int),
                ("confidence", ctypes.c_double), ("model", ctypes.c_int), ("sd_layouts", ctypes.c_int),
                ("sd_contracts", ctypes.c_int), ("threads", ctypes.c_int), ("tt_megabytes", ctypes.c_size_t)]


class _EvalSummary(ctypes.Structure):
    _fields_ = [("row_count", ctypes.c_int), ("worlds", ctypes.c_long), ("bid_ceiling", ctypes.c_int),
                ("ceiling_row", ctypes.c_int), ("best_bid", ctypes.c_int), ("best_row", ctypes.c_int),
                ("discard", _cards), ("nodes", ctypes.c_uint64)]


class _EvalRow(ctypes.Structure):
    _fields_ = [("label", ctypes.c_char * 64), ("contract", _Contract), ("evaluated", ctypes.c_bool),
                ("p_win", ctypes.c_double), ("p_schneider", ctypes.c_double), ("p_schwarz", ctypes.c_double),
                ("expected_value", ctypes.c_double), ("expected_score", ctypes.c_double),
                ("bid_count", ctypes.c_int)]


_P = ctypes.POINTER
_vp = ctypes.c_void_p


def _declare(name, restype, *argtypes):
    f = getattr(_lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


_declare("skatdd_version", ctypes.c_char_p)
_declare("skatdd_strerror", ctypes.c_char_p, _status)
_declare("skatdd_last_error", ctypes.c_char_p)
_declare("skatdd_card_from_name", _status, ctypes.c_char_p, _P(ctypes.c_int))
_declare("skatdd_card_name", ctypes.c_char_p, ctypes.c_int)
_declare("skatdd_rules_load", _status, ctypes.c_char_p, _P(_vp))
_declare("skatdd_rules_free", None, _vp)
_declare("skatdd_rules_name", ctypes.c_char_p, _vp)
_declare("skatdd_rules_title", ctypes.c_char_p, _vp)
_declare("skatdd_contract_parse", _status, _vp, ctypes.c_char_p, _P(_Contract))
_declare("skatdd_contract_name", _status, _vp, _P(_Contract), ctypes.c_char_p, ctypes.c_size_t)
_declare("skatdd_position_check", _status, _P(_Position))
_declare("skatdd_solver_new", _status, ctypes.c_size_t, _P(_vp))
_declare("skatdd_solver_free", None, _vp)
_declare("skatdd_solver_nodes", ctypes.c_uint64, _vp)
_declare("skatdd_solve", _status, _vp, _P(_Position), _P(_Analysis))
_declare("skatdd_value", _status, _vp, _P(_Position), _P(ctypes.c_int))
_declare("skatdd_ask", _status, _vp, _P(_Position), ctypes.c_int, ctypes.c_int, _P(ctypes.c_bool))
_declare("skatdd_ramsch_solve", _status, _vp, _vp, _P(_RamschPosition), _P(_RamschAnalysis))
_declare("skatdd_deals_read", _status, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, _P(_vp))
_declare("skatdd_deals_read_file", _status, ctypes.c_char_p, _P(_vp))
_declare("skatdd_deals_free", None, _vp)
_declare("skatdd_deals_count", ctypes.c_size_t, _vp)
_declare("skatdd_deals_get", _status, _vp, ctypes.c_size_t, _P(_Deal))
_declare("skatdd_deals_is_ramsch", _status, _vp, ctypes.c_size_t, _P(ctypes.c_bool))
_declare("skatdd_solve_deal", _status, _vp, _vp, ctypes.c_size_t, _P(_DealSolution))
_declare("skatdd_score_game", _status, _vp, _P(_GamePlay), _P(_Score))
_declare("skatdd_table_compute", _status, _vp, _P(_cards), _cards, ctypes.c_uint, ctypes.c_int, ctypes.c_size_t,
         _P(_Table))
_declare("skatdd_eval_options_default", None, _P(_EvalOptions))
_declare("skatdd_evaluate", _status, _vp, ctypes.c_int, _cards, _P(_EvalOptions), _P(_vp))
_declare("skatdd_evaluation_free", None, _vp)
_declare("skatdd_evaluation_get_summary", _status, _vp, _P(_EvalSummary))
_declare("skatdd_evaluation_ceiling_choice", ctypes.c_char_p, _vp)
_declare("skatdd_evaluation_best_choice", ctypes.c_char_p, _vp)
_declare("skatdd_evaluation_get_row", _status, _vp, ctypes.c_int, _P(_EvalRow))
_declare("skatdd_evaluation_get_bid", _status, _vp, ctypes.c_int, ctypes.c_int, _P(ctypes.c_int),
         _P(ctypes.c_double))


class Error(Exception):
    """A libskatdd error: .status (skatdd_status), .detail (skatdd_last_error)."""

    def __init__(self, status, detail):
        self.status = status
        self.detail = detail
        reason = _lib.skatdd_strerror(status).decode()
        super().__init__(f"{reason}: {detail}" if detail else reason)


def _check(status):
    if status != 0:
        raise Error(status, _lib.skatdd_last_error().decode(errors="replace"))


# ctypes wraps an int that does not fit its C type without a word, and C
# reads a string up to its first NUL: both would answer another question.
def _int(name, value, low=-2**31, high=2**31 - 1):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be an integer from {low} to {high}, not {value!r}")
    return value


def _card_bits(name, value):
    return _int(name, value, 0, 2**32 - 1)


def _text(name, value):
    if "\0" in value:
        raise ValueError(f"{name} contains a NUL character: {value!r}")
    return value


def library_version():
    """The running library's version, "0.3.0"."""
    return _lib.skatdd_version().decode()


def card_number(name):
    """'CJ' -> 4."""
    card = ctypes.c_int()
    _check(_lib.skatdd_card_from_name(_text("a card name", name).encode(), ctypes.byref(card)))
    return card.value


def card_name(card):
    """4 -> 'CJ'."""
    # Checked here: ctypes would wrap 2**32 + 4 to 4, CJ.
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card <= 31:
        raise ValueError(f"not a card number 0..31: {card!r}")
    return _lib.skatdd_card_name(card).decode()


def cards_to_set(cards):
    """'CJ SJ' or ['CJ', 'SJ'] or card numbers -> the 32-bit set."""
    if isinstance(cards, int) and not isinstance(cards, bool):
        return _card_bits("a card set", cards)
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    bits = 0
    for c in cards:
        n = card_number(c) if isinstance(c, str) else c
        card_name(n)
        if bits >> n & 1:
            raise ValueError(f"{card_name(n)} appears twice")
        bits |= 1 << n
    return bits


def set_to_cards(bits):
    """The 32-bit set -> card names in card order."""
    bits = _card_bits("a card set", bits)
    return [card_name(c) for c in range(32) if bits >> c & 1]


def _contract_name(rules, contract):
    out = ctypes.create_string_buffer(128)
    _check(_lib.skatdd_contract_name(rules, ctypes.byref(contract), out, len(out)))
    return out.value.decode()


class _Handle:
    """A library object freed by close(), at garbage collection or at the end of a with block."""

    _handle = None  # until the library has made one
    _free = None    # the library's function that frees it

    def _live(self):
        """The handle; ValueError once closed (the C functions take NULL rules as no rule system at all)."""
        if not self._handle:
            raise ValueError(f"this {type(self).__name__} is closed")
        return self._handle

    def close(self):
        if self._handle:
            type(self)._free(self._handle)
            self._handle = None

    __del__ = close

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Rules(_Handle):
    """A rule system by name ("isko", "texas", "tournee", "classic") or path."""

    _free = _lib.skatdd_rules_free

    def __init__(self, name_or_path="isko"):
        handle = _vp()
        _check(_lib.skatdd_rules_load(os.fsencode(_text("a rule system", os.fsdecode(name_or_path))),
                                      ctypes.byref(handle)))
        self._handle = handle

    @property
    def name(self):
        return _lib.skatdd_rules_name(self._live()).decode()

    @property
    def title(self):
        return _lib.skatdd_rules_title(self._live()).decode()

    def parse_contract(self, text):
        c = _Contract()
        _check(_lib.skatdd_contract_parse(self._live(), _text("a contract", text).encode(), ctypes.byref(c)))
        return c

    def score(self, contract, cards, declarer_points, declarer_tricks, bid=0, doubling=0, bock=False, spitze=0,
              spitze_made=False):
        """Scores a game: contract in words, cards the declarer's twelve; bock in a Bock round; spitze the
        Spitzen announced (rules that have them) and spitze_made whether he took the last tricks with them."""
        play = _GamePlay(contract=self.parse_contract(contract), cards=cards_to_set(cards),
                         declarer_points=_int("declarer_points", declarer_points),
                         declarer_tricks=_int("declarer_tricks", declarer_tricks), bid=_int("bid", bid),
                         doubling=_int("doubling", doubling), bock=bool(bock), spitze=_int("spitze", spitze),
                         spitze_made=bool(spitze_made))
        s = _Score()
        _check(_lib.skatdd_score_game(self._handle, ctypes.byref(play), ctypes.byref(s)))
        return {"won": s.won, "overbid": s.overbid, "value": s.value, "score": s.score, "matadors": s.matadors,
                "multiplier": s.multiplier, "base": s.base,
                "tournament_declarer": s.tournament_declarer, "tournament_defender": s.tournament_defender}

    def table(self, hands, skat, seats=(0, 1, 2), threads=0, tt_megabytes=0):
        """The contract table of a full deal: {seat name: {label: row dict}}."""
        sets = (_cards * 3)(*[cards_to_set(h) for h in hands])
        mask = 0
        if not seats:
            raise ValueError("seats: name at least one seat (the library reads none as all three)")
        for s in seats:
            mask |= 1 << (SEATS.index(s) if isinstance(s, str) else _int("a seat", s, 0, 2))
        t = _Table()
        _check(_lib.skatdd_table_compute(self._handle, sets, cards_to_set(skat), mask, _int("threads", threads),
                                         _int("tt_megabytes", tt_megabytes, 0, 2**63 - 1), ctypes.byref(t)))
        out = {}
        for seat in range(3):
            st = t.seats[seat]
            if not st.computed:
                continue
            out[SEATS[seat]] = {
                r.label.decode(): {"declarer_points": None if r.row.game == 5 else r.declarer_points,
                                   "declarer_wins_null": r.declarer_wins_null if r.row.game == 5 else None,
                                   "won": r.won, "game_value": r.game_value, "score": r.score,
                                   "bid_ceiling": r.bid_ceiling or None,
                                   "contract": _contract_name(self._handle, r.contract),
                                   "discard": set_to_cards(r.discard)}
                for r in st.rows[:st.row_count]}
        return out

    def evaluate(self, seat, hand, samples=4, seed=1, discards=1, confidence=0.9, threads=0):
        """Win chances per contract and bid for one hand, as `skatdd evaluate`."""
        o = _EvalOptions()
        _lib.skatdd_eval_options_default(ctypes.byref(o))
        o.samples, o.seed = _int("samples", samples), _int("seed", seed, 0, 2**64 - 1)
        o.discards, o.confidence, o.threads = _int("discards", discards), float(confidence), _int("threads", threads)
        seat = SEATS.index(seat) if isinstance(seat, str) else _int("seat", seat)
        handle = _vp()
        _check(_lib.skatdd_evaluate(self._handle, seat, cards_to_set(hand), ctypes.byref(o), ctypes.byref(handle)))
        try:
            s = _EvalSummary()
            _check(_lib.skatdd_evaluation_get_summary(handle, ctypes.byref(s)))
            rows = []
            for i in range(s.row_count):
                r = _EvalRow()
                _check(_lib.skatdd_evaluation_get_row(handle, i, ctypes.byref(r)))
                bids = {}
                for b in range(r.bid_count):
                    bid, p = ctypes.c_int(), ctypes.c_double()
                    _check(_lib.skatdd_evaluation_get_bid(handle, i, b, ctypes.byref(bid), ctypes.byref(p)))
                    bids[bid.value] = p.value
                rows.append({"contract": r.label.decode(), "p_win": r.p_win, "p_schneider": r.p_schneider,
                             "p_schwarz": r.p_schwarz, "expected_value": r.expected_value,
                             "expected_score": r.expected_score, "p_win_at": bids})
            choice = _lib.skatdd_evaluation_ceiling_choice(handle)
            best = _lib.skatdd_evaluation_best_choice(handle)
            return {"rows": rows, "worlds": s.worlds, "bid_ceiling": s.bid_ceiling or None,
                    # No row: a choice sets the ceiling (skatdd evaluate's "skat, best
                    # game", or "tournee, best turn").
                    "ceiling_contract": (rows[s.ceiling_row]["contract"] if s.ceiling_row >= 0 else
                                         choice.decode() if choice else None),
                    "best_bid": s.best_bid or None,
                    "best_contract": (rows[s.best_row]["contract"] if s.best_row >= 0 else
                                      best.decode() if best else None)}
        finally:
            _lib.skatdd_evaluation_free(handle)



class Position:
    """A position of play: game and seats by name or number, hands as card lists."""

    def __init__(self, game, hands, declarer=0, leader=0, trick=(), declarer_points=0, declarer_tricks=0,
                 defender_tricks=0, skat=()):
        self.game = GAMES.index(game) if isinstance(game, str) else _int("game", game)
        self.declarer = SEATS.index(declarer) if isinstance(declarer, str) else _int("declarer", declarer)
        self.leader = SEATS.index(leader) if isinstance(leader, str) else _int("leader", leader)
        self.hands = [cards_to_set(h) for h in hands]
        self.skat = cards_to_set(skat)
        self.trick = [card_number(c) if isinstance(c, str) else _int("a trick card", c) for c in trick]
        self.declarer_points = _int("declarer_points", declarer_points)
        self.declarer_tricks = _int("declarer_tricks", declarer_tricks)
        self.defender_tricks = _int("defender_tricks", defender_tricks)

    def _struct(self):
        if len(self.trick) > 2 or len(self.hands) != 3:
            raise Error(4, "a trick in progress has 0..2 cards, a position three hands")
        t = list(self.trick) + [-1] * (2 - len(self.trick))
        return _Position(self.game, self.declarer, (_cards * 3)(*self.hands), self.skat, self.leader, len(self.trick),
                         (ctypes.c_int * 2)(*t), self.declarer_points, self.declarer_tricks, self.defender_tricks)

    @classmethod
    def _of(cls, p):
        return cls(p.game, list(p.hands), p.declarer, p.leader, list(p.trick)[:p.trick_size], p.declarer_points,
                   p.declarer_tricks, p.defender_tricks, p.skat)

    def check(self):
        _check(_lib.skatdd_position_check(ctypes.byref(self._struct())))


class RamschPosition:
    """A Ramsch position: hands as card lists, seats by name or number, what each seat has taken so far."""

    def __init__(self, hands, leader=0, trick=(), points=(0, 0, 0), tricks=(0, 0, 0), skat=()):
        self.hands = [cards_to_set(h) for h in hands]
        self.leader = SEATS.index(leader) if isinstance(leader, str) else _int("leader", leader)
        self.trick = [card_number(c) if isinstance(c, str) else _int("a trick card", c) for c in trick]
        self.points = [_int("points", p) for p in points]
        self.tricks = [_int("tricks", t) for t in tricks]
        self.skat = cards_to_set(skat)

    def _struct(self):
        if len(self.trick) > 2 or len(self.hands) != 3 or len(self.points) != 3 or len(self.tricks) != 3:
            raise Error(1, "a trick in progress has 0..2 cards; hands, points and tricks one per seat")
        t = list(self.trick) + [-1] * (2 - len(self.trick))
        return _RamschPosition((_cards * 3)(*self.hands), self.skat, self.leader, len(self.trick),
                               (ctypes.c_int * 2)(*t), (ctypes.c_int * 3)(*self.points),
                               (ctypes.c_int * 3)(*self.tricks))


class RamschAnalysis:
    """What `skatdd solve` reports about a Ramsch: per seat (by name) fewest_points, takes_all and
    avoids_all; the mover's cards valued in his fewest points; a line of play."""

    def __init__(self, a):
        self.seats = {SEATS[s]: {"fewest_points": a.seats[s].fewest_points, "takes_all": a.seats[s].takes_all,
                                 "avoids_all": a.seats[s].avoids_all} for s in range(3)}
        self.skat_bonus = a.skat_bonus
        self.to_move = SEATS[a.to_move] if a.to_move >= 0 else None
        self.moves = {card_name(m.card): m.value for m in a.moves[:a.move_count]}
        self.line = [card_name(c) for c in a.line[:a.line_length]]
        self.nodes = a.nodes


class Analysis:
    """What `skatdd solve` reports: value, schwarz questions, card values, line."""

    def __init__(self, a, position, discard=0, discard_found=False):
        self.value = a.value
        self.declarer_can_schwarz = a.declarer_can_schwarz
        self.defenders_can_schwarz = a.defenders_can_schwarz
        self.to_move = SEATS[a.to_move]
        self.moves = {card_name(m.card): m.value for m in a.moves[:a.move_count]}
        self.line = [card_name(c) for c in a.line[:a.line_length]]
        self.nodes = a.nodes
        self.position = position
        self.discard = set_to_cards(discard)
        self.discard_found = discard_found


class Solver(_Handle):
    """A double-dummy solver with its own transposition table (one per thread)."""

    _free = _lib.skatdd_solver_free

    def __init__(self, tt_megabytes=16):
        handle = _vp()
        _check(_lib.skatdd_solver_new(_int("tt_megabytes", tt_megabytes, 0, 2**63 - 1), ctypes.byref(handle)))
        self._handle = handle

    def solve(self, position):
        a = _Analysis()
        _check(_lib.skatdd_solve(self._handle, ctypes.byref(position._struct()), ctypes.byref(a)))
        return Analysis(a, position)

    def value(self, position):
        v = ctypes.c_int()
        _check(_lib.skatdd_value(self._handle, ctypes.byref(position._struct()), ctypes.byref(v)))
        return v.value

    def ask(self, position, question, points=0):
        """question: reaches (points), declarer_takes_all, defenders_take_all, null_won."""
        answer = ctypes.c_bool()
        _check(_lib.skatdd_ask(self._handle, ctypes.byref(position._struct()), QUESTIONS[question], _int("points", points),
                               ctypes.byref(answer)))
        return answer.value

    def ramsch_solve(self, rules, position):
        """A RamschPosition under rules (where the skat goes) -> RamschAnalysis."""
        a = _RamschAnalysis()
        _check(_lib.skatdd_ramsch_solve(self._handle, rules._handle, ctypes.byref(position._struct()),
                                        ctypes.byref(a)))
        return RamschAnalysis(a)

    def solve_deal(self, deals, index=0):
        s = _DealSolution()
        _check(_lib.skatdd_solve_deal(self._handle, deals._handle, _int("index", index, 0, 2**64 - 1),
                                      ctypes.byref(s)))
        return Analysis(s.analysis, Position._of(s.position), s.discard, s.discard_found)

    @property
    def nodes(self):
        return _lib.skatdd_solver_nodes(self._handle)



class Deals(_Handle):
    """The documents of a deal file, read and checked at once; a sequence of dicts."""

    _free = _lib.skatdd_deals_free

    def __init__(self, handle):
        self._handle = handle

    def _contract(self, index, d):
        """The contract in the words of the document's rules (a form such as "solo spades" needs them)."""
        ramsch = ctypes.c_bool()
        _check(_lib.skatdd_deals_is_ramsch(self._handle, index, ctypes.byref(ramsch)))
        if ramsch.value:
            return "ramsch"
        if not d.has_contract:
            return None
        if not d.contract.form:
            return _contract_name(None, d.contract)
        with Rules(d.rules.decode() or "isko") as rules:
            return _contract_name(rules._handle, d.contract)

    def __len__(self):
        return _lib.skatdd_deals_count(self._handle)

    def __getitem__(self, index):
        if not 0 <= index < len(self):
            raise IndexError(index)
        d = _Deal()
        _check(_lib.skatdd_deals_get(self._handle, index, ctypes.byref(d)))
        return {"name": d.name.decode(),
                "hands": {SEATS[s]: set_to_cards(d.hands[s]) for s in range(3) if d.has_hand[s]},
                "skat": set_to_cards(d.skat) if d.has_skat else None,
                "full_deal": d.full_deal,
                "declarer": SEATS[d.declarer] if d.has_declarer else None,
                "contract": self._contract(index, d),
                "discard": set_to_cards(d.discard) if d.has_discard else None,
                "play": [card_name(c) for c in d.play[:d.play_count]],
                "bid": d.bid, "kontra": d.kontra, "rules": d.rules.decode() or None}



def read_deals(text, name="<text>"):
    """Reads YAML text (str or bytes) of one or more deal documents."""
    data = text.encode() if isinstance(text, str) else bytes(text)
    handle = _vp()
    _check(_lib.skatdd_deals_read(data, len(data), _text("name", name).encode(), ctypes.byref(handle)))
    return Deals(handle)


def read_deals_file(path):
    handle = _vp()
    _check(_lib.skatdd_deals_read_file(os.fsencode(_text("a path", os.fsdecode(path))), ctypes.byref(handle)))
    return Deals(handle)
