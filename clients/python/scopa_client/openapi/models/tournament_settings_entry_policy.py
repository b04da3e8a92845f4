from typing import Literal

TournamentSettingsEntryPolicy = Literal["club", "invite", "open"]

TOURNAMENT_SETTINGS_ENTRY_POLICY_VALUES: set[TournamentSettingsEntryPolicy] = {
    "club",
    "invite",
    "open",
}


def check_tournament_settings_entry_policy(value: str) -> TournamentSettingsEntryPolicy:
    if value in TOURNAMENT_SETTINGS_ENTRY_POLICY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TOURNAMENT_SETTINGS_ENTRY_POLICY_VALUES!r}"
    )
