// velada: the talk panel (templates/_talk.html). It reads what velada.js receives on the table's websocket
// ("velada:message" events): the channels this player reads now come inside the game's fragment, rebuilt when the
// view changes; the messages come as {"type": "talk"} (all of them when the socket opens, then one at a time).
// Texts are put in the page as text, never as HTML.
(function () {
  "use strict";
  const panel = document.getElementById("talk");
  const app = document.getElementById("app");
  if (!panel || !app) return;
  const tabs = panel.querySelector(".talk-tabs");
  const rule = panel.querySelector(".talk-rule");
  const list = panel.querySelector(".talk-messages");
  const note = panel.querySelector(".talk-note");
  const form = panel.querySelector(".talk-form");
  const input = panel.querySelector(".talk-input");
  const unreadBadge = panel.querySelector(".talk-unread");
  const d = panel.dataset;
  const storeKey = `velada-talk-read-${app.dataset.code}-${d.me}`;

  let channels = [];             // [{id, name, rule, write, masked}] as the view says now
  const names = new Map();       // channel id -> name, remembered after the channel closes to this player
  const messages = new Map();    // seq -> message
  let current = null;            // the tab shown
  let settings = { enabled: true, muted: false, muted_seats: [] };
  let seats = [];                // the host's screens: [[position, name]] of the people seated
  let status = app.dataset.status || "";
  let pending = null;            // the text last sent, to give it back if it is refused
  let read = {};
  try { read = JSON.parse(sessionStorage.getItem(storeKey) || "{}"); } catch (e) { read = {}; }

  function send(message) {
    if (window.veladaSend) window.veladaSend(message);
  }

  function ids() {
    const found = channels.map((c) => c.id);
    for (const m of messages.values()) if (!found.includes(m.channel)) found.push(m.channel);
    return found;
  }

  function unread(id) {
    let n = 0;
    for (const m of messages.values()) {
      if (m.channel === id && m.seq > (read[id] || 0) && m.player !== d.me) n += 1;
    }
    return n;
  }

  function markRead() {
    if (!panel.open || !current) return;
    let last = read[current] || 0;
    for (const m of messages.values()) if (m.channel === current && m.seq > last) last = m.seq;
    read[current] = last;
    try { sessionStorage.setItem(storeKey, JSON.stringify(read)); } catch (e) { /* private mode */ }
  }

  function author(m) {
    if (m.player === null) return d.someone;
    if (m.player === "@narrador") return d.narrator;
    return m.player;
  }

  function draw() {
    const all = ids();
    panel.hidden = all.length === 0;
    if (!all.length) return;
    if (!all.includes(current)) current = all[0];
    markRead();
    tabs.replaceChildren();
    let total = 0;
    for (const id of all) {
      const tab = document.createElement("button");
      tab.type = "button";
      tab.className = "talk-tab";
      tab.setAttribute("role", "tab");
      tab.dataset.channel = id;
      tab.setAttribute("aria-selected", id === current ? "true" : "false");
      tab.textContent = names.get(id) || id;
      const n = unread(id);
      total += n;
      if (n) {
        const count = document.createElement("span");
        count.className = "count";
        count.textContent = String(n);
        count.setAttribute("aria-label", d.unread.replace("{n}", n));
        tab.append(" ", count);
      }
      tabs.appendChild(tab);
    }
    unreadBadge.hidden = total === 0;
    unreadBadge.textContent = String(total);
    const channel = channels.find((c) => c.id === current);
    rule.textContent = channel ? channel.rule : "";
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.replaceChildren();
    const shown = [...messages.values()].filter((m) => m.channel === current).sort((a, b) => a.seq - b.seq);
    for (const m of shown) {
      const li = document.createElement("li");
      li.dataset.seq = String(m.seq);
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = author(m) + ":";
      const text = document.createElement("span");
      text.className = m.deleted ? "text deleted" : "text";
      text.textContent = m.deleted ? d.deleted : m.text;
      li.append(who, " ", text);
      if (d.host === "1" && !m.deleted) {
        const del = document.createElement("button");
        del.type = "button";
        del.className = "talk-delete";
        del.dataset.seq = String(m.seq);
        del.textContent = d.delete;
        li.appendChild(del);
      }
      list.appendChild(li);
    }
    if (atBottom) list.scrollTop = list.scrollHeight;
    drawHost();
    let why = "";
    if (!settings.enabled && status !== "finished") why = d.off;
    else if (settings.muted) why = d.muted;
    else if (!channel || !channel.write) why = d.readOnly;
    note.hidden = !why;
    note.textContent = why;
    const writable = !why;
    input.disabled = !writable;
    form.querySelector("button").disabled = !writable;
  }

  // The host's controls: talk on or off (off by default in person), and each person's seat muted or not.
  function drawHost() {
    const toggle = panel.querySelector(".talk-toggle");
    if (!toggle) return;
    toggle.textContent = settings.enabled ? toggle.dataset.off : toggle.dataset.on;
    const box = panel.querySelector(".talk-seats");
    box.replaceChildren();
    for (const [position, name] of seats) {
      const muted = settings.muted_seats.includes(position);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "talk-mute";
      b.dataset.seat = String(position);
      b.dataset.muted = muted ? "1" : "0";
      b.textContent = `${muted ? d.unmute : d.mute}: ${name}`;
      box.appendChild(b);
    }
  }

  function readChannels() {
    const carrier = app.querySelector(".talk-channels");
    if (!carrier) { channels = []; return; }
    try { channels = JSON.parse(carrier.dataset.channels); } catch (e) { channels = []; }
    for (const c of channels) names.set(c.id, c.name);
  }

  window.addEventListener("velada:message", (event) => {
    const msg = event.detail;
    if (msg.type === "state") {
      const was = status;
      status = msg.status;
      // After the end everything said is revealed: ask for it all again, numbered anew.
      if (status === "finished" && was && was !== "finished") send({ type: "talk-history" });
      setTimeout(() => { readChannels(); draw(); }, 0);
    } else if (msg.type === "talk") {
      if (msg.reset) messages.clear();
      for (const m of msg.messages || []) messages.set(m.seq, m);
      if (msg.enabled !== undefined) settings = { enabled: msg.enabled, muted: msg.muted, muted_seats: msg.muted_seats || [] };
      if (msg.seats) seats = msg.seats;
      if (pending && (msg.messages || []).some((m) => m.player === d.me && m.text === pending)) pending = null;
      draw();
    } else if (msg.type === "error" && typeof msg.code === "string" && msg.code.startsWith("talk-") && pending !== null) {
      // Refused (too fast, closed…): the text comes back to be sent again.
      if (!input.value) input.value = pending;
      pending = null;
    }
  });

  tabs.addEventListener("click", (event) => {
    const tab = event.target.closest(".talk-tab");
    if (!tab) return;
    current = tab.dataset.channel;
    draw();
  });
  list.addEventListener("click", (event) => {
    const del = event.target.closest(".talk-delete");
    if (del) send({ type: "talk-delete", seq: Number(del.dataset.seq) });
  });
  panel.addEventListener("toggle", draw);
  panel.addEventListener("click", (event) => {
    const toggle = event.target.closest(".talk-toggle");
    if (toggle) send({ type: "talk-on", on: !settings.enabled });
    const mute = event.target.closest(".talk-mute");
    if (mute) send({ type: "talk-mute", seat: Number(mute.dataset.seat), on: mute.dataset.muted !== "1" });
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || !current) return;
    pending = text;
    send({ type: "say", channel: current, text });
    input.value = "";
  });

  readChannels();
  draw();
})();
