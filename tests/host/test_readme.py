# The README carries no figure that goes stale with every commit (issue #26, item 10):
# test counts and the .venv's size are said by pytest and `du`, not by the page.
import os
import re

README = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")


def test_readme_states_no_test_counts_or_venv_sizes():
    text = open(README).read()
    assert not re.search(r"\d+ pytest tests|\d+ checks under MicroPython|\d+ MB `?\.venv", text)
    assert not re.search(r"\.venv`? (?:to|of) \d+ MB", text)
