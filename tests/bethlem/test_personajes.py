"""Cartas de personaje (section 6): the principal and secondary characters' powers."""

from .mesa import (
    CUATRO,
    abiertos,
    ataque,
    con,
    dia,
    elige,
    eventos,
    hasta_prompt,
    llamadas,
    mesa,
    muertas,
    noche,
    opciones,
    ronda,
    viva,
)


def noche_n(m, n):
    """The log of night ``n`` (narrator's), from nightfall on."""
    start = max(i for i, e in enumerate(m.state.log) if e.kind == "noche" and e.data["n"] == n)
    return m.state.log[start:]


# --- Larry Owls ------------------------------------------------------------------------------------------


def test_larry_owls_ve_la_identidad_de_una_carta_del_tablero():
    m = mesa(CUATRO)
    noche(m, {("Carlos", "larry-owls"): ["Ana:1"]})
    assert eventos(m, "vision", "Carlos") == [{"target": "Ana:1", "card": "daniel"}]
    assert eventos(m, "vision", "Dani") == []
    assert m.view("Carlos")["players"][0]["cards"][0]["card"] == "daniel"
    assert m.view("Dani")["players"][0]["cards"][0]["card"] is None


# --- El archivo ------------------------------------------------------------------------------------------


def test_el_archivo_obliga_al_amotinado_a_dar_la_posicion_de_su_carta():
    m = mesa(CUATRO)
    noche(m, {("Ana", "el-archivo"): ["Bea"]})
    assert eventos(m, "archivo", "Ana") == [{"player": "Bea", "positions": [1], "principal": False}]
    assert eventos(m, "senalado", "Bea") == [{"power": "el-archivo"}]


def test_el_archivo_pierde_su_poder_si_falla():
    m = mesa(CUATRO)
    noche(m, {("Ana", "el-archivo"): ["Carlos"]})
    assert eventos(m, "archivo-falla", "Ana") == [{"player": "Carlos", "lost": True}]
    dia(m)
    assert ("Ana", "el-archivo") not in llamadas(m)


# --- Mary Firth ------------------------------------------------------------------------------------------


def test_mary_firth_sabe_si_el_elegido_es_amotinado_y_este_no_se_levanta_esa_noche():
    m = mesa(CUATRO)
    hasta_prompt(m, "Dani", "mary-firth")
    elige(m, "Dani", "mary-firth", "Bea")
    assert eventos(m, "mary", "Dani") == [{"player": "Bea", "yes": True}]
    elige(m, "Dani", "mary-firth-suplantar")
    hasta_prompt(m, "Ana", "amotinados")
    assert ("Bea", "amotinados") not in abiertos(m)


def test_mary_firth_puede_levantarse_con_los_amotinados_fingiendo_ser_uno_de_ellos():
    m = mesa(CUATRO)
    hasta_prompt(
        m, "Ana", "amotinados", {("Dani", "mary-firth"): ["Bea"], ("Dani", "mary-firth-suplantar"): ["suplantar"]}
    )
    assert abiertos(m) == {("Ana", "amotinados"), ("Dani", "amotinados")}
    assert eventos(m, "amotinados", "Ana") == [{"players": ["Ana", "Dani"]}]
    elige(m, "Ana", "amotinados", "Carlos:1")
    elige(m, "Dani", "amotinados", "Bea:2")  # she breaks the unanimity
    assert eventos(m, "votos-amotinados", "Ana")


def test_mary_firth_solo_puede_elegir_una_vez_a_cada_jugador():
    m = mesa(CUATRO)
    noche(m, {("Dani", "mary-firth"): ["Carlos"]})
    dia(m)
    hasta_prompt(m, "Dani", "mary-firth")
    assert opciones(m, "Dani", "mary-firth") == ("Ana", "Bea")


# --- La parca ------------------------------------------------------------------------------------------------

PARCA = con(CUATRO, Dani=["mary-firth", "la-parca", "profeta", "juego-de-azar", "paciencia"])


def test_la_parca_senala_a_la_vista_de_todos_la_carta_que_debe_morir():
    m = mesa(PARCA)
    noche(m, {("Dani", "la-parca"): ["Carlos:3"]})
    assert eventos(m, "la-parca-marca", "Bea") == [{"target": "Carlos:3"}]
    assert "parca" in m.view("Bea")["players"][2]["cards"][2]["markers"]


def test_la_parca_no_puede_senalar_la_misma_carta_dos_rondas_seguidas():
    m = mesa(PARCA)
    ronda(m, {("Dani", "la-parca"): ["Carlos:3"]})
    hasta_prompt(m, "Dani", "la-parca")
    assert "Carlos:3" not in opciones(m, "Dani", "la-parca")


def test_si_desobedecen_a_la_parca_dos_rondas_seguidas_la_noche_siguiente_solo_mata_ella():
    m = mesa(PARCA)
    ronda(m, {("Dani", "la-parca"): ["Carlos:3"]})
    ronda(m, {("Dani", "la-parca"): ["Carlos:4"]})
    assert eventos(m, "la-parca-furiosa", "Ana") == [{}]
    hasta_prompt(m, "Dani", "la-parca-muerte")
    elige(m, "Dani", "la-parca-muerte", "Bea:3")
    noche(m, {("Ana", "terapia-electroshock"): ["Carlos:1"]})
    assert muertas(m) == {"terapia-opio-y-barbituricos"}  # the electroshock's attack is void tonight
    assert not any(e.kind == "amotinados" for e in noche_n(m, 3))  # the mutineers do not wake


def test_si_obedecen_a_la_parca_se_reinicia_la_cuenta():
    m = mesa(PARCA)
    ronda(m, {("Dani", "la-parca"): ["Carlos:3"]})
    ronda(m, ataque("Carlos:4", {("Dani", "la-parca"): ["Carlos:4"]}))
    assert not viva(m, "muerte-dulce")
    assert eventos(m, "la-parca-furiosa") == [] and m.state.reaper.disobeyed == 0


# --- Arthur ----------------------------------------------------------------------------------------------------


def test_arthur_salva_la_carta_protegida_del_ataque_de_los_amotinados():
    m = mesa(CUATRO)
    noche(m, ataque("Dani:1", {("Carlos", "arthur"): ["Dani:1"]}))
    assert viva(m, "mary-firth")
    assert eventos(m, "arthur-salva") and eventos(m, "arthur-salva", "Carlos") == []


def test_arthur_no_salva_de_las_muertes_posteriores_a_su_segundo_turno():
    m = mesa(CUATRO)
    noche(m, {("Carlos", "arthur"): ["Dani:1"], ("Ana", "terapia-electroshock"): ["Dani:1"]})
    assert not viva(m, "mary-firth")


def test_arthur_no_protege_la_misma_carta_dos_rondas_seguidas():
    m = mesa(CUATRO)
    ronda(m, {("Carlos", "arthur"): ["Dani:1"]})
    hasta_prompt(m, "Carlos", "arthur")
    assert "Dani:1" not in opciones(m, "Carlos", "arthur")


# --- Wakerfield ------------------------------------------------------------------------------------------------


def test_wakerfield_se_queda_la_carta_que_iba_a_morir_y_muere_en_su_lugar():
    m = mesa(CUATRO)
    hasta_prompt(m, "Dani", "wakerfield", ataque("Carlos:1"))
    assert opciones(m, "Dani", "wakerfield") == ("Carlos:1",)
    m2 = mesa(CUATRO)
    noche(m2, ataque("Carlos:1", {("Dani", "wakerfield"): ["Carlos:1"]}))
    s = m2.state
    assert s.board[3][1] == "larry-owls" and viva(m2, "larry-owls")
    assert s.board[2][0] == "wakerfield" and not viva(m2, "wakerfield")
    assert eventos(m2, "wakerfield", "Ana") == [{"player": "Dani", "target": "Carlos:1", "origin": "Dani:2"}]
    assert m2.view("Dani")["players"][3]["cards"][1]["card"] == "larry-owls"
    assert m2.view("Ana")["players"][3]["cards"][1]["card"] is None


def test_wakerfield_sin_despertar_no_ve_que_cartas_van_a_morir():
    m = mesa(CUATRO)
    hasta_prompt(m, "Dani", "wakerfield", ataque("Carlos:1"))
    prompt = m.view("Dani")["prompts"][0]
    assert [o["label"] for o in prompt["options"]] == ["Carlos, posición 1"]


# --- Siamesas --------------------------------------------------------------------------------------------------

SIAMESAS = con(
    CUATRO,
    Bea=["nathaniel", "siamesas-1", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
    Carlos=["larry-owls", "siamesas-2", "terapia-lobotomia", "muerte-dulce", "melancolia"],
    Dani=["mary-firth", "arthur", "profeta", "juego-de-azar", "paciencia"],
)
SIAMESAS_MUT = con(SIAMESAS, Bea=["ali-la-muda", "siamesas-1", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"])


def test_las_siamesas_se_conocen_la_primera_noche():
    m = mesa(SIAMESAS)
    noche(m)
    assert eventos(m, "conoces", "Bea") == [{"power": "siamesas", "players": ["Carlos"]}]
    assert eventos(m, "conoces", "Carlos") == [{"power": "siamesas", "players": ["Bea"]}]
    assert eventos(m, "conoces", "Dani") == []


def test_una_siamesa_atacada_sola_no_muere():
    m = mesa(SIAMESAS_MUT)
    noche(m, {("Ana", "amotinados"): ["Carlos:2"]})
    assert viva(m, "siamesas-2") and muertas(m) == set()


def test_las_siamesas_mueren_si_ambas_son_atacadas_la_misma_noche():
    m = mesa(SIAMESAS_MUT)
    noche(m, {("Ana", "amotinados"): ["Carlos:2"], ("Ana", "amotinados-2"): ["Bea:2"]})
    assert muertas(m) == {"siamesas-1", "siamesas-2"}


def test_siamesas_atacadas_en_noches_distintas_no_mueren():
    m = mesa(SIAMESAS_MUT)
    ronda(m, {("Ana", "amotinados"): ["Carlos:2"]})
    noche(m, {("Ana", "amotinados"): ["Bea:2"]})
    assert muertas(m) == set()


# --- Krugman "el director" -------------------------------------------------------------------------------------

DIRECTOR = con(CUATRO, Dani=["krugman", "wakerfield", "profeta", "juego-de-azar", "paciencia"])


def test_el_director_no_actua_la_primera_noche():
    m = mesa(DIRECTOR)
    noche(m, ataque("Carlos:1"))
    assert not any(e.kind == "director-poder" for e in m.state.log)
    assert not any(p.kind == "director" for p in m.pending())


def test_el_director_toma_el_poder_de_una_carta_muerta_y_lo_usa_en_su_turno():
    m = mesa(DIRECTOR)
    ronda(m, ataque("Carlos:1"))
    assert not viva(m, "larry-owls")
    hasta_prompt(m, "Dani", "director")
    assert opciones(m, "Dani", "director") == ("Carlos:1",)
    elige(m, "Dani", "director", "Carlos:1")
    assert eventos(m, "director-poder", "Bea") == [{"target": "Carlos:1", "card": "larry-owls"}]
    hasta_prompt(m, "Dani", "larry-owls")
    elige(m, "Dani", "larry-owls", "Bea:1")
    assert eventos(m, "vision", "Dani") == [{"target": "Bea:1", "card": "nathaniel"}]


def test_el_director_no_puede_repetir_carta():
    m = mesa(DIRECTOR)
    ronda(m, ataque("Carlos:1"))
    ronda(m, {("Dani", "director"): ["Carlos:1"]})
    assert m.state.director.taken == ["larry-owls"]
    assert ("Dani", "director") not in llamadas(m)  # the only dead card was taken already


def test_el_director_con_el_poder_de_un_amotinado_mata_solo_despues_de_ellos():
    deal = con(DIRECTOR, Ana=["daniel", "el-archivo", "terapia-electroshock", "el-cataleptico", "responsabilidad"])
    m = mesa(deal)
    ronda(m, {("Ana", "terapia-electroshock"): ["Bea:1"]})  # Nathaniel dies
    assert not viva(m, "nathaniel")
    hasta_prompt(m, "Dani", "director", {})
    elige(m, "Dani", "director", "Bea:1")
    hasta_prompt(m, "Dani", "director-amotinado", {("Ana", "amotinados"): ["Carlos:2"]})
    assert "Dani:1" not in opciones(m, "Dani", "director-amotinado")
    elige(m, "Dani", "director-amotinado", "Carlos:3")
    noche(m)
    assert {"arthur", "terapia-lobotomia"} <= muertas(m)


def test_el_director_con_el_poder_de_ali_espia_a_los_amotinados():
    deal = con(DIRECTOR, Carlos=["ali-la-muda", "arthur", "terapia-lobotomia", "muerte-dulce", "melancolia"])
    m = mesa(deal, ali_riesgo=0)
    ronda(m, ataque("Carlos:1"))
    assert not viva(m, "ali-la-muda")
    hasta_prompt(m, "Dani", "director")
    elige(m, "Dani", "director", "Carlos:1")
    hasta_prompt(m, "Dani", "ali-la-muda")
    elige(m, "Dani", "ali-la-muda", "espiar")
    elige(m, "Ana", "amotinados")
    elige(m, "Bea", "amotinados")
    assert eventos(m, "ali-espia", "Dani") == [{"players": ["Ana", "Bea"]}]


# --- Ali "la muda" ---------------------------------------------------------------------------------------------

ALI = con(CUATRO, Carlos=["ali-la-muda", "arthur", "terapia-lobotomia", "muerte-dulce", "melancolia"])


def test_ali_puede_espiar_a_los_amotinados():
    m = mesa(ALI, ali_riesgo=0)
    hasta_prompt(m, "Carlos", "ali-la-muda")
    elige(m, "Carlos", "ali-la-muda", "espiar")
    elige(m, "Ana", "amotinados")
    elige(m, "Bea", "amotinados")
    assert eventos(m, "ali-espia", "Carlos") == [{"players": ["Ana", "Bea"]}]
    assert eventos(m, "ali-descubierta", "Ana") == []


def test_si_descubren_a_ali_espiando_los_amotinados_saben_quien_es():
    m = mesa(ALI, ali_riesgo=100)
    hasta_prompt(m, "Carlos", "ali-la-muda")
    elige(m, "Carlos", "ali-la-muda", "espiar")
    elige(m, "Ana", "amotinados")
    elige(m, "Bea", "amotinados")
    assert eventos(m, "ali-descubierta", "Ana") == [{"player": "Carlos"}]
    assert eventos(m, "descubierta", "Carlos") == [{}]


def test_ali_puede_espiar_una_sola_vez_el_turno_de_un_personaje():
    m = mesa(ALI)
    hasta_prompt(m, "Carlos", "ali-la-muda-turno")
    assert "mary-firth" in opciones(m, "Carlos", "ali-la-muda-turno")
    assert "siamesas" not in opciones(m, "Carlos", "ali-la-muda-turno")
    elige(m, "Carlos", "ali-la-muda-turno", "mary-firth")
    noche(m)
    assert eventos(m, "ali-ve", "Carlos") == [{"player": "Dani", "power": "mary-firth"}]
    dia(m)
    assert ("Carlos", "ali-la-muda-turno") not in llamadas(m)
    assert m.state.ali.spent


def test_las_siamesas_mueren_si_ambas_son_atacadas_el_mismo_dia():
    m = mesa(SIAMESAS_MUT, eventos=["provocaste-al-barbero", "milagrero", "leproso", "despertar"])
    ronda(m)
    noche(m)
    hasta_prompt(m, "Ana", "provocaste-al-barbero", {("Ana", "evento-dia"): ["provocaste-al-barbero"]})
    elige(m, "Ana", "provocaste-al-barbero", "Bea:2")
    assert viva(m, "siamesas-1")  # attacked alone: she lives
    hasta_prompt(m, "Ana", "linchamiento")
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos"] if p.player != "Carlos" else [])
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos:2"])
    assert muertas(m) == {"siamesas-1", "siamesas-2"}
