// velada: the page parts the browser draws itself from the view it is sent (issue 14). The server sends each
// connection its view as deltas (velada.core.delta) and these parts' inputs (its clocks, the expiry notice, the
// table's status and code) as data; velada.js keeps the view and draws each part here, the same html as the
// server's templates of the same name (velada/web/templates/_phase.html, _prompts.html, …: render.CLIENT_PARTS),
// which still draw the page that is read without a script. tests/web/test_partes_en_el_navegador.py draws both
// from the same views in Chromium and compares them. No eval: plain functions (the page's CSP forbids it).
(function (root) {
  "use strict";
  const NARRATOR = "@narrador";

  // Jinja's autoescape: every value put in the html is escaped (the views' texts are the players' and games').
  function esc(value) {
    if (value === null || value === undefined) return "None";
    return String(value)
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&#34;")
      .replace(/'/g, "&#39;");
  }

  // A number as Python prints it (a float with no fraction keeps its ".0": the deadlines are floats).
  function num(value) {
    return Number.isInteger(value) ? `${value}.0` : String(value);
  }

  // A text of the page's catalogue (``texts``: key → template, sent by the server once per connection), its
  // {name} placeholders filled.
  function translator(texts) {
    return (key, params) => {
      const template = (texts && texts[key]) || key;
      if (!params) return template;
      return template.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
    };
  }

  // render.help_index: the help ids the view carries, by card id with and without its kind.
  function helpIndex(view) {
    const found = new Map();
    for (const entry of (view && view.help) || []) {
      found.set(entry.id, entry.id);
      const bare = entry.id.includes(":") ? entry.id.slice(entry.id.indexOf(":") + 1) : entry.id;
      if (!found.has(bare)) found.set(bare, entry.id);
    }
    return found;
  }

  // _name.html: a card's name, a button opening its help when the view carries it.
  function name(t, helps, label, helpKey) {
    const hid = helpKey ? helps.get(helpKey) : undefined;
    if (!hid) return esc(label);
    return `<button type="button" class="help-link" data-help="${esc(hid)}" aria-label="${esc(t("table.help-for", { name: label }))}">${esc(label)}</button>`;
  }

  function clock(t, inputs) {
    const deadline = inputs.deadline;
    const debateEnd = inputs.debate_end;
    return `<span class="clock"${deadline ? "" : " hidden"}><span class="step" data-debate="${esc(t("table.step-debate"))}" data-vote="${esc(t("table.step-vote"))}"></span> <span class="timer" role="timer" data-deadline="${deadline ? esc(num(deadline)) : ""}"${deadline && debateEnd ? ` data-debate-end="${esc(num(debateEnd))}"` : ""}></span></span>`;
  }

  function phase(view, inputs, t, withStatus) {
    let text = "";
    if (view.phase) text = esc(view.phase.text);
    else if (withStatus && inputs.status) text = esc(t(`table.status-${inputs.status}`));
    return `<span class="phase">${text}</span> ${clock(t, inputs)}`;
  }

  function alive(view) {
    const me = view.viewer;
    const found = (view.players || []).find((p) => p.id === me);
    return found === undefined ? null : !!found.alive;
  }

  function prompt(t, p) {
    if (p.answered) {
      const text = p.answer && p.answer.length ? t("table.answered", { answer: p.answer.join(", ") }) : t("table.answered-skip");
      return `<p class="answered">${esc(text)}</p>`;
    }
    const options = (p.options || []).map((o) => `<button type="button" class="option" data-option="${esc(o.id)}">${esc(o.label)}</button>`).join("");
    const text = p.text_max ? `<input type="text" class="free-text" maxlength="${esc(p.text_max)}" autocomplete="off">` : "";
    const skip = p.skippable ? `<button type="button" class="skip">${esc(t("table.skip"))}</button>` : "";
    return `<form class="prompt" data-prompt="${esc(p.id)}" data-min="${esc(p.min)}" data-max="${esc(p.max)}"><p class="question">${esc(p.text)}</p><div class="options">${text}${options}</div><div class="actions"><button type="button" class="confirm primary" disabled>${esc(t("table.confirm"))}</button>${skip}</div></form>`;
  }

  const DRAW = {
    phase: (view, inputs, t) => phase(view, inputs, t, false),
    "screen-phase": (view, inputs, t) => phase(view, inputs, t, true),
    result(view, inputs, t) {
      const result = view.result;
      if (!result) return "";
      const winners = result.winners && result.winners.length ? `<p class="winners">${esc(t("table.winners", { players: result.winners.join(", ") }))}</p>` : "";
      return `<section class="result" role="status"><h2>${esc(t("table.result"))}</h2><p class="result-text">${esc(result.text)}</p>${winners}<p><a href="/t/${esc(inputs.code)}/partida.json" download>${esc(t("table.download"))}</a></p></section>`;
    },
    dead(view, inputs, t) {
      if (alive(view) !== false || view.result) return "";
      return `<section class="dead-screen" role="status"><h2>${esc(t("table.you-died"))}</h2><p>${esc(t("table.you-died-help"))}</p></section>`;
    },
    timeout(view, inputs, t) {
      const expiry = inputs.expiry;
      if (!expiry) return "";
      const viewer = inputs.clock_viewer;
      const others = (expiry.public || []).filter((p) => p !== viewer);
      const mine = expiry.mine || (viewer && (expiry.public || []).includes(viewer)) ? `<p>${esc(t("table.timeout-mine"))}</p>` : "";
      const rest = others.length ? `<p>${esc(t(`table.timeout-public-${others.length === 1 ? "one" : "many"}`, { players: others.join(", ") }))}</p>` : "";
      return `<div class="timed-out" role="status">${mine}${rest}</div>`;
    },
    prompts(view, inputs, t) {
      const prompts = view.prompts || [];
      if (prompts.length) return prompts.map((p) => prompt(t, p)).join("");
      return !view.result && alive(view) !== false ? `<p class="idle">${esc(t("table.nothing-to-do"))}</p>` : "";
    },
    waiting(view, inputs, t) {
      if (!view.waiting || !view.waiting.length || view.result) return "";
      const who = view.waiting.map((p) => (p === NARRATOR ? t("table.the-narrator") : p));
      return `<p class="waiting">${esc(t("table.waiting", { players: who.join(", ") }))}</p>`;
    },
    "narrator-prompts"(view, inputs, t) {
      const mine = (view.prompts || []).filter((p) => p.player === NARRATOR);
      if (!mine.length) return "";
      return `<section class="prompts narrator-prompts"><h2>${esc(t("table.narrator-prompts"))}</h2>${mine.map((p) => prompt(t, p)).join("")}</section>`;
    },
    "open-prompts"(view, inputs, t) {
      const rows = (view.prompts || [])
        .filter((p) => p.player !== NARRATOR)
        .map((p) => {
          const answer = p.answered ? ` — ${esc((p.answer || []).join(", ") || t("table.skip"))}` : "";
          return `<li>${esc(p.player)}: ${esc(p.text)}${answer}</li>`;
        });
      return `<section class="prompts narrator"><h2>${esc(t("table.open-prompts"))}</h2><ul>${rows.join("")}</ul></section>`;
    },
    card(view, inputs, t) {
      const you = view.you;
      const side = view.side ? view.side.text : you ? you.objective_text : null;
      if (!you || !(you.role_name || (you.notes && you.notes.length) || side)) return "";
      const helps = helpIndex(view);
      const role = you.role_name ? `<p class="my-role">${esc(t("table.you-are"))} <strong>${name(t, helps, you.role_name, you.role)}</strong></p>` : "";
      const mySide = side ? `<p class="my-side">${esc(t("table.your-side"))} <strong>${name(t, helps, side, view.side ? view.side.id : you.objective)}</strong></p>` : "";
      const notes = (you.notes || []).map((note) => `<p class="note">${esc(note)}</p>`).join("");
      return `<section class="card"><h2>${esc(t("table.your-card"))}</h2>${role}${mySide}${notes}</section>`;
    },
    cards(view, inputs, t) {
      if (!view.cards || !view.cards.length) return "";
      const helps = helpIndex(view);
      const items = view.cards.map((c) => `<span class="badge card-count">${name(t, helps, c.name, c.role)} ×${esc(c.count)}</span> `);
      return `<p class="cards">${items.join("")}</p>`;
    },
    players(view, inputs, t) {
      if (!view.players || !view.players.length) return "";
      const helps = helpIndex(view);
      const rows = view.players.map((p) => {
        const cls = `player${p.alive ? "" : " dead"}${p.id === view.viewer ? " me" : ""}`;
        const role = p.role_name ? `<span class="role">${name(t, helps, p.role_name, p.role)}</span>` : "";
        const badges = (p.badges || []).map((b) => `<span class="badge">${esc(b)}</span>`).join("");
        const dead = p.alive ? "" : `<span class="badge dead">${esc(t("table.dead"))}</span>`;
        return `<li class="${cls}" data-player="${esc(p.id)}" data-role="${esc(p.role || "")}"><span class="name pname" title="${esc(p.name)}">${esc(p.name)}</span>${role}${badges}${dead}</li>`;
      });
      return `<section class="players"><h2>${esc(t("table.players"))}</h2><ul>${rows.join("")}</ul></section>`;
    },
    help(view, inputs, t) {
      if (!view.help || !view.help.length) return "";
      const entries = view.help.map((h) => {
        const details = (h.details || []).map(([label, text]) => `<p><strong>${esc(label)}:</strong> ${esc(text)}</p>`).join("");
        return `<details class="help" id="ayuda-${esc(h.id)}" data-keep="ayuda-${esc(h.id)}"><summary>${esc(h.title)}</summary><p>${esc(h.text)}</p>${details}</details>`;
      });
      return `<section class="help-list"><h2>${esc(t("table.help"))}</h2>${entries.join("")}</section>`;
    },
  };

  // One entry of the log (render._log_item): to whom it was told, when not to everyone, and its text.
  function logItem(entry, t) {
    let prefix = "";
    if (entry.to !== undefined && entry.to !== null) {
      prefix = `<span class="to">${entry.to.length ? esc(entry.to.join(", ")) : esc(t("table.narrator-only"))} ·</span> `;
    }
    return `<li class="event ${esc(entry.kind)}">${prefix}${esc(entry.text)}</li>`;
  }

  // velada.core.delta.patch: the view a delta turns ``old`` into.
  function patch(old, delta) {
    const view = Object.assign({}, old || {});
    for (const key of delta.unset || []) delete view[key];
    Object.assign(view, delta.set || {});
    for (const [key, entries] of Object.entries(delta.items || {})) {
      const items = (view[key] || []).slice();
      for (const [at, entry] of entries) {
        if (at < 0 || at >= items.length) throw new Error("a list entry past the entries seen");
        items[at] = entry;
      }
      view[key] = items;
    }
    if (delta.log) {
      const have = view.log || [];
      if (delta.log.from > have.length) throw new Error("a log delta past the entries seen");
      view.log = have.slice(0, delta.log.from).concat(delta.log.entries);
    }
    return view;
  }

  // The part ``part`` of a page showing ``view`` (null: no game yet, nothing to draw).
  function draw(part, view, inputs, t) {
    return view ? DRAW[part](view, inputs || {}, t) : "";
  }

  const api = { names: Object.keys(DRAW), draw, logItem, patch, translator, esc };
  root.veladaParts = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})(typeof window !== "undefined" ? window : globalThis);
