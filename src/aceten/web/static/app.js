// aceten web table: the page. Plain JavaScript, no build step, nothing loaded from elsewhere.
// Every server string is put in the page with textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
};
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const P = (seat) => (seat === null || seat === undefined ? "--" : `P${seat + 1}`);
// where each seat sits, counted from the bottom (you) in the order of play
const SPOTS = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "tl", "tr", "right"], 6: ["bottom", "left", "tl", "top", "tr", "right"] };
const params = new URLSearchParams(location.search);
// ms a finished trick stays in view (?hold=ms, or localStorage "aceten:hold")
const HOLD = Math.max(0, Number(params.get("hold") ?? localStorage.getItem("aceten:hold") ?? 1100));

let toastTimer = null;
function toast(text, kind = "error") {
  const box = $("toast");
  box.textContent = text;
  box.className = "toast" + (kind === "info" ? " info" : "");
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 4500);
}

// a bot's reason, short: its first clause, at most 90 characters (the whole in the tooltip)
function shortReason(text) {
  const first = text.split(/(?<=[.;])\s/)[0];
  return first.length <= 90 ? first : first.slice(0, 88).replace(/\s+\S*$/, "") + "…";
}

// a probability bar; its width is set through the CSSOM (the CSP allows no style attributes)
function bar(p) {
  const i = el("i");
  i.style.width = `${Math.round(p * 40)}px`;
  return i;
}

function cardImg(game, code, cls = "card", title = null) {
  const lang = I18N.lang === "en" ? "" : `?lang=${I18N.lang}`;  // the court letters players write
  return el("img", { class: cls, src: `/api/cards/${game}/${encodeURIComponent(code)}.svg${lang}`,
    alt: title || code, title: title || code, draggable: "false", "data-card": code });
}

// -- languages: every word of the page comes from /api/i18n (aceten/web/i18n.py) -------------------
const I18N = {
  data: null, lang: "en",
  async load() {
    try { const r = await fetch("/api/i18n"); if (r.ok) this.data = await r.json(); } catch { this.data = null; }
    const langs = this.data ? this.data.languages : { en: "English" };
    const saved = localStorage.getItem("aceten:lang");
    this.lang = saved && langs[saved] ? saved : (this.data ? this.data.default : "en");
    const pick = $("lang");
    pick.replaceChildren(...Object.entries(langs).map(([code, name]) => el("option", { value: code, text: name,
      selected: code === this.lang })));
    pick.addEventListener("change", () => {
      this.lang = pick.value;
      localStorage.setItem("aceten:lang", this.lang);
      this.apply();
      rerender();
    });
    this.apply();
  },
  apply() {
    document.documentElement.lang = this.lang;
    if (!this.data) return;  // the English of the page stays
    for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
    for (const node of document.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
    for (const node of document.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
    for (const node of document.querySelectorAll("[data-i18n-aria-label]")) node.setAttribute("aria-label", t(node.dataset.i18nAriaLabel));
  },
};

// a text of the page in the reader's language; its "one|other" (or more) forms are chosen by vars.n
function t(key, vars = {}) {
  const texts = I18N.data ? I18N.data.texts : { en: {} };
  const own = (texts[I18N.lang] || {})[key];
  let text = own ?? texts.en[key] ?? key;
  if (text.includes("|")) text = pluralForm(text.split("|"), own === undefined ? "en" : I18N.lang, vars.n);
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}
// the form for count n: the language's plural categories (i18n.PLURALS) name the forms in order,
// and Intl.PluralRules says which one n takes (Romanian: 1 punct, 2 puncte, 20 de puncte)
function pluralForm(forms, lang, n) {
  const categories = (I18N.data && I18N.data.plurals && I18N.data.plurals[lang]) || ["one", "other"];
  let category = n === 1 ? "one" : "other";
  try { category = new Intl.PluralRules(lang).select(n); } catch (e) { /* no Intl: one or other */ }
  const i = categories.indexOf(category);
  return forms[i >= 0 && i < forms.length ? i : forms.length - 1];
}
const plural = (n, key) => t(key, { n });

// a count as people read it: exact below a million, then "about 6 × 10²⁵" (as analysis.plain_count)
function plainCount(digits, key) {
  const text = String(digits);
  if (!/^\d+$/.test(text)) return text;
  if (text.length <= 6) return t(`${key}_n`, { n: Number(text).toLocaleString(I18N.lang) });
  let exp = text.length - 1;
  let lead = Math.round(Number(text.slice(0, 3)) / 100);
  if (lead === 10) { lead = 1; exp += 1; }
  const sup = String(exp).replace(/\d/g, (d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[d]);
  return t(`${key}_about`, { lead, exp: sup });
}

// the end of a deal in words: "P2 wins: P1 42 - P2 78" (from the outcome's parts)
function resultText(outcome) {
  if (!outcome.teams || !outcome.scores) return outcome.result;
  const sheet = outcome.seat_scores && outcome.seat_scores.length ? outcome.seat_scores : null;
  if (sheet && (outcome.declarer === null || outcome.declarer === undefined)) return t("thrown_in");
  const side = (team) => (team.length > 1 ? t("team_of", { seats: team.map(P).join("+") }) : P(team[0]));
  const scores = outcome.teams.map((team, i) => `${side(team)} ${outcome.scores[i]}`).join(" - ");
  const head = outcome.winner === null || outcome.winner === undefined
    ? t("result_draw", { scores }) : t("result_wins", { side: side(outcome.teams[outcome.winner]), scores });
  if (!sheet) return head;
  return `${head}. ${t("sheet_is", { list: sheet.map((v, i) => `${P(i)} ${v > 0 ? "+" : ""}${v}`).join(", ") })}`;
}

// the server's error texts are English: shown in the reader's language when they are known ones
function errorText(text) {
  for (const [pattern, key] of (I18N.data ? I18N.data.errors : [])) {
    const m = new RegExp(pattern.replace(/\(\?P</g, "(?<")).exec(text);
    if (m) return t(key, m.groups || {});
  }
  return text;
}

// card and suit names as the reader's players say them ("asso di spade"); English from the deck
function cardNames(deck) {
  const names = {};
  const local = I18N.data && (I18N.data.cards[I18N.lang] || {})[deck.family];
  for (const c of deck.cards) {
    names[c.code] = local && local.ranks[c.rank] && local.suits[c.suit]
      ? local.format.replace("{rank}", local.ranks[c.rank]).replace("{suit}", local.suits[c.suit]) : c.name;
  }
  return names;
}
// a rank's name as the reader's players say it ("asso"), for the auction's bids
function rankName(deck, letter) {
  const local = deck && I18N.data && (I18N.data.cards[I18N.lang] || {})[deck.family];
  if (local && local.ranks[letter]) return local.ranks[letter];
  return (deck && deck.ranks && deck.ranks[letter]) || letter;
}

// a bot's reason (English, from the server) in the reader's language: read by the template that
// matches it whole (aceten/web/i18n_reasons.py), its blanks put in the reader's words; a reason
// no template reads stays as the bot wrote it
function reasonText(text, deck, names) {
  if (!text || I18N.lang === "en" || !I18N.data || !I18N.data.reasons || !deck) return text;
  for (const [pattern, key] of I18N.data.reasons) {
    const m = new RegExp(pattern.replace(/\(\?P</g, "(?<")).exec(text);
    if (!m) continue;
    const vars = {};
    for (const [blank, value] of Object.entries(m.groups || {})) vars[blank] = reasonPart(blank, value, deck, names);
    return t(key, vars);
  }
  return text;
}
function reasonPart(blank, value, deck, names) {
  const kind = blank.replace(/\d+$/, "");
  if (kind === "card") return reasonCard(value, deck, names);
  if (kind === "suit") {
    const suit = deck.suits.find((u) => u && u.name === value);
    return suit ? suitName(deck, suit.letter) : value;
  }
  if (kind === "seats") return value.split(" and ").join(` ${t("reason_and")} `);
  if (kind === "layouts") return t("reason_layouts_n", { n: /^(?:one )?layout$/.test(value) ? 1 : Number(value.split(" ")[0]) });
  // a count and its noun ("1 point", "12 points"): the number in the reader's singular or plural
  if (kind === "points" || kind === "trumps" || kind === "cards") return t(`reason_${kind}_n`, { n: Number(value.split(" ")[0]) });
  if (kind === "how") {  // the searcher's: solved exactly or played out, the likelier layouts first
    const how = t(/exactly$/.test(value) ? "reason_how_exact" : "reason_how_playout");
    return /^the likelier/.test(value) ? t("reason_how_likely", { how }) : how;
  }
  if (kind === "rank") return rankName(deck, value);
  if (kind === "bid") return Table.moveLabel(value, "auction");
  if (kind === "move") return names[value] || Table.moveLabel(value);
  return value;
}
function reasonCard(value, deck, names) {
  if (/a hidden card$/.test(value)) return t("hidden_card");
  if (names[value]) return names[value];  // a code: 7O
  const words = value.replace(/^the /, "");
  const card = deck.cards.find((c) => c.name === words);
  if (card) return names[card.code] || words;
  const trump = /^(\S+) of trumps$/.exec(words);
  if (trump) {
    const letter = Object.keys(deck.ranks || {}).find((r) => deck.ranks[r] === trump[1]);
    return t("reason_card_of_trumps", { rank: letter ? rankName(deck, letter) : trump[1] });
  }
  return value;
}

function suitName(deck, letter) {
  const local = deck && I18N.data && (I18N.data.cards[I18N.lang] || {})[deck.family];
  if (local && local.suits[letter]) return local.suits[letter];
  const x = deck ? deck.suits.find((u) => u && u.letter === letter) : null;
  return x ? x.name : letter;
}

// -- pages -----------------------------------------------------------------------------------------
function show(page) {
  for (const id of ["lobby", "table", "replay", "gone"]) $(id).hidden = id !== page;
}

function route() {
  const path = location.pathname;
  if (path.startsWith("/table/")) {
    show("table");
    Table.open(decodeURIComponent(path.slice(7)));
  } else if (path === "/replay") {
    show("replay");
    Replay.init();
  } else {
    show("lobby");
    Lobby.init();
  }
}

// -- the lobby: create a table ------------------------------------------------------------------
const Lobby = {
  catalogue: null,
  async init() {
    if (this.catalogue) return;
    const r = await fetch("/api/games");
    this.catalogue = await r.json();
    const games = $("f-game");
    for (const g of this.catalogue.games) games.append(el("option", { value: g.name, text: g.title }));
    games.addEventListener("change", () => this.gameChanged());
    $("f-players").addEventListener("change", () => this.variants());
    $("create-form").addEventListener("submit", (e) => { e.preventDefault(); this.create(); });
    this.gameChanged();
  },
  game() { return this.catalogue.games.find((g) => g.name === $("f-game").value); },
  gameChanged() {
    const g = this.game();
    const players = $("f-players");
    players.replaceChildren(...g.players.map((n) => el("option", { value: n, text: t("n_players", { n }) })));
    const box = $("f-options");
    box.replaceChildren();
    for (const o of g.options) {
      let input;
      if (o.choices) {
        input = el("select", { name: o.name, "data-option": o.name });
        for (const c of o.choices) {
          const text = c === true ? "yes" : c === false ? "no" : String(c);
          const shown = c === true ? t("yes") : c === false ? t("no") : String(c);
          input.append(el("option", { value: text, text: shown + (c === o.default ? ` ${t("default_mark")}` : ""),
            selected: c === o.default }));
        }
      } else {
        input = el("input", { type: "text", name: o.name, "data-option": o.name,
          placeholder: o.default === null ? t("default") : String(o.default) });
      }
      box.append(el("label", { title: o.doc }, o.name.replace(/_/g, " "), input));
    }
    this.variants();
  },
  // the variants played by the chosen number of players (a variant may need its own count)
  variants() {
    const g = this.game();
    const n = Number($("f-players").value);
    const fits = g.variants.filter((v) => !g.variant_players || (g.variant_players[v] || []).includes(n));
    $("f-variant").replaceChildren(...fits.map((v) => el("option", { value: v, text: v })));
    $("f-variant").disabled = fits.length < 2;
    this.seats();
  },
  seats() {
    const n = Number($("f-players").value);
    const box = $("f-seats");
    box.replaceChildren();
    for (let i = 0; i < n; i++) {
      const kind = el("select", { "data-seat": i });
      kind.append(el("option", { value: "human", text: i === 0 ? t("you") : t("a_person") }));
      // the levels first (easy to expert), then the other bots by name
      const levels = this.catalogue.levels || [];
      for (const b of levels) kind.append(el("option", { value: "bot:" + b, text: t("level_named", { level: t(`level_${b}`) }) }));
      for (const b of this.catalogue.bots.filter((x) => !levels.includes(x))) kind.append(el("option", { value: "bot:" + b, text: t("bot_named", { bot: b }) }));
      kind.value = i === 0 ? "human" : "bot:" + (this.catalogue.default_level || this.catalogue.default_bot);
      const name = el("input", { type: "text", maxlength: 24, placeholder: t("name"), "data-name": i });
      box.append(el("div", { class: "seat-form" }, el("b", { text: P(i) }), el("label", {}, t("seat"), kind),
        el("label", {}, t("name"), name)));
    }
  },
  async create() {
    const g = this.game();
    const options = {};
    for (const input of document.querySelectorAll("[data-option]")) {
      const spec = g.options.find((o) => o.name === input.dataset.option);
      const value = input.value.trim();
      if (!value) continue;
      const dflt = spec.default === true ? "yes" : spec.default === false ? "no" : String(spec.default);
      if (value !== dflt) options[spec.name] = value;
    }
    const seats = [];
    for (const sel of document.querySelectorAll("[data-seat]")) {
      const i = Number(sel.dataset.seat);
      const name = document.querySelector(`[data-name="${i}"]`).value.trim() || null;
      seats.push(sel.value === "human" ? { kind: "human", name } : { kind: "bot", bot: sel.value.slice(4), name });
    }
    const body = { game: g.name, players: Number($("f-players").value), variant: $("f-variant").value,
      options, seats };
    const seed = $("f-seed").value.trim();
    if (seed) body.seed = Number(seed);
    $("f-create").disabled = true;
    try {
      const r = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body) });
      const created = await r.json();
      if (!r.ok) { toast(errorText(created.error || t("could_not_create"))); return; }
      localStorage.setItem("aceten:invites:" + created.table, JSON.stringify(created));
      const mine = created.seats.find((s) => s.link);
      const target = mine ? mine.link : created.spectate;
      history.pushState(null, "", target);
      route();
    } catch (err) {
      toast(t("unreachable"));
    } finally {
      $("f-create").disabled = false;
    }
  },
};

// -- the connection ------------------------------------------------------------------------------
const Net = {
  ws: null, onmessage: null, onopen: null, retry: 0, nextId: 1, stopped: false, pinger: null,
  connect() {
    this.stopped = false;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => { this.retry = 0; $("conn").textContent = t("connected"); $("conn").className = "conn ok";
      if (this.onopen) this.onopen(); };
    ws.onmessage = (e) => {
      let m; try { m = JSON.parse(e.data); } catch { return; }
      // another window took this seat: do not take it back (the windows would take turns forever)
      if (m.type === "error" && m.closing && /another window/.test(m.error)) this.stopped = true;
      if (this.onmessage) this.onmessage(m);
    };
    ws.onclose = () => {
      clearInterval(this.pinger);
      if (this.stopped) { $("conn").textContent = t("closed_elsewhere"); $("conn").className = "conn down"; return; }
      $("conn").textContent = t("reconnecting"); $("conn").className = "conn down";
      const wait = Math.min(8000, 500 * 2 ** this.retry++);
      setTimeout(() => this.connect(), wait);
    };
    // the server closes sockets that send nothing for a while: say we are here
    clearInterval(this.pinger);
    this.pinger = setInterval(() => { if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}'); }, 25000);
  },
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      message.id = this.nextId++;
      this.ws.send(JSON.stringify(message));
      return true;
    }
    toast(t("not_connected"));
    return false;
  },
};

// -- a table ----------------------------------------------------------------------------------------
const Table = {
  id: null, seat: null, token: null, deck: null, names: {}, state: null, shown: null,
  queue: [], holdUntil: 0, timer: null, sent: false, knowledgeCard: null, analysisAsked: false,

  open(id) {
    this.id = id;
    const frag = new URLSearchParams(location.hash.slice(1));
    this.seat = frag.has("seat") ? Number(frag.get("seat")) : null;
    this.token = frag.get("token");
    $("t-spectate").value = `${location.origin}/table/${id}`;
    Net.onopen = () => { this.sent = false; this.join(); };  // a move lost with the old socket may be sent again
    Net.onmessage = (m) => this.receive(m);
    if (!Net.ws) Net.connect(); else this.join();
    $("t-last-btn").onclick = () => this.toggleLast();
    $("p-knowledge").addEventListener("toggle", () => { if ($("p-knowledge").open) this.askKnowledge(); });
    $("t-download").href = `/api/tables/${encodeURIComponent(id)}/record.tgn`;
    document.addEventListener("click", (e) => {
      const target = e.target.closest("[data-copy]");
      if (!target) return;
      const input = $(target.dataset.copy);
      input.select();
      navigator.clipboard?.writeText(input.value).then(() => toast(t("link_copied"), "info"), () => {});
    });
    this.invites();
  },
  // a link that leads nowhere gets a page that says so, not an empty felt
  gone(error) {
    Net.stopped = true;
    if (Net.ws) Net.ws.close();
    show("gone");
    const expired = error.startsWith("this table has expired");
    const token = error.startsWith("wrong or missing token") || error.startsWith("no seat");
    $("g-title").textContent = t(expired ? "gone_expired" : token ? "gone_token" : "gone_none");
    $("g-text").textContent = t(expired ? "gone_expired_text" : token ? "gone_token_text" : "gone_none_text");
    $("g-watch").hidden = !token;
    $("g-watch").href = `/table/${encodeURIComponent(this.id)}`;
  },
  join() {
    if (this.seat !== null && this.token) Net.send({ type: "join", table: this.id, seat: this.seat, token: this.token });
    else Net.send({ type: "spectate", table: this.id });
  },
  invites() {
    const box = $("t-invites");
    box.replaceChildren();
    let created = null;
    try { created = JSON.parse(localStorage.getItem("aceten:invites:" + this.id) || "null"); } catch { created = null; }
    if (!created) return;
    for (const s of created.seats) {
      if (!s.link || s.seat === this.seat) continue;
      const input = el("input", { readonly: true, id: `invite-${s.seat}`, value: location.origin + s.link });
      box.append(el("div", { class: "link-row" }, el("span", { text: t("invite", { seat: P(s.seat) }) }), input,
        el("button", { type: "button", "data-copy": `invite-${s.seat}`, text: t("copy") })));
    }
  },

  receive(m) {
    switch (m.type) {
      case "joined":
        this.deck = m.deck; this.names = cardNames(m.deck);
        this.game = m.game;
        this.seat = m.seat;
        $("t-title").textContent = m.title;
        break;
      case "state": this.enqueue(m); break;
      case "last_trick": this.renderLast(m.trick); break;
      case "knowledge": this.knowledgeShown = m; this.renderKnowledge(m); break;
      case "analysis": this.analysisShown = m; this.renderAnalysis(m); break;
      case "hint": this.showHint(m); break;
      case "error":
        this.sent = false;
        if (!this.shown && /^(no such table|this table has expired|wrong or missing token|no seat )/.test(m.error)) {
          this.gone(m.error);
          return;
        }
        toast(errorText(m.error));
        if (this.shown) this.render(this.shown);
        break;
      default: break;
    }
  },

  // States are shown in order; a finished trick stays in view for a moment before the next.
  enqueue(state) {
    this.queue.push(state);
    this.pump();
  },
  pump() {
    clearTimeout(this.timer);
    while (this.queue.length) {
      const wait = this.holdUntil - Date.now();
      if (wait > 0) { this.timer = setTimeout(() => this.pump(), wait); return; }
      const next = this.queue.shift();
      const before = this.shown;
      const finished = before && next.tricks.length > before.tricks.length && HOLD > 0;
      this.render(next, finished ? next.last_trick : null);
      if (finished) {
        this.holdUntil = Date.now() + HOLD;
        this.timer = setTimeout(() => { if (!this.queue.length) this.render(this.shown); else this.pump(); }, HOLD);
        return;
      }
    }
  },

  render(s, justFinished = null) {
    // a re-render of the same position (the end of a trick's hold) keeps a sent move sent: the
    // hand must not come back to life and take a second click before the server answers
    if (!this.state || s.ply !== this.state.ply) this.sent = false;
    this.state = s; this.shown = s;
    const n = s.players;
    const me = s.seat;
    const bottom = me === null ? 0 : me;
    const rel = (seat) => (seat - bottom + n) % n;
    const spot = (seat) => (SPOTS[n] || SPOTS[4])[rel(seat)];
    const info = s.seats;
    const label = (seat) => {
      const st = info[seat];
      return st.name ? `${P(seat)} ${st.name}` : P(seat);
    };
    // head
    $("t-title").textContent = s.title + (s.variant !== "standard" ? ` · ${s.variant}` : "") + ` · ${t("n_players", { n })}`;
    const trumpName = s.trump ? suitName(this.deck, s.trump.letter) : null;
    $("t-trump").textContent = s.trump ? t("trumps", { suit: trumpName }) : (s.phase === "call" ? t("trumps_to_call") : "");
    let status = "";
    if (s.outcome) status = t("deal_over");
    else if (s.to_move === me && me !== null) status = t(s.phase === "bid" || s.phase === "auction" ? "your_bid" : s.phase === "call" ? "your_call" : s.phase === "call-card" ? "your_call_card" : "your_turn");
    else if (info[s.to_move].kind === "bot") status = t("thinking", { who: label(s.to_move) });
    else status = t("waiting_for", { who: label(s.to_move) });
    $("t-status").textContent = status;
    this.renderSetup(s.setup);
    this.renderCall(s, label);

    // opponents
    const arena = $("arena");
    arena.className = `arena n${n}` + (n >= 5 ? " many" : "");
    for (const old of arena.querySelectorAll(".opponent")) old.remove();
    for (let seat = 0; seat < n; seat++) {
      if (seat === bottom && me !== null) continue;
      if (seat === bottom && me === null) {
        // a spectator: the bottom seat is shown like the others
      }
      const where = spot(seat);
      const box = el("div", { class: `opponent opp-${where}`, "data-seat": seat });
      const st = info[seat];
      const plate = el("div", { class: "nameplate" + (s.to_move === seat && !s.outcome ? " turn" : "") },
        el("span", { class: "dot" + (st.kind === "bot" || st.online ? " on" : "") }), label(seat),
        el("span", { class: "sub", text: st.kind === "bot" ? t("bot_kind", { bot: st.bot }) : t(st.online ? "online" : "away") }));
      const backs = el("div", { class: "backs" });
      const open = s.open_cards[seat] || [];
      for (let i = 0; i < s.hand_sizes[seat] - open.length; i++) backs.append(cardImg(s.game, "back", "card", t("hidden_card")));
      const opens = el("div", { class: "open-cards" }, ...open.map((c) => cardImg(s.game, c, "card small", this.names[c])));
      const stats = el("div", { class: "opp-reason", text: `${plural(s.tricks_won[seat], "trick_n")} · ${plural(s.points[seat], "point_n")}` });
      const said = this.bidOf(s, seat);
      const role = this.roleOf(s, seat);
      const tags = said || role ? el("div", { class: "tags" }, said ? el("span", { class: "bid-badge", text: said }) : null,
        role ? el("span", { class: `role-badge role-${role}`, text: t(`role_${role}`) }) : null) : null;
      box.append(...[plate, tags, backs, opens, stats].filter(Boolean));
      arena.append(box);
    }

    // the trick
    const trickBox = $("t-trick");
    trickBox.className = `trick n${n}` + (n >= 5 ? " many" : "");
    trickBox.replaceChildren();
    const plays = justFinished ? justFinished.cards.map((c, i) => ({ ...c, reason: (justFinished.reasons || [])[i] })) : s.trick;
    // a card new to the trick slides in from its player's side (not with prefers-reduced-motion)
    const before = this.trickKeys;  // none at the first picture: nothing moves when the page opens
    this.trickKeys = new Set(plays.map((p) => `${p.seat}:${p.card}`));
    for (const p of plays) {
      const fresh = before && !before.has(`${p.seat}:${p.card}`) ? ` arrive from-${spot(p.seat)}` : "";
      const slot = el("div", { class: `trick-slot pos-${spot(p.seat)}` + (justFinished && p.seat === justFinished.winner ? " win" : "") + fresh,
        "data-seat": p.seat });
      slot.append(el("span", { class: "who", text: label(p.seat) }), cardImg(s.game, p.card, "card", this.names[p.card]));
      trickBox.append(slot);
    }
    if (s.phase === "auction" || s.phase === "call-card") {
      this.renderAuction(s, label, trickBox);
    } else if (justFinished) {
      trickBox.append(el("div", { class: "trick-note",
        text: t("takes", { who: P(justFinished.winner), points: plural(justFinished.points, "point_n") }) }));
    } else if (!plays.length && !s.outcome) {
      trickBox.append(el("div", { class: "trick-note", text: s.phase === "play" ? t("leads", { who: label(s.to_move) }) : "" }));
    }

    // stock and trump
    const stock = $("t-stock");
    stock.replaceChildren();
    if (s.trump_card) stock.append(el("div", { class: "turned" }, cardImg(s.game, s.trump_card, "card", t("face_up_trump", { card: this.names[s.trump_card] }))));
    if (s.stock_size > (s.trump_card ? 1 : 0)) stock.append(el("div", { class: "pile" }, cardImg(s.game, "back", "card", t("the_stock"))));
    if (s.stock_size > 0) stock.append(el("span", { class: "count", text: plural(s.stock_size, "cards_left") }));
    else if (s.trump) stock.append(el("div", { class: "trump-label", text: t("suit_trumps", { suit: trumpName }) }));

    // my hand
    const hand = $("t-hand");
    hand.replaceChildren();
    const actions = $("t-actions");
    actions.replaceChildren();
    if (me !== null) {
      const myTurn = s.to_move === me && !s.outcome && !this.sent;
      const legal = new Set(s.legal.filter((m) => m.kind === "card").map((m) => m.move));
      for (const code of s.hand) {
        const ok = myTurn && legal.has(code);
        const button = el("button", { class: "play" + (ok ? " legal" : ""), type: "button", disabled: !ok,
          "data-card": code, title: this.names[code] || code, "aria-label": t("play_card", { card: this.names[code] || code }) },
        cardImg(s.game, code, "card", this.names[code]));
        if (ok) button.addEventListener("click", () => this.play(code));
        hand.append(button);
      }
      const targets = s.legal.filter((x) => x.kind === "auction" && x.move.split(":").length === 3);
      for (const m of s.legal.filter((x) => x.kind !== "card" && !targets.includes(x))) {
        const face = m.kind === "call-card" ? cardImg(s.game, m.move.slice(5), "card mini", this.names[m.move.slice(5)]) : null;
        actions.append(el("button", { type: "button", class: face ? "call-card" : null, "data-move": m.move, disabled: !myTurn,
          onclick: () => this.play(m.move) }, face, this.moveLabel(m.move, m.kind)));
      }
      if (targets.length) {  // a bid of the lowest rank with a point target: one menu, not sixty buttons
        const pick = el("select", { id: "t-target", "aria-label": t("target_label"), disabled: !myTurn },
          ...targets.map((m) => el("option", { value: m.move, text: this.moveLabel(m.move, m.kind) })));
        actions.append(el("span", { class: "target-bid" }, pick, el("button", { type: "button", id: "t-target-bid",
          "data-move": "target", text: t("bid_button"), disabled: !myTurn, onclick: () => this.play(pick.value) })));
      }
      const hintRow = $("t-hint");
      hintRow.replaceChildren();
      if (myTurn) {
        hintRow.append(el("button", { type: "button", class: "hint-btn", id: "t-hint-btn", text: t("hint"),
          onclick: () => Net.send({ type: "hint" }) }));
        if (this.hinted && this.hinted.ply === s.ply) this.showHint(this.hinted);
      }
      const st = info[me];
      const said = this.bidOf(s, me);
      const role = this.roleOf(s, me);
      $("t-me-label").textContent = `${t("you_are", { who: label(me) })} · ${plural(s.tricks_won[me], "trick_n")} · ${plural(s.points[me], "point_n")}`
        + (said ? ` · ${this.auctionBid(s, me) ? t("you_bid", { bid: said }) : t("you_said", { said })}` : "")
        + (role ? ` · ${t(`role_${role}`)}` : "")
        + (st && st.online > 1 ? ` · ${t("windows", { n: st.online })}` : "");
    } else {
      $("t-me-label").textContent = t("spectating");
    }

    this.renderReasons(s, plays, label);
    this.renderScores(s, label);
    this.renderPlayers(s, label);
    this.renderLog(s);
    if (!$("t-last").hidden) this.renderLast(s.last_trick);
    if ($("p-knowledge").open) this.askKnowledge();
    $("p-knowledge-hint").textContent = t(me === null ? "kripke_spectator" : "knowledge_hint");

    // the end
    $("t-result").hidden = !s.outcome;
    if (s.outcome) {
      $("t-result-text").textContent = resultText(s.outcome);
      $("p-analysis").hidden = false;
      if (!this.analysisAsked) {
        this.analysisAsked = true;
        $("t-analysis").replaceChildren(el("div", { class: "unavailable", text: t("analysing") }));
        Net.send({ type: "analysis" });
      }
    }
  },

  // a seat's last bid or trump call, in words ("bid 2", "passed", "called hearts")
  bidOf(s, seat) {
    const mine = (s.bids || []).filter((b) => b.seat === seat);
    if (!mine.length) return null;
    const last = mine[mine.length - 1];
    const move = last.move;
    if (move === "pass" || move === "bid:0") return t("passed");
    if (last.kind === "auction") return this.moveLabel(move, "auction");
    if (move.startsWith("bid:")) return t("bid_n", { n: move.slice(4) });
    if (move.startsWith("trump:")) return t("called", { suit: suitName(this.deck, move.slice(6)) });
    return move;
  },

  // a button's words for a move that is not a card: "bid 2", "pass", "trumps: hearts"
  moveLabel(move, kind = null) {
    if (move === "pass" || move === "bid:0") return t("pass");  // a bid of 0 is a pass
    if (kind === "auction") {  // a rank, with a point target once the lowest rank is reached
      const [, rank, target] = move.split(":");
      return target ? t("bid_rank_target", { rank: this.rankName(rank), n: target }) : t("bid_rank", { rank: this.rankName(rank) });
    }
    if (move.startsWith("call:")) return t("call_card", { card: this.names[move.slice(5)] || move.slice(5) });
    if (move.startsWith("bid:")) return t("bid_n", { n: move.slice(4) });
    if (move.startsWith("trump:")) return t("trump_suit", { suit: suitName(this.deck, move.slice(6)) });
    if (move.startsWith("swap:")) return t("exchange", { card: this.names[move.slice(5)] || move.slice(5) });
    return move;
  },

  rankName(letter) { return rankName(this.deck, letter); },
  // whether a seat's last word was a bid of the auction (a rank: "you bid ace", not "you ace")
  auctionBid(s, seat) {
    const mine = (s.bids || []).filter((b) => b.seat === seat);
    return mine.length > 0 && mine[mine.length - 1].kind === "auction" && mine[mine.length - 1].move !== "pass";
  },
  reason(text) { return reasonText(text, this.deck, this.names); },

  // a seat's part with a hidden partner, as this receiver knows it: the caller from the call on;
  // the partner and the defenders once the partner is known (to the partner at once)
  roleOf(s, seat) {
    if (!s.hidden_teams || s.declarer === null || s.declarer === undefined || !s.called_card) return null;
    if (seat === s.declarer) return s.partner === s.declarer ? "alone" : "caller";
    if (s.partner === null || s.partner === undefined) return null;
    return seat === s.partner ? "partner" : "defender";
  },

  // the auction on the felt, where the trick will be: every bid and pass in order, the highest bid
  renderAuction(s, label, box) {
    box.className = "trick auction-view";
    const bids = (s.bids || []).filter((b) => b.kind === "auction");
    const high = [...bids].reverse().find((b) => b.move !== "pass");
    box.append(el("div", { class: "auction-head", text: t("auction_title") }));
    box.append(el("ol", { class: "auction-bids", id: "t-auction" }, ...bids.map((b) => el("li", { class: b.move === "pass" ? "passed" : "bid",
      "data-seat": b.seat }, el("b", { text: P(b.seat) }), " ", b.move === "pass" ? t("passed") : this.moveLabel(b.move, "auction")))));
    let note = high ? t("auction_high", { who: label(high.seat), bid: this.moveLabel(high.move, "auction") }) : t("auction_none");
    if (s.phase === "call-card") note = t("auction_won", { who: label(s.to_move), bid: high ? this.moveLabel(high.move, "auction") : "" });
    box.append(el("div", { class: "trick-note", text: note }));
  },

  // the called card, for everyone; the partner as this receiver knows it
  renderCall(s, label) {
    const chip = $("t-call");
    if (!s.called_card) { chip.textContent = ""; chip.hidden = true; return; }
    chip.hidden = false;
    const card = this.names[s.called_card] || s.called_card;
    let text = t("called_card", { who: label(s.declarer), card }) + (s.contract ? ` · ${t("must_make", { n: s.contract })}` : "");
    if (s.partner === null || s.partner === undefined) text += ` · ${t("partner_hidden")}`;
    else if (s.partner === s.declarer) text += ` · ${t("plays_alone", { who: label(s.declarer) })}`;
    else if (s.partner === s.seat && !this.revealed(s)) text += ` · ${t("you_partner", { who: label(s.declarer) })}`;
    else text += ` · ${t("partner_is", { who: label(s.partner) })}`;
    chip.textContent = text;
    chip.className = "chip call" + (s.partner !== null && s.partner !== undefined ? " known" : "");
  },
  revealed(s) { return (s.log || []).some((e) => e.kind === "reveal"); },

  // a log line in the reader's language, from the entry's parts (its English "text" otherwise)
  logText(e) {
    const who = P(e.seat);
    const card = e.card ? (this.names[e.card] || e.card) : "";
    switch (e.kind) {
      case "turn": return t("log_turn", { card, suit: suitName(this.deck, e.card.slice(-1)) });
      case "draw":
        if (!e.card) return t("log_draws", { who });
        return t(e.text.endsWith("(it lay face up)") ? "log_face_up" : "log_draws_card", { who, card });
      case "bonus": return t("log_scores", { who, what: e.what ?? "" });
      case "play": return t("log_plays", { who, card });
      case "swap": return t("log_swaps", { who, card });
      case "bid": return e.value ? t("log_bids", { who, n: e.value }) : t("log_passes", { who });
      case "call": return e.suit ? t("log_calls", { who, suit: suitName(this.deck, e.suit) }) : t("log_passes", { who });
      case "auction": return e.bid ? t("log_bids_rank", { who, bid: this.moveLabel(`bid:${e.bid.rank}` + (e.bid.target ? `:${e.bid.target}` : ""), "auction") })
        : t("log_passes", { who });
      case "call-card": return t("log_calls_card", { who, card });
      case "reveal": return e.seat === e.caller ? t("log_reveal_alone", { who, card }) : t("log_reveal", { who, card, caller: P(e.caller) });
      case "trick": {
        let text = t("log_trick", { n: e.trick, who, points: plural(e.points, "point_n") });
        if (e.bonus) text += " " + plural(e.bonus, "bonus_points");
        if (e.notes && e.notes.length) text += ` (${e.notes.join("; ")})`;
        return text;
      }
      default: return e.text;
    }
  },

  // the bots' reasons, short, in a side note that is closed until opened (never over the felt)
  renderReasons(s, plays, label) {
    const list = $("t-reasons");
    const items = plays.filter((p) => p.reason).map((p) => el("li", { title: this.reason(p.reason), "data-reason": p.reason },
      cardImg(s.game, p.card, "card mini", this.names[p.card]), el("b", { text: label(p.seat) }), " ", shortReason(this.reason(p.reason))));
    list.replaceChildren(...items);
    $("p-reasons").hidden = !s.seats.some((x) => x.kind === "bot");
    $("t-reasons-empty").hidden = items.length > 0;
    const withheld = s.hidden_teams && (s.partner === null || s.partner === undefined);
    $("t-reasons-empty").textContent = t(withheld ? "reasons_hidden" : "no_bot_yet");
  },

  // how the table deals, shown to everyone: a warning when the creator knows the deal
  renderSetup(setup) {
    const chip = $("t-setup");
    if (!setup) { chip.textContent = ""; return; }
    const options = Object.entries(setup.options).map(([k, v]) => `${k.replace(/_/g, " ")}: ${v === true ? t("yes") : v === false ? t("no") : v}`);
    let text = t("dealt_random");
    if (setup.stacked) text = t("stacked");
    else if (setup.seed_chosen) text = t("known_deal");
    chip.textContent = text;
    chip.className = "chip" + (setup.fair ? " fair" : " unfair");
    chip.title = options.length ? t("rule_options_are", { list: options.join("; ") }) : t("standard_rules");
  },

  renderScores(s, label) {
    if (s.hidden_teams) { this.renderRoleScores(s, label); return; }
    const table = $("t-scores");
    const rows = [el("tr", {}, el("th", { text: t(s.teams.some((x) => x.length > 1) ? "team" : "player") }),
      el("th", { text: t("points") }), el("th", { text: t("bonus") }), el("th", { text: t("tricks") }))];
    let best = -1;
    const totals = s.teams.map((team) => team.reduce((a, x) => a + s.points[x] + s.bonus[x], 0));
    best = Math.max(...totals);
    s.teams.forEach((team, i) => {
      const pts = team.reduce((a, x) => a + s.points[x], 0);
      const bonus = team.reduce((a, x) => a + s.bonus[x], 0);
      const tricks = team.reduce((a, x) => a + s.tricks_won[x], 0);
      rows.push(el("tr", { class: totals[i] === best && best > 0 ? "lead" : "" },
        el("td", { text: team.map(label).join(" + ") }), el("td", { text: pts }), el("td", { text: bonus || "" }),
        el("td", { text: tricks })));
    });
    if (s.outcome) {
      rows.push(el("tr", {}, el("td", { text: t("score") }), el("td", { colspan: 3, text: s.outcome.scores.join(" – ") })));
    }
    if (s.declarer !== null && s.declarer !== undefined && s.phase !== "bid" && s.phase !== "call") {
      const what = s.game === "cruce" ? t("declarer_bid", { who: P(s.declarer), n: s.contract }) : t("declarer_chose", { who: P(s.declarer) });
      rows.push(el("tr", {}, el("td", { colspan: 4, class: "note", text: what })));
    }
    table.replaceChildren(...rows);
  },

  // a hidden partner: a row per seat with its part as this receiver knows it, the sides' points
  // once the partner is known, and the score sheet at the end
  renderRoleScores(s, label) {
    const sheet = s.outcome && s.outcome.seat_scores && s.outcome.seat_scores.length ? s.outcome.seat_scores : null;
    const rank = { caller: 0, alone: 0, partner: 1, defender: 2 };
    const seats = [...Array(s.players).keys()]
      .sort((a, b) => (rank[this.roleOf(s, a)] ?? 3) - (rank[this.roleOf(s, b)] ?? 3) || a - b);
    const rows = [el("tr", {}, el("th", { text: t("player") }), el("th", { text: t("role") }), el("th", { text: t("points") }),
      el("th", { text: t("tricks") }), sheet ? el("th", { text: t("sheet") }) : null)];
    for (const seat of seats) {
      const role = this.roleOf(s, seat);
      rows.push(el("tr", { class: role && role !== "defender" ? "lead" : "", "data-seat": seat }, el("td", { text: label(seat) }),
        el("td", { text: role ? t(`role_${role}`) : "" }), el("td", { text: s.points[seat] }), el("td", { text: s.tricks_won[seat] }),
        sheet ? el("td", { text: `${sheet[seat] > 0 ? "+" : ""}${sheet[seat]}` }) : null));
    }
    const cols = sheet ? 5 : 4;
    if (s.declarer !== null && s.declarer !== undefined && s.partner !== null && s.partner !== undefined) {
      const side = new Set([s.declarer, s.partner]);
      const points = (mine) => seats.filter((x) => side.has(x) === mine).reduce((a, x) => a + s.points[x], 0);
      rows.push(el("tr", { class: "sides" }, el("td", { colspan: cols, text: t("sides_points", { caller: points(true), n: s.contract,
        defenders: points(false) }) })));
    }
    $("t-scores").replaceChildren(...rows);
  },

  renderPlayers(s, label) {
    const ul = $("t-players");
    ul.replaceChildren(...s.seats.map((st) => el("li", {},
      el("span", { class: "dot" + (st.kind === "bot" || st.online ? " on" : "") }), label(st.seat),
      st.seat === s.seat ? el("span", { class: "you", text: t("you_mark") }) : null,
      el("span", { class: "kind", text: st.kind === "bot" ? t("bot_kind", { bot: st.bot }) : t(st.online ? "person_online" : "person_away") }))));
  },

  renderLog(s) {
    const ol = $("t-log");
    const atEnd = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 30;
    ol.replaceChildren(...s.log.map((e) => {
      const li = el("li", { class: e.kind === "trick" ? "trick-line" : "" }, this.logText(e));
      if (e.reason) li.append(el("span", { class: "reason", text: this.reason(e.reason) }));
      return li;
    }));
    if (atEnd) ol.scrollTop = ol.scrollHeight;
  },

  toggleLast() {
    const box = $("t-last");
    box.hidden = !box.hidden;
    $("t-last-btn").textContent = t(box.hidden ? "show" : "hide");
    if (!box.hidden) Net.send({ type: "last_trick" });
  },
  renderLast(tr) {
    const box = $("t-last");
    if (!tr) { box.replaceChildren(el("span", { class: "hint", text: t("no_trick_yet") })); return; }
    const last = tr;
    box.replaceChildren(el("div", { class: "caption", text: t("trick_caption", { n: last.number, who: P(last.winner), points: plural(last.points, "point_n") })
      + (last.bonus ? ` (+${last.bonus} ${last.notes.join("; ")})` : "") }),
    ...last.cards.map((c, i) => el("div", { class: "lt" + (c.seat === last.winner ? " win" : "") }, cardImg(this.game, c.card, "card small", this.names[c.card]),
      P(c.seat), (last.reasons && last.reasons[i]) ? el("span", { class: "hint", title: this.reason(last.reasons[i]), text: shortReason(this.reason(last.reasons[i])) }) : null)));
  },

  // the coach's hint (for this seat only): its card highlighted in the hand, its reason beside
  showHint(m) {
    if (!this.state || m.ply !== this.state.ply) return;
    this.hinted = m;
    for (const b of document.querySelectorAll("#t-hand .hinted, #t-actions .hinted")) b.classList.remove("hinted");
    const target = document.querySelector(`#t-hand [data-card="${m.move}"], #t-actions [data-move="${m.move}"]`);
    if (target) target.classList.add("hinted");
    const row = $("t-hint");
    for (const old of row.querySelectorAll(".hint-text")) old.remove();
    const kind = ((this.state.legal || []).find((x) => x.move === m.move) || {}).kind;
    const shown = this.names[m.move] || this.moveLabel(m.move, kind);
    row.append(el("span", { class: "hint-text", role: "status", text: t("hint_says", { move: shown, reason: this.reason(m.reason) }) }));
  },

  play(move) {
    if (this.sent || !this.state) return;
    if (Net.send({ type: "move", move, ply: this.state.ply })) {
      this.sent = true;
      for (const b of document.querySelectorAll("#t-hand button, #t-actions button")) b.disabled = true;
    }
  },

  askKnowledge(card = this.knowledgeCard) {
    if (this.seat === null && !card) { this.renderKnowledge({ available: true, seat: null, card: null }); return; }
    if (this.state && this.state.outcome) {
      $("t-knowledge").replaceChildren(el("div", { class: "hint", text: t("deal_over_knowledge") }));
      return;
    }
    const msg = { type: "knowledge" };
    if (card) msg.card = card;
    Net.send(msg);
  },
  renderKnowledge(m) {
    const box = $("t-knowledge");
    if (!m.available) {
      box.replaceChildren(el("div", { class: "unavailable", text: t("not_available_yet", { reason: m.reason }) }),
        el("p", { class: "hint", text: t("knowledge_about") }));
      return;
    }
    const parts = [];
    if (m.seat === null) parts.push(el("p", { class: "hint", text: t("kripke_spectator") }));
    if (m.worlds_text) parts.push(el("div", { class: "hint", text: capital(t("worlds_fit", { worlds: m.worlds ? plainCount(m.worlds, "deals") : m.worlds_text }))
      + (m.holdings_text ? t("holdings", { ways: m.holdings ? plainCount(m.holdings, "ways") : m.holdings_text }) : ".") }));
    const faces = (list) => list.length ? list.map((c) => cardImg(this.game, c, "card mini", this.names[c])) : [el("span", { class: "hint", text: t("none") })];
    for (const o of m.opponents || []) {
      const probs = Object.entries(o.probabilities).sort((a, b) => b[1] - a[1]).slice(0, 12)
        .map(([c, p]) => el("span", { class: "prob", title: `${this.names[c] || c}: ${(o.percents || {})[c] || Math.round(p * 100) + "%"}` },
          cardImg(this.game, c, "card mini", this.names[c]), bar(p), (o.percents || {})[c] || `${Math.round(p * 100)}%`));
      parts.push(el("div", { class: "kn-opp" }, el("h3", { text: P(o.seat) }),
        el("div", { class: "kn-row" }, el("span", { class: "k", text: t("holds") }), ...faces(o.held)),
        el("div", { class: "kn-row" }, el("span", { class: "k", text: t("lacks") }), ...faces(o.not_held)),
        el("div", { class: "kn-row" }, el("span", { class: "k", text: t("void_in") }),
          ...(o.voids.length ? o.voids.map((v) => el("span", { class: "tag", text: suitName(this.deck, v) })) : [el("span", { class: "hint", text: t("none") })])),
        el("div", { class: "kn-row" }, el("span", { class: "k", text: t("likely") }), ...probs)));
    }
    const pick = el("select", { "aria-label": "card for the Kripke picture" }, el("option", { value: "", text: t("kripke_pick") }),
      ...this.deck.cards.map((c) => el("option", { value: c.code, text: this.names[c.code], selected: c.code === m.card })));
    pick.addEventListener("change", () => { this.knowledgeCard = pick.value || null; this.askKnowledge(); });
    parts.push(pick);
    if (m.kripke_note) parts.push(el("div", { class: "unavailable", text: m.kripke_note }));
    if (m.kripke_svg) parts.push(el("div", { class: "kripke" }, el("img", { alt: t("kripke_alt", { card: this.names[m.card] || m.card }),
      src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(m.kripke_svg) })));
    box.replaceChildren(...parts);
  },

  renderAnalysis(m) { renderAnalysis($("t-analysis"), m, this.state ? this.state.seat : null, null, this.game); },
};

// a move as people read it: a card's face, or "bid 2", "pass", "trumps: H"
function moveFace(game, move) {
  if (/^[^:]+$/.test(move) && move !== "pass") return cardImg(game, move, "card mini", move);
  return Table.moveLabel(move);
}

function renderAnalysis(box, m, seat, current = null, game = null) {
  if (!m.available) {
    box.replaceChildren(el("div", { class: "unavailable", text: t("not_available", { reason: m.reason }) }),
      el("p", { class: "hint", text: t("analysis_about") }));
    return;
  }
  const lost = el("table", {}, el("tr", {}, el("th", { text: t("player") }), el("th", { text: "" }), el("th", { text: "" }), el("th", { text: t("points_lost") })),
    ...m.lost.map((x, i) => el("tr", {}, el("td", { text: P(i) + (i === seat ? ` ${t("you_mark")}` : "") }), el("td"), el("td"), el("td", { text: x }))));
  const rows = m.moves.map((r) => el("tr", { class: (r.lost ? "loss" : "") + (r.ply === current ? " current" : ""), "data-ply": r.ply },
    el("td", { text: r.ply + 1 }), el("td", { text: P(r.seat) }), el("td", {}, moveFace(game, r.move)),
    el("td", { text: r.value ?? "–" }), el("td", {}, r.best ? moveFace(game, r.best) : "–"), el("td", { text: r.lost ?? "–" })));
  const moves = el("table", {}, el("tr", {}, el("th", { text: "#" }), el("th", { text: t("who") }), el("th", { text: t("played") }),
    el("th", { text: t("value") }), el("th", { text: t("best") }), el("th", { text: t("lost") })), ...rows);
  box.replaceChildren(lost, m.complete === false ? el("p", { class: "hint", text: t("early_left_out") }) : "",
    el("div", { class: "scroll" }, moves), el("p", { class: "hint", text: m.side_note || "" }));
}

// -- replays ------------------------------------------------------------------------------------------
const Replay = {
  data: null, step: 0, ready: false,
  init() {
    if (this.ready) return;
    this.ready = true;
    $("r-file").addEventListener("change", async () => {
      const f = $("r-file").files[0];
      if (f) $("r-text").value = await f.text();
    });
    $("replay-form").addEventListener("submit", (e) => { e.preventDefault(); this.load($("r-text").value); });
    $("r-first").onclick = () => this.go(0);
    $("r-prev").onclick = () => this.go(this.step - 1);
    $("r-next").onclick = () => this.go(this.step + 1);
    $("r-last").onclick = () => this.go(this.data.steps.length - 1);
    $("r-slider").oninput = () => this.go(Number($("r-slider").value));
    document.addEventListener("keydown", (e) => {
      if ($("replay").hidden || !this.data || e.target.tagName === "TEXTAREA") return;
      if (e.key === "ArrowRight") this.go(this.step + 1);
      if (e.key === "ArrowLeft") this.go(this.step - 1);
    });
  },
  async load(text) {
    if (!text.trim()) { toast(t("choose_record")); return; }
    const r = await fetch("/api/replay", { method: "POST", body: text, headers: { "Content-Type": "text/plain" } });
    const data = await r.json();
    if (!r.ok) { toast(errorText(data.error || t("cannot_read"))); return; }
    this.data = data;
    this.names = cardNames(data.deck);
    $("r-view").hidden = false;
    $("r-load").hidden = true;
    $("r-title").textContent = `${data.title} · ${t("n_players", { n: data.players })}`;
    $("r-slider").max = data.steps.length - 1;
    $("r-moves").replaceChildren(...data.steps.slice(1).map((st, i) => el("li", { "data-step": i + 1,
      onclick: () => this.go(i + 1), text: `${P(st.seat)} ${this.names[st.move] || st.move}` })));
    renderAnalysis($("r-analysis"), data.analysis, null, null, data.game);
    this.go(0);
  },
  go(step) {
    const steps = this.data.steps;
    this.step = Math.max(0, Math.min(steps.length - 1, step));
    $("r-slider").value = this.step;
    const cur = steps[this.step];
    const s = cur.state;
    const n = this.data.players;
    const game = this.data.game;
    const spot = (seat) => (SPOTS[n] || SPOTS[4])[seat];
    $("r-step").textContent = this.step === 0 ? t("the_deal")
      : t("move_of", { n: this.step, total: steps.length - 1, who: P(cur.seat), move: this.names[cur.move] || Table.moveLabel(cur.move) });
    $("r-trump").textContent = s.trump ? t("trumps", { suit: suitName(this.data.deck, s.trump.letter) }) : "";
    $("r-status").textContent = s.outcome ? resultText(s.outcome) : s.to_move !== null ? t("to_move", { who: P(s.to_move) }) : "";
    const arena = $("r-arena");
    for (const old of arena.querySelectorAll(".hand-open")) old.remove();
    s.hands.forEach((hand, seat) => {
      arena.append(el("div", { class: `hand-open h-${spot(seat)}` },
        el("div", { class: "nameplate" + (s.to_move === seat ? " turn" : "") }, `${P(seat)} · ${plural(s.tricks_won[seat], "trick_n")} · ${plural(s.points[seat], "point_n")}`),
        el("div", { class: "cards" }, ...hand.map((c) => cardImg(game, c, "card", this.names[c])))));
    });
    const trick = $("r-trick");
    trick.className = `trick n${n}` + (n >= 5 ? " many" : "");
    const shown = s.trick.length ? s.trick : (cur.move && s.last_trick && !s.trick.length ? s.last_trick.cards : []);
    const winner = !s.trick.length && s.last_trick ? s.last_trick.winner : null;
    trick.replaceChildren(...shown.map((p) => el("div", { class: `trick-slot pos-${spot(p.seat)}` + (p.seat === winner ? " win" : "") },
      el("span", { class: "who", text: P(p.seat) }), cardImg(game, p.card, "card small", this.names[p.card]))));
    const stock = $("r-stock");
    stock.replaceChildren();
    if (s.trump_card) stock.append(el("div", { class: "turned" }, cardImg(game, s.trump_card, "card small", t("face_up_trump", { card: this.names[s.trump_card] }))));
    if (s.stock_size > (s.trump_card ? 1 : 0)) stock.append(el("div", { class: "pile" }, cardImg(game, "back", "card small", t("the_stock"))));
    if (s.stock_size > 0) stock.append(el("span", { class: "count", text: plural(s.stock_size, "cards_left") }));
    const teams = this.data.teams;
    $("r-scores").replaceChildren(el("tr", {}, el("th", { text: t("side") }), el("th", { text: t("points") }), el("th", { text: t("bonus") }), el("th", { text: t("tricks") })),
      ...teams.map((team) => el("tr", {}, el("td", { text: team.map(P).join(" + ") }),
        el("td", { text: team.reduce((a, x) => a + s.points[x], 0) }), el("td", { text: team.reduce((a, x) => a + s.bonus[x], 0) || "" }),
        el("td", { text: team.reduce((a, x) => a + s.tricks_won[x], 0) }))));
    for (const li of $("r-moves").children) li.classList.toggle("current", Number(li.dataset.step) === this.step);
    const currentLi = $("r-moves").querySelector(".current");
    if (currentLi) currentLi.scrollIntoView({ block: "nearest" });
    if (this.data.analysis.available) renderAnalysis($("r-analysis"), this.data.analysis, null, this.step - 1, game);
  },
};

// the language changed: draw what is on the page again in it
function rerender() {
  if (!$("lobby").hidden && Lobby.catalogue) Lobby.gameChanged();
  if (!$("table").hidden && Table.deck) {
    Table.names = cardNames(Table.deck);
    if (Table.shown) Table.render(Table.shown);
    if (Table.knowledgeShown) Table.renderKnowledge(Table.knowledgeShown);
    if (Table.analysisShown) Table.renderAnalysis(Table.analysisShown);
  }
  if (!$("replay").hidden && Replay.data) {
    Replay.names = cardNames(Replay.data.deck);
    Replay.go(Replay.step);
  }
}

window.addEventListener("popstate", route);
I18N.load().then(route);
