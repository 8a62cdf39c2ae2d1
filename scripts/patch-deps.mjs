#!/usr/bin/env node
// npm's postinstall: one guard from an open upstream fix, applied to the installed package until a
// release carries it (ADR 0016). postgres.js 3.4.x schedules a small write with setImmediate; when
// the connection closes first (a database restart under load) the write finds no socket and throws
// an uncaught TypeError (porsager/postgres#1154, fix proposed in porsager/postgres#1168). The guard
// drops that write: the closed connection has already failed its queries, which the app answers 503.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const MARK = "// guarded: porsager/postgres#1168";
const FROM = "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)";
const TO = `  function nextWrite(fn) {\n    if (!socket) { chunk = nextWriteTimer = null; return false } ${MARK}\n    const x = socket.write(chunk, fn)`;

for (const file of ["node_modules/postgres/src/connection.js", "node_modules/postgres/cjs/src/connection.js"]) {
  if (!existsSync(file)) continue;
  const text = readFileSync(file, "utf8");
  if (text.includes(MARK)) continue;
  if (!text.includes(FROM)) {
    console.warn(`patch-deps: ${file} has changed upstream; check whether porsager/postgres#1168 is released and drop this patch`);
    continue;
  }
  writeFileSync(file, text.replace(FROM, TO));
  console.log(`patch-deps: guarded nextWrite in ${file}`);
}
