"""The contract for plugins (issue 30): a client generated from ``/api/schema/`` by
openapi-python-client, and nothing else, plays a game of every ruleset to its end.

The client is generated once a session, offline, into a temporary folder, and
imported; it reaches the service in process (the WSGI application through
httpx's WSGI transport), so every call goes through the whole stack. Of every
answer the test asks three things:

- the generated client read it as the type the contract names for it
  (``DiceQuidditchGame``, its state a ``DiceQuidditchState``, each offered
  command a ``DiceQuidditchPlaceCommand`` or another of its actions, each event
  of the log a ``DiceQuidditchPlacedEvent`` or another of its types);
- nothing was lost or left untyped on the way: the typed answer written back is
  the answer's JSON, and no object of a declared type carries a key its type does
  not declare (no ``additional_properties`` fallback);
- the JSON holds to the contract's schema for that answer.

The contract validates as OpenAPI 3.0 (openapi-spec-validator), its unions are
discriminated as OpenAPI wants it, and the generator reports no warning.
"""

from __future__ import annotations

import importlib
import json
import random
import re
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import attrs
import httpx
import pytest
from django.core import signals
from django.db import close_old_connections
from django.test import Client
from openapi_schema_validator import OAS30ReadValidator
from openapi_spec_validator import validate as validate_spec

from campaign.rules.sheet import SheetRules
from config.wsgi import application
from games.bots import strategies
from games.contracts import Contract as Shapes
from games.manifest import manifest_of
from games.ruleset import find_ruleset, ruleset_names
from games.schema import pascal
from games.selectors import result_schema_as_served
from tests.factories import PASSWORD, UserFactory

PACKAGE = "storyguide_client"
#: The generator's settings: no formatting of the code (not the test's business), and a
#: board (``board.svg``) is a picture, which it reads as bytes.
GENERATOR_CONFIG = {
    "post_hooks": [],
    "content_type_overrides": {"image/svg+xml": "application/octet-stream"},
}


def served(name: str) -> bool:
    """A ruleset the service registers itself (test modules register toys of their own)."""
    module = type(find_ruleset(name)).__module__
    return not module.startswith(("tests.", "games.testing"))


SERVED = [name for name in ruleset_names() if served(name)]
PLAYED = [name for name in SERVED if manifest_of(name).played_by_commands]


@pytest.fixture(scope="session")
def contract() -> dict:
    """``/api/schema/`` as the service serves it, in JSON."""
    answer = Client().get("/api/schema/", {"format": "json"})
    assert answer.status_code == 200
    return answer.json()


class Generated:
    """The client openapi-python-client generated, imported, with what the generator said."""

    def __init__(self, folder: Path, said: str):
        self.said = said
        self.package = importlib.import_module(PACKAGE)
        self.models = importlib.import_module(f"{PACKAGE}.models")
        self.operations = {
            module.stem: f"{PACKAGE}.api.{module.parent.name}.{module.stem}"
            for module in (folder / PACKAGE / "api").glob("*/*.py")
            if module.stem != "__init__"
        }

    def model(self, component: str) -> type:
        return getattr(self.models, component)

    def operation(self, operation_id: str):
        return importlib.import_module(self.operations[operation_id])


@pytest.fixture(scope="session")
def generated(contract, tmp_path_factory):
    folder = tmp_path_factory.mktemp("contract")
    (folder / "openapi.json").write_text(json.dumps(contract))
    (folder / "generator.json").write_text(json.dumps(GENERATOR_CONFIG))
    generator = Path(sys.executable).parent / "openapi-python-client"
    run = subprocess.run(
        [
            generator,
            "generate",
            "--path",
            folder / "openapi.json",
            "--config",
            folder / "generator.json",
            "--meta",
            "none",
            "--output-path",
            folder / PACKAGE,
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    sys.path.insert(0, str(folder))
    try:
        yield Generated(folder, run.stdout + run.stderr)
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]


# --- what every answer is held to --------------------------------------------------------


def same_json(written, sent, path="answer") -> list[str]:
    """Where the typed answer written back differs from the JSON it was read from (a
    datetime may be written in another spelling of the same instant)."""
    if isinstance(sent, dict) and isinstance(written, dict):
        differences = [f"{path}: {key} lost" for key in sent.keys() - written.keys()]
        differences += [f"{path}: {key} made up" for key in written.keys() - sent.keys()]
        for key in sent.keys() & written.keys():
            differences += same_json(written[key], sent[key], f"{path}.{key}")
        return differences
    if isinstance(sent, list) and isinstance(written, list) and len(sent) == len(written):
        return [d for pair in zip(written, sent, strict=True) for d in same_json(*pair, path)]
    if written == sent and type(written) is type(sent):
        return []
    if isinstance(sent, str) and isinstance(written, str):
        instant = _instant(sent)
        if instant is not None and instant == _instant(written):
            return []
    return [f"{path}: {written!r} for {sent!r}"]


def _instant(text: str):
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def loose_components() -> set[str]:
    """The components of shapes a ruleset leaves to the defaults (no type of each action's
    command, of each event, of the state or the result): loose, as it declared them."""
    loose = set()
    for name in ruleset_names():
        contract, prefix = manifest_of(name).contract, pascal(name)
        loose |= {
            prefix + suffix
            for suffix, typed in (
                ("Command", contract.commands),
                ("Event", contract.events),
                ("State", contract.state != Shapes().state),
                ("Result", contract.result != Shapes().result),
            )
            if not typed
        }
    return loose


LOOSE = loose_components()


def undeclared(node, path="answer"):
    """Keys that an object of a declared type holds beyond its declared fields: what a
    generated client keeps as ``additional_properties`` when the contract did not say
    (a ruleset's loose shapes aside)."""
    if attrs.has(type(node)):
        fields = attrs.fields_dict(type(node))
        extra = getattr(node, "additional_properties", None) or {}
        if extra and len(fields) > 1 and type(node).__name__ not in LOOSE:
            yield f"{path} ({type(node).__name__}): {sorted(extra)}"
        for name in fields:
            yield from undeclared(getattr(node, name), f"{path}.{name}")
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from undeclared(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from undeclared(value, f"{path}[{index}]")


class Contract:
    """The contract's schema of each operation's answer, as a validator."""

    def __init__(self, document: dict):
        self.document = document
        self.validators = {}

    def validator(self, operation_id: str, status: int) -> OAS30ReadValidator:
        key = operation_id, status
        if key not in self.validators:
            operation = next(
                operation
                for operations in self.document["paths"].values()
                for operation in operations.values()
                if isinstance(operation, dict) and operation.get("operationId") == operation_id
            )
            schema = operation["responses"][str(status)]["content"]["application/json"]["schema"]
            self.validators[key] = OAS30ReadValidator(
                {"allOf": [schema], "components": self.document["components"]}
            )
        return self.validators[key]


class Plugin:
    """A plugin author's program: the generated client with a token, calling the service
    in process, each answer held to the contract."""

    def __init__(self, generated: Generated, contract: Contract, token: str | None = None):
        self.generated = generated
        self.contract = contract
        transport = {"transport": httpx.WSGITransport(app=application)}
        base = "http://testserver"
        self.client = (
            generated.package.AuthenticatedClient(
                base_url=base, token=token, prefix="Token", httpx_args=transport
            )
            if token
            else generated.package.Client(base_url=base, httpx_args=transport)
        )
        self.answers = 0

    def with_token(self, token: str) -> Plugin:
        return Plugin(self.generated, self.contract, token)

    def call(self, operation_id: str, expect: int, **arguments):
        """Call an operation; its answer must have status ``expect`` and hold to the contract."""
        response = self.generated.operation(operation_id).sync_detailed(
            client=self.client, **arguments
        )
        assert response.status_code == expect, response.content.decode()
        if not response.content:
            return response.parsed
        sent, parsed = json.loads(response.content), response.parsed
        written = [i.to_dict() for i in parsed] if isinstance(parsed, list) else parsed.to_dict()
        assert same_json(written, sent) == [], operation_id
        assert list(undeclared(parsed)) == [], operation_id
        error = next(self.contract.validator(operation_id, expect).iter_errors(sent), None)
        assert error is None, f"{operation_id}: {error.message} at {error.json_path}"
        self.answers += 1
        return parsed

    def model(self, component: str) -> type:
        return self.generated.model(component)


@pytest.fixture
def service(db):
    """The WSGI application in the test's transaction: like Django's test client, keep the
    request signals from closing the test's database connection."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def anyone(service, generated, contract) -> Plugin:
    return Plugin(generated, Contract(contract))


class Campaign:
    """A storyguide with a campaign, and a player who signed up by its invitation: all
    through the generated client (the storyguide's account aside: nobody signs up alone)."""

    def __init__(self, anyone: Plugin):
        storyguide = UserFactory()
        token = anyone.call(
            "auth_token_create",
            200,
            body=anyone.model("AuthTokenRequest")(username=storyguide.username, password=PASSWORD),
        )
        assert token.user.id == storyguide.pk, "the token says whose it is"
        self.storyguide = anyone.with_token(token.token)
        self.storyguide_id, self.storyguide_username = token.user.id, token.user.username
        self.campaign = self.storyguide.call(
            "campaigns_create",
            201,
            body=anyone.model("CampaignRequest")(name="Contract", slug="contract"),
        )
        invitation = self.storyguide.call(
            "invitations_create",
            201,
            body=anyone.model("InvitationRequest").from_dict(
                {"campaign": self.campaign.id, "role": "player"}
            ),
        )
        joined = anyone.call(
            "invitations_sign_up_create",
            201,
            code=invitation.code,
            body=anyone.model("SignUpRequest")(username="plugin", password="a-long-Passphrase-42"),
        )
        self.player = anyone.with_token(joined.token)
        self.player_id = joined.membership.user
        assert joined.membership.username == "plugin", "the sign-up's answer names the new id"


@pytest.fixture
def campaign(anyone) -> Campaign:
    return Campaign(anyone)


# --- the contract as a document ----------------------------------------------------------


def test_the_contract_is_valid_openapi_and_the_generator_warns_of_nothing(contract, generated):
    validate_spec(contract)
    assert "Warning" not in generated.said, generated.said


def discriminated(node, path="#"):
    """Every schema in the document that has a discriminator, with where it is."""
    if isinstance(node, dict):
        if "discriminator" in node:
            yield path, node
        for key, value in node.items():
            yield from discriminated(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from discriminated(value, f"{path}/{index}")


def test_every_union_names_its_members_and_each_member_says_which_it_is(contract):
    """OpenAPI 3.0's discriminator: members are named components, all given in the mapping,
    each requiring the discriminating property with the one value that maps to it."""
    schemas = contract["components"]["schemas"]
    unions = dict(discriminated(contract))
    for where, union in unions.items():
        told_by = union["discriminator"]["propertyName"]
        mapping = union["discriminator"].get("mapping", {})
        assert sorted(mapping.values()) == sorted(m["$ref"] for m in union["oneOf"]), where
        for value, target in mapping.items():
            member = schemas[target.removeprefix("#/components/schemas/")]
            assert told_by in member["required"], (where, target)
            assert member["properties"][told_by]["enum"] == [value], (where, target)
    generic = ["Game", "EventPage", "CommandAnswer", "GameCreateRequest", "SubmissionRequest"]
    expected = {f"#/components/schemas/{name}" for name in [*generic, "Ruleset"]}
    for name in ruleset_names():
        shapes = manifest_of(name).contract
        if shapes.commands:
            expected.add(f"#/components/schemas/{pascal(name)}Command")
        if shapes.events:
            expected.add(f"#/components/schemas/{pascal(name)}Event")
    assert expected <= set(unions)


def reached(node, schemas: dict) -> set[str]:
    """The components ``node`` refers to, and those they refer to, and so on."""
    found: set[str] = set()
    waiting = [node]
    while waiting:
        for name in re.findall(r'"#/components/schemas/(\w+)"', json.dumps(waiting.pop())):
            if name not in found:
                found.add(name)
                waiting.append(schemas[name])
    return found


def test_nothing_a_request_reaches_has_a_default_and_answers_keep_theirs(contract):
    """Issue 40: openapi-typescript, by its default options, makes a property with a
    ``default`` required; in a request body an optional field must stay optional. A shape
    answers carry too keeps its defaults there (a Chat-Quidditch game's config answers
    ``rounds: 10``), and requests reach its ``…Request`` twin, the default said in words."""
    schemas = contract["components"]["schemas"]
    bodies = [
        operation["requestBody"]
        for operations in contract["paths"].values()
        for operation in operations.values()
        if isinstance(operation, dict) and "requestBody" in operation
    ]
    asked = reached(bodies, schemas)
    assert not [name for name in asked if '"default"' in json.dumps(schemas[name])]
    assert {"ChatQuidditchConfigRequest", "SkirmishCommandRequest"} <= asked
    assert schemas["ChatQuidditchConfig"]["properties"]["rounds"]["default"] == 10
    rounds = schemas["ChatQuidditchConfigRequest"]["properties"]["rounds"]
    assert "default" not in rounds and rounds["description"].endswith("Left out: 10.")


def test_every_ruleset_has_a_named_component_for_every_shape(contract):
    schemas = contract["components"]["schemas"]
    for name in SERVED:
        shapes, prefix = manifest_of(name).contract, pascal(name)
        for suffix in ("Config", "Command", "State", "Event", "Result", "Game", "Record"):
            assert prefix + suffix in schemas, prefix + suffix
        for action in shapes.commands:
            assert f"{prefix}{pascal(action)}Command" in schemas
        for kind in shapes.events:
            assert f"{prefix}{pascal(kind)}Event" in schemas
        ruleset = schemas["Ruleset"]["discriminator"]["mapping"][name]
        assert ruleset == f"#/components/schemas/{prefix}Ruleset"


def referred(schema: dict) -> str:
    """The component a property refers to (directly, or through ``allOf`` beside notes)."""
    return (schema.get("$ref") or schema["allOf"][0]["$ref"]).rsplit("/", 1)[1]


def test_the_issue_s_misread_shapes_each_belong_to_one_ruleset(contract):
    """Issue 30: Chat-Quidditch's pass read as the card game's, Table Top's begin_phase as a
    skirmish's, a Draco Dormiens quidditch config as the card game's. Each now sits in its
    ruleset's own components, which a union tells apart by the ruleset's name."""
    schemas = contract["components"]["schemas"]
    mapping = schemas["SubmissionRequest"]["discriminator"]["mapping"]
    chat = schemas[mapping["chat-quidditch"].rsplit("/", 1)[1]]
    assert referred(chat["properties"]["command"]) == "ChatQuidditchCommand"
    tabletop = schemas["TabletopQuidditchGame"]["properties"]["allowed_commands"]
    assert referred(tabletop["items"]) == "TabletopQuidditchCommand"
    mapping = schemas["GameCreateRequest"]["discriminator"]["mapping"]
    rpg = schemas[mapping["rpg-quidditch"].rsplit("/", 1)[1]]
    assert referred(rpg["properties"]["config"]) == "RpgQuidditchConfigRequest"  # its twin


def carries(component: dict, schema: dict) -> bool:
    """The component is the ruleset's schema: its every keyword (a result's ``nullable``
    aside: the game's field says that a result is null until the end)."""
    return all(component.get(key) == value for key, value in schema.items() if key != "nullable")


def test_the_rulesets_answer_carries_the_contract_s_schemas(anyone, contract):
    """GET /api/rulesets/{name}/ gives each shape's schema, and the contract's component of
    that shape is the same schema."""
    schemas = contract["components"]["schemas"]
    for name in SERVED:
        declared, prefix = manifest_of(name).contract, pascal(name)
        described = anyone.call("rulesets_retrieve", 200, name=name)
        assert isinstance(described, anyone.model(f"{prefix}Ruleset"))
        assert isinstance(described.example_config, anyone.model(f"{prefix}Config"))
        answered = json.loads(json.dumps(described.to_dict()))
        shapes = {
            "config_schema": (f"{prefix}Config", declared.config),
            "state_schema": (f"{prefix}State", declared.state),
            "result_schema": (f"{prefix}Result", result_schema_as_served(declared.result)),
        }
        for field, (component, schema) in shapes.items():
            assert answered[field] == schema, (name, field)
            assert carries(schemas[component], schema), component
        assert answered["command_schemas"] == declared.commands
        assert answered["event_schemas"] == declared.events
        for action, schema in declared.commands.items():
            assert schemas[f"{prefix}{pascal(action)}Command"] == schema
        for kind, schema in declared.events.items():
            assert schemas[f"{prefix}{pascal(kind)}Event"] == schema


def test_each_ruleset_says_where_its_games_are_created_and_a_log_is_created_nowhere(
    anyone, contract
):
    """/api/rulesets/ lists every ruleset with its endpoint; a creatable one's endpoint takes
    a POST in the contract (the play tests below create each from its example as it
    stands), and the table log, which the service writes for each check, none."""
    described = {r.name.value: r for r in anyone.call("rulesets_list", 200)}
    assert sorted(described) == sorted(ruleset_names())
    for name in SERVED:
        endpoint, creatable = described[name].endpoint, described[name].creatable
        assert endpoint in contract["paths"], endpoint
        assert ("post" in contract["paths"][endpoint]) is creatable, name
    assert described["table-log"].endpoint == "/api/table-logs/"
    assert described["table-log"].creatable is False
    assert [described[n].endpoint for n in ("dice-quidditch", "skirmish")] == [
        "/api/matches/",
        "/api/skirmishes/",
    ]


# --- playing every ruleset with the generated client alone --------------------------------


#: After so many of the player's commands, the log is read as the player sees it mid-game.
MIDWAY = 10
#: Settings that make a game shorter than its example's, for the time of the suite.
SHORTER = {"tabletop-quidditch": {"pitch": {"length": 25, "width": 15}}}
#: After so many commands the player calls a long game off by the rules' own means, where
#: it is offered one (``Ruleset.ending_actions``: Table Top's concession or proposal to
#: end; a whole match is some 300 to 1,500 of one side's commands).
PATIENCE = 150


def winning_bot(name: str) -> str:
    """The ruleset's bot that plays to win (its first), else the random one."""
    return next(iter(strategies(find_ruleset(name))))


class Game:
    """One game of a ruleset, created by the storyguide, one seat played by the player
    from its ``allowed_commands``, every other seat and the referee's duties by the
    ruleset's bot; every answer checked for its ruleset's types."""

    def __init__(self, campaign: Campaign, name: str):
        self.campaign, self.name, self.rules = campaign, name, find_ruleset(name)
        self.manifest = manifest_of(name)
        self.prefix = pascal(name)
        self.player = campaign.player
        described = campaign.storyguide.call("rulesets_retrieve", 200, name=name)
        self.tag = described.endpoint.strip("/").split("/")[-1].replace("-", "_")
        self.seat = described.seats[0]
        example = described.example_config.to_dict()
        assert example == self.manifest.contract.example, "the client carries the example as it is"
        example = {**example, **SHORTER.get(name, {})}
        who = {"seats": {self.seat: campaign.player_id}, "bots": {"*": winning_bot(name)}}
        if self.manifest.kind == "match":
            body = self.model("GameCreateRequest").from_dict(
                {"campaign": campaign.campaign.id, "ruleset": name, "config": example, **who}
            )
            # The config as a request takes it: its twin where the answers' has defaults.
            models = self.campaign.player.generated.models
            twin = hasattr(models, f"{self.prefix}ConfigRequest")
            assert isinstance(body.config, self.model("ConfigRequest" if twin else "Config"))
        else:
            body = campaign.player.model("SkirmishCreateRequest").from_dict(
                {**example, "campaign": campaign.campaign.id, **who}
            )
        self.game = campaign.storyguide.call(f"{self.tag}_create", 201, body=body)
        self.check_game(self.game)

    def model(self, suffix: str) -> type:
        """The ruleset's component ``suffix``."""
        return self.campaign.player.model(self.prefix + suffix)

    def of_each(self, suffix: str, schemas: dict, value: str) -> type:
        """The component of one action's command or one type's event, where the ruleset
        names them; else the ruleset's one loose component."""
        if schemas:
            return self.model(f"{pascal(value)}{suffix}")
        return self.model(suffix)

    def check_game(self, game) -> None:
        assert isinstance(game, self.model("Game"))
        assert isinstance(game.state, self.model("State"))
        for command in game.allowed_commands:
            action = command.to_dict()["action"]
            assert isinstance(
                command, self.of_each("Command", self.manifest.contract.commands, action)
            )
        assert game.result is None or isinstance(game.result, self.model("Result"))

    def check_record(self, record) -> None:
        assert isinstance(record, self.model("Record"))
        action = record.command.to_dict()["action"]
        assert isinstance(
            record.command, self.of_each("Command", self.manifest.contract.commands, action)
        )
        for event in record.events:
            kind = event.to_dict()["type"]
            assert isinstance(event, self.of_each("Event", self.manifest.contract.events, kind))
        for line in record.narration:
            assert isinstance(line, self.model("Narration"))

    def play(self, rng: random.Random) -> None:
        """The player gives one of the commands offered to them until the game ends."""
        submission = self.model("SubmissionRequest")
        game = self.player.call(f"{self.tag}_retrieve", 200, id=self.game.id)
        self.check_game(game)
        for given in range(self.manifest.playtest.max_commands):
            if game.status.value != "active":
                break
            if given == MIDWAY:
                self.log(game.id)  # as the player sees it while the game runs
            command = self.choose(game.allowed_commands, rng, given)
            answer = self.player.call(
                f"{self.tag}_commands_create",
                201,
                id=game.id,
                body=submission.from_dict({"ruleset": self.name, "command": command.to_dict()}),
            )
            assert isinstance(answer, self.model("CommandAnswer"))
            self.check_record(answer.event)
            game = answer.game
            self.check_game(game)
        self.game = game

    def choose(self, offered: list, rng: random.Random, given: int):
        """One of the commands offered, a rare one rarely; once the player has been patient,
        a way the rules offer to end the game."""
        assert offered, "a running game waits for the player (bots act at once)"
        actions = [command.to_dict()["action"] for command in offered]
        if given >= PATIENCE:
            ending = self.rules.ending_actions
            way_out = [c for c, a in zip(offered, actions, strict=True) if a in ending]
            if way_out:
                return rng.choice(way_out)
        rare = self.manifest.playtest.rare_actions
        usual = [
            c for c, a in zip(offered, actions, strict=True) if rng.random() < rare.get(a, 1.0)
        ]
        return rng.choice(usual or offered)

    def log(self, game_id: int) -> list:
        """Every record of the log as the player sees it, a page at a time."""
        records, after = [], 0
        while True:
            page = self.player.call(f"{self.tag}_events_retrieve", 200, id=game_id, after=after)
            assert isinstance(page, self.model("EventPage"))
            for record in page.results:
                self.check_record(record)
            records += page.results
            after = page.next_after
            if not page.more:
                return records


@pytest.mark.parametrize("name", PLAYED)
def test_a_plugin_plays_every_ruleset_to_its_end_with_the_generated_client_alone(
    campaign, name, figures
):
    """Created from the ruleset's example config as it stands, one seat played by the
    player from what the API offers, the others by the ruleset's bot: the game ends, its
    log verifies, and every answer on the way was of the ruleset's own types."""
    started, answers = time.monotonic(), campaign.player.answers
    game = Game(campaign, name)
    game.play(random.Random(name))
    assert game.game.status.value == "finished"
    assert isinstance(game.game.result, game.model("Result"))
    report = campaign.player.call(f"{game.tag}_verify_retrieve", 200, id=game.game.id)
    assert report.ok is True and report.seed_revealed is True
    records = game.log(game.game.id)
    assert [record.seq for record in records] == list(range(1, game.game.version + 1))
    figures.append(
        f"contract: {name} played by the generated client in {time.monotonic() - started:.1f} s "
        f"({campaign.player.answers - answers} answers of the player's checked, "
        f"{len(records)} records)"
    )


@pytest.mark.parametrize("name", [name for name in SERVED if manifest_of(name).kind != "log"])
def test_every_example_config_is_accepted_as_it_stands_where_its_ruleset_says(campaign, name):
    """A ruleset's example, untouched, creates a game at the endpoint /api/rulesets/ names
    (bots in every seat); the table log, created by checks, has none to try."""
    storyguide = campaign.storyguide
    described = storyguide.call("rulesets_retrieve", 200, name=name)
    assert described.creatable is True
    tag, prefix = described.endpoint.strip("/").split("/")[-1], pascal(name)
    example = described.example_config.to_dict()
    bots = {"bots": {"*": winning_bot(name)}, "campaign": campaign.campaign.id}
    if described.kind.value == "match":
        body = storyguide.model(f"{prefix}GameCreateRequest").from_dict(
            {"ruleset": name, "config": example, **bots}
        )
    else:
        body = storyguide.model("SkirmishCreateRequest").from_dict({**example, **bots})
    created = storyguide.call(f"{tag}_create", 201, body=body)
    assert isinstance(created, storyguide.model(f"{prefix}Game"))
    assert created.ruleset.value == name


def test_the_table_log_is_written_by_a_check_and_read_as_its_own_type(campaign):
    """The table log is listed, and created nowhere: a character's check writes it. It is
    read, paged and verified like any game, as a TableLogGame and TableLogRecords."""
    storyguide = campaign.storyguide
    attributes = dict.fromkeys(SheetRules.from_json({}).attributes, 4)
    character = storyguide.call(
        "characters_create",
        201,
        body=storyguide.model("CharacterRequest").from_dict(
            {"campaign": campaign.campaign.id, "name": "Neville", "attributes": attributes}
        ),
    )
    storyguide.call(
        "characters_checks_create",
        201,
        id=character.id,
        body=storyguide.model("CheckRequest").from_dict({"attribute": next(iter(attributes))}),
    )
    (listed,) = storyguide.call("table_logs_list", 200, campaign=campaign.campaign.id).results
    log = storyguide.call("table_logs_retrieve", 200, id=listed.id)
    assert isinstance(log, storyguide.model("TableLogGame"))
    assert log.allowed_commands == []
    page = storyguide.call("table_logs_events_retrieve", 200, id=log.id)
    assert isinstance(page, storyguide.model("TableLogEventPage"))
    (record,) = page.results
    assert isinstance(record, storyguide.model("TableLogRecord"))
    assert record.command.to_dict()["action"] == "check"
    assert storyguide.call("table_logs_verify_retrieve", 200, id=log.id).ok is True


def entered(need, rng: random.Random) -> list:
    """What a table enters for a need: a face per die, a shuffle as its new order (by the
    places before it)."""
    if need.shuffle:
        order = list(range(1, need.sides + 1))
        rng.shuffle(order)
        return [order]
    return [rng.randint(1, need.sides) for _ in range(need.count)]


@pytest.mark.parametrize("name", ["dice-quidditch", "card-quidditch"])
def test_a_game_on_entered_dice_says_in_its_types_which_dice_it_waits_for(campaign, name):
    """The storyguide holds every seat of a game on the table's dice and gives its first
    command with none: the game waits, and the answer, the game and the log say for which
    dice in the ruleset's types (a roll, a shuffle with the order it shuffles); the dice
    entered alone, the command is applied."""
    storyguide, prefix, rng = campaign.storyguide, pascal(name), random.Random(name)
    seats = storyguide.call("rulesets_retrieve", 200, name=name).seats
    body = storyguide.model(f"{prefix}GameCreateRequest").from_dict(
        {
            "campaign": campaign.campaign.id,
            "ruleset": name,
            "config": manifest_of(name).contract.example,
            "seats": dict.fromkeys(seats, campaign.storyguide_id),
            "entered_dice": "referee",
        }
    )
    game = storyguide.call("matches_create", 201, body=body)
    assert len(game.allowed_dice) == len(game.allowed_commands)
    submission = storyguide.model(f"{prefix}SubmissionRequest")
    command = game.allowed_commands[0].to_dict()
    answer = storyguide.call(
        "matches_commands_create",
        201,
        id=game.id,
        body=submission.from_dict({"ruleset": name, "command": command}),
    )
    (waiting,) = answer.event.events
    assert isinstance(waiting, storyguide.model("DiceAwaitedEvent"))
    awaited = answer.game.dice_awaited
    assert isinstance(awaited, storyguide.model(f"{prefix}DiceAwaited"))
    assert awaited.command.to_dict() == command and awaited.may_enter is True
    for _ in range(20):  # a roll-off that ties is rolled again
        if answer.game.dice_awaited is None:
            break
        dice = [face for need in answer.game.dice_awaited.dice for face in entered(need, rng)]
        answer = storyguide.call(
            "matches_commands_create",
            201,
            id=game.id,
            body=submission.from_dict({"ruleset": name, "dice": dice}),
        )
        assert isinstance(answer, storyguide.model(f"{prefix}CommandAnswer"))
    assert answer.game.dice_awaited is None
    rolled = {roll.source for roll in answer.event.dice}
    assert rolled == {"entered"}
    page = storyguide.call("matches_events_retrieve", 200, id=game.id)
    assert isinstance(page.results[0].events[0], storyguide.model("DiceAwaitedEvent"))


def test_a_submission_typed_by_another_ruleset_is_refused(campaign):
    """A submission names its ruleset so that its command has a type; naming another than
    the game's is a mistake worth a 400, and changes nothing."""
    game = Game(campaign, "dice-quidditch")
    command = game.player.call("matches_retrieve", 200, id=game.game.id).allowed_commands[0]
    other = campaign.player.model("CardQuidditchSubmissionRequest").from_dict(
        {"ruleset": "card-quidditch", "command": {"action": "deal"}}
    )
    refused = campaign.player.call("matches_commands_create", 400, id=game.game.id, body=other)
    assert refused.code == "wrong_ruleset"
    # In the game's own language (the dice text's French), the client asking for none.
    assert refused.errors.to_dict() == {
        "ruleset": ["Ce jeu se joue selon dice-quidditch, pas selon card-quidditch."]
    }
    unchanged = campaign.player.call("matches_retrieve", 200, id=game.game.id)
    assert unchanged.version == game.game.version
    plain = {"command": command.to_dict()}  # a client of before: no ruleset named
    response = campaign.player.client.get_httpx_client().post(
        f"/api/matches/{game.game.id}/commands/", json=plain
    )
    assert response.status_code == 201, response.text


# --- who am I: the ids seats name ---------------------------------------------------------


def test_me_says_who_i_am_my_language_and_my_campaigns_with_my_role(campaign, anyone):
    me = campaign.player.call("me_retrieve", 200)
    assert isinstance(me, anyone.model("Me"))
    assert (me.id, me.username) == (campaign.player_id, "plugin")
    assert me.language.value == ""
    assert [(c.id, c.name, c.role.value) for c in me.campaigns] == [
        (campaign.campaign.id, "Contract", "player")
    ]
    storyguide = campaign.storyguide.call("me_retrieve", 200)
    assert storyguide.id == campaign.storyguide_id
    assert [c.role.value for c in storyguide.campaigns] == ["storyguide"]


def test_me_sets_my_language_for_every_answer(campaign, anyone):
    """The preference is the reader's first choice (core.languages): an error about a
    Chat-Quidditch match is then in French, not in the game's German."""
    changed = campaign.player.call(
        "me_partial_update",
        200,
        body=anyone.model("PatchedMeRequest").from_dict({"language": "fr"}),
    )
    assert changed.language.value == "fr"
    assert campaign.player.call("me_retrieve", 200).language.value == "fr"
    refused = campaign.player.client.get_httpx_client().patch("/api/me/", json={"language": "xx"})
    assert refused.status_code == 400 and "language" in refused.json()["errors"]
    cleared = campaign.player.call(
        "me_partial_update", 200, body=anyone.model("PatchedMeRequest").from_dict({"language": ""})
    )
    assert cleared.language.value == ""


def test_me_is_for_someone_logged_in(anyone):
    anyone.call("me_retrieve", 401)


def test_the_members_answer_names_each_member_s_user_id(campaign):
    members = campaign.storyguide.call("campaigns_members_list", 200, id=campaign.campaign.id)
    assert {(m.user, m.username, m.role.value) for m in members.results} == {
        (campaign.storyguide_id, campaign.storyguide_username, "storyguide"),
        (campaign.player_id, "plugin", "player"),
    }
