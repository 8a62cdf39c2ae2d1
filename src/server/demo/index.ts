import "server-only";
import type { DemoStartup } from "@/server/db/startup";
import { refreshDemoHistory } from "./history";
import { renderDemoPhoto } from "./photo-raster";
import { parsePhotoPath, photoUrl } from "./photos";
import { vehicleSvg } from "./photo-svg";
import { dealerLogoSvg, sceneSvg } from "./scenes";
import { reanchorDemoClock, refreshDemoContent, seedDemoData } from "./seed";
import { seedDemoStaff } from "./staff";

/*
 * The one door from production code into the demo tenants' code. Start-up (db/startup.ts) and the
 * image service (photos/service.ts) load this module with a dynamic import, only when demo data is
 * asked for (SEED_DEMO_DATA, the embedded database's default) or is already in the database, or when
 * a demo photo or drawing is requested (the image service, the /photos route): a production server with its own data never loads the generator.
 * `npm run deps` holds the rule that no other production module reaches into src/server/demo
 * (tests, test helpers and the scripts in scripts/ may).
 */

/** What start-up does with the demo tenants (db/startup.ts decides when, under its lock). */
export const demoStartup: DemoStartup = {
  async seed(db, now) {
    const r = await seedDemoData(db, now);
    await seedDemoStaff(db);
    await refreshDemoHistory(db, now);
    return { vehicles: r.vehicles };
  },
  async refresh(db, now, { seed }) {
    const shiftedMs = await reanchorDemoClock(db, now);
    await refreshDemoContent(db, now);
    // a demo database seeded before the back-office existed gets the demo staff once
    if (seed) await seedDemoStaff(db);
    // the reports' demo year, topped up to yesterday
    if (seed) await refreshDemoHistory(db, now);
    return { shiftedMs };
  },
};

/** The drawn demo photos, for the image service. */
export const demoPhotos = { parsePhotoPath, renderDemoPhoto };

/** The demo dealers' drawings served as SVG under /photos: their cars, hero banners and logos. */
export const demoDrawings = { parsePhotoPath, photoUrl, vehicleSvg, sceneSvg, dealerLogoSvg };
