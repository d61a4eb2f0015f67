// A sample plugin: one game of each kind the service referees, played to its end under node
// with the types openapi-typescript generates from /api/schema/ (`npm run types`), each
// game followed on its stream as it is played.
//
//   STORYGUIDE_URL=https://hogwarts.example STORYGUIDE_TOKEN=... STORYGUIDE_CAMPAIGN=3 \
//     npm run play
//
// The token's user is a storyguide of the campaign: they create each game, hold its first
// seat and leave the others to the ruleset's bot. One line of JSON is printed per game.

import type { components } from "./storyguide.js";
import { messages } from "./stream.js";

type Schemas = components["schemas"];
type Ruleset = Schemas["Ruleset"];
type Game = Schemas["Game"];
type Command = Game["allowed_commands"][number];
type Submission = Schemas["SubmissionRequest"];

const base = process.env.STORYGUIDE_URL ?? "http://localhost:8000";
const campaign = Number(process.env.STORYGUIDE_CAMPAIGN);
const headers = {
  Authorization: `Token ${process.env.STORYGUIDE_TOKEN ?? ""}`,
  "Content-Type": "application/json",
};

/** After so many of its commands, the plugin ends a game by a way its rules offer
 * (`ending_actions`: a concession, a proposal to end), where one is offered. */
const PATIENCE = 150;

/** Settings for a shorter game than the example's (a test run, not an evening). A
 * Chat-Quidditch answer's window is two minutes, not ten seconds (§3.4): a plugin on a
 * busy machine answers in time, and no window closes with nobody to call time. */
const SHORTER: Record<string, object> = {
  "chat-quidditch": { rounds: 2, half_time_after: 1, answer_seconds: 120 },
  "tabletop-quidditch": { pitch: { length: 25, width: 15 } },
};

async function call<T>(method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const error = (await response.json()) as Schemas["Error"];
    throw new Error(`${method} ${path}: ${response.status} ${error.code}: ${error.detail}`);
  }
  return (await response.json()) as T;
}

/** A game of `ruleset` from its example config, the first seat ours, the bot in every other. */
async function create(ruleset: Ruleset, me: number): Promise<Game> {
  const bots: string[] = ruleset.bots;
  const bot = bots.find((name) => name !== "random") ?? bots[0];
  const who = { seats: { [ruleset.seats[0]]: me }, bots: { "*": bot } };
  const config = { ...ruleset.example_config, ...SHORTER[ruleset.name] };
  if (ruleset.kind === "match") {
    const body = { campaign, ruleset: ruleset.name, config, ...who } as Schemas["GameCreateRequest"];
    return call<Game>("POST", ruleset.endpoint, body);
  }
  // A kind served apart (a skirmish) takes its config as the body, beside the options; the
  // config's schema is looser than the body's (a participant's character may be null there).
  const body = { ...ruleset.example_config, campaign, ...who } as Schemas["SkirmishCreateRequest"];
  return call<Game>("POST", ruleset.endpoint, body);
}

/** The submission of one of a game's offered commands. Each ruleset's submission types its
 * command (a `ChatQuidditchSubmissionRequest`'s is a `ChatQuidditchCommand`); TypeScript
 * cannot tie a command taken from a game of any ruleset to that game's ruleset, so the pair
 * is asserted here, once (the service refuses a submission naming another ruleset). */
function submission(game: Game, command: Command): Submission {
  return { ruleset: game.ruleset, command, expected_version: game.version } as Submission;
}

// What the types hold a plugin to: a command without its action does not compile.
// @ts-expect-error -- `command` needs an `action` of the ruleset's own
export const refused: Schemas["ChatQuidditchSubmissionRequest"] = { ruleset: "chat-quidditch", command: {} };

/** One of the offered commands (in turn, so that a run can be repeated), none that calls
 * the game off until patience runs out; then such a one, where offered. */
function choose(game: Game, ending: readonly string[], given: number): Command {
  const offered: Command[] = game.allowed_commands;
  const endings = offered.filter((command) => ending.includes(command.action));
  if (given >= PATIENCE && endings.length > 0) return endings[0];
  const playing = offered.filter((command) => !ending.includes(command.action));
  const from = playing.length > 0 ? playing : offered;
  return from[given % from.length];
}

/** Follow the game's stream: the seq of every record it sends, and whether it ended. */
async function follow(path: string): Promise<{ seqs: number[]; ended: boolean }> {
  const seqs: number[] = [];
  for await (const message of messages(`${base}${path}stream/`, headers)) {
    if (message.event === "end") return { seqs, ended: true };
    if (message.event === "revoked") {
      const error: Schemas["Error"] = JSON.parse(message.data);
      throw new Error(`${path}stream/: ${error.detail}`);
    }
    const record: Schemas["EventPage"]["results"][number] = JSON.parse(message.data);
    seqs.push(record.seq);
  }
  return { seqs, ended: false };
}

async function play(ruleset: Ruleset, me: number): Promise<void> {
  let game = await create(ruleset, me);
  const path = `${ruleset.endpoint}${game.id}/`;
  const streamed = follow(path);
  for (let given = 0; game.status === "active"; given++) {
    if (game.allowed_commands.length === 0) {
      // Nothing for us yet: the bots move on in a task (or the stream could be waited on).
      await new Promise((resolve) => setTimeout(resolve, 200));
      game = await call<Game>("GET", path);
      continue;
    }
    const command = choose(game, ruleset.ending_actions, given);
    const answer = await call<Schemas["CommandAnswer"]>("POST", `${path}commands/`, submission(game, command));
    game = answer.game;
  }
  const { seqs, ended } = await streamed;
  console.log(
    JSON.stringify({
      ruleset: game.ruleset,
      id: game.id,
      status: game.status,
      version: game.version,
      sentence: game.result?.sentence ?? null,
      streamed: seqs.length,
      last_streamed: seqs.at(-1) ?? null,
      ended,
    }),
  );
}

const me = await call<Schemas["Me"]>("GET", "/api/me/");
for (const ruleset of await call<Ruleset[]>("GET", "/api/rulesets/")) {
  if (ruleset.creatable) await play(ruleset, me.id);
}
