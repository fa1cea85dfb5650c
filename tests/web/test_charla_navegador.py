"""End to end in a real Chromium against a real server: three phones at an online Werewolf table with bots in the
other seats talk through the talk panel. A wolf's message reaches the other wolves' phones and no villager's (who
has no wolves' tab at all); by day a message in the day's channel reaches every phone, counted unread until its
tab is read, shown as text (never as HTML); the panel sits below the prompt, so the keyboard never covers its
buttons. Screenshots: artifacts/charla-*.png."""

from __future__ import annotations

import http.cookiejar
import json
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from .test_navegador import ARTIFACTS, CHROMIUM, FLAGS, server, server_match  # noqa: F401 - server: a fixture

pytestmark = pytest.mark.slow

PHONES = ("Ana", "Bea", "Carlos")


def _post(url: str, body: dict | None = None, token: str | None = None, form: dict | None = None, opener=None):
    headers = {"Origin": url.split("/t/")[0].split("/api/")[0]}
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
    else:
        data = json.dumps(body or {}).encode()
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, headers=headers)
    return (opener or urllib.request.build_opener()).open(request)


def online_table(url: str, db_url: str) -> tuple[str, dict[str, str], list[str]]:
    """An online table of six (three people, three bots) where at least one of the people is a wolf (tables are
    dealt again until one is): its code, the people's seat tokens, the people who are wolves."""
    for _ in range(12):
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        form = {"game": "hombres-lobo", "seats": "6", "mode": "online", "lang": "es", "opt:alguacil": "no"}
        form.update({"opt:lobos": "2", "opt:especiales": "vidente", "timer:llamada": "0"})
        with _post(f"{url}/tables", form=form, opener=opener) as response:
            code = response.url.rstrip("/").split("/")[-2]
        host = next(c.value for c in jar if c.name == f"velada_host_{code}")
        tokens = {}
        for name in PHONES:
            with _post(f"{url}/api/tables/{code}/seats", {"name": name}) as response:
                tokens[name] = json.loads(response.read())["token"]
        _post(f"{url}/api/tables/{code}/bots", token=host).close()
        _post(f"{url}/api/tables/{code}/start", token=host).close()
        state = server_match(db_url, code).state
        wolves = [p for p in PHONES if state.powers[state.index[p]] == "wolf"]
        if wolves:
            return code, tokens, wolves
    raise AssertionError("no table dealt a wolf to a person")


def channels_of(url: str, code: str, token: str) -> list[dict]:
    """The seat's channels as the JSON API gives them (its view's ``talk``)."""
    request = urllib.request.Request(f"{url}/api/tables/{code}/talk", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["channels"]


def tabs(phone) -> list[str]:
    return phone.locator(".talk-tab").evaluate_all("els => els.map(e => e.dataset.channel)")


def open_tab(phone, channel: str) -> None:
    """Unfold the talk panel if folded, and show ``channel``."""
    if phone.locator("#talk").get_attribute("open") is None:
        phone.click("#talk > summary")
    phone.click(f'.talk-tab[data-channel="{channel}"]')


def say(phone, channel: str, text: str) -> None:
    open_tab(phone, channel)
    phone.fill(".talk-input", text)
    phone.click(".talk-send")


def play_until(phones: dict, db_url: str, code: str, done) -> None:
    """Answer every phone's prompts (the first options) until ``done(match)``."""
    deadline = time.time() + 90
    while time.time() < deadline:
        match = server_match(db_url, code)
        if done(match):
            return
        for phone in phones.values():
            if done(server_match(db_url, code)):
                return  # checked before each phone: a day's vote opened meanwhile is left open
            form = phone.locator("form.prompt").first
            if not form.count():
                continue
            try:
                needed = int(form.get_attribute("data-min") or 1)
                for k in range(needed):
                    form.locator(".option").nth(k).click(timeout=2000)
                form.locator(".confirm").click(timeout=2000)
            except Exception:  # re-rendered under us: next round
                continue
        time.sleep(0.2)
    pytest.fail("the game did not get there in time")


@pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="Chromium is not installed (CI installs Debian's and sets VELADA_REQUIRE_BROWSER)",
)
def test_tres_moviles_hablan_cada_uno_en_sus_canales(server):  # noqa: F811 - the fixture
    from playwright.sync_api import sync_playwright

    url, db_url = server
    code, tokens, wolves = online_table(url, db_url)
    villagers = [p for p in PHONES if p not in wolves]
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        phones = {}
        for name in PHONES:
            context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
            context.add_cookies([{"name": f"velada_seat_{code}", "value": tokens[name], "url": url}])
            phone = context.new_page()
            phone.goto(f"{url}/t/{code}")
            phone.wait_for_selector("#talk:not([hidden])")
            phones[name] = phone

        # The first night: the wolves' channel is on the wolves' phones only.
        for name, phone in phones.items():
            phone.wait_for_function("() => document.querySelectorAll('.talk-tab').length > 0")
            assert ("lobos" in tabs(phone)) == (name in wolves), (name, tabs(phone))
        secret = "<b>Vamos</b> a por alguien"
        say(phones[wolves[0]], "lobos", secret)
        for wolf in wolves:
            open_tab(phones[wolf], "lobos")
            phones[wolf].wait_for_function(
                "t => [...document.querySelectorAll('.talk-messages .text')].some(e => e.textContent === t)",
                arg=secret,
            )
        # The channel's rule is shown with it, as the wolf's view gives it ("Solo los hombres lobo leen esto.").
        rules = {c["id"]: c["rule"] for c in channels_of(url, code, tokens[wolves[0]])}
        assert phones[wolves[0]].locator(".talk-rule").inner_text() == rules["lobos"]
        phones[wolves[0]].screenshot(path=str(ARTIFACTS / "charla-lobos.png"), full_page=True)
        # The day's channel cannot be written at night.
        phone = phones[villagers[0]] if villagers else phones[wolves[0]]
        open_tab(phone, "dia")
        assert phone.locator(".talk-input").is_disabled()
        assert phone.locator(".talk-note").inner_text()

        # Day comes.
        play_until(phones, db_url, code, lambda m: m.result is not None or m.state.phase == "dia")
        match = server_match(db_url, code)
        if match.result is None:
            living = [n for n in PHONES if match.state.alive[match.state.index[n]]]
            # The speaker still has the day's vote open (its buttons are what the keyboard must not cover).
            speaker = next((n for n in living if phones[n].locator("form.prompt button").count()), living[0])
            listener = next(n for n in PHONES if n != speaker)
            # One phone has its panel folded: the count on the panel's title says something was said.
            if phones[listener].locator("#talk").get_attribute("open") is not None:
                phones[listener].click("#talk > summary")
            hello = "<i>Buenos días</i> a todos"
            say(phones[speaker], "dia", hello)
            phones[listener].wait_for_function("() => document.querySelector('.talk-unread').textContent === '1'")
            assert phones[listener].locator(".talk-unread").is_visible()
            for phone in phones.values():
                open_tab(phone, "dia")
                phone.wait_for_function(
                    "t => [...document.querySelectorAll('.talk-messages .text')].some(e => e.textContent === t)",
                    arg=hello,
                )
                # Text, never HTML: no <i> element came out of it.
                assert phone.locator(".talk-messages i").count() == 0
                # Read: no count left on the tab or on the panel's title.
                assert phone.locator('.talk-tab[data-channel="dia"] .count').count() == 0
                assert not phone.locator(".talk-unread").is_visible()
            # The panel is below the prompt: the keyboard, opening under the field being typed in, never covers
            # the prompt's buttons (all of them end above the field, whatever the page's scroll).
            phone = phones[speaker]
            phone.locator(".talk-input").focus()
            buttons = phone.locator("form.prompt button").all()
            assert buttons, "the living speaker has the day's vote open"
            field_top = phone.evaluate("document.querySelector('.talk-input').getBoundingClientRect().top")
            for button in buttons:
                bottom = button.evaluate("b => b.getBoundingClientRect().bottom")
                assert bottom <= field_top, (button.inner_text(), bottom, field_top)
            phones[speaker].screenshot(path=str(ARTIFACTS / "charla-dia.png"), full_page=True)

        # Villagers never saw the wolves' words, anywhere on the page.
        for name in villagers:
            assert "lobos" not in tabs(phones[name])
            assert "Vamos" not in (phones[name].text_content("body") or "")
        browser.close()
