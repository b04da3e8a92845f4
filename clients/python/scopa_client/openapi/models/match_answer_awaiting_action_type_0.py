from typing import Literal

MatchAnswerAwaitingActionType0 = Literal["accept", "move"]

MATCH_ANSWER_AWAITING_ACTION_TYPE_0_VALUES: set[MatchAnswerAwaitingActionType0] = {
    "accept",
    "move",
}


def check_match_answer_awaiting_action_type_0(value: str) -> MatchAnswerAwaitingActionType0:
    if value in MATCH_ANSWER_AWAITING_ACTION_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {MATCH_ANSWER_AWAITING_ACTION_TYPE_0_VALUES!r}"
    )
