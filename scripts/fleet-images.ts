/**
 * Draws the fleet banner's scooter illustrations as SVG and renders them to AVIF and WebP at
 * several widths (plus a JPEG for link previews). Run: `bun scripts/fleet-images.ts`; the output in
 * public/images is committed, so builds need neither this script nor sharp's encoders at run time.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const OUT = path.resolve(import.meta.dirname, "../public/images");
export const FLEET_WIDTHS = [320, 480, 640, 800] as const;
const W = 800;
const H = 600;

type Model = {
  name: string;
  body: string;
  bodyDark: string;
  accent: string;
  sky: [string, string];
  box: boolean;
  compact: boolean;
};

const MODELS: Model[] = [
  {
    name: "scooter-1000w",
    body: "#0f766e",
    bodyDark: "#115e59",
    accent: "#5eead4",
    sky: ["#ecfeff", "#ccfbf1"],
    box: false,
    compact: false,
  },
  {
    name: "scooter-900w",
    body: "#ea580c",
    bodyDark: "#c2410c",
    accent: "#fdba74",
    sky: ["#fff7ed", "#ffedd5"],
    box: false,
    compact: true,
  },
  {
    name: "scooter-cargo",
    body: "#334155",
    bodyDark: "#1e293b",
    accent: "#94a3b8",
    sky: ["#f1f5f9", "#e2e8f0"],
    box: true,
    compact: false,
  },
];

function wheel(cx: number, cy: number, r: number) {
  return `
  <g>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#1f2937"/>
    <circle cx="${cx}" cy="${cy}" r="${r - 16}" fill="#4b5563"/>
    <circle cx="${cx}" cy="${cy}" r="${r - 24}" fill="#d1d5db"/>
    ${[0, 60, 120, 180, 240, 300]
      .map((a) => {
        const rad = (a * Math.PI) / 180;
        return `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(rad) * (r - 26)).toFixed(1)}" y2="${(cy + Math.sin(rad) * (r - 26)).toFixed(1)}" stroke="#9ca3af" stroke-width="7" stroke-linecap="round"/>`;
      })
      .join("")}
    <circle cx="${cx}" cy="${cy}" r="15" fill="#6b7280"/>
    <circle cx="${cx}" cy="${cy}" r="6" fill="#e5e7eb"/>
  </g>`;
}

function skyline(color: string) {
  const blocks = [
    [20, 250, 70],
    [95, 200, 55],
    [155, 270, 80],
    [240, 220, 50],
    [295, 180, 65],
    [365, 240, 90],
    [460, 205, 60],
    [525, 260, 75],
    [605, 190, 55],
    [665, 235, 85],
    [755, 215, 45],
  ];
  return blocks
    .map(
      ([x, top, w]) =>
        `<rect x="${x}" y="${top}" width="${w}" height="${440 - top!}" rx="4" fill="${color}" opacity="0.35"/>`,
    )
    .join("");
}

function scooterSvg(m: Model) {
  const rearX = m.compact ? 250 : 225;
  const frontX = m.compact ? 575 : 600;
  const wheelY = 470;
  const r = m.compact ? 62 : 70;
  const box = m.box
    ? `<g>
        <rect x="150" y="300" width="150" height="18" rx="4" fill="#475569"/>
        <rect x="135" y="150" width="180" height="152" rx="14" fill="#14b8a6"/>
        <rect x="135" y="150" width="180" height="34" rx="14" fill="#0d9488"/>
        <rect x="135" y="170" width="180" height="14" fill="#0d9488"/>
        <circle cx="225" cy="245" r="30" fill="#ffffff" opacity="0.9"/>
        <path d="M210 252h22l8-24h10" fill="none" stroke="#0f766e" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
        <circle cx="212" cy="258" r="5" fill="#0f766e"/><circle cx="240" cy="258" r="5" fill="#0f766e"/>
      </g>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${m.sky[0]}"/><stop offset="1" stop-color="${m.sky[1]}"/></linearGradient>
    <linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${m.accent}"/><stop offset="0.18" stop-color="${m.body}"/><stop offset="1" stop-color="${m.bodyDark}"/></linearGradient>
    <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#0f172a" stop-opacity="0.35"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  ${skyline(m.accent)}
  <rect y="440" width="${W}" height="${H - 440}" fill="#cbd5e1"/>
  <rect y="440" width="${W}" height="8" fill="#94a3b8"/>
  ${[60, 220, 380, 540, 700].map((x) => `<rect x="${x}" y="555" width="70" height="8" rx="4" fill="#f8fafc"/>`).join("")}
  <ellipse cx="${(rearX + frontX) / 2}" cy="${wheelY + r - 2}" rx="${(frontX - rearX) / 2 + 110}" ry="22" fill="url(#shadow)"/>
  ${box}
  <!-- rear body over the rear wheel -->
  <path d="M${rearX - 95} 395 C ${rearX - 95} 330, ${rearX - 30} 312, ${rearX + 60} 315 L ${rearX + 150} 318 C ${rearX + 185} 320, ${rearX + 195} 350, ${rearX + 190} 395 L ${rearX + 160} 430 L ${rearX - 60} 430 C ${rearX - 85} 428, ${rearX - 95} 415, ${rearX - 95} 395 Z" fill="url(#body)"/>
  <path d="M${rearX - 90} 392 C ${rearX - 60} 400, ${rearX + 120} 400, ${rearX + 188} 388" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="5"/>
  <!-- seat -->
  <path d="M${rearX - 60} 318 C ${rearX - 55} 292, ${rearX - 20} 284, ${rearX + 40} 286 L ${rearX + 140} 290 C ${rearX + 165} 292, ${rearX + 170} 312, ${rearX + 150} 318 Z" fill="#1f2937"/>
  <!-- tail light -->
  <rect x="${rearX - 100}" y="352" width="18" height="26" rx="6" fill="#ef4444"/>
  <!-- floorboard -->
  <path d="M${rearX + 150} 420 L ${frontX - 95} 420 L ${frontX - 70} 450 L ${rearX + 120} 452 Z" fill="${m.bodyDark}"/>
  <rect x="${rearX + 140}" y="412" width="${frontX - rearX - 230}" height="12" rx="6" fill="#374151"/>
  <!-- battery and motor hint -->
  <rect x="${rearX - 20}" y="432" width="120" height="26" rx="8" fill="#374151"/>
  <path d="M${rearX + 30} 438 l-8 10 h10 l-6 10" fill="none" stroke="#facc15" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
  <!-- leg shield up to the steering head -->
  <path d="M${frontX - 100} 424 C ${frontX - 95} 360, ${frontX - 70} 290, ${frontX - 30} 220 L ${frontX - 2} 226 C ${frontX - 20} 300, ${frontX - 30} 370, ${frontX - 55} 440 Z" fill="url(#body)"/>
  <!-- fork -->
  <path d="M${frontX - 16} 230 L ${frontX + 2} ${wheelY}" stroke="#6b7280" stroke-width="16" stroke-linecap="round"/>
  <!-- front fender -->
  <path d="M${frontX - r - 8} ${wheelY - 6} A ${r + 10} ${r + 10} 0 0 1 ${frontX + r + 6} ${wheelY - 20}" fill="none" stroke="${m.body}" stroke-width="14" stroke-linecap="round"/>
  <!-- steering column, handlebar, mirror, headlight -->
  <path d="M${frontX - 30} 225 L ${frontX - 8} 170" stroke="#4b5563" stroke-width="16" stroke-linecap="round"/>
  <path d="M${frontX - 60} 168 L ${frontX + 30} 160" stroke="#111827" stroke-width="12" stroke-linecap="round"/>
  <path d="M${frontX - 40} 165 L ${frontX - 52} 126" stroke="#4b5563" stroke-width="5"/>
  <ellipse cx="${frontX - 54}" cy="120" rx="14" ry="9" fill="#9ca3af"/>
  <path d="M${frontX - 10} 182 C ${frontX + 30} 180, ${frontX + 40} 205, ${frontX + 22} 222 L ${frontX - 22} 222 Z" fill="url(#body)"/>
  <ellipse cx="${frontX + 30}" cy="202" rx="10" ry="15" fill="#fef9c3" stroke="#facc15" stroke-width="3"/>
  ${wheel(rearX, wheelY, r)}
  ${wheel(frontX, wheelY, r)}
</svg>`;
}

mkdirSync(path.join(OUT, "fleet"), { recursive: true });
for (const model of MODELS) {
  const svg = Buffer.from(scooterSvg(model));
  writeFileSync(path.join(OUT, "fleet", `${model.name}.svg`), svg);
  for (const width of FLEET_WIDTHS) {
    const base = sharp(svg, { density: 144 }).resize(width, Math.round((width * H) / W));
    await base
      .clone()
      .avif({ quality: 50, effort: 6 })
      .toFile(path.join(OUT, "fleet", `${model.name}-${width}.avif`));
    await base
      .clone()
      .webp({ quality: 72, effort: 6 })
      .toFile(path.join(OUT, "fleet", `${model.name}-${width}.webp`));
  }
}

// Link previews (Open Graph) want 1200×630 in a format every crawler reads.
const og = MODELS[0]!;
const ogSvg = scooterSvg(og).replace(
  `width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"`,
  `width="1200" height="630" viewBox="-200 -15 1200 630" preserveAspectRatio="xMidYMid slice"`,
);
await sharp(Buffer.from(ogSvg), { density: 144 })
  .resize(1200, 630)
  .jpeg({ quality: 80, mozjpeg: true })
  .toFile(path.join(OUT, "og-home.jpg"));
console.log(`fleet images written to ${path.relative(process.cwd(), OUT)}`);
