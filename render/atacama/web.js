// The web board's drawing of Atacama (bot/web/static/board.js loads this beside it and hands over its helpers). Plain JS;
// every name and word is set as text, never as markup.
"use strict";
(function () {
  const {svg, fill, count, marker, place, nameOf, W, data: current} = window.Boards.helpers;

  function drawAtacama(board, root, targets) {
    const data = current();
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

  function facts(board, seat) {
    const left = board.supply[seat] || [0, 0];
    return [count("towers", left[0] + left[1]), count("points", board.scores[seat])];
  }

  window.Boards.register("atacama", {draw: drawAtacama, facts});
})();
