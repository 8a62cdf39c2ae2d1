import { randomBytes } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import { eq, like } from "drizzle-orm";
import { expect, test } from "vitest";
import * as t from "@/server/db/schema";
import { setupAppDatabase } from "@/server/testing/app-database";
import { createOperator } from "./operators";
import { isOperator } from "@/server/repositories/staff";

/* The operator command's work, on the app's database. */
const run = randomBytes(3).toString("hex");
const db = setupAppDatabase({ after: () => db.delete(t.staffUsers).where(like(t.staffUsers.email, `%-${run}@platform.test`)) });

const passwordOf = async (email: string) => {
  const [u] = await db.select({ id: t.staffUsers.id }).from(t.staffUsers).where(eq(t.staffUsers.email, email));
  const [a] = await db.select({ password: t.staffAccounts.password }).from(t.staffAccounts).where(eq(t.staffAccounts.userId, u!.id));
  return { id: u!.id, hash: a!.password! };
};

test("a new operator with the password given: nothing handed back, the password works, the account is an operator", async () => {
  const email = `ops-${run}@platform.test`;
  expect(await createOperator(db, { email: email.toUpperCase(), name: "Olive", password: "a-long-password-1" })).toEqual({
    created: true,
    password: null,
  });
  const { id, hash } = await passwordOf(email);
  expect(await verifyPassword({ hash, password: "a-long-password-1" })).toBe(true);
  expect(await isOperator(db, id)).toBe(true);
});

test("without a password, a random one is made and handed back once; an existing account is promoted, its password kept", async () => {
  const email = `gen-${run}@platform.test`;
  const first = await createOperator(db, { email });
  expect(first.created).toBe(true);
  expect(first.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
  const { hash } = await passwordOf(email);
  expect(await verifyPassword({ hash, password: first.password! })).toBe(true);
  expect(await createOperator(db, { email })).toEqual({ created: false, password: null });
  expect((await passwordOf(email)).hash).toBe(hash);
});

test("dealer staff are not operators; bad input is refused", async () => {
  const [manager] = await db
    .select({ id: t.staffUsers.id })
    .from(t.staffUsers)
    .where(eq(t.staffUsers.email, "manager@parksidemotorgroup.com.au"));
  expect(await isOperator(db, manager!.id)).toBe(false);
  await expect(createOperator(db, { email: "not an email" })).rejects.toThrow(/Not an email address/);
  await expect(createOperator(db, { email: `short-${run}@platform.test`, password: "short" })).rejects.toThrow(/at least 12/);
});
