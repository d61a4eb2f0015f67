"""The house cup of Chat-Quidditch (§8): pure Python, no Django, no clock, no global random.

One module per idea of the text:

- ``fixtures``: the first and second half, every house against every other (§8.1);
- ``scheduling``: windows and the final date of a game (§8.4);
- ``teams``: team sizes at the start and substitutions (§8.5, §8.6);
- ``results``: what the league reads from a finished match (§7);
- ``fraud``: dice fraud and forbidden tools, the 100 points and the bar (§8.7, §8.9);
- ``lots``: drawing lots with the provably fair dice (§8.2);
- ``standings``: the table, its tiebreaks and why each place is where it is (§8.1, §8.2);
- ``finals``: who plays which final and the final placing (§8.2);
- ``house_points``: the credits a game or the final placing yields (§8.3);
- ``bounds``: what one game can give, and a house's place in the table as one number;
- ``clinch``: clinched and eliminated, as proofs over the remaining games (§8.1, §8.2);
- ``model``: how a game may end, fitted to the games played;
- ``simulation``: the rest of the year played many times over, the odds (§8.2, §8.3);
- ``projections``: the marks and the odds together, with the seed of the run;
- ``sample``: a plausible cup year on given dice, for demo data and benchmarks.

Decisions on unclear text are in ``docs/rules/league.md``.
"""
