"""A short rules help for a Briscola preset, written from its rule options (never a copy of a rules text).

Each sentence is a catalog message (English source, Italian in
:mod:`scopa.web.games.briscola.messages_it`) with ``%(name)s`` placeholders;
:class:`~scopa.domain.games.briscola.rules.BriscolaRules` decides which sentences a preset gets and their
numbers. The sections: the deal, playing a trick, card points, winning a game, the match, and the variants
the preset has.
"""

from __future__ import annotations

from scopa.domain.games.briscola.cards import removed_cards
from scopa.domain.games.briscola.rules import PRESETS, BriscolaRules, make_rules
from scopa.web import i18n
from scopa.web.games.base import Section

#: The words a signal sends (``scopa.domain.games.briscola.rules.SIGNALS``), as pages show them.
SIGNAL_WORDS = {
    "ace": "the ace",
    "three": "the three",
    "king": "the king",
    "high_trumps": "high trumps",
    "low_trumps": "low trumps",
    "no_trumps": "no trumps",
    "nothing": "nothing worth telling",
}
#: Why a Briscola match ended, in words.
REASONS = {
    "best_of": "won more games",
    "points": "reached the points target",
    "resigned": "resigned",
    "timeout": "timeout",
}
PLAYERS = {
    2: "Two players, each alone.",
    3: "Three players, each alone.",
    4: "Four players in two partnerships; partners sit opposite and add up their tricks.",
    5: "Five players: an auction decides who calls a card, and its holder becomes the caller's secret "
    "partner.",
    6: "Six players in three partnerships of two; partners sit opposite and add up their tricks.",
    8: "Eight players in four partnerships of two; partners sit opposite and add up their tricks.",
}


def rules_help(preset: str, lang: i18n.Lang) -> list[Section]:
    """The sections of the help for the Briscola ``preset`` (a key of PRESETS), in ``lang``."""
    rules = make_rules(preset)
    return help_for(rules, lang)


def help_for(rules: BriscolaRules, lang: i18n.Lang) -> list[Section]:
    def say(message: str, **values: object) -> str:
        text = i18n.gettext(lang, message)
        return text % values if values else text

    total = rules.total_points
    deal = Section(say("The deal"))
    deal.lines.append(say(PLAYERS[rules.players]))
    removed = len(removed_cards(rules.players, rules.decks))
    if rules.decks == 2:
        deal.lines.append(
            say(
                "Two 40-card Italian decks are shuffled together (%(cards)s cards); of two identical cards "
                "in a trick, the one played first ranks higher.",
                cards=rules.deck_size,
            )
        )
    else:
        deal.lines.append(say("One 40-card Italian deck."))
    if removed:
        deal.lines.append(
            say(
                "%(n)s of the twos are taken out, so that every player gets the same number of cards; "
                "twos are worth nothing.",
                n=removed,
            )
        )
    if rules.chiamata:
        deal.lines.append(
            say("All the cards are dealt: %(hand)s each, and nothing is turned up.", hand=rules.hand_size)
        )
        deal.lines.append(
            say(
                "From the dealer's right each player bids a rank lower in the trick order than the last bid, "
                "then, below the two, a points target from 62 to 120, or passes for good."
            )
        )
        deal.lines.append(
            say(
                "The last bidder calls a card of the rank bid, in the suit of their choice: that suit is "
                "trump, and the card's holder is the caller's secret partner, known when the card is "
                "played."
            )
        )
        deal.lines.append(say("If the first four pass, the fifth must bid."))
    else:
        deal.lines.append(
            say(
                "Each player gets %(hand)s cards, dealt one at a time from the dealer's right.",
                hand=rules.hand_size,
            )
        )
        deal.lines.append(
            say(
                "The next card is turned up: its suit is trump (briscola). It goes under the stock and is "
                "the last card drawn."
            )
        )

    play = Section(say("Playing a trick"))
    play.lines.append(say("The player on the dealer's right leads the first trick."))
    play.lines.append(say("Any card may be played: there is no duty to follow suit."))
    play.lines.append(
        say(
            "A trick goes to the highest trump played, else to the highest card of the suit led; a card "
            "of another suit never takes it."
        )
    )
    if rules.chiamata:
        play.lines.append(say("The winner of a trick leads the next one."))
    else:
        play.lines.append(
            say(
                "The winner takes the cards, draws first from the stock (then the others in playing order) "
                "and leads the next trick."
            )
        )
    if rules.hand_size != 3 and not rules.chiamata:
        play.lines.append(
            say(
                "Hands of %(hand)s cards instead of the usual three: the draw after each trick matters less.",
                hand=rules.hand_size,
            )
        )

    points = Section(say("Card points"))
    points.lines.append(
        say("Trick order, highest first: ace, three, king, knight, jack, seven, six, five, four, two.")
    )
    points.lines.append(
        say(
            "Card points: ace 11, three 10, king 4, knight 3, jack 2, the others nothing: %(total)s in all.",
            total=total,
        )
    )

    winning = Section(say("Winning a game"))
    half = total // 2
    if rules.chiamata:
        winning.lines.append(
            say(
                "The caller's side needs 61 card points, or the points it bid; 60-60 without a points bid is "
                "a draw."
            )
        )
        winning.lines.append(
            say(
                "Match points for each game: the caller 2, the partner 1, each defender 1, with the "
                "winners' sign; a caller playing alone scores 4."
            )
        )
    elif rules.sides == 2:
        winning.lines.append(
            say(
                "When every card has been played, a side with more than %(half)s points wins the game; "
                "%(half)s-%(half)s is a draw.",
                half=half,
            )
        )
    else:
        winning.lines.append(
            say(
                "When every card has been played, the side with the most points wins the game; equal top "
                "points are a draw."
            )
        )

    match = Section(say("The match"))
    if rules.match == "points":
        match.lines.append(
            say(
                "Games are dealt until a side reaches %(target)s points, alone at the top, after a game.",
                target=rules.points_target,
            )
        )
    elif rules.games == 1:
        match.lines.append(say("One game; a drawn game is dealt again, so the match always has a winner."))
    else:
        match.lines.append(
            say(
                "Best of %(games)s games: the first side to win more than half of them wins the match; a "
                "drawn game counts for nobody and another is dealt.",
                games=rules.games,
            )
        )
    match.lines.append(say("The deal passes to the right for each new game."))
    match.lines.append(say("Resigning or running out of time gives the match to the other side."))

    sections = [deal, play, points, winning, match]
    variants = Section(say("This variant"))
    if rules.scoperta:
        variants.lines.append(say("Briscola scoperta: every hand is played face up; the stock stays hidden."))
    if rules.signals:
        variants.lines.append(
            say(
                "Partners may send a signal with a card (information only, seen by the whole table): "
                "%(words)s.",
                words=", ".join(say(w) for w in SIGNAL_WORDS.values()),
            )
        )
    if variants.lines:
        sections.append(variants)
    return sections


__all__ = ["PRESETS", "REASONS", "SIGNAL_WORDS", "help_for", "rules_help"]
