import "server-only";
import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { isEmail } from "@/domain/leads/delivery";
import type { Db } from "@/server/db/client";
import { createStaffAccounts, findStaffByEmail, promoteToOperator } from "@/server/repositories/staff";

/*
 * Platform operators: staff of the back-office who see every site and run the console.
 * Made only from the command line (`npm run operator:create -- EMAIL`), never by a default password:
 * the password is the one given in OPERATOR_PASSWORD or a random one shown once.
 */

export const MIN_OPERATOR_PASSWORD = 12;

export type OperatorResult = { created: boolean; password: string | null };

/**
 * Makes `email` an operator: a new account with this password (or a random one, returned), or an
 * existing back-office account promoted (its password changed only when one is given).
 */
export async function createOperator(db: Db, o: { email: string; name?: string; password?: string }): Promise<OperatorResult> {
  const email = o.email.trim().toLowerCase();
  if (!isEmail(email)) throw new Error(`Not an email address: ${JSON.stringify(o.email.slice(0, 100))}`);
  if (o.password !== undefined && o.password.length < MIN_OPERATOR_PASSWORD)
    throw new Error(`OPERATOR_PASSWORD must be at least ${MIN_OPERATOR_PASSWORD} characters.`);
  const existing = await findStaffByEmail(db, email);
  const chosen = o.password ?? (existing ? null : randomBytes(15).toString("base64url"));
  const hash = chosen === null ? null : await hashPassword(chosen);
  if (existing) await promoteToOperator(db, existing.id, hash);
  else await createStaffAccounts(db, [{ name: o.name?.trim() || email.split("@")[0]!, email, passwordHash: hash!, operator: true }]);
  // a password given by the caller is theirs already: only a generated one is handed back to show
  return { created: !existing, password: o.password === undefined ? chosen : null };
}
