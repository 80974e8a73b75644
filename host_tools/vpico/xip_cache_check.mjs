// Checks the XIP cache model (xip_cache.mjs) and a block's lookups (thumb_blocks.mjs)
// against access patterns worked out by hand: which reads miss, and what they cost.
// Prints a line for each check (`ok` or `FAILED`) and `xip checks: N passed, M failed`;
// exit 1 if any failed.   node host_tools/vpico/xip_cache_check.mjs
import { RP2040, ConsoleLogger, LogLevel } from 'rp2040js';
import { XipCache, ssiMissCycles, BOOT2_SSI } from './xip_cache.mjs';
import { blockRunner } from './thumb_blocks.mjs';

const MISS = 55; // the extra cycles given to the model below
let passed = 0;
let failed = 0;

function check(name, got, want) {
  const ok = JSON.stringify(got) === JSON.stringify(want);
  process.stdout.write(`${ok ? 'ok' : 'FAILED'}: ${name}${ok ? '' : `: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`}\n`);
  if (ok) passed++;
  else failed++;
}

// each read of `addresses` as data: 'h' a hit, 'm' a miss
const pattern = (cache, addresses) => addresses.map((a) => (cache.data(a) === 0 ? 'h' : 'm')).join('');

// a loop of 16 bytes (two lines) fetched ten times, a halfword at a time: its two lines
// miss once, then every lookup hits (a line's second word is not looked up again)
{
  const cache = new XipCache(MISS);
  let cycles = 0;
  for (let pass = 0; pass < 10; pass++) {
    for (let a = 0x10001000; a < 0x10001010; a += 2) cycles += cache.fetch(a);
  }
  check('a loop that fits: two misses, their cycles', [cache.misses, cycles], [2, 2 * MISS]);
  check('a loop that fits: one lookup a line a pass after the first', cache.hits[0], 9 * 2);
  cache.flush();
  check('after a flush the loop misses again', [cache.fetch(0x10001000), cache.misses], [MISS, 3]);
}

// three lines 8 KB apart share one set of two ways: the least recently used way goes
{
  const cache = new XipCache(MISS);
  const [a, b, c] = [0x10000040, 0x10002040, 0x10004040];
  // a, b fill the set; c evicts a (older); a evicts b; c hits; b evicts a; a evicts c;
  // c evicts b; b evicts a
  check('three lines in one set: LRU eviction', pattern(cache, [a, b, c, a, c, b, a, c, b]), 'mmmmhmmmm');
  // two lines in a set never evict each other
  check('two lines in one set stay', pattern(new XipCache(MISS), [a, b, a, b, b, a]), 'mmhhhh');
}

// the aliases: 0x11 looked up, not allocating; 0x12 allocating, not looked up; 0x13 neither
{
  const cache = new XipCache(MISS);
  check('aliases', pattern(cache, [
    0x11000100, 0x11000100, // not allocated: misses twice
    0x10000100, 0x11000100, // allocated through 0x10: then 0x11 hits it
    0x13000100, // never looked up
    0x12000200, 0x10000200, 0x12000200, // allocated through 0x12, found through 0x10, never through 0x12
    0x13000200,
  ]), 'mmmhmmhmm');
  const uncached = new XipCache(MISS);
  check('a fetch through 0x13 misses on each word of its line', [uncached.fetch(0x13000000), uncached.fetch(0x13000004)],
    [MISS, MISS]);
}

// a read between two fetches of one line: the second fetch is looked up again (the read
// may have made the line the older of its set)
{
  const cache = new XipCache(MISS);
  const [code, x, y] = [0x10000000, 0x10002000, 0x10004000]; // one set
  cache.fetch(code); // miss
  cache.data(x); // miss: code older
  cache.data(y); // miss: evicts code
  check('a fetch after reads of its set that evicted it misses', cache.fetch(code + 2), MISS);
}

// a miss's cycles from the SSI's registers (datasheet 4.10.13), worked out by hand
check('boot2_w25q080 (quad, continuous read, clkdiv 2): 8 + 4 + 16 SCK', ssiMissCycles(BOOT2_SSI), 28 * 2);
check('the same at clkdiv 4', ssiMissCycles({ ...BOOT2_SSI, baudr: 4 }), 28 * 4);
check('boot2 entering XIP: 8-bit instruction on one line, address in quad', ssiMissCycles({ ctrlr0: 0x5f0300, spiCtrlr0: 0x2221, baudr: 2 }),
  (8 + 8 + 4 + 16) * 2);
check('serial read (03h): all on one line', ssiMissCycles({ ctrlr0: 0x1f0300, spiCtrlr0: (3 << 24) | (2 << 8) | (6 << 2), baudr: 6 }),
  (8 + 24 + 64) * 6);
check('the SSI set up for a direct command: not a read', ssiMissCycles({ ctrlr0: 0x70000, spiCtrlr0: 0, baudr: 6 }), null);
check('the default cost: boot2s less the one cycle charged', new XipCache().missExtraCycles, 55);

// a block in flash looks its lines up in place: run once, each line misses once (the
// literal's line too, which its last instruction is then fetched from), then never
{
  const mcu = new RP2040();
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  const code = [
    0x4902, // 0x10000000 ldr r1, [pc, #8]: the literal at 0x1000000c (line 1)
    0x2001, // movs r0, #1
    0x3002, // adds r0, #2
    0x3003, // adds r0, #3
    0x3004, // 0x10000008 adds r0, #4 (line 1)
    0x4770, // bx lr
    0x5678, 0x1234, // 0x1000000c the literal
  ];
  code.forEach((half, i) => mcu.flashView.setUint16(2 * i, half, true));
  const cycles = (cache) => {
    const runner = blockRunner(mcu, mcu.flash.length, cache);
    const out = [];
    for (let run = 0; run < 2; run++) {
      mcu.core.PC = 0x10000000;
      mcu.core.LR = 0x10000001;
      out.push(runner.step());
    }
    return out;
  };
  const plain = cycles(null);
  const cache = new XipCache(MISS);
  const charged = cycles(cache);
  check('a block in flash: its ldr read its literal', mcu.core.registers[1] >>> 0, 0x12345678);
  check('a block in flash: two lines missed on the first run, none on the second',
    [charged[0] - plain[0], charged[1] - plain[1], cache.misses], [2 * MISS, 0, 2]);
  const uncached = new XipCache(MISS);
  const runner = blockRunner(mcu, mcu.flash.length, uncached);
  mcu.core.PC = 0x13000000; // through the alias that is never looked up: every fetch misses
  mcu.core.LR = 0x10000001;
  check('a block through 0x13 misses on every halfword and on its literal',
    [runner.step() - plain[0], uncached.misses], [7 * MISS, 7]);
}

process.stdout.write(`xip checks: ${passed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
