import { describe, expect, test } from "vitest";
import { HttpError, json } from "@/server/http/api";
import { setupAppDatabase } from "@/server/testing/app-database";
import { siteApi, tenantOf } from "./api";

setupAppDatabase();

const get = (host: string) => new Request(`http://${host}/api/anything`, { headers: { host } });

describe("the request's site", () => {
  test("by its Host: a demo site by its local name; an unknown one is a 404", async () => {
    expect((await tenantOf(get("parkside-motor-group.localhost"))).site.slug).toBe("parkside-motor-group");
    await expect(tenantOf(get("no-such-dealer.localhost"))).rejects.toMatchObject({ status: 404, message: "Unknown site." });
  });
});

describe("a site's API route, wrapped once for tenant and errors", () => {
  const echo = siteApi(async (_req, ctx) => json(200, { slug: ctx.site.slug }));

  test.each([
    ["parkside-motor-group.localhost", 200, { slug: "parkside-motor-group" }],
    ["no-such-dealer.localhost", 404, { error: "Unknown site." }],
  ])("%s → %i", async (host, status, body) => {
    const res = await echo(get(host));
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(body);
  });

  test.each([
    [
      new HttpError(422, "Check the form.", {}, { email: "Enter an email." }),
      422,
      { error: "Check the form.", errors: { email: "Enter an email." } },
    ],
    [new HttpError(429, "Too many requests.", { "retry-after": "60" }), 429, { error: "Too many requests." }],
    [new Error("a bug, whose words stay in the log"), 500, { error: "Something went wrong." }],
  ])("a handler that throws %s answers %i and says no more than it should", async (thrown, status, body) => {
    const res = await siteApi(async () => {
      throw thrown;
    })(get("parkside-motor-group.localhost"));
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(body);
  });
});
