# A 3x5 pixel font for names scrolled across the LEDs (upper case, digits, a few
# signs). A glyph is 15 bits, 3 per row from the top, the left pixel the highest bit.
GLYPHS = {
    "A": 0b010101111101101, "B": 0b110101110101110, "C": 0b011100100100011,
    "D": 0b110101101101110, "E": 0b111100110100111, "F": 0b111100110100100,
    "G": 0b011100101101011, "H": 0b101101111101101, "I": 0b111010010010111,
    "J": 0b001001001101010, "K": 0b101101110101101, "L": 0b100100100100111,
    "M": 0b101111111101101, "N": 0b110101101101101, "O": 0b010101101101010,
    "P": 0b110101110100100, "Q": 0b010101101110011, "R": 0b110101110101101,
    "S": 0b011100010001110, "T": 0b111010010010010, "U": 0b101101101101111,
    "V": 0b101101101101010, "W": 0b101101111111101, "X": 0b101101010101101,
    "Y": 0b101101010010010, "Z": 0b111001010100111,
    "0": 0b111101101101111, "1": 0b010110010010111, "2": 0b110001010100111,
    "3": 0b110001010001110, "4": 0b101101111001001, "5": 0b111100110001110,
    "6": 0b011100111101111, "7": 0b111001010010010, "8": 0b111101111101111,
    "9": 0b111101111001110, " ": 0, "-": 0b000000111000000, ".": 0b000000000000010,
}
HEIGHT = 5
ADVANCE = 4  # a glyph and one column of space


def columns(text):
    """The text as a bytes of pixel columns, bit 0 the top row; an unknown character
    shows as a space."""
    out = bytearray()
    for ch in text.upper():
        glyph = GLYPHS.get(ch, 0)
        for x in range(3):
            col = 0
            for y in range(HEIGHT):
                if glyph >> (14 - 3 * y - x) & 1:
                    col |= 1 << y
            out.append(col)
        out.append(0)
    return bytes(out)
