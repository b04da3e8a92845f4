"""The Italian catalog: every page string (templates, scripts, rules help) by its English text.

Placeholders stay as they are: ``%(name)s`` in templates and the rules help, ``{name}`` in scripts.
``tests/web/test_i18n.py`` checks that every message the pages can show has an entry here.
"""

IT: dict[str, str] = {
    # --- the frame of every page
    "Skip to content": "Vai al contenuto",
    "Main": "Principale",
    "Lobby": "Sala giochi",
    "Inbox": "Posta",
    "Rankings": "Classifiche",
    "Tournaments": "Tornei",
    "Rules": "Regole",
    "Account": "Account",
    "Cards": "Carte",
    "Italian": "Italiane",
    "French": "Francesi",
    "Language": "Lingua",
    "Home": "Pagina iniziale",
    "Play": "Gioca",
    # --- statuses and results
    "draft": "bozza",
    "registration": "iscrizioni",
    "running": "in corso",
    "finished": "finita",
    "cancelled": "annullato",
    "pending": "in attesa",
    "active": "in corso",
    "declined": "rifiutata",
    "withdrawn": "ritirata",
    "refused": "rifiutata",
    "expired": "scaduta",
    "won": "vinta",
    "lost": "persa",
    "drawn": "pari",
    # --- home
    "Play Scopa against the house bots or other people, follow the tournaments and see who leads the "
    "rankings.": "Gioca a Scopa contro i bot della casa o contro altre persone, segui i tornei e guarda chi "
    "guida le classifiche.",
    "Play against a bot": "Gioca contro un bot",
    "Bot": "Bot",
    "a bot account: an outside program playing through the API": "un account bot: un programma esterno "
    "che gioca tramite l'API",
    "a house bot, played by the service": "un bot della casa, giocato dal servizio",
    "Game to": "Partita ai",
    "11 points": "11 punti",
    "16 points": "16 punti",
    "21 points": "21 punti",
    "one deal (quick)": "una smazzata (veloce)",
    "You play as a guest unless you sign in.": "Giochi come ospite se non accedi.",
    "Sign up or sign in": "Registrati o accedi",
    "Play against people": "Gioca contro persone",
    "The lobby: open games to join, or offer your own": "La sala giochi: partite aperte a cui unirsi, o "
    "proponi la tua",
    "Your inbox: invitations and challenges": "La tua posta: inviti e sfide",
    "To challenge someone, open their page from the rankings.": "Per sfidare qualcuno, apri la sua pagina "
    "dalle classifiche.",
    "The rules of every variant": "Le regole di ogni variante",
    "No tournaments yet.": "Ancora nessun torneo.",
    "All tournaments": "Tutti i tornei",
    "Guest": "Ospite",
    "Signed in as {name}.": "Hai effettuato l'accesso come {name}.",
    "The stored token no longer works: you will play as a guest.": "Il token salvato non funziona più: "
    "giocherai come ospite.",
    "Starting a match…": "Avvio della partita…",
    "Could not start the match: {reason}": "Impossibile avviare la partita: {reason}",
    "Signed out: you will play as a guest.": "Sei uscito: giocherai come ospite.",
    # --- account
    "Your account": "Il tuo account",
    "Accounts need JavaScript.": "Gli account richiedono JavaScript.",
    "Your token": "Il tuo token",
    "This token is your account: whoever has it plays as you. It is shown only now; keep it somewhere "
    "safe.": "Questo token è il tuo account: chi lo possiede gioca al posto tuo. Viene mostrato solo ora; "
    "conservalo in un posto sicuro.",
    "Copy": "Copia",
    "Download": "Scarica",
    "I have saved it": "L'ho salvato",
    "Signed in": "Accesso effettuato",
    "You are": "Sei",
    "Keep me signed in on this device": "Ricordami su questo dispositivo",
    "Unticked, the token stays in this tab only and is forgotten when the tab closes.": "Se non è "
    "spuntato, il token resta solo in questa scheda e viene dimenticato quando la chiudi.",
    "Make a new token": "Crea un nuovo token",
    "Sign out": "Esci",
    "Sign up": "Registrati",
    "Name": "Nome",
    "Sign in with a token": "Accedi con un token",
    "Token": "Token",
    "Sign in": "Accedi",
    "Scopa token of {name}": "Token di Scopa di {name}",
    "The stored token no longer works.": "Il token salvato non funziona più.",
    "Welcome, {name}. Save your token now: it is shown only once.": "Benvenuto, {name}. Salva subito il "
    "tuo token: viene mostrato una sola volta.",
    "Could not sign up: {reason}": "Registrazione non riuscita: {reason}",
    "That token was refused.": "Quel token è stato rifiutato.",
    "You stay signed in on this device.": "Resti connesso su questo dispositivo.",
    "You stay signed in in this tab only.": "Resti connesso solo in questa scheda.",
    "Make a new token? The old one stops working everywhere.": "Creare un nuovo token? Quello vecchio "
    "smetterà di funzionare ovunque.",
    "Your new token is below, shown only once. The old one no longer works.": "Il tuo nuovo token è qui "
    "sotto, mostrato una sola volta. Quello vecchio non funziona più.",
    "Could not make a new token: {reason}": "Impossibile creare un nuovo token: {reason}",
    "Token copied.": "Token copiato.",
    "Select the token and copy it.": "Seleziona il token e copialo.",
    "Signed out.": "Sei uscito.",
    # --- lobby, inbox, challenges
    "Games offered by other players: join one, or offer your own and wait for someone to accept.": "Partite "
    "proposte da altri giocatori: unisciti a una, o proponi la tua e aspetta che qualcuno accetti.",
    "Offer a game": "Proponi una partita",
    "Offer": "Proponi",
    "to offer or join a game.": "per proporre o unirti a una partita.",
    "Open games": "Partite aperte",
    "No games are offered right now.": "Nessuna partita proposta in questo momento.",
    "to see your invitations.": "per vedere i tuoi inviti.",
    "Invitations to you": "Inviti per te",
    "No invitations.": "Nessun invito.",
    "Your challenges": "Le tue sfide",
    "No open challenges.": "Nessuna sfida aperta.",
    "Challenge someone from their page.": "Sfida qualcuno dalla sua pagina.",
    "Your games in the lobby": "Le tue partite nella sala giochi",
    "None.": "Nessuna.",
    "The lobby": "La sala giochi",
    "Variant": "Variante",
    "the variant's": "quelli della variante",
    "Clock": "Orologio",
    "no clock": "senza orologio",
    "30 seconds a move": "30 secondi a mossa",
    "2 minutes a move": "2 minuti a mossa",
    "1 day a move": "1 giorno a mossa",
    "Rated": "Valida per la classifica",
    "Challenge": "Sfida",
    "Time to accept": "Tempo per accettare",
    "1 hour": "1 ora",
    "1 day": "1 giorno",
    "1 week": "1 settimana",
    "to challenge a player.": "per sfidare un giocatore.",
    "That did not work: {reason}": "Non è riuscito: {reason}",
    "from {name}": "da {name}",
    "Accept": "Accetta",
    "Accepted: to the table…": "Accettato: al tavolo…",
    "Decline": "Rifiuta",
    "Declined.": "Rifiutato.",
    "to {names}": "a {names}",
    "Withdraw": "Ritira",
    "Challenge withdrawn.": "Sfida ritirata.",
    "in the lobby": "nella sala giochi",
    "Your seek was withdrawn.": "La tua proposta è stata ritirata.",
    "expires in {left}": "scade tra {left}",
    "Could not load the inbox: {reason}": "Impossibile caricare la posta: {reason}",
    "live": "in diretta",
    "reconnecting…": "riconnessione…",
    "Withdraw your seek": "Ritira la tua proposta",
    "Play {name}": "Gioca con {name}",
    "open for {left}": "aperta ancora {left}",
    "Your game was accepted: to the table…": "La tua partita è stata accettata: al tavolo…",
    "Could not join: {reason}": "Impossibile unirsi: {reason}",
    "Could not withdraw: {reason}": "Impossibile ritirare: {reason}",
    "Your game is offered: waiting for someone to accept.": "La tua partita è proposta: in attesa che "
    "qualcuno accetti.",
    "Could not offer the game: {reason}": "Impossibile proporre la partita: {reason}",
    "Could not load the lobby: {reason}": "Impossibile caricare la sala giochi: {reason}",
    "Challenge sent: waiting for an answer…": "Sfida inviata: in attesa di una risposta…",
    "Could not send the challenge: {reason}": "Impossibile inviare la sfida: {reason}",
    "{d} d {h} h": "{d} g {h} h",
    "{h} h {m} min": "{h} h {m} min",
    "{m} min {s} s": "{m} min {s} s",
    "to {n}": "ai {n}",
    "{n} d a move": "{n} g a mossa",
    "{n} s a move": "{n} s a mossa",
    "rated": "valida per la classifica",
    "friendly": "amichevole",
    # --- the table
    "How to play": "Come si gioca",
    "The table needs JavaScript.": "Il tavolo richiede JavaScript.",
    "Watch the match": "Guarda la partita",
    "Sign in to play": "Accedi per giocare",
    "Paste the token you were given when you signed up. It is sent only to this service.": "Incolla il "
    "token che hai ricevuto alla registrazione. Viene inviato solo a questo servizio.",
    "No token yet? Sign up": "Non hai un token? Registrati",
    "Score": "Punteggio",
    "Next deal": "Prossima smazzata",
    "Your hand": "La tua mano",
    "Your move": "La tua mossa",
    "Resign": "Abbandona",
    "Watch or replay this match": "Guarda o rivedi questa partita",
    "Scope": "Scope",
    "Bonus": "Bonus",
    "Coins": "Denari",
    "Settebello": "Settebello",
    "Primiera": "Primiera",
    "Re bello": "Re bello",
    "Settebello di coppe": "Settebello di coppe",
    "Napola": "Napola",
    "Grande": "Grande",
    "Piccola": "Piccola",
    "reached the target score": "ha raggiunto il punteggio",
    "counted first to the target on a tie": "a parità, è arrivato prima al punteggio nell'ordine della conta",
    "cappotto: a lead with the other side at zero": "cappotto: in vantaggio con l'avversario a zero",
    "took all ten coins": "ha preso tutti e dieci i denari",
    "a player resigned": "un giocatore ha abbandonato",
    "a player ran out of time": "un giocatore ha esaurito il tempo",
    "the round's deadline passed": "è scaduto il termine del turno",
    "a player did not show up": "un giocatore non si è presentato",
    "a player withdrew": "un giocatore si è ritirato",
    "an organizer corrected the result": "un organizzatore ha corretto il risultato",
    "You": "Tu",
    "Lay {card} on the table": "Cala {card} in tavola",
    "{card} takes {cards} (scopa)": "{card} prende {cards} (scopa)",
    "{card} takes {cards}": "{card} prende {cards}",
    "{who} played {card} and took {cards}.": "{who}: {card}, prende {cards}.",
    "{who} played {card}.": "{who}: {card} in tavola.",
    "You are invited to this match.": "Sei invitato a questa partita.",
    "Could not answer: {reason}": "Impossibile rispondere: {reason}",
    "Waiting for {names} to accept…": "In attesa che {names} accetti…",
    "Waiting for the other players to accept…": "In attesa che gli altri giocatori accettino…",
    "Waiting for {name}…": "In attesa di {name}…",
    "lay down": "cala",
    "sweeps": "scopa",
    "takes": "prende",
    "{name} (dealer)": "{name} (mazziere)",
    "Side": "Squadra",
    "Pile": "Mazzetto",
    "The count of deal {deal}": "La conta della smazzata {deal}",
    "Points this deal": "Punti della smazzata",
    "Game score": "Punteggio della partita",
    "The cards left on the table went to {who}: {cards}.": "Le carte rimaste in tavola sono andate a "
    "{who}: {cards}.",
    "deal {deal} · stock {stock}": "smazzata {deal} · mazzo {stock}",
    "Now tap the table cards to take, or the card again to put it back.": "Ora tocca le carte in tavola da "
    "prendere, o di nuovo la carta per rimetterla in mano.",
    "Tap a card of your hand, then the table cards it takes.": "Tocca una carta della tua mano, poi le "
    "carte in tavola che prende.",
    "The match is over: you won {scores}.": "La partita è finita: hai vinto {scores}.",
    "The match is over: you lost {scores}.": "La partita è finita: hai perso {scores}.",
    "Why: {reason}.": "Perché: {reason}.",
    "The match is {status}.": "La partita è {status}.",
    "Your turn: choose a move.": "Tocca a te: scegli una mossa.",
    "{name} to play.": "Tocca a {name}.",
    "Your time to move: {left}": "Il tuo tempo per muovere: {left}",
    "Their time to move: {left}": "Il suo tempo per muovere: {left}",
    "Playing…": "Giocata in corso…",
    "That move was refused: {reason}": "Mossa rifiutata: {reason}",
    "{name} does not play in this match.": "{name} non gioca in questa partita.",
    "Could not load the match: {reason}": "Impossibile caricare la partita: {reason}",
    "Withdraw this challenge?": "Ritirare questa sfida?",
    "Resign this match?": "Abbandonare questa partita?",
    "Could not resign: {reason}": "Impossibile abbandonare: {reason}",
    # --- watching a match
    "deal": "smazzata",
    "score": "punteggio",
    "%(name)s to play": "tocca a %(name)s",
    "Its creator chose the seed, so knew every deck: this match is not rated.": "Chi l'ha creata ha scelto "
    "il seme, quindi conosceva ogni mazzo: questa partita non vale per la classifica.",
    "You are watching: only what lies face up is shown. The page follows the game by itself.": "Stai "
    "guardando: si vede solo ciò che è scoperto. La pagina segue la partita da sola.",
    "dealer": "mazziere",
    "a face-down card": "una carta coperta",
    "no cards": "nessuna carta",
    "Table": "Tavola",
    "stock": "mazzo",
    "empty": "vuota",
    "Last move": "Ultima mossa",
    "%(name)s played %(card)s": "%(name)s ha giocato %(card)s",
    "took": "ha preso",
    "Scopa!": "Scopa!",
    "Scope this deal": "Scope in questa smazzata",
    "piles": "mazzetti",
    "Nothing is dealt before every seat has accepted.": "Non si distribuisce nulla prima che tutti abbiano "
    "accettato.",
    "Shuffle commitments (the seeds are revealed at the end)": "Impegni di mescolata (i semi sono rivelati "
    "alla fine)",
    # --- a player's page
    "No rated matches yet.": "Ancora nessuna partita valida per la classifica.",
    "provisional": "provvisorio",
    "%(games)s games, %(wins)s won, %(losses)s lost": "%(games)s partite, %(wins)s vinte, %(losses)s perse",
    "%(n)s drawn": "%(n)s pari",
    "Rating history as a table": "Storico del punteggio in tabella",
    "When": "Quando",
    "Match": "Partita",
    "Result": "Risultato",
    "Change": "Variazione",
    "Against": "Contro",
    "Recent matches": "Partite recenti",
    "No matches yet.": "Ancora nessuna partita.",
    # --- rules help
    "Every variant": "Tutte le varianti",
    "The rule options (JSON)": "Le opzioni delle regole (JSON)",
    "Scopa is played with 40 Italian cards. Each variant below has a short help page, written from its "
    "rule options.": "La Scopa si gioca con 40 carte italiane. Ogni variante qui sotto ha una breve guida, "
    "scritta a partire dalle sue opzioni.",
    "The deal": "La smazzata",
    "%(players)s players, each alone.": "%(players)s giocatori, ognuno per sé.",
    "Four players in two partnerships; partners sit opposite and share their cards.": "Quattro giocatori "
    "in due coppie; i compagni siedono di fronte e mettono insieme le prese.",
    "Each player gets %(hand)s cards a hand and %(table)s go face up on the table; %(hands)s hands make a "
    "deal of the 40 cards.": "Ogni giocatore riceve %(hand)s carte a mano e %(table)s vanno scoperte in "
    "tavola; %(hands)s mani esauriscono le 40 carte della smazzata.",
    "If %(kings)s or more kings are dealt to the table, the deal is void and dealt again.": "Se in tavola "
    "escono %(kings)s re o più, la smazzata è nulla e si ridistribuisce.",
    "The player on the dealer's right plays first.": "Gioca per primo chi siede alla destra del mazziere.",
    "The dealer plays first.": "Gioca per primo il mazziere.",
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
    "Of several sums, only one with the fewest cards may be taken.": "Tra più somme, si può prendere solo "
    "una di quelle con meno carte.",
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
    "Scopa": "Scopa",
    "Taking every card on the table is a scopa, worth one point, except with the last card of the deal.": ""
    "Prendere tutte le carte in tavola è una scopa e vale un punto, tranne con l'ultima carta della "
    "smazzata.",
    "An ace's sweep counts as a scopa.": "La presa di tutta la tavola con l'asso vale come scopa.",
    "An ace's sweep is not a scopa.": "La presa di tutta la tavola con l'asso non è una scopa.",
    "The count after each deal": "La conta dopo ogni smazzata",
    "One point each for: most cards, most coins, the settebello (the seven of coins).": "Un punto ciascuno "
    "per: più carte, più denari, il settebello (il sette di denari).",
    "Re bello: the king of coins is a point too.": "Re bello: anche il re di denari vale un punto.",
    "The seven of cups is a point too.": "Anche il sette di coppe vale un punto.",
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
    "Cappotto: a side leading %(lead)s to 0 wins at once.": "Cappotto: chi conduce %(lead)s a 0 vince "
    "subito.",
    "Taking all ten coins wins the game at once.": "Prendere tutti e dieci i denari fa vincere subito la "
    "partita.",
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
    # --- a replay
    "final score": "punteggio finale",
    "won by %(names)s": "vinta da %(names)s",
    "tournament, round %(n)s": "torneo, turno %(n)s",
    "Replay": "Replay",
    "First position": "Posizione iniziale",
    "First": "Inizio",
    "Previous move": "Mossa precedente",
    "Prev": "Indietro",
    "Next move": "Mossa successiva",
    "Next": "Avanti",
    "Last position": "Posizione finale",
    "Last": "Fine",
    "Arrow keys step through the game; Home and End jump to the start and the end.": "Le frecce scorrono "
    "la partita; Home e Fine saltano all'inizio e alla fine.",
    "Deals": "Smazzate",
    "Deal %(deal)s, move %(n)s": "Smazzata %(deal)s, mossa %(n)s",
    "plays": "gioca",
    "and takes": "e prende",
    "on the table": "in tavola",
    "The end": "Fine",
    "Pile this deal": "Mazzetto della smazzata",
    "Points by deal": "Punti per smazzata",
    "Shuffle verification": "Verifica della mescolata",
    "Each deal's seed was kept secret and only its commitment shown while the game ran. Now that it is "
    'over, the seeds are revealed: each commitment is recomputed here as SHA-256("scopa-shuffle/1:" + '
    "seed), each seed from the master seed, and each deck from its seed, with the project's shuffle code.": ""
    "Il seme di ogni smazzata è rimasto segreto e durante la partita se ne è mostrato solo l'impegno. Ora "
    'che è finita, i semi sono rivelati: qui ogni impegno è ricalcolato come SHA-256("scopa-shuffle/1:" '
    "+ seme), ogni seme dal seme principale e ogni mazzo dal suo seme, con il codice di mescolata del "
    "progetto.",
    "master seed": "seme principale",
    "Deal": "Smazzata",
    "Published commitment": "Impegno pubblicato",
    "Recomputed from the seed": "Ricalcolato dal seme",
    "Check": "Verifica",
    "seed": "seme",
    "commitment": "impegno",
    "deck": "mazzo",
    "The game record (JSON)": "La registrazione della partita (JSON)",
    "check it yourself with": "verificala da te con",
    # --- rankings
    "Pools": "Gruppi",
    "Order by": "Ordina per",
    "Club": "Circolo",
    "Everyone": "Tutti",
    "Show": "Mostra",
    "best first by %(order)s": "i migliori prima per %(order)s",
    "Player": "Giocatore",
    "Games": "Partite",
    "W-L-D": "V-P-N",
    "marks a provisional rating; ± is twice the Glicko-2 rating deviation.": "indica un punteggio "
    "provvisorio; ± è il doppio della deviazione del punteggio Glicko-2.",
    "Nobody is rated here yet: ratings come from finished matches.": "Qui nessuno ha ancora un punteggio: "
    "i punteggi vengono dalle partite finite.",
    "Elo rating of %(name)s (%(pool)s)": "Punteggio Elo di %(name)s (%(pool)s)",
    # --- tournaments
    "paused": "in pausa",
    "round": "turno",
    "%(n)s entrants": "%(n)s iscritti",
    "Sections": "Sezioni",
    "Standings": "Classifica",
    "Bracket": "Tabellone",
    "Crosstable": "Tabella incrociata",
    "Rounds": "Turni",
    "Entrants": "Iscritti",
    "Settings": "Impostazioni",
    "After round %(n)s; ties broken by %(order)s": "Dopo il turno %(n)s; spareggi: %(order)s",
    "Entrant": "Iscritto",
    "Points": "Punti",
    "Played": "Giocate",
    "W-D-L": "V-N-P",
    "No entrants yet.": "Ancora nessun iscritto.",
    "Each round: result (1 win, ½ draw, 0 loss, + / - forfeit, B bye, R requested bye, A absent) against "
    "the opponent's rank": "Ogni turno: risultato (1 vittoria, ½ patta, 0 sconfitta, + / - a tavolino, "
    "B riposo, R riposo chiesto, A assente) contro la posizione dell'avversario",
    "Total": "Totale",
    "No round has been closed yet.": "Nessun turno è ancora chiuso.",
    "Round": "Turno",
    "Leads": "Primo",
    "Second": "Secondo",
    "forfeit": "a tavolino",
    "playing": "in gioco",
    "pts": "punti",
    "game %(n)s": "partita %(n)s",
    "Bye": "Riposo",
    "Not paired yet.": "Accoppiamenti non ancora fatti.",
    "Format": "Formula",
    "%(n)s rounds": "%(n)s turni",
    "to %(n)s": "ai %(n)s",
    "best of %(n)s": "al meglio di %(n)s",
    "%(n)s s a move": "%(n)s s a mossa",
    "rounds of %(n)s s": "turni di %(n)s s",
    "Entries": "Iscrizioni",
    "at most %(n)s": "al massimo %(n)s",
    "%(n)s points": "%(n)s punti",
    "Tie-breaks": "Spareggi",
    "Lot seed": "Seme del sorteggio",
    "Standings as CSV": "Classifica in CSV",
    "TRF report": "Rapporto TRF",
    "Status": "Stato",
    "All": "Tutti",
    "Tournament": "Torneo",
    "No tournaments here.": "Nessun torneo qui.",
    "Final": "Finale",
    "Semi-finals": "Semifinali",
    "Buchholz": "Buchholz",
    "Buchholz cut 1": "Buchholz cut 1",
    "Sonneborn-Berger": "Sonneborn-Berger",
    "Direct encounter": "Scontro diretto",
    "Wins": "Vittorie",
    "Game-point difference": "Differenza punti",
    "Points scored": "Punti fatti",
    "Lot": "Sorteggio",
    # --- words from data
    "excluded": "escluso",
    "open": "aperto",
    "closed": "chiuso",
    "swiss": "sistema svizzero",
    "round robin": "girone all'italiana",
    "double round robin": "girone all'italiana doppio",
    "knockout": "eliminazione diretta",
    "double elimination": "doppia eliminazione",
    "groups knockout": "gironi ed eliminazione diretta",
    "invite": "su invito",
    "club": "circolo",
    "target": "punteggio raggiunto",
    "count order": "ordine della conta",
    "cappotto": "cappotto",
    "napola all coins": "napola, tutti i denari",
    "resigned": "abbandono",
    "timeout": "tempo scaduto",
    "round deadline": "termine del turno",
    "no show": "assenza",
    "corrected": "corretto",
    "forfeit win": "vittoria a tavolino",
    "forfeit loss": "sconfitta a tavolino",
    "forfeit draw": "patta a tavolino",
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
    "The count of game {game}": "Il conteggio della partita {game}",
    "Next game": "Partita successiva",
    # --- Briscola: the spectator page, the replay, the rules help
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
    "Game": "Partita",
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
    "one game": "una partita",
    "best of three games": "al meglio di tre partite",
    # Settings in words (tournament page)
    "%(num)s day": "%(num)s giorno",
    "%(num)s days": "%(num)s giorni",
    "%(num)s hour": "%(num)s ora",
    "%(num)s hours": "%(num)s ore",
    "%(num)s minute": "%(num)s minuto",
    "%(num)s minutes": "%(num)s minuti",
    "%(num)s second": "%(num)s secondo",
    "%(num)s seconds": "%(num)s secondi",
    "%(time)s a move": "%(time)s a mossa",
    "rounds of %(time)s": "turni di %(time)s",
    "%(num)s point": "%(num)s punto",
    "%(num)s points": "%(num)s punti",
    "to %(num)s point": "a %(num)s punto",
    "to %(num)s points": "a %(num)s punti",
    "eliminated": "eliminato",
    "— eliminated": "— eliminato",
    "Bye on request": "Riposo chiesto",
    # --- the arena
    "arena": "arena",
    "Arena": "Arena",
    "No new game starts after %(time)s.": "Nessuna nuova partita comincia dopo le %(time)s.",
    "Not started yet.": "Non ancora cominciata.",
    "A win scores 2, a draw 1.": "Una vittoria vale 2, un pareggio 1.",
    "After two wins in a row, wins score double until a game is not won.": "Dopo due vittorie di "
    "fila le vittorie valgono doppio, finché una partita non è vinta.",
    "Players waiting for a game are paired every minute.": "Chi aspetta una partita viene abbinato "
    "ogni minuto.",
    "Ranked by score, then performance": "Per punteggio, poi per prestazione",
    "Performance": "Prestazione",
    "the next win scores double": "la prossima vittoria vale doppio",
    "on a streak": "in serie",
    "Games under way": "Partite in corso",
    "watch": "guarda",
    "No game under way.": "Nessuna partita in corso.",
    "%(n)s minutes": "%(n)s minuti",
    "Minutes of play": "Minuti di gioco",
    "— not playing: waiting or eliminated": "— non gioca: in attesa o eliminato",
    "not playing": "non gioca",
    "Winners' bracket": "Tabellone vincenti",
    "Losers' bracket": "Tabellone perdenti",
    "Grand final": "Finalissima",
    "Bracket reset": "Spareggio finale",
    "bracket reset": "spareggio finale",
    "no bracket reset": "senza spareggio finale",
    "Third place match": "Finalina per il terzo posto",
    "Third place": "Terzo posto",
    "a match for third place": "con la finalina per il terzo posto",
    "Groups": "Gironi",
    "Group %(name)s": "Girone %(name)s",
    "through": "qualificato",
    "The first of each group goes on to the knockout.": (
        "Il primo di ogni girone passa all'eliminazione diretta."
    ),
    "The first %(num)s of each group go on to the knockout.": (
        "I primi %(num)s di ogni girone passano all'eliminazione diretta."
    ),
    "groups of at most %(n)s": "gironi di al massimo %(n)s",
    "Largest group": "Girone più grande",
    "Through from each group": "Qualificati per girone",
    # --- the organizer console: clubs, the tournament wizard, the tournament page's panels
    "Clubs": "Circoli",
    "%(n)s members": "%(n)s soci",
    "Found a club": "Fonda un circolo",
    "Found the club": "Fonda il circolo",
    "Description": "Descrizione",
    "Anyone may join": "Chiunque può iscriversi",
    "You become its first organizer.": "Ne diventi il primo organizzatore.",
    "Joining": "Iscrizione",
    "by the organizers": "dagli organizzatori",
    "No clubs yet.": "Ancora nessun circolo.",
    "Members are added by the organizers": "I soci sono aggiunti dagli organizzatori",
    "Organizers": "Organizzatori",
    "Join the club": "Iscriviti al circolo",
    "Run the club": "Gestisci il circolo",
    "Edit the club": "Modifica il circolo",
    "Save": "Salva",
    "The club is saved.": "Il circolo è salvato.",
    "Someone else changed this club; here it is now. Make your change again.": (
        "Qualcun altro ha modificato il circolo: eccolo com'è ora. Rifai la tua modifica."
    ),
    "Could not save the club: {reason}": "Impossibile salvare il circolo: {reason}",
    "New tournament": "Nuovo torneo",
    "Role": "Ruolo",
    "member": "socio",
    "organizer": "organizzatore",
    "Add": "Aggiungi",
    "Members": "Soci",
    "Joined": "Iscritto il",
    "Actions": "Azioni",
    "No members yet.": "Ancora nessun socio.",
    "Make member": "Rendi socio",
    "Make organizer": "Rendi organizzatore",
    "Remove": "Rimuovi",
    "Added: {added}.": "Aggiunti: {added}.",
    "Added: {added}. Not added: {refused}": "Aggiunti: {added}. Non aggiunti: {refused}",
    "Could not found the club: {reason}": "Impossibile fondare il circolo: {reason}",
    "Could not change the role: {reason}": "Impossibile cambiare il ruolo: {reason}",
    "Could not remove: {reason}": "Impossibile rimuovere: {reason}",
    "Could not load: {reason}": "Impossibile caricare: {reason}",
    "You joined the club.": "Ti sei iscritto al circolo.",
    "{name} is now {role}.": "{name} ora è {role}.",
    "{name} was removed.": "{name} è stato rimosso.",
    "1. The event": "1. L'evento",
    "2. The games": "2. Le partite",
    "3. Tie-breaks, in order": "3. Spareggi, in ordine",
    "4. Entries and start": "4. Iscrizioni e inizio",
    "none (an open event)": "nessuno (un evento aperto)",
    "1 hour a move": "1 ora a mossa",
    "Round length": "Durata del turno",
    "until its games end": "finché le partite finiscono",
    "30 minutes": "30 minuti",
    "Tie-break %(n)s": "Spareggio %(n)s",
    "Left on the format's, the usual order for the format is used; the lot always comes last.": "Lasciato "
    "su quello della formula, vale l'ordine consueto della formula; il sorteggio viene sempre per ultimo.",
    "Who may enter": "Chi può iscriversi",
    "anyone": "chiunque",
    "the club's members": "i soci del circolo",
    "the format's": "quello della formula",
    "only whom the organizer enters": "solo chi iscrive l'organizzatore",
    "At most": "Al massimo",
    "Start time": "Ora di inizio",
    "Take entries at once": "Accetta subito le iscrizioni",
    "Without a start time, the organizer starts it from its page.": "Senza un'ora di inizio, "
    "l'organizzatore lo avvia dalla sua pagina.",
    "Create the tournament": "Crea il torneo",
    "Sign in as an organizer to create a tournament.": "Accedi come organizzatore per creare un torneo.",
    "Could not create the tournament: {reason}": "Impossibile creare il torneo: {reason}",
    "Podium": "Podio",
    "Enter": "Iscriviti",
    "Your next game": "La tua prossima partita",
    "Organize": "Organizza",
    "Open registration": "Apri le iscrizioni",
    "Start now": "Avvia ora",
    "Advance now": "Avanza ora",
    "Pause": "Pausa",
    "Resume": "Riprendi",
    "Enter a player (id or profile link)": "Iscrivi un giocatore (id o link al profilo)",
    "Enter them": "Iscrivilo",
    "Reason (to exclude)": "Motivo (per escludere)",
    "Exclude": "Escludi",
    "Pair round %(n)s by hand": "Abbina a mano il turno %(n)s",
    "paired by hand": "abbinato a mano",
    "Table %(n)s": "Tavolo %(n)s",
    "Use this pairing": "Usa questo abbinamento",
    "Forbidden pairs: two player ids a line, never paired together": "Coppie vietate: due id di "
    "giocatore per riga, mai abbinati tra loro",
    "Save forbidden pairs": "Salva le coppie vietate",
    "Correct a result": "Correggi un risultato",
    "Reason": "Motivo",
    "Correct": "Correggi",
    "Every correction is kept in the audit trail with its reason.": "Ogni correzione resta nel registro "
    "con il suo motivo.",
    "Audit trail": "Registro delle azioni",
    "Nothing yet.": "Ancora niente.",
    "Could not do that: {reason}": "Impossibile farlo: {reason}",
    "Could not enter: {reason}": "Impossibile iscriversi: {reason}",
    "Could not load the console: {reason}": "Impossibile caricare la console: {reason}",
    "Each line needs two player ids.": "Ogni riga vuole due id di giocatore.",
    "Entered.": "Iscritto.",
    "Excluded.": "Escluso.",
    "Withdrawn.": "Ritirato.",
    "Forbidden pairs saved.": "Coppie vietate salvate.",
    "Result corrected.": "Risultato corretto.",
    "Round {n} will be paired as you set it.": "Il turno {n} sarà abbinato come l'hai impostato.",
    "Say why the entrant is excluded.": "Scrivi perché il partecipante è escluso.",
    "Registration is open.": "Le iscrizioni sono aperte.",
    "The tournament has started.": "Il torneo è iniziato.",
    "Paused.": "In pausa.",
    "Resumed.": "Ripreso.",
    "Advanced.": "Avanzato.",
    "You are entered as {name}.": "Sei iscritto come {name}.",
    "You are in.": "Sei iscritto.",
    "You are not entered yet.": "Non sei ancora iscritto.",
    "You are not playing in this tournament.": "Non giochi in questo torneo.",
    "You have a bye this round.": "Questo turno riposi.",
    "You withdrew.": "Ti sei ritirato.",
    # --- approvals and check-in
    "requested": "in attesa di approvazione",
    "Check in": "Conferma presenza",
    "checked in": "presente",
    "Entries wait for approval": "Le iscrizioni attendono l'approvazione",
    "Check-in (minutes before the start, 0: none)": (
        "Conferma presenza (minuti prima dell'inizio, 0: nessuna)"
    ),
    "Waiting for approval": "In attesa di approvazione",
    "Approve": "Approva",
    "Refuse": "Rifiuta",
    "Checked in: %(n)s of %(total)s.": "Presenti: %(n)s su %(total)s.",
    "approved by the organizers": "approvate dagli organizzatori",
    "check-in %(time)s before the start": "conferma presenza %(time)s prima dell'inizio",
    "Your entry waits for the organizers' approval.": (
        "La tua iscrizione attende l'approvazione degli organizzatori."
    ),
    "You have checked in.": "Hai confermato la presenza.",
    "Check-in opens at {time}.": "La conferma presenza si apre il {time}.",
    "Check in before the start, or you will be withdrawn.": (
        "Conferma la presenza prima dell'inizio, o sarai ritirato."
    ),
    "Could not check in: {reason}": "Impossibile confermare la presenza: {reason}",
    "Approved.": "Approvata.",
    "Refused.": "Rifiutata.",
    # --- club join requests
    "Ask to join": "Chiedi di entrare",
    "Requests to join": "Richieste di iscrizione",
    "The organizers add the members.": "Gli organizzatori aggiungono i soci.",
    "Your request to join waits for the organizers.": "La tua richiesta attende gli organizzatori.",
    "Your request to join was refused.": "La tua richiesta è stata rifiutata.",
    "You asked to join the club.": "Hai chiesto di entrare nel circolo.",
    "Could not ask to join: {reason}": "Impossibile chiedere di entrare: {reason}",
    "Could not decide: {reason}": "Impossibile decidere: {reason}",
    "{name} is now a member.": "{name} ora è socio.",
    "{name} was refused.": "{name} è stato rifiutato.",
    # --- members by name
    "Add members: one name, player id or profile link a line": (
        "Aggiungi soci: un nome, un id di giocatore o un link al profilo per riga"
    ),
    "line {n}, {line}: no player has this name": "riga {n}, {line}: nessun giocatore ha questo nome",
    "line {n}, {line}: {count} players have this name ({ids}): write the id instead": (
        "riga {n}, {line}: {count} giocatori hanno questo nome ({ids}): scrivi l'id"
    ),
    "Nobody was added: {problems}.": "Nessuno è stato aggiunto: {problems}.",
}
