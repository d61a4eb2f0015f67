// A page that follows its live stream: when something new commits, the parts of the page
// that changed are drawn again in place (storyguide/in_place.js); a page without parts
// to swap reloads.
//
// <p id="live" data-stream="/api/.../stream/" data-after="12" data-poll="/api/.../events/"
//    data-every="3000" hidden>New moves: <a href="">reload</a></p>
//
// The stream starts after `data-after` (what the page shows) and, once open, resumes by
// itself (EventSource sends the last id it saw). Without EventSource, or when the
// stream is refused (too many open, a server that cannot stream), the page polls
// `data-poll?after=` if it has one. A page left for another closes its stream, so that
// pages kept by the browser's back-forward cache hold no connection, and opens it again
// when it is shown from that cache. The stream closes for good at its `end` (the game
// is over) or when the page drawn again has no `#live` any more.
(function () {
  const first = document.getElementById("live");
  if (!first) return;
  const {stream, poll, every} = first.dataset;
  let source = null;
  let timer = null;

  const after = () => (document.getElementById("live") || first).dataset.after;
  function news() {
    if (window.storyguidePage && document.querySelector("[data-live]")) {
      window.storyguidePage.refresh();
    } else {
      close();
      location.reload();
    }
  }
  function close() {
    if (source) { source.close(); source = null; }
    if (timer) { clearInterval(timer); timer = null; }
  }
  function polling() {
    if (!poll || timer) return;
    timer = setInterval(async () => {
      const response = await fetch(poll + "?limit=1&after=" + after(), {credentials: "same-origin"});
      if (response.ok && (await response.json()).results.length) news();
    }, Number(every) || 3000);
  }
  function open() {
    if (!window.EventSource) { polling(); return; }
    source = new EventSource(stream + "?after=" + after(), {withCredentials: true});
    source.onmessage = news;
    source.addEventListener("end", () => { close(); news(); });
    source.addEventListener("revoked", () => { close(); news(); });
    // EventSource reconnects by itself after a dropped connection; it gives up
    // (CLOSED) only when the answer is not a stream: then poll instead.
    source.onerror = () => {
      if (source && source.readyState === EventSource.CLOSED) { source = null; polling(); }
    };
  }

  document.addEventListener("storyguide:swapped", () => { if (!document.getElementById("live")) close(); });
  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && document.getElementById("live")) { news(); open(); }
  });
  open();
})();
