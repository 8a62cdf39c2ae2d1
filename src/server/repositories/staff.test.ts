import { randomBytes } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { expect, test } from "vitest";
import * as t from "@/server/db/schema";
import { setupAppDatabase } from "@/server/testing/app-database";
import {
  createStaffAccounts,
  findStaffByEmail,
  getWeeklyReport,
  isOperator,
  listStaffRoles,
  promoteToOperator,
  setWeeklyReport,
  staffEmailsTaken,
} from "./staff";

/* Staff accounts, roles and settings on the app's (seeded) database; what a test makes it removes. */
const run = randomBytes(3).toString("hex");
const email = (who: string) => `${who}-${run}@staff-repo.test`;
const db = setupAppDatabase({ after: () => db.delete(t.staffUsers).where(like(t.staffUsers.email, `%-${run}@staff-repo.test`)) });

const passwordOf = async (userId: string) =>
  (await db.select({ password: t.staffAccounts.password }).from(t.staffAccounts).where(eq(t.staffAccounts.userId, userId)))[0]?.password;

test("a staff member's roles come in site order; an unknown member has none", async () => {
  const grace = await findStaffByEmail(db, "group@parksidemotorgroup.com.au");
  expect(await listStaffRoles(db, grace!.id)).toEqual([
    { siteId: 1001, role: "owner" },
    { siteId: 1002, role: "manager" },
    { siteId: 1003, role: "owner" },
  ]);
  expect(await listStaffRoles(db, "no-such-user")).toEqual([]);
});

test("new accounts get their password, roles and operator flag; an existing account is promoted, its password replaced only when given", async () => {
  const [seller, operator] = await createStaffAccounts(db, [
    { name: "Sal Seller", email: email("seller"), passwordHash: "hash-1", roles: [{ siteId: 1002, role: "sales" }] },
    { name: "Opal Operator", email: email("operator"), passwordHash: "hash-2", operator: true },
  ]);
  expect(await listStaffRoles(db, seller!)).toEqual([{ siteId: 1002, role: "sales" }]);
  expect(await listStaffRoles(db, operator!)).toEqual([]);
  expect([await isOperator(db, seller!), await isOperator(db, operator!)]).toEqual([false, true]);
  expect([await passwordOf(seller!), await passwordOf(operator!)]).toEqual(["hash-1", "hash-2"]);
  expect(await findStaffByEmail(db, email("seller"))).toMatchObject({ id: seller, name: "Sal Seller", emailVerified: true });

  await promoteToOperator(db, seller!, null);
  expect(await isOperator(db, seller!)).toBe(true);
  expect(await passwordOf(seller!)).toBe("hash-1");
  await promoteToOperator(db, seller!, "hash-3");
  expect(await passwordOf(seller!)).toBe("hash-3");
  expect(await passwordOf(operator!), "another account is untouched").toBe("hash-2");
});

test("which emails already have an account", async () => {
  await createStaffAccounts(db, [{ name: "Tak En", email: email("taken"), passwordHash: "h" }]);
  expect(await staffEmailsTaken(db, [email("taken"), email("free"), "owner@parksidemotorgroup.com.au"])).toEqual(
    new Set([email("taken"), "owner@parksidemotorgroup.com.au"]),
  );
  expect(await staffEmailsTaken(db, [])).toEqual(new Set());
});

test("the weekly report email: on by default, turned off and on for this member only", async () => {
  const [a, b] = await createStaffAccounts(db, [
    { name: "Wee Kly", email: email("weekly-a"), passwordHash: "h" },
    { name: "Other", email: email("weekly-b"), passwordHash: "h" },
  ]);
  expect(await getWeeklyReport(db, a!)).toBe(true);
  await setWeeklyReport(db, a!, false);
  expect([await getWeeklyReport(db, a!), await getWeeklyReport(db, b!)]).toEqual([false, true]);
  await setWeeklyReport(db, a!, true);
  expect(await getWeeklyReport(db, a!)).toBe(true);
  expect(await getWeeklyReport(db, "no-such-user")).toBe(false);
});
