"""Players' names (velada/web/names.py): what a seat may be called, and which names are too alike to share a
table."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from velada.web.names import MAX_NAME, BadName, check_name, skeleton
from velada.web.render import MESSAGES


def refusal(name: str, taken=("Ana",)) -> BadName:
    with pytest.raises(BadName) as info:
        check_name(name, taken)
    return info.value


def test_un_nombre_normal_se_acepta_normalizado():
    assert check_name("  Ana   María ", []) == "Ana María"
    assert check_name("José", ["Jose Luis"]) == "José"
    assert check_name("Ｂｅａ", []) == "Bea"  # fullwidth letters are the ordinary ones
    assert check_name("🦊 Zorro", ["Ana"]) == "🦊 Zorro"
    assert check_name("Ñandú", []) == "Ñandú"
    assert check_name("Ana", []) == "Ana"


@pytest.mark.parametrize(
    "name",
    [
        "Ana\u200b",  # zero-width space
        "\u200b",
        "A\u200dna",  # zero-width joiner
        "\ufeffAna",  # byte order mark
        "Ana\u202e",  # right-to-left override
        "\u2067Ana\u2069",  # right-to-left isolate
        "Ana\u00ad",  # soft hyphen
        "Ana\x00",
        "Ana\nBea",
        "Ana\tBea",
        "Ana\x7f",
        "Ana\u2028",  # line separator
        "Ana\ue000",  # private use
        "Ana\U000e0001",  # language tag
        "Ana\U0010ffff",  # a noncharacter
        "Ana" + "\u0301" * 5,  # a stack of combining accents
    ],
)
def test_caracteres_invisibles_de_control_o_de_formato_se_rechazan(name):
    bad = refusal(name, taken=())
    assert bad.code == "name-bad-char" and bad.params["char"].startswith("U+")


@pytest.mark.parametrize("name", ["", " ", "   \u3000 ", "\u00a0"])
def test_un_nombre_vacio_se_rechaza(name):
    assert refusal(name, taken=()).code == "name-empty"


def test_un_nombre_demasiado_largo_se_rechaza_sin_cortarlo():
    assert check_name("x" * MAX_NAME, []) == "x" * MAX_NAME
    for name in ("x" * (MAX_NAME + 1), "x" * 200, "x" * 100_000):
        bad = refusal(name, taken=())
        assert bad.code == "name-too-long" and bad.params == {"max": MAX_NAME}
    # Counted after normalisation: spaces that collapse do not count.
    assert check_name("  " + "x" * MAX_NAME + "  ", []) == "x" * MAX_NAME


def test_la_arroba_y_el_sufijo_de_los_bots_son_del_protocolo():
    assert refusal("@public", taken=()).code == "name-at"
    assert refusal("＠narrator", taken=()).code == "name-at"
    assert refusal("Ana (bot)", taken=()).code == "name-reserved"
    assert refusal("Ana (BOT)", taken=()).code == "name-reserved"


@pytest.mark.parametrize("name", ["Ana", "ana", "ANA", " Ana ", "Ａｎａ"])
def test_el_mismo_nombre_con_otras_mayusculas_esta_ocupado(name):
    bad = refusal(name)
    assert bad.code == "name-taken" and bad.params == {"name": "Ana"}


@pytest.mark.parametrize(
    "name",
    [
        "\u0410na",  # Cyrillic capital A
        "An\u0430",  # Cyrillic small a
        "\u0391na",  # Greek capital Alpha
        "Ána",
        "A\u0301na",  # the accent as a combining mark
        "A na",
    ],
)
def test_un_nombre_que_se_confunde_con_uno_ocupado_se_rechaza(name):
    bad = refusal(name)
    assert bad.code == "name-confusable" and bad.params == {"name": "Ana"}


def test_parecidos_de_otras_escrituras_y_formas_latinas():
    assert skeleton("Ρере") == skeleton("Pepe")  # Greek Rho, Cyrillic e and r
    assert skeleton("ΝΑΤΟ") == skeleton("nato")
    assert skeleton("Isabel") == skeleton("lsabel") == skeleton("1sabel")
    assert skeleton("Marta") == skeleton("Rnarta".lower())
    assert skeleton("Ana") != skeleton("Ano") and skeleton("Bea") != skeleton("Eva")
    assert refusal("Pablo", taken=["Раblо"]).code == "name-confusable"


@given(st.text(max_size=40))
def test_lo_que_se_acepta_es_visible_corto_y_estable(name):
    try:
        accepted = check_name(name, [])
    except BadName as bad:
        assert bad.code in {"name-empty", "name-too-long", "name-bad-char", "name-at", "name-reserved"}
        return
    assert 0 < len(accepted) <= MAX_NAME and accepted == accepted.strip()
    assert not any(unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co", "Cn"} for ch in accepted)
    assert check_name(accepted, []) == accepted  # normalising twice changes nothing
    with pytest.raises(BadName):
        check_name(accepted, [accepted])


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(
    "name, taken",
    [("", ()), ("x" * 30, ()), ("Ana\u200b", ()), ("@x", ()), ("X (bot)", ()), ("ana", ["Ana"]), ("Аna", ["Ana"])],
)
def test_cada_rechazo_tiene_su_texto_en_cada_idioma(lang, name, taken):
    bad = refusal(name, taken)
    key = f"error.{bad.code}"
    assert key in MESSAGES.messages[lang], key
    text = MESSAGES.text(lang, key, **bad.params)
    assert "{" not in text and text
