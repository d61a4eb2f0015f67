// A page drawn again in place. The server renders the whole page as for a first visit
// (one way to draw it, with or without JavaScript); the parts of it that change, each
// marked `data-live` with an id, are put in place of the ones shown. The reader keeps
// their scroll, the line they are typing and the page's stream; nothing reloads.
//
// Why not htmx: its SSE extension wants the server to stream HTML fragments, where our
// streams carry the JSON records the API documents for plugins; and a command here is a
// plain form post answered by the page itself, which needs only this swap. Forty lines
// of our own keep one renderer and no second protocol.
//
// storyguidePage.swap(html) puts a page in place; storyguidePage.refresh() fetches the
// page again and swaps it (refreshes asked for while one runs make one more, not many).
// Each swap fires `storyguide:swapped` on the document.
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

  // A game's page older than the one shown (a refresh that set out before a move was
  // answered, and came back after) is not put in its place: nothing would correct it.
  // Nor, on a refresh, the very page shown (its game's version, for the same query): the
  // news was a move this page already shows, and redrawing it under a click loses it.
  const game = (page) => page.getElementById("game");
  const version = (page) => (game(page) ? Number(game(page).dataset.version) : NaN);
  const same = (page) => version(page) === version(document) &&
    game(page).dataset.query === game(document).dataset.query;

  function swap(html, refreshing = false) {
    const fresh = parser.parseFromString(html, "text/html");
    if (version(fresh) < version(document) || (refreshing && same(fresh))) return;
    const typed = typedLine();
    document.querySelectorAll("[data-live]").forEach((shown) => {
      const next = fresh.getElementById(shown.id);
      if (!next) return;
      const part = document.importNode(next, true);
      shown.replaceWith(part);
      rerunScripts(part);
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
        const response = await fetch(url || location.href, {credentials: "same-origin"});
        if (response.ok) swap(await response.text(), true);
      } finally {
        running = null;
      }
      if (again) { again = false; await refresh(); }
    })();
    return running;
  }

  window.storyguidePage = {swap, refresh};
})();
