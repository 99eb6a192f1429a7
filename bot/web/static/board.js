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

  // Turns longer than the listed steps (Tactori: more bridges): asked for once a turn is whole.
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
    // a bridge's spot lies over the field between its ends: it offers that field's steps too
    const ends = /^([a-i])(\d)([a-i])(\d)$/.exec(target);
    if (ends) {
      const mid = String.fromCharCode((ends[1].charCodeAt(0) + ends[3].charCodeAt(0)) / 2) + (Number(ends[2]) + Number(ends[4])) / 2;
      candidates = candidates.concat(level().filter((n) => n.target === mid));
    }
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
  // what the images' legend says of each seat: what is left in supply, the score
  function seatFacts(board, seat) {
    const w = W(), parts = [];
    if (data.game === "tactori" || data.game === "tactori-fem") {
      parts.push(count("towers", board.towers[seat]), count("bridges", board.bridge_supply[seat]));
      if (data.game === "tactori" && board.scores) parts.push(count("points", board.scores[seat]));
    } else if (data.game === "atacama") {
      const left = board.supply[seat] || [0, 0];
      parts.push(count("towers", left[0] + left[1]), count("points", board.scores[seat]));
    } else if (data.game === "architekton") {
      parts.push(count("houses", board.supply[seat]), count("chips", board.chips[seat]));
    }
    return parts.join(", ");
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

  function drawTowers(board, root, targets) {
    const n = board.size, S = 100, pad = 84, size = pad * 2 + S * (n - 1);
    root.setAttribute("viewBox", `0 0 ${size} ${size}`);
    const cols = "abcdefghi";
    const at = (f) => [pad + S * cols.indexOf(f[0]), pad + S * (n - Number(f.slice(1)))];
    root.appendChild(svg("rect", {x: 0, y: 0, width: size, height: size, fill: data.palette.background}));
    for (let i = 0; i < n; i++) {
      root.appendChild(svg("line", {x1: pad, y1: pad + S * i, x2: pad + S * (n - 1), y2: pad + S * i, class: "grid"}));
      root.appendChild(svg("line", {x1: pad + S * i, y1: pad, x2: pad + S * i, y2: pad + S * (n - 1), class: "grid"}));
      root.appendChild(svg("text", {x: pad + S * i, y: size - 6, class: "coord"}, cols[i]));
      root.appendChild(svg("text", {x: 16, y: pad + S * i + 10, class: "coord"}, String(n - i)));
    }
    const last = board.last || {};
    for (let c = 0; c < n; c++) {
      for (let r = 1; r <= n; r++) {
        const f = cols[c] + r, [x, y] = at(f), stack = board.stacks[f] || [];
        let label = W().empty;
        if (stack.length === 1) label = fill(W().tower, {name: nameOf(stack[0])});
        else if (stack.length > 1) label = fill(W().towers, {name: nameOf(stack[stack.length - 1]), count: stack.length});
        const g = place(root, f, svg("circle", {cx: x, cy: y, r: 48, class: "spot"}), label, targets);
        if (f === last.to || f === last.from) g.appendChild(svg("circle", {cx: x, cy: y, r: 42, class: "last"}));
        if (stack.length) g.appendChild(marker(stack[stack.length - 1], x, y, 30, stack.length > 1 ? String(stack.length) : ""));
      }
    }
    // bridges lie on the towers they join: drawn over the fields, never in the way of a click
    for (const [a, b, owner] of board.bridges) {
      const [x1, y1] = at(a), [x2, y2] = at(b);
      const style = data.styles[owner];
      root.appendChild(svg("line", {x1, y1, x2, y2, stroke: data.palette.ink, "stroke-width": 24, "stroke-linecap": "round", class: "bridge"}));
      root.appendChild(svg("line", {x1, y1, x2, y2, stroke: style.colour, "stroke-width": 16, "stroke-linecap": "round", class: "bridge"}));
    }
    for (const [a, b] of last.bridges || []) {
      const [x1, y1] = at(a), [x2, y2] = at(b);
      root.appendChild(svg("line", {x1, y1, x2, y2, class: "last-bridge"}));
    }
    // bridges that may be laid, taken up or removed: a spot between their two fields
    const fields = /^([a-i]\d)([a-i]\d)$/;
    for (const t of targets) {
      const m = fields.exec(t);
      if (!m) continue;
      const [x1, y1] = at(m[1]), [x2, y2] = at(m[2]);
      const owner = board.bridges.find((b) => b[0] === m[1] && b[1] === m[2]);
      const label = owner ? fill(W().bridge, {name: nameOf(owner[2])}) : m[1] + "–" + m[2];
      root.appendChild(svg("line", {x1, y1, x2, y2, class: "bridge-hint"}));
      place(root, t, svg("rect", {x: (x1 + x2) / 2 - 24, y: (y1 + y2) / 2 - 24, width: 48, height: 48, rx: 10, class: "spot bridge-spot"}), label, targets);
    }
  }

  function drawAtacama(board, root, targets) {
    const n = board.size, S = 100, pad = 50, size = pad + S * n + 10;
    root.setAttribute("viewBox", `0 0 ${size} ${size}`);
    root.appendChild(svg("rect", {x: 0, y: 0, width: size, height: size, fill: data.palette.background}));
    const cols = "abcdefghi";
    const last = board.last && board.last.move ? board.last.move.replace("*", "") : null;
    for (let c = 0; c < n; c++) {
      root.appendChild(svg("text", {x: pad + S * c + S / 2, y: size - 0, class: "coord"}, cols[c]));
      for (let r = 1; r <= n; r++) {
        const f = cols[c] + r, x = pad + S * c, y = S * (n - r);
        const ore = board.fields[f], tower = board.towers[f];
        const label = tower ? fill(W().tower, {name: nameOf(tower[0])}) : ore ? W().ore[ore[0]] + " " + ore[1] : W().empty;
        const shape = svg("rect", {x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 6,
          fill: ore ? data.palette.ore[ore[0]] : data.palette.faint, class: "spot"});
        const g = place(root, f, shape, label, targets);
        if (ore) g.appendChild(svg("text", {x: x + 12, y: y + 30, class: "ore", fill: data.palette.ore_ink[ore[0]]}, ore[0] + ore[1]));
        if (f === last) g.appendChild(svg("rect", {x: x + 5, y: y + 5, width: S - 10, height: S - 10, class: "last"}));
        if (tower) {
          const m = marker(tower[0], x + S / 2, y + S / 2 + 6, 28, tower[1] ? "*" : "");
          g.appendChild(m);
        }
      }
      root.appendChild(svg("text", {x: 20, y: S * c + S / 2 + 10, class: "coord"}, String(n - c)));
    }
    for (let i = 1; i < 3; i++) {
      root.appendChild(svg("line", {x1: pad + 3 * S * i, y1: 0, x2: pad + 3 * S * i, y2: S * n, class: "sub"}));
      root.appendChild(svg("line", {x1: pad, y1: 3 * S * i, x2: pad + S * n, y2: 3 * S * i, class: "sub"}));
    }
  }

  function drawArchitekton(board, root, targets) {
    const squares = board.tiles.map((t) => [t[0], t[1]]);
    for (const t of targets) { const m = /^(-?\d+),(-?\d+)$/.exec(t); if (m) squares.push([+m[1], +m[2]]); }
    if (!squares.length) squares.push([0, 0]);
    const xs = squares.map((s) => s[0]), ys = squares.map((s) => s[1]);
    const x0 = Math.min(...xs) - 1, x1 = Math.max(...xs) + 1, y0 = Math.min(...ys) - 1, y1 = Math.max(...ys) + 1;
    const S = 100, w = (x1 - x0 + 1) * S, h = (y1 - y0 + 1) * S;
    root.setAttribute("viewBox", `0 0 ${w} ${h}`);
    root.appendChild(svg("rect", {x: 0, y: 0, width: w, height: h, fill: data.palette.background}));
    const tiles = new Map(board.tiles.map((t) => [t[0] + "," + t[1], t]));
    const houses = new Map(board.houses.map((hs) => [hs[0] + "," + hs[1], hs[2]]));
    const lastSet = new Set((board.last || []).map((s) => s[0] + "," + s[1]));
    const pending = board.pending ? board.pending[0] + "," + board.pending[1] : null;
    for (let y = y1; y >= y0; y--) {
      for (let x = x0; x <= x1; x++) {
        const key = x + "," + y, px = (x - x0) * S, py = (y1 - y) * S, tile = tiles.get(key);
        if (!tile && !targets.has(key)) continue;
        let label = W().empty;
        const g = place(root, key, svg("rect", {x: px + 2, y: py + 2, width: S - 4, height: S - 4, class: "spot"}), "", targets);
        if (tile && tile[2] === "L") {
          g.appendChild(svg("rect", {x: px + 2, y: py + 2, width: S - 4, height: S - 4, fill: data.palette.terrain[tile[3]]}));
          label = W().landscape + " " + W().terrain[tile[3]];
        } else if (tile) {
          const sides = board.sides[tile[3]] || ["E", "E", "E", "E"], c = [px + S / 2, py + S / 2];
          const corners = [[px + 2, py + 2], [px + S - 2, py + 2], [px + S - 2, py + S - 2], [px + 2, py + S - 2]];
          for (let d = 0; d < 4; d++) {      // N, E, S, W: each side's terrain after the rotation
            const terrain = sides[((d - tile[4]) % 4 + 4) % 4], a = corners[d], b = corners[(d + 1) % 4];
            g.appendChild(svg("polygon", {points: `${a[0]},${a[1]} ${b[0]},${b[1]} ${c[0]},${c[1]}`, fill: data.palette.terrain[terrain], stroke: data.palette.background, "stroke-width": 2}));
          }
          g.appendChild(svg("text", {x: px + S / 2, y: py + 16, class: "tile-id"}, tile[3]));
          label = W().building + " " + tile[3];
        }
        if (houses.has(key)) {
          g.appendChild(marker(houses.get(key), px + S / 2, py + S / 2 + 4, 22, ""));
          label += ", " + fill(W().house, {name: nameOf(houses.get(key))});
        }
        if (lastSet.has(key)) g.appendChild(svg("rect", {x: px + 6, y: py + 6, width: S - 12, height: S - 12, class: "last"}));
        if (key === pending) g.appendChild(svg("rect", {x: px + 8, y: py + 8, width: S - 16, height: S - 16, class: "pending"}));
        g.setAttribute("aria-label", key + ", " + label + (targets.has(key) ? ", " + W().place_here : ""));
      }
    }
  }

  const DRAW = {"tactori": drawTowers, "tactori-fem": drawTowers, "atacama": drawAtacama, "architekton": drawArchitekton};

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
    if (view.board && DRAW[data.game]) DRAW[data.game](view.board, board, targets);
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
