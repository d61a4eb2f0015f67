// The web table's commands: every element with `data-command` (a button on a card,
// on a row, on a square, or in the list of commands) sends its command, and a
// `form.command-form` sends the one offer matching its choices, through the same
// API a plugin uses (`commands`, with the game's version and a fresh
// Idempotency-Key). A form lets the reader choose only combinations the rules
// offer: each choice keeps the options some offer takes with the others chosen.
//
// Once its commands answer clicks, the page marks itself ready with the version of
// the game it shows (`<html data-ready="14">`): what a test, or a reader's own tool,
// waits for after a move, rather than for a page load that may or may not come.
(function () {
  const shown = document.getElementById("table");
  const ready = () => { if (shown) document.documentElement.dataset.ready = shown.dataset.version; };
  const data = document.getElementById("table-data");
  if (!data) { ready(); return; }
  const table = JSON.parse(data.textContent);
  const answer = document.getElementById("answer");
  const newKey = () => (window.crypto && crypto.randomUUID) ? crypto.randomUUID() : String(Date.now()) + Math.random();

  async function send(body) {
    body.expected_version = table.version;
    document.body.classList.add("sending");
    const response = await fetch(table.commands_url, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": table.csrf, "Idempotency-Key": newKey(),
                "Accept-Language": document.documentElement.lang},
      body: JSON.stringify(body),
    });
    if (response.ok) { location.reload(); return; }
    document.body.classList.remove("sending");
    const error = await response.json().catch(() => ({detail: response.statusText}));
    answer.textContent = error.detail || response.statusText;
    answer.hidden = false;
    if (response.status === 409) { setTimeout(() => location.reload(), 1500); }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-command]");
    if (button) { event.preventDefault(); send({command: JSON.parse(button.dataset.command)}); }
  });

  // A field some offers lack (an optional one) is chosen as absent by its option "null".
  const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  document.querySelectorAll("form.command-form").forEach((form) => {
    const offers = JSON.parse(form.dataset.offers);
    const selects = Array.from(form.querySelectorAll("select"));
    const chosen = (except) => offers.filter((offer) => selects.every((select) =>
      select === except || same(offer[select.name], JSON.parse(select.value))));
    function narrow() {
      selects.forEach((select) => {
        const possible = chosen(select);
        Array.from(select.options).forEach((option) => {
          option.disabled = !possible.some((offer) => same(offer[select.name], JSON.parse(option.value)));
        });
        if (select.selectedOptions[0] && select.selectedOptions[0].disabled) {
          const first = Array.from(select.options).find((option) => !option.disabled);
          if (first) select.value = first.value;
        }
      });
    }
    const settle = () => { narrow(); narrow(); };  // twice: a later choice may narrow an earlier one
    selects.forEach((select) => select.addEventListener("change", settle));
    settle();
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const [offer] = chosen(null);
      if (offer) send({command: offer});
    });
  });

  // The dice a command waits for, as they fell: faces in order, or a shuffle's new order.
  const dice = document.getElementById("dice");
  if (dice) dice.addEventListener("submit", (event) => {
    event.preventDefault();
    const numbers = dice.faces.value.split(/[\s,;]+/).filter(Boolean).map(Number);
    send({dice: dice.dataset.shuffle === "1" ? [numbers] : numbers});
  });

  const say = document.getElementById("say");
  if (say) say.addEventListener("submit", (event) => { event.preventDefault(); send({text: say.text.value}); });
  ready();
})();
