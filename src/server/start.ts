import "server-only";
import { getDatabase } from "./db";
import { isBuildPhase } from "./env";
import { log } from "./log";

export async function openOnStart() {
  if (isBuildPhase()) return; // no build step may touch the embedded database
  try {
    await getDatabase();
  } catch (error) {
    log.fatal({ err: error }, (error as Error).message);
    process.exit(1);
  }
}
