// A page that follows its live stream: when something new commits, the page
// reloads (or, while the reader is typing, says so and waits for them).
//
// <p id="live" data-stream="/api/.../stream/" data-after="12" data-poll="/api/.../events/"
//    data-every="3000" hidden>New moves: <a href="">reload</a></p>
//
// The stream starts after `data-after` (what the page shows). Without
// EventSource, or when the stream is refused (too many open, a server that
// cannot stream), the page polls `data-poll?after=` if it has one.
(function () {
  const live = document.getElementById("live");
  if (!live) return;
  const {stream, after, poll, every} = live.dataset;

  function typing() {
    const field = document.activeElement;
    return field && field.tagName === "INPUT" && field.value !== "";
  }
  function news() {
    if (typing()) { live.hidden = false; return; }
    location.reload();
  }
  function polling() {
    if (!poll) return;
    const timer = setInterval(async () => {
      const response = await fetch(poll + "?limit=1&after=" + after, {credentials: "same-origin"});
      if (response.ok && (await response.json()).results.length) { clearInterval(timer); news(); }
    }, Number(every) || 3000);
  }

  if (!window.EventSource) { polling(); return; }
  const source = new EventSource(stream + "?after=" + after, {withCredentials: true});
  source.onmessage = () => { source.close(); news(); };
  source.addEventListener("end", () => source.close());
  // EventSource reconnects by itself after a dropped connection; it gives up
  // (CLOSED) only when the answer is not a stream: then poll instead.
  source.onerror = () => { if (source.readyState === EventSource.CLOSED) polling(); };
})();
