"""Issue 39: a skirmish log said Harry "waited until her own place came round". The line
of a lapsed delay (Ch.7 ¶9) names no one's gender: "their" in English, as the German and
French lines already read."""

from skirmish.manifest import MANIFEST


def test_ch7_p9_the_lapsed_delay_line_says_their_own_place():
    event = {"type": "delay_lapsed", "participant": "p1", "names": {"p1": "Harry"}}
    assert MANIFEST.words.narrate(event) == {
        "en": "Harry has waited until their own place came round again.",
        "de": "Harry hat gewartet, bis der eigene Platz wieder an der Reihe ist.",
        "fr": "Harry a attendu que sa propre place revienne.",
    }
