"""Every game's pages as people see them, in a real Chromium (Debian's) against one real server: the lobby, the
shared screen (a TV at 1920×1080, a laptop at 1280×800) and a phone (390×844 and 320×568), in Spanish and English.

For each game a table is played to the end by one person on a phone and bots; at a moment with a decision open on
the phone and again at the end, every page is checked at every width: nothing scrolls sideways, a phone's tap
targets are at least 44 px, no word of up to 12 letters is cut across two lines, no text shows a ``{``, a ``}`` or
a catalogue key that was not translated, and axe-core finds no serious or critical accessibility violation.
Screenshots go to ``artifacts/pantallas/``.

One server and one browser serve the whole module (a few minutes in all)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from velada.games import REGISTRY

from .test_navegador import ARTIFACTS, CHROMIUM, FLAGS, free_port

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists() and not os.environ.get("VELADA_REQUIRE_BROWSER"),
        reason="Chromium is not installed (CI installs Debian's and sets VELADA_REQUIRE_BROWSER)",
    ),
]

SHOTS = ARTIFACTS / "pantallas"
SCREENS = {"tv": (1920, 1080), "portatil": (1280, 800)}
PHONES = {"movil": (390, 844), "movil-pequeno": (320, 568)}
#: The longest name a seat takes (velada.web.names.MAX_NAME), in one word: shown whole, wrapped, never cut and never
#: pushing the page sideways.
LONG_NAME = "MaximilianaFernandezOsto"
#: How many seats each game's table has in these tests (small tables end sooner).
SEATS = {"hombres-lobo": 8, "gauekos": 8, "ajo-y-agua": 4, "el-ansia": 3, "bethlem": 4}


def catalogue_sections() -> set[str]:
    """The first part of every catalogue key (``table``, ``event``, ``option-label``…): a page showing a dotted word
    that starts with one shows a key whose text was never written (a catalogue returns the key itself)."""
    from velada.core.i18n import CORE_MESSAGES
    from velada.web.render import MESSAGES

    catalogues = [CORE_MESSAGES, MESSAGES] + [game.catalog for game in REGISTRY]
    return {key.split(".", 1)[0] for c in catalogues for texts in c.messages.values() for key in texts if "." in key}


SECTIONS = catalogue_sections() | {"option-label", "option-value", "help"}
DOTTED = re.compile(r"[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+")


def text_problems(text: str, where: str) -> list[str]:
    """A brace (a placeholder left unfilled) or an untranslated catalogue key in the text a page shows."""
    found = []
    for brace in ("{", "}"):
        if brace in text:
            at = text.index(brace)
            found.append(f"{where}: shows {brace!r}: …{text[max(0, at - 60) : at + 60]}…")
    raw = sorted({word for word in DOTTED.findall(text) if word.split(".", 1)[0] in SECTIONS})
    if raw:
        found.append(f"{where}: untranslated keys {raw[:5]}")
    return found


# --- one server, one browser -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pantallas")
    port = free_port()
    log = (folder / "server.log").open("wb")
    command = [sys.executable, "-m", "velada", "serve", "--port", str(port), "--db", str(folder / "v.sqlite3")]
    command += ["--bot-delay", "0.02", "--no-rate-limits"]
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=10)
    log.close()
    text = (folder / "server.log").read_text(errors="replace")
    assert "Traceback" not in text, text


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


# --- what every page must be ---------------------------------------------------------------------------------

#: What a page measures of itself: sideways scrolling, small tap targets, and its visible text.
MEASURE = r"""() => {
  const root = document.scrollingElement;
  const small = [];
  const targets = "button, input, select, summary, a.button, .tappable, .reachable, [role=button]";
  for (const el of document.querySelectorAll(targets)) {
    // A space of El ansia's board is tapped through its halo (the group's box also holds its label).
    const hit = el instanceof SVGElement ? el.querySelector("circle.halo") || el : el;
    const r = hit.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!r.width || !r.height || style.visibility === "hidden" || el.closest("[hidden]")) continue;
    if (el.type === "checkbox" || el.type === "radio") {
      // The box is tapped through its label.
      const label = el.closest("label");
      const lr = label ? label.getBoundingClientRect() : r;
      if (lr.height < 44) small.push(`${el.outerHTML.slice(0, 80)} in a label ${Math.round(lr.height)} px high`);
      continue;
    }
    const size = `${Math.round(r.width)}×${Math.round(r.height)}`;
    if (r.height < 44 || r.width < 44) small.push(`${el.outerHTML.slice(0, 100)}: ${size}`);
  }
  const wide = [...document.querySelectorAll("body *")].filter(el => {
    const r = el.getBoundingClientRect();
    return r.width && r.right > root.clientWidth + 1 && !el.closest(".pan");
  }).slice(0, 5).map(el => `${el.tagName}.${el.className}: right ${Math.round(el.getBoundingClientRect().right)}`);
  // A word of up to 12 letters cut across two lines ("velocida-d"): only a longer one (a long name) may be.
  const split = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  while (walker.nextNode() && split.length < 5) {
    const node = walker.currentNode;
    for (const word of node.data.matchAll(/[\p{L}\p{N}]+/gu)) {
      if (word[0].length < 2 || word[0].length > 12) continue;
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) split.push(`${word[0]} in ${node.parentElement.tagName}.${node.parentElement.className}`);
    }
  }
  return {scroll: root.scrollWidth, client: root.clientWidth, small, wide, split, text: document.body.innerText};
}"""


def check_page(page, name: str, phone: bool, problems: list[str], shot: bool = True) -> None:
    """Measure ``page`` as it is now; what is wrong goes into ``problems`` (one list for the whole test, so that
    a run reports every problem at once)."""
    page.wait_for_timeout(150)  # the fragment swapped in and the clock's first tick
    m = page.evaluate(MEASURE)
    if m["scroll"] > m["client"]:
        problems.append(f"{name}: scrolls sideways ({m['scroll']} > {m['client']}): {m['wide']}")
    if phone and m["small"]:
        problems.append(f"{name}: tap targets under 44 px: {m['small'][:4]}")
    if m["split"]:
        problems.append(f"{name}: words cut across two lines: {m['split']}")
    problems += text_problems(m["text"], name)
    if shot:
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


#: What a shared screen shows the room: the size of its phase and clock (when it runs), whether the host's menu is
#: open, and the narrator's seat's link if one can be seen (one click would show every card to the room).
ROOM = """() => {
  const size = (selector) => {
    const el = document.querySelector(selector);
    return el && el.offsetParent !== null ? parseFloat(getComputedStyle(el).fontSize) : null;
  };
  const menu = document.querySelector("details.host-menu");
  // (inside a closed <details> an element still has an offsetParent: checkVisibility says it is not drawn)
  const seat = [...document.querySelectorAll('a[href$="/narrador"]')].filter(a => a.checkVisibility()).length;
  return {phase: size(".stage .phase"), clock: size(".stage .clock:not([hidden])"), menu: menu && menu.open, seat};
}"""


def check_room(page, name: str, problems: list[str]) -> None:
    """A shared screen is read from across the room: phase and clock at least 48 px, host tools folded away."""
    room = page.evaluate(ROOM)
    for part in ("phase", "clock"):
        if room[part] is not None and room[part] < 48:
            problems.append(f"{name}: the {part} is {room[part]:.0f} px, under 48")
    if room["phase"] is None:
        problems.append(f"{name}: no phase on the shared screen")
    if room["menu"] or room["seat"]:
        problems.append(f"{name}: the host's menu is open, or the narrator's seat's link shows ({room})")


def check_axe(page, name: str, problems: list[str]) -> None:
    """axe-core (vendored by axe-playwright-python) finds no serious or critical violation."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    for v in results.response["violations"]:
        if v["impact"] in ("serious", "critical"):
            targets = [n["target"] for n in v["nodes"][:3]]
            problems.append(f"{name}: axe {v['id']} ({v['impact']}): {v['help']} {targets}")


def at_sizes(page, name: str, sizes: dict[str, tuple[int, int]], phone: bool, problems: list[str]) -> None:
    for size_name, (width, height) in sizes.items():
        page.set_viewport_size({"width": width, "height": height})
        check_page(page, f"{name}-{size_name}", phone, problems)
        if sizes is SCREENS:
            check_room(page, f"{name}-{size_name}", problems)


# --- playing a table -----------------------------------------------------------------------------------------

ANSWER = """async ([code, pick]) => {
  const r = await fetch(`/api/tables/${code}/view`);
  if (!r.ok) return "no-view";
  const {view} = await r.json();
  if (!view) return "idle";  // not started yet
  const prompt = view.prompts.find(p => !p.answered);
  if (view.result) return "over";
  if (!prompt) return "idle";
  let choose;
  if (prompt.text_max) choose = ["Hola"];
  else if (prompt.skippable && pick % 3 === 0) choose = [];
  else choose = prompt.options.slice(0, Math.max(prompt.min, 1)).map(o => o.id);
  const sent = await fetch(`/api/tables/${code}/choices`, {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({prompt: prompt.id, choose}),
  });
  return sent.ok ? "chose" : "refused";
}"""


def new_table(browser, url: str, game: str, lang: str):
    """The host creates the table in the lobby; returns the host's page and the table's code."""
    host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    host.goto(f"{url}/?lang={lang}")
    host.select_option("#game", game)
    host.fill('input[name="seats"]', str(SEATS[game]))
    host.select_option('select[name="lang"]', lang)
    host.fill('input[name="timer:llamada"]', "0")
    host.click("button[type=submit].primary")
    host.wait_for_selector(".join-url")
    code = host.inner_text(".join-url").rstrip("/").split("/")[-1]
    return host, code


def join(browser, url: str, code: str, name: str):
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    phone.goto(f"{url}/t/{code}")
    phone.fill('input[name="name"]', name)
    phone.click("button.primary")
    phone.wait_for_selector(".waiting-host")
    return phone


def play_until(phone, code: str, done, seconds: float = 90.0) -> None:
    """Answer the phone's prompts (first options, sometimes a skip) until ``done()``."""
    deadline = time.time() + seconds
    pick = 0
    while time.time() < deadline:
        if done():
            return
        state = phone.evaluate(ANSWER, [code, pick])
        pick += 1
        if state == "over":
            return
        if state != "chose":
            time.sleep(0.1)
    pytest.fail(f"table {code}: not done in {seconds} s")


#: Writes down the text of every clock-ran-out notice the page shows, however briefly.
WATCH_TIMEOUT = """() => {
  window.__timedOut = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll(".timed-out")) window.__timedOut.push(el.innerText);
  }).observe(document.body, {childList: true, subtree: true});
}"""

#: A speech engine that writes down what the page asks it to say, with the voices a phone or laptop may have (a
#: test browser has none): an English one, a Mexican Spanish one and Spain's.
SPEECH = """{
window.__spoken = [];
const voices = [{name: "Samantha", lang: "en-US"}, {name: "Paulina", lang: "es-MX"}, {name: "Mónica", lang: "es-ES"}];
Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
  speak: (u) => window.__spoken.push({text: u.text, lang: u.lang, voice: u.voice && u.voice.name, rate: u.rate,
                                      volume: u.volume}),
  getVoices: () => voices, addEventListener: () => {}, cancel: () => {},
}});
window.SpeechSynthesisUtterance = function (text) { this.text = text; };
}"""
#: The host sets the voice's speed and volume in its menu, as a person drags the sliders.
VOICE_SETTINGS = """() => {
  for (const [id, value] of [["voice-rate", "1.2"], ["voice-volume", "0.5"]]) {
    const input = document.getElementById(id);
    input.value = value;
    input.dispatchEvent(new Event("change"));
  }
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", REGISTRY.ids())
def test_pantallas_de_cada_juego(server, browser, game, lang):
    problems: list[str] = []
    tag = f"{game}-{lang}"
    host, code = new_table(browser, server, game, lang)
    check_page(host, f"{tag}-mesa-espera", False, problems)
    name = LONG_NAME if game in ("bethlem", "el-ansia") else "Ana"
    phone = join(browser, server, code, name)
    check_page(phone, f"{tag}-movil-espera", True, problems)
    host.click('button[data-action="bots"]')
    host.wait_for_function("() => document.querySelectorAll('.seats li em').length === 0")
    host.click('button[data-action="start"]')
    host.wait_for_selector("#app[data-status=playing]")

    # A moment with a decision open on the phone.
    play_until(phone, code, lambda: phone.locator("form.prompt").count() > 0 or _over(phone))
    phone.wait_for_timeout(300)
    # A card's name opens what it does.
    names = phone.locator(".room button.help-link")
    if names.count():
        help_id = names.first.get_attribute("data-help")
        names.first.click()
        if not phone.locator(f'details.help[id="ayuda-{help_id}"][open]').count():
            problems.append(f"{tag}: tapping {help_id} did not open its help")
    else:
        problems.append(f"{tag}: no card on the phone opens its help")
    if game == "bethlem":
        assert phone.locator(".my-side").count() == 1, "Bethlem: the player's side is not on the phone"
    at_sizes(phone, f"{tag}-decision", PHONES, True, problems)
    check_next_prompt_comes_into_view(phone, code, tag, problems)
    at_sizes(host, f"{tag}-partida", SCREENS, False, problems)
    if game == "el-ansia":
        # The board fits a 1280×800 shared screen (the last size measured), with room for the phase above it.
        bottom = host.evaluate("() => document.querySelector('.ansia-board svg').getBoundingClientRect().bottom")
        if bottom > 800:
            problems.append(f"{tag}: the board ends at y={bottom:.0f}, below a 1280×800 screen")
    if lang == "es":
        check_axe(phone, f"{tag}-decision", problems)
        check_axe(host, f"{tag}-partida", problems)
        # The narrator's seat (the host's cookie opens it): every card, for a narrator who does not play.
        narrator = host.context.new_page()
        narrator.goto(f"{server}/t/{code}/narrador")
        narrator.wait_for_selector("#app[data-version]")
        check_page(narrator, f"{tag}-narrador", False, problems)
        check_axe(narrator, f"{tag}-narrador", problems)
        narrator.close()

    # The end; a player who dies on the way gets a screen that says so, and still follows the game.
    def over() -> bool:
        if not dead_seen and phone.locator(".players li.me.dead").count() and not _over(phone):
            # (or the page was drawn again meanwhile with the result, which takes the screen's place)
            dead_seen.append(phone.locator(".dead-screen").count() or int(_over(phone)))
            check_page(phone, f"{tag}-muerto", True, problems)
        return _over(phone)

    dead_seen: list[int] = []
    play_until(phone, code, over, seconds=240)
    assert dead_seen in ([], [1]), "a dead player's phone did not say so"
    host.wait_for_selector(".result", timeout=20000)
    phone.wait_for_selector(".result", timeout=20000)
    at_sizes(phone, f"{tag}-final", PHONES, True, problems)
    at_sizes(host, f"{tag}-final", SCREENS, False, problems)
    check_log_order(host, phone, code, tag, problems)
    host.context.close()
    phone.context.close()
    assert not problems, "\n".join(problems)


def _over(page) -> bool:
    return page.locator(".result").count() > 0


#: Whether the page's open decision (the first prompt not yet answered) is on the screen, and which one it is.
PROMPT_IN_VIEW = """() => {
  const form = [...document.querySelectorAll("form.prompt")].find(f => !f.querySelector(".answered"));
  if (!form) return null;
  const r = form.getBoundingClientRect();
  return {prompt: form.dataset.prompt, seen: r.top < innerHeight && r.bottom > 0};
}"""


def check_next_prompt_comes_into_view(phone, code: str, tag: str, problems: list[str]) -> None:
    """A player reading further down (the cards' help, the log) is brought back to a new decision: the phone,
    scrolled to the bottom, answers its decision and the next one it is given scrolls into view."""
    first = phone.evaluate(PROMPT_IN_VIEW)
    if not first:
        return
    phone.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")
    deadline = time.time() + 30
    now = first
    while time.time() < deadline and not _over(phone):
        if phone.evaluate(ANSWER, [code, 1]) != "chose":
            phone.wait_for_timeout(100)
        now = phone.evaluate(PROMPT_IN_VIEW)
        if now and now["prompt"] != first["prompt"]:
            break
    if not now or now["prompt"] == first["prompt"] or _over(phone):
        return  # no second decision came before the end
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        phone.wait_for_function(f"() => {{ const p = ({PROMPT_IN_VIEW})(); return !!p && p.seen; }}", timeout=3000)
    except PlaywrightTimeout:
        problems.append(f"{tag}: a new decision stayed out of view on a phone scrolled down")


def check_log_order(host, phone, code: str, tag: str, problems: list[str]) -> None:
    """At the end the shared screen shows the game's last event large and the ones before it below, in the order
    they happened (a tie after the votes that caused it): as the server's log has them (a finished game's view is
    the whole log, the phone's alike)."""
    log = phone.evaluate("async (code) => (await (await fetch(`/api/tables/${code}/view`)).json()).view.log", code)
    latest = host.eval_on_selector_all(".log .latest li", "items => items.map(li => li.innerText)")
    earlier = host.eval_on_selector_all(".log .earlier li", "items => items.map(li => li.innerText)")
    expected = [entry["text"] for entry in log[-1 - len(earlier) :]]
    shown = [text.strip() for text in (*earlier, *latest)]
    same = len(shown) == len(expected) and all(s.endswith(e) for s, e in zip(shown, expected, strict=True))
    if len(latest) != 1 or not earlier or not same:
        problems.append(f"{tag}: the screen's log reads {shown[-3:]}, the game's ends {expected[-3:]}")


def test_lobby(server, browser):
    problems: list[str] = []
    for lang in ("es", "en"):
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(f"{server}/?lang={lang}")
        for game in REGISTRY.ids():
            page.select_option("#game", game)
            shown = page.eval_on_selector_all(
                "fieldset.options", "boxes => boxes.filter(b => b.offsetParent !== null).map(b => b.dataset.game)"
            )
            assert shown == [game], (lang, game, shown)
        # The table's size fills in the options the rulebook recommends for it.
        page.select_option("#game", "hombres-lobo")
        page.fill("#seats", "5")
        page.dispatch_event("#seats", "change")
        box = 'fieldset.options[data-game="hombres-lobo"]'
        assert page.input_value(f'{box} select[name="opt:lobos"]') == "1"
        checked = page.eval_on_selector_all(f"{box} fieldset.set input:checked", "els => els.map(e => e.value)")
        assert checked == ["vidente", "bruja", "cazador"], checked
        assert page.is_visible(f"{box} .preset-note")
        # A number out of its range is said beside its field before the form is sent.
        risk = f'{box} .option:has(input[name="opt:nina-riesgo"])'
        page.fill(f'{risk} input[name="opt:nina-riesgo"]', "500")
        assert page.is_visible(f"{risk} .field-error.live")
        # In the page's language, in the game's words (the same as the server's after sending), not the browser's.
        said = page.inner_text(f"{risk} .field-error.live")
        assert said == REGISTRY.get("hombres-lobo").option_errors({"nina-riesgo": "500"}, lang)["nina-riesgo"], said
        page.fill(f'{risk} input[name="opt:nina-riesgo"]', "20")
        assert not page.is_visible(f"{risk} .field-error.live")
        at_sizes(page, f"lobby-{lang}", {**SCREENS, **PHONES}, True, problems)
        if lang == "es":
            check_axe(page, "lobby", problems)
        page.context.close()
    assert not problems, "\n".join(problems)


#: A space the open move offers that a finger can tap now: its halo's centre is in the board's frame and nothing
#: covers it (a zoomed-in phone shows part of the board), with its option's label, role and accessible name, read at
#: once (a page drawn again between two reads may offer the next move). None when there is none.
SPACE_IN_VIEW = """() => {
  const frame = document.querySelector(".ansia-board .pan");
  if (!frame) return null;
  frame.scrollIntoView({block: "center"});
  for (const halo of document.querySelectorAll(".ansia-board g.space.reachable circle.halo")) {
    const r = halo.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const space = halo.parentElement;
    if (!at || at.closest("g.space") !== space) continue;
    const option = document.querySelector(`form.prompt .option[data-option="${space.dataset.pick}"]`);
    return {pick: space.dataset.pick, label: option && option.innerText, role: space.getAttribute("role"),
            name: space.getAttribute("aria-label"), prompt: document.querySelector("form.prompt").dataset.prompt};
  }
  return null;
}"""


#: The page shows the phone's open prompt as the server has it now, with spaces to tap: a page that has not yet
#: received what the last answer (sent through the API) changed still shows the prompt answered.
MOVE_SHOWN = """async (code) => {
  const r = await fetch(`/api/tables/${code}/view`);
  const {view} = r.ok ? await r.json() : {};
  const open = view && view.prompts.find(p => !p.answered);
  const form = document.querySelector("form.prompt");
  return !!open && !!form && form.dataset.prompt === String(open.id)
    && !!document.querySelector(".ansia-board g.space.reachable");
}"""


def test_en_el_ansia_se_mueve_tocando_el_tablero(server, browser):
    """On a phone, the spaces a move offers are highlighted on the board, and tapping one chooses its option."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    host, code = new_table(browser, server, "el-ansia", "es")
    phone = join(browser, server, code, "Ana")
    host.click('button[data-action="bots"]')
    host.wait_for_function("() => document.querySelectorAll('.seats li em').length === 0")
    host.click('button[data-action="start"]')
    deadline, tapped, hidden = time.time() + 90, False, 0
    while not tapped and time.time() < deadline:
        play_until(phone, code, lambda: phone.evaluate(MOVE_SHOWN, code), seconds=90)
        try:  # a tap that has not landed in 2 s is tried again on the page as it is then
            seen = phone.evaluate(SPACE_IN_VIEW)
            if seen is None:  # drawn again meanwhile, or no offered space in the frame (a defect, said below)
                hidden += 1
                phone.wait_for_timeout(200)
                continue
            pick = seen["pick"]
            assert seen["role"] == "button" and seen["name"] == seen["label"], seen
            space = phone.locator(f'.ansia-board g.space.reachable[data-pick="{pick}"]')
            option = phone.locator(f'form.prompt .option[data-option="{pick}"]')
            phone.screenshot(path=str(SHOTS / "el-ansia-tablero-movil.png"))
            space.locator("circle.halo").click(timeout=2000)
            assert "selected" in (option.get_attribute("class", timeout=2000) or "")
            phone.locator("form.prompt .confirm").click(timeout=2000)
            tapped = True
        except PlaywrightTimeout:
            continue
    assert tapped, f"no move was ever offered on the board ({hidden} looks found none to tap in its frame)"
    # The move was sent: its prompt leaves the page (the next one may offer the same space again).
    phone.wait_for_function(
        "(id) => !document.querySelector(`form.prompt[data-prompt='${id}']`)", arg=seen["prompt"], timeout=10000
    )

    # The board's zoom: back to where it started (on a phone, the smallest zoom at which a space's halo is 44 px
    # across, which the tap-target check measures), then in.
    def level() -> int:
        return int(phone.inner_text(".ansia-board .zoom-level").rstrip(" %"))

    phone.click('.ansia-board button[data-zoom="reset"]')
    start = level()
    assert 200 <= start < 400, start
    phone.click('.ansia-board button[data-zoom="in"]')
    assert level() == min(400, round(start * 1.5)), (start, level())
    host.context.close()
    phone.context.close()


def test_los_relojes_del_dia_y_el_tiempo_agotado_se_ven_en_cada_pantalla(server, browser):
    """With clocks on and a player who never answers: the day shows its debate, then its vote, each with its own
    clock; when the vote's clock runs out every screen says who did not answer, and the player's phone says that
    its turn passed. A new browser opening the table's link mid-game is told how to get a seat back, with no
    name form that could not work."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    step = "() => { const s = document.querySelector('.clock:not([hidden]) .step'); return s && s.textContent; }"
    # A table of five may end on its first night (the Hunter's shot, the Witch's poison) or lose Ana in it: then
    # there is no day to watch, and a new table is dealt (each deals anew: the server's seed is secret). It may also
    # end with the vote whose clock runs out (the bots lynch the only wolf): a finished game shows its result, not
    # who did not answer (LiveTable.expiry_for), so that table is dealt again too.
    ran_out = "() => window.__timedOut.length > 0 || !!document.querySelector('.result')"
    for _ in range(6):
        host, phone, code = _clock_table(browser, server)
        host.wait_for_function(f"() => ({step})() === 'Debate' || !!document.querySelector('.result')", timeout=60000)
        if not host.locator(".result").count() and not phone.locator(".players li.me.dead").count():
            host.wait_for_function(f"() => ({step})() === 'Votación'", timeout=10000)
            clock_problems: list[str] = []
            check_room(host, "reloj-de-la-votacion", clock_problems)
            assert host.evaluate(ROOM)["clock"] and not clock_problems, clock_problems
            try:
                host.wait_for_function(ran_out, timeout=15000)
            except PlaywrightTimeout:
                break  # reported below, with what the pages show
            if host.evaluate("() => window.__timedOut.length") or not host.locator(".result").count():
                break
        host.context.close()
        phone.context.close()
    else:
        pytest.fail("six tables in a row ended, or lost Ana, before their first day's vote ran out of time")
    # A phone's notice lasts until its player is asked again (at once, for the night's first card): what each
    # page showed is written down as it appears.
    for page in (host, phone):
        try:
            page.wait_for_function("() => window.__timedOut.length > 0", timeout=15000)
        except PlaywrightTimeout:
            seen = [page.inner_text(part) for part in (".stage", ".players", "[data-live-log]")]
            pytest.fail(f"{page.url}: no clock-ran-out notice in 15 s after the vote began; the page shows {seen}")
    assert any("Ana" in text for text in host.evaluate("() => window.__timedOut"))
    assert any("no has respondido" in text for text in phone.evaluate("() => window.__timedOut"))
    problems: list[str] = []
    check_page(host, "tiempo-agotado-pantalla", False, problems)
    check_page(phone, "tiempo-agotado-movil", True, problems)

    # The shared screen spoke the narrator's script, in Spain's Spanish voice when the browser has one, at the speed
    # and volume set in its menu: the calls and the vote's outcome, never the list of votes.
    spoken = host.evaluate("() => window.__spoken")
    texts = [line["text"] for line in spoken]
    assert any(text.startswith("Cae la noche") for text in texts), texts
    assert not any("→" in text or text.startswith("Votos") for text in texts), texts
    assert {(line["lang"], line["voice"], line["rate"], line["volume"]) for line in spoken} == {
        ("es-ES", "Mónica", 1.2, 0.5)
    }

    stranger = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    stranger.goto(f"{server}/t/{code}")
    assert stranger.locator(".ask-host-link").count() == 1 and stranger.locator('input[name="name"]').count() == 0
    check_page(stranger, "mesa-empezada-navegador-nuevo", True, problems)
    for page in (host, phone, stranger):
        page.context.close()
    assert not problems, "\n".join(problems)


def _clock_table(browser, url: str):
    """A table of Hombres lobo for five with short clocks, Ana's phone (who never answers) and four bots, started;
    the host's page speaks into ``window.__spoken`` and both pages note every clock-ran-out notice."""
    host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    host.add_init_script(SPEECH)
    host.goto(f"{url}/?lang=es")
    host.select_option("#game", "hombres-lobo")
    host.fill('input[name="seats"]', "5")
    box = 'fieldset.options[data-game="hombres-lobo"]'
    host.select_option(f'{box} select[name="opt:alguacil"]', "no")
    # Each night call lasts 2 s: the vote's expiry stays on the screens through the night that follows.
    for name, seconds in (("noche", 2), ("debate", 3), ("votacion", 2), ("llamada", 2)):
        host.fill(f'input[name="timer:{name}"]', str(seconds))
    host.click("button[type=submit].primary")
    host.wait_for_selector(".join-url")
    host.evaluate(VOICE_SETTINGS)
    code = host.inner_text(".join-url").rstrip("/").split("/")[-1]
    phone = join(browser, url, code, "Ana")
    for page in (host, phone):
        page.evaluate(WATCH_TIMEOUT)
    host.click('button[data-action="bots"]')
    host.wait_for_function("() => document.querySelectorAll('.seats li em').length === 0")
    host.click('button[data-action="start"]')
    return host, phone, code


def test_un_jugador_cambia_de_movil_con_el_enlace_de_su_asiento(server, browser):
    """Mid-game, the host's menu gives a seat a new link (with its QR code); the new phone opening it gets the seat,
    and the old phone loses it at once and is told how to get it back."""
    host, code = new_table(browser, server, "hombres-lobo", "es")
    old = join(browser, server, code, "Ana")
    host.click('button[data-action="bots"]')
    host.wait_for_function("() => document.querySelectorAll('.seats li em').length === 0")
    host.click('button[data-action="start"]')
    host.wait_for_selector("#app[data-status=playing]")
    old.wait_for_selector(".stage .phase")
    host.click(".host-menu summary")
    with host.context.expect_page() as opened:
        host.click('.host-menu .seat-link button:has-text("Ana")')
    link_page = opened.value
    link_page.wait_for_selector(".seat-link-url")
    assert link_page.locator(".qr svg").count() == 1
    url = link_page.inner_text(".seat-link-url")
    new = browser.new_context(viewport={"width": 320, "height": 568}, is_mobile=True, has_touch=True).new_page()
    new.goto(url)
    new.wait_for_selector(".stage .phase")
    assert "Ana" in new.inner_text(".players .me")
    old.wait_for_selector(".ask-host-link", timeout=10000)
    problems: list[str] = []
    check_page(new, "asiento-movido-movil-nuevo", True, problems)
    check_page(old, "asiento-movido-movil-viejo", True, problems)
    for page in (host, old, new):
        page.context.close()
    assert not problems, "\n".join(problems)
