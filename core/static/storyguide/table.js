// The web table's commands, sent without leaving the page. Each command on the page is a
// plain form post to the page itself (games/page_commands.py), which works without
// JavaScript: a button (`data-command`) posts its command with the hidden `#send` form,
// a `form.command-form` its action and the values chosen, `#say` a typed line, `#dice`
// the faces as they fell. Here the same post goes out with fetch, asking for the page's
// parts that change (storyguide/in_place.js); its answer is those parts as the move left
// them (the outcome told above the game), put in place of those shown. A command that
// may end the game for everyone asks first, naming the consequence (the page's
// `confirm` words).
//
// A form of choices lets the reader choose only combinations the rules offer: each
// choice keeps the options some offer takes with the others chosen.
//
// Once its commands answer clicks, the page marks itself ready with the version of
// the game it shows and the query it was drawn for (`<html data-ready="14"
// data-query="piece=home-seeker">`), again after each swap: what a test, or a reader's
// own tool, waits for after a move or a piece chosen.
(function () {
  const ready = () => {
    const game = document.getElementById("game");
    if (!game) return;
    document.documentElement.dataset.query = game.dataset.query;
    document.documentElement.dataset.ready = game.dataset.version;
  };
  const table = () => {
    const data = document.getElementById("table-data");
    return data ? JSON.parse(data.textContent) : null;
  };
  const answer = (text) => {
    const shown = document.getElementById("answer");
    if (shown) { shown.textContent = text; shown.hidden = !text; }
  };
  let sending = false;

  // Sends `form`'s fields with `extra` ones; `command` and `words` name what may need
  // the reader's confirmation first.
  async function send(form, extra, command, words) {
    const sender = table();
    if (!sender || sending) return;
    const question = command && sender.confirm[command.action];
    if (question && !window.confirm(question.replace("%(command)s", words))) return;
    const body = new FormData(form);
    Object.entries(extra).forEach(([name, value]) => body.set(name, value));
    if (question) body.set("confirmed", "yes");
    sending = true;
    document.body.classList.add("sending");
    try {
      const response = await fetch(location.pathname + location.search, {
        method: "POST", body, credentials: "same-origin",
        headers: {"X-CSRFToken": sender.csrf, ...window.storyguidePage.asking()},
      });
      if (!response.ok) { answer(response.statusText || String(response.status)); return; }
      if (form.id === "say") form.text.value = "";
      if (document.activeElement) document.activeElement.blur();
      window.storyguidePage.swap(await response.text());
      answer("");
    } catch (error) {
      answer(String(error));
    } finally {
      sending = false;
      document.body.classList.remove("sending");
      ready();
    }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-command]");
    if (button) {
      event.preventDefault();
      const command = JSON.parse(button.dataset.command);
      send(document.getElementById("send"), {command: button.dataset.command}, command,
           button.textContent.trim() || button.title);
      return;
    }
    const link = event.target.closest("#table a[href^='?']");  // a piece chosen on a board
    if (link) {
      event.preventDefault();
      history.replaceState(null, "", link.href);
      window.storyguidePage.refresh(link.href).then(ready);
    }
  });

  // A field some offers lack (an optional one) is chosen as absent by its option "null".
  const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const chosen = (form, except) => JSON.parse(form.dataset.offers).filter((offer) =>
    Array.from(form.querySelectorAll("select")).every((select) =>
      select === except || same(offer[select.name], JSON.parse(select.value))));
  function narrow(form) {
    form.querySelectorAll("select").forEach((select) => {
      const possible = chosen(form, select);
      Array.from(select.options).forEach((option) => {
        option.disabled = !possible.some((offer) => same(offer[select.name], JSON.parse(option.value)));
      });
      if (select.selectedOptions[0] && select.selectedOptions[0].disabled) {
        const first = Array.from(select.options).find((option) => !option.disabled);
        if (first) select.value = first.value;
      }
    });
  }
  // Twice: a later choice may narrow an earlier one.
  const settle = () => document.querySelectorAll("form.command-form").forEach((form) => { narrow(form); narrow(form); });
  document.addEventListener("change", (event) => {
    const form = event.target.closest("form.command-form");
    if (form) { narrow(form); narrow(form); }
  });

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.matches("form.command-form")) {
      event.preventDefault();
      const [offer] = chosen(form, null);
      if (offer) send(form, {}, offer, form.querySelector("legend").textContent.trim());
    } else if (form.id === "say" || form.id === "dice") {
      event.preventDefault();
      send(form, {}, null, "");
    }
  });

  // The time left to answer (`data-deadline`, POSIX seconds), by the server's clock as the
  // page was drawn (`#game[data-now]`), in the page's words (`data-words`, "{seconds} s
  // left"); once it has run out, nothing: the referee calls time and the page is drawn again.
  let drawn = {server: 0, here: 0};
  const clock = () => {
    const game = document.getElementById("game");
    drawn = {server: Number(game && game.dataset.now) || Date.now() / 1000, here: Date.now() / 1000};
  };
  setInterval(() => {
    const now = drawn.server + Date.now() / 1000 - drawn.here;
    document.querySelectorAll("[data-deadline]").forEach((shown) => {
      const left = Math.ceil(Number(shown.dataset.deadline) - now);
      shown.textContent = left > 0 ? " · " + shown.dataset.words.replace("{seconds}", left) : "";
    });
  }, 1000);

  document.addEventListener("storyguide:swapped", () => { clock(); settle(); ready(); });
  clock();
  settle();
  ready();
})();
