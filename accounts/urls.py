from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import views
from accounts.throttles import throttled_login
from accounts.two_factor_pages import TwoFactorLoginForm, two_factor_page

urlpatterns = [
    path("about/", views.about, name="about"),
    path("accounts/signup/", views.signup, name="signup"),
    path(
        "accounts/login/",
        throttled_login(
            auth_views.LoginView.as_view(
                template_name="accounts/login.html", authentication_form=TwoFactorLoginForm
            )
        ),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        views.PasswordChange.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(
            template_name="accounts/password_change_done.html"
        ),
        name="password_change_done",
    ),
    path("accounts/settings/", views.account_settings, name="settings"),
    path("accounts/settings/kid/", views.account_kid, name="settings-kid"),
    path("accounts/sessions/end/", views.sessions_end, name="sessions-end"),
    path("accounts/two-factor/", two_factor_page, name="two-factor"),
    path("accounts/email/", views.account_email, name="email"),
    path("accounts/email/verify/<str:token>/", views.email_verify_page, name="email-verify"),
    path("accounts/password/reset/", views.password_reset, name="password_reset"),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_sent.html"),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        views.PasswordResetConfirm.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="accounts/password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
]
