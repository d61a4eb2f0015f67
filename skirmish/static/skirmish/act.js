// The skirmish's action form (skirmish/table.html): on whom, with which attribute, against
// which of the target's attributes, and what the action is in the player's words. Each
// choice writes the command the Act button carries as `data-command`, which the page's
// table.js sends as it sends any button's.
(function () {
  const form = document.getElementById("skirmish-act");
  const data = document.getElementById("skirmish-act-data");
  if (!form || !data) return;
  const {participant, defences} = JSON.parse(data.textContent);
  const {target, attribute, defence, what} = form.elements;
  const button = form.querySelector("button.act");

  function against() {  // the target's attributes; the same one as before, if it has it
    const before = defence.value;
    defence.replaceChildren(...defences[target.value].map(([value, words]) => new Option(words, value)));
    defence.value = before;
    if (!defence.value) defence.selectedIndex = 0;
  }
  function compose() {
    const command = {action: "act", participant, target: target.value,
                     roll: {kind: "opposed", attribute: attribute.value, opposing: {attribute: defence.value}}};
    if (what.value.trim()) command.what = what.value.trim();
    button.dataset.command = JSON.stringify(command);
  }
  target.addEventListener("change", against);
  form.addEventListener("change", compose);
  form.addEventListener("input", compose);
  form.addEventListener("submit", (event) => event.preventDefault());  // the button's click sends
  against();
  compose();
})();
