# ruff: noqa: E501  (a table of sentences: one entry a line reads best)
"""The web table's words in English, Italian, Spanish, Romanian and Dutch.

The server keeps its protocol in English (move notation, ``error`` texts, the log's ``text``);
the page shows everything in the reader's language from the tables here, served whole at
``GET /api/i18n`` with the language the browser asked for (``Accept-Language``) as the default:

- ``TEXTS``: every word of the page by key. ``{name}`` marks a value filled in by the page;
  ``one|other`` a singular and plural form, chosen by ``{n}``.
- ``CARDS``: how players name the cards of each deck family — rank and suit names, the order of
  the two in a card's name, and the rank letters on the card faces (Italian F, C, R for fante,
  cavallo, re; Spanish S, C, R for sota, caballo, rey; Dutch B, V, H for boer, vrouw, heer). The
  notation of moves and records stays as it is (``JS`` is the jack of swords in every language).
- ``ERRORS``: the server's error texts as patterns, each with the key of its translation (an
  error without a pattern is shown as the server wrote it).

``tests/test_web_i18n.py`` checks that every language has every key with the same ``{names}``.
"""

from __future__ import annotations

import re
from typing import Any

LANGUAGES = {"en": "English", "it": "Italiano", "es": "Español", "ro": "Română", "nl": "Nederlands"}
DEFAULT = "en"

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "deals_n": "{n} possible deal|{n} possible deals", "deals_about": "about {lead} × 10{exp} possible deals",
        "ways_n": "{n} way|{n} ways", "ways_about": "about {lead} × 10{exp} ways",
        "title": "aceten — the Ace-Ten card games",
        "nav_new": "New table", "nav_replay": "Replay a record", "language": "Language",
        "conn_title": "connection to the server", "connected": "connected",
        "reconnecting": "reconnecting…", "closed_elsewhere": "closed (open in another window)",
        "lobby_lead": "Briscola, Brisca, Cruce and Klaverjas against bots or people. Each person gets "
                      "a private link to a seat; spectators get a public link that shows no hidden card.",
        "game": "Game", "players": "Players", "variant": "Variant", "seats": "Seats",
        "rule_options": "Rule options",
        "seed_label": "Seed (optional, only when you are the only person at the table: it makes the "
                      "deal known)",
        "random": "random", "create_table": "Create the table", "n_players": "{n} players",
        "yes": "yes", "no": "no", "default": "default", "default_mark": "(default)",
        "seat": "seat", "name": "name", "you": "you", "a_person": "a person", "bot_named": "bot: {bot}",
        "could_not_create": "could not create the table", "unreachable": "could not reach the server",
        "not_connected": "not connected to the server", "link_copied": "link copied",
        "download": "Download the record (.tgn)", "scores": "Scores", "spectator_link": "Spectator link",
        "copy": "Copy", "invite": "Invite {seat}", "why_bots": "Why the bots played",
        "why_bots_hint": "their reasons, short", "no_bot_yet": "No bot has played to this trick yet.",
        "last_trick": "Last trick", "show": "Show", "hide": "Hide", "knowledge": "Knowledge",
        "knowledge_hint": "what you know of the other hands", "analysis": "Analysis",
        "game_log": "Game log", "moves": "Moves",
        "gone_none": "There is no such table", "gone_expired": "This table has expired",
        "gone_token": "This seat link does not work",
        "gone_expired_text": "Tables with no move for a day are cleared away. Finished tables keep "
                             "their record; this one was not finished.",
        "gone_token_text": "The link is incomplete or not the one this seat was given. Ask the "
                           "table's creator for the link again, or watch the table as a spectator.",
        "gone_none_text": "The link may be mistyped, or the table was cleared away. Check the link, "
                          "or start a new table.",
        "start_new": "Start a new table", "watch": "Watch as a spectator",
        "replay_lead": "Open a .tgn game record (or paste it) and step through it, every hand face up.",
        "replay": "Replay", "to_deal": "to the deal", "back_one": "one move back",
        "on_one": "one move on", "to_end": "to the end",
        "trumps": "Trumps: {suit}", "trumps_to_call": "Trumps to be called",
        "deal_over": "The deal is over", "your_bid": "Your bid", "your_call": "Your trump call",
        "your_turn": "Your turn", "thinking": "{who} is thinking…", "waiting_for": "Waiting for {who}",
        "bot_kind": "{bot} bot", "online": "online", "away": "away", "hidden_card": "a hidden card",
        "trick_n": "{n} trick|{n} tricks", "point_n": "{n} point|{n} points",
        "takes": "{who} takes {points}", "leads": "{who} leads", "face_up_trump": "face-up trump: {card}",
        "the_stock": "the stock", "cards_left": "{n} card left|{n} cards left",
        "suit_trumps": "{suit} are trumps", "play_card": "play {card}",
        "you_are": "You are {who}", "you_said": "you {said}", "windows": "open in {n} windows",
        "spectating": "You are watching: no hidden card is shown to spectators.",
        "analysing": "Analysing the deal…", "passed": "passed", "bid_n": "bid {n}", "called": "called {suit}",
        "pass": "pass", "exchange": "exchange {card}", "trump_suit": "trumps: {suit}",
        "dealt_random": "Dealt at random by the server",
        "stacked": "Stacked deck: the creator chose every hand",
        "known_deal": "Known deal: the creator chose the seed", "rule_options_are": "Rule options: {list}",
        "standard_rules": "Standard rules, no options", "team": "Team", "player": "Player",
        "side": "Side", "points": "Points", "bonus": "Bonus", "tricks": "Tricks", "score": "Score",
        "declarer_bid": "{who} bid {n}", "declarer_chose": "{who} chose trumps", "you_mark": "(you)",
        "person_online": "person, online", "person_away": "person, away",
        "no_trick_yet": "No trick has been played yet.", "trick_caption": "Trick {n}: {who} takes {points}",
        "deal_over_knowledge": "The deal is over: every card is known now. See the analysis below.",
        "not_available_yet": "Not available yet: {reason}.",
        "knowledge_about": "Here you will see, for each other player, the cards you know they hold or "
                           "lack, their void suits, the chance of each unseen card, and the Kripke "
                           "picture of a chosen card.",
        "worlds_fit": "{worlds} fit what you have seen", "holdings": "; the unseen cards can lie in {ways} now.",
        "none": "none", "holds": "holds", "lacks": "lacks", "void_in": "void in", "likely": "likely",
        "kripke_pick": "Kripke picture of a card…", "kripke_alt": "Kripke model for {card}",
        "not_available": "Not available: {reason}.",
        "analysis_about": "The analysis gives the double-dummy value of every move played against "
                          "the best move, and the points each player lost.",
        "points_lost": "Points lost", "who": "Who", "played": "Played", "value": "Value", "best": "Best",
        "lost": "Lost", "early_left_out": "The earliest moves were left out: solving them takes too long.",
        "choose_record": "choose a .tgn file or paste a record", "cannot_read": "cannot read the record",
        "the_deal": "the deal", "move_of": "move {n} of {total}: {who} {move}", "to_move": "{who} to move",
        "log_turn": "The {card} is turned up: {suit} are trumps", "log_draws": "{who} draws a card",
        "log_draws_card": "{who} draws the {card}", "log_face_up": "{who} draws the {card} (it lay face up)",
        "log_scores": "{who} scores {what}", "log_plays": "{who} plays the {card}",
        "log_swaps": "{who} exchanges the {card} for the face-up trump", "log_passes": "{who} passes",
        "log_bids": "{who} bids {n}", "log_calls": "{who} calls {suit} as trumps",
        "log_trick": "Trick {n}: {who} takes {points}", "bonus_points": "and {n} bonus point|and {n} bonus points",
        "kripke_spectator": "The Kripke picture of a card: every seat's relation, for spectators",
        "err_not_your_turn": "not your turn: {who} is to move", "err_illegal": "illegal move {move}: {why}",
        "err_moved_on": "the table has moved on: it is now at ply {n}", "err_no_table": "no such table",
        "err_expired": "this table has expired", "err_token": "wrong or missing token for {who}",
        "err_too_many": "too many messages; slow down", "err_too_large": "message too large",
        "err_full": "the server is full; try later", "err_spectators": "spectators cannot move",
        "err_over": "the deal is over", "err_not_stored": "the move could not be stored; try again",
        "err_tables": "too many tables created from your address; try again later",
        "err_idle": "closed: nothing received for a while", "err_window": "{who} was opened in another window; this one was closed",
        "err_join_first": "join a seat or spectate a table first",
        "err_record_later": "the record is available when the deal is over",
        "err_analysis_later": "the analysis is shown when the deal is over",
    },
    "it": {
        "deals_n": "{n} distribuzione possibile|{n} distribuzioni possibili", "deals_about": "circa {lead} × 10{exp} distribuzioni possibili",
        "ways_n": "{n} modo|{n} modi", "ways_about": "circa {lead} × 10{exp} modi",
        "title": "aceten — i giochi di carte Asso-Dieci",
        "nav_new": "Nuovo tavolo", "nav_replay": "Rivedi una partita", "language": "Lingua",
        "conn_title": "connessione al server", "connected": "connesso",
        "reconnecting": "riconnessione…", "closed_elsewhere": "chiuso (aperto in un'altra finestra)",
        "lobby_lead": "Briscola, Brisca, Cruce e Klaverjas contro bot o persone. Ogni persona riceve un "
                      "link privato al proprio posto; gli spettatori un link pubblico che non mostra "
                      "nessuna carta coperta.",
        "game": "Gioco", "players": "Giocatori", "variant": "Variante", "seats": "Posti",
        "rule_options": "Opzioni delle regole",
        "seed_label": "Seme casuale (facoltativo, solo se sei l'unica persona al tavolo: rende nota la "
                      "distribuzione)",
        "random": "casuale", "create_table": "Crea il tavolo", "n_players": "{n} giocatori",
        "yes": "sì", "no": "no", "default": "predefinito", "default_mark": "(predefinito)",
        "seat": "posto", "name": "nome", "you": "tu", "a_person": "una persona", "bot_named": "bot: {bot}",
        "could_not_create": "impossibile creare il tavolo", "unreachable": "server non raggiungibile",
        "not_connected": "non connesso al server", "link_copied": "link copiato",
        "download": "Scarica la partita (.tgn)", "scores": "Punteggi", "spectator_link": "Link per gli spettatori",
        "copy": "Copia", "invite": "Invita {seat}", "why_bots": "Perché i bot hanno giocato così",
        "why_bots_hint": "le loro ragioni, in breve", "no_bot_yet": "Nessun bot ha ancora giocato in questa presa.",
        "last_trick": "Ultima presa", "show": "Mostra", "hide": "Nascondi", "knowledge": "Conoscenza",
        "knowledge_hint": "cosa sai delle altre mani", "analysis": "Analisi",
        "game_log": "Cronaca della partita", "moves": "Mosse",
        "gone_none": "Questo tavolo non esiste", "gone_expired": "Questo tavolo è scaduto",
        "gone_token": "Questo link al posto non funziona",
        "gone_expired_text": "I tavoli senza mosse per un giorno vengono eliminati. I tavoli finiti "
                             "conservano la partita; questo non era finito.",
        "gone_token_text": "Il link è incompleto o non è quello dato a questo posto. Chiedi di nuovo il "
                           "link a chi ha creato il tavolo, oppure guarda il tavolo da spettatore.",
        "gone_none_text": "Il link potrebbe essere sbagliato, o il tavolo è stato eliminato. Controlla il "
                          "link, oppure crea un nuovo tavolo.",
        "start_new": "Crea un nuovo tavolo", "watch": "Guarda da spettatore",
        "replay_lead": "Apri una partita .tgn (o incollala) e scorrila mossa per mossa, con tutte le mani scoperte.",
        "replay": "Rivedi", "to_deal": "alla distribuzione", "back_one": "una mossa indietro",
        "on_one": "una mossa avanti", "to_end": "alla fine",
        "trumps": "Briscola: {suit}", "trumps_to_call": "Briscola da chiamare",
        "deal_over": "La mano è finita", "your_bid": "Tocca a te dichiarare", "your_call": "Chiama la briscola",
        "your_turn": "Tocca a te", "thinking": "{who} sta pensando…", "waiting_for": "In attesa di {who}",
        "bot_kind": "bot {bot}", "online": "in linea", "away": "assente", "hidden_card": "una carta coperta",
        "trick_n": "{n} presa|{n} prese", "point_n": "{n} punto|{n} punti",
        "takes": "{who} prende {points}", "leads": "{who} apre", "face_up_trump": "briscola scoperta: {card}",
        "the_stock": "il mazzo", "cards_left": "resta {n} carta|restano {n} carte",
        "suit_trumps": "briscola: {suit}", "play_card": "gioca {card}",
        "you_are": "Sei {who}", "you_said": "hai detto: {said}", "windows": "aperto in {n} finestre",
        "spectating": "Stai guardando: agli spettatori non viene mostrata nessuna carta coperta.",
        "analysing": "Analisi della mano…", "passed": "passo", "bid_n": "dichiara {n}", "called": "ha chiamato {suit}",
        "pass": "passo", "exchange": "scambia {card}", "trump_suit": "briscola: {suit}",
        "dealt_random": "Carte distribuite a caso dal server",
        "stacked": "Mazzo preparato: chi ha creato il tavolo ha scelto ogni mano",
        "known_deal": "Distribuzione nota: chi ha creato il tavolo ha scelto il seme casuale",
        "rule_options_are": "Opzioni delle regole: {list}",
        "standard_rules": "Regole standard, nessuna opzione", "team": "Squadra", "player": "Giocatore",
        "side": "Parte", "points": "Punti", "bonus": "Bonus", "tricks": "Prese", "score": "Risultato",
        "declarer_bid": "{who} ha dichiarato {n}", "declarer_chose": "{who} ha scelto la briscola",
        "you_mark": "(tu)", "person_online": "persona, in linea", "person_away": "persona, assente",
        "no_trick_yet": "Non è ancora stata giocata nessuna presa.",
        "trick_caption": "Presa {n}: {who} prende {points}",
        "deal_over_knowledge": "La mano è finita: ora tutte le carte sono note. Vedi l'analisi qui sotto.",
        "not_available_yet": "Non ancora disponibile: {reason}.",
        "knowledge_about": "Qui vedrai, per ogni altro giocatore, le carte che sai che ha o che non ha, "
                           "i semi che gli mancano, la probabilità di ogni carta non vista e il "
                           "disegno di Kripke di una carta scelta.",
        "worlds_fit": "{worlds} sono compatibili con ciò che hai visto",
        "holdings": "; le carte non viste possono stare in {ways} ora.",
        "none": "nessuna", "holds": "ha", "lacks": "non ha", "void_in": "senza", "likely": "probabili",
        "kripke_pick": "Disegno di Kripke di una carta…", "kripke_alt": "Modello di Kripke per {card}",
        "not_available": "Non disponibile: {reason}.",
        "analysis_about": "L'analisi dà il valore a carte scoperte di ogni mossa giocata rispetto "
                          "alla mossa migliore, e i punti persi da ogni giocatore.",
        "points_lost": "Punti persi", "who": "Chi", "played": "Giocata", "value": "Valore", "best": "Migliore",
        "lost": "Persi", "early_left_out": "Le prime mosse sono state tralasciate: risolverle richiede troppo tempo.",
        "choose_record": "scegli un file .tgn o incolla una partita",
        "cannot_read": "impossibile leggere la partita",
        "the_deal": "la distribuzione", "move_of": "mossa {n} di {total}: {who} {move}",
        "to_move": "tocca a {who}",
        "log_turn": "Si scopre {card}: briscola {suit}", "log_draws": "{who} pesca una carta",
        "log_draws_card": "{who} pesca {card}", "log_face_up": "{who} pesca {card} (era scoperta)",
        "log_scores": "{who} segna {what}", "log_plays": "{who} gioca {card}",
        "log_swaps": "{who} scambia {card} con la briscola scoperta", "log_passes": "{who} passa",
        "log_bids": "{who} dichiara {n}", "log_calls": "{who} chiama briscola {suit}",
        "log_trick": "Presa {n}: {who} prende {points}",
        "bonus_points": "e {n} punto bonus|e {n} punti bonus",
        "kripke_spectator": "Il disegno di Kripke di una carta: le relazioni di tutti i posti, per gli spettatori",
        "err_not_your_turn": "non è il tuo turno: tocca a {who}", "err_illegal": "mossa non valida {move}: {why}",
        "err_moved_on": "il tavolo è andato avanti: ora è alla mossa {n}", "err_no_table": "questo tavolo non esiste",
        "err_expired": "questo tavolo è scaduto", "err_token": "token sbagliato o mancante per {who}",
        "err_too_many": "troppi messaggi; rallenta", "err_too_large": "messaggio troppo grande",
        "err_full": "il server è pieno; riprova più tardi", "err_spectators": "gli spettatori non possono giocare",
        "err_over": "la mano è finita", "err_not_stored": "la mossa non è stata salvata; riprova",
        "err_tables": "troppi tavoli creati dal tuo indirizzo; riprova più tardi",
        "err_idle": "chiuso: nessun messaggio da un po'",
        "err_window": "{who} è stato aperto in un'altra finestra; questa è stata chiusa",
        "err_join_first": "prima siediti a un posto o guarda un tavolo",
        "err_record_later": "la partita si può scaricare quando la mano è finita",
        "err_analysis_later": "l'analisi si vede quando la mano è finita",
    },
    "es": {
        "deals_n": "{n} reparto posible|{n} repartos posibles", "deals_about": "unos {lead} × 10{exp} repartos posibles",
        "ways_n": "{n} forma|{n} formas", "ways_about": "unas {lead} × 10{exp} formas",
        "title": "aceten — los juegos de cartas As-Diez",
        "nav_new": "Mesa nueva", "nav_replay": "Revisar una partida", "language": "Idioma",
        "conn_title": "conexión con el servidor", "connected": "conectado",
        "reconnecting": "reconectando…", "closed_elsewhere": "cerrado (abierto en otra ventana)",
        "lobby_lead": "Briscola, Brisca, Cruce y Klaverjas contra bots o personas. Cada persona recibe "
                      "un enlace privado a su asiento; los espectadores, un enlace público que no "
                      "muestra ninguna carta oculta.",
        "game": "Juego", "players": "Jugadores", "variant": "Variante", "seats": "Asientos",
        "rule_options": "Opciones de las reglas",
        "seed_label": "Semilla (opcional, solo si eres la única persona en la mesa: hace conocido el reparto)",
        "random": "al azar", "create_table": "Crear la mesa", "n_players": "{n} jugadores",
        "yes": "sí", "no": "no", "default": "por defecto", "default_mark": "(por defecto)",
        "seat": "asiento", "name": "nombre", "you": "tú", "a_person": "una persona", "bot_named": "bot: {bot}",
        "could_not_create": "no se pudo crear la mesa", "unreachable": "no se pudo contactar con el servidor",
        "not_connected": "sin conexión con el servidor", "link_copied": "enlace copiado",
        "download": "Descargar la partida (.tgn)", "scores": "Puntuación", "spectator_link": "Enlace para espectadores",
        "copy": "Copiar", "invite": "Invitar a {seat}", "why_bots": "Por qué jugaron así los bots",
        "why_bots_hint": "sus razones, en breve", "no_bot_yet": "Ningún bot ha jugado aún en esta baza.",
        "last_trick": "Última baza", "show": "Mostrar", "hide": "Ocultar", "knowledge": "Conocimiento",
        "knowledge_hint": "lo que sabes de las otras manos", "analysis": "Análisis",
        "game_log": "Registro de la partida", "moves": "Jugadas",
        "gone_none": "Esta mesa no existe", "gone_expired": "Esta mesa ha caducado",
        "gone_token": "Este enlace de asiento no funciona",
        "gone_expired_text": "Las mesas sin jugadas durante un día se eliminan. Las mesas terminadas "
                             "conservan su partida; esta no había terminado.",
        "gone_token_text": "El enlace está incompleto o no es el que se dio a este asiento. Pide otra "
                           "vez el enlace a quien creó la mesa, o mira la mesa como espectador.",
        "gone_none_text": "Puede que el enlace esté mal escrito o que la mesa se haya eliminado. "
                          "Revisa el enlace o crea una mesa nueva.",
        "start_new": "Crear una mesa nueva", "watch": "Mirar como espectador",
        "replay_lead": "Abre una partida .tgn (o pégala) y recórrela jugada a jugada, con todas las manos a la vista.",
        "replay": "Revisar", "to_deal": "al reparto", "back_one": "una jugada atrás",
        "on_one": "una jugada adelante", "to_end": "al final",
        "trumps": "Triunfo: {suit}", "trumps_to_call": "Triunfo por cantar",
        "deal_over": "La mano ha terminado", "your_bid": "Te toca pujar", "your_call": "Elige el triunfo",
        "your_turn": "Te toca", "thinking": "{who} está pensando…", "waiting_for": "Esperando a {who}",
        "bot_kind": "bot {bot}", "online": "conectado", "away": "ausente", "hidden_card": "una carta oculta",
        "trick_n": "{n} baza|{n} bazas", "point_n": "{n} punto|{n} puntos",
        "takes": "{who} se lleva {points}", "leads": "sale {who}", "face_up_trump": "triunfo a la vista: {card}",
        "the_stock": "el mazo", "cards_left": "queda {n} carta|quedan {n} cartas",
        "suit_trumps": "triunfan {suit}", "play_card": "jugar {card}",
        "you_are": "Eres {who}", "you_said": "dijiste: {said}", "windows": "abierto en {n} ventanas",
        "spectating": "Estás mirando: a los espectadores no se les muestra ninguna carta oculta.",
        "analysing": "Analizando la mano…", "passed": "paso", "bid_n": "puja {n}", "called": "cantó {suit}",
        "pass": "paso", "exchange": "cambiar {card}", "trump_suit": "triunfo: {suit}",
        "dealt_random": "Repartido al azar por el servidor",
        "stacked": "Baraja preparada: quien creó la mesa eligió cada mano",
        "known_deal": "Reparto conocido: quien creó la mesa eligió la semilla",
        "rule_options_are": "Opciones de las reglas: {list}",
        "standard_rules": "Reglas estándar, sin opciones", "team": "Equipo", "player": "Jugador",
        "side": "Bando", "points": "Puntos", "bonus": "Extra", "tricks": "Bazas", "score": "Resultado",
        "declarer_bid": "{who} pujó {n}", "declarer_chose": "{who} eligió el triunfo", "you_mark": "(tú)",
        "person_online": "persona, conectada", "person_away": "persona, ausente",
        "no_trick_yet": "Aún no se ha jugado ninguna baza.", "trick_caption": "Baza {n}: {who} se lleva {points}",
        "deal_over_knowledge": "La mano ha terminado: ahora se conocen todas las cartas. Mira el análisis abajo.",
        "not_available_yet": "Aún no disponible: {reason}.",
        "knowledge_about": "Aquí verás, para cada otro jugador, las cartas que sabes que tiene o que "
                           "no tiene, los palos que le faltan, la probabilidad de cada carta no vista "
                           "y el dibujo de Kripke de una carta elegida.",
        "worlds_fit": "{worlds} encajan con lo que has visto",
        "holdings": "; las cartas no vistas pueden estar repartidas de {ways} ahora.",
        "none": "ninguna", "holds": "tiene", "lacks": "no tiene", "void_in": "sin", "likely": "probables",
        "kripke_pick": "Dibujo de Kripke de una carta…", "kripke_alt": "Modelo de Kripke para {card}",
        "not_available": "No disponible: {reason}.",
        "analysis_about": "El análisis da el valor a cartas vistas de cada jugada frente a la mejor "
                          "jugada, y los puntos que perdió cada jugador.",
        "points_lost": "Puntos perdidos", "who": "Quién", "played": "Jugada", "value": "Valor", "best": "Mejor",
        "lost": "Perdido", "early_left_out": "Se omitieron las primeras jugadas: resolverlas lleva demasiado tiempo.",
        "choose_record": "elige un archivo .tgn o pega una partida", "cannot_read": "no se puede leer la partida",
        "the_deal": "el reparto", "move_of": "jugada {n} de {total}: {who} {move}", "to_move": "juega {who}",
        "log_turn": "Se vuelve {card}: triunfan {suit}", "log_draws": "{who} roba una carta",
        "log_draws_card": "{who} roba {card}", "log_face_up": "{who} roba {card} (estaba a la vista)",
        "log_scores": "{who} anota {what}", "log_plays": "{who} juega {card}",
        "log_swaps": "{who} cambia {card} por el triunfo a la vista", "log_passes": "{who} pasa",
        "log_bids": "{who} puja {n}", "log_calls": "{who} canta {suit} como triunfo",
        "log_trick": "Baza {n}: {who} se lleva {points}", "bonus_points": "y {n} punto extra|y {n} puntos extra",
        "kripke_spectator": "El dibujo de Kripke de una carta: las relaciones de todos los asientos, para espectadores",
        "err_not_your_turn": "no es tu turno: juega {who}", "err_illegal": "jugada no válida {move}: {why}",
        "err_moved_on": "la mesa ha avanzado: ahora va por la jugada {n}", "err_no_table": "esta mesa no existe",
        "err_expired": "esta mesa ha caducado", "err_token": "token incorrecto o ausente para {who}",
        "err_too_many": "demasiados mensajes; más despacio", "err_too_large": "mensaje demasiado grande",
        "err_full": "el servidor está lleno; inténtalo más tarde", "err_spectators": "los espectadores no pueden jugar",
        "err_over": "la mano ha terminado", "err_not_stored": "no se pudo guardar la jugada; inténtalo de nuevo",
        "err_tables": "demasiadas mesas creadas desde tu dirección; inténtalo más tarde",
        "err_idle": "cerrado: no se recibió nada en un rato",
        "err_window": "{who} se abrió en otra ventana; esta se ha cerrado",
        "err_join_first": "primero siéntate en un asiento o mira una mesa",
        "err_record_later": "la partida se puede descargar cuando termine la mano",
        "err_analysis_later": "el análisis se muestra cuando termine la mano",
    },
    "ro": {
        "deals_n": "{n} împărțire posibilă|{n} împărțiri posibile", "deals_about": "circa {lead} × 10{exp} împărțiri posibile",
        "ways_n": "{n} fel|{n} feluri", "ways_about": "circa {lead} × 10{exp} feluri",
        "title": "aceten — jocurile de cărți As-Zece",
        "nav_new": "Masă nouă", "nav_replay": "Revezi o partidă", "language": "Limba",
        "conn_title": "conexiunea cu serverul", "connected": "conectat",
        "reconnecting": "se reconectează…", "closed_elsewhere": "închis (deschis în altă fereastră)",
        "lobby_lead": "Briscola, Brisca, Cruce și Klaverjas cu roboți sau cu oameni. Fiecare om primește "
                      "un link privat la locul său; spectatorii primesc un link public care nu arată "
                      "nicio carte ascunsă.",
        "game": "Joc", "players": "Jucători", "variant": "Variantă", "seats": "Locuri",
        "rule_options": "Opțiunile regulilor",
        "seed_label": "Sămânță (opțional, doar când ești singurul om la masă: face împărțirea cunoscută)",
        "random": "aleatoriu", "create_table": "Creează masa", "n_players": "{n} jucători",
        "yes": "da", "no": "nu", "default": "implicit", "default_mark": "(implicit)",
        "seat": "loc", "name": "nume", "you": "tu", "a_person": "un om", "bot_named": "robot: {bot}",
        "could_not_create": "masa nu a putut fi creată", "unreachable": "serverul nu poate fi contactat",
        "not_connected": "nu ești conectat la server", "link_copied": "link copiat",
        "download": "Descarcă partida (.tgn)", "scores": "Scor", "spectator_link": "Link pentru spectatori",
        "copy": "Copiază", "invite": "Invită {seat}", "why_bots": "De ce au jucat așa roboții",
        "why_bots_hint": "motivele lor, pe scurt", "no_bot_yet": "Niciun robot nu a jucat încă la această levată.",
        "last_trick": "Ultima levată", "show": "Arată", "hide": "Ascunde", "knowledge": "Cunoaștere",
        "knowledge_hint": "ce știi despre celelalte mâini", "analysis": "Analiză",
        "game_log": "Jurnalul partidei", "moves": "Mutări",
        "gone_none": "Această masă nu există", "gone_expired": "Această masă a expirat",
        "gone_token": "Acest link de loc nu funcționează",
        "gone_expired_text": "Mesele fără nicio mutare timp de o zi sunt șterse. Mesele terminate își "
                             "păstrează partida; aceasta nu era terminată.",
        "gone_token_text": "Linkul este incomplet sau nu este cel dat acestui loc. Cere din nou linkul "
                           "celui care a creat masa sau urmărește masa ca spectator.",
        "gone_none_text": "Linkul poate fi greșit sau masa a fost ștearsă. Verifică linkul sau creează o masă nouă.",
        "start_new": "Creează o masă nouă", "watch": "Urmărește ca spectator",
        "replay_lead": "Deschide o partidă .tgn (sau lipește-o) și parcurge-o mutare cu mutare, cu toate mâinile la vedere.",
        "replay": "Revezi", "to_deal": "la împărțire", "back_one": "o mutare înapoi",
        "on_one": "o mutare înainte", "to_end": "la sfârșit",
        "trumps": "Atu: {suit}", "trumps_to_call": "Atuul urmează să fie ales",
        "deal_over": "Mâna s-a terminat", "your_bid": "Licitezi tu", "your_call": "Alege atuul",
        "your_turn": "E rândul tău", "thinking": "{who} se gândește…", "waiting_for": "Se așteaptă {who}",
        "bot_kind": "robot {bot}", "online": "conectat", "away": "absent", "hidden_card": "o carte ascunsă",
        "trick_n": "{n} levată|{n} levate", "point_n": "{n} punct|{n} puncte",
        "takes": "{who} ia {points}", "leads": "{who} deschide", "face_up_trump": "atuul întors: {card}",
        "the_stock": "pachetul", "cards_left": "a rămas {n} carte|au rămas {n} cărți",
        "suit_trumps": "atu: {suit}", "play_card": "joacă {card}",
        "you_are": "Ești {who}", "you_said": "ai spus: {said}", "windows": "deschis în {n} ferestre",
        "spectating": "Urmărești: spectatorilor nu li se arată nicio carte ascunsă.",
        "analysing": "Se analizează mâna…", "passed": "pas", "bid_n": "licitează {n}", "called": "a ales {suit}",
        "pass": "pas", "exchange": "schimbă {card}", "trump_suit": "atu: {suit}",
        "dealt_random": "Împărțit aleatoriu de server",
        "stacked": "Pachet aranjat: cel care a creat masa a ales fiecare mână",
        "known_deal": "Împărțire cunoscută: cel care a creat masa a ales sămânța",
        "rule_options_are": "Opțiunile regulilor: {list}",
        "standard_rules": "Reguli standard, fără opțiuni", "team": "Echipă", "player": "Jucător",
        "side": "Tabără", "points": "Puncte", "bonus": "Bonus", "tricks": "Levate", "score": "Rezultat",
        "declarer_bid": "{who} a licitat {n}", "declarer_chose": "{who} a ales atuul", "you_mark": "(tu)",
        "person_online": "om, conectat", "person_away": "om, absent",
        "no_trick_yet": "Nu s-a jucat încă nicio levată.", "trick_caption": "Levata {n}: {who} ia {points}",
        "deal_over_knowledge": "Mâna s-a terminat: acum toate cărțile sunt cunoscute. Vezi analiza mai jos.",
        "not_available_yet": "Încă indisponibil: {reason}.",
        "knowledge_about": "Aici vei vedea, pentru fiecare alt jucător, cărțile despre care știi că le "
                           "are sau nu le are, culorile care îi lipsesc, șansa fiecărei cărți nevăzute "
                           "și desenul Kripke al unei cărți alese.",
        "worlds_fit": "{worlds} se potrivesc cu ce ai văzut",
        "holdings": "; cărțile nevăzute pot fi așezate în {ways} acum.",
        "none": "niciuna", "holds": "are", "lacks": "nu are", "void_in": "fără", "likely": "probabile",
        "kripke_pick": "Desenul Kripke al unei cărți…", "kripke_alt": "Modelul Kripke pentru {card}",
        "not_available": "Indisponibil: {reason}.",
        "analysis_about": "Analiza dă valoarea cu cărțile la vedere a fiecărei mutări jucate față de "
                          "cea mai bună mutare și punctele pierdute de fiecare jucător.",
        "points_lost": "Puncte pierdute", "who": "Cine", "played": "Jucat", "value": "Valoare", "best": "Cea mai bună",
        "lost": "Pierdut", "early_left_out": "Primele mutări au fost omise: rezolvarea lor durează prea mult.",
        "choose_record": "alege un fișier .tgn sau lipește o partidă", "cannot_read": "partida nu poate fi citită",
        "the_deal": "împărțirea", "move_of": "mutarea {n} din {total}: {who} {move}", "to_move": "mută {who}",
        "log_turn": "Se întoarce {card}: atu {suit}", "log_draws": "{who} trage o carte",
        "log_draws_card": "{who} trage {card}", "log_face_up": "{who} trage {card} (era la vedere)",
        "log_scores": "{who} marchează {what}", "log_plays": "{who} joacă {card}",
        "log_swaps": "{who} schimbă {card} cu atuul întors", "log_passes": "{who} spune pas",
        "log_bids": "{who} licitează {n}", "log_calls": "{who} alege atu {suit}",
        "log_trick": "Levata {n}: {who} ia {points}", "bonus_points": "și {n} punct bonus|și {n} puncte bonus",
        "kripke_spectator": "Desenul Kripke al unei cărți: relațiile tuturor locurilor, pentru spectatori",
        "err_not_your_turn": "nu e rândul tău: mută {who}", "err_illegal": "mutare nepermisă {move}: {why}",
        "err_moved_on": "masa a mers mai departe: acum e la mutarea {n}", "err_no_table": "această masă nu există",
        "err_expired": "această masă a expirat", "err_token": "token greșit sau lipsă pentru {who}",
        "err_too_many": "prea multe mesaje; mai încet", "err_too_large": "mesaj prea mare",
        "err_full": "serverul este plin; încearcă mai târziu", "err_spectators": "spectatorii nu pot muta",
        "err_over": "mâna s-a terminat", "err_not_stored": "mutarea nu a putut fi salvată; încearcă din nou",
        "err_tables": "prea multe mese create de la adresa ta; încearcă mai târziu",
        "err_idle": "închis: nu s-a primit nimic de ceva vreme",
        "err_window": "{who} a fost deschis în altă fereastră; aceasta a fost închisă",
        "err_join_first": "mai întâi ocupă un loc sau urmărește o masă",
        "err_record_later": "partida poate fi descărcată după ce se termină mâna",
        "err_analysis_later": "analiza apare după ce se termină mâna",
    },
    "nl": {
        "deals_n": "{n} mogelijke deling|{n} mogelijke delingen", "deals_about": "ongeveer {lead} × 10{exp} mogelijke delingen",
        "ways_n": "{n} manier|{n} manieren", "ways_about": "ongeveer {lead} × 10{exp} manieren",
        "title": "aceten — de Aas-Tien-kaartspellen",
        "nav_new": "Nieuwe tafel", "nav_replay": "Partij naspelen", "language": "Taal",
        "conn_title": "verbinding met de server", "connected": "verbonden",
        "reconnecting": "opnieuw verbinden…", "closed_elsewhere": "gesloten (open in een ander venster)",
        "lobby_lead": "Briscola, Brisca, Cruce en Klaverjas tegen bots of mensen. Ieder mens krijgt een "
                      "eigen link naar een plaats; toeschouwers krijgen een openbare link die geen "
                      "enkele verborgen kaart toont.",
        "game": "Spel", "players": "Spelers", "variant": "Variant", "seats": "Plaatsen",
        "rule_options": "Spelregelopties",
        "seed_label": "Seed (optioneel, alleen als je de enige mens aan tafel bent: de deling is dan bekend)",
        "random": "willekeurig", "create_table": "Tafel maken", "n_players": "{n} spelers",
        "yes": "ja", "no": "nee", "default": "standaard", "default_mark": "(standaard)",
        "seat": "plaats", "name": "naam", "you": "jij", "a_person": "een mens", "bot_named": "bot: {bot}",
        "could_not_create": "de tafel kon niet worden gemaakt", "unreachable": "de server is niet bereikbaar",
        "not_connected": "niet verbonden met de server", "link_copied": "link gekopieerd",
        "download": "Partij downloaden (.tgn)", "scores": "Stand", "spectator_link": "Link voor toeschouwers",
        "copy": "Kopiëren", "invite": "{seat} uitnodigen", "why_bots": "Waarom de bots zo speelden",
        "why_bots_hint": "hun redenen, kort", "no_bot_yet": "Nog geen bot heeft in deze slag gespeeld.",
        "last_trick": "Laatste slag", "show": "Tonen", "hide": "Verbergen", "knowledge": "Kennis",
        "knowledge_hint": "wat je weet van de andere handen", "analysis": "Analyse",
        "game_log": "Verloop van de partij", "moves": "Zetten",
        "gone_none": "Deze tafel bestaat niet", "gone_expired": "Deze tafel is verlopen",
        "gone_token": "Deze plaatslink werkt niet",
        "gone_expired_text": "Tafels waar een dag lang niet gespeeld is, worden opgeruimd. Afgelopen "
                             "tafels houden hun partij; deze was niet afgelopen.",
        "gone_token_text": "De link is onvolledig of niet de link die deze plaats kreeg. Vraag de "
                           "maker van de tafel opnieuw om de link, of kijk als toeschouwer mee.",
        "gone_none_text": "De link is misschien verkeerd getypt, of de tafel is opgeruimd. Controleer "
                          "de link, of maak een nieuwe tafel.",
        "start_new": "Nieuwe tafel maken", "watch": "Meekijken als toeschouwer",
        "replay_lead": "Open een .tgn-partij (of plak haar) en loop er zet voor zet doorheen, alle handen open.",
        "replay": "Naspelen", "to_deal": "naar de deling", "back_one": "een zet terug",
        "on_one": "een zet verder", "to_end": "naar het einde",
        "trumps": "Troef: {suit}", "trumps_to_call": "Troef moet nog gekozen worden",
        "deal_over": "Het spel is uit", "your_bid": "Jij moet bieden", "your_call": "Kies troef",
        "your_turn": "Jij bent aan de beurt", "thinking": "{who} denkt na…", "waiting_for": "Wachten op {who}",
        "bot_kind": "bot {bot}", "online": "online", "away": "afwezig", "hidden_card": "een verborgen kaart",
        "trick_n": "{n} slag|{n} slagen", "point_n": "{n} punt|{n} punten",
        "takes": "{who} haalt {points}", "leads": "{who} komt uit", "face_up_trump": "open troefkaart: {card}",
        "the_stock": "de stapel", "cards_left": "nog {n} kaart|nog {n} kaarten",
        "suit_trumps": "{suit} is troef", "play_card": "speel {card}",
        "you_are": "Jij bent {who}", "you_said": "jij: {said}", "windows": "open in {n} vensters",
        "spectating": "Je kijkt mee: toeschouwers zien geen enkele verborgen kaart.",
        "analysing": "Het spel wordt geanalyseerd…", "passed": "gepast", "bid_n": "biedt {n}",
        "called": "koos {suit}", "pass": "pas", "exchange": "ruil {card}", "trump_suit": "troef: {suit}",
        "dealt_random": "Willekeurig gedeeld door de server",
        "stacked": "Geschikte kaarten: de maker van de tafel koos elke hand",
        "known_deal": "Bekende deling: de maker van de tafel koos de seed",
        "rule_options_are": "Spelregelopties: {list}",
        "standard_rules": "Standaardregels, geen opties", "team": "Team", "player": "Speler",
        "side": "Partij", "points": "Punten", "bonus": "Roem", "tricks": "Slagen", "score": "Uitslag",
        "declarer_bid": "{who} bood {n}", "declarer_chose": "{who} koos troef", "you_mark": "(jij)",
        "person_online": "mens, online", "person_away": "mens, afwezig",
        "no_trick_yet": "Er is nog geen slag gespeeld.", "trick_caption": "Slag {n}: {who} haalt {points}",
        "deal_over_knowledge": "Het spel is uit: alle kaarten zijn nu bekend. Zie de analyse hieronder.",
        "not_available_yet": "Nog niet beschikbaar: {reason}.",
        "knowledge_about": "Hier zie je voor elke andere speler de kaarten waarvan je weet dat hij ze "
                           "heeft of niet heeft, de kleuren die hij mist, de kans op elke ongeziene "
                           "kaart en het Kripke-plaatje van een gekozen kaart.",
        "worlds_fit": "{worlds} passen bij wat je gezien hebt",
        "holdings": "; de ongeziene kaarten kunnen nu op {ways} verdeeld zijn.",
        "none": "geen", "holds": "heeft", "lacks": "mist", "void_in": "renonce in", "likely": "waarschijnlijk",
        "kripke_pick": "Kripke-plaatje van een kaart…", "kripke_alt": "Kripke-model voor {card}",
        "not_available": "Niet beschikbaar: {reason}.",
        "analysis_about": "De analyse geeft de waarde met open kaarten van elke gespeelde zet naast de "
                          "beste zet, en de punten die elke speler verloor.",
        "points_lost": "Punten verloren", "who": "Wie", "played": "Gespeeld", "value": "Waarde", "best": "Beste",
        "lost": "Verloren", "early_left_out": "De eerste zetten zijn weggelaten: die oplossen duurt te lang.",
        "choose_record": "kies een .tgn-bestand of plak een partij", "cannot_read": "de partij is niet te lezen",
        "the_deal": "de deling", "move_of": "zet {n} van {total}: {who} {move}", "to_move": "{who} is aan zet",
        "log_turn": "{card} wordt opengelegd: {suit} is troef", "log_draws": "{who} pakt een kaart",
        "log_draws_card": "{who} pakt {card}", "log_face_up": "{who} pakt {card} (die lag open)",
        "log_scores": "{who} scoort {what}", "log_plays": "{who} speelt {card}",
        "log_swaps": "{who} ruilt {card} tegen de open troefkaart", "log_passes": "{who} past",
        "log_bids": "{who} biedt {n}", "log_calls": "{who} kiest {suit} als troef",
        "log_trick": "Slag {n}: {who} haalt {points}", "bonus_points": "en {n} roempunt|en {n} roempunten",
        "kripke_spectator": "Het Kripke-plaatje van een kaart: de relaties van alle plaatsen, voor toeschouwers",
        "err_not_your_turn": "je bent niet aan de beurt: {who} is aan zet", "err_illegal": "ongeldige zet {move}: {why}",
        "err_moved_on": "de tafel is verder gegaan: nu bij zet {n}", "err_no_table": "deze tafel bestaat niet",
        "err_expired": "deze tafel is verlopen", "err_token": "verkeerd of ontbrekend token voor {who}",
        "err_too_many": "te veel berichten; rustig aan", "err_too_large": "bericht te groot",
        "err_full": "de server is vol; probeer het later", "err_spectators": "toeschouwers kunnen niet spelen",
        "err_over": "het spel is uit", "err_not_stored": "de zet kon niet worden opgeslagen; probeer opnieuw",
        "err_tables": "te veel tafels gemaakt vanaf jouw adres; probeer het later",
        "err_idle": "gesloten: een tijd niets ontvangen",
        "err_window": "{who} is in een ander venster geopend; dit venster is gesloten",
        "err_join_first": "neem eerst een plaats in of kijk mee aan een tafel",
        "err_record_later": "de partij is te downloaden als het spel uit is",
        "err_analysis_later": "de analyse verschijnt als het spel uit is",
    },
}

# The server's error texts (English, as in docs/web.md) and the keys of their translations; the
# named groups fill the translation's {names}. The first that matches wins.
ERRORS: list[tuple[str, str]] = [
    (r"^not your turn: (?P<who>P\d+) is to move", "err_not_your_turn"),
    (r"^illegal move (?P<move>\S+)(?: for P\d+)?: (?P<why>.*)$", "err_illegal"),
    (r"^the table has moved on: it is now at ply (?P<n>\d+)", "err_moved_on"),
    (r"^no such table", "err_no_table"),
    (r"^this table has expired", "err_expired"),
    (r"^wrong or missing token for (?P<who>P\d+)", "err_token"),
    (r"^too many messages", "err_too_many"),
    (r"^message too large", "err_too_large"),
    (r"^the server is full", "err_full"),
    (r"^spectators cannot move", "err_spectators"),
    (r"^the deal is over$", "err_over"),
    (r"^the move could not be stored", "err_not_stored"),
    (r"^too many tables created", "err_tables"),
    (r"^closed: nothing received", "err_idle"),
    (r"^(?P<who>P\d+) was opened in another window", "err_window"),
    (r"^join a seat or spectate a table first", "err_join_first"),
    (r"^the record is available when the deal is over", "err_record_later"),
    (r"^the analysis is shown when the deal is over", "err_analysis_later"),
]

# How players name the cards, per deck family (aceten.cards.Family names, lower case). Rank
# and suit names are keyed by the letters of the notation; "format" puts them together; "letters"
# are the rank letters drawn on the card faces where players use their own (absent: as in the
# notation). English names come from the deck itself.
CARDS: dict[str, dict[str, dict[str, Any]]] = {
    "it": {
        "latin": {"format": "{rank} di {suit}",
                  "ranks": {"A": "asso", "2": "due", "3": "tre", "4": "quattro", "5": "cinque", "6": "sei",
                            "7": "sette", "J": "fante", "H": "cavallo", "K": "re"},
                  "suits": {"S": "spade", "C": "coppe", "O": "denari", "B": "bastoni"},
                  "letters": {"J": "F", "H": "C", "K": "R"}},
        "german": {"format": "{rank} di {suit}",
                   "ranks": {"9": "nove", "J": "fante", "Q": "donna", "K": "re", "T": "dieci", "A": "asso"},
                   "suits": {"R": "cuori", "V": "foglie", "G": "ghiande", "D": "campanelle"}},
        "french": {"format": "{rank} di {suit}",
                   "ranks": {"7": "sette", "8": "otto", "9": "nove", "T": "dieci", "J": "fante", "Q": "donna",
                             "K": "re", "A": "asso"},
                   "suits": {"C": "fiori", "D": "quadri", "H": "cuori", "S": "picche"}},
    },
    "es": {
        "latin": {"format": "{rank} de {suit}",
                  "ranks": {"A": "as", "2": "dos", "3": "tres", "4": "cuatro", "5": "cinco", "6": "seis",
                            "7": "siete", "J": "sota", "H": "caballo", "K": "rey"},
                  "suits": {"S": "espadas", "C": "copas", "O": "oros", "B": "bastos"},
                  "letters": {"J": "S", "H": "C", "K": "R"}},
        "german": {"format": "{rank} de {suit}",
                   "ranks": {"9": "nueve", "J": "sota", "Q": "dama", "K": "rey", "T": "diez", "A": "as"},
                   "suits": {"R": "corazones", "V": "hojas", "G": "bellotas", "D": "cascabeles"}},
        "french": {"format": "{rank} de {suit}",
                   "ranks": {"7": "siete", "8": "ocho", "9": "nueve", "T": "diez", "J": "jota", "Q": "reina",
                             "K": "rey", "A": "as"},
                   "suits": {"C": "tréboles", "D": "diamantes", "H": "corazones", "S": "picas"}},
    },
    "ro": {
        "latin": {"format": "{rank} de {suit}",
                  "ranks": {"A": "as", "2": "doi", "3": "trei", "4": "patru", "5": "cinci", "6": "șase",
                            "7": "șapte", "J": "valet", "H": "cal", "K": "rege"},
                  "suits": {"S": "spade", "C": "cupe", "O": "dinari", "B": "bâte"}},
        # Cruce: the jack, queen and king are the two, three and four (doiar, treiar, patrar)
        "german": {"format": "{rank} de {suit}",
                   "ranks": {"9": "nouă", "J": "doiar", "Q": "treiar", "K": "patrar", "T": "zece", "A": "as"},
                   "suits": {"R": "roșu", "V": "verde", "G": "ghindă", "D": "dubă"},
                   "letters": {"J": "2", "Q": "3", "K": "4"}},
        "french": {"format": "{rank} de {suit}",
                   "ranks": {"7": "șapte", "8": "opt", "9": "nouă", "T": "zece", "J": "valet", "Q": "damă",
                             "K": "popă", "A": "as"},
                   "suits": {"C": "treflă", "D": "caro", "H": "cupă", "S": "pică"}},
    },
    "nl": {
        "latin": {"format": "{suit} {rank}",
                  "ranks": {"A": "aas", "2": "twee", "3": "drie", "4": "vier", "5": "vijf", "6": "zes",
                            "7": "zeven", "J": "boer", "H": "paard", "K": "heer"},
                  "suits": {"S": "zwaarden", "C": "bekers", "O": "munten", "B": "stokken"}},
        "german": {"format": "{suit} {rank}",
                   "ranks": {"9": "negen", "J": "boer", "Q": "vrouw", "K": "heer", "T": "tien", "A": "aas"},
                   "suits": {"R": "harten", "V": "bladeren", "G": "eikels", "D": "bellen"}},
        "french": {"format": "{suit} {rank}",
                   "ranks": {"7": "zeven", "8": "acht", "9": "negen", "T": "tien", "J": "boer", "Q": "vrouw",
                             "K": "heer", "A": "aas"},
                   "suits": {"C": "klaveren", "D": "ruiten", "H": "harten", "S": "schoppen"},
                   "letters": {"J": "B", "Q": "V", "K": "H"}},
    },
}


def choose_language(accept_language: str | None) -> str:
    """The first of the browser's languages (``Accept-Language``, by weight) that the page
    speaks; English when none is."""
    if not accept_language:
        return DEFAULT
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        match = re.search(r"q=([^;\s]*)", params)
        if match:
            try:
                weight = float(match.group(1))
            except ValueError:
                weight = 0.0
        ranked.append((-weight, i, tag.strip().lower().split("-")[0]))
    for weight, _, code in sorted(ranked):
        if weight < 0 and code in LANGUAGES:
            return code
    return DEFAULT


def rank_letters(language: str, family: str) -> dict[str, str]:
    """The letters players of ``language`` draw on the faces of ``family``'s court cards."""
    return dict(CARDS.get(language, {}).get(family, {}).get("letters", {}))


def catalogue(accept_language: str | None) -> dict[str, Any]:
    """What ``GET /api/i18n`` sends: every language's words, the card names and the error
    patterns, with the default for this browser."""
    return {"default": choose_language(accept_language), "languages": LANGUAGES, "texts": TEXTS,
            "cards": CARDS, "errors": ERRORS}
