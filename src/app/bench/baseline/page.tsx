import { connection } from "next/server";

// GET /bench/baseline — a trivial dynamic page: the throughput baseline for `npm run bench`.
export default async function Baseline() {
  await connection();
  return <p>ok</p>;
}
