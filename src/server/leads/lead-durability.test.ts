import { afterAll, describe, expect, test } from "vitest";
import { getDatabase } from "@/server/db";
import { liveLeadRoutes } from "./handlers";

// its own file (its own process and database): closing the database here affects no other test
const api = liveLeadRoutes();
afterAll(async () => (await getDatabase()).close().catch(() => {}));

describe("durability", () => {
  test("with the database gone the shopper gets the failure message (503), never a 500", async () => {
    await getDatabase(); // opened (and seeded), then gone
    await (await getDatabase()).close();
    const host = "parkside-motor-group.localhost:3000";
    const lead = {
      form: "finance",
      first_name: "Mary",
      last_name: "Smith",
      email: "mary@example.com",
      phone: "0412 345 678",
      postcode: "3134",
    };
    const res = await api.create(
      new Request(`http://${host}/api/leads`, {
        method: "POST",
        headers: { host, "content-type": "application/json", "x-real-ip": "10.0.0.1" },
        body: JSON.stringify({ lead }),
      }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("30");
    expect(await res.json()).toEqual({ error: "An error occurred when submitting this form" });
  });
});
