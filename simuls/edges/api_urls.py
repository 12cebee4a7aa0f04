"""The simuls app's API routes (under ``/api/``)."""

from django.urls import path

from simuls.edges import api

urlpatterns = [
    path("simuls/", api.SimulListView.as_view(), name="api-simuls"),
    path("simuls/<str:simul_id>/", api.SimulDetailView.as_view(), name="api-simul"),
    path("simuls/<str:simul_id>/join/", api.SimulJoinView.as_view(), name="api-simul-join"),
    path(
        "simuls/<str:simul_id>/withdraw/",
        api.SimulWithdrawView.as_view(),
        name="api-simul-withdraw",
    ),
    path("simuls/<str:simul_id>/accept/", api.SimulAcceptView.as_view(), name="api-simul-accept"),
    path("simuls/<str:simul_id>/remove/", api.SimulRemoveView.as_view(), name="api-simul-remove"),
    path("simuls/<str:simul_id>/start/", api.SimulStartView.as_view(), name="api-simul-start"),
    path("simuls/<str:simul_id>/next/", api.SimulNextView.as_view(), name="api-simul-next"),
]
