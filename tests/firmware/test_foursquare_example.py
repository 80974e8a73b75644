# Replays the worked Foursquare deal of the rules book (docs/rules/foursquare.md) (a copy of
# shared/examples/foursquare.txt beside this file; tests/host/test_foursquare_properties.py
# checks the copy is current): every card's rank and cell, the status after it, and
# every drawn pile (rank, face, height) cell by cell, the cells not drawn being empty.
from example_file import example_lines
from games.foursquare import rules as foursquare
from games.base import LOST, PLAYING

EXAMPLE = "test_foursquare_example.txt"



def parse_cards(lines):
    """[(rank, cell text, status, {cell text: pile text})] for every "Card N" block."""
    cards = []
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.startswith("Card "):
            continue
        # "Card N: a R placed on CELL -> STATUS"
        words = line.replace(":", " ").split()
        assert int(words[1]) == len(cards) + 1, line
        rank, cell, status = int(words[3]), words[6], words[8]
        columns = lines[i].split()
        i += 1
        piles = {}
        while i < len(lines) and lines[i].startswith("   ") and lines[i].split():
            row = lines[i].split()
            assert len(row) == len(columns) + 1, lines[i]
            for col, pile in zip(columns, row[1:]):
                piles[col + row[0]] = pile
            i += 1
        cards.append((rank, cell, status, piles))
    return cards


def deck_starting(ranks):
    """A 40-card deck whose first cards are `ranks`, the rest of the 40 after them."""
    deck = foursquare.new_deck(None)
    rest = list(deck)
    for r in ranks:
        rest.remove(r)
    return bytearray(list(ranks) + rest)


def test_the_worked_deal_card_by_card():
    cards = parse_cards(example_lines(EXAMPLE))
    assert len(cards) == 11
    state = foursquare.Foursquare(deck_starting([c[0] for c in cards]))
    for n, (rank, cell, status, piles) in enumerate(cards, 1):
        where = "card %d" % n
        assert state.card() == rank, where
        assert cell in state.legal_texts(), where
        state.play_text(cell)
        assert state.status == status, (where, state.status)
        for c in range(foursquare.CELLS):
            name = state.format_move(c)
            want = piles.get(name, "..")
            assert state.pile_text(c) == want, "%s: %s is %s, the example draws %s" % (
                where, name, state.pile_text(c), want)
    assert state.status == LOST and state.lost_reason == foursquare.TOO_MANY_DOWN
    assert state.down == 5 and state.legal_moves() == [] and state.card() is None
    assert state.score() == 29 and state.stock() == 29


def test_the_example_starts_with_the_centre_only():
    cards = parse_cards(example_lines(EXAMPLE))
    state = foursquare.Foursquare(deck_starting([c[0] for c in cards]))
    assert state.status == PLAYING and state.legal_texts() == ["d4"]
    assert state.card() == 2 and state.stock() == 39
