// Show the options of the game selected in the lobby form only.
(function () {
  "use strict";
  const select = document.getElementById("game");
  if (!select) return;
  function show() {
    for (const box of document.querySelectorAll("fieldset.options")) {
      const on = box.dataset.game === select.value;
      box.hidden = !on;
      box.disabled = !on;
    }
  }
  select.addEventListener("change", show);
  show();
})();
