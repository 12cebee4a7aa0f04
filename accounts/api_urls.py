from django.urls import path

from accounts import api

urlpatterns = [
    path("auth/signup/", api.SignupView.as_view(), name="api-signup"),
    path("auth/token/", api.TokenView.as_view(), name="api-token"),
    path("auth/password-reset/", api.PasswordResetView.as_view(), name="api-password-reset"),
    path("account/", api.AccountView.as_view(), name="api-account"),
    path("account/settings/", api.SettingsView.as_view(), name="api-account-settings"),
    path("account/kid/", api.KidModeView.as_view(), name="api-account-kid"),
    path("account/email/", api.EmailView.as_view(), name="api-account-email"),
]
