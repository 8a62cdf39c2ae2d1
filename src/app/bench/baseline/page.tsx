import { notFound } from "next/navigation";
import { connection } from "next/server";
import { env } from "@/server/base/env";

// GET /bench/baseline — a trivial dynamic page: the throughput baseline for `npm run bench`, which
// sets BENCH_BASELINE; everywhere else (production) it is a 404.
export default async function Baseline() {
  await connection();
  if (!env().BENCH_BASELINE) notFound();
  return <p>ok</p>;
}
