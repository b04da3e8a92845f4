"""Briscola's Italian strings: its spectator and replay pages, its script, its rules help and presets.

Merged into the catalogue through the page plug-in registry (:func:`scopa.web.i18n.catalogue`); strings
the shared pages or another game also show stay in :mod:`scopa.web.messages_it`.
"""

IT: dict[str, str] = {
    # --- its script (briscola.js), drawn in the shared play page
    "You took the trick.": "Hai preso la mano.",
    "{name} took the trick.": "{name} ha preso la mano.",
    "trump (last card of the stock)": "briscola (l'ultima carta del mazzo)",
    "trump, drawn by {name}": "briscola, pescata da {name}",
    "No card played in this trick yet.": "Nessuna carta giocata in questa mano.",
    "game {game} · stock {stock} · trump {suit}": "partita {game} · mazzo {stock} · briscola {suit}",
    "Tap a card to play it: any card may be played.": "Tocca una carta per giocarla: vale ogni carta.",
    "Play {card}": "Gioca {card}",
    "Games won": "Partite vinte",
    "Card points": "Punti carta",
    "draw": "pari",
    "won more games": "ha vinto più partite",
    "reached the points target": "ha raggiunto i punti stabiliti",
    "coins": "denari",
    "cups": "coppe",
    "swords": "spade",
    "clubs": "bastoni",
    # --- the spectator page, the replay, the rules help
    "games won": "partite vinte",
    "caller": "chiamante",
    "partner": "compagno",
    "trump": "briscola",
    "trump, drawn by %(name)s": "briscola, pescata da %(name)s",
    "Last trick": "Ultima mano",
    "%(name)s took the trick.": "%(name)s ha preso la mano.",
    "%(name)s called %(card)s.": "%(name)s ha chiamato %(card)s.",
    "Auction": "Asta",
    "passes": "passa",
    "Signals": "Segnali",
    "trick %(n)s": "mano %(n)s",
    "Card points this game": "Punti carta in questa partita",
    "The match goes to %(target)s card points.": "L'incontro va a %(target)s punti carta.",
    "One game; a drawn game is dealt again, so the match always has a winner.": "Una partita; una "
    "partita pari si rigioca, così l'incontro ha sempre un vincitore.",
    "Best of %(n)s games.": "Al meglio di %(n)s partite.",
    "Tricks played this game": "Mani giocate in questa partita",
    "Game %(game)s, move %(n)s": "Partita %(game)s, mossa %(n)s",
    "signal": "segnale",
    "bids %(bid)s": "dichiara %(bid)s",
    "calls %(card)s": "chiama %(card)s",
    "Card points by game": "Punti carta per partita",
    "Each game's seed was kept secret and only its commitment shown while the match ran. Now that it is "
    'over, the seeds are revealed: each commitment is recomputed here as SHA-256("scopa-shuffle/1:" + '
    "seed), each seed from the master seed, and each deck from its seed with the %(algorithm)s shuffle, "
    "with the project's shuffle code.": "Il seme di ogni partita è rimasto segreto e durante l'incontro se "
    "ne è mostrato solo l'impegno. Ora che è finito, i semi sono rivelati: qui ogni impegno è ricalcolato "
    'come SHA-256("scopa-shuffle/1:" + seme), ogni seme dal seme principale e ogni mazzo dal suo seme con '
    "il mescolamento %(algorithm)s, con il codice di mescolamento del progetto.",
    "Briscola is played with the same 40 cards: tricks, a trump suit turned up, and 120 card points to "
    "share. Each variant below has a short help page, written from its rule options.": "La Briscola si "
    "gioca con le stesse 40 carte: prese, un seme di briscola scoperto e 120 punti carta da dividere. Ogni "
    "variante qui sotto ha una breve guida, scritta dalle sue opzioni di regola.",
    "the ace": "l'asso",
    "the three": "il tre",
    "the king": "il re",
    "high trumps": "briscole alte",
    "low trumps": "briscole basse",
    "no trumps": "nessuna briscola",
    "nothing worth telling": "niente da dire",
    "Two players, each alone.": "Due giocatori, ognuno per sé.",
    "Three players, each alone.": "Tre giocatori, ognuno per sé.",
    "Four players in two partnerships; partners sit opposite and add up their tricks.": "Quattro "
    "giocatori in due coppie; i compagni siedono di fronte e sommano le loro prese.",
    "Five players: an auction decides who calls a card, and its holder becomes the caller's secret "
    "partner.": "Cinque giocatori: un'asta decide chi chiama una carta, e chi la tiene diventa il compagno "
    "segreto del chiamante.",
    "Six players in three partnerships of two; partners sit opposite and add up their tricks.": "Sei "
    "giocatori in tre coppie; i compagni siedono di fronte e sommano le loro prese.",
    "Eight players in four partnerships of two; partners sit opposite and add up their tricks.": "Otto "
    "giocatori in quattro coppie; i compagni siedono di fronte e sommano le loro prese.",
    "two players, three cards a hand, one game (a 60-60 draw is replayed)": "due giocatori, tre carte in "
    "mano, una partita (un pari 60-60 si rigioca)",
    "two players with nine cards each, as seed 004 writes it": "due giocatori con nove carte ciascuno, "
    "come scrive il seme 004",
    "three alone, one two taken out (39 cards, 13 tricks)": "tre ognuno per sé, tolto un due (39 carte, 13 "
    "mani)",
    "four players in two partnerships, partners opposite": "quattro giocatori in due coppie, compagni di "
    "fronte",
    "six players in three partnerships, two decks, two twos taken out": "sei giocatori in tre coppie, due "
    "mazzi, tolti due due",
    "eight players in four partnerships, two decks": "otto giocatori in quattro coppie, due mazzi",
    "five players, eight cards each: an auction, a called card, its holder the secret partner": "cinque "
    "giocatori, otto carte ciascuno: un'asta, una carta chiamata, chi la tiene è il compagno segreto",
    "two players, hands face up": "due giocatori, mani scoperte",
    "two players, best of three games": "due giocatori, al meglio di tre partite",
    "One 40-card Italian deck.": "Un mazzo di 40 carte italiane.",
    "Each player gets %(hand)s cards, dealt one at a time from the dealer's right.": "Ogni giocatore "
    "riceve %(hand)s carte, date una alla volta partendo dalla destra del mazziere.",
    "The next card is turned up: its suit is trump (briscola). It goes under the stock and is the last "
    "card drawn.": "La carta seguente si scopre: il suo seme è la briscola. Va sotto il mazzo ed è l'ultima "
    "carta pescata.",
    "Playing a trick": "Giocare una mano",
    "The player on the dealer's right leads the first trick.": "Il giocatore alla destra del mazziere "
    "apre la prima mano.",
    "Any card may be played: there is no duty to follow suit.": "Si può giocare qualsiasi carta: non c'è "
    "obbligo di rispondere al seme.",
    "A trick goes to the highest trump played, else to the highest card of the suit led; a card of "
    "another suit never takes it.": "La mano va alla briscola più alta giocata, altrimenti alla carta più "
    "alta del seme di uscita; una carta di un altro seme non la prende mai.",
    "The winner takes the cards, draws first from the stock (then the others in playing order) and leads "
    "the next trick.": "Chi vince prende le carte, pesca per primo dal mazzo (poi gli altri nell'ordine di "
    "gioco) e apre la mano seguente.",
    "Trick order, highest first: ace, three, king, knight, jack, seven, six, five, four, two.": "Ordine "
    "di presa, dalla più alta: asso, tre, re, cavallo, fante, sette, sei, cinque, quattro, due.",
    "Card points: ace 11, three 10, king 4, knight 3, jack 2, the others nothing: %(total)s in all.": (
        "Punti delle carte: asso 11, tre 10, re 4, cavallo 3, fante 2, le altre niente: %(total)s in tutto."
    ),
    "Winning a game": "Vincere una partita",
    "When every card has been played, a side with more than %(half)s points wins the game; "
    "%(half)s-%(half)s is a draw.": "Giocate tutte le carte, chi ha più di %(half)s punti vince la "
    "partita; %(half)s-%(half)s è pari.",
    "The match": "L'incontro",
    "The deal passes to the right for each new game.": "A ogni nuova partita il mazzo passa a destra.",
    "Resigning or running out of time gives the match to the other side.": "Chi abbandona o finisce il "
    "tempo dà l'incontro agli avversari.",
    "This variant": "Questa variante",
    "Hands of %(hand)s cards instead of the usual three: the draw after each trick matters less.": "Mani "
    "di %(hand)s carte invece delle solite tre: la pescata dopo ogni mano conta meno.",
    "%(n)s of the twos are taken out, so that every player gets the same number of cards; twos are worth "
    "nothing.": "Si tolgono %(n)s due, perché ogni giocatore abbia lo stesso numero di carte; i due non "
    "valgono niente.",
    "When every card has been played, the side with the most points wins the game; equal top points are "
    "a draw.": "Giocate tutte le carte, chi ha più punti vince la partita; a pari punti in testa è pari.",
    "Two 40-card Italian decks are shuffled together (%(cards)s cards); of two identical cards in a "
    "trick, the one played first ranks higher.": "Si mescolano insieme due mazzi di 40 carte italiane "
    "(%(cards)s carte); di due carte uguali nella stessa mano vale di più quella giocata prima.",
    "All the cards are dealt: %(hand)s each, and nothing is turned up.": "Si distribuiscono tutte le "
    "carte, %(hand)s ciascuno, e non si scopre nulla.",
    "From the dealer's right each player bids a rank lower in the trick order than the last bid, then, "
    "below the two, a points target from 62 to 120, or passes for good.": "Dalla destra del mazziere ogni "
    "giocatore dichiara una carta più bassa nell'ordine di presa dell'ultima dichiarata, poi, sotto il "
    "due, un obiettivo di punti da 62 a 120, oppure passa definitivamente.",
    "The last bidder calls a card of the rank bid, in the suit of their choice: that suit is trump, and "
    "the card's holder is the caller's secret partner, known when the card is played.": "L'ultimo a "
    "dichiarare chiama una carta del valore dichiarato, nel seme che sceglie: quel seme è la briscola, e "
    "chi tiene la carta è il compagno segreto del chiamante, svelato quando la carta viene giocata.",
    "If the first four pass, the fifth must bid.": "Se i primi quattro passano, il quinto deve dichiarare.",
    "The winner of a trick leads the next one.": "Chi vince una mano apre la seguente.",
    "The caller's side needs 61 card points, or the points it bid; 60-60 without a points bid is a "
    "draw.": "Al chiamante e al compagno servono 61 punti carta, o i punti dichiarati; 60-60 senza una "
    "dichiarazione di punti è pari.",
    "Match points for each game: the caller 2, the partner 1, each defender 1, with the winners' sign; "
    "a caller playing alone scores 4.": "Punti d'incontro per partita: il chiamante 2, il compagno 1, "
    "ogni difensore 1, col segno dei vincitori; un chiamante da solo ne fa 4.",
    "Briscola scoperta: every hand is played face up; the stock stays hidden.": "Briscola scoperta: ogni "
    "mano si gioca a carte scoperte; il mazzo resta coperto.",
    "Best of %(games)s games: the first side to win more than half of them wins the match; a drawn game "
    "counts for nobody and another is dealt.": "Al meglio di %(games)s partite: chi ne vince per primo "
    "più della metà vince l'incontro; una partita pari non conta per nessuno e se ne gioca un'altra.",
    "Partners may send a signal with a card (information only, seen by the whole table): "
    "%(words)s.": "I compagni possono mandare un segnale con una carta (solo informazione, visibile a "
    "tutto il tavolo): %(words)s.",
    "Games are dealt until a side reaches %(target)s points, alone at the top, after a game.": "Si "
    "giocano partite finché, alla fine di una, un lato raggiunge %(target)s punti da solo in testa.",
    "best of three games": "al meglio di tre partite",
}
