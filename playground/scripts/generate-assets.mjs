#!/usr/bin/env node
/**
 * Regenerates the playground's local media (no network, no external URLs):
 *
 *   node playground/scripts/generate-assets.mjs [--media] [--voices]    (both when neither is given)
 *
 * - `playground/public/media/<id>.svg`: 24 illustrated scenes (640×480, gradients, seeded and
 *   deterministic: the same files every run). The ids match the agent's media payload
 *   (`playground/agent/agent/lib/payloads.ts`).
 * - `playground/public/voices/<id>.wav`: 4 short text-to-speech samples made with espeak-ng
 *   (`apt-get install -y espeak-ng`), 11 kHz mono 8-bit so each is well under 100 KB.
 *
 * The generated files are committed; this script is documentation and a way to change them, not a
 * CI step.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MEDIA_DIR = join(root, "public", "media");
const VOICES_DIR = join(root, "public", "voices");
const W = 640;
const H = 480;

// ─── Tiny SVG toolkit ───────────────────────────────────────────────────────────────────────────

function rng(seed) {
  let a = 0;
  for (const ch of seed) a = (Math.imul(a ^ ch.charCodeAt(0), 2654435761) + 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n) => Math.round(n * 10) / 10;

class Scene {
  constructor(id) {
    this.id = id;
    this.random = rng(id);
    this.defs = [];
    this.body = [];
    this.n = 0;
  }
  uid(prefix) {
    return `${prefix}${this.n++}`;
  }
  rand(min, max) {
    return min + (max - min) * this.random();
  }
  /** A linear gradient; `stops` is [[offset, color, opacity?], …]. Returns `url(#id)`. */
  linear(stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = {}) {
    const id = this.uid("l");
    const s = stops.map(([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${op}"/>`).join("");
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`);
    return `url(#${id})`;
  }
  radial(stops, { cx = 0.5, cy = 0.5, r = 0.5 } = {}) {
    const id = this.uid("r");
    const s = stops.map(([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${op}"/>`).join("");
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${s}</radialGradient>`);
    return `url(#${id})`;
  }
  blur(amount) {
    const id = this.uid("b");
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${amount}"/></filter>`,
    );
    return `url(#${id})`;
  }
  add(svg) {
    this.body.push(svg);
    return this;
  }
  rect(x, y, w, h, fill, extra = "") {
    return this.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}" ${extra}/>`);
  }
  circle(cx, cy, r, fill, extra = "") {
    return this.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}" ${extra}/>`);
  }
  ellipse(cx, cy, rx, ry, fill, extra = "") {
    return this.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}" ${extra}/>`);
  }
  path(d, fill, extra = "") {
    return this.add(`<path d="${d}" fill="${fill}" ${extra}/>`);
  }
  poly(points, fill, extra = "") {
    return this.add(
      `<polygon points="${points.map(([x, y]) => `${f(x)},${f(y)}`).join(" ")}" fill="${fill}" ${extra}/>`,
    );
  }
  sky(top, bottom, mid) {
    const stops = mid
      ? [
          [0, top],
          [0.55, mid],
          [1, bottom],
        ]
      : [
          [0, top],
          [1, bottom],
        ];
    return this.rect(0, 0, W, H, this.linear(stops));
  }
  glow(cx, cy, r, color, opacity = 0.6) {
    return this.circle(
      cx,
      cy,
      r,
      this.radial([
        [0, color, opacity],
        [1, color, 0],
      ]),
    );
  }
  /** A jagged ridge from x=0 to x=W, filled down to the bottom. */
  ridge(baseY, amplitude, fill, { steps = 14, extra = "", snow } = {}) {
    const pts = [[0, H]];
    const peaks = [];
    for (let i = 0; i <= steps; i++) {
      const x = (W / steps) * i;
      const y = baseY - this.rand(0.2, 1) * amplitude;
      pts.push([x, y]);
      peaks.push([x, y]);
    }
    pts.push([W, H]);
    this.poly(pts, fill, extra);
    if (snow) {
      for (let i = 1; i < peaks.length - 1; i++) {
        const [x, y] = peaks[i];
        if (y < baseY - amplitude * 0.7) {
          this.poly(
            [
              [x, y],
              [x - 22, y + 26],
              [x - 8, y + 20],
              [x + 4, y + 30],
              [x + 20, y + 24],
            ],
            snow,
            `opacity="0.9"`,
          );
        }
      }
    }
    return this;
  }
  /** Smooth rolling hills. */
  hills(baseY, amplitude, fill, waves = 3, extra = "") {
    const phase = this.rand(0, Math.PI * 2);
    let d = `M0 ${H} L0 ${f(baseY)}`;
    for (let x = 0; x <= W; x += 16) {
      const y = baseY - amplitude * Math.sin((x / W) * Math.PI * waves + phase) * 0.5 - amplitude * 0.5;
      d += ` L${x} ${f(y)}`;
    }
    d += ` L${W} ${H} Z`;
    return this.path(d, fill, extra);
  }
  stars(count, maxY, opacity = 0.9) {
    for (let i = 0; i < count; i++) {
      this.circle(
        this.rand(0, W),
        this.rand(0, maxY),
        this.rand(0.4, 1.6),
        "#ffffff",
        `opacity="${f(this.rand(0.3, opacity))}"`,
      );
    }
    return this;
  }
  pine(x, baseY, h, fill) {
    const w = h * 0.42;
    this.rect(x - h * 0.03, baseY - h * 0.12, h * 0.06, h * 0.12, "#3b2a1f");
    for (let i = 0; i < 3; i++) {
      const top = baseY - h + (i * h) / 4;
      const bottom = baseY - h * 0.1 - ((2 - i) * h) / 6;
      const half = (w / 2) * (0.6 + i * 0.2);
      this.poly(
        [
          [x, top],
          [x - half, bottom],
          [x + half, bottom],
        ],
        fill,
      );
    }
    return this;
  }
  cloud(cx, cy, s, fill = "#ffffff", opacity = 0.85) {
    const g =
      `<g opacity="${opacity}" fill="${fill}">` +
      `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(60 * s)}" ry="${f(18 * s)}"/>` +
      `<circle cx="${f(cx - 22 * s)}" cy="${f(cy - 10 * s)}" r="${f(20 * s)}"/>` +
      `<circle cx="${f(cx + 12 * s)}" cy="${f(cy - 16 * s)}" r="${f(26 * s)}"/>` +
      `<circle cx="${f(cx + 38 * s)}" cy="${f(cy - 4 * s)}" r="${f(16 * s)}"/></g>`;
    return this.add(g);
  }
  water(y, top, bottom) {
    this.rect(
      0,
      y,
      W,
      H - y,
      this.linear([
        [0, top],
        [1, bottom],
      ]),
    );
    for (let i = 0; i < 26; i++) {
      const wy = this.rand(y + 6, H - 4);
      const wx = this.rand(-40, W);
      const len = this.rand(30, 120);
      this.rect(wx, wy, len, 1.6, "#ffffff", `opacity="${f(this.rand(0.08, 0.25))}" rx="1"`);
    }
    return this;
  }
  vignette() {
    return this.rect(
      0,
      0,
      W,
      H,
      this.radial(
        [
          [0.55, "#000000", 0],
          [1, "#000000", 0.35],
        ],
        { r: 0.75 },
      ),
    );
  }
  toString() {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">` +
      `<title>${this.id.replace(/-/g, " ")}</title><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>\n`
    );
  }
}

// ─── The 24 scenes (ids match the agent's media payload) ────────────────────────────────────────

const scenes = {
  "alpine-lake"(s) {
    s.sky("#f6b38a", "#fde7c8", "#f9cfa6");
    s.glow(470, 170, 140, "#fff3d6", 0.7);
    s.ridge(
      250,
      150,
      s.linear([
        [0, "#8a9bb8"],
        [1, "#5d6f8f"],
      ]),
      { snow: "#f7f4ef" },
    );
    s.ridge(
      300,
      80,
      s.linear([
        [0, "#4b5f7d"],
        [1, "#2f3f58"],
      ]),
      { steps: 9 },
    );
    s.water(300, "#9fb4cf", "#36506e");
    for (let i = 0; i < 9; i++) s.pine(20 + i * 18 + s.rand(-4, 4), 330, s.rand(50, 80), "#1f3a33");
    for (let i = 0; i < 7; i++) s.pine(520 + i * 17, 335, s.rand(45, 75), "#1d352f");
    s.vignette();
  },
  "desert-dunes"(s) {
    s.sky("#f3d9b1", "#fff4e0");
    s.circle(140, 110, 38, "#fff8ea");
    s.hills(
      300,
      90,
      s.linear([
        [0, "#e7a35c"],
        [1, "#c9783a"],
      ]),
      2,
    );
    s.hills(
      360,
      70,
      s.linear([
        [0, "#f0b46c"],
        [1, "#d28242"],
      ]),
      2.5,
    );
    s.hills(
      430,
      60,
      s.linear([
        [0, "#f6c27f"],
        [1, "#e09150"],
      ]),
      1.6,
    );
    s.vignette();
  },
  "northern-lights"(s) {
    s.sky("#050b1f", "#0c2a3a", "#0a1c33");
    s.stars(140, 300);
    for (let i = 0; i < 4; i++) {
      const y = 120 + i * 30;
      const d = `M-20 ${y} C 160 ${y - 80 + i * 10}, 320 ${y + 70}, 660 ${y - 40}`;
      s.add(
        `<path d="${d}" stroke="${["#4dffb0", "#2fe0a0", "#7dffcf", "#38c8ff"][i]}" stroke-width="${34 - i * 6}" fill="none" opacity="0.45" filter="${s.blur(10)}"/>`,
      );
    }
    s.ridge(380, 70, "#071018", { steps: 10 });
    for (let i = 0; i < 14; i++) s.pine(i * 48 + s.rand(0, 20), 460, s.rand(60, 100), "#03080c");
  },
  "ocean-sunset"(s) {
    s.sky("#2b1a4a", "#ff9a4d", "#e0536b");
    s.glow(320, 290, 200, "#ffb36b", 0.8);
    s.circle(
      320,
      290,
      62,
      s.linear([
        [0, "#fff0b3"],
        [1, "#ff7a3d"],
      ]),
    );
    s.water(290, "#b24b5f", "#2a1838");
    for (let i = 0; i < 10; i++)
      s.rect(320 - 70 + i * 4, 300 + i * 16, 140 - i * 8, 3, "#ffd08a", `opacity="${0.7 - i * 0.05}"`);
    s.vignette();
  },
  "forest-mist"(s) {
    s.sky("#c9d6d3", "#eef2ee");
    const layers = [
      ["#9fb2ab", 300, 0.5],
      ["#6f8a80", 340, 0.7],
      ["#3f5a50", 390, 0.9],
      ["#22362f", 450, 1],
    ];
    for (const [color, base, op] of layers) {
      for (let x = -10; x < W + 20; x += s.rand(18, 34)) s.pine(x, base, s.rand(90, 170) * op, color);
      s.rect(
        0,
        base - 40,
        W,
        60,
        s.linear([
          [0, "#eef2ee", 0],
          [1, "#eef2ee", 0.55],
        ]),
      );
    }
    s.rect(
      0,
      448,
      W,
      32,
      s.linear([
        [0, "#22362f"],
        [1, "#14211c"],
      ]),
    );
  },
  "rolling-hills"(s) {
    s.sky("#6fb6ec", "#d8efff");
    s.cloud(150, 90, 1.2);
    s.cloud(470, 60, 0.9);
    s.hills(300, 80, "#8cc56b", 2);
    s.hills(350, 70, "#6fae4f", 2.6);
    s.hills(420, 60, "#4f913a", 1.8);
    for (let i = 0; i < 6; i++) s.circle(80 + i * 95, 360 + s.rand(-20, 20), s.rand(10, 16), "#2f6e2a");
  },
  "city-night"(s) {
    s.sky("#0b1030", "#3b2d6b", "#1c1f4f");
    s.stars(60, 180, 0.7);
    s.circle(520, 90, 26, "#f4f1de");
    let x = 0;
    while (x < W) {
      const w = s.rand(40, 80);
      const h = s.rand(120, 320);
      s.rect(x, H - h, w - 4, h, s.rand(0, 1) > 0.5 ? "#151a3a" : "#1b2148");
      for (let wy = H - h + 10; wy < H - 12; wy += 14) {
        for (let wx = x + 6; wx < x + w - 12; wx += 11) {
          if (s.rand(0, 1) > 0.55) s.rect(wx, wy, 5, 7, "#ffd36b", `opacity="${f(s.rand(0.5, 1))}"`);
        }
      }
      x += w;
    }
  },
  "harbor-boats"(s) {
    s.sky("#8ecdf0", "#e6f6ff");
    s.cloud(420, 80, 1);
    s.ridge(280, 40, "#7da3b8", { steps: 8 });
    s.water(280, "#3d8fbf", "#174c73");
    for (let i = 0; i < 5; i++) {
      const bx = 60 + i * 115;
      const by = 340 + (i % 2) * 40;
      s.path(
        `M${bx} ${by} L${bx + 80} ${by} L${bx + 66} ${by + 18} L${bx + 12} ${by + 18} Z`,
        ["#ffffff", "#e0533b", "#f3c13a", "#2d6fb5", "#ffffff"][i],
      );
      s.rect(bx + 38, by - 90, 3, 90, "#5a4632");
      s.poly(
        [
          [bx + 42, by - 86],
          [bx + 42, by - 8],
          [bx + 76, by - 10],
        ],
        "#fdfaf2",
      );
    }
  },
  lighthouse(s) {
    s.sky("#5a7fb5", "#f2c9a0", "#c9a6b8");
    s.water(330, "#52739b", "#1e3350");
    s.path(`M300 ${H} L360 300 L520 290 L640 330 L640 ${H} Z`, "#3a3a40");
    s.poly(
      [
        [420, 130],
        [440, 130],
        [452, 300],
        [408, 300],
      ],
      "#f5f2ea",
    );
    for (let i = 0; i < 3; i++)
      s.poly(
        [
          [416 - i * 2, 170 + i * 45],
          [444 + i * 2, 170 + i * 45],
          [446 + i * 2, 192 + i * 45],
          [414 - i * 2, 192 + i * 45],
        ],
        "#d2402f",
      );
    s.rect(414, 110, 32, 22, "#2a2a2e");
    s.glow(430, 118, 120, "#fff1b0", 0.7);
    s.poly(
      [
        [430, 118],
        [0, 60],
        [0, 180],
      ],
      "#fff6cc",
      `opacity="0.25"`,
    );
  },
  "hot-air-balloons"(s) {
    s.sky("#ffc18a", "#cfe6f5", "#f7d9b7");
    s.hills(380, 70, "#7d9c6a", 2);
    s.hills(430, 50, "#5d7f4e", 2.4);
    const colors = [
      ["#e63946", "#f1faee"],
      ["#2a9d8f", "#e9c46a"],
      ["#f4a261", "#264653"],
      ["#6a4c93", "#ffca3a"],
    ];
    for (let i = 0; i < 4; i++) {
      const cx = 110 + i * 140 + s.rand(-20, 20);
      const cy = 120 + s.rand(0, 140);
      const r = 40 - i * 4;
      const [a, b] = colors[i];
      s.path(
        `M${cx - r} ${cy} A${r} ${r * 1.1} 0 1 1 ${cx + r} ${cy} L${cx + r * 0.25} ${cy + r * 1.3} L${cx - r * 0.25} ${cy + r * 1.3} Z`,
        a,
      );
      s.path(
        `M${cx - r * 0.35} ${cy - r * 1.05} Q${cx} ${cy + r} ${cx - r * 0.1} ${cy + r * 1.3} L${cx + r * 0.1} ${cy + r * 1.3} Q${cx} ${cy + r} ${cx + r * 0.35} ${cy - r * 1.05} Z`,
        b,
      );
      s.rect(cx - r * 0.18, cy + r * 1.45, r * 0.36, r * 0.3, "#6b4a2b");
    }
  },
  "autumn-road"(s) {
    s.sky("#9cc8e8", "#f3e6cf");
    s.hills(300, 50, "#b86b2b", 2);
    s.path(`M250 ${H} C 300 400, 290 330, 318 290 L330 290 C 350 330, 420 400, 470 ${H} Z`, "#4a4a4f");
    s.path(
      `M318 ${H} C 320 420, 322 340, 324 292`,
      "none",
      `stroke="#f0d27a" stroke-width="4" stroke-dasharray="14 12"`,
    );
    for (let i = 0; i < 16; i++) {
      const left = i % 2 === 0;
      const x = left ? s.rand(0, 240) : s.rand(420, W);
      const y = s.rand(280, 420);
      s.rect(x - 3, y, 6, 40, "#4b3223");
      s.circle(
        x,
        y - 10,
        s.rand(22, 38),
        ["#d9480f", "#f08c00", "#e8590c", "#c92a2a", "#fab005"][i % 5],
        `opacity="0.95"`,
      );
    }
  },
  "tropical-beach"(s) {
    s.sky("#3fa9e0", "#c8f0ff");
    s.cloud(480, 80, 0.8);
    s.rect(
      0,
      250,
      W,
      110,
      s.linear([
        [0, "#2ec4d6"],
        [1, "#7fe3e0"],
      ]),
    );
    s.path(
      `M0 330 Q 320 300 640 340 L640 ${H} L0 ${H} Z`,
      s.linear([
        [0, "#f6e3b4"],
        [1, "#e9c98b"],
      ]),
    );
    s.path(`M140 ${H - 40} Q 170 330 230 200`, "none", `stroke="#7a5230" stroke-width="14" stroke-linecap="round"`);
    for (let i = 0; i < 7; i++) {
      const a = (i / 7) * Math.PI * 2;
      s.path(
        `M230 200 Q ${f(230 + Math.cos(a) * 50)} ${f(190 + Math.sin(a) * 20 - 30)} ${f(230 + Math.cos(a) * 100)} ${f(205 + Math.sin(a) * 40)}`,
        "none",
        `stroke="#2f8f3e" stroke-width="12" stroke-linecap="round"`,
      );
    }
  },
  volcano(s) {
    s.sky("#1b1033", "#b34a3a", "#5a2448");
    s.stars(50, 150, 0.6);
    s.glow(330, 150, 140, "#ff6a2b", 0.7);
    s.poly(
      [
        [80, H],
        [290, 170],
        [370, 170],
        [590, H],
      ],
      s.linear([
        [0, "#3a2a2e"],
        [1, "#1a1216"],
      ]),
    );
    s.path(`M300 175 Q 320 260 305 330 Q 330 270 340 175 Z`, "#ff7b29", `opacity="0.9"`);
    for (let i = 0; i < 6; i++)
      s.circle(330 + s.rand(-40, 40), 120 - i * 18, 20 + i * 6, "#3b3038", `opacity="${0.5 - i * 0.06}"`);
  },
  waterfall(s) {
    s.sky("#a9d6c4", "#e8f5ee");
    s.rect(
      0,
      0,
      230,
      H,
      s.linear(
        [
          [0, "#4d5d4b"],
          [1, "#2e3a2d"],
        ],
        { x2: 1, y2: 0 },
      ),
    );
    s.rect(
      410,
      0,
      230,
      H,
      s.linear(
        [
          [0, "#2e3a2d"],
          [1, "#4d5d4b"],
        ],
        { x2: 1, y2: 0 },
      ),
    );
    s.rect(
      230,
      40,
      180,
      380,
      s.linear([
        [0, "#e6f7ff"],
        [1, "#9fd3ea"],
      ]),
    );
    for (let i = 0; i < 24; i++) s.rect(236 + i * 7, 40, 2, 380, "#ffffff", `opacity="${f(s.rand(0.2, 0.6))}"`);
    s.ellipse(320, 430, 220, 50, "#d9f1fb", `opacity="0.8"`);
    for (let i = 0; i < 10; i++) s.circle(s.rand(0, 220), s.rand(0, H), s.rand(14, 30), "#5f8f4e", `opacity="0.7"`);
    for (let i = 0; i < 10; i++) s.circle(s.rand(420, W), s.rand(0, H), s.rand(14, 30), "#5f8f4e", `opacity="0.7"`);
  },
  "wheat-field"(s) {
    s.sky("#3d8bd9", "#bfe0ff");
    s.cloud(200, 100, 1.3);
    s.rect(
      0,
      280,
      W,
      200,
      s.linear([
        [0, "#e9c46a"],
        [1, "#c98f2b"],
      ]),
    );
    for (let i = 0; i < 240; i++) {
      const x = s.rand(0, W);
      const y = s.rand(290, H);
      const h = 12 + (y - 280) * 0.12;
      s.add(
        `<path d="M${f(x)} ${f(y)} l${f(s.rand(-2, 2))} ${f(-h)}" stroke="#a86d1a" stroke-width="1.4" opacity="0.7"/>`,
      );
    }
  },
  "starry-desert"(s) {
    s.sky("#02030f", "#1a2450", "#0b1230");
    s.stars(260, 320, 1);
    s.add(
      `<path d="M-20 260 Q 320 40 660 200" stroke="#c8d4ff" stroke-width="60" fill="none" opacity="0.12" filter="${s.blur(18)}"/>`,
    );
    s.poly(
      [
        [60, 380],
        [90, 300],
        [200, 300],
        [230, 380],
      ],
      "#2a1a22",
    );
    s.poly(
      [
        [400, 380],
        [430, 320],
        [520, 320],
        [560, 380],
      ],
      "#2a1a22",
    );
    s.rect(0, 378, W, 102, "#1a1016");
  },
  "coffee-cup"(s) {
    s.rect(
      0,
      0,
      W,
      H,
      s.linear([
        [0, "#6d4c33"],
        [1, "#3d2a1c"],
      ]),
    );
    for (let i = 0; i < 12; i++) s.rect(0, i * 40, W, 2, "#2e1f14", `opacity="0.4"`);
    s.ellipse(320, 350, 190, 50, "#f3efe8");
    s.ellipse(320, 350, 150, 36, "#e4ddd2");
    s.path(
      `M210 220 L230 350 Q320 390 410 350 L430 220 Z`,
      s.linear(
        [
          [0, "#ffffff"],
          [1, "#d9d2c6"],
        ],
        { x2: 1, y2: 0 },
      ),
    );
    s.ellipse(320, 220, 110, 26, "#efe9df");
    s.ellipse(
      320,
      222,
      96,
      20,
      s.radial([
        [0, "#c58a4e"],
        [1, "#5a3218"],
      ]),
    );
    s.path(`M428 240 C 500 235, 500 320, 418 320`, "none", `stroke="#e9e3d9" stroke-width="16"`);
    for (let i = 0; i < 3; i++)
      s.path(
        `M${290 + i * 30} 190 C ${270 + i * 30} 160, ${315 + i * 30} 140, ${295 + i * 30} 100`,
        "none",
        `stroke="#ffffff" stroke-width="5" opacity="0.35" stroke-linecap="round"`,
      );
  },
  "potted-plant"(s) {
    s.rect(
      0,
      0,
      W,
      H,
      s.linear([
        [0, "#f4efe6"],
        [1, "#e6ddcf"],
      ]),
    );
    s.rect(60, 40, 220, 280, "#cfe7f5");
    s.rect(166, 40, 8, 280, "#f4efe6");
    s.rect(60, 176, 220, 8, "#f4efe6");
    s.rect(0, 380, W, 100, "#b08b62");
    s.poly(
      [
        [380, 300],
        [500, 300],
        [485, 400],
        [395, 400],
      ],
      "#c8643b",
    );
    s.rect(372, 292, 136, 16, "#b5562f");
    for (let i = 0; i < 9; i++) {
      const a = -Math.PI / 2 + (i - 4) * 0.32;
      const ex = 440 + Math.cos(a) * s.rand(110, 160);
      const ey = 295 + Math.sin(a) * s.rand(110, 170);
      s.path(
        `M440 295 Q ${f((440 + ex) / 2 + 20)} ${f((295 + ey) / 2)} ${f(ex)} ${f(ey)}`,
        "none",
        `stroke="#2f6b3a" stroke-width="4"`,
      );
      s.ellipse(
        ex,
        ey,
        34,
        20,
        ["#3a8a4a", "#2f7a3f", "#45994f"][i % 3],
        `transform="rotate(${f((a * 180) / Math.PI)} ${f(ex)} ${f(ey)})"`,
      );
    }
  },
  bicycle(s) {
    s.rect(
      0,
      0,
      W,
      H,
      s.linear([
        [0, "#f2d0a9"],
        [1, "#e2b788"],
      ]),
    );
    for (let y = 0; y < 400; y += 30)
      for (let x = (y / 30) % 2 ? 0 : -40; x < W; x += 80) s.rect(x + 2, y + 2, 76, 26, "#d9a879", `opacity="0.5"`);
    s.rect(0, 400, W, 80, "#8d8d92");
    const wheel = (cx) =>
      s.add(
        `<circle cx="${cx}" cy="340" r="70" fill="none" stroke="#222" stroke-width="10"/><circle cx="${cx}" cy="340" r="6" fill="#444"/>` +
          Array.from(
            { length: 12 },
            (_, i) =>
              `<line x1="${cx}" y1="340" x2="${f(cx + Math.cos((i * Math.PI) / 6) * 64)}" y2="${f(340 + Math.sin((i * Math.PI) / 6) * 64)}" stroke="#777" stroke-width="1.5"/>`,
          ).join(""),
      );
    wheel(200);
    wheel(450);
    s.add(
      `<path d="M200 340 L290 340 L380 230 L250 230 Z M290 340 L250 230 M380 230 L450 340 M250 230 L240 200 M380 230 L372 190" stroke="#c92a2a" stroke-width="10" fill="none" stroke-linejoin="round"/>`,
    );
    s.rect(220, 190, 50, 10, "#222", `rx="5"`);
    s.add(`<path d="M350 190 L395 185" stroke="#222" stroke-width="8" stroke-linecap="round"/>`);
  },
  camera(s) {
    s.rect(
      0,
      0,
      W,
      H,
      s.radial([
        [0, "#4a5568"],
        [1, "#1a202c"],
      ]),
    );
    s.rect(150, 160, 340, 200, "#2d2d2d", `rx="18"`);
    s.rect(150, 200, 340, 120, "#5a4a3a", `rx="4"`);
    s.rect(190, 130, 80, 40, "#2d2d2d", `rx="6"`);
    s.rect(400, 140, 50, 24, "#bfbfbf", `rx="4"`);
    s.circle(320, 260, 86, "#bfbfbf");
    s.circle(320, 260, 70, "#1b1b1b");
    s.circle(
      320,
      260,
      48,
      s.radial([
        [0, "#6ba3d6"],
        [0.6, "#1d3557"],
        [1, "#0b0b0b"],
      ]),
    );
    s.circle(300, 240, 12, "#ffffff", `opacity="0.5"`);
    s.rect(420, 180, 40, 24, "#9fd3ff", `rx="3" opacity="0.8"`);
  },
  headphones(s) {
    s.rect(
      0,
      0,
      W,
      H,
      s.linear([
        [0, "#ffe3ec"],
        [1, "#f7b8c9"],
      ]),
    );
    s.add(
      `<path d="M190 300 C 190 120, 450 120, 450 300" fill="none" stroke="#2b2d42" stroke-width="26" stroke-linecap="round"/>`,
    );
    s.rect(150, 270, 80, 130, "#2b2d42", `rx="36"`);
    s.rect(410, 270, 80, 130, "#2b2d42", `rx="36"`);
    s.rect(170, 290, 40, 90, "#8d99ae", `rx="20"`);
    s.rect(430, 290, 40, 90, "#8d99ae", `rx="20"`);
    s.ellipse(320, 430, 200, 18, "#000000", `opacity="0.12"`);
  },
  "mountain-cabin"(s) {
    s.sky("#9bc2e6", "#eaf3fb");
    s.ridge(
      260,
      170,
      s.linear([
        [0, "#7e8ea8"],
        [1, "#56647c"],
      ]),
      { snow: "#ffffff", steps: 8 },
    );
    s.hills(400, 60, "#5a7d4f", 1.5);
    s.rect(250, 320, 150, 90, "#7a4b2a");
    for (let i = 0; i < 6; i++) s.rect(250, 326 + i * 14, 150, 3, "#5e3820");
    s.poly(
      [
        [235, 325],
        [325, 260],
        [415, 325],
      ],
      "#3b2a22",
    );
    s.rect(300, 360, 30, 50, "#3b2a22");
    s.rect(350, 345, 30, 26, "#ffd56b");
    s.rect(370, 240, 16, 40, "#4a4a4a");
    for (let i = 0; i < 6; i++) s.pine(40 + i * 30, 430, s.rand(80, 120), "#24452d");
    for (let i = 0; i < 5; i++) s.pine(470 + i * 35, 430, s.rand(80, 130), "#24452d");
  },
  "sailboat-regatta"(s) {
    s.sky("#4aa3df", "#d7eefc");
    s.cloud(120, 70, 1);
    s.cloud(520, 110, 0.7);
    s.water(260, "#2379b5", "#0e3d66");
    const sails = ["#ff595e", "#ffca3a", "#8ac926", "#1982c4", "#6a4c93", "#ffffff"];
    for (let i = 0; i < 6; i++) {
      const x = 40 + i * 100 + s.rand(-10, 10);
      const y = 300 + (i % 3) * 45;
      const sc = 0.7 + (i % 3) * 0.25;
      s.path(`M${f(x)} ${f(y)} l${f(70 * sc)} 0 l${f(-12 * sc)} ${f(14 * sc)} l${f(-46 * sc)} 0 Z`, "#f8f9fa");
      s.poly(
        [
          [x + 34 * sc, y - 4],
          [x + 34 * sc, y - 110 * sc],
          [x + 74 * sc, y - 6],
        ],
        sails[i],
      );
      s.poly(
        [
          [x + 30 * sc, y - 6],
          [x + 30 * sc, y - 90 * sc],
          [x + 4 * sc, y - 8],
        ],
        "#f1f3f5",
      );
    }
  },
  "moon-over-sea"(s) {
    s.sky("#030a1f", "#1d3461", "#0b1a3a");
    s.stars(120, 260, 0.9);
    s.glow(420, 140, 160, "#dfe8ff", 0.35);
    s.circle(
      420,
      140,
      52,
      s.radial(
        [
          [0, "#fbfbf2"],
          [1, "#d7dcc8"],
        ],
        { cx: 0.4, cy: 0.4 },
      ),
    );
    for (const [x, y, r] of [
      [405, 125, 8],
      [438, 150, 6],
      [415, 165, 5],
    ])
      s.circle(x, y, r, "#c9ceb8", `opacity="0.6"`);
    s.water(300, "#12264a", "#050b1c");
    for (let i = 0; i < 9; i++)
      s.rect(420 - 50 + i * 3, 310 + i * 18, 100 - i * 6, 2.5, "#e8edff", `opacity="${0.6 - i * 0.05}"`);
  },
};

export function generateMedia() {
  rmSync(MEDIA_DIR, { recursive: true, force: true });
  mkdirSync(MEDIA_DIR, { recursive: true });
  let total = 0;
  for (const [id, draw] of Object.entries(scenes)) {
    const scene = new Scene(id);
    draw(scene);
    const svg = scene.toString();
    writeFileSync(join(MEDIA_DIR, `${id}.svg`), svg);
    total += svg.length;
  }
  console.log(`media: ${Object.keys(scenes).length} SVGs, ${(total / 1024).toFixed(0)} KB in ${MEDIA_DIR}`);
}

// ─── Voice samples ──────────────────────────────────────────────────────────────────────────────

/** The ids match the agent's voice payload; espeak-ng voices per language. */
const VOICES = [
  { id: "ava", voice: "en-us+f3", text: "Hi, I'm Ava. I'll read your summary in a calm, clear voice." },
  { id: "oliver", voice: "en-gb+m3", text: "Hello, I'm Oliver. Shall I read the summary for you?" },
  { id: "lea", voice: "fr+f2", text: "Bonjour, je suis Léa. Je peux lire votre résumé." },
  { id: "jonas", voice: "de+m2", text: "Hallo, ich bin Jonas. Ich lese Ihnen die Zusammenfassung vor." },
];

export function generateVoices() {
  rmSync(VOICES_DIR, { recursive: true, force: true });
  mkdirSync(VOICES_DIR, { recursive: true });
  for (const { id, voice, text } of VOICES) {
    const raw = join(VOICES_DIR, `${id}.raw.wav`);
    execFileSync("espeak-ng", ["-v", voice, "-s", "150", "-w", raw, text]);
    const out = join(VOICES_DIR, `${id}.wav`);
    writeFileSync(out, downsample(readFileSync(raw), 11_025));
    rmSync(raw);
    console.log(`voice: ${out} (${(statSync(out).size / 1024).toFixed(0)} KB)`);
  }
}

/**
 * espeak-ng writes 22.05 kHz 16-bit mono PCM WAV. Resample to `rate` Hz, 8-bit unsigned (what
 * every browser plays), so a few seconds of speech stay far below 100 KB. No ffmpeg needed.
 */
function downsample(wav, rate) {
  const find = (tag) => {
    for (let offset = 12; offset + 8 <= wav.length; offset += 8 + wav.readUInt32LE(offset + 4)) {
      if (wav.toString("ascii", offset, offset + 4) === tag) return offset;
    }
    throw new Error(`WAV without a ${tag} chunk`);
  };
  const fmt = find("fmt ");
  const channels = wav.readUInt16LE(fmt + 10);
  const sourceRate = wav.readUInt32LE(fmt + 12);
  const bits = wav.readUInt16LE(fmt + 22);
  if (channels !== 1 || bits !== 16) throw new Error(`Expected 16-bit mono, got ${bits}-bit ${channels}-channel`);
  const data = find("data");
  const samples = wav.readUInt32LE(data + 4) / 2;
  const count = Math.floor((samples * rate) / sourceRate);
  const out = Buffer.alloc(44 + count);
  for (let i = 0; i < count; i++) {
    // Average the source samples this output sample covers (a box filter against aliasing).
    const start = Math.floor((i * sourceRate) / rate);
    const end = Math.max(start + 1, Math.floor(((i + 1) * sourceRate) / rate));
    let sum = 0;
    for (let j = start; j < end && j < samples; j++) sum += wav.readInt16LE(data + 8 + j * 2);
    const value = sum / (end - start) / 256 + 128;
    out[44 + i] = Math.max(0, Math.min(255, Math.round(value)));
  }
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + count, 4);
  out.write("WAVEfmt ", 8, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate, 28); // byte rate
  out.writeUInt16LE(1, 32); // block align
  out.writeUInt16LE(8, 34); // bits
  out.write("data", 36, "ascii");
  out.writeUInt32LE(count, 40);
  return out;
}

const args = new Set(process.argv.slice(2));
const all = !args.has("--media") && !args.has("--voices");
if (all || args.has("--media")) generateMedia();
if (all || args.has("--voices")) generateVoices();
