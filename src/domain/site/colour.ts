/*
 * Colour maths for a site's brand colours and its logo: WCAG contrast (text needs 4.5:1, a graphic
 * such as a logo 3:1), the text colour that reads on a colour, and the dominant colours of a logo's
 * pixels. Pure. See docs/features/onboarding.md (the logo step).
 */

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a hex colour: ${hex}`);
  let h = m[1]!;
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const hexOf = (rgb: readonly number[]): string =>
  "#" +
  rgb
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("");

/** A darkened colour is the base mixed with black at 30 percent. */
export function darken(hex: string, amount = 0.3): string {
  return hexOf(rgbOf(hex).map((c) => c * (1 - amount)));
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG's minimum contrast for body text and for a graphic needed to understand the page (a logo). */
export const TEXT_CONTRAST = 4.5;
export const GRAPHIC_CONTRAST = 3;

/**
 * Readable text colour on a background: white or black, whichever contrasts more. One of the two
 * always reaches 4.5:1 (the worst background still gives 4.58:1), so text on any brand colour reads.
 */
export function contrastText(hex: string): "#000000" | "#ffffff" {
  return contrastRatio(hex, "#ffffff") >= contrastRatio(hex, "#000000") ? "#ffffff" : "#000000";
}

/** A colour and the part of a picture's opaque pixels near it (0 to 1). */
export type ColourShare = { hex: string; share: number };

/**
 * The dominant colours of a picture's pixels (RGBA, 4 bytes each), most common first: the opaque
 * pixels grouped into buckets of similar colour (16 levels a channel), each bucket's average colour,
 * those under `minShare` left out. Transparent pixels are the background, not the logo.
 */
export function dominantColours(rgba: ArrayLike<number>, max = 5, minShare = 0.03): ColourShare[] {
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  let opaque = 0;
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    if (rgba[i + 3]! < 128) continue;
    const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const k = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    k.n += 1;
    k.r += r;
    k.g += g;
    k.b += b;
    buckets.set(key, k);
    opaque += 1;
  }
  return [...buckets.values()]
    .sort((a, b) => b.n - a.n)
    .map((k) => ({ hex: hexOf([k.r / k.n, k.g / k.n, k.b / k.n]), share: k.n / opaque }))
    .filter((c) => c.share >= minShare)
    .slice(0, max);
}

/** How far apart two colours look, roughly (0 the same, 1 black against white). */
function distance(a: string, b: string): number {
  const [x, y] = [rgbOf(a), rgbOf(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]) / Math.hypot(255, 255, 255);
}

/**
 * Brand colours offered from a logo's dominant colours: the header's colour (primary) is the
 * commonest colour a header can wear (not near white: that is a background), the accent (secondary)
 * the next that looks different, else a darker shade of the primary. White or black text reaches
 * 4.5:1 on each (see contrastText), so the pair never fails for text. Null when nothing is usable.
 */
export function brandColoursFrom(palette: readonly string[]): { primary: string; secondary: string } | null {
  const usable = palette.filter((c) => luminance(c) < 0.8);
  const primary = usable[0];
  if (!primary) return null;
  const secondary = usable.find((c) => distance(c, primary) > 0.2) ?? darken(primary);
  return { primary, secondary };
}
