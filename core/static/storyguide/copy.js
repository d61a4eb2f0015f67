// A button that copies a text to the clipboard: an invitation's link to send.
//
// <code id="invitation-link-7">https://example.org/join/K7QM-3XRD-9ZPA/</code>
// <button type="button" data-copy="invitation-link-7" data-copied="Copied!" hidden>Copy link</button>
//
// The button copies the text of the element `data-copy` names (the address of a link,
// when it names a link), then says `data-copied` for a moment. It is hidden until this
// script shows it: without the script the text stays there to select. Where the
// clipboard is refused (a page not served over HTTPS), it is copied the old way, from a
// field made for the moment.
(function () {
  function fallback(text) {
    const field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    field.remove();
    return copied;
  }

  async function copy(button) {
    const element = document.getElementById(button.dataset.copy);
    if (!element) return;
    const text = element.tagName === "A" ? element.href : element.textContent.trim();
    let copied = false;
    if (navigator.clipboard && window.isSecureContext) {
      try { await navigator.clipboard.writeText(text); copied = true; } catch (error) { copied = false; }
    }
    if (!copied) copied = fallback(text);
    if (!copied) return;  // the link stays on the page, to select and copy by hand
    const label = button.dataset.label || button.textContent;
    button.dataset.label = label;
    button.textContent = button.dataset.copied || label;
    button.classList.add("copied");
    clearTimeout(button.copyTimer);
    button.copyTimer = setTimeout(() => {
      button.textContent = label;
      button.classList.remove("copied");
    }, 2500);
  }

  function start() {
    for (const button of document.querySelectorAll("button[data-copy]")) {
      button.hidden = false;
      button.addEventListener("click", () => copy(button));
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
