"""A page's form as a browser sends it, read from the rendered HTML: each text, number and
hidden field with its value, each ticked checkbox, each select with its chosen option (the
first where none is chosen). What a test posts is what the page offers, changed where the
test says, as a person changes it."""

from __future__ import annotations

from html.parser import HTMLParser


class _Form(HTMLParser):
    def __init__(self, form_id: str):
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.sent: dict[str, str] = {}
        self.choices: dict[str, list[tuple[str, str]]] = {}
        self.labels: dict[str, str] = {}
        self._select: str | None = None
        self._first: str | None = None
        self._chosen: str | None = None
        self._option: str | None = None
        self._option_text = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id
            return
        if not self.inside:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            kind = attrs.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    self.sent[name] = attrs.get("value", "on")
            elif kind not in ("submit", "button"):
                self.sent[name] = attrs.get("value", "")
        elif tag == "select" and name:
            self._select, self._first, self._chosen = name, None, None
            self.choices[name] = []
        elif tag == "option" and self._select:
            value = attrs.get("value", "")
            self._option, self._option_text = value, ""
            if self._first is None:
                self._first = value
            if "selected" in attrs:
                self._chosen = value

    def handle_data(self, data):
        if self._option is not None:
            self._option_text += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "option" and self._select and self._option is not None:
            self.choices[self._select].append((self._option, self._option_text.strip()))
            self._option = None
        elif tag == "select" and self._select:
            chosen = self._chosen if self._chosen is not None else self._first
            if chosen is not None:
                self.sent[self._select] = chosen
            self._select = None


def read_form(page: str, form_id: str = "new-game") -> _Form:
    form = _Form(form_id)
    form.feed(page)
    return form


def sent(page: str, form_id: str = "new-game") -> dict[str, str]:
    """What a browser sends of the form ``form_id`` of ``page``, as the page offers it."""
    return read_form(page, form_id).sent


def option_text(page: str, name: str, value: str, form_id: str = "new-game") -> str:
    """The words of the option ``value`` of the select ``name``."""
    return dict(read_form(page, form_id).choices[name])[value]
