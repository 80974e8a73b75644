# A 3x5 pixel font for names scrolled across the LEDs (upper case, digits, a few
# signs). A glyph is 15 bits, 3 per row from the top, the left pixel the highest bit.
# The characters are one string and their glyphs a tuple in the same order, not a dict
# keyed by character: one-letter keys would each be a name in the qstr pool (RAM).
CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-. "
GLYPHS = (  # of CHARS, in order
    0b010101111101101, 0b110101110101110, 0b011100100100011, 0b110101101101110,  # A B C D
    0b111100110100111, 0b111100110100100, 0b011100101101011, 0b101101111101101,  # E F G H
    0b111010010010111, 0b001001001101010, 0b101101110101101, 0b100100100100111,  # I J K L
    0b101111111101101, 0b110101101101101, 0b010101101101010, 0b110101110100100,  # M N O P
    0b010101101110011, 0b110101110101101, 0b011100010001110, 0b111010010010010,  # Q R S T
    0b101101101101111, 0b101101101101010, 0b101101111111101, 0b101101010101101,  # U V W X
    0b101101010010010, 0b111001010100111, 0b111101101101111, 0b010110010010111,  # Y Z 0 1
    0b110001010100111, 0b110001010001110, 0b101101111001001, 0b111100110001110,  # 2 3 4 5
    0b011100111101111, 0b111001010010010, 0b111101111101111, 0b111101111001110,  # 6 7 8 9
    0b000000111000000, 0b000000000000010, 0,  # - . ' '
)
HEIGHT = 5
ADVANCE = 4  # a glyph and one column of space


def columns(text):
    """The text as a bytes of pixel columns, bit 0 the top row; an unknown character
    shows as a space."""
    out = bytearray()
    for ch in text.upper():
        i = CHARS.find(ch)
        glyph = GLYPHS[i] if i >= 0 else 0
        for x in range(3):
            col = 0
            for y in range(HEIGHT):
                if glyph >> (14 - 3 * y - x) & 1:
                    col |= 1 << y
            out.append(col)
        out.append(0)
    return bytes(out)
