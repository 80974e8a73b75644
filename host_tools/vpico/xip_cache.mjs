// A model of the RP2040's XIP cache (datasheet 2.5.3.1): 16 KB, 2-way set-associative,
// 8-byte lines, least recently used way replaced. Flash addresses 0x10000000-0x13ffffff,
// four aliases of the same 16 MB: 0x10.. cached and allocating, 0x11.. looked up but
// not allocating, 0x12.. not looked up but allocating, 0x13.. neither. A miss costs the
// QSPI read of its line (missExtraCycles: what it costs more than the one cycle the
// emulator charges every access), worked out from the SSI's registers (ssiMissCycles).
// host_tools/vpico/vpico.mjs feeds it every XIP fetch and read (thumb_blocks.mjs looks a
// block's own fetches up in `tags` and `older` itself, calling read() on a miss).
export const CACHE_BYTES = 16 * 1024;
export const LINE_BYTES = 8;
export const WAYS = 2; // (thumb_blocks.mjs writes a lookup out for two)
export const SETS = CACHE_BYTES / LINE_BYTES / WAYS; // 1024

// The SDK's boot2_w25q080 (MicroPython's RPI_PICO) as it leaves the SSI: quad I/O
// continuous read, 32 address + mode bits on 4 lines, 4 dummy clocks, SCK = clk_sys / 2
// (PICO_FLASH_SPI_CLKDIV): the cost until the firmware has set the SSI up.
export const BOOT2_SSI = { ctrlr0: (2 << 21) | (31 << 16) | (3 << 8), spiCtrlr0: (0xa0 << 24) | (4 << 11) | (8 << 2) | 2, baudr: 2 };

// The system cycles of one line read over QSPI as the SSI is set (RP2040 datasheet 4.10.13:
// CTRLR0.SPI_FRF the data lines, SPI_CTRLR0's instruction and address lengths, which of
// them go over those lines (TRANS_TYPE) and the dummy clocks (WAIT_CYCLES); BAUDR.SCKDV
// system cycles a flash clock): 64 bits of data, what comes before them, nothing else
// (no chip select or SSI latency). null: the SSI is not set up for XIP reads (32-bit
// frames, TMOD EEPROM read), as for the commands the SDK sends it directly.
export function ssiMissCycles({ ctrlr0, spiCtrlr0, baudr }) {
  const lanes = [1, 2, 4, 0][(ctrlr0 >>> 21) & 3];
  const sckdv = baudr & 0xffff;
  if (lanes === 0 || sckdv < 2 || ((ctrlr0 >>> 16) & 0x1f) !== 31 || ((ctrlr0 >>> 8) & 3) !== 3) return null;
  const trans = spiCtrlr0 & 3;
  const instBits = [0, 4, 8, 16][(spiCtrlr0 >>> 8) & 3];
  const addrBits = ((spiCtrlr0 >>> 2) & 0xf) * 4;
  const wait = (spiCtrlr0 >>> 11) & 0x1f;
  const sck = instBits / (trans === 2 ? lanes : 1) + addrBits / (trans >= 1 ? lanes : 1) + wait + (8 * LINE_BYTES) / lanes;
  return Math.ceil(sck) * sckdv;
}

export class XipCache {
  constructor(missExtraCycles = ssiMissCycles(BOOT2_SSI) - 1) {
    this.tags = new Int32Array(SETS * WAYS).fill(-1);
    this.older = new Uint8Array(SETS); // each set's least recently used way
    this.hits = new Uint32Array(1); // (an array: a block counts its own hits in place)
    this.misses = 0;
    this.missExtraCycles = missExtraCycles;
    this.lastFetch = -1; // the line of the last instruction fetch, if no data read came since
    this.stall = 0; // the cycles misses cost that the core has not yet been charged
  }

  flush() {
    this.tags.fill(-1);
    this.lastFetch = -1;
  }

  // one read at this (XIP) address: true on a hit
  read(address) {
    const alias = (address >>> 24) & 3;
    const line = (address & 0xffffff) >>> 3;
    const set = line & (SETS - 1);
    const tag = line >>> 10;
    const base = set * WAYS;
    if ((alias & 2) === 0) {
      if (this.tags[base] === tag) {
        this.older[set] = 1;
        this.hits[0]++;
        return true;
      }
      if (this.tags[base + 1] === tag) {
        this.older[set] = 0;
        this.hits[0]++;
        return true;
      }
    }
    this.misses++;
    if ((alias & 1) === 0) {
      const way = this.older[set];
      this.tags[base + way] = tag;
      this.older[set] = way ^ 1;
    }
    return false;
  }

  // a data read: the cycles it costs more than one
  data(address) {
    this.lastFetch = -1;
    return this.read(address) ? 0 : this.missExtraCycles;
  }

  // an instruction fetch: the same. A fetch from the line of the fetch before, with no
  // read between, is a hit that changes nothing: not looked up (the core fetches a word
  // at a time, two a line).
  fetch(address) {
    const line = address >>> 3;
    if (line === this.lastFetch) return 0;
    const hit = this.read(address);
    // (a line an uncached or non-allocating alias missed is not kept: its next word misses too)
    this.lastFetch = hit || address >>> 24 === 0x10 ? line : -1;
    return hit ? 0 : this.missExtraCycles;
  }
}
