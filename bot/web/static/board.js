// The web board: draws the match as SVG, builds a move step by step from the tree of steps the
// server sends (engines/builder.py), plays it, follows the match live, and explores on a scratch
// board. Plain JS, no framework; every name and word is set as text, never as markup.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const link = location.pathname.split("/").pop();
  const api = "/api/m/" + link;
  const app = document.getElementById("app");
  let data = null;          // the match as the server describes it
  let view = null;          // {board, steps, to_move, ply, explored: [...]} of what is shown
  let chosen = [];          // step nodes chosen so far
  let mode = "game";        // "game", "explore" (scratch board) or "history" (an earlier ply)
  let explore = {ply: 0, moves: []};
  let focusTarget = null;   // the place that keeps the keyboard focus
  let busy = false;
  let note = "";

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  }
  const W = () => data.words;
  // "1 chip", "2 chips": French takes the singular for 0 too
  function count(key, n) {
    const one = data.lang === "fr" ? n < 2 : n === 1;
    return fill(W().count[key][one ? "one" : "other"], {count: n});
  }

  async function request(path, body) {
    const init = body === undefined ? {} : {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
    const response = await fetch(api + path, init);
    let json = null;
    try { json = await response.json(); } catch (e) { json = null; }
    return {status: response.status, json: json || {}};
  }

  let asked = 0, shown = 0;   // loads overlap (a move's answer, a live event): the latest asked wins
  async function load() {
    const mine = ++asked;
    const {status, json} = await request("");
    if (mine < shown) return;
    shown = mine;
    if (status !== 200) { showError(json.error || String(status)); return; }
    const changed = !data || data.ply !== json.ply;
    data = json;
    data.received = performance.now();      // the countdown runs on from the server's "now"
    if (changed) chosen = [];
    if (mode === "game") view = {board: data.board, steps: data.steps, to_move: data.to_move, ply: data.ply};
    render();
  }

  async function loadView() {
    // a scratch board (explore) or an earlier position (history): the server replays, stores nothing
    const {status, json} = await request("/explore", {ply: explore.ply, moves: explore.moves});
    if (status !== 200) {
      note = json.error || String(status);
      if (status === 422 && typeof json.index === "number") explore.moves = explore.moves.slice(0, json.index);
      render();
      return;
    }
    view = {board: json.board, steps: mode === "explore" ? json.steps : [], to_move: json.to_move,
            ply: json.ply, explored: json.moves};
    chosen = [];
    render();
  }

  function showError(text) {
    app.textContent = "";
    app.appendChild(el("p", {"data-role": "status", role: "alert"}, text));
  }

  // ------------------------------------------------------------------ the move being built
  function level() {
    let nodes = view.steps || [];
    for (const node of chosen) nodes = node.next;
    return nodes;
  }
  function whole() { return chosen.length > 0 && chosen[chosen.length - 1].end; }
  function built() { return chosen.map((n) => n.text).join(""); }

  function choose(node) {
    chosen.push(node);
    note = "";
    const next = level();
    // a single continuation that names no place and is the only way on: take it at once
    if (!node.end && next.length === 1 && next[0].target === null && next[0].next.length === 0) chosen.push(next[0]);
    render();
    extend(chosen[chosen.length - 1]);
  }

  // Turns longer than the listed steps (e.g. more bridges): asked for once a turn is whole.
  async function extend(node) {
    if (!data.longer || !node.end || node.extended) return;
    node.extended = true;
    const from = mode === "game" ? {ply: data.ply, moves: []} : {ply: explore.ply, moves: explore.moves};
    const {status, json} = await request("/longer", Object.assign(from, {move: built()}));
    if (status !== 200 || !json.next.length) return;
    for (const more of json.next) if (!node.next.some((n) => n.text === more.text)) node.next.push(more);
    if (chosen[chosen.length - 1] === node) render();
  }

  function clickPlace(target) {
    if (busy) return;
    let candidates = level().filter((n) => n.target === target);
    // a place may lie over another one (the game's script says which): it offers that one's steps too
    const game = GAMES[data.game];
    for (const other of (game && game.under ? game.under(target) : [])) candidates = candidates.concat(level().filter((n) => n.target === other));
    focusTarget = target;
    if (candidates.length === 1) choose(candidates[0]);
    else if (candidates.length > 1) { pending = candidates; render(); }
  }
  let pending = null;       // several steps share the place clicked: small buttons choose

  async function play() {
    if (!whole() || busy) return;
    const move = built();
    if (mode === "explore") {
      explore.moves.push(move);
      await loadView();
      return;
    }
    busy = true;
    render();
    const {status, json} = await request("/move", {move: move, ply: data.ply});
    busy = false;
    if (status === 200) { note = W().played; chosen = []; }
    else note = json.error || String(status);
    await load();
  }

  function back() {
    pending = null;
    if (chosen.length) chosen.pop();
    else if (mode === "explore" && explore.moves.length) { explore.moves.pop(); loadView(); return; }
    render();
  }

  // ------------------------------------------------------------------ drawing
  const SHAPES = {
    circle: (x, y, r) => svg("circle", {cx: x, cy: y, r: r}),
    square: (x, y, r) => svg("rect", {x: x - r * 0.88, y: y - r * 0.88, width: r * 1.76, height: r * 1.76, rx: r * 0.15}),
    triangle: (x, y, r) => svg("polygon", {points: `${x},${y - r} ${x + r * 0.95},${y + r * 0.75} ${x - r * 0.95},${y + r * 0.75}`}),
    diamond: (x, y, r) => svg("polygon", {points: `${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`}),
  };
  function marker(seat, x, y, r, label) {
    const style = data.styles[seat] || data.styles[0];
    const g = svg("g", {class: "marker"});
    const shape = SHAPES[style.shape](x, y, r);
    shape.setAttribute("fill", style.colour);
    shape.setAttribute("stroke", data.palette.ink);
    shape.setAttribute("stroke-width", r * 0.12);
    g.appendChild(shape);
    if (label) g.appendChild(svg("text", {x: x, y: y + r * 0.36, "font-size": r, fill: style.ink, "text-anchor": "middle"}, label));
    return g;
  }
  // what the images' legend says of each seat: what is left in supply, the score (the game's script says)
  function seatFacts(board, seat) {
    const game = GAMES[data.game];
    return game && game.facts ? game.facts(board, seat).join(", ") : "";
  }
  function nameOf(seat) { return data.names[seat] === undefined ? "?" : data.names[seat]; }

  // A place: a clickable, focusable spot with its coordinate and an accessible name.
  function place(parent, target, shape, label, targets) {
    const g = svg("g", {class: "place", "data-target": target, role: "button"});
    const on = targets.has(target);
    if (on) g.classList.add("target");
    g.setAttribute("aria-label", target + ", " + label + (on ? ", " + W().place_here : ""));
    g.setAttribute("tabindex", "-1");
    g.appendChild(shape);
    g.addEventListener("click", () => clickPlace(target));
    parent.appendChild(g);
    return g;
  }

  // Each game's drawing lives beside its renderer (render/<package>/web.js), served as
  // /static/games/<name>.js and loaded after this script; it registers itself here and draws with
  // these helpers: Boards.register(name, {draw(board, root, targets), facts(board, seat), under(target)}).
  const GAMES = {};
  window.Boards = {
    register(name, game) {
      GAMES[name] = game;
      if (data && view) render();   // the match may have arrived before the game's script
    },
    helpers: {svg, el, fill, count, marker, place, nameOf, W, data: () => data},
  };

  // ------------------------------------------------------------------ keyboard
  function places() { return Array.from(app.querySelectorAll("[data-target]")); }
  function centre(node) { const b = node.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; }
  function onKey(event) {
    const dirs = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
    const current = event.target.closest && event.target.closest("[data-target]");
    if (!current) return;
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); clickPlace(current.getAttribute("data-target")); return; }
    const d = dirs[event.key];
    if (!d) return;
    event.preventDefault();
    const [cx, cy] = centre(current);
    let best = null, bestScore = Infinity;
    for (const other of places()) {
      if (other === current) continue;
      const [x, y] = centre(other), dx = x - cx, dy = y - cy, along = dx * d[0] + dy * d[1];
      if (along <= 1) continue;
      const score = along + 3 * Math.abs(dx * d[1] + dy * d[0]);
      if (score < bestScore) { bestScore = score; best = other; }
    }
    if (best) { current.setAttribute("tabindex", "-1"); best.setAttribute("tabindex", "0"); best.focus(); focusTarget = best.getAttribute("data-target"); }
  }

  // ------------------------------------------------------------------ the page
  function render() {
    const hadFocus = document.activeElement && app.contains(document.activeElement);
    const focusedAction = hadFocus && document.activeElement.getAttribute("data-action");
    app.textContent = "";
    app.appendChild(el("h1", {"data-role": "title"}, data.title + " #" + data.match));
    const status = el("p", {"data-role": "status"}, data.status_line);
    app.appendChild(status);
    const facts = el("p", {class: "facts"});
    facts.appendChild(el("span", {}, W().moves + ": "));
    facts.appendChild(el("span", {"data-role": "ply"}, String(data.ply)));
    if (data.deadline && !data.finished) {
      const [before, after] = W().time_left.split("{time}");
      facts.appendChild(el("span", {}, " · " + before));
      facts.appendChild(el("span", {"data-role": "clock", title: fill(W().deadline, {date: new Date(data.deadline * 1000).toLocaleString(data.lang)})}, timeLeft()));
      if (after) facts.appendChild(el("span", {}, after));
    }
    facts.appendChild(el("span", {class: "live", "data-role": "live"}, " · " + (live ? W().live : W().offline)));
    app.appendChild(facts);
    const players = el("ul", {class: "players"});
    data.names.forEach((name, seat) => {
      const item = el("li", {});
      const sw = svg("svg", {viewBox: "0 0 40 40", width: 20, height: 20, "aria-hidden": "true"});
      sw.appendChild(marker(seat, 20, 20, 16, ""));
      item.appendChild(sw);
      item.appendChild(el("span", {}, " " + name + (seat === data.you ? " ★" : "")));
      const accuracy = data.review && data.review.accuracy[seat];
      if (typeof accuracy === "number") item.appendChild(el("span", {class: "accuracy", "data-role": "accuracy"}, " · " + fill(W().accuracy, {accuracy: accuracy})));
      const facts = seatFacts(view.board, seat);
      if (facts) item.appendChild(el("span", {class: "seat-facts"}, " · " + facts));
      if (seat === view.to_move) item.classList.add("to-move");
      players.appendChild(item);
    });
    app.appendChild(players);
    if (mode !== "game") app.appendChild(el("p", {class: "mode", role: "note"}, mode === "explore" ? W().exploring : W().moves + " " + view.ply));
    const advice = mode === "history" && judged(view.ply + 1);
    if (advice && advice.better) {
      const m = data.moves[view.ply];
      app.appendChild(el("p", {class: "advice", "data-role": "advice"}, fill(W().advice, {
        name: m.seat === null || m.seat === undefined ? "?" : nameOf(m.seat), move: m.move,
        label: W()[advice.label], drop: `-${advice.drop}`, best: advice.better})));
    }
    if (view.prompt || (mode === "game" && data.prompt)) app.appendChild(el("p", {class: "prompt"}, mode === "game" ? data.prompt : view.prompt));

    // the board
    const next = level();
    const targets = new Set(next.filter((n) => n.target !== null).map((n) => n.target));
    const board = svg("svg", {class: "board", role: "group", "aria-label": W().board});
    // a game without a web scene has no board here; the moves, the builder and the rest still work
    if (view.board && GAMES[data.game]) GAMES[data.game].draw(view.board, board, targets);
    board.addEventListener("keydown", onKey);
    app.appendChild(board);
    const all = places();
    const focus = all.find((p) => p.getAttribute("data-target") === focusTarget) || all.find((p) => p.classList.contains("target")) || all[0];
    if (focus) focus.setAttribute("tabindex", "0");

    // the move being built
    const builder = el("section", {class: "builder"});
    builder.appendChild(el("output", {"data-role": "move", "aria-live": "polite"}, built()));
    const choices = el("div", {class: "choices"});
    const offered = pending || next.filter((n) => n.target === null);
    for (const node of offered) {
      const b = el("button", {type: "button", "data-choice": node.text}, node.text.trim());
      b.addEventListener("click", () => { pending = null; choose(node); });
      choices.appendChild(b);
    }
    builder.appendChild(choices);
    const actions = el("div", {class: "actions"});
    const backButton = el("button", {type: "button", "data-action": "back"}, W().back);
    backButton.disabled = !chosen.length && !pending && !(mode === "explore" && explore.moves.length);
    backButton.addEventListener("click", back);
    const playButton = el("button", {type: "button", "data-action": "play", class: "primary"}, W().play);
    playButton.disabled = !whole() || busy;
    playButton.addEventListener("click", play);
    actions.appendChild(backButton);
    actions.appendChild(playButton);
    if (mode !== "explore") {
      // from the game's position, or from the earlier one being looked at
      const ex = el("button", {type: "button", "data-action": "explore"}, W().explore);
      ex.addEventListener("click", () => {
        explore = {ply: mode === "history" ? view.ply : data.ply, moves: []};
        mode = "explore"; pending = null; loadView();
      });
      actions.appendChild(ex);
    }
    if (mode !== "game") {
      const ret = el("button", {type: "button", "data-action": "return"}, W().return);
      ret.addEventListener("click", () => { mode = "game"; pending = null; chosen = []; load(); });
      actions.appendChild(ret);
    }
    builder.appendChild(actions);
    builder.appendChild(el("p", {"data-role": "note", role: "status"}, note));
    app.appendChild(builder);

    // the move list: click one to see the position after it
    const list = el("ol", {class: "moves", "data-role": "moves"});
    const start = el("li", {});
    const startButton = el("button", {type: "button", "data-ply": "0"}, W().start);
    startButton.addEventListener("click", () => showPly(0));
    start.appendChild(startButton);
    list.appendChild(start);
    for (const m of data.moves) {
      const item = el("li", {});
      const b = el("button", {type: "button", "data-ply": String(m.ply)}, m.ply + ". " + (m.seat === null || m.seat === undefined ? "" : nameOf(m.seat) + ": ") + m.move);
      if ((mode === "game" ? data.ply : view.ply) === m.ply && !(mode === "explore" && explore.moves.length)) b.setAttribute("aria-current", "step");
      b.addEventListener("click", () => showPly(m.ply));
      item.appendChild(b);
      const judgement = judged(m.ply);
      if (judgement) {
        const words = judgement.better ? fill(W().mark, {label: W()[judgement.label], drop: `-${judgement.drop}`, best: judgement.better}) : W()[judgement.label];
        item.appendChild(el("span", {class: "mark " + judgement.label, "data-mark": String(m.ply), role: "img", "aria-label": words, title: words}, MARKS[judgement.label]));
      }
      list.appendChild(item);
    }
    for (const m of (mode === "explore" ? explore.moves : [])) list.appendChild(el("li", {class: "explored"}, m));
    app.appendChild(list);
    if (focusedAction) { const again = app.querySelector(`[data-action="${focusedAction}"]`); if (again && !again.disabled) again.focus(); }
    else if (hadFocus && focus) focus.focus();
  }

  // the time left to the deadline, ticking: "2 days 5 h", "5 h 03 min", "12 min 05 s"
  function timeLeft() {
    const seconds = Math.floor(data.deadline - data.now - (performance.now() - data.received) / 1000);
    if (seconds <= 0) return W().time_up;
    const d = Math.floor(seconds / 86400), h = Math.floor(seconds % 86400 / 3600);
    const m = Math.floor(seconds % 3600 / 60), s = seconds % 60, two = (n) => String(n).padStart(2, "0");
    if (d > 0) return count("days", d) + " " + fill(W().hours, {hours: h});
    if (h > 0) return fill(W().hours, {hours: h}) + " " + fill(W().minutes, {minutes: two(m)});
    return fill(W().minutes, {minutes: m}) + " " + fill(W().seconds, {seconds: two(s)});
  }
  setInterval(() => {
    const clock = data && app.querySelector("[data-role=clock]");
    if (clock) clock.textContent = timeLeft();
  }, 1000);

  // a finished match's review: the move's label, if it is worth a mark (an inaccuracy or worse)
  const MARKS = {inaccuracy: "?!", mistake: "?", blunder: "??"};
  function judged(ply) {
    if (!data.review) return null;
    const found = data.review.plies.find((p) => p.ply === ply);
    return found && MARKS[found.label] ? found : null;
  }

  function showPly(ply) {
    pending = null;
    chosen = [];
    if (ply === data.ply && mode !== "explore") { mode = "game"; load(); return; }
    mode = "history";
    explore = {ply: ply, moves: []};
    loadView();
  }

  // ------------------------------------------------------------------ live
  let live = false;
  function listen() {
    const source = new EventSource(api + "/events");
    source.addEventListener("hello", (e) => { live = true; const ply = JSON.parse(e.data).ply; if (data && ply !== data.ply) load(); else if (data) render(); });
    source.addEventListener("ply", () => { load(); });
    source.onerror = () => { live = false; if (data) render(); };
  }

  load().then(listen);
})();
