"""Sign-up form: the username rules and Django's password validators, errors per field."""

from django import forms
from django.core.exceptions import ValidationError

from accounts.models import User
from accounts.services import user_signup


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
                username=self.cleaned_data["username"], password=self.cleaned_data["password1"]
            )
        except ValidationError as error:
            for field, messages in error.message_dict.items():
                self.add_error("password1" if field == "password" else field, messages)
            raise
