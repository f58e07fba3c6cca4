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
const params = new URLSearchParams(location.search);
// ms a finished trick stays in view (?hold=ms, or localStorage "aceten:hold")
const HOLD = Math.max(0, Number(params.get("hold") ?? localStorage.getItem("aceten:hold") ?? 1100));

let toastTimer = null;
function toast(text, kind = "error") {
  const t = $("toast");
  t.textContent = text;
  t.className = "toast" + (kind === "info" ? " info" : "");
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 4500);
}

// "1 trick", "2 tricks": never "1 tricks"
const plural = (n, noun, many = null) => `${n} ${n === 1 ? noun : many || noun + "s"}`;
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
  return el("img", { class: cls, src: `/api/cards/${game}/${encodeURIComponent(code)}.svg`,
    alt: title || code, title: title || code, draggable: "false", "data-card": code });
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
    $("f-players").addEventListener("change", () => this.seats());
    $("create-form").addEventListener("submit", (e) => { e.preventDefault(); this.create(); });
    this.gameChanged();
  },
  game() { return this.catalogue.games.find((g) => g.name === $("f-game").value); },
  gameChanged() {
    const g = this.game();
    const players = $("f-players");
    players.replaceChildren(...g.players.map((n) => el("option", { value: n, text: `${n} players` })));
    $("f-variant").replaceChildren(...g.variants.map((v) => el("option", { value: v, text: v })));
    $("f-variant").disabled = g.variants.length < 2;
    const box = $("f-options");
    box.replaceChildren();
    for (const o of g.options) {
      let input;
      if (o.choices) {
        input = el("select", { name: o.name, "data-option": o.name });
        for (const c of o.choices) {
          const text = c === true ? "yes" : c === false ? "no" : String(c);
          input.append(el("option", { value: text, text: text + (c === o.default ? " (default)" : ""),
            selected: c === o.default }));
        }
      } else {
        input = el("input", { type: "text", name: o.name, "data-option": o.name,
          placeholder: o.default === null ? "default" : String(o.default) });
      }
      box.append(el("label", { title: o.doc }, o.name.replace(/_/g, " "), input));
    }
    this.seats();
  },
  seats() {
    const n = Number($("f-players").value);
    const box = $("f-seats");
    box.replaceChildren();
    for (let i = 0; i < n; i++) {
      const kind = el("select", { "data-seat": i });
      kind.append(el("option", { value: "human", text: i === 0 ? "you" : "a person" }));
      for (const b of this.catalogue.bots) kind.append(el("option", { value: "bot:" + b, text: `bot: ${b}` }));
      kind.value = i === 0 ? "human" : "bot:" + this.catalogue.default_bot;
      const name = el("input", { type: "text", maxlength: 24, placeholder: "name", "data-name": i });
      box.append(el("div", { class: "seat-form" }, el("b", { text: P(i) }), el("label", {}, "seat", kind),
        el("label", {}, "name", name)));
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
      if (!r.ok) { toast(created.error || "could not create the table"); return; }
      localStorage.setItem("aceten:invites:" + created.table, JSON.stringify(created));
      const mine = created.seats.find((s) => s.link);
      const target = mine ? mine.link : created.spectate;
      history.pushState(null, "", target);
      route();
    } catch (err) {
      toast("could not reach the server");
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
    ws.onopen = () => { this.retry = 0; $("conn").textContent = "connected"; $("conn").className = "conn ok";
      if (this.onopen) this.onopen(); };
    ws.onmessage = (e) => {
      let m; try { m = JSON.parse(e.data); } catch { return; }
      // another window took this seat: do not take it back (the windows would take turns forever)
      if (m.type === "error" && m.closing && /another window/.test(m.error)) this.stopped = true;
      if (this.onmessage) this.onmessage(m);
    };
    ws.onclose = () => {
      clearInterval(this.pinger);
      if (this.stopped) { $("conn").textContent = "closed (open in another window)"; $("conn").className = "conn down"; return; }
      $("conn").textContent = "reconnecting…"; $("conn").className = "conn down";
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
    toast("not connected to the server");
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
    Net.onopen = () => this.join();
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
      navigator.clipboard?.writeText(input.value).then(() => toast("link copied", "info"), () => {});
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
    $("g-title").textContent = expired ? "This table has expired" : token ? "This seat link does not work" : "There is no such table";
    $("g-text").textContent = expired
      ? "Tables with no move for a day are cleared away. Finished tables keep their record; this one was not finished."
      : token ? "The link is incomplete or not the one this seat was given. Ask the table's creator for the link again, or watch the table as a spectator."
        : "The link may be mistyped, or the table was cleared away. Check the link, or start a new table.";
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
      box.append(el("div", { class: "link-row" }, el("span", { text: `Invite ${P(s.seat)}` }), input,
        el("button", { type: "button", "data-copy": `invite-${s.seat}`, text: "Copy" })));
    }
  },

  receive(m) {
    switch (m.type) {
      case "joined":
        this.deck = m.deck; this.names = {};
        for (const c of m.deck.cards) this.names[c.code] = c.name;
        this.game = m.game;
        this.seat = m.seat;
        $("t-title").textContent = m.title;
        break;
      case "state": this.enqueue(m); break;
      case "last_trick": this.renderLast(m.trick); break;
      case "knowledge": this.renderKnowledge(m); break;
      case "analysis": this.renderAnalysis(m); break;
      case "error":
        this.sent = false;
        if (!this.shown && /^(no such table|this table has expired|wrong or missing token|no seat )/.test(m.error)) {
          this.gone(m.error);
          return;
        }
        toast(m.error);
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
    this.state = s; this.shown = s; this.sent = false;
    const n = s.players;
    const me = s.seat;
    const bottom = me === null ? 0 : me;
    const rel = (seat) => (seat - bottom + n) % n;
    const spot = (seat) => {
      const r = rel(seat);
      if (n === 2) return ["bottom", "top"][r];
      if (n === 3) return ["bottom", "left", "right"][r];
      return ["bottom", "left", "top", "right"][r];
    };
    const info = s.seats;
    const label = (seat) => {
      const st = info[seat];
      return st.name ? `${P(seat)} ${st.name}` : P(seat);
    };
    // head
    $("t-title").textContent = s.title + (s.variant !== "standard" ? ` · ${s.variant}` : "") + ` · ${n} players`;
    $("t-trump").textContent = s.trump ? `Trumps: ${s.trump.name}` : (s.phase === "call" ? "Trumps to be called" : "");
    let status = "";
    if (s.outcome) status = "The deal is over";
    else if (s.to_move === me && me !== null) status = s.phase === "bid" ? "Your bid" : s.phase === "call" ? "Your trump call" : "Your turn";
    else if (info[s.to_move].kind === "bot") status = `${label(s.to_move)} is thinking…`;
    else status = `Waiting for ${label(s.to_move)}`;
    $("t-status").textContent = status;
    this.renderSetup(s.setup);

    // opponents
    const arena = $("arena");
    for (const old of arena.querySelectorAll(".opponent")) old.remove();
    for (let seat = 0; seat < n; seat++) {
      if (seat === bottom && me !== null) continue;
      if (seat === bottom && me === null) {
        // a spectator: the bottom seat is shown like the others
      }
      const where = spot(seat);
      const cls = { top: "opp-top", left: "opp-left", right: "opp-right", bottom: "opp-top" }[where];
      const box = el("div", { class: `opponent ${where === "bottom" ? "opp-bottom" : cls}`, "data-seat": seat });
      const st = info[seat];
      const plate = el("div", { class: "nameplate" + (s.to_move === seat && !s.outcome ? " turn" : "") },
        el("span", { class: "dot" + (st.kind === "bot" || st.online ? " on" : "") }), label(seat),
        el("span", { class: "sub", text: st.kind === "bot" ? `${st.bot} bot` : (st.online ? "online" : "away") }));
      const backs = el("div", { class: "backs" });
      const open = s.open_cards[seat] || [];
      for (let i = 0; i < s.hand_sizes[seat] - open.length; i++) backs.append(cardImg(s.game, "back", "card", "a hidden card"));
      const opens = el("div", { class: "open-cards" }, ...open.map((c) => cardImg(s.game, c, "card small", this.names[c])));
      const stats = el("div", { class: "opp-reason", text: `${plural(s.tricks_won[seat], "trick")} · ${plural(s.points[seat], "point")}` });
      const said = this.bidOf(s, seat);
      box.append(...[plate, said ? el("div", { class: "bid-badge", text: said }) : null, backs, opens, stats].filter(Boolean));
      arena.append(box);
    }

    // the trick
    const trickBox = $("t-trick");
    trickBox.className = `trick n${n}`;
    trickBox.replaceChildren();
    const plays = justFinished ? justFinished.cards.map((c, i) => ({ ...c, reason: (justFinished.reasons || [])[i] })) : s.trick;
    for (const p of plays) {
      const slot = el("div", { class: `trick-slot pos-${spot(p.seat)}` + (justFinished && p.seat === justFinished.winner ? " win" : ""),
        "data-seat": p.seat });
      slot.append(el("span", { class: "who", text: label(p.seat) }), cardImg(s.game, p.card, "card", this.names[p.card]));
      trickBox.append(slot);
    }
    if (justFinished) {
      trickBox.append(el("div", { class: "trick-note",
        text: `${P(justFinished.winner)} takes ${plural(justFinished.points, "point")}` }));
    } else if (!plays.length && !s.outcome) {
      trickBox.append(el("div", { class: "trick-note", text: s.phase === "play" ? `${label(s.to_move)} leads` : "" }));
    }

    // stock and trump
    const stock = $("t-stock");
    stock.replaceChildren();
    if (s.trump_card) stock.append(el("div", { class: "turned" }, cardImg(s.game, s.trump_card, "card", `face-up trump: ${this.names[s.trump_card]}`)));
    if (s.stock_size > (s.trump_card ? 1 : 0)) stock.append(el("div", { class: "pile" }, cardImg(s.game, "back", "card", "the stock")));
    if (s.stock_size > 0) stock.append(el("span", { class: "count", text: plural(s.stock_size, "card") + " left" }));
    else if (s.trump) stock.append(el("div", { class: "trump-label", text: `${s.trump.name} are trumps` }));

    // my hand
    const hand = $("t-hand");
    hand.replaceChildren();
    const actions = $("t-actions");
    actions.replaceChildren();
    if (me !== null) {
      const myTurn = s.to_move === me && !s.outcome;
      const legal = new Set(s.legal.filter((m) => m.kind === "card").map((m) => m.move));
      for (const code of s.hand) {
        const ok = myTurn && legal.has(code);
        const button = el("button", { class: "play" + (ok ? " legal" : ""), type: "button", disabled: !ok,
          "data-card": code, title: this.names[code] || code, "aria-label": `play ${this.names[code] || code}` },
        cardImg(s.game, code, "card", this.names[code]));
        if (ok) button.addEventListener("click", () => this.play(code));
        hand.append(button);
      }
      for (const m of s.legal.filter((x) => x.kind !== "card")) {
        actions.append(el("button", { type: "button", "data-move": m.move, text: m.label, disabled: !myTurn,
          onclick: () => this.play(m.move) }));
      }
      const st = info[me];
      const said = this.bidOf(s, me);
      $("t-me-label").textContent = `You are ${label(me)} · ${plural(s.tricks_won[me], "trick")} · ${plural(s.points[me], "point")}`
        + (said ? ` · you ${said}` : "") + (st && st.online > 1 ? ` · open in ${st.online} windows` : "");
    } else {
      $("t-me-label").textContent = "You are watching: no hidden card is shown to spectators.";
    }

    this.renderReasons(s, plays, label);
    this.renderScores(s, label);
    this.renderPlayers(s, label);
    this.renderLog(s);
    if (!$("t-last").hidden) this.renderLast(s.last_trick);
    if ($("p-knowledge").open) this.askKnowledge();
    if (me === null) $("p-knowledge").hidden = true;

    // the end
    $("t-result").hidden = !s.outcome;
    if (s.outcome) {
      $("t-result-text").textContent = s.outcome.result;
      $("p-analysis").hidden = false;
      if (!this.analysisAsked) {
        this.analysisAsked = true;
        $("t-analysis").replaceChildren(el("div", { class: "unavailable", text: "Analysing the deal…" }));
        Net.send({ type: "analysis" });
      }
    }
  },

  // a seat's last bid or trump call, in words ("bid 2", "passed", "called hearts")
  bidOf(s, seat) {
    const mine = (s.bids || []).filter((b) => b.seat === seat);
    if (!mine.length) return null;
    const move = mine[mine.length - 1].move;
    if (move === "pass") return "passed";
    if (move.startsWith("bid:")) return `bid ${move.slice(4)}`;
    if (move.startsWith("trump:")) {
      const suit = (this.deck ? this.deck.suits : []).find((x) => x && x.letter === move.slice(6));
      return `called ${suit ? suit.name : move.slice(6)}`;
    }
    return move;
  },

  // the bots' reasons, short, in a side note that is closed until opened (never over the felt)
  renderReasons(s, plays, label) {
    const list = $("t-reasons");
    const items = plays.filter((p) => p.reason).map((p) => el("li", { title: p.reason },
      cardImg(s.game, p.card, "card mini", this.names[p.card]), el("b", { text: label(p.seat) }), " ", shortReason(p.reason)));
    list.replaceChildren(...items);
    $("p-reasons").hidden = !s.seats.some((x) => x.kind === "bot");
    $("t-reasons-empty").hidden = items.length > 0;
  },

  // how the table deals, shown to everyone: a warning when the creator knows the deal
  renderSetup(setup) {
    const chip = $("t-setup");
    if (!setup) { chip.textContent = ""; return; }
    const options = Object.entries(setup.options).map(([k, v]) => `${k.replace(/_/g, " ")}: ${v === true ? "yes" : v === false ? "no" : v}`);
    let text = "Dealt at random by the server";
    if (setup.stacked) text = "Stacked deck: the creator chose every hand";
    else if (setup.seed_chosen) text = "Known deal: the creator chose the seed";
    chip.textContent = text;
    chip.className = "chip" + (setup.fair ? " fair" : " unfair");
    chip.title = options.length ? `Rule options: ${options.join("; ")}` : "Standard rules, no options";
  },

  renderScores(s, label) {
    const t = $("t-scores");
    const rows = [el("tr", {}, el("th", { text: s.teams.some((x) => x.length > 1) ? "Team" : "Player" }),
      el("th", { text: "Points" }), el("th", { text: "Bonus" }), el("th", { text: "Tricks" }))];
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
      rows.push(el("tr", {}, el("td", { text: "Score" }), el("td", { colspan: 3, text: s.outcome.scores.join(" – ") })));
    }
    if (s.declarer !== null && s.declarer !== undefined && s.phase !== "bid" && s.phase !== "call") {
      const what = s.game === "cruce" ? `${P(s.declarer)} bid ${s.contract}` : `${P(s.declarer)} chose trumps`;
      rows.push(el("tr", {}, el("td", { colspan: 4, class: "note", text: what })));
    }
    t.replaceChildren(...rows);
  },

  renderPlayers(s, label) {
    const ul = $("t-players");
    ul.replaceChildren(...s.seats.map((st) => el("li", {},
      el("span", { class: "dot" + (st.kind === "bot" || st.online ? " on" : "") }), label(st.seat),
      st.seat === s.seat ? el("span", { class: "you", text: "(you)" }) : null,
      el("span", { class: "kind", text: st.kind === "bot" ? `${st.bot} bot` : st.online ? "person, online" : "person, away" }))));
  },

  renderLog(s) {
    const ol = $("t-log");
    const atEnd = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 30;
    ol.replaceChildren(...s.log.map((e) => {
      const li = el("li", { class: e.kind === "trick" ? "trick-line" : "" }, e.text);
      if (e.reason) li.append(el("span", { class: "reason", text: e.reason }));
      return li;
    }));
    if (atEnd) ol.scrollTop = ol.scrollHeight;
  },

  toggleLast() {
    const box = $("t-last");
    box.hidden = !box.hidden;
    $("t-last-btn").textContent = box.hidden ? "Show" : "Hide";
    if (!box.hidden) Net.send({ type: "last_trick" });
  },
  renderLast(t) {
    const box = $("t-last");
    if (!t) { box.replaceChildren(el("span", { class: "hint", text: "No trick has been played yet." })); return; }
    box.replaceChildren(el("div", { class: "caption", text: `Trick ${t.number}: ${P(t.winner)} takes ${plural(t.points, "point")}`
      + (t.bonus ? ` (+${t.bonus} ${t.notes.join("; ")})` : "") }),
    ...t.cards.map((c, i) => el("div", { class: "lt" + (c.seat === t.winner ? " win" : "") }, cardImg(this.game, c.card, "card small", this.names[c.card]),
      P(c.seat), (t.reasons && t.reasons[i]) ? el("span", { class: "hint", title: t.reasons[i], text: shortReason(t.reasons[i]) }) : null)));
  },

  play(move) {
    if (this.sent || !this.state) return;
    if (Net.send({ type: "move", move, ply: this.state.ply })) {
      this.sent = true;
      for (const b of document.querySelectorAll("#t-hand button, #t-actions button")) b.disabled = true;
    }
  },

  askKnowledge(card = this.knowledgeCard) {
    if (this.seat === null) return;
    if (this.state && this.state.outcome) {
      $("t-knowledge").replaceChildren(el("div", { class: "hint", text: "The deal is over: every card is known now. See the analysis below." }));
      return;
    }
    const msg = { type: "knowledge" };
    if (card) msg.card = card;
    Net.send(msg);
  },
  renderKnowledge(m) {
    const box = $("t-knowledge");
    if (!m.available) {
      box.replaceChildren(el("div", { class: "unavailable", text: `Not available yet: ${m.reason}.` }),
        el("p", { class: "hint", text: "Here you will see, for each other player, the cards you know they hold or lack, their void suits, the chance of each unseen card, and the Kripke picture of a chosen card." }));
      return;
    }
    const parts = [];
    if (m.worlds_text) parts.push(el("div", { class: "hint", text: `${capital(m.worlds_text)} fit what you have seen`
      + (m.holdings_text ? `; the unseen cards can lie in ${m.holdings_text} now.` : ".") }));
    const faces = (list) => list.length ? list.map((c) => cardImg(this.game, c, "card mini", this.names[c])) : [el("span", { class: "hint", text: "none" })];
    const suitName = (letter) => { const x = this.deck.suits.find((u) => u && u.letter === letter); return x ? x.name : letter; };
    for (const o of m.opponents) {
      const probs = Object.entries(o.probabilities).sort((a, b) => b[1] - a[1]).slice(0, 12)
        .map(([c, p]) => el("span", { class: "prob", title: `${this.names[c] || c}: ${(o.percents || {})[c] || Math.round(p * 100) + "%"}` },
          cardImg(this.game, c, "card mini", this.names[c]), bar(p), (o.percents || {})[c] || `${Math.round(p * 100)}%`));
      parts.push(el("div", { class: "kn-opp" }, el("h3", { text: P(o.seat) }),
        el("div", { class: "kn-row" }, el("span", { class: "k", text: "holds" }), ...faces(o.held)),
        el("div", { class: "kn-row" }, el("span", { class: "k", text: "lacks" }), ...faces(o.not_held)),
        el("div", { class: "kn-row" }, el("span", { class: "k", text: "void in" }),
          ...(o.voids.length ? o.voids.map((v) => el("span", { class: "tag", text: suitName(v) })) : [el("span", { class: "hint", text: "none" })])),
        el("div", { class: "kn-row" }, el("span", { class: "k", text: "likely" }), ...probs)));
    }
    const pick = el("select", { "aria-label": "card for the Kripke picture" }, el("option", { value: "", text: "Kripke picture of a card…" }),
      ...this.deck.cards.map((c) => el("option", { value: c.code, text: c.name, selected: c.code === m.card })));
    pick.addEventListener("change", () => { this.knowledgeCard = pick.value || null; this.askKnowledge(); });
    parts.push(pick);
    if (m.kripke_note) parts.push(el("div", { class: "unavailable", text: m.kripke_note }));
    if (m.kripke_svg) parts.push(el("div", { class: "kripke" }, el("img", { alt: `Kripke model for ${m.card}`,
      src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(m.kripke_svg) })));
    box.replaceChildren(...parts);
  },

  renderAnalysis(m) { renderAnalysis($("t-analysis"), m, this.state ? this.state.seat : null, null, this.game); },
};

// a move as people read it: a card's face, or "bid 2", "pass", "trumps: H"
function moveFace(game, move) {
  if (/^[^:]+$/.test(move) && move !== "pass") return cardImg(game, move, "card mini", move);
  return move === "pass" ? "pass" : move.replace("bid:", "bid ").replace("trump:", "trumps ").replace("swap:", "exchange ");
}

function renderAnalysis(box, m, seat, current = null, game = null) {
  if (!m.available) {
    box.replaceChildren(el("div", { class: "unavailable", text: `Not available: ${m.reason}.` }),
      el("p", { class: "hint", text: "The analysis gives the double-dummy value of every move played against the best move, and the points each player lost." }));
    return;
  }
  const lost = el("table", {}, el("tr", {}, el("th", { text: "Player" }), el("th", { text: "" }), el("th", { text: "" }), el("th", { text: "Points lost" })),
    ...m.lost.map((x, i) => el("tr", {}, el("td", { text: P(i) + (i === seat ? " (you)" : "") }), el("td"), el("td"), el("td", { text: x }))));
  const rows = m.moves.map((r) => el("tr", { class: (r.lost ? "loss" : "") + (r.ply === current ? " current" : ""), "data-ply": r.ply },
    el("td", { text: r.ply + 1 }), el("td", { text: P(r.seat) }), el("td", {}, moveFace(game, r.move)),
    el("td", { text: r.value ?? "–" }), el("td", {}, r.best ? moveFace(game, r.best) : "–"), el("td", { text: r.lost ?? "–" })));
  const moves = el("table", {}, el("tr", {}, el("th", { text: "#" }), el("th", { text: "Who" }), el("th", { text: "Played" }),
    el("th", { text: "Value" }), el("th", { text: "Best" }), el("th", { text: "Lost" })), ...rows);
  box.replaceChildren(lost, m.complete === false ? el("p", { class: "hint", text: "The earliest moves were left out: solving them takes too long." }) : "",
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
    if (!text.trim()) { toast("choose a .tgn file or paste a record"); return; }
    const r = await fetch("/api/replay", { method: "POST", body: text, headers: { "Content-Type": "text/plain" } });
    const data = await r.json();
    if (!r.ok) { toast(data.error || "cannot read the record"); return; }
    this.data = data;
    this.names = {};
    for (const c of data.deck.cards) this.names[c.code] = c.name;
    $("r-view").hidden = false;
    $("r-load").hidden = true;
    $("r-title").textContent = `${data.title} · ${data.players} players`;
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
    const spot = (seat) => (n === 2 ? ["bottom", "top"] : n === 3 ? ["bottom", "left", "right"] : ["bottom", "left", "top", "right"])[seat];
    $("r-step").textContent = this.step === 0 ? "the deal" : `move ${this.step} of ${steps.length - 1}: ${P(cur.seat)} ${cur.move}`;
    $("r-trump").textContent = s.trump ? `Trumps: ${s.trump.name}` : "";
    $("r-status").textContent = s.outcome ? s.outcome.result : s.to_move !== null ? `${P(s.to_move)} to move` : "";
    const arena = $("r-arena");
    for (const old of arena.querySelectorAll(".hand-open")) old.remove();
    s.hands.forEach((hand, seat) => {
      arena.append(el("div", { class: `hand-open h-${spot(seat)}` },
        el("div", { class: "nameplate" + (s.to_move === seat ? " turn" : "") }, `${P(seat)} · ${plural(s.tricks_won[seat], "trick")} · ${plural(s.points[seat], "point")}`),
        el("div", { class: "cards" }, ...hand.map((c) => cardImg(game, c, "card", this.names[c])))));
    });
    const trick = $("r-trick");
    trick.className = `trick n${n}`;
    const shown = s.trick.length ? s.trick : (cur.move && s.last_trick && !s.trick.length ? s.last_trick.cards : []);
    const winner = !s.trick.length && s.last_trick ? s.last_trick.winner : null;
    trick.replaceChildren(...shown.map((p) => el("div", { class: `trick-slot pos-${spot(p.seat)}` + (p.seat === winner ? " win" : "") },
      el("span", { class: "who", text: P(p.seat) }), cardImg(game, p.card, "card small", this.names[p.card]))));
    const stock = $("r-stock");
    stock.replaceChildren();
    if (s.trump_card) stock.append(el("div", { class: "turned" }, cardImg(game, s.trump_card, "card small", "face-up trump")));
    if (s.stock_size > (s.trump_card ? 1 : 0)) stock.append(el("div", { class: "pile" }, cardImg(game, "back", "card small", "the stock")));
    if (s.stock_size > 0) stock.append(el("span", { class: "count", text: plural(s.stock_size, "card") + " left" }));
    const teams = this.data.teams;
    $("r-scores").replaceChildren(el("tr", {}, el("th", { text: "Side" }), el("th", { text: "Points" }), el("th", { text: "Bonus" }), el("th", { text: "Tricks" })),
      ...teams.map((team) => el("tr", {}, el("td", { text: team.map(P).join(" + ") }),
        el("td", { text: team.reduce((a, x) => a + s.points[x], 0) }), el("td", { text: team.reduce((a, x) => a + s.bonus[x], 0) || "" }),
        el("td", { text: team.reduce((a, x) => a + s.tricks_won[x], 0) }))));
    for (const li of $("r-moves").children) li.classList.toggle("current", Number(li.dataset.step) === this.step);
    const currentLi = $("r-moves").querySelector(".current");
    if (currentLi) currentLi.scrollIntoView({ block: "nearest" });
    if (this.data.analysis.available) renderAnalysis($("r-analysis"), this.data.analysis, null, this.step - 1, game);
  },
};

window.addEventListener("popstate", route);
route();
