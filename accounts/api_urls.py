from django.urls import path

from accounts import api

urlpatterns = [
    path("auth/signup/", api.SignupView.as_view(), name="api-signup"),
    path("auth/token/", api.TokenView.as_view(), name="api-token"),
    path("account/", api.AccountView.as_view(), name="api-account"),
]
