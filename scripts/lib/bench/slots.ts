/*
 * --only slots: the bookings' slots endpoint on PostgreSQL, the demo seeded there, with some slots
 * already booked: 50 clients ask for the workshop's next ten working days and ten cars' test-drive
 * days in turn (GET /api/bookings/slots) for --seconds; budget p95 ≤ 50 ms.
 */
import { startPostgres } from "../cluster";
import { startServer, stopServer, ensureBuild } from "../server-process";
import { hostRequest } from "../host-request";
import { HOST, PORT, DATA, load } from "./measure";
import type { BenchOptions } from "./options";

const BUDGET_MS = 50;
const PG_PORT = 5547;
const WORKSHOP = 10016;

/** `n` weekdays from the day after tomorrow (the workshop takes bookings on weekdays, from its tomorrow, which may be UTC's today). */
function weekdays(n: number): string[] {
  const out: string[] = [];
  for (let d = new Date(Date.now() + 2 * 86_400_000); out.length < n; d = new Date(d.getTime() + 86_400_000))
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  return out;
}

export async function runSlots(o: BenchOptions): Promise<void> {
  ensureBuild();
  const pg = await startPostgres({ dir: ".data/bench-slots", port: PG_PORT, quiet: true });
  pg.psql("drop database if exists bench_slots");
  pg.psql("create database bench_slots");
  const server = await startServer({
    port: PORT,
    dataDir: DATA,
    env: { DATABASE_URL: pg.url("bench_slots"), SEED_DEMO_DATA: "true", LOG_LEVEL: "warn", LEAD_RATE_LIMIT: "1000" },
    timeoutMs: 180_000,
  });
  try {
    const stock = pg.psql(
      "select stock_number from vehicles where site_id = 1001 and status = 'in_stock' order by id limit 10",
      "bench_slots",
    );
    const cars = stock.trim().split("\n").filter(Boolean);
    const days = weekdays(10);
    // a few slots booked already, so the counts the endpoint reads are not all empty
    let booked = 0;
    for (const date of days.slice(0, 5))
      for (const time of ["08:00", "09:30", "11:00"]) {
        const [year, month, day] = date.split("-").map(Number);
        const lead = {
          form: "service",
          location: WORKSHOP,
          state: "vic",
          first_name: "Bench",
          last_name: "Booker",
          email: `bench${booked}@example.com`,
          phone: "0412 345 678",
          postcode: "3134",
          year,
          month,
          day,
          time,
        };
        const res = await hostRequest(PORT, HOST, "/api/leads", {
          method: "POST",
          headers: { "content-type": "application/json", "x-real-ip": `10.77.0.${booked}` },
          body: JSON.stringify({ lead }),
        });
        if (res.status === 201) booked++;
      }
    const paths = [
      ...days.map((d) => `/api/bookings/slots?kind=service&date=${d}&location_id=${WORKSHOP}`),
      ...cars.map((c, i) => `/api/bookings/slots?kind=test-drive&date=${days[i % days.length]}&vehicle=${encodeURIComponent(c)}`),
    ];
    await load(paths, HOST, 2, {}, undefined, 50); // warm-up
    const r = await load(paths, HOST, o.seconds, {}, undefined, 50);
    console.log(
      `\n== slots: GET /api/bookings/slots on PostgreSQL, ${paths.length} days (workshop and cars), ${booked} slots booked, 50 clients, ${o.seconds} s`,
    );
    console.log(
      `   ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms (budget ≤ ${BUDGET_MS} ms): ${r.p95 <= BUDGET_MS ? "within" : "OVER"}`,
    );
  } finally {
    await stopServer(server);
    await pg.stop();
  }
}
