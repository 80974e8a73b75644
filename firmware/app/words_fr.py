# The simulators' and the referee's words in French, loaded for the French only
# (app/words.py), never on a board: each message as the code writes it in English (the
# key: its format string) and its French, where {0}, {1}... are its values in order
# (translated when a word or a message of this table), {0=} a value kept as it is and
# {0*} a list translated word by word; the vocabulary is the French rule sheets'.
# tests/host/test_french.py names every English message that has no French.

# Words that come as a value of a message (colours, cards, seats, names).
WORDS = {
    "yellow": "jaune", "red": "rouge", "blue": "bleu", "green": "vert", "orange": "orange",
    "purple": "violet", "cyan": "cyan", "white": "blanc", "magenta": "magenta",
    "south": "sud", "west": "ouest", "north": "nord", "east": "est",
    "trahison": "Trahison", "flammes": "Flammes", "eclair": "Éclair", "poussee": "Poussée",
    "double": "Coup double", "negation": "Négation", "annulation": "Annulation",
    "turn": "retourner", "burn": "brûler", "strike": "foudroyer", "push": "pousser",
    "won": "gagné", "lost": "perdu", "out": "éliminé", "first": "premier", "second": "second",
    "resume": "reprendre", "play": "jouer", "none": "aucune", "nothing": "rien",
    "players": "joueurs", "board": "plateau", "level": "niveau", "mode": "mode",
    "hold time": "la durée d'appui", "wait time": "la durée d'attente",
    "Connect Four": "Puissance 4", "4D Squeeze with cards": "4D Squeeze avec cartes",
    "4D Squeeze with cards 4 players": "4D Squeeze avec cartes 4 joueurs",
    "menu": "menu", "undo": "annuler", "hint": "indice", "new game": "nouvelle partie",
    "a key off the board": "une touche hors du jeu",
    "beginner": "débutant", "casual": "occasionnel", "club": "club", "strong": "fort", "strongest": "le plus fort",
    "cards": "cartes", "deal": "donne", "roll": "lancer", "stop": "arrêt",
    "and": "et", "no": "aucune", "card": "carte", "no card": "aucune carte", "pink": "rose", "sky blue": "bleu ciel",
}

MESSAGES = {
    # -- the game screens (app/controller_text.py, games/*/words.py, games/*/screen.py) --------
    "hold this key to use it": "maintenez cette touche pour l'utiliser",
    "the game is over: hold the new-game key (bottom-right corner)":
        "la partie est finie : maintenez la touche nouvelle partie (coin en bas à droite)",
    "the board is thinking: wait for its move (or undo yours)":
        "le plateau réfléchit : attendez son coup (ou annulez le vôtre)",
    # a save that no longer replays whole (app/menu.py: replay_what_can_be), its notice
    "the saved game of %s replays only to move %d of %d: play goes on from there":
        "la partie enregistrée de {0} ne se rejoue que jusqu'au coup {1} sur {2} : elle reprend de là",
    "the saved game of %s had a damaged choice (%s): its default is used":
        "la partie enregistrée de {0} avait un choix abîmé ({1*}) : sa valeur par défaut est prise",
    "the saved game of %s had a damaged choice (%s), now at its default, and replays only to move %d of %d":
        "la partie enregistrée de {0} avait un choix abîmé ({1*}), remis par défaut, et ne se rejoue que jusqu'au "
        "coup {2} sur {3}",
    "the game could not be saved (is the flash full?)": "la partie n'a pas pu être enregistrée (la mémoire flash est-elle pleine ?)",
    "the settings could not be saved (is the flash full?)":
        "les réglages n'ont pas pu être enregistrés (la mémoire flash est-elle pleine ?)",
    # a file the board cannot read back, set aside (app/aside.py set_aside)
    "could not read %s: set aside as %s": "impossible de lire {0} : mis de côté sous {1=}",
    "could not read %s, nor set it aside: it is kept as it is":
        "impossible de lire {0}, ni de le mettre de côté : il est gardé tel quel",
    "the saved game of %s": "la partie enregistrée de {0}",
    "the settings": "les réglages",
    "Foursquare's scores": "les scores du Foursquare",
    "4 pistes' best score": "le meilleur score de 4 pistes",
    "'%s', not a file of the board": "« {0=} », qui n'est pas un fichier du plateau",
    "nothing to undo": "rien à annuler",
    "%s plays no move": "{0} ne joue aucun coup",
    "%s plays no move: %s": "{0} ne joue aucun coup : {1}",
    "press a column, or the ring key above it": "appuyez sur une colonne, ou sur la touche de l'anneau au-dessus",
    "%s to move": "au tour de {0}",
    "a draw": "partie nulle",
    "nobody wins": "personne ne gagne",
    "%s wins": "{0} gagne",
    "player %d": "joueur {0}",
    "%s (seat %d, %s) to move": "au tour de {0} (place {1}, {2})",
    "%s (seats %d %s and %d %s)": "{0} (places {1} {2} et {3} {4})",
    "no undo in Foursquare: the deal is fixed, so undoing would show the next card":
        "pas d'annulation au Foursquare : la donne est fixée, annuler montrerait la carte suivante",
    "lay the %d (%d cards left in the stock)": "posez le {0} ({1} cartes restent au talon)",
    "%s, score %d": "{0}, score {1}",
    "the board is playing for player %d": "le plateau joue pour le joueur {0}",
    "the dice are cast: a roll cannot be undone": "les dés sont jetés : un lancer ne s'annule pas",
    "the board's moves cannot be undone": "les coups du plateau ne s'annulent pas",
    "out: a pawn is still on its start cell": "éliminé : un pion est encore sur sa case de départ",
    "score %d": "score {0}",
    "%s wins (%s)": "{0} gagne ({1*})",
    "a draw (%s)": "partie nulle ({0*})",
    "nobody wins (%s)": "personne ne gagne ({0*})",
    "%s (the board) to move": "au tour de {0} (le plateau)",
    "%s to roll": "{0} lance les dés",
    "%s: press a blinking pawn to send it 2 cells back": "{0} : appuyez sur un pion qui clignote pour le faire reculer de 2 cases",
    "%s: press a glowing track for the joker": "{0} : appuyez sur une piste allumée pour le joker",
    "%s: press a glowing track for the four 6s": "{0} : appuyez sur une piste allumée pour les quatre 6",
    "%s: press dice to set them aside, roll again or stop":
        "{0} : appuyez sur des dés pour les écarter, relancez ou arrêtez",
    "%s: stop, or take back a die set aside": "{0} : arrêtez, ou reprenez un dé écarté",
    "P%d card key": "touche carte de P{0}",
    "a %s window is open: a card key answers it, or let it run out":
        "une fenêtre de {0} est ouverte : une touche carte y répond, ou laissez-la s'écouler",
    "only player %d (to move) may play a card now": "seul le joueur {0} (au trait) peut jouer une carte maintenant",
    "after a Negation you must launch": "après une Négation, vous devez lancer un pion",
    "pick a card on your side (or l1 to back out)": "choisissez une carte de votre côté (ou l1 pour renoncer)",
    "pick a cell of the board": "choisissez une case du squeeze board",
    "poussee: pick a launch point on the ring": "Poussée : choisissez un point de lancé sur l'anneau",
    "coup double: pick a launch point or an arrival cell": "Coup double : choisissez un point de lancé ou une case d'arrivée",
    "player %d holds no %s card": "le joueur {0} n'a pas de carte {1}",
    "tap a card on your side (l1 backs out)": "touchez une carte de votre côté (l1 pour renoncer)",
    "poussee: tap a launch point": "Poussée : touchez un point de lancé",
    "coup double: tap the %s launch": "Coup double : touchez le {0} lancé",
    "%s: tap a cell of the board": "{0} : touchez une case du squeeze board",
    "player %d plays a card: %s": "le joueur {0} joue une carte : {1}",
    "player %d may answer the launch with Negation (card key) before the countdown ends":
        "le joueur {0} peut répondre au lancé par une Négation (touche carte) avant la fin du compte à rebours",
    "anyone but player %d may answer the %s with Annulation (card key) before the countdown ends":
        "tout joueur sauf le joueur {0} peut répondre à la carte {1} par une Annulation (touche carte) avant la fin du compte à rebours",
    "4D Squeeze with cards: mode is 'cards' or 'deal', not %r":
        "4D Squeeze avec cartes : le mode est 'cards' ou 'deal', pas {0=}",
    "4D Squeeze with cards is for 2 or 4 players, not %r": "4D Squeeze avec cartes se joue à 2 ou 4 joueurs, pas {0=}",
    # -- the menu and the setup screen (app/menu.py, app/setup.py, app/catalog.py) -------
    "%s is not a game tile": "{0=} n'est pas une tuile de jeu",
    "press the lit tile again to play %s (a1: back to the menu)":
        "appuyez encore sur la tuile allumée pour jouer à {0} (a1 : retour au menu)",
    "unknown option '%s' (options: %s)": "option inconnue '{0=}' (options : {1=})",
    "this game asks no %s (it asks: %s)": "ce jeu ne demande pas de {0} (il demande : {1})",
    "%s has no variant '%s' on this board (variants: %s)": "{0} n'a pas de variante '{1=}' sur ce plateau (variantes : {2})",
    "%s has no tile for %s players": "{0} n'a pas de tuile pour {1} joueurs",
    "no game '%s' on this board (games: %s)": "pas de jeu '{0=}' sur ce plateau (jeux : {1=})",
    "board must be a list of seats, not %r": "board doit être une liste de places, pas {0=}",
    "the board does not play %s with %d players": "le plateau ne joue pas à {0} à {1} joueurs",
    "board seats must be distinct numbers 1..%d, not %r": "les places du plateau doivent être des nombres distincts 1..{0}, pas {1=}",
    "board seats must be a list of seat numbers, not %r": "les places du plateau doivent être une liste de numéros, pas {0=}",
    "there is no seat %d for the board (seats 1..%d)": "il n'y a pas de place {0} pour le plateau (places 1..{1})",
    "a seat is named twice: %r": "une place est nommée deux fois : {0=}",
    "level must be 1..5, not %r": "le niveau doit être 1..5, pas {0=}",
    "the board does not play %s": "le plateau ne joue pas à {0}",
    "the board plays 4D Squeeze with 2 players only": "le plateau ne joue au 4D Squeeze qu'à 2 joueurs",
    # -- the rules (games/*.py: why a move is refused, why a line is no move) -------------
    "unknown game '%s' (games: %s)": "jeu inconnu '{0=}' (jeux : {1=})",
    "the game is over": "la partie est finie",
    "%s is not a legal move": "{0=} n'est pas un coup légal",
    "%s is for %s, not %r": "{0=} se joue {1}, pas {2=}",
    "%d player": "à {0} joueur",
    "%d players": "à {0} joueurs",
    "%d to %d players": "de {0} à {1} joueurs",
    "%s or %s players": "à {0} ou {1} joueurs",
    "%s has no variant %r (variants: %s)": "{0=} n'a pas de variante {1=} (variantes : {2=})",
    "'%s' is not a cell (like a1)": "'{0=}' n'est pas une case (comme a1)",
    "'%s' is off the board (a1..%s%d)": "'{0=}' est hors du plateau (a1..{1=}{2})",
    "there is no column %r": "il n'y a pas de colonne {0=}",
    "column %d is full": "la colonne {0} est pleine",
    "'%s' is not a column: give a digit 1..7": "'{0=}' n'est pas une colonne : donnez un chiffre 1..7",
    "no line left open": "plus aucun alignement possible",
    "no cube left": "plus de cube",
    "there is no cell %r on the 7x7 board": "il n'y a pas de case {0=} sur le plateau 7x7",
    "%s already holds a cube": "{0=} porte déjà un cube",
    "%s must touch the last cube (%s)": "{0=} doit toucher le dernier cube ({1=})",
    "%s must touch a cube of the last cube's colour (nothing is free next to %s)":
        "{0=} doit toucher un cube de la couleur du dernier cube (rien n'est libre à côté de {1=})",
    "more than 4 face-down cards": "plus de 4 cartes face cachée",
    "the stock is empty": "le talon est vide",
    "there is no cell %r in the 7x7 window": "il n'y a pas de case {0=} dans la fenêtre 7x7",
    "the first card goes on the centre, d4": "la première carte va au centre, en d4",
    "the pile on %s already holds 4 cards": "la pile en {0=} a déjà 4 cartes",
    "%s is not next to a pile": "{0=} n'est à côté d'aucune pile",
    "%s would make the piles wider than 4 x 4": "{0=} rendrait les piles plus larges que 4 x 4",
    "roll the dice first": "lancez d'abord les dés",
    "every die is set aside: stop": "tous les dés sont écartés : arrêtez (stop)",
    "that die is not set aside": "ce dé n'est pas écarté",
    "%s is not a move of 4 pistes": "{0=} n'est pas un coup de 4 pistes",
    "choose the pawn to send back 2 cells (back P T)": "choisissez le pion à faire reculer de 2 cases (back P T)",
    "that track's pawn is home": "le pion de cette piste est arrivé",
    "choose the track for the joker (%s T)": "choisissez la piste du joker ({0=} T)",
    "choose the track for the four 6s (%s T)": "choisissez la piste des quatre 6 ({0=} T)",
    "there is no joker to play now": "il n'y a pas de joker à jouer maintenant",
    "there is no four 6s move to play now": "il n'y a pas de coup des quatre 6 à jouer maintenant",
    "there is no back move to play now": "il n'y a pas de recul à jouer maintenant",
    "5s and dice set aside before a roll stay set aside": "les 5 et les dés écartés avant un lancer restent écartés",
    "that pawn cannot be sent back (only pawns on cells 1..9)": "ce pion ne peut pas reculer (seulement les pions des cases 1..9)",
    "that die is already set aside": "ce dé est déjà écarté",
    "there is no such die": "ce dé n'existe pas",
    "%r is not a move of 4 pistes": "{0=} n'est pas un coup de 4 pistes",
    "empty move": "coup vide",
    "'%s' takes nothing after it": "'{0=}' ne prend rien après lui",
    "'%s' needs die numbers 1..4, like '%s 1 3'": "'{0=}' demande des numéros de dés 1..4, comme '{1=} 1 3'",
    "'%s' is not a die: dice are 1..4": "'{0=}' n'est pas un dé : les dés sont 1..4",
    "die %s is named twice": "le dé {0=} est nommé deux fois",
    "'%s' needs one track 1..4, like '%s 2'": "'{0=}' demande une piste 1..4, comme '{1=} 2'",
    "'back' needs a player and a track, like 'back P2 T3'": "'back' demande un joueur et une piste, comme 'back P2 T3'",
    "there is no player %d (players 1..%d)": "il n'y a pas de joueur {0} (joueurs 1..{1})",
    "'%s' is not a move (roll, keep 1 3, unkeep 3, stop, joker 2, six4 3, back P2 T3)":
        "'{0=}' n'est pas un coup (roll, keep 1 3, unkeep 3, stop, joker 2, six4 3, back P2 T3)",
    "%r is not a move": "{0=} n'est pas un coup",
    "%s is taken": "{0=} est occupée",
    "no launch stops on %s now": "aucun lancé ne s'arrête en {0=} maintenant",
    "%s is impossible: its first cell %s is taken": "{0=} est impossible : sa première case {1=} est occupée",
    "%s is impossible: the pawn would meet the pentacle on %s first":
        "{0=} est impossible : le pion rencontrerait d'abord le pentacle en {1=}",
    "%s is impossible": "{0=} est impossible",
    "nothing to pass: no window is open (launch or play a card)":
        "rien à passer : aucune fenêtre n'est ouverte (lancez un pion ou jouez une carte)",
    "Negation took back the launch to %s: launch to another cell":
        "la Négation a repris le lancé en {0=} : lancez vers une autre case",
    "golden rule: %s would make your four in a row in a turn you played a card":
        "règle d'or : {0=} alignerait vos quatre pions dans un tour où vous avez joué une carte",
    "annulation answers a card, right after it": "l'Annulation répond à une carte, juste après elle",
    "negation answers a launch, right after it": "la Négation répond à un lancé, juste après lui",
    "the %s window is open: answer it or pass": "la fenêtre de {0} est ouverte : répondez-y ou passez (pass)",
    "only player %d (next clockwise) may play negation now":
        "seul le joueur {0} (le suivant dans le sens des aiguilles d'une montre) peut jouer Négation maintenant",
    "player %d played the card just played": "le joueur {0} a joué la carte qui vient d'être jouée",
    "the %d annulation cards are all in this chain": "les {0} cartes Annulation sont toutes dans cette chaîne",
    "there is no player %r": "il n'y a pas de joueur {0=}",
    "only player %d (to move) may play %s now": "seul le joueur {0} (au trait) peut jouer {1} maintenant",
    "one card a turn: your card was cancelled, launch now": "une carte par tour : votre carte a été annulée, lancez un pion",
    "trahison turns an opposing pawn: %s holds none": "Trahison retourne un pion adverse : il n'y en a pas en {0=}",
    "eclair names the top-left cell of a 2x2 square (a1..i9)": "eclair nomme la case en haut à gauche d'un carré 2x2 (a1..i9)",
    "%s: nothing to %s on %s": "{0} : rien à {1} en {2=}",
    "golden rule: %s %s would make your own four in a row": "règle d'or : {0} {1=} alignerait vos propres quatre pions",
    "golden rule: %s would make your four in a row": "règle d'or : {0=} alignerait vos quatre pions",
    "coup double: %s": "Coup double : {0}",
    "coup double, second launch: %s": "Coup double, second lancé : {0}",
    "trahison names an opposing pawn (trahison e5)": "trahison nomme un pion adverse (trahison e5)",
    "flammes names a pawn or a pentacle (flammes c3)": "flammes nomme un pion ou un pentacle (flammes c3)",
    "eclair names the top-left cell of a 2x2 square (eclair d4)": "eclair nomme la case en haut à gauche d'un carré 2x2 (eclair d4)",
    "poussee names a half-line as a launch (poussee W-3)": "poussee nomme une demi-ligne comme un lancé (poussee W-3)",
    "double names two launches (double W-3 N-c)": "double nomme deux lancés (double W-3 N-c)",
    "negation takes no target (negation, or negation P2)": "negation ne prend pas de cible (negation, ou negation P2)",
    "annulation takes no target (annulation, or annulation P2)": "annulation ne prend pas de cible (annulation, ou annulation P2)",
    "pass takes no target": "pass ne prend pas de cible",
    "a move is text like W-3, d3, trahison e5 or pass": "un coup s'écrit comme W-3, d3, trahison e5 ou pass",
    "there is no player %d (P1..P%d)": "il n'y a pas de joueur {0} (P1..P{1})",
    "'%s': %s": "'{0=}' : {1}",
    "'%s': no launch reaches that cell now": "'{0=}' : aucun lancé n'atteint cette case maintenant",
    "a move is text like W-3, N-c or d3": "un coup s'écrit comme W-3, N-c ou d3",
    "'%s' is not a launch (like W-3, E-10, N-c, S-j)": "'{0=}' n'est pas un lancé (comme W-3, E-10, N-c, S-j)",
    "'%s': a %s launch names a row 1..10 (like %s-3)": "'{0=}' : un lancé {1=} nomme une rangée 1..10 (comme {2=}-3)",
    "'%s': a %s launch names a column a..j (like %s-c)": "'{0=}' : un lancé {1=} nomme une colonne a..j (comme {2=}-c)",
    "'%s' is neither a launch (like W-3, N-c) nor a cell (a1..j10)":
        "'{0=}' n'est ni un lancé (comme W-3, N-c) ni une case (a1..j10)",
    # -- the headless simulator (sim/headless.py) ------------------------------------------
    "start takes GAME [--seed N] [--players K] [--variant NAME] [--board SEATS] [--level N] [--mode NAME], not '%s'":
        "start prend GAME [--seed N] [--players K] [--variant NAME] [--board SEATS] [--level N] [--mode NAME], pas '{0=}'",
    "--board needs seat numbers separated by commas, not '%s'": "--board demande des numéros de places séparés par des virgules, pas '{0=}'",
    "%s needs a number, not '%s'": "{0=} demande un nombre, pas '{1=}'",
    "%s must be a number of milliseconds, not '%s'": "{0} doit être un nombre de millisecondes, pas '{1=}'",
    "%s must be 0..%d ms": "{0} doit être 0..{1} ms",
    "a line of %d characters is too long (at most %d)": "une ligne de {0} caractères est trop longue (au plus {1})",
    "'%s' is too long for any command's word": "'{0=}' est trop long pour un mot de commande",
    "unknown command '%s' (press CELL, down CELL, up CELL, hold CELL [MS], wait MS, frame, state, start GAME [ARGS])":
        "commande inconnue '{0=}' (press CELL, down CELL, up CELL, hold CELL [MS], wait MS, frame, state, start GAME [ARGS])",
    "%s is down already (up %s releases it)": "{0=} est déjà enfoncée (up {1=} la relâche)",
    "%s is not down (down %s presses it)": "{0=} n'est pas enfoncée (down {1=} l'enfonce)",
    "%s needs a cell (a1..l12)": "{0=} demande une touche (a1..l12)",
    "--seed must be 0..%d (the generator's range)": "--seed doit être entre 0 et {0} (la plage du générateur)",
    # -- the simulator's arguments (sim/__main__.py) ------------------------------------------
    "--saves must be a directory: %s is a file": "--saves doit être un dossier : {0=} est un fichier",
    "--saves must be a directory: %s cannot be made (%s)": "--saves doit être un dossier : {0=} ne peut être créé ({1=})",
    # -- the referee (host_tools/referee.py, host_tools/inputs.py) --------------------------
    "bad move '%s': %d characters is no move (at most %d)": "coup invalide '{0=}' : {1} caractères ne font pas un coup (au plus {2})",
    "bad move '%s': %s": "coup invalide '{0=}' : {1}",
    "illegal move '%s': %s": "coup interdit '{0=}' : {1}",
    "the game is over: no %s": "la partie est finie : pas de {0=}",
    "%s is not available here: %s": "{0=} n'est pas disponible ici : {1}",
    "the board hints in %s with 2 players and no variant (at --level), and in %s":
        "le plateau donne un indice à {0*} à 2 joueurs sans variante (au --level), et à {1*}",
    "solved exactly, with 2 players only: %s": "résolu exactement, à 2 joueurs seulement : {0*}",
    "solve is not available for %s: %s": "solve n'est pas disponible pour {0=} : {1}",
    # the page's names of a game's keys (its words.py's pieces(): web/keys.py)
    "column %s": "colonne {0=}", "card %d": "carte {0}", "a face-down card": "une carte face cachée",
    "%d cards": "{0} cartes", "die %d shows %d": "le dé {0} montre {1}", "set aside": "écarté",
    "neutral pentacle": "pentacle neutre",
    "not solved: %d empty cells is too many to solve in time": "non résolu : {0} cases vides, c'est trop pour résoudre à temps",
    "bad line: %s": "ligne invalide : {0}",
    "a line of %d bytes is too long (at most %d)": "une ligne de {0} octets est trop longue (au plus {1})",
    "the line is not UTF-8 text (byte %d is 0x%02x)": "la ligne n'est pas du texte UTF-8 (l'octet {0} vaut 0x{1=})",
    # -- the simulator's screens (sim/terminal.py, sim/window.py) -------------------------
    "%s players": "{0=} joueurs",
    "the usual players": "les joueurs habituels",
    "with friends": "entre amis",
    "against the board": "contre le plateau",
    "play against the board": "jouer contre le plateau",
    "play with friends": "jouer entre amis",
    "%s; hint: %s": "{0} ; indice : {1=}",
    "%s; with friends": "{0} ; entre amis",
    "%s; against the board": "{0} ; contre le plateau",
    "%s: the board is thinking": "{0} : le plateau réfléchit",
    "the board plays seat%s %s": "le plateau joue : place{0=} {1=}",
    "the board played %s; %s": "le plateau a joué {0=} ; {1}",
    "; player %d holds %s": " ; le joueur {0} a en main {1*}",
    "the board plays %s against itself (left idle): press any key for the menu":
        "le plateau joue à {0} contre lui-même (laissé au repos) : appuyez sur une touche pour le menu",
    ": ": " : ", "; ": " ; ",  # a screen's title, then what it says: "Puissance 4 : au tour de jaune"
    "Menu: press a game's tile to play it, with friends or against the board. On the edges: who starts Connect "
    "Four (top left), the language (top right), the brightness (bottom row).":
        "Menu : touchez la tuile d'un jeu pour y jouer, entre amis ou contre le plateau. Sur les bords : qui commence au Puissance 4 "
        "(en haut à gauche), la langue (en haut à droite), la luminosité (rangée du bas).",
    "%s: to play against the board, press the picture at the bottom right (a person beside the board's running "
    "light); with friends, the one at the bottom left (two people). a1 goes back to the menu.":
        "{0=} : pour jouer contre le plateau, touchez l'image en bas à droite (une personne à côté de la lumière du "
        "plateau qui tourne) ; entre amis, celle en bas à gauche (deux personnes). a1 revient au menu.",
    "%s: press its tile again to play; a1 goes back to the menu.":
        "{0=} : touchez encore sa tuile pour jouer ; a1 revient au menu.",
    "%s: press its tile again to resume the game in progress; a1 goes back to the menu.":
        "{0=} : touchez encore sa tuile pour reprendre la partie en cours ; a1 revient au menu.",
    " Its choices, on the keys of its edges: %s.": " Ses choix, sur les touches des bords : {0=}.",
    " A changed choice starts a new game.": " Un choix changé commence une nouvelle partie.",
    "level: %s": "niveau : {0=}",
    "%s; against the board (level: %s)": "{0} ; contre le plateau (niveau : {1=})",
    # a seat's key on a setup screen: the board plays first, second ...
    "board 1st": "plateau 1er", "board 2nd": "plateau 2e", "board 3rd": "plateau 3e", "board 4th": "plateau 4e",
    "board 5th": "plateau 5e", "board 6th": "plateau 6e",
    "tiles: %s": "tuiles : {0=}",
    "cursor %s": "curseur {0}",
    "last sound: %s": "dernier son : {0}",
    "a move played": "un coup joué", "a press refused": "un appui refusé",
    "a win": "une victoire", "a squeeze": "un squeeze", "a key of the menu or setup answered": "une touche du menu ou du réglage a répondu",
    "a hint shown": "un indice montré",
    "the terminal is %d columns wide: the board needs %d, widen it (q quits)":
        "le terminal a {0} colonnes : le plateau en demande {1}, élargissez-le (q quitte)",
    "arrows move  Enter tap  h hold  q quit": "flèches déplacer  Entrée appuyer  h maintenir  q quitter",
    "holding %s ...": "appui long sur {0} ...",
    "menu (hold)": "menu (maintenir)",
    "new (hold)": "nouvelle (maintenir)",
    "b1 loser / c1 alternate: who starts the next Connect Four game; j1 English / k1 French":
        "b1 le perdant / c1 chacun son tour : qui commence la partie suivante de Puissance 4 ; j1 anglais / k1 français",
    "b12 .. k12: brightness (dim .. full)": "b12 .. k12 : luminosité (faible .. pleine)",
    "a1: back to the menu": "a1 : retour au menu",
    "press again: %s": "appuyez encore : {0}",
    "LED game board: rules in %s": "Plateau de jeux lumineux : règles dans {0=}",
}


def _compile(english):
    """(literal pieces, value kinds) of an English format: 'column %d is full' ->
    (['column ', ' is full'], ['d'])."""
    pieces, kinds = [], []
    text, i = "", 0
    while i < len(english):
        ch = english[i]
        if ch == "%" and i + 1 < len(english):
            j = i + 1
            while english[j] in "-0123456789.":
                j += 1
            pieces.append(text)
            kinds.append("d" if english[j] == "d" else "s")
            text = ""
            i = j + 1
        else:
            text += ch
            i += 1
    pieces.append(text)
    return pieces, kinds


def _fits(value, kind):
    if not value:
        return kind == "s"  # (an empty line echoed back: "bad move '': empty move")
    if kind == "d":
        digits = value[1:] if value[0] == "-" else value
        return len(digits) > 0 and all("0" <= c <= "9" for c in digits)
    return True


def _match(pieces, kinds, text, i, pos):
    """The values of pieces[i:] matched in text[pos:] (each value then its literal),
    or None."""
    lit = pieces[i + 1]
    if i + 2 == len(pieces):  # the last value runs to the last literal, the text's end
        end = len(text) - len(lit)
        if end < pos or not text.endswith(lit):
            return None
        value = text[pos:end]
        return [value] if _fits(value, kinds[i]) else None
    at = text.find(lit, pos)
    while at >= 0:
        value = text[pos:at]
        if _fits(value, kinds[i]):
            rest = _match(pieces, kinds, text, i + 1, at + len(lit))
            if rest is not None:
                return [value] + rest
        at = text.find(lit, at + 1)
    return None


# (pieces, kinds, French): a message that starts with words first (its start anchors it:
# "illegal move '%s': %s" is the outer message of "illegal move 'W-3': W-3 is
# impossible...", which "%s is impossible..." would also match whole), then the most
# specific (the longest literals)
_PATTERNS = []
for _english in MESSAGES:
    if "%" in _english:
        _pieces, _kinds = _compile(_english)
        _PATTERNS.append((not _pieces[0], -sum(len(p) for p in _pieces), _english, _pieces, _kinds))
_PATTERNS.sort()
_PATTERNS = [(p[3], p[4], MESSAGES[p[2]]) for p in _PATTERNS]


def lookup(text, strict=False):
    """`text` in French, or None when this table does not know it (`strict`: nor a
    value of it that is words, with a space: the tests' check that nothing is left)."""
    if text in MESSAGES and "%" not in text:
        return MESSAGES[text]
    if text in WORDS:
        return WORDS[text]
    for pieces, kinds, french in _PATTERNS:
        if not text.startswith(pieces[0]):
            continue
        values = _match(pieces, kinds, text, 0, len(pieces[0]))
        if values is None:
            continue
        for i in range(len(values)):
            french = french.replace("{%d=}" % i, values[i])
            if "{%d}" % i in french:
                inner = lookup(values[i], strict)
                if inner is None and i and pieces[0] == "bad move '":  # "bad move 'x': it is not ...":
                    v = values[i]  # the reason as the rules give it, naming 'x' (the referee says it once)
                    inner = lookup("'%s' %s" % (values[0], v[3:]) if v.startswith("it ") else "'%s': %s" % (values[0], v), strict)
                if inner is None and strict and " " in values[i]:
                    return None
                french = french.replace("{%d}" % i, values[i] if inner is None else inner)
            if "{%d*}" % i in french:
                french = french.replace("{%d*}" % i, " ".join(WORDS.get(w, w) for w in values[i].split(" ")))
        return french
    return None


def translate(text):
    """`text` in French; as it is when this table does not know it (a move, a cell)."""
    french = lookup(text)
    return text if french is None else french
