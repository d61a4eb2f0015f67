"""The slash commands the application registers with Discord
(``manage.py discord_commands``), their descriptions in Discord's locales."""

from __future__ import annotations

STRING, INTEGER = 3, 4


def _described(english: str, german: str, french: str) -> dict:
    return {
        "description": english,
        "description_localizations": {"de": german, "fr": french},
    }


def _option(name: str, english: str, german: str, french: str, **more) -> dict:
    return {
        "type": STRING,
        "name": name,
        "required": True,
        **_described(english, german, french),
        **more,
    }


#: Every slash command, as Discord's "overwrite global application commands" takes them.
COMMANDS: list[dict] = [
    {
        "name": "link",
        **_described(
            "Link your Discord account to your account on the site",
            "Verknüpfe dein Discord-Konto mit deinem Konto auf der Seite",
            "Liez votre compte Discord à votre compte sur le site",
        ),
    },
    {
        "name": "move",
        **_described(
            "Make a move in this channel's game",
            "Mach einen Zug im Spiel dieses Kanals",
            "Jouez un coup dans la partie de ce salon",
        ),
        "options": [
            _option(
                "move",
                "The move (choose as you type)",
                "Der Zug (beim Tippen wählen)",
                "Le coup (choisissez en tapant)",
                autocomplete=True,
            ),
        ],
    },
    {
        "name": "dice",
        **_described(
            "Enter the dice rolled at the table",
            "Gib die am Tisch gewürfelten Würfel ein",
            "Saisissez les dés lancés à la table",
        ),
        "options": [
            _option(
                "faces",
                "The faces, such as 3 5",
                "Die Augen, etwa 3 5",
                "Les faces, par exemple 3 5",
            ),
        ],
    },
    {
        "name": "game",
        **_described(
            "Show this channel's game",
            "Zeige das Spiel dieses Kanals",
            "Affichez la partie de ce salon",
        ),
    },
    {
        "name": "cq",
        **_described(
            "A Chat-Quidditch line, as the rules write it (Pass GJäger2)",
            "Eine Chat-Quidditch-Zeile, wie die Regeln sie schreiben (Pass GJäger2)",
            "Une ligne de Chat-Quidditch, telle que les règles l'écrivent (Pass GJäger2)",
        ),
        "options": [
            _option("line", "The line", "Die Zeile", "La ligne", max_length=200),
        ],
    },
    {
        "name": "standings",
        **_described(
            "The house cup's table",
            "Die Tabelle des Hauspokals",
            "Le classement de la coupe des maisons",
        ),
    },
    {
        "name": "fixtures",
        **_described(
            "The house cup's next games",
            "Die nächsten Spiele des Hauspokals",
            "Les prochains matchs de la coupe des maisons",
        ),
    },
]
