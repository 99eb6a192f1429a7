// The web board's drawing of Architekton (bot/web/static/board.js loads this beside it and hands over its helpers). Plain JS;
// every name and word is set as text, never as markup.
"use strict";
(function () {
  const {svg, fill, count, marker, place, nameOf, W, data: current} = window.Boards.helpers;

  function drawArchitekton(board, root, targets) {
    const data = current();
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

  function facts(board, seat) {
    return [count("houses", board.supply[seat]), count("chips", board.chips[seat])];
  }

  window.Boards.register("architekton", {draw: drawArchitekton, facts});
})();
