// The board in a browser: the very firmware on MicroPython (wasm), behind the browser's
// drivers. This script loads MicroPython and the board's files (board/files.*), hands
// Python its host functions (localStorage, WebAudio: web/drivers.py), turns pointer,
// touch and keyboard events into key events, wakes the board when it asks to be woken
// (web/page.py: step() says when) and draws the LEDs' levels when a frame changes.
//
// The contract for tests and outside checks (README, "Play in a browser"):
//   every key is an element with data-cell="a1" .. "l12" (a1 top-left);
//   window.board.ready     true once the first frame is drawn;
//   window.board.state()   the headless simulator's `state` JSON (as an object);
//   window.board.frame()   the headless `frame` lines: 12 rows of 12 rrggbb levels;
//   ?clock=virtual         the board on a virtual clock that moves only by
//                          window.board.advance(ms) (the headless `wait`): the same
//                          presses then give the very frames of the headless simulator;
//   window.board.away      true once the board was opened in another tab, which then
//                          plays it: this one stops (it would mix two boards' games in
//                          one save) and offers to take the board back;
//   window.board.moves()   the game's moves in its notation ([] off a game);
//   #game=connect4&moves=4,4,3  the page's address carries the game on the board and
//                          its moves: opening it shows that game at that move.
// state(), frame() and advance() throw an Error before `ready`, once the board has
// stopped on errors or while another tab plays it, and advance() a TypeError for
// anything but a number of ms >= 0.
import { loadMicroPython } from "./micropython.mjs";

const SIZE = 12;
const CELLS = SIZE * SIZE;
const PREFIX = "ledboard/";            // localStorage: one entry per file of the board
const ASIDE = "ledboard-aside/";       // ... and what was set aside, not the board's
const HEAP_BYTES = 1024 * 1024;
const CAP = [38, 38, 42];              // an unlit cap under room light (sim/terminal.py's)
const DISPLAY_GAMMA = 1 / 2.2;         // an LED's linear light as an sRGB screen shows it
const VOLUME = 0.08;
const params = new URLSearchParams(location.search);
const VIRTUAL = params.get("clock") === "virtual";

const $ = (id) => document.getElementById(id);
const boardEl = $("board");
const cellEls = [];
const shown = new Array(CELLS).fill("");     // the rrggbb each cap shows now
let page = null;                              // the Python side: web/page.py's Page
let py = null;                                // its bound methods
let timer = null;
let lastView = "";
let rulesShown = null;
let holdMs = 700;
let pendingInput = null;                      // the time of an input not yet answered
let away = false;                             // another tab plays the board now
let virtualMs = 0;                            // the virtual clock's time (advance)
let virtualRelease = null;                    // the `h` key's release on it: {cell, at}
const answers = [];                           // [ms from an input to its answer drawn, ...]
let lang = "en";                              // the board's language (the menu's j1 / k1)
let movesShown = [];                          // the move list as it is shown: [[who, move], ...]

function cellName(i) {
  return String.fromCharCode(97 + (i % SIZE)) + (1 + Math.floor(i / SIZE));
}

// -- the board's picture ---------------------------------------------------------------
// The keys are an ARIA grid (a row of 12 keys each, laid out by the board's CSS grid
// through `display: contents`), each key a gridcell named by what it is and shows (the
// Python side's words: web/keys.py); the board's focus stays on the grid, whose
// aria-activedescendant follows the keyboard cursor. The labels and captions around it
// say nothing the keys' names do not: hidden from screen readers.
function buildBoard() {
  for (let r = 0; r < SIZE; r++) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "row");
    for (let i = r * SIZE; i < (r + 1) * SIZE; i++) {
      const el = document.createElement("div");
      el.className = "cell";
      el.id = "key-" + cellName(i);
      el.setAttribute("role", "gridcell");
      el.setAttribute("aria-label", cellName(i));
      el.dataset.cell = cellName(i);
      el.dataset.index = i;
      el.style.gridRow = 3 + Math.floor(i / SIZE);
      el.style.gridColumn = 2 + (i % SIZE);
      el.appendChild(document.createElement("span")).className = "cap";
      row.appendChild(el);
      cellEls.push(el);
    }
    boardEl.appendChild(row);
  }
  boardEl.setAttribute("aria-activedescendant", cellEls[cursor].id);
  for (const side of ["top", "bottom", "left", "right"]) {
    for (let i = 0; i < SIZE; i++) {
      const el = document.createElement("div");
      el.setAttribute("aria-hidden", "true");
      el.className = "label " + side;
      el.dataset.side = side;
      el.style.gridRow = side === "top" ? 2 : side === "bottom" ? 15 : 3 + i;
      el.style.gridColumn = side === "left" ? 1 : side === "right" ? 14 : 2 + i;
      boardEl.appendChild(el);
    }
  }
}

// The screen colour of an LED's level: its light (linear in the level) lighting the cap.
const SCREEN = CAP.map((cap) => {
  const lut = new Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.round(cap + (255 - cap) * Math.pow(v / 255, DISPLAY_GAMMA));
  return lut;
});

function paint(i, hex) {
  const r = parseInt(hex.slice(0, 2), 16), g = parseInt(hex.slice(2, 4), 16), b = parseInt(hex.slice(4, 6), 16);
  const style = cellEls[i].firstChild.style;
  const rgb = [SCREEN[0][r], SCREEN[1][g], SCREEN[2][b]];
  const light = Math.max(r, g, b) / 255;
  style.setProperty("--led", `rgb(${rgb})`);
  if (light > 0) {
    const core = rgb.map((c) => Math.round(c + (255 - c) * 0.35 * Math.pow(light, DISPLAY_GAMMA)));
    const glow = Math.pow(light, DISPLAY_GAMMA);
    style.setProperty("--core", `rgb(${core})`);
    style.setProperty("--glow", `rgba(${rgb},${(0.35 + 0.5 * glow).toFixed(2)})`);
    style.setProperty("--glow-blur", `${(4 + 14 * glow).toFixed(1)}px`);
    style.setProperty("--glow-spread", `${(1 + 3 * glow).toFixed(1)}px`);
  } else {
    for (const name of ["--core", "--glow", "--glow-blur", "--glow-spread"]) style.removeProperty(name);
  }
}

// Draws the caps whose level changed since they were last drawn; true if the frame changed.
function draw() {
  const hex = py.levels();
  if (!hex) return false;
  let changed = false;
  for (let i = 0; i < CELLS; i++) {
    const h = hex.substr(i * 6, 6);
    if (h !== shown[i]) {
      shown[i] = h;
      paint(i, h);
      changed = true;
    }
  }
  if (changed && pendingInput !== null) {
    const since = pendingInput;
    pendingInput = null;
    requestAnimationFrame(() => {            // the next paint shows it
      answers.push(performance.now() - since);
      if (answers.length > 1000) answers.shift();
    });
  }
  return changed;
}

// The words around the board change with the frame: the status line written before it
// is painted when a move or a refusal changed it (page.changed()), the rest just after
// it (and a new screen's words: their modules may have to load first), else at most
// every VIEW_MS while a picture moves by itself (a blink, a scroll).
const VIEW_MS = 250;
let viewTimer = null;
function viewSoon(urgent) {
  if (viewTimer !== null && !urgent) return;
  clearTimeout(viewTimer);
  viewTimer = -1;
  requestAnimationFrame(() => {
    viewTimer = setTimeout(() => { viewTimer = null; showView(); }, urgent ? 0 : VIEW_MS);
  });
}

// The words around the board: labels, captions, the status line, the rules page.
function showView() {
  if (!py) return;
  const said = [];                           // what the live region announces
  const names = py.names();                  // ("": the keys' names have not changed)
  if (names) {
    const { keys, game } = JSON.parse(names);
    showKeys(keys);
    said.push(...showMoves(game));
  }
  const text = py.view();
  if (text === lastView) {
    if (said.length) $("announce").textContent = said.join(". ");
    return;
  }
  lastView = text;
  const view = JSON.parse(text);
  const labels = boardEl.querySelectorAll(".label");
  const sides = { top: 0, bottom: 1, left: 2, right: 3 };
  const index = { top: 0, bottom: 0, left: 0, right: 0 };
  for (const el of labels) {
    const side = el.dataset.side;
    const text = view.labels[sides[side]][index[side]++];
    el.textContent = text;
    el.classList.toggle("words", text.length > 3);  // (a choice in words: smaller, wrapped)
  }
  for (const el of boardEl.querySelectorAll(".caption")) el.remove();
  for (const [place, cell, words] of view.captions) {
    const el = document.createElement("div");
    const row = Math.floor(cell / SIZE), col = cell % SIZE;
    el.setAttribute("aria-hidden", "true");
    el.textContent = words;
    if (place === "under") {
      el.className = "caption under";
      el.style.gridRow = 3 + row + 2;
      el.style.gridColumn = `${2 + col} / span 2`;
    } else {
      el.className = "caption " + (place.endsWith("-left") ? "left" : "centre");
      el.style.gridRow = place.startsWith("top") ? 1 : 16;
      el.style.gridColumn = place.endsWith("-left") ? `${2 + col} / 15` : `${2 + col}`;
    }
    boardEl.appendChild(el);
  }
  if (view.lang !== lang) showLanguage(view.lang);
  if ($("status").textContent !== view.status || statusShown) {
    $("status").textContent = view.status;
    said.push(view.status);
  }
  statusShown = false;
  if (said.length) $("announce").textContent = said.join(". ");
  $("refusal").textContent = view.error ? view.error : "";
  $("last-sound").textContent = view.sound ? `${words("last-sound")}: ${view.sound}.` : "";
  showRules(view.rules);
}

// The status line and the refusal, written before the frame that changed them is painted
// (the rest of the words, the keys' names, follow once it is: viewSoon).
let statusShown = false;                     // written ahead of the view that follows
function showStatus() {
  const view = JSON.parse(py.view(false));
  if ($("status").textContent !== view.status) {
    $("status").textContent = view.status;
    statusShown = true;                      // (the view that follows announces it)
  }
  $("refusal").textContent = view.error ? view.error : "";
}

// Each key's name ("d4: column 2, yellow disc 1") and the mark on its cap: the player's
// number on a piece, a card's rank (a cue besides colour).
function showKeys(keys) {
  for (let i = 0; i < CELLS; i++) {
    const [name, mark] = keys[i];
    const el = cellEls[i];
    if (el.getAttribute("aria-label") !== name) el.setAttribute("aria-label", name);
    const cap = el.firstChild;
    if ((cap.dataset.mark || "") !== mark) {
      if (mark) cap.dataset.mark = mark;
      else delete cap.dataset.mark;
    }
  }
}

// The move list beside the board and the game's link (the page's address carries it);
// returns the new moves in words, for the live region.
function showMoves(game) {
  const record = $("record");
  const list = $("moves");
  const link = game ? gameLink(game) : "";
  if (!game) {
    record.hidden = true;
    movesShown = [];
    list.textContent = "";
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    return [];
  }
  record.hidden = false;
  const moves = game.moves;
  let same = 0;                              // the moves shown that are still the game's
  while (same < moves.length && same < movesShown.length
         && moves[same][0] === movesShown[same][0] && moves[same][1] === movesShown[same][1]) same++;
  while (list.children.length > same) list.lastChild.remove();
  const said = [];
  for (let i = same; i < moves.length; i++) {
    const [who, move] = moves[i];
    const item = document.createElement("li");
    item.textContent = who ? `${who} ${move}` : move;
    list.appendChild(item);
    said.push(item.textContent);
  }
  const grew = moves.length > movesShown.length && same === movesShown.length;
  movesShown = moves;
  $("game-link").href = link;
  if (location.hash !== link) history.replaceState(null, "", location.pathname + location.search + link);
  return grew ? said.slice(-4) : [];
}

// -- the game as a link: #game=connect4&board=2&level=3&moves=4,4,3 ------------------------
// Its setup as the board's save keeps it (the seats the board plays, its level, the
// seed of a game with chance), then its moves in the game's notation, each percent-encoded
// and joined by commas.
function gameLink(game) {
  const setup = game.setup;
  const parts = [`game=${encodeURIComponent(setup.game)}`];
  if (setup.players !== null && setup.players !== undefined) parts.push(`players=${setup.players}`);
  if (setup.variant) parts.push(`variant=${encodeURIComponent(setup.variant)}`);
  if (setup.mode !== undefined) parts.push(`mode=${encodeURIComponent(setup.mode)}`);
  if (setup.board !== undefined) parts.push(`board=${setup.board.join("-")}`);
  if (setup.level !== undefined && setup.level !== null) parts.push(`level=${setup.level}`);
  if (setup.seed) parts.push(`seed=${setup.seed}`);
  if (setup.swap) parts.push("swap=1");
  parts.push("moves=" + game.moves.map(([, move]) => encodeURIComponent(move)).join(","));
  return "#" + parts.join("&");
}

// The game of the page's address (its `#`), read into what web/page.py's open_game takes;
// an Error saying what is wrong with it.
function readLink(hash) {
  const data = {};
  for (const part of hash.replace(/^#/, "").split("&")) {
    if (!part) continue;
    const at = part.indexOf("=");
    const name = at < 0 ? part : part.slice(0, at);
    const value = at < 0 ? "" : part.slice(at + 1);
    if (!["game", "players", "variant", "mode", "board", "level", "seed", "swap", "moves"].includes(name)) {
      throw new Error(`"${name.slice(0, 20)}" is no part of a game's link`);
    }
    try {
      data[name] = name === "moves" ? (value ? value.split(",").map(decodeURIComponent) : [])
        : decodeURIComponent(value);
    } catch (e) {
      throw new Error(`its ${name} is not well encoded`);
    }
  }
  return data;
}

// Opens the game of the page's address; a link that is no game of the board is said,
// and nothing changes.
function openLink(hash) {
  if (!hash || hash === "#" || !py || away) return;  // (away: another tab plays the board; it keeps its games)
  let result;
  try {
    result = JSON.parse(page.open_game(JSON.stringify(readLink(hash))));
  } catch (error) {
    result = { error: error.message };
  }
  const shownHash = hash.length > 80 ? hash.slice(0, 80) + "…" : hash;
  if (result.error) {
    notice(`${words("bad-link")} (${shownHash}): ${result.error}.`);
  } else {
    if (result.played < result.of) notice(words("short-link").replace("%d", result.played).replace("%d", result.of));
    if (result.kept) notice(words("kept-aside").replace("%s", result.kept));
  }
  lastView = "";
  run(() => py.step(), true);
  showView();
}

async function showRules(source) {
  // docs/RULES.md -> rules/RULES.html; docs/rules/connect4.md -> rules/connect4.html;
  // the French book's docs/fr/rules/connect4.md -> rules/fr/connect4.html
  const name = (source.startsWith("docs/fr/") ? "fr/" : "") + source.split("/").pop().replace(/\.md$/, "");
  if (name === rulesShown) return;
  rulesShown = name;
  await loadRules(name + ".html");
}

async function loadRules(file) {
  const aside = $("rules");
  try {
    const response = await fetch("rules/" + file);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    aside.innerHTML = await response.text();
    aside.scrollTop = 0;
  } catch (error) {
    aside.textContent = `The rules page ${file} could not be loaded (${error.message}).`;
  }
}

// -- the page's own words, in the board's language (the menu's j1 English / k1 French) ---
const WORDS = {
  en: {
    title: "LED game board",
    "new-board": "new board",
    "new-board-title": "clear every game this browser keeps",
    "sound-on": "sound: on",
    "sound-off": "sound: off",
    "sound-waiting": "sound: on from your first press",
    "sound-title": "the buzzer's notes: press to turn them off or on",
    loading: "Loading the board (MicroPython, then the firmware)…",
    help: "Click or touch a key; hold it for a long press (several fingers work too). Keyboard: the arrows move the cursor, Enter presses, <kbd>h</kbd> holds. Corners in every game: a1 held = menu, l1 = undo, a12 = hint, l12 held = new game.",
    board: "the 12 by 12 keys of the board: click or touch a key, hold it for a long press; arrows move the cursor, Enter presses, h holds",
    "play-area": "the board",
    "rules-area": "the rules of the game on the board",
    moves: "Moves",
    link: "link to this game",
    "link-note": "(send it: whoever opens it goes on from here)",
    "clear-question": "Clear every game, score and setting this browser keeps for the board? The board then starts as new.",
    "keep-them": "keep them",
    "clear-them": "clear them",
    "last-sound": "Last sound",
    "bad-link": "The address holds no game this board can open",
    "short-link": "The link's moves replay only to move %d of %d: the game is shown there",
    "kept-aside": "The game in progress on that tile was kept aside, as localStorage \"%s\"",
    ok: "ok",
    away: "The board was opened in another tab, which plays it now (its games are saved there).",
    "play-here": "play here",
    restarted: "The board stopped on an error and started again (%s); its games are kept.",
    "no-storage": "This browser keeps nothing for this page (its storage is off): the games last until the page is closed.",
    "set-aside": "Set aside %w: the board could not read it. It is kept in this browser as localStorage \"%s\".",
    "not-set-aside": "The board could not read %w, and could not set it aside (is the browser's storage full?): it is left as it is.",
  },
  fr: {
    title: "Plateau de jeu à LED",
    "new-board": "nouveau plateau",
    "new-board-title": "effacer toutes les parties gardées par ce navigateur",
    "sound-on": "son : activé",
    "sound-off": "son : coupé",
    "sound-waiting": "son : activé dès votre premier appui",
    "sound-title": "les notes du buzzer : appuyez pour les couper ou les remettre",
    loading: "Chargement du plateau (MicroPython, puis le micrologiciel)…",
    help: "Cliquez ou touchez une touche ; maintenez-la pour un appui long (plusieurs doigts marchent aussi). Clavier : les flèches déplacent le curseur, Entrée appuie, <kbd>h</kbd> maintient. Les coins dans chaque jeu : a1 maintenu = menu, l1 = annuler, a12 = indice, l12 maintenu = nouvelle partie.",
    board: "les 12 sur 12 touches du plateau : cliquez ou touchez une touche, maintenez-la pour un appui long ; les flèches déplacent le curseur, Entrée appuie, h maintient",
    "play-area": "le plateau",
    "rules-area": "les règles du jeu sur le plateau",
    moves: "Coups",
    link: "lien vers cette partie",
    "link-note": "(envoyez-le : qui l'ouvre continue d'ici)",
    "clear-question": "Effacer toutes les parties, scores et réglages que ce navigateur garde pour le plateau ? Le plateau repart alors à neuf.",
    "keep-them": "les garder",
    "clear-them": "les effacer",
    "last-sound": "Dernier son",
    "bad-link": "L'adresse ne contient aucune partie que ce plateau peut ouvrir",
    "short-link": "Les coups du lien ne se rejouent que jusqu'au coup %d sur %d : la partie est montrée là",
    "kept-aside": "La partie en cours de cette tuile a été mise de côté, en localStorage \"%s\"",
    ok: "ok",
    away: "Le plateau a été ouvert dans un autre onglet, qui le joue maintenant (ses parties y sont gardées).",
    "play-here": "jouer ici",
    restarted: "Le plateau s'est arrêté sur une erreur et a redémarré (%s) ; ses parties sont gardées.",
    "no-storage": "Ce navigateur ne garde rien pour cette page (son stockage est coupé) : les parties durent jusqu'à la fermeture de la page.",
    "set-aside": "Mis de côté : %w ; le plateau ne pouvait pas le relire. Il est gardé dans ce navigateur en localStorage \"%s\".",
    "not-set-aside": "Le plateau ne pouvait pas relire %w, ni le mettre de côté (le stockage du navigateur est-il plein ?) : il est laissé tel quel.",
  },
};

// The language the board was left in (its settings file), for the page's first words,
// before the board runs: the header and the loading line in it from the start.
function storedLanguage() {
  try {
    const settings = JSON.parse(store.getItem(PREFIX + "settings.json"));
    return settings && WORDS[settings.lang] ? settings.lang : "en";
  } catch (e) {
    return "en";                             // unreadable: the board's own check says so
  }
}

function words(name) {
  return (WORDS[lang] || WORDS.en)[name];
}

// The page's words in the board's language: <html lang>, the header, the buttons, the
// help line, the move list's heading, the dialog.
function showLanguage(newLang) {
  lang = WORDS[newLang] ? newLang : "en";
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-words]")) {
    if (el.dataset.words === "help") el.innerHTML = words("help");  // (the page's own text: a <kbd> in it)
    else el.textContent = words(el.dataset.words);
  }
  $("new-board").title = words("new-board-title");
  $("sound").title = words("sound-title");
  boardEl.setAttribute("aria-label", words("board"));
  $("play").setAttribute("aria-label", words("play-area"));
  $("rules").setAttribute("aria-label", words("rules-area"));
  sound.showButton();
}

// -- stepping the board ---------------------------------------------------------------
// Runs one call into the board (a key event, a step), draws what changed, and sleeps
// until the board's next deadline: the loop's pace while something moves or a key is
// down, the next idle mark otherwise (web/page.py), never on the virtual clock.
function run(call, input = false) {
  if (away) return;
  let wait;
  try {
    wait = call();
  } catch (error) {
    restart(error);
    return;
  }
  const changed = draw();
  if (changed) {                             // (the words change only with the picture)
    const what = py.changed();
    if (what === 1) showStatus();            // with this frame: a move, a refusal
    viewSoon(input || what > 0);
  }
  clearTimeout(timer);
  timer = wait >= 0 ? setTimeout(() => run(() => py.step()), wait) : null;
}

function key(cell, pressed, event) {
  if (!py || away) return;
  // A click's answer is timed from its press (a key acts as it goes down); its release
  // keeps the press's time while that is still unanswered (a key with a hold acts on
  // its release), and is no input of its own: a release that changes nothing must not
  // take the next picture (a blink, the next move) for its answer.
  if (pressed) pendingInput = event && event.timeStamp ? event.timeStamp : performance.now();
  cellEls[cell].classList.toggle("down", pressed);
  run(() => py.key(cell, pressed), true);
  if (!pressed && sound.waiting) sound.unmute(true);  // a press is what lets a page sound
}

// The board raised: report it, and start it afresh from its saves, as main.py does
// (RESTARTS times at most: then the page says the board cannot run).
const RESTARTS = 3;
let restarts = 0;
function restart(error) {
  console.error("the board stopped on an error:", error && error.message ? error.message : error);
  if (++restarts > RESTARTS) {
    py = null;
    trouble("The board keeps stopping on an error: " + (error && error.message ? error.message : error));
    return;
  }
  notice(words("restarted").replace("%s", error && error.type ? error.type : "error"));
  try {
    makePage(`the board restarted after an error (${error && error.type ? error.type : "Error"})`);
    draw();
    showView();
  } catch (again) {
    console.error("the board cannot start again:", again && again.message ? again.message : again);
    trouble("The board cannot run: " + (again && again.message ? again.message : again));
  }
}

// -- keys: pointers, fingers, the keyboard ---------------------------------------------
const pointers = new Map();                  // pointerId -> the key it holds down
const keyboardDown = new Map();              // keyboard key -> the board key it holds
let cursor = 2 * SIZE + 2;                    // c3: the menu's first tile
let cursorShown = false;

function isDown(cell) {
  for (const c of pointers.values()) if (c === cell) return true;
  for (const c of keyboardDown.values()) if (c === cell) return true;
  return false;
}

function listenPointers() {
  boardEl.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const el = event.target.closest("[data-cell]");
    if (!el || pointers.has(event.pointerId)) return;
    event.preventDefault();
    boardEl.focus({ preventScroll: true });
    const cell = Number(el.dataset.index);
    if (isDown(cell)) return;                 // already held by another finger
    pointers.set(event.pointerId, cell);
    try { boardEl.setPointerCapture(event.pointerId); } catch (e) { /* not capturable: up still comes */ }
    key(cell, true, event);
  });
  const release = (event) => {
    const cell = pointers.get(event.pointerId);
    if (cell === undefined) return;
    pointers.delete(event.pointerId);
    key(cell, false, event);
  };
  boardEl.addEventListener("pointerup", release);
  boardEl.addEventListener("pointercancel", release);
  boardEl.addEventListener("lostpointercapture", release);
  boardEl.addEventListener("contextmenu", (event) => event.preventDefault());
  window.addEventListener("blur", releaseAll);   // the page lost the pointer: no key stays down
}

function releaseHold(cell) {
  if (keyboardDown.get("h") === cell) { keyboardDown.delete("h"); key(cell, false); }
}

// The virtual clock moved on by `ms`, with the `h` key's release at its time.
function advanceVirtual(ms) {
  while (virtualRelease !== null && virtualMs + ms >= virtualRelease.at) {
    const { cell, at } = virtualRelease;
    const step = at - virtualMs;
    virtualRelease = null;
    run(() => py.advance(step));
    virtualMs += step;
    ms -= step;
    releaseHold(cell);
  }
  run(() => py.advance(ms));
  virtualMs += ms;
}

function releaseAll() {
  for (const [id, cell] of [...pointers]) { pointers.delete(id); key(cell, false); }
  for (const [k, cell] of [...keyboardDown]) { keyboardDown.delete(k); key(cell, false); }
}

function moveCursor(to) {
  cellEls[cursor].classList.remove("cursor");
  cursor = to;
  cellEls[cursor].classList.add("cursor");
  boardEl.setAttribute("aria-activedescendant", cellEls[cursor].id);  // a screen reader says the key
  cursorShown = true;
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function listenKeyboard() {
  document.addEventListener("keydown", (event) => {
    if (!py || away || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target !== document.body && target !== boardEl) return;  // a button has its own keys
    if (ARROWS[event.key]) {
      event.preventDefault();
      if (!cursorShown) { moveCursor(cursor); return; }
      const [dr, dc] = ARROWS[event.key];
      const row = Math.max(0, Math.min(SIZE - 1, Math.floor(cursor / SIZE) + dr));
      const col = Math.max(0, Math.min(SIZE - 1, (cursor % SIZE) + dc));
      moveCursor(row * SIZE + col);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (event.repeat || keyboardDown.has(event.key) || isDown(cursor)) return;
      if (!cursorShown) moveCursor(cursor);
      keyboardDown.set(event.key, cursor);
      key(cursor, true, event);
    } else if (event.key === "h" || event.key === "H") {
      event.preventDefault();
      if (event.repeat || keyboardDown.has("h") || isDown(cursor)) return;
      if (!cursorShown) moveCursor(cursor);
      const cell = cursor;
      keyboardDown.set("h", cell);
      key(cell, true, event);
      // a sure hold: down a little past HOLD_MS, on the board's clock (the virtual
      // one's release comes with the advance() that reaches it)
      if (VIRTUAL) virtualRelease = { cell, at: virtualMs + holdMs + 300 };
      else setTimeout(() => releaseHold(cell), holdMs + 300);
    }
  });
  document.addEventListener("keyup", (event) => {
    const k = event.key === "Enter" || event.key === " " ? event.key : null;
    if (k && keyboardDown.has(k)) {
      const cell = keyboardDown.get(k);
      keyboardDown.delete(k);
      key(cell, false, event);
    }
  });
}

// -- sound: the buzzer's notes on WebAudio, silent until the first press ----------------
// The audio context is made at the end of the first press (browsers let a page sound
// only after one), a moment after its answer is drawn: making one can take a few
// hundred ms, which must not fall between a press and its light. It is suspended
// whenever nothing sounds, so a quiet board costs the CPU nothing.
const sound = {
  context: null,
  waiting: true,     // for the first press
  muted: true,
  voice: null,
  unmute(deferred = false) {
    this.waiting = false;
    if (deferred) { setTimeout(() => this.unmute(), 60); return; }
    this.muted = false;
    try {
      this.context = this.context || new AudioContext();
      this.context.suspend();
    } catch (e) {
      this.context = null;                   // no audio here: the board stays silent
    }
    this.showButton();
  },
  toggle() {
    if (this.waiting) {                      // "on at the first press": this press turns it off
      this.waiting = false;
      this.showButton();
    } else if (this.muted) this.unmute();
    else {
      this.muted = true;
      this.stop();
      this.showButton();
    }
    try { store.setItem(SOUND_KEY, this.muted ? "off" : "on"); } catch (e) { /* not kept: on again next time */ }
  },
  // The choice kept from the last visit: "off" stays off (no sound at the first press).
  restore() {
    if (store.getItem(SOUND_KEY) === "off") this.waiting = false;
    this.showButton();
  },
  showButton() {
    const button = $("sound");
    // (before the first press the browser keeps it silent: the button says it will sound
    // then, not "off", which read as a choice nobody made)
    button.textContent = words(this.waiting ? "sound-waiting" : this.muted ? "sound-off" : "sound-on");
    button.setAttribute("aria-pressed", String(!this.muted || this.waiting));
  },
  stop() {
    if (this.voice) { try { this.voice.stop(); } catch (e) { /* already over */ } this.voice = null; }
    if (this.context && this.context.state === "running") this.context.suspend();
  },
  // notes: "hz:ms,hz:ms" (drivers/sound.py's SOUNDS: a square wave, as the piezo's PWM)
  tone(notes) {
    if (this.muted || !this.context) return;
    if (this.voice) { try { this.voice.onended = null; this.voice.stop(); } catch (e) { /* over */ } }
    const ctx = this.context;
    if (ctx.state !== "running") ctx.resume();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "square";
    osc.connect(gain).connect(ctx.destination);
    let t = ctx.currentTime;
    for (const note of notes.split(",")) {
      const [hz, ms] = note.split(":").map(Number);
      if (hz) osc.frequency.setValueAtTime(hz, t);
      gain.gain.setValueAtTime(hz ? VOLUME : 0, t);
      t += ms / 1000;
    }
    gain.gain.setValueAtTime(0, t);
    osc.start();
    osc.stop(t + 0.02);
    osc.onended = () => { if (this.voice === osc) this.stop(); };
    this.voice = osc;
  },
};

// -- storage: the board's files in localStorage ------------------------------------------
function memoryStorage() {
  const map = new Map();
  return {
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => { map.set(k, String(v)); },
    removeItem: (k) => { map.delete(k); },
    key: (i) => [...map.keys()][i] ?? null,
    get length() { return map.size; },
  };
}

function openStorage() {
  try {
    const storage = window.localStorage;
    storage.getItem(PREFIX + "settings.json");
    return storage;
  } catch (e) {
    notice(words("no-storage"));
    return memoryStorage();
  }
}

const store = openStorage();

function storedKeys() {
  const keys = [];
  for (let i = 0; i < store.length; i++) keys.push(store.key(i));
  return keys;
}

const host = {
  storage_read: (name) => store.getItem(PREFIX + name),
  storage_write(name, text) {
    if (!checkOwner()) return false;         // another tab plays the board: never write over it
    try {
      store.setItem(PREFIX + name, text);    // one entry: written whole, or refused whole
      return true;
    } catch (e) {
      return false;                          // full: the board loses that save only
    }
  },
  storage_remove: (name) => store.removeItem(PREFIX + name),
  storage_names: () => JSON.stringify(storedKeys().filter((k) => k.startsWith(PREFIX)).map((k) => k.slice(PREFIX.length))),
  storage_set_aside(nameJson) {              // (JSON: a name with a NUL crosses whole)
    const name = JSON.parse(nameJson);
    const text = store.getItem(PREFIX + name);
    if (text === null) return "";
    const kept = `${ASIDE}${new Date().toISOString()}/${name}`;
    try {
      store.setItem(kept, text);
    } catch (e) {
      return "";                             // no room to keep it: it stays where it is
    }
    store.removeItem(PREFIX + name);
    return kept;
  },
  tone: (notes) => sound.tone(notes),
};

// -- one board, in one tab ----------------------------------------------------------------
// Two tabs of the page would each play from what they read at power-up and write the
// same saves over each other. So the newest tab takes the board: it says so under
// OPEN_KEY, and a tab that sees that (the browser's storage event) stops, and offers
// to take the board back (a reload: the saves as the other tab left them).
const OPEN_KEY = "ledboard-open";            // (not under PREFIX: no file of the board)
const SOUND_KEY = "ledboard-sound";          // the sound button's choice, "on" or "off" (the page's, not the board's)
const tabId = `${Date.now()}-${Math.random()}`;

function takeBoard() {
  try {
    store.removeItem(OPEN_KEY);              // (a full storage still takes it in the old one's room)
    store.setItem(OPEN_KEY, tabId);
  } catch (e) { /* no room at all: no tab owns it, and no write lands either */ }
  // what is stored now decides, not the event's value: an event can come late (two tabs
  // loading at once), and a page brought back from the browser's cache gets none
  window.addEventListener("storage", (event) => { if (event.key === OPEN_KEY) checkOwner(); });
  window.addEventListener("pageshow", (event) => { if (event.persisted) checkOwner(); });
}

// True while this tab plays the board; else it stops (once).
function checkOwner() {
  const owner = store.getItem(OPEN_KEY);
  if (owner !== null && owner !== tabId && !away) leave();
  return !away;
}

function leave() {
  away = true;                               // (first: a key's release here must not play)
  pointers.clear();
  keyboardDown.clear();
  virtualRelease = null;
  for (const el of cellEls) el.classList.remove("down");
  clearTimeout(timer);
  timer = null;
  sound.stop();
  notice(words("away"), words("play-here"), () => location.replace(location.pathname + location.search)).className = "away";
  boardEl.classList.add("away");
}

// -- the page's own controls -------------------------------------------------------------
// A line above the board, with a button: "ok" takes it away, or `button` does `action`.
function notice(text, button = words("ok"), action = null) {
  const p = document.createElement("p");
  p.textContent = text + " ";
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = button;
  close.addEventListener("click", action || (() => p.remove()));
  p.appendChild(close);
  $("notices").appendChild(p);
  return p;
}

function trouble(text) {
  const loading = $("loading");
  loading.hidden = false;
  loading.className = "trouble";
  loading.textContent = text;
}

function listenControls() {
  $("sound").addEventListener("click", () => sound.toggle());
  const dialog = $("confirm-new");
  $("new-board").addEventListener("click", () => dialog.showModal());
  dialog.addEventListener("close", () => {
    if (dialog.returnValue !== "clear") return;
    for (const k of storedKeys()) if (k.startsWith(PREFIX) || k.startsWith(ASIDE) || k === SOUND_KEY) store.removeItem(k);
    location.replace(location.pathname + location.search);  // a new board powers up (on its menu: no game's link)
  });
  $("rules").addEventListener("click", (event) => {  // the book's links open beside the board
    const link = event.target.closest("a[href]");
    const href = link && link.getAttribute("href");
    const page = href && href.match(/^rules\/((?:fr\/)?[A-Za-z0-9_]+\.html)(#.*)?$/);  // (fr/: the French book)
    if (page) {
      event.preventDefault();
      loadRules(page[1]);
    }
  });
}

// -- power-up ---------------------------------------------------------------------------
async function loadFiles(mp) {
  const [index, blob] = await Promise.all([
    fetch("board/files.json").then((r) => { if (!r.ok) throw new Error("board/files.json: " + r.status); return r.json(); }),
    fetch("board/files.bin").then((r) => { if (!r.ok) throw new Error("board/files.bin: " + r.status); return r.arrayBuffer(); }),
  ]);
  const made = new Set();
  for (const [path, offset, length] of index.files) {
    const parts = path.split("/").slice(1, -1);
    let dir = "";
    for (const part of parts) {
      dir += "/" + part;
      if (!made.has(dir)) { try { mp.FS.mkdir(dir); } catch (e) { /* exists */ } made.add(dir); }
    }
    mp.FS.writeFile(path, new Uint8Array(blob, offset, length));
  }
  return index.root;
}

function makePage(restartNotice) {
  const args = restartNotice ? `, notice=${JSON.stringify(restartNotice)}` : "";
  mp.runPython(`PAGE = Page(host, virtual=${VIRTUAL ? "True" : "False"}${args})`);
  page = mp.globals.get("PAGE");
  py = {
    key: page.key, step: page.step, levels: page.levels, view: page.view, state: page.state,
    frame: page.frame, advance: page.advance, changed: page.changed, moves: page.moves, names: page.names,
  };
  shown.fill("");
  lastView = "";
  for (const [what, where] of JSON.parse(page.set_aside_json())) {
    notice((where ? words("set-aside").replace("%s", where) : words("not-set-aside")).replace("%w", what));
  }
}

let mp = null;

async function powerUp() {
  takeBoard();
  buildBoard();
  listenControls();
  sound.restore();
  if (storedLanguage() !== "en") showLanguage(storedLanguage());
  mp = await loadMicroPython({
    heapsize: HEAP_BYTES,
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  const root = await loadFiles(mp);
  mp.registerJsModule("host", host);
  mp.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(root)})\nimport host\nfrom web.page import Page`);
  makePage(null);
  holdMs = page.hold_ms();
  $("loading").hidden = true;
  listenPointers();
  listenKeyboard();
  const linked = location.hash;              // (read before the menu's first view clears it)
  run(() => (VIRTUAL ? -1 : py.step()), true);
  openLink(linked);                   // a game's link, or the game in progress at a reload
  window.addEventListener("hashchange", () => openLink(location.hash));
  boardEl.focus({ preventScroll: true });
  requestAnimationFrame(() => {              // the first frame is on the screen with this paint
    window.board.readyMs = performance.now(); // (ms since the page's navigation began)
    window.board.ready = true;
  });
}

// The board for a call of the contract: an Error, not a restart, while there is none.
function running(what) {
  if (!window.board.ready) throw new Error(`board.${what}: the board is not ready yet (wait for window.board.ready)`);
  if (!py) throw new Error(`board.${what}: the board has stopped on an error (see the page)`);
  if (away) throw new Error(`board.${what}: the board is played in another tab now (window.board.away)`);
  return py;
}

window.board = {
  ready: false,
  get away() { return away; },
  state: () => JSON.parse(running("state()").state()),
  moves: () => JSON.parse(running("moves()").moves()),
  frame() {
    const lines = running("frame()").frame().split("\n");
    draw();
    return lines;
  },
  advance(ms) {
    if (!VIRTUAL) throw new Error("board.advance(ms) needs the virtual clock: open the page with ?clock=virtual");
    if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
      throw new TypeError(`board.advance(ms): ms is a number of milliseconds >= 0, not ${String(ms)}`);
    }
    running("advance(ms)");
    advanceVirtual(Math.round(ms));
  },
  readyMs: null,
  answers,                                   // ms from each input to its answer drawn
};

powerUp().catch((error) => {
  console.error("the board could not start:", error);
  trouble("The board could not start: " + (error && error.message ? error.message : error));
});
