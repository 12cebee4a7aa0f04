"""The account pages' forms: sign-up (the username rules, Django's password validators, an
optional email address), the settings, the email address, and the password reset that only a
verified address may ask for. Errors per field."""

import logging
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from accounts.errors import AccountError
from accounts.models import Preferences, User
from accounts.services import KID, MAX_EMAIL_CHARS, email_address, mail_headers, user_signup
from common.db import release_connection

logger = logging.getLogger("django.contrib.auth")


class SignupForm(forms.Form):
    username = forms.CharField(
        label=_("Username"),
        max_length=20,
        help_text=_("2 to 20 characters: letters, digits, '_' or '-'."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autofocus": True}),
    )
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label=_("Password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    email = forms.CharField(
        label=_("Email (optional)"),
        required=False,
        max_length=MAX_EMAIL_CHARS,
        help_text=_("Only to reset a forgotten password: we send it a link to confirm it first."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def clean(self) -> dict:
        cleaned = super().clean()
        first, second = cleaned.get("password1"), cleaned.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two passwords differ."))
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
        label=_("Language"),
        # Each language named in itself (settings.LANGUAGES), as the footer's switch names them.
        choices=[("", _("As the browser")), *settings.LANGUAGES],
        required=False,
    )

    class Meta:
        model = Preferences
        fields = [
            "sound",
            "premoves",
            "takebacks",
            "confirm_resign",
            "confirm_moves",
            "chat",
            "board_theme",
            "theme",
            "coordinates",
            "language",
            "messages_from",
            "challenges_from",
            "mail_turns",
        ]
        labels = {
            "sound": _("Move sounds"),
            "premoves": _("Premoves: enter your next move on your opponent's turn"),
            "takebacks": _("Takebacks: let opponents ask for one"),
            "confirm_resign": _("Ask me to confirm a resignation"),
            "confirm_moves": _("Confirm moves made on the board before they are sent"),
            "chat": _("Chat in games"),
            "board_theme": _("Board theme"),
            "theme": _("Theme"),
            "coordinates": _("Coordinates on the board"),
            "language": _("Language"),
            "messages_from": _("Who may write to you"),
            "challenges_from": _("Who may challenge you by name"),
            "mail_turns": _("Mail me when it is my turn in a correspondence game"),
        }

    # Added after the others: a form posted without them (an older page) keeps what was chosen.
    KEPT_IF_ABSENT = ("messages_from", "challenges_from")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in self.KEPT_IF_ABSENT:
            self.fields[name].required = False
        if self.instance.kid:  # kid mode holds these: shown, not changed (the row's values)
            for name in KID:
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Kid mode keeps this off.")

    def changes(self) -> dict[str, Any]:
        """Returns every setting as the form gives it (for ``preferences_update``), leaving out
        those of ``KEPT_IF_ABSENT`` it did not give."""
        return {
            name: self.cleaned_data[name]
            for name in self.Meta.fields
            if self.cleaned_data[name] != "" or name not in self.KEPT_IF_ABSENT
        }


class EmailForm(forms.Form):
    email = forms.CharField(
        label=_("Email address"),
        required=False,
        max_length=MAX_EMAIL_CHARS,
        help_text=_("Empty removes it. We send a link to confirm a new address."),
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

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        """Django's, with the mail's language (``Content-Language``: the request's, in which
        the templates are rendered) and no HTML part (the site's mails are text)."""
        release_connection()
        subject = "".join(render_to_string(subject_template_name, context).splitlines())
        body = render_to_string(email_template_name, context)
        message = EmailMessage(subject, body, from_email, [to_email], headers=mail_headers())
        try:
            message.send()
        except Exception:
            logger.exception("Failed to send password reset email to %s", context["user"].pk)
