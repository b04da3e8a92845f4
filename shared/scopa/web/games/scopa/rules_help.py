"""A short rules help for a preset, written from its rule options (never a copy of a rules text).

Each sentence is a catalog message (English source, Italian in :mod:`scopa.web.games.scopa.messages_it`) with
``%(name)s`` placeholders; the rule options decide which sentences a preset gets and their numbers.
"""

from __future__ import annotations

from scopa.domain.games.scopa.rules import PRESETS, RuleSet
from scopa.web import i18n
from scopa.web.games.base import Section

PRIMIERA_VALUES = {
    "standard": "Each card counts: seven 21, six 18, ace 16, five 15, four 14, three 13, two 12, "
    "jack, knight and king 10.",
    "faces_zero": "Each card counts: seven 21, six 18, ace 16, five 15, four 14, three 13, two 12; "
    "jack, knight and king count nothing.",
    "faces_by_rank": "Each card counts: seven 21, six 18, ace 16, five 15, four 14, three 13, two 12; "
    "the jack, knight and king count by their rank.",
    "most_sevens": "The side with more sevens has the primiera; on a tie, more sixes, then aces, and so on "
    "down.",
}
MISSING_SUIT = {
    "counts": "A side missing a suit still adds up the cards it has.",
    "no_primiera": "A side missing a suit has no primiera at all.",
    "incomplete_loses": "A primiera missing a suit always loses to a complete one.",
}
CAPTURE = {
    "sum": "A card played takes a table card of the same rank, or else table cards that add up to its rank.",
    "fifteen": "A card played takes table cards that, with it, add up to fifteen.",
    "sum_or_fifteen": "A card played takes a table card of the same rank, table cards that add up to its "
    "rank, or table cards that with it add up to fifteen.",
}
ACE = {
    "unless_ace_on_table": "An ace takes every card on the table, unless an ace lies there: then it takes "
    "only that ace.",
    "always": "An ace always takes every card on the table.",
}
LEFTOVERS = {
    "last_capturer": "The cards left on the table at the end of a deal go to the side that took last.",
    "last_player": "The cards left on the table at the end of a deal go to the side that played last.",
    "dealer": "The cards left on the table at the end of a deal go to the dealer's side.",
}
TIES = {
    "play_on": "If two sides reach %(target)s points on the same deal with the same score, another deal "
    "is played.",
    "count_order": "If two sides reach %(target)s points on the same deal with the same score, the side "
    "that reached it first in the order of the count wins.",
}


def rules_help(preset: str, lang: i18n.Lang) -> list[Section]:
    """The sections of the help for ``preset`` (a key of PRESETS), in ``lang``."""
    rules = RuleSet(**PRESETS[preset])

    def say(message: str, **values: object) -> str:
        text = i18n.gettext(lang, message)
        return text % values if values else text

    deal = Section(say("The deal"))
    if rules.players == 4:
        deal.lines.append(
            say("Four players in two partnerships; partners sit opposite and share their cards.")
        )
    else:
        deal.lines.append(say("%(players)s players, each alone.", players=rules.players))
    deal.lines.append(
        say(
            "Each player gets %(hand)s cards a hand and %(table)s go face up on the table; "
            "%(hands)s hands make a deal of the 40 cards.",
            hand=rules.hand_size,
            table=rules.table_cards,
            hands=rules.hands_per_deal,
        )
    )
    if rules.void_deal_kings is not None:
        deal.lines.append(
            say(
                "If %(kings)s or more kings are dealt to the table, the deal is void and dealt again.",
                kings=rules.void_deal_kings,
            )
        )
    deal.lines.append(
        say("The player on the dealer's right plays first.")
        if rules.leader == "dealer_right"
        else say("The dealer plays first.")
    )

    taking = Section(say("Taking cards"))
    taking.lines.append(say(CAPTURE[rules.capture]))
    if rules.single_card_precedence and rules.capture != "fifteen":
        taking.lines.append(say("A table card of the same rank must be taken before any sum."))
    if rules.capture_choice == "fewest_cards":
        taking.lines.append(say("Of several sums, only one with the fewest cards may be taken."))
    if rules.forced_capture:
        taking.lines.append(say("A card that can take may not be laid on the table."))
    if rules.ace_takes_all != "off":
        taking.lines.append(say(ACE[rules.ace_takes_all]))
    taking.lines.append(say(LEFTOVERS[rules.leftovers_to]))

    scopa = Section(say("Scopa"))
    scopa.lines.append(
        say(
            "Taking every card on the table is a scopa, worth one point, except with the last card of "
            "the deal."
        )
    )
    if rules.ace_takes_all != "off":
        scopa.lines.append(
            say("An ace's sweep counts as a scopa.")
            if rules.ace_sweep_is_scopa
            else say("An ace's sweep is not a scopa.")
        )

    count = Section(say("The count after each deal"))
    count.lines.append(
        say("One point each for: most cards, most coins, the settebello (the seven of coins).")
    )
    if rules.re_bello:
        count.lines.append(say("Re bello: the king of coins is a point too."))
    if rules.settebello_di_coppe:
        count.lines.append(say("The seven of cups is a point too."))
    count.lines.append(
        say("Primiera: one point for the best four cards, one of each suit.")
        + " "
        + say(PRIMIERA_VALUES[rules.primiera_scale])
    )
    if rules.primiera_scale != "most_sevens":
        count.lines.append(say(MISSING_SUIT[rules.primiera_missing_suit]))
    if rules.napola:
        count.lines.append(
            say("Napola: a side with the ace, two and three of coins scores the length of its run of coins.")
        )
    if rules.cirulla_bonuses:
        count.lines.append(
            say("Cirulla: hand and dealer bonuses are scored, with the seven of cups as a wildcard.")
        )
    if rules.cirulla_runs:
        count.lines.append(
            say(
                "Cirulla runs: jack, knight and king of coins score 5; ace, two and three of coins 3 or more."
            )
        )
    count.lines.append(say("A tie in cards, coins or primiera gives the point to nobody."))

    winning = Section(say("Winning"))
    winning.lines.append(
        say(
            "Points count only at the end of a deal. The first side with at least %(target)s points and "
            "more than every other side wins.",
            target=rules.target,
        )
    )
    winning.lines.append(say(TIES[rules.tie_rule], target=rules.target))
    if rules.cappotto is not None:
        winning.lines.append(say("Cappotto: a side leading %(lead)s to 0 wins at once.", lead=rules.cappotto))
    if rules.napola_all_coins_wins:
        winning.lines.append(say("Taking all ten coins wins the game at once."))
    return [deal, taking, scopa, count, winning]
