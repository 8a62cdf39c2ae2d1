// npm run screenshots — home, search and a vehicle page of each template (default, motorcycles,
// campers, trucks, RV), on a 390×844 phone and a 1366×900 desktop, from a fresh production server
// with the demo data. Writes PNGs to .data/screenshots/ (first screen, and the whole page) so anyone
// can look; prints where each vehicle page's name, price and Enquire button sit on the phone.
import { mkdirSync, rmSync } from "node:fs";
import { chromium } from "@playwright/test";
import { ensureBuild, startServer, stopServer } from "./lib/server-process";

const PORT = 3500;
const OUT = ".data/screenshots";
const SITES = [
  ["parkside-motor-group", "default"],
  ["ridgeline-motorcycles", "motorcycles"],
  ["tasman-campers", "campers"],
  ["outback-truck-centre", "trucks"],
  ["lakeside-rv", "rv"],
] as const;
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };

ensureBuild();
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const server = await startServer({
  port: PORT,
  dataDir: ".data/screenshots-db",
  env: { LOG_LEVEL: "warn", IMAGE_MISS_RATE_LIMIT: "1000000" },
});
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  for (const [slug, template] of SITES) {
    const base = `http://${slug}.localhost:${PORT}`;
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const page = await browser.newPage({ viewport, isMobile: name === "phone", hasTouch: name === "phone" });
      await page.goto(`${base}/search/new-used-and-demo-cars`, { waitUntil: "networkidle" });
      const card = page.getByTestId("vehicle-card").first().getByRole("heading", { level: 3 }).getByRole("link");
      const vehicle = (await card.count()) ? await card.getAttribute("href") : null;
      const pages: Array<[string, string]> = [
        ["home", "/"],
        ["search", "/search/new-used-and-demo-cars"],
        ...(vehicle ? ([["vehicle", vehicle]] as Array<[string, string]>) : []),
      ];
      for (const [label, path] of pages) {
        await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
        const file = `${OUT}/${template}-${label}-${name}`;
        await page.screenshot({ path: `${file}.png` });
        await page.screenshot({ path: `${file}-full.png`, fullPage: true });
        if (label === "vehicle" && name === "phone") {
          const bottom = async (sel: string) =>
            Math.round(
              ((await page.locator(sel).first().boundingBox())?.y ?? NaN) + ((await page.locator(sel).first().boundingBox())?.height ?? 0),
            );
          console.log(
            `${template} vehicle page on a phone: name ends at ${await bottom("h1")} px, price at ${await bottom("[data-testid=detail-price]")} px, Enquire/Call at ${await bottom("#enquire")} px (screen 844)`,
          );
        }
      }
      await page.close();
    }
  }
  console.log(`screenshots in ${OUT}/ (template-page-viewport.png, and -full.png for the whole page)`);
} finally {
  await browser.close();
  await stopServer(server);
}
