/** A darkened colour is the base mixed with black at 30 percent. */
export function darken(hex: string, amount = 0.3): string {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a hex colour: ${hex}`);
  let h = m[1]!;
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const channels = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  return (
    "#" +
    channels
      .map((c) => Math.round(c * (1 - amount)))
      .map((c) => c.toString(16).padStart(2, "0"))
      .join("")
  );
}

/** Readable text colour on a background (WCAG relative luminance). */
export function contrastText(hex: string): "#000000" | "#ffffff" {
  const h = hex.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // contrast with white vs black
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#ffffff" : "#000000";
}
