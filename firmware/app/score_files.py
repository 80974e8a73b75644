# The scores files (Foursquare's games played, won and best; 4 pistes' best score) read
# as their games read them, by checks that load no game: the games' readers
# (games/foursquare/stats.py, games/pistes/start.py) and the power-up's check of every
# stored file (app/aside.py, which must not load two games' screens and rules at boot).
FOURSQUARE_DECK = 40  # games.foursquare.rules.DECK (tests/host/test_unreadable_files.py holds them equal)
PISTES_BEST_MAX = 40  # 4 * games.pistes.rules.END: four pawns at the end cell


def stats_from(data):
    """Foursquare's scores {"played", "won", "best"} that a file's JSON `data` holds, or
    None where it holds none the board can use."""
    if not isinstance(data, dict):
        return None
    p, w, b = data.get("played"), data.get("won"), data.get("best")
    ints = all(isinstance(x, int) and not isinstance(x, bool) for x in (p, w))
    if ints and 0 <= w <= p and (b is None or (isinstance(b, int) and 0 <= b < FOURSQUARE_DECK)):
        return {"played": p, "won": w, "best": b}
    return None


def best_from(data):
    """4 pistes' best score in a file's JSON `data`, or None."""
    best = data.get("best") if isinstance(data, dict) else None
    return best if isinstance(best, int) and 0 <= best <= PISTES_BEST_MAX else None
