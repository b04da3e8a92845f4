"""Contains all the data models used in inputs/outputs"""

from .add_member import AddMember
from .add_member_role import AddMemberRole
from .advance_report import AdvanceReport
from .arena_answer import ArenaAnswer
from .arena_line import ArenaLine
from .arena_table import ArenaTable
from .audit_record import AuditRecord
from .audit_record_details import AuditRecordDetails
from .audit_trail import AuditTrail
from .bots import Bots
from .briscola_trick import BriscolaTrick
from .challenge import Challenge
from .club_answer import ClubAnswer
from .club_member import ClubMember
from .club_member_role import ClubMemberRole
from .club_members import ClubMembers
from .club_view import ClubView
from .club_view_your_role_type_0 import ClubViewYourRoleType0
from .clubs import Clubs
from .correct_result import CorrectResult
from .create_bot_account import CreateBotAccount
from .create_challenge import CreateChallenge
from .create_challenge_game import CreateChallengeGame
from .create_club import CreateClub
from .create_match import CreateMatch
from .create_match_game import CreateMatchGame
from .create_match_options_type_0 import CreateMatchOptionsType0
from .create_seek import CreateSeek
from .create_seek_game import CreateSeekGame
from .create_tournament import CreateTournament
from .create_webhook import CreateWebhook
from .create_webhook_events_item import CreateWebhookEventsItem
from .created_webhook import CreatedWebhook
from .cross_table_cell import CrossTableCell
from .cross_table_cell_side_type_0 import CrossTableCellSideType0
from .cross_table_row import CrossTableRow
from .crosstable import Crosstable
from .deal_count import DealCount
from .deal_count_points_item import DealCountPointsItem
from .deliveries import Deliveries
from .delivery_answer import DeliveryAnswer
from .delivery_answer_status import DeliveryAnswerStatus
from .enter import Enter
from .entries import Entries
from .entry import Entry
from .entry_status import EntryStatus
from .error_body import ErrorBody
from .error_body_details import ErrorBodyDetails
from .exclude import Exclude
from .export_tournament_format import ExportTournamentFormat
from .finished_deal import FinishedDeal
from .finished_game import FinishedGame
from .get_leaderboard_by import GetLeaderboardBy
from .get_rules_game import GetRulesGame
from .health import Health
from .http_validation_error import HTTPValidationError
from .inbox_answer import InboxAnswer
from .invitation import Invitation
from .join_request_answer import JoinRequestAnswer
from .join_request_answer_status import JoinRequestAnswerStatus
from .join_requests import JoinRequests
from .leaderboard_answer import LeaderboardAnswer
from .leaderboard_answer_by import LeaderboardAnswerBy
from .leftovers import Leftovers
from .list_tournaments_status_type_0 import ListTournamentsStatusType0
from .manual_pairing import ManualPairing
from .match_answer import MatchAnswer
from .match_answer_awaiting_action_type_0 import MatchAnswerAwaitingActionType0
from .match_answer_options import MatchAnswerOptions
from .match_answer_rules import MatchAnswerRules
from .match_answer_status import MatchAnswerStatus
from .match_answer_tournament_type_0 import MatchAnswerTournamentType0
from .match_answer_view import MatchAnswerView
from .match_deals import MatchDeals
from .match_links import MatchLinks
from .match_list_item import MatchListItem
from .match_list_item_result_type_0 import MatchListItemResultType0
from .match_record import MatchRecord
from .match_record_deals_type_0_item import MatchRecordDealsType0Item
from .match_record_end_type_0 import MatchRecordEndType0
from .match_record_games_type_0_item import MatchRecordGamesType0Item
from .match_record_result import MatchRecordResult
from .match_record_rules import MatchRecordRules
from .match_result import MatchResult
from .move_clock import MoveClock
from .named import Named
from .new_token import NewToken
from .opponent import Opponent
from .pause import Pause
from .paused_entry import PausedEntry
from .paused_entry_status import PausedEntryStatus
from .play_move import PlayMove
from .played_card import PlayedCard
from .player_matches import PlayerMatches
from .player_profile import PlayerProfile
from .player_profile_kind import PlayerProfileKind
from .player_profile_role import PlayerProfileRole
from .player_ratings_answer import PlayerRatingsAnswer
from .players import Players
from .pool import Pool
from .pool_players_per_side import PoolPlayersPerSide
from .pool_rating import PoolRating
from .pool_rating_kind import PoolRatingKind
from .pools import Pools
from .rating import Rating
from .rating_change import RatingChange
from .rating_kind import RatingKind
from .recompute_job import RecomputeJob
from .recompute_job_status import RecomputeJobStatus
from .recompute_report import RecomputeReport
from .register_player import RegisterPlayer
from .registration import Registration
from .request_bye import RequestBye
from .response_validation_error import ResponseValidationError
from .round_ import Round
from .round_status import RoundStatus
from .round_table import RoundTable
from .rule_option import RuleOption
from .rule_preset import RulePreset
from .rule_preset_options import RulePresetOptions
from .rules import Rules
from .rules_options import RulesOptions
from .seat import Seat
from .seat_kind import SeatKind
from .seek_answer import SeekAnswer
from .seek_answer_status import SeekAnswerStatus
from .seek_page import SeekPage
from .set_role import SetRole
from .set_role_role import SetRoleRole
from .standing import Standing
from .standing_tiebreaks import StandingTiebreaks
from .standings_answer import StandingsAnswer
from .time_control import TimeControl
from .tournament import Tournament
from .tournament_settings import TournamentSettings
from .tournament_settings_entry_policy import TournamentSettingsEntryPolicy
from .tournament_settings_format import TournamentSettingsFormat
from .tournament_settings_game import TournamentSettingsGame
from .tournament_settings_object import TournamentSettingsObject
from .tournament_settings_options import TournamentSettingsOptions
from .tournament_settings_tiebreaks_type_0_item import TournamentSettingsTiebreaksType0Item
from .tournament_status import TournamentStatus
from .tournaments import Tournaments
from .update_club import UpdateClub
from .validation_error import ValidationError
from .webhook_answer import WebhookAnswer
from .webhooks import Webhooks
from .who import Who

__all__ = (
    "AddMember",
    "AddMemberRole",
    "AdvanceReport",
    "ArenaAnswer",
    "ArenaLine",
    "ArenaTable",
    "AuditRecord",
    "AuditRecordDetails",
    "AuditTrail",
    "Bots",
    "BriscolaTrick",
    "Challenge",
    "ClubAnswer",
    "ClubMember",
    "ClubMemberRole",
    "ClubMembers",
    "Clubs",
    "ClubView",
    "ClubViewYourRoleType0",
    "CorrectResult",
    "CreateBotAccount",
    "CreateChallenge",
    "CreateChallengeGame",
    "CreateClub",
    "CreatedWebhook",
    "CreateMatch",
    "CreateMatchGame",
    "CreateMatchOptionsType0",
    "CreateSeek",
    "CreateSeekGame",
    "CreateTournament",
    "CreateWebhook",
    "CreateWebhookEventsItem",
    "Crosstable",
    "CrossTableCell",
    "CrossTableCellSideType0",
    "CrossTableRow",
    "DealCount",
    "DealCountPointsItem",
    "Deliveries",
    "DeliveryAnswer",
    "DeliveryAnswerStatus",
    "Enter",
    "Entries",
    "Entry",
    "EntryStatus",
    "ErrorBody",
    "ErrorBodyDetails",
    "Exclude",
    "ExportTournamentFormat",
    "FinishedDeal",
    "FinishedGame",
    "GetLeaderboardBy",
    "GetRulesGame",
    "Health",
    "HTTPValidationError",
    "InboxAnswer",
    "Invitation",
    "JoinRequestAnswer",
    "JoinRequestAnswerStatus",
    "JoinRequests",
    "LeaderboardAnswer",
    "LeaderboardAnswerBy",
    "Leftovers",
    "ListTournamentsStatusType0",
    "ManualPairing",
    "MatchAnswer",
    "MatchAnswerAwaitingActionType0",
    "MatchAnswerOptions",
    "MatchAnswerRules",
    "MatchAnswerStatus",
    "MatchAnswerTournamentType0",
    "MatchAnswerView",
    "MatchDeals",
    "MatchLinks",
    "MatchListItem",
    "MatchListItemResultType0",
    "MatchRecord",
    "MatchRecordDealsType0Item",
    "MatchRecordEndType0",
    "MatchRecordGamesType0Item",
    "MatchRecordResult",
    "MatchRecordRules",
    "MatchResult",
    "MoveClock",
    "Named",
    "NewToken",
    "Opponent",
    "Pause",
    "PausedEntry",
    "PausedEntryStatus",
    "PlayedCard",
    "PlayerMatches",
    "PlayerProfile",
    "PlayerProfileKind",
    "PlayerProfileRole",
    "PlayerRatingsAnswer",
    "Players",
    "PlayMove",
    "Pool",
    "PoolPlayersPerSide",
    "PoolRating",
    "PoolRatingKind",
    "Pools",
    "Rating",
    "RatingChange",
    "RatingKind",
    "RecomputeJob",
    "RecomputeJobStatus",
    "RecomputeReport",
    "RegisterPlayer",
    "Registration",
    "RequestBye",
    "ResponseValidationError",
    "Round",
    "RoundStatus",
    "RoundTable",
    "RuleOption",
    "RulePreset",
    "RulePresetOptions",
    "Rules",
    "RulesOptions",
    "Seat",
    "SeatKind",
    "SeekAnswer",
    "SeekAnswerStatus",
    "SeekPage",
    "SetRole",
    "SetRoleRole",
    "Standing",
    "StandingsAnswer",
    "StandingTiebreaks",
    "TimeControl",
    "Tournament",
    "Tournaments",
    "TournamentSettings",
    "TournamentSettingsEntryPolicy",
    "TournamentSettingsFormat",
    "TournamentSettingsGame",
    "TournamentSettingsObject",
    "TournamentSettingsOptions",
    "TournamentSettingsTiebreaksType0Item",
    "TournamentStatus",
    "UpdateClub",
    "ValidationError",
    "WebhookAnswer",
    "Webhooks",
    "Who",
)
