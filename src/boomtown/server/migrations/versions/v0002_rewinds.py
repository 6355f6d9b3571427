"""games.rewinds: how many times the game's record was cut back (undo).

Every write of a game's moves is a compare-and-set on (moves, rewinds): with several
server processes on one database, a process whose state is behind (another took back a
move and stored a new one at the same ply) can never append to a record it does not hold.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("rewinds", sa.Integer, nullable=False,
                                     server_default="0"))


def downgrade() -> None:
    op.drop_column("games", "rewinds")
