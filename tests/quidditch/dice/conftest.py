import pytest

from tests.support import Table


@pytest.fixture
def members(db):
    """A campaign with one user of each role (``tests.support.Table``)."""
    return Table()
