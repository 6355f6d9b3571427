"""games.hints (who may ask for hints) and the reviews table (a finished game's review).

``games.hints`` is NULL for the games stored before (hints off), ``"all"`` or a list of
seats. ``reviews`` holds one row per reviewed game: the bots library's review of its
person seats, and the budget it was computed with.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("hints", sa.JSON, nullable=True))
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("body", sa.JSON, nullable=False),
        sa.Column("budget", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
    op.drop_column("games", "hints")
