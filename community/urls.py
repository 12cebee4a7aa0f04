from django.urls import path

from community import views

urlpatterns = [
    path("warnings/<int:warning_id>/read/", views.warning_read, name="warning-read"),
]
