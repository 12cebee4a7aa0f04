"""The simuls' pages."""

from django.urls import path

from simuls.edges import views

urlpatterns = [
    path("simul/", views.simuls, name="simuls"),
    path("simul/<str:simul_id>/", views.simul_page, name="simul"),
    path("simul/<str:simul_id>/next/", views.simul_next, name="simul-next"),
]
