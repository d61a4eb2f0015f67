// A page drawn again in place. The server draws the page once (one way to draw it, with
// or without JavaScript); afterwards this script asks it for only the parts that change
// with a move (the header `X-Storyguide-Parts`: the version of the game the page shows),
// drawn by the same templates, and puts each in place of the one shown. The reader
// keeps their scroll, the line they are typing and the page's stream; nothing reloads.
//
// A part is an element marked `data-live` with an id: it takes the place of the one
// shown with its id. `data-live="parts"` keeps its place and takes only the fresh one's
// attributes (its parts are swapped one by one); `data-live="append"` (the transcript's
// rows) keeps its rows and takes the fresh ones of moves it does not show yet, its note
// that there are none gone.
//
// Why not htmx: its SSE extension wants the server to stream HTML fragments, where our
// streams carry the JSON records the API documents for plugins; and a command here is a
// plain form post answered by the page's own parts, which needs only this swap.
//
// storyguidePage.swap(html) puts an answer in place; storyguidePage.refresh() fetches the
// page's parts again and swaps them (refreshes asked for while one runs make one more,
// not many); storyguidePage.asking() is the header that asks for the parts. Each swap
// fires `storyguide:swapped` on the document.
(function () {
  const parser = new DOMParser();
  let running = null;
  let again = false;

  function typedLine() {
    const field = document.activeElement;
    if (!field || !field.id || field.tagName !== "INPUT" || field.type !== "text") return null;
    return {id: field.id, value: field.value, start: field.selectionStart, end: field.selectionEnd};
  }

  function rerunScripts(part) {
    part.querySelectorAll("script[src]").forEach((old) => {
      const script = document.createElement("script");
      script.src = old.src;
      old.replaceWith(script);
    });
  }

  // An answer older than the page shown (a refresh that set out before a move was
  // answered, and came back after) is not put in its place: nothing would correct it.
  // Nor, on a refresh, the very page shown (its game's version, for the same query): the
  // news was a move this page already shows, and redrawing it under a click loses it.
  const game = (page) => page.getElementById("game");
  const version = (page) => (game(page) ? Number(game(page).dataset.version) : NaN);
  const same = (page) => version(page) === version(document) &&
    game(page).dataset.query === game(document).dataset.query;
  const asking = () => (game(document) ? {"X-Storyguide-Parts": game(document).dataset.version} : {});

  // A transcript's rows with the move each tells: the number in its first cell, or for a
  // move's later lines, the row's above; 0 for the note that there are none yet.
  function moves(body) {
    let move = 0;
    return Array.from(body.rows).map((row) => [row, (move = Number(row.cells[0].textContent) || move)]);
  }
  function append(shown, next) {
    const rows = moves(shown);
    const last = rows.length ? rows[rows.length - 1][1] : 0;
    const fresh = moves(next).filter(([, move]) => move > last);
    if (!fresh.length) return;
    rows.forEach(([row, move]) => move || row.remove());
    fresh.forEach(([row]) => shown.appendChild(document.importNode(row, true)));
  }

  function put(shown, next) {
    if (shown.dataset.live === "parts") {
      Array.from(shown.attributes).forEach(({name}) => next.hasAttribute(name) || shown.removeAttribute(name));
      Array.from(next.attributes).forEach(({name, value}) => shown.setAttribute(name, value));
    } else if (shown.dataset.live === "append") {
      append(shown, next);
    } else {
      const part = document.importNode(next, true);
      shown.replaceWith(part);
      rerunScripts(part);
    }
  }

  function swap(html, refreshing = false) {
    const fresh = parser.parseFromString(html, "text/html");
    if (version(fresh) < version(document) || (refreshing && same(fresh))) return;
    const typed = typedLine();
    document.querySelectorAll("[data-live]").forEach((shown) => {
      const next = fresh.getElementById(shown.id);
      if (next) put(shown, next);
    });
    if (fresh.title) document.title = fresh.title;
    const field = typed && document.getElementById(typed.id);
    if (field && !field.value) {
      field.value = typed.value;
      field.focus();
      field.setSelectionRange(typed.start, typed.end);
    }
    document.dispatchEvent(new CustomEvent("storyguide:swapped"));
  }

  async function refresh(url) {
    if (running) { again = true; return running; }
    running = (async () => {
      try {
        const response = await fetch(url || location.href, {credentials: "same-origin", headers: asking()});
        if (response.ok) swap(await response.text(), true);
      } finally {
        running = null;
      }
      if (again) { again = false; await refresh(); }
    })();
    return running;
  }

  window.storyguidePage = {swap, refresh, asking};
})();
