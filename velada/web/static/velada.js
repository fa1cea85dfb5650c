// velada: the live table. The server sends the page's skeleton when it changes, the viewer's view as deltas, and
// the games' own parts rendered; this script keeps the view, draws the other parts and the log from it
// (parts.js), puts the page together, sends the player's choices, counts timers down and, on the narrator screen,
// speaks the narrator's lines.
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

  // The narrator's voice: on or off, which voice (a Spanish one when the browser has it, English for an English
  // page), its speed and volume — kept in this browser. The lines come from the game's script, one at a time.
  const voiceSelect = document.getElementById("voice");
  const rateInput = document.getElementById("voice-rate");
  const volumeInput = document.getElementById("voice-volume");
  const speaks = "speechSynthesis" in window;
  function remember(el, key, kind) {
    if (!el) return;
    const saved = localStorage.getItem(key);
    if (saved !== null) {
      if (kind === "check") el.checked = saved === "on";
      else el.value = saved;
    }
    el.addEventListener("change", () => localStorage.setItem(key, kind === "check" ? (el.checked ? "on" : "off") : el.value));
  }
  if (speechBox) {
    speechBox.checked = speechBox.dataset.default === "on";
    remember(speechBox, "velada-speech", "check");
    remember(rateInput, "velada-voice-rate");
    remember(volumeInput, "velada-voice-volume");
  }
  const wanted = lang === "en" ? "en" : "es";
  function voices() {
    return speaks ? window.speechSynthesis.getVoices().filter((v) => v.lang.toLowerCase().startsWith(wanted)) : [];
  }
  // Spain's Spanish first for a Spanish page, then any Spanish; British then any English for an English one.
  function bestVoice() {
    const list = voices();
    const chosen = voiceSelect && voiceSelect.value;
    const exact = list.find((v) => v.name === chosen);
    if (exact) return exact;
    const local = wanted === "es" ? "es-es" : "en-gb";
    return list.find((v) => v.lang.toLowerCase().replace("_", "-") === local) || list[0] || null;
  }
  function fillVoices() {
    if (!voiceSelect) return;
    const saved = localStorage.getItem("velada-voice") || voiceSelect.value;
    const first = voiceSelect.options[0];
    voiceSelect.replaceChildren(first);
    for (const v of voices()) {
      const option = document.createElement("option");
      option.value = v.name;
      option.textContent = `${v.name} (${v.lang})`;
      voiceSelect.appendChild(option);
    }
    voiceSelect.value = [...voiceSelect.options].some((o) => o.value === saved) ? saved : "";
  }
  if (voiceSelect) {
    voiceSelect.addEventListener("change", () => localStorage.setItem("velada-voice", voiceSelect.value));
    fillVoices();
    if (speaks) window.speechSynthesis.addEventListener("voiceschanged", fillVoices);
  }

  function say(lines, force) {
    if (!speaks || (!force && (!speechBox || !speechBox.checked))) return;
    const voice = bestVoice();
    for (const line of lines) {
      const u = new SpeechSynthesisUtterance(line);
      u.lang = voice ? voice.lang : wanted === "en" ? "en-GB" : "es-ES";
      if (voice) u.voice = voice;
      u.rate = Number(rateInput ? rateInput.value : 1) || 1;
      u.volume = Number(volumeInput ? volumeInput.value : 1);
      window.speechSynthesis.speak(u);
    }
  }
  const testButton = document.getElementById("voice-test");
  if (testButton) testButton.addEventListener("click", () => say([testButton.dataset.sample], true));

  function showError(text) {
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(showError.timer);
    showError.timer = setTimeout(() => { toast.hidden = true; }, 5000);
  }

  // A decision that was not on the page before: bring it into view and, where the phone allows, buzz.
  function announcePrompt(before) {
    const fresh = [...app.querySelectorAll("form.prompt")].find((f) => !before.has(f.dataset.prompt));
    if (!fresh) return;
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    fresh.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
    if (navigator.vibrate && navigator.userActivation && navigator.userActivation.hasBeenActive) navigator.vibrate(150);
  }

  // El ansia's board and hunting zone: what an open prompt offers (a space to move to, a cell to hunt) is
  // highlighted, and tapping it taps its option (the element's ``data-pick`` is the option's id).
  function openForm() {
    return app.querySelector("form.prompt");
  }
  function markBoard() {
    // A hunting zone cell's option is z<row><column>.
    for (const td of app.querySelectorAll(".ansia-zone td[data-row]")) td.dataset.pick = `z${td.dataset.row}${td.dataset.col}`;
    const picks = app.querySelectorAll(".ansia-board [data-pick], .ansia-zone [data-pick]");
    if (!picks.length) return;
    const form = openForm();
    for (const el of picks) {
      const button = form && form.querySelector(`.option[data-option="${CSS.escape(el.dataset.pick)}"]`);
      el.classList.toggle("reachable", !!button);
      if (button) {
        el.setAttribute("role", "button");
        el.setAttribute("tabindex", "0");
        el.setAttribute("aria-label", button.textContent.trim());
      } else {
        el.removeAttribute("role");
        el.removeAttribute("tabindex");
        el.removeAttribute("aria-label");
      }
    }
    // On a phone the board goes right under the decision it answers, and the option list shrinks.
    const onBoard = form && [...picks].some((el) => el.classList.contains("reachable"));
    if (form) form.classList.toggle("on-board", !!onBoard);
    const board = app.querySelector(".ansia-board");
    if (onBoard && !isHost && board && form.nextElementSibling !== board) form.after(board);
    const frame = app.querySelector(".ansia-board .pan");
    if (!frame) return;
    fitBoard();
    const phone = frame.clientWidth && frame.clientWidth < 600;
    if (!view.placed && phone) {
      // A phone starts zoomed in on the player's own vampire.
      view.placed = true;
      const me = frame.querySelector(".vampire.me circle");
      if (me) centreOn(frame, Number(me.getAttribute("cx")), Number(me.getAttribute("cy")), Math.max(2, minZoom(frame)));
    }
    if (view.zoom < minZoom(frame)) zoomBy(minZoom(frame) / view.zoom);
    applyZoom(frame);
    if (onBoard && phone && view.shown !== form.dataset.prompt) {
      // A new move whose spaces are all out of the frame: the board pans to the first of them.
      view.shown = form.dataset.prompt;
      const halos = [...frame.querySelectorAll(".reachable circle.halo")];
      const box = frame.getBoundingClientRect();
      const inView = (c) => {
        const r = c.getBoundingClientRect();
        return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
      };
      if (halos.length && !halos.some(inView)) {
        centreOn(frame, Number(halos[0].getAttribute("cx")), Number(halos[0].getAttribute("cy")), view.zoom);
        applyZoom(frame);
      }
    }
  }

  // Zoom to ``zoom`` with the board's point (x, y) (in its 1000×640 units, drawn to fit the frame and centred) in
  // the frame's middle.
  function centreOn(frame, x, y, zoom) {
    const w = frame.clientWidth;
    const h = frame.clientHeight;
    const scale = Math.min(w / 1000, h / 640);
    view.zoom = zoom;
    view.x = w / 2 - ((w - 1000 * scale) / 2 + x * scale) * zoom;
    view.y = h / 2 - ((h - 640 * scale) / 2 + y * scale) * zoom;
    clampPan(frame);
  }

  // On a phone the board is never drawn smaller than the zoom at which a space's tap area (its halo, 44 units
  // across) is 44 px: below it a finger could not tell one space from the next.
  function minZoom(frame) {
    const w = frame.clientWidth;
    const h = frame.clientHeight;
    if (!w || !h || w >= 600) return 1;
    return Math.min(4, Math.max(1, 1.01 / Math.min(w / 1000, h / 640)));
  }

  // On the shared screen the board takes the height left below what is above it (the phase line, which a long
  // name wraps onto a second line; the result at the end): the whole board stays on the screen.
  function fitBoard() {
    if (!isHost) return;
    const svg = app.querySelector(".ansia-board .pan svg");
    if (!svg) return;
    svg.style.maxHeight = "";
    const top = svg.getBoundingClientRect().top + window.scrollY;
    svg.style.maxHeight = `${Math.max(200, window.innerHeight - top - 16)}px`;
  }
  window.addEventListener("resize", markBoard);

  // Zoom and pan of the board, kept across re-renders: buttons, the wheel, or dragging.
  const view = { zoom: 1, x: 0, y: 0, placed: false, shown: null };
  function applyZoom(frame) {
    const svg = frame.querySelector("svg");
    svg.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`;
    frame.classList.toggle("zoomed", view.zoom > 1);
    const label = app.querySelector(".ansia-board .zoom-level");
    if (label) label.textContent = `${Math.round(view.zoom * 100)} %`;
  }
  function zoomBy(factor) {
    const frame = app.querySelector(".ansia-board .pan");
    if (!frame) return;
    const next = Math.min(4, Math.max(minZoom(frame), view.zoom * factor));
    // Zoom about the frame's centre.
    const cx = frame.clientWidth / 2;
    const cy = frame.clientHeight / 2;
    view.x = cx - ((cx - view.x) * next) / view.zoom;
    view.y = cy - ((cy - view.y) * next) / view.zoom;
    view.zoom = next;
    clampPan(frame);
    applyZoom(frame);
  }
  function clampPan(frame) {
    const w = frame.clientWidth;
    const h = frame.clientHeight;
    view.x = Math.min(0, Math.max(w - w * view.zoom, view.x));
    view.y = Math.min(0, Math.max(h - h * view.zoom, view.y));
    if (view.zoom === 1) { view.x = 0; view.y = 0; }
  }
  let drag = null;
  app.addEventListener("pointerdown", (event) => {
    const frame = event.target.closest(".ansia-board .pan");
    if (!frame || view.zoom === 1) return;
    drag = { x: event.clientX, y: event.clientY, vx: view.x, vy: view.y, moved: false };
  });
  window.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const frame = app.querySelector(".ansia-board .pan");
    if (!frame) { drag = null; return; }
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 6) drag.moved = true;
    view.x = drag.vx + dx;
    view.y = drag.vy + dy;
    clampPan(frame);
    applyZoom(frame);
  });
  window.addEventListener("pointerup", () => {
    if (drag && drag.moved) app.dataset.dragged = "1";
    drag = null;
  });
  app.addEventListener("wheel", (event) => {
    if (!event.target.closest(".ansia-board .pan") || !event.ctrlKey) return;
    event.preventDefault();
    zoomBy(event.deltaY < 0 ? 1.2 : 1 / 1.2);
  }, { passive: false });

  function tapSpace(g) {
    const form = openForm();
    const button = form && form.querySelector(`.option[data-option="${CSS.escape(g.dataset.pick)}"]`);
    if (button) {
      button.click();
      button.scrollIntoView({ block: "nearest" });
    }
  }

  // The log's entries drawn, oldest first: each message's delta brings only those this page has not had ("from" 0
  // starts again), and the page's log lists are filled from here.
  let logItems = [];
  // The view as the deltas built it, the inputs of the parts drawn here (clocks, expiry, status, code) and the
  // page's words they are drawn with (parts.js); the server sends each once per change.
  const drawn = window.veladaParts;
  let shown = null;
  let inputs = {};
  let t = drawn.translator({});
  // The page's skeleton as last sent, and its parts, each sent apart as it changes, by name: the skeleton has a
  // marker <!--part:NAME--> where a part goes, or an element data-part="NAME" it fills (who is still to vote,
  // filled without drawing the page again).
  let skeleton = "";
  const parts = new Map();
  const MARKER = /<!--part:([\w-]+)-->/g;
  function page() {
    return skeleton.replace(MARKER, (_, name) => parts.get(name) || "");
  }

  function fillLog() {
    const box = app.querySelector("[data-live-log]");
    if (!box) return;
    const recent = Number(box.dataset.recent) || 6;
    box.hidden = logItems.length === 0;
    box.querySelector("ol.latest").innerHTML = logItems.slice(-1).join("");
    const earlier = box.querySelector("ol.earlier");
    earlier.innerHTML = logItems.slice(-recent - 1, -1).join("");
    earlier.hidden = logItems.length < 2;
    const all = box.querySelector("details.full-log");
    all.hidden = logItems.length <= recent + 1;
    if (!all.hidden) {
      all.querySelector("ol.all").innerHTML = logItems.join("");
      all.querySelector(".log-count").textContent = String(logItems.length);
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const seat = app.dataset.narrator === "1" ? "&narrador=1" : isHost ? "&host=1" : "";
    socket = new WebSocket(`${scheme}//${location.host}/t/${code}/ws?lang=${lang}${seat}`);
    // Each connection numbers its own messages from 1: a new one (a reconnect, a restarted server) starts again.
    socket.onopen = () => { offline.hidden = true; retry = 500; version = -1; logItems = []; skeleton = ""; parts.clear(); shown = null; inputs = {}; };
    socket.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      // Other scripts of the page (the talk panel, talk.js) read the same messages.
      window.dispatchEvent(new CustomEvent("velada:message", { detail: msg }));
      if (msg.type === "state") {
        if (msg.version < version) return;
        version = msg.version;
        const active = document.activeElement;
        const focused = active && active.classList.contains("free-text") ? active.closest("form.prompt").dataset.prompt : null;
        const open = [...app.querySelectorAll("details[open][data-keep]")].map((d) => d.dataset.keep);
        const before = new Set([...app.querySelectorAll("form.prompt")].map((f) => f.dataset.prompt));
        if (msg.texts) t = drawn.translator(msg.texts);
        if (msg.inputs) inputs = msg.inputs;
        if (msg.delta) {
          shown = drawn.patch(shown, msg.delta);
          const log = msg.delta.log;
          if (log) logItems = logItems.slice(0, log.from).concat(log.entries.map((e) => drawn.logItem(e, t)));
        }
        // The page is drawn again when its skeleton came, or one of the parts in its markers changed.
        let redraw = msg.html !== undefined;
        if (msg.html !== undefined) skeleton = msg.html;
        const changed = Object.entries(msg.parts || {});
        for (const name of drawn.names) {
          if (skeleton.includes(`<!--part:${name}-->`) || skeleton.includes(`data-part="${name}"`)) {
            const html = drawn.draw(name, shown, inputs, t);
            if (parts.get(name) !== html) changed.push([name, html]);
          }
        }
        for (const [name, html] of changed) {
          parts.set(name, html);
          if (skeleton.includes(`<!--part:${name}-->`)) redraw = true;
        }
        app.dataset.status = msg.status;
        app.dataset.version = msg.version;
        if (msg.html !== undefined && !isHost && !msg.html.includes('class="room phone')) {
          // A phone sent the shared screen's page: its seat has moved to another device (a seat link) or to a
          // bot. Loading the page again shows how to get it back.
          location.reload();
          return;
        }
        if (redraw) {
          // The page changes only when what it shows changed; the log's entries come apart (fillLog).
          app.innerHTML = page();
          for (const d of app.querySelectorAll("details[data-keep]")) if (open.includes(d.dataset.keep)) d.open = true;
          restoreSelection(focused);
          if (!isHost) announcePrompt(before);
          markBoard();
        }
        fillLog();
        for (const el of app.querySelectorAll("[data-part]")) el.innerHTML = parts.get(el.dataset.part) || "";
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
    socket.onclose = (event) => {
      // 4001: this seat now lives on another device (a seat link) or with a bot: the page says how to get it back.
      if (event.code === 4001) { location.reload(); return; }
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
    const space = event.target.closest(".ansia-board .reachable[data-pick], .ansia-zone .reachable[data-pick]");
    if (space) {
      if (app.dataset.dragged === "1") { delete app.dataset.dragged; return; }
      tapSpace(space);
      return;
    }
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.zoom) {
      // Back to the whole board (on a phone, to where it started: the smallest zoom its spaces can be tapped at).
      if (button.dataset.zoom === "reset") { view.zoom = 1; view.x = 0; view.y = 0; view.placed = false; markBoard(); }
      else zoomBy(button.dataset.zoom === "in" ? 1.5 : 1 / 1.5);
      return;
    }
    if (button.dataset.help) {
      // A card's name opens its help below (the help list lists what the viewer holds or sees).
      const help = document.getElementById(`ayuda-${button.dataset.help}`);
      if (help) {
        help.open = true;
        help.scrollIntoView({ block: "center" });
        help.querySelector("summary").focus();
      }
      return;
    }
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

  app.addEventListener("keydown", (event) => {
    const space = event.target.closest && event.target.closest(".reachable[data-pick]");
    if (space && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      tapSpace(space);
    }
  });

  app.addEventListener("input", (event) => {
    const form = event.target.closest("form.prompt");
    if (!form) return;
    if (event.target.classList.contains("free-text")) typed.set(form.dataset.prompt, event.target.value);
    updateConfirm(form);
  });

  // Clocks count down to their deadline; a day's public decision shows its two steps, the debate and then the
  // vote, each with its own time left.
  function tick() {
    const now = Date.now() / 1000;
    for (const el of app.querySelectorAll(".timer")) {
      const deadline = Number(el.dataset.deadline);
      const step = el.parentElement && el.parentElement.querySelector(".step");
      if (!deadline) { el.textContent = ""; continue; }
      const debateEnd = Number(el.dataset.debateEnd);
      let until = deadline;
      if (step && debateEnd) {
        const debating = now < debateEnd;
        step.textContent = debating ? step.dataset.debate : step.dataset.vote;
        if (debating) until = debateEnd;
      }
      const left = Math.max(0, Math.ceil(until - now));
      el.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      el.classList.toggle("urgent", left <= 10);
    }
  }
  setInterval(tick, 1000);
  markBoard();
  connect();
})();
