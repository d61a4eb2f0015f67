// A stream of the service (Server-Sent Events) read over fetch's body, with no dependency:
// node has fetch but no EventSource, and a browser's EventSource cannot send the
// Authorization header (it takes a `stream_token` in its URL instead, see docs/streams.md).

/** One message of a stream: its `event:` name (`message` unless it says), `id:` and `data:`. */
export interface Message {
  event: string;
  id: string;
  data: string;
}

/** The messages of the stream at `url`, as they come, until the server ends it (after its
 * `end` or `revoked` message) or `signal` aborts it. Comments (`: keep-alive`) and the
 * opening `retry:` are skipped. */
export async function* messages(
  url: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): AsyncGenerator<Message> {
  const response = await fetch(url, {
    headers: { ...headers, Accept: "text/event-stream" },
    signal,
  });
  if (!response.ok || response.body === null) {
    throw new Error(`${url}: ${response.status} ${await response.text()}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, "\n");
    let blank: number;
    while ((blank = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, blank);
      buffer = buffer.slice(blank + 2);
      const message: Message = { event: "message", id: "", data: "" };
      const data: string[] = [];
      for (const line of block.split("\n")) {
        const colon = line.indexOf(":");
        if (colon === 0) continue; // a comment
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "data") data.push(text);
        else if (field === "event") message.event = text;
        else if (field === "id") message.id = text;
      }
      if (data.length > 0) yield { ...message, data: data.join("\n") };
    }
  }
}
