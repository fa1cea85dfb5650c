from velada.core.i18n import Catalog
from velada.core.options import ChoiceOption, FlagOption, IntOption, SetOption, normalize, parse_assignments


def test_opciones_se_normalizan_una_vez_con_sus_valores_por_defecto():
    specs = [ChoiceOption("voto", "simple", ("simple", "dos-rondas")), IntOption("n", 3, 1, 5), FlagOption("x", "no")]
    assert normalize(specs, {"n": "4"}) == {"voto": "simple", "n": 4, "x": False}
    assert normalize(specs, {"x": True, "voto": "DOS-RONDAS"}) == {"voto": "dos-rondas", "n": 3, "x": True}


def test_conjunto_de_opciones_respeta_el_orden_declarado():
    spec = SetOption("especiales", "auto", ("vidente", "bruja", "nina"), auto=True)
    assert spec.parse("nina,vidente") == ("vidente", "nina")
    assert spec.parse(["bruja"]) == ("bruja",)
    assert spec.parse("ninguno") == ()
    assert spec.parse("auto") == "auto"
    assert spec.format(spec.parse("nina,bruja")) == "bruja,nina"


def test_option_clave_valor_de_la_linea_de_ordenes():
    assert parse_assignments(["a=1", "b = dos"]) == {"a": "1", "b": "dos"}


def test_catalogo_cae_al_espanol_y_luego_a_la_clave():
    catalog = Catalog({"es": {"hola": "Hola, {name}", "solo": "Solo"}, "en": {"hola": "Hello, {name}"}})
    assert catalog.text("en", "hola", name="Ana") == "Hello, Ana"
    assert catalog.text("en", "solo") == "Solo"
    assert catalog.text("en", "nada") == "nada"
