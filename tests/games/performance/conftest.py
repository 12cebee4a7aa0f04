"""Marks every test of this folder ``performance_contract``: a test that pins the statements a
hot path sends. Run them alone with ``-m performance_contract``."""

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.performance_contract)
