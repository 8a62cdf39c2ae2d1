/** Opens (migrates, seeds on first start) the database as the server starts, not on the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { openOnStart } = await import("./server/startup/start");
    await openOnStart();
  }
}
