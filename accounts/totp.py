"""Time-based one-time passwords (RFC 6238, over RFC 4226's HOTP) for two-factor log-in: the
secret an authenticator app keeps, the six-digit code of each 30-second step, the address the
app reads from a QR code, and one-time recovery codes. Pure: no Django, no database."""

import base64
import hashlib
import hmac
import secrets
import struct
from urllib.parse import quote

STEP = 30  # seconds a code lasts
DIGITS = 6
# Steps either side of now whose code is taken too: a phone's clock a little off, a code typed
# as its step ends.
DRIFT = 1
ISSUER = "Chesskers"
RECOVERY_CODES = 8


def new_secret() -> str:
    """A new secret: 160 random bits, in base32 as authenticator apps take it."""
    return base64.b32encode(secrets.token_bytes(20)).decode("ascii")


def code_at(secret: str, counter: int) -> str:
    """The code of step ``counter`` (RFC 4226: HMAC-SHA1, dynamic truncation)."""
    key = base64.b32decode(secret)
    mac = hmac.new(key, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    number = struct.unpack(">I", mac[offset : offset + 4])[0] & 0x7FFFFFFF
    return f"{number % 10**DIGITS:0{DIGITS}d}"


def step_of(code: str, secret: str, now: float, after: int = 0) -> int | None:
    """Returns the step whose code ``code`` is, within ``DRIFT`` steps of ``now`` and later
    than step ``after`` (a code once used is never taken again), or None."""
    current = int(now // STEP)
    for counter in range(current - DRIFT, current + DRIFT + 1):
        if counter > after and hmac.compare_digest(code_at(secret, counter), code):
            return counter
    return None


def app_address(secret: str, username: str) -> str:
    """The ``otpauth://`` address an authenticator app reads (from a QR code, or tapped)."""
    label = quote(f"{ISSUER}:{username}")
    return (
        f"otpauth://totp/{label}?secret={secret}&issuer={ISSUER}"
        f"&algorithm=SHA1&digits={DIGITS}&period={STEP}"
    )


def grouped(secret: str) -> str:
    """The secret in groups of four, for typing it into an app by hand."""
    return " ".join(secret[i : i + 4] for i in range(0, len(secret), 4))


def new_recovery_codes() -> list[str]:
    """One-time codes for when the app is lost: ten characters each, as ``xxxxx-xxxxx``."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    codes = []
    for _ in range(RECOVERY_CODES):
        raw = "".join(secrets.choice(alphabet) for _ in range(10))
        codes.append(f"{raw[:5]}-{raw[5:]}")
    return codes


def recovery_key(code: str) -> str:
    """What is kept of a recovery code: its hash, its dash and case ignored."""
    plain = code.replace("-", "").replace(" ", "").lower()
    return hashlib.sha256(plain.encode("utf-8")).hexdigest()
