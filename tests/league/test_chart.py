"""The house points race as SVG (league.chart): pure, no database."""

import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest

from league.chart import Series, race_svg

NS = {"svg": "http://www.w3.org/2000/svg"}
START = datetime(2026, 9, 1, 12, tzinfo=UTC)
END = datetime(2027, 3, 15, tzinfo=UTC)


def day(n, total):
    return (START + timedelta(days=n), total)


RACE = [
    Series("Gryffindor", "red", [day(10, 150), day(20, 120), day(40, 400)]),
    Series("Hufflepuff", "yellow", [day(12, 60)]),
    Series("Ravenclaw", "blue", []),
    Series("Slytherin", "green", [day(10, -100), day(30, 250)]),
]


def chart(series=RACE, start=START, end=END):
    return ET.fromstring(race_svg(series, start=start, end=end, title="House points 1995/96"))


def lines(svg):
    return {
        line.get("data-house"): line
        for line in svg.iterfind("svg:polyline[@class='house-line']", NS)
    }


def coordinates(line):
    return [tuple(map(float, pair.split(","))) for pair in line.get("points").split()]


def texts(svg, group):
    return [text.text for text in svg.iterfind(f"svg:g[@class='{group}']/svg:text", NS)]


def test_one_line_per_house_with_points_in_its_colour_and_a_legend_for_every_house():
    svg = chart()
    drawn = lines(svg)
    assert {house: line.get("stroke") for house, line in drawn.items()} == {
        "Gryffindor": "red",
        "Hufflepuff": "yellow",
        "Slytherin": "green",
    }
    assert texts(svg, "legend") == [
        "Gryffindor: 400 points",
        "Hufflepuff: 60 points",
        "Ravenclaw: no points yet",
        "Slytherin: 250 points",
    ]
    assert svg.find("svg:title", NS).text == "House points 1995/96"


def test_a_total_holds_until_the_next_entry_and_runs_on_to_the_end():
    gryffindor = coordinates(lines(chart())["Gryffindor"])
    # three totals: each a point, a step before each later one, and the run to the end
    assert len(gryffindor) == 6
    xs = [x for x, _ in gryffindor]
    assert xs == sorted(xs)
    (_, y1), (x2, y2), (x3, y3), (x4, y4), (x5, y5), (x6, y6) = gryffindor
    assert (x2, y2) == (x3, y1) and (x4, y4) == (x5, y3) and y6 == y5
    assert y3 > y1 > y5  # 120 is lower than 150, and 400 highest (SVG's y grows downwards)
    hufflepuff = coordinates(lines(chart())["Hufflepuff"])
    assert hufflepuff[-1][0] == x6  # every line ends at the chart's end


def test_the_points_axis_takes_in_negative_totals_in_round_steps():
    labels = [int(label) for label in texts(chart(), "axis") if label.lstrip("-").isdigit()]
    assert labels[0] <= -100 and labels[-1] >= 400 and 0 in labels
    steps = {b - a for a, b in pairwise(labels)}
    assert len(steps) == 1 and steps.pop() in (100, 200)


def test_the_date_axis_ticks_the_first_of_each_month_with_the_year_at_the_start_and_january():
    months = [label for label in texts(chart(), "axis") if not label.lstrip("-").isdigit()]
    assert months == ["Oct 2026", "Nov", "Dec", "Jan 2027", "Feb", "Mar"]


def test_a_long_range_ticks_fewer_months():
    months = [
        label
        for label in texts(chart(end=START + timedelta(days=730)), "axis")
        if not label.lstrip("-").isdigit()
    ]
    assert 4 <= len(months) <= 8


def test_names_and_colours_are_escaped():
    hostile = [Series('<script>alert("x")</script> & Co', 'red" onload="alert(1)', [day(1, 10)])]
    markup = race_svg(hostile, start=START, end=END, title="<b>race</b>")
    assert "<script>" not in markup and "<b>" not in markup
    svg = ET.fromstring(markup)  # still well-formed
    (line,) = lines(svg).values()
    assert line.get("data-house") == '<script>alert("x")</script> & Co'
    assert line.get("stroke") == 'red" onload="alert(1)'
    assert line.get("onload") is None


def test_the_same_race_gives_the_same_markup():
    one = race_svg(RACE, start=START, end=END, title="t")
    assert one == race_svg(list(RACE), start=START, end=END, title="t")


def test_totals_before_the_start_are_drawn_at_the_start():
    early = [Series("Gryffindor", "red", [(START - timedelta(days=3), 30), day(5, 80)])]
    (line,) = lines(chart(early)).values()
    first_x = coordinates(line)[0][0]
    plot = chart(early).find("svg:rect", NS)
    assert first_x == float(plot.get("x"))


def test_an_empty_range_is_refused():
    with pytest.raises(ValueError):
        race_svg(RACE, start=START, end=START, title="t")
