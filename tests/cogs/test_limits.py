"""Discord's limits in one place (cogs/table/limits.py): what is cut, what is refused."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs.table import limits
from cogs.table.components import button, select, view_of
from cogs.table.replies import error_text
from engine.core import BadRules, IllegalAction


def test_cut_keeps_short_text_and_ends_long_text_with_an_ellipsis() -> None:
    assert limits.cut("short", 10) == "short"
    assert limits.cut("x" * 10, 10) == "x" * 10
    assert limits.cut("abcdefghijk", 10) == "abcdefghi…"
    assert len(limits.cut("y" * 5000, limits.CONTENT)) == limits.CONTENT


def test_quote_puts_user_text_on_one_line_without_backticks_within_its_cap() -> None:
    assert limits.quote("viewing=off") == "viewing=off"
    assert limits.quote("a\n\n b\tc") == "a b c"
    assert "`" not in limits.quote("1a`evil`")
    quoted = limits.quote("z" * 3000, 50)
    assert len(quoted) == 50 and quoted.endswith("…")


def test_fit_cuts_content_and_leaves_other_arguments_alone() -> None:
    mentions = discord.AllowedMentions.none()
    kwargs: dict[str, Any] = {"content": "c" * 3000, "ephemeral": True, "allowed_mentions": mentions}
    out = limits.fit(kwargs)
    assert len(out["content"]) == limits.CONTENT and out["content"].endswith("…")
    assert out["ephemeral"] is True and out["allowed_mentions"] is mentions
    assert len(kwargs["content"]) == 3000, "the caller's dict is not changed"


def test_fit_brings_an_embed_within_every_limit_without_changing_the_original() -> None:
    embed = discord.Embed(title="t" * 300, description="d" * 5000)
    for _ in range(30):
        embed.add_field(name="n" * 300, value="v" * 2000)
    embed.set_footer(text="f" * 3000)
    fitted = limits.fit({"embed": embed})["embed"]
    assert len(fitted.title) == limits.EMBED_TITLE
    assert len(fitted.fields) <= limits.EMBED_FIELDS
    assert all(len(f.name) <= limits.FIELD_NAME and len(f.value) <= limits.FIELD_VALUE for f in fitted.fields)
    assert len(fitted.footer.text) <= limits.EMBED_FOOTER
    assert limits._embed_size(fitted) <= limits.EMBED_TOTAL
    assert embed.title is not None
    assert len(embed.fields) == 30 and len(embed.title) == 300


def test_fit_counts_the_total_over_all_embeds() -> None:
    embeds = [discord.Embed(description="d" * 4000) for _ in range(3)]
    fitted = limits.fit({"embeds": embeds})["embeds"]
    assert sum(limits._embed_size(e) for e in fitted) <= limits.EMBED_TOTAL
    assert len(fitted[0].description) == 4000, "the first embeds are kept whole"


def test_fit_cuts_labels_and_select_options_of_a_view() -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="b" * 120, custom_id="x"))
    options = [discord.SelectOption(label="l" * 150, value=str(i), description="d" * 150) for i in range(25)]
    view.add_item(discord.ui.Select(custom_id="s", placeholder="p" * 200, options=options, max_values=25))
    limits.fit({"view": view})
    plain, menu = view.children
    assert isinstance(plain, discord.ui.Button) and isinstance(menu, discord.ui.Select)
    assert plain.label is not None and menu.placeholder is not None
    assert len(plain.label) == limits.BUTTON_LABEL
    assert len(menu.placeholder) == limits.PLACEHOLDER
    assert all(len(o.label) <= limits.OPTION_LABEL and len(o.description or "") <= 100 for o in menu.options)


def test_fit_refuses_what_cutting_would_break() -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="ok", custom_id="c" * 101))
    with pytest.raises(limits.LimitError):
        limits.fit({"view": view})
    with pytest.raises(limits.LimitError):
        button("c" * 101, "label")
    options = [discord.SelectOption(label=str(i), value=str(i)) for i in range(26)]
    with pytest.raises(limits.LimitError):
        select("p:1:2", "pick", options, min_values=1, max_values=1)


def test_components_are_built_within_the_limits() -> None:
    label = button("t:1:2:hand", "h" * 200).label
    assert label is not None and len(label) == limits.BUTTON_LABEL
    view = view_of([button(f"a:1:2:{i}", str(i)) for i in range(30)])
    assert len(view.children) == limits.COMPONENTS


def test_fit_keeps_at_most_ten_files() -> None:
    files = [discord.File(__file__, filename=f"{i}.txt") for i in range(12)]
    assert len(limits.fit({"files": files})["files"]) == limits.FILES


def test_an_error_echoing_user_text_keeps_its_explanation() -> None:
    """The engine's errors carry what the user typed; the refusal quotes it with a cap."""
    error = BadRules("Options are written key=value.", key="bad_option_syntax", part="x" * 3000)
    text = error_text(error, "en")
    assert len(text) < 400 and text.startswith("Options are written key=value") and "…" in text
    unknown = error_text(BadRules("No such rule.", key="no_such_key_at_all", option="y" * 3000), "en")
    assert len(unknown) <= 400
    assert error_text(IllegalAction("No.", key="not_a_legal_move", move="1a"), "fr") == (
        "`1a` ne fait pas partie de vos coups possibles."
    )
