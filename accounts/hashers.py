"""The site's password hasher: Django's PBKDF2, hashing while this thread holds no database
connection, so a burst of log-ins or sign-ups (each hash a few hundred milliseconds of CPU on
purpose) never keeps the pool's connections from the requests that need them."""

from django.contrib.auth.hashers import PBKDF2PasswordHasher

from common.db import release_connection


class PooledPBKDF2PasswordHasher(PBKDF2PasswordHasher):
    """Django's ``pbkdf2_sha256`` (the same algorithm, so every stored password still checks),
    giving the thread's connection back to the pool before it hashes (``release_connection``;
    inside a transaction it cannot, and the caller hashes before the transaction instead).
    Checking a password and hardening the time of a check both hash through ``encode``."""

    def encode(self, password: str, salt: str, iterations: int | None = None) -> str:
        release_connection()
        return super().encode(password, salt, iterations)
