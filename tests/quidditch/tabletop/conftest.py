import pytest

from tests.support import Table


@pytest.fixture
def table(db):
    return Table()
