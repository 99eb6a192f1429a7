// The web board's drawing of Tactori and Tactori FEM (bot/web/static/board.js loads this beside it and hands over its helpers). Plain JS;
// every name and word is set as text, never as markup.
"use strict";
(function () {
  const {svg, fill, count, marker, place, nameOf, W, data: current} = window.Boards.helpers;

  function drawTowers(board, root, targets) {
    const data = current();
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

  // what the images' legend says of each seat: what is left in supply, the score
  function facts(board, seat) {
    const parts = [count("towers", board.towers[seat]), count("bridges", board.bridge_supply[seat])];
    if (current().game === "tactori" && board.scores) parts.push(count("points", board.scores[seat]));
    return parts;
  }

  // a bridge's spot lies over the field between its ends: it offers that field's steps too
  function under(target) {
    const ends = /^([a-i])(\d)([a-i])(\d)$/.exec(target);
    if (!ends) return [];
    return [String.fromCharCode((ends[1].charCodeAt(0) + ends[3].charCodeAt(0)) / 2) + (Number(ends[2]) + Number(ends[4])) / 2];
  }

  for (const name of ["tactori", "tactori-fem"]) window.Boards.register(name, {draw: drawTowers, facts, under});
})();
