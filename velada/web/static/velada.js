// velada: the live table. The server renders every fragment; this script only swaps them in, sends the
// player's choices, counts timers down and, on the narrator screen, speaks the narrator's lines.
(function () {
  "use strict";
  const app = document.getElementById("app");
  if (!app) return;
  const code = app.dataset.code;
  const lang = app.dataset.lang || "es";
  const isHost = app.dataset.host === "1";
  const offline = document.getElementById("offline");
  const toast = document.getElementById("toast");
  const speechBox = document.getElementById("speech");
  let socket = null;
  let retry = 500;
  let version = -1;
  // Options a player has tapped but not yet confirmed, by prompt id: kept when the fragment is re-rendered
  // because somebody else acted.
  const selected = new Map();

  // Text being typed into a free-text prompt, by prompt id: kept (with the focus) across re-renders too.
  const typed = new Map();

  function restoreSelection(focused) {
    for (const form of app.querySelectorAll("form.prompt")) {
      const text = form.querySelector(".free-text");
      if (text) {
        text.value = typed.get(form.dataset.prompt) || "";
        if (focused === form.dataset.prompt) text.focus();
      }
      markSelection(form, selected.get(form.dataset.prompt) || []);
      updateConfirm(form);
    }
  }

  // Options are sent in the order they were tapped (some prompts are orderings: cards into positions 1 to 4),
  // and multi-option prompts show that order on the buttons.
  function markSelection(form, chosen) {
    const several = Number(form.dataset.max) > 1;
    for (const b of form.querySelectorAll(".option")) {
      const k = chosen.indexOf(b.dataset.option);
      b.classList.toggle("selected", k >= 0);
      if (several && k >= 0) b.dataset.order = String(k + 1);
      else delete b.dataset.order;
    }
  }

  function updateConfirm(form) {
    const text = form.querySelector(".free-text");
    if (text) {
      form.querySelector(".confirm").disabled = !text.value.trim();
      return;
    }
    const n = form.querySelectorAll(".option.selected").length;
    form.querySelector(".confirm").disabled = n < Number(form.dataset.min) || n > Number(form.dataset.max);
  }

  if (speechBox) {
    const saved = localStorage.getItem("velada-speech");
    speechBox.checked = saved === null ? speechBox.dataset.default === "on" : saved === "on";
    speechBox.addEventListener("change", () => localStorage.setItem("velada-speech", speechBox.checked ? "on" : "off"));
  }

  function say(lines) {
    if (!speechBox || !speechBox.checked || !("speechSynthesis" in window)) return;
    for (const line of lines) {
      const u = new SpeechSynthesisUtterance(line);
      u.lang = lang === "en" ? "en-GB" : "es-ES";
      window.speechSynthesis.speak(u);
    }
  }

  function showError(text) {
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(showError.timer);
    showError.timer = setTimeout(() => { toast.hidden = true; }, 5000);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const seat = app.dataset.narrator === "1" ? "&narrador=1" : isHost ? "&host=1" : "";
    socket = new WebSocket(`${scheme}//${location.host}/t/${code}/ws?lang=${lang}${seat}`);
    // Each connection numbers its own messages from 1: a new one (a reconnect, a restarted server) starts again.
    socket.onopen = () => { offline.hidden = true; retry = 500; version = -1; };
    socket.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      // Other scripts of the page (the talk panel, talk.js) read the same messages.
      window.dispatchEvent(new CustomEvent("velada:message", { detail: msg }));
      if (msg.type === "state") {
        if (msg.version < version) return;
        version = msg.version;
        const active = document.activeElement;
        const focused = active && active.classList.contains("free-text") ? active.closest("form.prompt").dataset.prompt : null;
        app.innerHTML = msg.html;
        app.dataset.status = msg.status;
        app.dataset.version = msg.version;
        restoreSelection(focused);
        if (msg.speech && msg.speech.length) say(msg.speech);
        tick();
      } else if (msg.type === "error") {
        showError(msg.text);
        // The choice was refused: let the player choose again.
        for (const form of app.querySelectorAll("form.prompt")) {
          form.querySelectorAll("button").forEach((b) => { b.disabled = false; });
          updateConfirm(form);
        }
      }
    };
    socket.onclose = () => {
      offline.hidden = false;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }
  window.veladaSend = send;

  app.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    const form = button.closest("form.prompt");
    if (button.dataset.action) {
      const message = { type: button.dataset.action };
      if (button.dataset.seat !== undefined) message.seat = Number(button.dataset.seat);
      send(message);
      return;
    }
    if (!form) return;
    const max = Number(form.dataset.max);
    const id = form.dataset.prompt;
    if (button.classList.contains("option")) {
      let chosen = selected.get(id) || [];
      const option = button.dataset.option;
      if (chosen.includes(option)) chosen = chosen.filter((o) => o !== option);
      else chosen = max === 1 ? [option] : [...chosen, option];
      selected.set(id, chosen);
      markSelection(form, chosen);
      updateConfirm(form);
    } else if (button.classList.contains("confirm")) {
      const text = form.querySelector(".free-text");
      const chosen = text ? [text.value.trim()] : selected.get(id) || [];
      form.querySelectorAll("button").forEach((b) => { b.disabled = true; });
      selected.delete(id);
      typed.delete(id);
      send({ type: "choose", prompt: id, choose: chosen });
    } else if (button.classList.contains("skip")) {
      form.querySelectorAll("button").forEach((b) => { b.disabled = true; });
      selected.delete(id);
      send({ type: "choose", prompt: id, choose: [] });
    }
  });

  // A prompt is answered with its buttons; Enter in its text box must not submit (and reload) the page.
  app.addEventListener("submit", (event) => {
    if (event.target.closest("form.prompt")) event.preventDefault();
  });

  app.addEventListener("input", (event) => {
    const form = event.target.closest("form.prompt");
    if (!form) return;
    if (event.target.classList.contains("free-text")) typed.set(form.dataset.prompt, event.target.value);
    updateConfirm(form);
  });

  function tick() {
    for (const el of app.querySelectorAll(".timer")) {
      const deadline = Number(el.dataset.deadline);
      if (!deadline) { el.textContent = ""; continue; }
      const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
      el.textContent = `⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    }
  }
  setInterval(tick, 1000);
  connect();
})();
