"""Scopa's Italian strings: its rules help, its presets' descriptions, its spectator and replay pages.

Merged into the catalogue through the page plug-in registry (:func:`scopa.web.i18n.catalogue`); strings
the shared pages or another game also show stay in :mod:`scopa.web.messages_it`.
"""

IT: dict[str, str] = {
    # --- the spectator's table and the replay
    "deal": "smazzata",
    "score": "punteggio",
    "Last move": "Ultima mossa",
    "took": "ha preso",
    "Scope this deal": "Scope in questa smazzata",
    "piles": "mazzetti",
    # --- the rules index and the rules help
    "Scopa is played with 40 Italian cards. Each variant below has a short help page, written from its "
    "rule options.": "La Scopa si gioca con 40 carte italiane. Ogni variante qui sotto ha una breve guida, "
    "scritta a partire dalle sue opzioni.",
    "%(players)s players, each alone.": "%(players)s giocatori, ognuno per sé.",
    "Four players in two partnerships; partners sit opposite and share their cards.": "Quattro giocatori "
    "in due coppie; i compagni siedono di fronte e mettono insieme le prese.",
    "Each player gets %(hand)s cards a hand and %(table)s go face up on the table; %(hands)s hands make a "
    "deal of the 40 cards.": "Ogni giocatore riceve %(hand)s carte a mano e %(table)s vanno scoperte in "
    "tavola; %(hands)s mani esauriscono le 40 carte della smazzata.",
    "If %(kings)s or more kings are dealt to the table, the deal is void and dealt again.": "Se in tavola "
    "escono %(kings)s re o più, la smazzata è nulla e si ridistribuisce.",
    "The player on the dealer's right plays first.": "Gioca per primo chi siede alla destra del mazziere.",
    "Taking cards": "Le prese",
    "A card played takes a table card of the same rank, or else table cards that add up to its rank.": "La "
    "carta giocata prende una carta in tavola dello stesso valore, oppure carte in tavola la cui somma è "
    "uguale al suo valore.",
    "A card played takes table cards that, with it, add up to fifteen.": "La carta giocata prende carte in "
    "tavola che, insieme a lei, fanno quindici.",
    "A card played takes a table card of the same rank, table cards that add up to its rank, or table cards "
    "that with it add up to fifteen.": "La carta giocata prende una carta dello stesso valore, carte la cui "
    "somma è uguale al suo valore, o carte che insieme a lei fanno quindici.",
    "A table card of the same rank must be taken before any sum.": "Una carta dello stesso valore va presa "
    "prima di qualsiasi somma.",
    "A card that can take may not be laid on the table.": "Una carta che può prendere non si può calare in "
    "tavola.",
    "An ace takes every card on the table, unless an ace lies there: then it takes only that ace.": "L'asso "
    "prende tutte le carte in tavola, a meno che in tavola ci sia un asso: allora prende solo quello.",
    "An ace always takes every card on the table.": "L'asso prende sempre tutte le carte in tavola.",
    "The cards left on the table at the end of a deal go to the side that took last.": "Le carte rimaste "
    "in tavola a fine smazzata vanno a chi ha fatto l'ultima presa.",
    "The cards left on the table at the end of a deal go to the side that played last.": "Le carte rimaste "
    "in tavola a fine smazzata vanno a chi ha giocato per ultimo.",
    "The cards left on the table at the end of a deal go to the dealer's side.": "Le carte rimaste in "
    "tavola a fine smazzata vanno al mazziere.",
    "Taking every card on the table is a scopa, worth one point, except with the last card of the deal.": ""
    "Prendere tutte le carte in tavola è una scopa e vale un punto, tranne con l'ultima carta della "
    "smazzata.",
    "An ace's sweep counts as a scopa.": "La presa di tutta la tavola con l'asso vale come scopa.",
    "An ace's sweep is not a scopa.": "La presa di tutta la tavola con l'asso non è una scopa.",
    "The count after each deal": "La conta dopo ogni smazzata",
    "One point each for: most cards, most coins, the settebello (the seven of coins).": "Un punto ciascuno "
    "per: più carte, più denari, il settebello (il sette di denari).",
    "Re bello: the king of coins is a point too.": "Re bello: anche il re di denari vale un punto.",
    "Primiera: one point for the best four cards, one of each suit.": "Primiera: un punto per le quattro "
    "carte migliori, una per seme.",
    "Each card counts: seven 21, six 18, ace 16, five 15, four 14, three 13, two 12, jack, knight and king "
    "10.": "Ogni carta vale: sette 21, sei 18, asso 16, cinque 15, quattro 14, tre 13, due 12, fante, "
    "cavallo e re 10.",
    "Each card counts: seven 21, six 18, ace 16, five 15, four 14, three 13, two 12; jack, knight and king "
    "count nothing.": "Ogni carta vale: sette 21, sei 18, asso 16, cinque 15, quattro 14, tre 13, due 12; "
    "fante, cavallo e re non valgono nulla.",
    "Each card counts: seven 21, six 18, ace 16, five 15, four 14, three 13, two 12; the jack, knight and "
    "king count by their rank.": "Ogni carta vale: sette 21, sei 18, asso 16, cinque 15, quattro 14, tre 13, "
    "due 12; fante, cavallo e re valgono il loro numero.",
    "The side with more sevens has the primiera; on a tie, more sixes, then aces, and so on down.": "La "
    "primiera va a chi ha più sette; a parità, più sei, poi assi, e così via.",
    "A side missing a suit still adds up the cards it has.": "Chi non ha un seme somma comunque le carte "
    "che ha.",
    "A side missing a suit has no primiera at all.": "Chi non ha un seme non ha primiera.",
    "A primiera missing a suit always loses to a complete one.": "Una primiera senza un seme perde sempre "
    "contro una completa.",
    "Napola: a side with the ace, two and three of coins scores the length of its run of coins.": "Napola: "
    "chi ha asso, due e tre di denari segna tanti punti quanto è lunga la sua scala di denari.",
    "Cirulla: hand and dealer bonuses are scored, with the seven of cups as a wildcard.": "Cirulla: si "
    "segnano i bonus di mano e del mazziere, con il sette di coppe come matta.",
    "Cirulla runs: jack, knight and king of coins score 5; ace, two and three of coins 3 or more.": "Scale "
    "della cirulla: fante, cavallo e re di denari valgono 5; asso, due e tre di denari 3 o più.",
    "A tie in cards, coins or primiera gives the point to nobody.": "A parità di carte, denari o primiera il "
    "punto non va a nessuno.",
    "Winning": "La vittoria",
    "Points count only at the end of a deal. The first side with at least %(target)s points and more than "
    "every other side wins.": "I punti si contano solo a fine smazzata. Vince chi per primo ha almeno "
    "%(target)s punti e più di tutti gli altri.",
    "If two sides reach %(target)s points on the same deal with the same score, another deal is played.": ""
    "Se due giocatori arrivano a %(target)s punti nella stessa smazzata con lo stesso punteggio, si gioca "
    "un'altra smazzata.",
    "If two sides reach %(target)s points on the same deal with the same score, the side that reached it "
    "first in the order of the count wins.": "Se due giocatori arrivano a %(target)s punti nella stessa "
    "smazzata con lo stesso punteggio, vince chi ci arriva prima nell'ordine della conta.",
    # --- the presets (scopa.domain.games.scopa.rules.PRESET_DESCRIPTIONS)
    "Scopa for two (four in partnerships with players=4): 3 cards a hand, 4 on the table, to 11": "Scopa "
    "a due (a quattro in coppie con players=4): 3 carte a mano, 4 in tavola, agli 11",
    "an ace sweeps the table (not a scopa); a burnt ace takes only the ace on the table": "l'asso prende "
    "tutta la tavola (non è scopa); se in tavola c'è un asso, prende solo quello",
    "the king of coins is a point, like the settebello": "il re di denari vale un punto, come il settebello",
    "a run of coins from the ace scores its length; to 21": "la scala di denari dall'asso vale quanto è "
    "lunga; ai 21",
    "four players in partnerships, 9 cards each and 4 to the table, one hand per deal": "quattro giocatori "
    "in coppie, 9 carte a testa e 4 in tavola, una mano per smazzata",
    "four players in partnerships, 10 cards each, none to the table": "quattro giocatori in coppie, 10 "
    "carte a testa, nessuna in tavola",
    "a card takes any set that makes 15 together with it (escoba)": "una carta prende qualsiasi gruppo che "
    "con lei fa 15 (escoba)",
    "free choice of sums and fifteens, the ace sweeps as a scopa, hand and dealer bonuses; to 51": "libera "
    "scelta tra somme e quindici, l'asso prende tutto e fa scopa, bonus di mano e del mazziere; ai 51",
    "Deals": "Smazzate",
    "Deal %(deal)s, move %(n)s": "Smazzata %(deal)s, mossa %(n)s",
    "and takes": "e prende",
    "on the table": "in tavola",
    "Pile this deal": "Mazzetto della smazzata",
    "Points by deal": "Punti per smazzata",
    "Each deal's seed was kept secret and only its commitment shown while the game ran. Now that it is "
    'over, the seeds are revealed: each commitment is recomputed here as SHA-256("scopa-shuffle/1:" + '
    "seed), each seed from the master seed, and each deck from its seed, with the project's shuffle code.": ""
    "Il seme di ogni smazzata è rimasto segreto e durante la partita se ne è mostrato solo l'impegno. Ora "
    'che è finita, i semi sono rivelati: qui ogni impegno è ricalcolato come SHA-256("scopa-shuffle/1:" '
    "+ seme), ogni seme dal seme principale e ogni mazzo dal suo seme, con il codice di mescolata del "
    "progetto.",
    "Deal": "Smazzata",
}
