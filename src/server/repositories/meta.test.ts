import { randomBytes } from "node:crypto";
import { like } from "drizzle-orm";
import { expect, test } from "vitest";
import * as t from "@/server/db/schema";
import { setupAppDatabase } from "@/server/testing/app-database";
import { getMeta, metaOrPut, putMeta } from "./meta";

/* The platform's own values by key; the keys here are this run's, removed afterwards. */
const run = randomBytes(3).toString("hex");
const key = (k: string) => `test_${run}_${k}`;
const db = setupAppDatabase({ after: () => db.delete(t.meta).where(like(t.meta.key, `test_${run}_%`)) });

test("a value is stored, read and replaced; an absent key reads null", async () => {
  expect(await getMeta(db, key("a"))).toBeNull();
  await putMeta(db, key("a"), "1");
  expect(await getMeta(db, key("a"))).toBe("1");
  await putMeta(db, key("a"), "2");
  expect(await getMeta(db, key("a"))).toBe("2");
  expect(await getMeta(db, key("b"))).toBeNull();
});

test("metaOrPut keeps the first value stored: every later caller reads it", async () => {
  expect(await metaOrPut(db, key("secret"), "first")).toBe("first");
  expect(await metaOrPut(db, key("secret"), "second")).toBe("first");
  expect(await getMeta(db, key("secret"))).toBe("first");
});
