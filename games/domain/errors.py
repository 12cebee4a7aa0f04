"""Why a request was refused: one code per reason, the only codes the REST API and the sockets
send."""

from enum import StrEnum

from common.api_errors import Refusal


class ErrorCode(StrEnum):
    BAD_REQUEST = "bad_request"
    NOT_FOUND = "not_found"
    NOT_A_PLAYER = "not_a_player"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_PLY = "stale_ply"
    BAD_MOVE_TEXT = "bad_move_text"
    ILLEGAL_MOVE = "illegal_move"
    AMBIGUOUS_MOVE = "ambiguous_move"
    GAME_OVER = "game_over"
    NOT_ALLOWED = "not_allowed"
    OWN_SEEK = "own_seek"
    TOO_MANY_SEEKS = "too_many_seeks"
    GONE = "gone"
    FORBIDDEN = "forbidden"
    RATE_LIMITED = "rate_limited"
    UNAUTHENTICATED = "unauthenticated"
    SERVER_ERROR = "server_error"


HTTP_STATUS = {
    ErrorCode.BAD_REQUEST: 400,
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.NOT_A_PLAYER: 403,
    ErrorCode.NOT_YOUR_TURN: 403,
    ErrorCode.STALE_PLY: 409,
    ErrorCode.BAD_MOVE_TEXT: 400,
    ErrorCode.ILLEGAL_MOVE: 400,
    ErrorCode.AMBIGUOUS_MOVE: 400,
    ErrorCode.GAME_OVER: 410,
    ErrorCode.NOT_ALLOWED: 400,
    ErrorCode.OWN_SEEK: 400,
    ErrorCode.TOO_MANY_SEEKS: 400,
    ErrorCode.GONE: 410,
    ErrorCode.FORBIDDEN: 403,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.UNAUTHENTICATED: 401,
    ErrorCode.SERVER_ERROR: 500,
}


class GameError(Refusal):
    """A refused request: nothing was changed. ``message`` is one sentence saying why; the API
    answers it with its code's status (``common.api_errors.exception_handler``)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def http_status(self) -> int:
        return HTTP_STATUS[self.code]
