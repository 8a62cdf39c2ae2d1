import { describe, expect, test } from "vitest";
import { errorFromResponse } from "./fetch-json";

describe("non-success responses", () => {
  test.each([
    [new Response(JSON.stringify({ error: "Unknown lead." }), { status: 404 }), "Unknown lead.", 404],
    [new Response("oops", { status: 502, statusText: "Bad Gateway" }), "An unexpected error occurred Bad Gateway", 502],
    [new Response(JSON.stringify({}), { status: 500 }), "An unexpected error occurred", 500],
  ])("→ %#", async (res, message, status) => {
    const e = await errorFromResponse(res);
    expect([e.message, e.status]).toEqual([message, status]);
  });

  test("field errors come along", async () => {
    const e = await errorFromResponse(
      new Response(JSON.stringify({ error: "x", errors: { email: "invalid email address" } }), { status: 422 }),
    );
    expect(e.errors).toEqual({ email: "invalid email address" });
  });
});
