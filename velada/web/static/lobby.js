// The lobby form: only the chosen game's options show; the options the rulebook recommends for the table's size
// are filled in when the game or the number of seats changes; a set option's "auto" box clears the others; a
// number out of range says so beside its field before the form is sent.
(function () {
  "use strict";
  const select = document.getElementById("game");
  const seats = document.getElementById("seats");
  if (!select) return;

  function box() {
    return document.querySelector(`fieldset.options[data-game="${select.value}"]`);
  }

  function show() {
    for (const b of document.querySelectorAll("fieldset.options")) {
      const on = b.dataset.game === select.value;
      b.hidden = !on;
      b.disabled = !on;
    }
    const b = box();
    if (b && seats) {
      seats.min = b.dataset.min;
      seats.max = b.dataset.max;
    }
  }

  // The options the game recommends for ``n`` players (its presets, by table size: the nearest one).
  function preset(b, n) {
    const table = JSON.parse(b.dataset.presets || "{}");
    const sizes = Object.keys(table).map(Number);
    if (!sizes.length) return null;
    sizes.sort((a, c) => Math.abs(a - n) - Math.abs(c - n) || a - c);
    return table[String(sizes[0])];
  }

  function applyPreset() {
    const b = box();
    if (!b || !seats) return;
    const n = Number(seats.value);
    const values = preset(b, n);
    const note = b.querySelector(".preset-note");
    if (!values) { if (note) note.hidden = true; return; }
    for (const [key, value] of Object.entries(values)) {
      const field = b.querySelector(`[name="opt:${key}"]`);
      if (field) field.value = value;
      const set = b.querySelector(`fieldset.set[data-key="${key}"]`);
      if (set) {
        const chosen = String(value).split(",");
        for (const input of set.querySelectorAll("input[type=checkbox]")) input.checked = chosen.includes(input.value);
        syncSet(set);
      }
    }
    if (note) {
      note.textContent = note.dataset.text.replace("{n}", String(n));
      note.hidden = false;
    }
  }

  function syncSet(set) {
    const auto = set.querySelector("input.auto");
    if (!auto) return;
    for (const input of set.querySelectorAll("input[type=checkbox]:not(.auto)")) input.disabled = auto.checked;
  }

  function validate(input) {
    const message = input.closest(".option") && input.closest(".option").querySelector(".field-error.live");
    if (!message) return;
    // The game's own words for the option, in the page's language (the browser's validationMessage would speak
    // the browser's language).
    const text = input.dataset.error || input.validationMessage;
    message.textContent = input.validity.valid ? "" : text.replace("@valor@", input.value);
    message.hidden = input.validity.valid;
    input.setAttribute("aria-invalid", input.validity.valid ? "false" : "true");
  }

  select.addEventListener("change", () => { show(); applyPreset(); });
  if (seats) seats.addEventListener("change", applyPreset);
  document.addEventListener("change", (event) => {
    const set = event.target.closest("fieldset.set");
    if (set) syncSet(set);
  });
  document.addEventListener("input", (event) => {
    if (event.target.matches("fieldset.options input[type=number]")) validate(event.target);
  });
  for (const set of document.querySelectorAll("fieldset.set")) syncSet(set);
  show();
})();
