#!/usr/bin/env python3
"""Checks for analyze --html (used by html.sh), with the standard library only.

  html_check.py page PAGE.html JSON_LINES   the page agrees with analyze's JSON of the same run
  html_check.py png SHOT.png                a browser's screenshot shows a page with the chart
  html_check.py ramsch-png SHOT.png         ... with a Ramsch chart: the three seats' lines and the marks
  html_check.py blank OUT.png W H           writes a white PNG (to show the png check can fail)

Exits 1 with a message on the first failed check.
"""
import html
import html.parser
import json
import struct
import sys
import zlib

VALUE_LINE = (0x1F, 0x6F, 0xD1)  # svg .value stroke: only the chart's line has it
WIN_ZONE = (0xE6, 0xF4, 0xEA)    # svg .zone fill: the chart's winning area
MISTAKE = ((0xD1, 0x24, 0x2F), (0xE8, 0x89, 0x0C))
SEAT_LINES = {"forehand": (0x1F, 0x6F, 0xD1), "middlehand": (0x82, 0x50, 0xDF), "rearhand": (0x0F, 0x8B, 0x8D)}
SEATS = list(SEAT_LINES)


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


class Page(html.parser.HTMLParser):
    """The parts of the page the checks look at, as a browser would parse them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []             # every start tag, in order
        self.sections = []         # per <section class="game">: dict of what it holds
        self.players = []          # text of <span class="player">
        self._player = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        cls = (a.get("class") or "").split()
        if tag == "section" and "game" in cls:
            self.sections.append({"skipped": "skipped" in cls, "ramsch": "ramsch" in cls,
                                  "cards": a.get("data-cards"), "lines": [], "marks": [], "notes": []})
        elif not self.sections:
            return
        s = self.sections[-1]
        if tag == "polyline" and "value" in cls:
            s["lines"].append((cls, a.get("data-seat"), a.get("points", "").split()))
        elif tag == "circle" and "mk" in cls:
            mark = (int(a["data-card"]), int(a["data-cost"]), cls[1])
            s["marks"].append(mark + (a["data-seat"],) if s["ramsch"] else mark)
        elif tag == "li" and "note" in cls:
            s["notes"].append(cls[1])
        elif tag == "span" and "player" in cls:
            self._player = ""

    def handle_data(self, data):
        if self._player is not None:
            self._player += data

    def handle_endtag(self, tag):
        if tag == "span" and self._player is not None:
            self.players.append(self._player)
            self._player = None


def check_page(path, json_path):
    text = open(path, encoding="utf-8").read()
    games = [json.loads(line) for line in open(json_path, encoding="utf-8") if line.strip()]
    page = Page()
    page.feed(text)
    page.close()
    # Self-contained: nothing fetched, nothing run.
    for tag, a in page.tags:
        if tag in ("script", "link", "img", "iframe", "object", "embed"):
            fail(f"page has a <{tag}>")
        for name, value in a.items():
            if name.startswith("on"):
                fail(f"page has an event handler {name}")
            if name in ("src", "href") and not (value or "").startswith("#"):
                fail(f"page loads {value}")
    for needle in ("url(", "@import", "http://", "https://"):
        rest = text.replace('xmlns="http://www.w3.org/2000/svg"', "")
        if needle in rest:
            fail(f"page refers to something outside: {needle}")
    reviewed = [s for s in page.sections if not s["skipped"]]
    if len(reviewed) != len(games):
        fail(f"{len(reviewed)} game sections, JSON has {len(games)} games")
    for n, (s, g) in enumerate(zip(reviewed, games), 1):
        cards = g["cards"]
        ramsch = g.get("contract") == "ramsch"
        if s["ramsch"] != ramsch:
            fail(f"game {n}: section {'is' if s['ramsch'] else 'is not'} a Ramsch's, the JSON's contract is {g.get('contract')}")
        # A Ramsch: a line per seat, in seat order, each with its colour class.
        want = [(["value", f"s{k}"], seat) for k, seat in enumerate(SEATS)] if ramsch else [(["value"], None)]
        if [(cls, seat) for cls, seat, _ in s["lines"]] != want:
            fail(f"game {n}: value lines {[(cls, seat) for cls, seat, _ in s['lines']]}, expected {want}")
        for cls, seat, points in s["lines"]:
            if len(points) != len(cards) + 1:
                fail(f"game {n}: value line {seat or ''} of {len(points)} points for {len(cards)} cards")
        if s["cards"] != str(len(cards)):
            fail(f"game {n}: data-cards {s['cards']}")
        expected = [(i + 1, c["cost"], c["mistake"]) + ((c["seat"],) if ramsch else ())
                    for i, c in enumerate(cards) if c["mistake"] != "none"]
        if s["marks"] != expected:
            fail(f"game {n}: chart marks {s['marks']}, JSON mistakes {expected}")
        if s["notes"] != [m[2] for m in expected]:
            fail(f"game {n}: notes {s['notes']}, JSON mistakes {expected}")
        breakdown = ramsch and g["summary"]["result"]["breakdown"]
        if breakdown and breakdown not in html.unescape(text):
            fail(f"game {n}: the score '{breakdown}' is not on the page")
    return page


def read_png(path):
    """Width, height and rows of (r, g, b) of an 8-bit RGB or RGBA PNG without interlace."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is no PNG")
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                fail(f"{path}: PNG depth {depth} colour type {colour} interlace {interlace} not read here")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    bpp = 4 if colour == 6 else 3
    stride = width * bpp
    prev = bytearray(stride)
    pixels = []
    for y in range(height):
        start = y * (stride + 1)
        ftype = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif ftype == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif ftype == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        pixels.append(bytes(line))
        prev = line
    return width, height, bpp, pixels


def near(pixel, colour, tolerance=24):
    return all(abs(p - c) <= tolerance for p, c in zip(pixel, colour))


def check_png(path):
    width, height, bpp, rows = read_png(path)
    counts = {}
    for row in rows:
        for x in range(0, width * bpp, bpp):
            key = row[x:x + 3]
            counts[key] = counts.get(key, 0) + 1
    total = width * height
    background = max(counts.values())
    if background > 0.97 * total or len(counts) < 16:
        fail(f"{path}: blank ({len(counts)} colours, {background} of {total} pixels one colour)")
    line = sum(n for k, n in counts.items() if near(k, VALUE_LINE))
    zone = sum(n for k, n in counts.items() if near(k, WIN_ZONE, 4))
    marks = sum(n for k, n in counts.items() if any(near(k, m) for m in MISTAKE))
    if line < 200:
        fail(f"{path}: {line} pixels of the value line's colour: no chart")
    if zone < 5000:
        fail(f"{path}: {zone} pixels of the chart's winning area")
    if marks < 30:
        fail(f"{path}: {marks} pixels of mistake marks")
    print(f"{path}: {width}x{height}, {len(counts)} colours, line {line}, zone {zone}, marks {marks} pixels")


def check_ramsch_png(path):
    """Not blank, each seat's line in its colour, the mistake marks."""
    width, height, bpp, rows = read_png(path)
    counts = {}
    for row in rows:
        for x in range(0, width * bpp, bpp):
            key = row[x:x + 3]
            counts[key] = counts.get(key, 0) + 1
    total = width * height
    background = max(counts.values())
    if background > 0.97 * total or len(counts) < 16:
        fail(f"{path}: blank ({len(counts)} colours, {background} of {total} pixels one colour)")
    found = {}
    for seat, colour in SEAT_LINES.items():
        found[seat] = sum(n for k, n in counts.items() if near(k, colour, 16))
        if found[seat] < 400:  # the keys and the hands' edges alone have about 250
            fail(f"{path}: {found[seat]} pixels of {seat}'s line colour")
    marks = sum(n for k, n in counts.items() if any(near(k, m) for m in MISTAKE))
    if marks < 30:
        fail(f"{path}: {marks} pixels of mistake marks")
    print(f"{path}: {width}x{height}, {len(counts)} colours, lines {found}, marks {marks} pixels")


def write_blank(path, width, height):
    raw = b"".join(b"\x00" + b"\xff" * (3 * width) for _ in range(height))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def main(argv):
    if len(argv) == 4 and argv[1] == "page":
        check_page(argv[2], argv[3])
    elif len(argv) == 3 and argv[1] == "players":
        page = Page()
        page.feed(open(argv[2], encoding="utf-8").read())
        print("\n".join(page.players))
    elif len(argv) == 3 and argv[1] == "png":
        check_png(argv[2])
    elif len(argv) == 3 and argv[1] == "ramsch-png":
        check_ramsch_png(argv[2])
    elif len(argv) == 5 and argv[1] == "blank":
        write_blank(argv[2], int(argv[3]), int(argv[4]))
    else:
        fail("usage: html_check.py page PAGE JSON | players PAGE | png SHOT | ramsch-png SHOT | blank OUT W H")


if __name__ == "__main__":
    main(sys.argv)
