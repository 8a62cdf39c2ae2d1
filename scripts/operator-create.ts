// npm run operator:create -- EMAIL [--name "Full Name"] — makes EMAIL a platform operator of the back-office.
// The password is OPERATOR_PASSWORD when set (12+ characters), else a random one printed once. Run it with the
// server stopped when the database is the embedded one (it allows one process at a time).
import { getDatabase } from "@/server/db";
import { DatabaseLockedError } from "@/server/db/lock";
import { createOperator } from "@/server/admin/operators";

const args = process.argv.slice(2);
const nameAt = args.indexOf("--name");
const name = nameAt >= 0 ? args[nameAt + 1] : undefined;
const email = args.filter((_, i) => nameAt < 0 || (i !== nameAt && i !== nameAt + 1))[0];
if (!email) {
  console.error('Usage: npm run operator:create -- EMAIL [--name "Full Name"]');
  process.exit(2);
}
try {
  const database = await getDatabase();
  const r = await createOperator(database.db, { email, name, password: process.env.OPERATOR_PASSWORD || undefined });
  await database.close();
  console.log(r.created ? `Operator created: ${email}` : `${email} already had a back-office account: now an operator.`);
  if (r.password) console.log(`Password (shown once; change it after signing in): ${r.password}`);
  else if (!r.created && !process.env.OPERATOR_PASSWORD) console.log("Their password is unchanged.");
  console.log("Sign in on the back-office host (ADMIN_HOST, e.g. http://admin.localhost:3000) and open Sites.");
} catch (error) {
  console.error(error instanceof DatabaseLockedError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
}
