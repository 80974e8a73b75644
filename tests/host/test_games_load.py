# games.load: a game's rules by its folder; a clear ValueError for a game the board does
# not have, and an import that fails inside a game's rules passed on as it is, never
# taken for a missing game or variant (on a copy of firmware/ with a part removed).
import os
import shutil
import subprocess
import sys

import pytest

from games import load


def test_a_game_and_its_variant_are_found_by_their_folder():
    assert load("connect4").__name__ == "games.connect4.rules"
    assert load("squeeze", "cards").__name__ == "games.squeeze.cards"
    assert load("squeeze", "classic").__name__ == "games.squeeze.rules"


@pytest.mark.parametrize("game", ["nosuch", "fours", "base", "search"])
def test_a_game_the_board_does_not_have_is_a_value_error(game):
    with pytest.raises(ValueError, match="unknown game '%s'" % game):
        load(game)


def test_a_failed_import_inside_a_variants_rules_is_passed_on(tmp_path):
    firmware = tmp_path / "firmware"
    shutil.copytree(os.path.join(os.path.dirname(__file__), "..", "..", "firmware"), firmware)
    (firmware / "games" / "squeeze" / "cards_moves.py").unlink()  # a part the cards' rules import
    code = ("import sys; sys.path.insert(0, %r)\nfrom games import load\n"
            "try:\n    print(load('squeeze', 'cards').__name__)\n"
            "except ImportError as e:\n    print('ImportError', e)\n" % str(firmware))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.startswith("ImportError") and "cards_moves" in out, out
