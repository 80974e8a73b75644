"""Lines from outside (the referee's moves, the headless simulator's script) read as an
attack surface: bytes, at most MAX_LINE of them a line held in memory, decoded as
UTF-8 or refused with a clear message, and echoed back cut short, with no control
character reaching a terminal (escaped())."""
import re

MAX_LINE = 1000  # bytes: a move or a script command is a few dozen
ECHO = 40  # characters of a line an answer repeats


def shown(text, limit=ECHO):
    """`text` as an answer repeats it: cut to `limit` characters."""
    return text if len(text) <= limit else text[:limit] + "..."


CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")  # C0 and C1 controls, DEL (not tab)


def escaped(text):
    """`text` as a message prints it: each control character as \\xNN (an ESC sequence
    echoed back raw would reach the terminal and act there)."""
    return CONTROL.sub(lambda m: "\\x%02x" % ord(m.group()), text)


def read_lines(stream, limit=MAX_LINE):
    """(text, error) for each line of the binary `stream`: the line without its end,
    error None; or, for a line too long or not UTF-8, what is wrong and the line's
    start (invalid bytes shown as U+FFFD). A last line without its newline counts. A
    UTF-8 byte-order mark at the start (a file saved by some editors) is no text."""
    first = True
    while True:
        raw = stream.readline(limit + 1)
        if first and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
            if not raw.endswith(b"\n"):  # the line's end, as if the mark had not been read
                raw += stream.readline(limit + 1 - len(raw))
        first = False
        if not raw:
            return
        if len(raw) > limit and not raw.endswith(b"\n"):
            size = len(raw)
            while True:  # the rest of the line, read in pieces and dropped
                more = stream.readline(65536)
                size += len(more.rstrip(b"\r\n"))
                if not more or more.endswith(b"\n"):
                    break
            yield (shown(raw[:ECHO * 4].decode("utf-8", "replace")),
                   "a line of %d bytes is too long (at most %d)" % (size, limit))
            continue
        raw = raw.rstrip(b"\r\n")
        try:
            yield raw.decode("utf-8"), None
        except UnicodeError as e:
            yield (raw.decode("utf-8", "replace"),
                   "the line is not UTF-8 text (byte %d is 0x%02x)" % (e.start + 1, raw[e.start]))
