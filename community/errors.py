"""Why a community request was refused: a ``common.api_errors.Refusal`` with its HTTP status,
which the API's one exception handler answers as ``{"error": "<sentence>"}``."""

from common.api_errors import Refusal


class CommunityError(Refusal):
    """A refused block, follow, report or moderation action: nothing was changed."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status

    @property
    def http_status(self) -> int:
        return self.status
