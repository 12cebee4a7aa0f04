"""The account pages' forms: sign-up (the username rules, Django's password validators, an
optional email address), the settings, the email address, and the password reset that only a
verified address may ask for. Errors per field."""

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.core.exceptions import ValidationError

from accounts.errors import AccountError
from accounts.models import Preferences, User
from accounts.services import MAX_EMAIL_CHARS, email_address, user_signup
from common.db import release_connection


class SignupForm(forms.Form):
    username = forms.CharField(
        max_length=20,
        help_text="2 to 20 characters: letters, digits, '_' or '-'.",
        widget=forms.TextInput(attrs={"autocomplete": "username", "autofocus": True}),
    )
    password1 = forms.CharField(
        label="Password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label="Password again",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    email = forms.CharField(
        label="Email (optional)",
        required=False,
        max_length=MAX_EMAIL_CHARS,
        help_text="Only to reset a forgotten password: we send it a link to confirm it first.",
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def clean(self) -> dict:
        cleaned = super().clean()
        first, second = cleaned.get("password1"), cleaned.get("password2")
        if first and second and first != second:
            self.add_error("password2", "The two passwords differ.")
        return cleaned

    def save(self) -> User:
        """Creates the user; field errors from the service land on this form's fields."""
        try:
            return user_signup(
                username=self.cleaned_data["username"],
                password=self.cleaned_data["password1"],
                email=self.cleaned_data.get("email", ""),
            )
        except ValidationError as error:
            for field, messages in error.message_dict.items():
                self.add_error("password1" if field == "password" else field, messages)
            raise


class PreferencesForm(forms.ModelForm):
    """The settings page's choices (``accounts.models.Preferences``)."""

    language = forms.ChoiceField(
        choices=[("", "As the browser"), *settings.LANGUAGES], required=False
    )

    class Meta:
        model = Preferences
        fields = [
            "sound",
            "premoves",
            "takebacks",
            "confirm_resign",
            "chat",
            "board_theme",
            "theme",
            "coordinates",
            "language",
        ]
        labels = {
            "sound": "Move sounds",
            "premoves": "Premoves: enter your next move on your opponent's turn",
            "takebacks": "Takebacks: let opponents ask for one",
            "confirm_resign": "Ask me to confirm a resignation",
            "chat": "Chat in games",
            "board_theme": "Board theme",
            "theme": "Theme",
            "coordinates": "Coordinates on the board",
            "language": "Language",
        }

    def changes(self) -> dict[str, Any]:
        """Returns every setting as the form gives it (for ``preferences_update``)."""
        return {name: self.cleaned_data[name] for name in self.Meta.fields}


class EmailForm(forms.Form):
    email = forms.CharField(
        label="Email address",
        required=False,
        max_length=MAX_EMAIL_CHARS,
        help_text="Empty removes it. We send a link to confirm a new address.",
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def clean_email(self) -> str:
        try:
            return email_address(self.cleaned_data.get("email", ""))
        except AccountError as error:
            raise ValidationError(error.message) from None


class VerifiedPasswordResetForm(PasswordResetForm):
    """Django's password reset, sent only to verified addresses: an address anyone typed in
    at sign-up, never confirmed, is not a way into an account. The mail goes out holding no
    pooled database connection."""

    def get_users(self, email: str):
        return (user for user in super().get_users(email) if user.email_verified)

    def send_mail(self, *args: Any, **kwargs: Any) -> None:
        release_connection()
        super().send_mail(*args, **kwargs)
