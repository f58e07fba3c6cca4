"""The page in a real browser (Debian's Chromium driven by Playwright, no browser download):
create a table, play a whole 2-player Briscola deal by clicking, open the knowledge panel, see
the analysis, download the record, replay it. The pictures the docs show are taken along the
way; they replace those in docs/images only with ``ACETEN_DOC_SHOTS=1`` (a test run leaves the
checkout as it found it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
playwright = pytest.importorskip("playwright.sync_api")
if not os.path.exists(CHROMIUM):  # pragma: no cover - .ci/run installs it
    pytest.skip(f"no browser at {CHROMIUM} (apt-get install -y chromium)", allow_module_level=True)

from aceten import record  # noqa: E402
from test_web_server import free_port, serve  # noqa: E402

DOC_IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]


@pytest.fixture(scope="module")
def doc_images(tmp_path_factory):
    """Where the docs' pictures go: docs/images when asked to refresh them, else a scratch folder."""
    if os.environ.get("ACETEN_DOC_SHOTS") == "1":
        return DOC_IMAGES
    return tmp_path_factory.mktemp("doc-images")


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.mark.slow
@pytest.mark.usefixtures("compiled_kernels")  # the server's pimc bot loads them
def test_play_a_briscola_deal_in_the_browser(browser, tmp_path, doc_images):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve(tmp_path / "browser.sqlite", port, bot_delay=0.05):
        page = browser.new_page(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
        page.set_default_timeout(600_000)  # hang guards only, not Playwright's 30 s
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "/")
        page.evaluate("localStorage.setItem('aceten:hold', '120')")
        page.goto(base + "/")
        page.select_option("#f-game", "briscola")
        page.select_option("#f-players", "2")
        page.click("details.options summary")
        page.fill("#f-seed", "7")
        page.click("#f-create")
        page.wait_for_url("**/table/**")
        assert "#seat=0&token=" in page.url
        table_id = page.url.split("/table/")[1].split("#")[0]
        # a spectator sees the table with no hand
        spectator = browser.new_page(viewport={"width": 1200, "height": 900})
        spectator.set_default_timeout(600_000)
        spectator.goto(f"{base}/table/{table_id}")
        spectator.wait_for_selector("#t-status:not(:empty)")
        clicks = 0
        while True:
            page.wait_for_selector("#t-hand button.legal:enabled, #t-result:not([hidden])", timeout=600_000)
            if page.is_visible("#t-result"):
                break
            legal = page.locator("#t-hand button.legal:enabled")
            # only legal cards are enabled
            assert page.locator("#t-hand button:not(.legal):enabled").count() == 0
            legal.first.click()
            clicks += 1
            if clicks == 8:  # the last trick and the knowledge panel, in the picture for the docs
                page.click("#t-last-btn")
                page.wait_for_selector("#t-last .lt")
                page.click("#p-knowledge summary")
                page.wait_for_selector("#t-knowledge :is(.unavailable, .kn-opp)")
                page.wait_for_timeout(300)
                page.screenshot(path=str(doc_images / "web-table.png"))
        assert clicks == 20  # P1 plays each of its 20 cards
        assert page.locator("#t-hand button").count() == 0
        assert "wins" in page.inner_text("#t-result-text") or "draw" in page.inner_text("#t-result-text")
        assert spectator.locator("#t-hand button").count() == 0
        spectator.wait_for_selector("#t-result:not([hidden])")
        # after the deal: the knowledge panel says every card is known; the analysis section
        assert "The deal is over" in page.inner_text("#t-knowledge")
        assert page.is_visible("#p-analysis")
        page.wait_for_selector("#t-analysis :is(.unavailable, table)")
        # the record
        with page.expect_download() as download:
            page.click("#t-download")
        path = tmp_path / "game.tgn"
        download.value.save_as(path)
        game = record.loads(path.read_text())
        assert game.is_over() and game.seed == 7 and len(game.moves) == 40
        assert page.locator("#t-log li").count() > 40
        # and its replay, step by step
        page.goto(base + "/replay")
        page.set_input_files("#r-file", str(path))
        # a function, not an expression: Playwright evaluates an expression string with eval(),
        # which the page's Content Security Policy forbids (the wait then failed whenever the
        # record was not read by the first check)
        page.wait_for_function("() => document.querySelector('#r-text').value.length > 0")
        page.click("#replay-form button[type=submit]")
        page.wait_for_selector("#r-view:not([hidden])")
        assert page.inner_text("#r-step") == "the deal"
        page.click("#r-next")
        page.click("#r-next")
        assert page.inner_text("#r-step").startswith("move 2 of 40")
        page.click("#r-last")
        assert "wins" in page.inner_text("#r-status") or "draw" in page.inner_text("#r-status")
        # a bad link gets a page that says so, not an empty felt
        page.goto(f"{base}/table/no-such-table")
        page.wait_for_selector("#gone:not([hidden])")
        assert page.inner_text("#g-title") == "There is no such table"
        page.goto(f"{base}/table/{table_id}#seat=0&token=wrong")
        page.wait_for_selector("#gone:not([hidden])")
        assert page.inner_text("#g-title") == "This seat link does not work" and page.is_visible("#g-watch")
        assert errors == []
        spectator.close()
        page.close()
    assert (doc_images / "web-table.png").stat().st_size > 10_000


@pytest.mark.slow
def test_a_sent_move_keeps_the_hand_shut_when_the_same_position_is_drawn_again(browser, tmp_path):
    """The end of a trick's hold draws the shown position again. A card clicked in that hold
    was already sent: the hand must stay shut until the server answers, or a second click
    plays twice (it made the deal above count 21 clicks once, on a loaded CI machine)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve(tmp_path / "resend.sqlite", port, bot_delay=0.05):
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(600_000)
        page.goto(base + "/")
        page.select_option("#f-game", "briscola")
        page.select_option("#f-players", "2")
        page.select_option("[data-seat='1']", "bot:random")
        page.click("#f-create")
        page.wait_for_url("**/table/**")
        page.wait_for_selector("#t-hand button.legal:enabled")
        # hold the move back, as a slow server would, and draw the same position again
        page.evaluate("""() => { window.heldMoves = []; const send = Net.send.bind(Net);
            window.releaseMoves = () => window.heldMoves.splice(0).forEach((m) => send(m));
            Net.send = (m) => {
              if (m.type === 'move') { window.heldMoves.push(m); return true; }
              return send(m); }; }""")
        ply = page.evaluate("Table.state.ply")
        page.locator("#t-hand button.legal:enabled").first.click()
        page.evaluate("Table.render(Table.shown)")
        assert page.locator("#t-hand button:enabled").count() == 0
        assert page.evaluate("window.heldMoves.length") == 1
        # the answer comes: the game goes on and the hand opens at the next turn
        page.evaluate("window.releaseMoves()")
        page.wait_for_function("(before) => Table.state.ply > before", arg=ply)
        page.wait_for_selector("#t-hand button.legal:enabled")
        page.close()


SIZES = [(390, 844), (1366, 768)]  # a phone held upright, a common laptop
SEED = 6
LAYOUTS = [("briscola", 2, None), ("briscola", 3, None), ("cruce", 4, None), ("klaverjas", 4, None),
           ("briscola", 5, "chiamata"), ("briscola", 6, None), ("brisca", 6, None)]
CARD_BOXES = "#t-stock, .opponent, .trick-slot, #t-auction, #t-actions > *, #t-hand button.play"
# what is written on the felt: no two of these may cover each other either
BUBBLES = (".opponent .nameplate, .opponent .tags, .opponent .opp-reason, .felt-head > span, "
           ".trick-slot .who, .trick-note, #t-auction li, #t-me-label")
# the pictures of the 5- and 6-seat tables in docs/web.md
DOC_SHOTS = {("briscola", 5, 1366, "play"): "web-chiamata.png",
             ("briscola", 5, 1366, "auction"): "web-chiamata-auction.png",
             ("briscola", 5, 390, "play"): "web-chiamata-phone.png",
             ("brisca", 6, 1366, "play"): "web-six.png",
             ("briscola", 6, 390, "play"): "web-six-phone.png"}

BOXES_JS = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.offsetParent !== null)
  .map((e) => { const r = e.getBoundingClientRect();
    return {what: e.id || e.className + (e.dataset.seat ?? e.dataset.card ?? ''),
            x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height}; })"""


def overlaps(boxes: list[dict]) -> list[tuple[str, str]]:
    """Pairs of boxes that share more than a pixel each way."""
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if dx > 1 and dy > 1:
                found.append((a["what"], b["what"]))
    return found


def to_first_card(page, on_bid=None, stay: bool = False) -> None:
    """Answer the bidding (first button: pass) until a card of the hand can be played;
    ``on_bid(page, turn)`` is called at each bidding turn, before the answer. With ``stay``, the
    first answer is the second button (a bid), so that the auction comes back."""
    for turn in range(12):
        page.wait_for_selector("#t-hand button.legal:enabled, #t-actions button:enabled", timeout=20000)
        actions = page.locator("#t-actions button:enabled")
        if not actions.count():
            return
        if on_bid is not None:
            page.wait_for_timeout(300)
            on_bid(page, turn)
        (actions.nth(1) if stay and turn == 0 and actions.count() > 1 else actions.first).click()
        page.wait_for_timeout(150)
    raise AssertionError("still bidding after 12 bids")


def check_fits(page, name: str, players: int, width: int, height: int) -> None:
    """No two card boxes (nor two of the words on the felt) overlap, nothing sticks out sideways,
    and the whole hand is in view without scrolling."""
    boxes = page.evaluate(BOXES_JS, CARD_BOXES)
    assert len(boxes) >= players + 2, (name, boxes)
    assert overlaps(boxes) == [], name
    bubbles = page.evaluate(BOXES_JS, BUBBLES)
    assert len(bubbles) >= players, (name, bubbles)
    assert overlaps(bubbles) == [], name
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    hand = page.evaluate(BOXES_JS, "#t-hand button.play")
    assert hand and max(b["y"] + b["h"] for b in hand) <= height, name


@pytest.mark.slow
def test_the_table_fits_a_phone_and_a_laptop_without_overlaps(browser, tmp_path, doc_images):
    import httpx

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    shots = tmp_path / "layouts"
    shots.mkdir()
    with serve(tmp_path / "layout.sqlite", port, bot_delay=0.0):
        for game, players, variant in LAYOUTS:
            seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
            for width, height in SIZES:
                # a table per size, so that each size sees the bidding too; a fixed seed, so that
                # every run sees the same auction (with seed 6 the chiamata's auction goes to P1,
                # whose four long "call the ace of ..." buttons once pushed the phone's hand
                # 13 px off the screen)
                created = httpx.post(f"{base}/api/tables", json={"game": game, "players": players,
                                                                 "variant": variant, "seats": seats,
                                                                 "seed": SEED}).json()
                # no card animation: boxes are measured where they stay
                page = browser.new_page(viewport={"width": width, "height": height}, reduced_motion="reduce")
                errors: list[str] = []
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                page.goto(base + created["seats"][0]["link"])
                name = f"{game}-{players}-{width}x{height}"
                doc = DOC_SHOTS.get((game, players, width, "auction"))

                calls: list[int] = []

                def bidding(page, turn, name=name, players=players, width=width, height=height, doc=doc,
                            calls=calls):
                    calls.append(page.locator("#t-actions button.call-card").count())
                    page.screenshot(path=str(shots / f"{name}-bid{turn}.png"))
                    if doc:  # the last bidding turn, with the most bids on the felt
                        page.screenshot(path=str(doc_images / doc))
                    check_fits(page, f"{name} bidding {turn}", players, width, height)

                to_first_card(page, bidding, stay=variant == "chiamata")
                if variant == "chiamata":  # the explicit example: the call of a card was on the felt
                    assert max(calls) == 4, (name, calls)
                page.wait_for_timeout(300)
                page.screenshot(path=str(shots / f"{name}.png"))
                if (game, players, width) == ("cruce", 4, 390):
                    page.screenshot(path=str(doc_images / "web-phone.png"))
                check_fits(page, name, players, width, height)
                if players >= 5:  # and once more a trick later, with cards in the trick
                    page.locator("#t-hand button.legal:enabled").first.click()
                    page.wait_for_selector("#t-hand button.legal:enabled, #t-result:not([hidden])")
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(shots / f"{name}-later.png"))
                    if (game, players, width, "play") in DOC_SHOTS:
                        page.screenshot(path=str(doc_images / DOC_SHOTS[game, players, width, "play"]))
                    if not page.is_visible("#t-result"):
                        check_fits(page, name + " later", players, width, height)
                assert errors == [], (name, errors)
                page.close()
        # the lobby: the seat rows of a 4-player table stand apart at both sizes
        for width, height in SIZES:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(base + "/")
            page.select_option("#f-game", "cruce")
            page.select_option("#f-players", "4")
            fields = page.evaluate(BOXES_JS, ".seat-form select, .seat-form input, .seat-form b")
            assert len(fields) == 12 and overlaps(fields) == [], (width, fields)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.screenshot(path=str(shots / f"lobby-{width}x{height}.png"))
            # every language's words fit the width too (the top bar, the lobby's labels)
            for language in ("en", "it", "es", "ro", "nl"):
                page.evaluate(f"localStorage.setItem('aceten:lang', '{language}')")
                page.goto(base + "/")
                page.locator("#f-game option").first.wait_for(state="attached")
                assert page.evaluate("document.documentElement.lang") == language
                assert page.evaluate("document.documentElement.scrollWidth") <= width, (language, width)
            page.evaluate("localStorage.removeItem('aceten:lang')")
            page.close()


@pytest.mark.slow
@pytest.mark.usefixtures("compiled_kernels")
def animation_in_the_trick(page, classes: str) -> str:
    """The animation a trick slot with ``classes`` (those of a card the page drew) gets in the
    trick, read in one script turn from a copy put there and taken out again. Not from the card
    itself: the page draws the trick anew whenever the state changes (the bot's reply), and a
    card read between Playwright's query and its evaluation is detached, its style empty."""
    return page.evaluate("""classes => { const slot = document.createElement('div');
        slot.className = classes; document.getElementById('t-trick').append(slot);
        const name = getComputedStyle(slot).animationName; slot.remove(); return name; }""", classes)


def test_the_page_speaks_the_browsers_language_and_switches(browser, tmp_path):
    """An Italian browser gets the page in Italian (from Accept-Language), with the Italian
    deck's court letters; the menu switches to Dutch and everything drawn follows."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve(tmp_path / "lang.sqlite", port, bot_delay=0.0):
        context = browser.new_context(locale="it-IT", viewport={"width": 1366, "height": 900})
        page = context.new_page()
        page.set_default_timeout(600_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "/")
        page.evaluate("localStorage.setItem('aceten:hold', '600000')")  # a finished trick stays in view
        page.goto(base + "/")
        page.locator("#f-game option").first.wait_for(state="attached")
        assert page.inner_text("#nav-new") == "Nuovo tavolo"
        assert page.get_attribute("html", "lang") == "it"
        assert page.input_value("#lang") == "it"
        page.select_option("#f-game", "briscola")
        page.select_option("#f-players", "2")
        page.select_option("[data-seat='1']", "bot:greedy")
        page.click("#f-create")
        page.wait_for_selector("#t-hand button.legal:enabled")
        assert page.inner_text("#t-status") == "Tocca a te"
        sources = page.eval_on_selector_all("#t-hand img", "imgs => imgs.map(i => i.getAttribute('src'))")
        assert sources and all(s.endswith("?lang=it") for s in sources)
        page.locator("#t-hand button.legal:enabled").first.click()
        page.locator("#t-log li", has_text="gioca").first.wait_for()  # (no string eval: the CSP forbids it)
        # the card played slid into the trick (an animation, as motion is not reduced here)
        classes = page.wait_for_selector("#t-trick .trick-slot.arrive").get_attribute("class")
        assert animation_in_the_trick(page, classes) == "arrive"
        page.emulate_media(reduced_motion="reduce")
        assert animation_in_the_trick(page, classes) == "none"
        page.emulate_media(reduced_motion="no-preference")
        assert "plays" not in page.inner_text("#t-log")
        page.select_option("#lang", "nl")
        assert page.inner_text("#nav-new") == "Nieuwe tafel"
        page.locator("#t-log li", has_text="speelt").first.wait_for()
        assert page.text_content("#p-scores h2") == "Stand"
        page.reload()  # the choice is kept
        page.wait_for_selector("#t-status:not(:empty)")
        assert page.input_value("#lang") == "nl"
        assert errors == []
        context.close()


@pytest.mark.slow
def test_the_lobby_offers_levels_and_the_table_gives_a_hint(browser, tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve(tmp_path / "hint.sqlite", port, bot_delay=0.05):
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(120_000)  # hang guards only
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "/")
        page.select_option("#f-game", "briscola")
        page.select_option("#f-players", "2")
        levels = page.locator('[data-seat="1"] option[value^="bot:"]').evaluate_all(
            "os => os.map(o => o.value)")
        assert levels[:4] == ["bot:easy", "bot:medium", "bot:hard", "bot:expert"]
        assert page.input_value('[data-seat="1"]') in levels[:4]  # a level by default
        page.select_option('[data-seat="1"]', "bot:easy")
        page.click("#f-create")
        page.wait_for_url("**/table/**")
        page.wait_for_selector("#t-hint-btn")  # P1 leads: the person's turn
        assert "easy" in page.inner_text(".opponent .sub")
        page.click("#t-hint-btn")
        page.wait_for_selector("#t-hint .hint-text")
        hinted = page.locator("#t-hand button.hinted")
        assert hinted.count() == 1 and "legal" in (hinted.get_attribute("class") or "")
        assert page.inner_text("#t-hint .hint-text").startswith("Hint: ")
        assert errors == []


@pytest.mark.slow
def test_the_bots_reasons_are_shown_in_the_tables_language(browser, tmp_path):
    """An Italian browser at a table with a greedy bot: the bot's reasons (written in English by
    the bot) are shown in Italian in the side note and the log, read by their templates."""
    import httpx

    from aceten.web.i18n_reasons import read

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve(tmp_path / "reasons.sqlite", port, bot_delay=0.0):
        context = browser.new_context(locale="it-IT", viewport={"width": 1366, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "/")
        page.evaluate("localStorage.setItem('aceten:hold', '600000')")  # a finished trick stays
        created = httpx.post(f"{base}/api/tables", json={
            "game": "briscola", "players": 2, "seed": 4,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}).json()
        page.goto(base + created["seats"][0]["link"])
        page.wait_for_selector("#t-hand button.legal:enabled, #t-reasons li[data-reason]", state="attached")
        if not page.locator("#t-reasons li[data-reason]").count():  # P1 leads: the bot answers
            page.locator("#t-hand button.legal:enabled").first.click()
        page.wait_for_selector("#t-reasons li[data-reason]", state="attached")
        shown = page.eval_on_selector_all("#t-reasons li[data-reason]",
                                          "ls => ls.map(l => [l.dataset.reason, l.title])")
        assert shown
        for english, italian in shown:
            assert read(english) is not None, english
            assert italian != english and "{" not in italian, (english, italian)
        page.click("#p-reasons summary")
        assert page.is_visible("#t-reasons li")
        logged = page.locator("#t-log .reason").first.inner_text()
        assert logged and logged not in {english for english, _ in shown}
        assert errors == []
        context.close()


@pytest.mark.slow
def test_a_bots_counts_are_said_in_the_readers_singular_or_plural(browser, tmp_path):
    """The page says a reason's "1 point" and "2 points", "1 trump", "1 card" and "one layout"
    in the reader's singular or plural (Italian and Romanian here), by the count templates."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    english_and_italian = [
        ("pass: this hand should make only about 1 point",
         "passo: questa mano dovrebbe fare solo circa 1 punto"),
        ("pass: this hand should make only about 2 points",
         "passo: questa mano dovrebbe fare solo circa 2 punti"),
        ("pass: too weak to play with coins as trump (only 1 trump)",
         "passo: troppo debole per giocare con coins come briscola (solo 1 briscola)"),
        ("pass: too weak to play with coins as trump (only 2 trumps)",
         "passo: troppo debole per giocare con coins come briscola (solo 2 briscole)"),
        ("call coins: the most trump points (20 points in 1 card)",
         "scegli coins: il maggior numero di punti di briscola (20 punti in 1 carta)"),
        ("play 3S: tried on one layout of the cards you cannot see, it leaves your side about 1 point "
         "better off than your next-best move (about 41 by the end of the deal)",
         "gioca 3S: provata su 1 distribuzione delle carte che non vedi, lascia la tua squadra circa 1 punto "
         "meglio della seconda mossa migliore (circa 41 a fine mano)"),
        ("play 3S: tried on 2 possible layouts of the cards you cannot see, it leaves your side about "
         "2 points better off than your next-best move (about 41 by the end of the deal)",
         "gioca 3S: provata su 2 distribuzioni possibili delle carte che non vedi, lascia la tua squadra "
         "circa 2 punti meglio della seconda mossa migliore (circa 41 a fine mano)"),
    ]
    # Romanian has a third form: 2 to 19 "puncte", from 20 on "de puncte" (Unicode CLDR's few/other)
    english_and_romanian = [
        ("pass: this hand should make only about 1 point", "pas: mâna ar trebui să facă doar circa 1 punct"),
        ("pass: this hand should make only about 19 points",
         "pas: mâna ar trebui să facă doar circa 19 puncte"),
        ("pass: this hand should make only about 20 points",
         "pas: mâna ar trebui să facă doar circa 20 de puncte"),
        ("pass: this hand should make only about 102 points",
         "pas: mâna ar trebui să facă doar circa 102 puncte"),
        ("call coins: the most trump points (21 points in 1 card)",
         "alege coins: cele mai multe puncte de atu (21 de puncte în 1 carte)"),
    ]
    say = "(reasons) => reasons.map((r) => reasonText(r, { suits: [], cards: [] }, {}))"
    errors: list[str] = []
    with serve(tmp_path / "counts.sqlite", port, bot_delay=0.0):
        for locale, pairs in (("it-IT", english_and_italian), ("ro-RO", english_and_romanian)):
            context = browser.new_context(locale=locale)
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(base + "/")
            page.locator("#f-game option").first.wait_for(state="attached")  # the words are loaded
            said = page.evaluate(say, [english for english, _ in pairs])
            assert said == [translated for _, translated in pairs], locale
            assert errors == []
            context.close()
