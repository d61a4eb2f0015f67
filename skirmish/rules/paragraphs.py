"""Where each rule comes from: the paragraphs of "Skirmishes (Chapter 7)".

The skirmish part of the chapter is unnumbered prose: ten paragraphs, with one
heading ("Defensive Rolls") before the eighth. A rule is cited as ``Ch.7 ¶n``,
n counting the paragraphs from "Testing interrupts roleplaying" (¶1) to
"Delaying characters cannot interrupt other actors" (¶10); the heading is not
counted. docs/rules/skirmish.md lists every paragraph with its opening words.
"""

ENDING = "Ch.7 ¶3"  # the Storyguide determines when a Skirmish has ended
INITIATING_ACTION = "Ch.7 ¶4"  # an initiating action; the Storyguide picks between two
INITIATIVE_ROLL = "Ch.7 ¶5"  # everyone rolls the initiating category's Finesse attribute
INITIATIVE_ORDER = "Ch.7 ¶6"  # highest first, no doubles, roll-offs, initiator skips round 1
ONE_ACTION = "Ch.7 ¶7"  # one action a turn; a new round in the same order
DODGE = "Ch.7 ¶8"  # a character yet to act may dodge; the turn is used, the place kept
DELAY = "Ch.7 ¶9"  # delaying, re-entering, keeping the new place
INTERVENE = "Ch.7 ¶10"  # no interrupting; only a delaying character may intervene
