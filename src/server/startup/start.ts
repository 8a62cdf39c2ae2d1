import "server-only";
import { getDatabase } from "@/server/db";
import { env, isBuildPhase, mailTransportOf } from "@/server/base/env";
import { log } from "@/server/base/log";
import { makeOwnerOnly } from "@/server/base/owner-only";

export async function openOnStart() {
  if (isBuildPhase()) return; // no build step may touch the embedded database
  try {
    await getDatabase(); // closes an embedded data folder's modes (db/client.ts)
  } catch (error) {
    log.fatal({ err: error }, (error as Error).message);
    process.exit(1);
  }
  // attachments kept before their modes were set: a start closes them too (serving does not wait on it)
  void makeOwnerOnly(env().UPLOAD_DIR).catch((err: unknown) =>
    log.warn({ err: (err as NodeJS.ErrnoException).code ?? "unknown error" }, "could not make the upload folder owner-only"),
  );
  // a real install writing its mail to a folder is told so at every start (docs/operations/environment.md)
  const mail = mailTransportOf(env());
  if (mail.via === "outbox" && mail.warning) log.warn(mail.warning);
}
