// The production server's entry (`npm start` runs it as dist/server.mjs, compiled by
// scripts/build-server.mjs): the edge and the page cache live in src/server/edge (its README.md).
import { runServer } from "@/server/edge/server";

await runServer();
