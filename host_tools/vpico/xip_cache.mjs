// A model of the RP2040's XIP cache (datasheet 2.5.3.1): 16 KB, 2-way set-associative,
// 8-byte lines, least recently used way replaced. Flash addresses 0x10000000-0x13ffffff,
// four aliases of the same 16 MB: 0x10.. cached and allocating, 0x11.. looked up but
// not allocating, 0x12.. not looked up but allocating, 0x13.. neither.
// host_tools/vpico/vpico.mjs feeds it every XIP fetch and read when it counts them.
export const CACHE_BYTES = 16 * 1024;
export const LINE_BYTES = 8;
const WAYS = 2;
const SETS = CACHE_BYTES / LINE_BYTES / WAYS; // 1024

export class XipCache {
  constructor() {
    this.tags = new Int32Array(SETS * WAYS).fill(-1);
    this.older = new Uint8Array(SETS); // each set's least recently used way
    this.misses = 0;
  }

  flush() {
    this.tags.fill(-1);
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
        return true;
      }
      if (this.tags[base + 1] === tag) {
        this.older[set] = 0;
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
}
