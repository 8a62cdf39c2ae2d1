import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Test files in the order of their paths, whatever the last run's timings. With TEST_DATABASE_URL
 * every file shares one PostgreSQL database (the data-layer run in CI), so one file's rows are
 * there for the files after it: a fixed order makes a run reproducible, where Vitest's own order
 * (slowest and failed files first, from its cache) changed with each machine's last run.
 */
export default class PathSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (f: TestSpecification) => relative(f.project.config.root, f.moduleId);
    return Promise.resolve([...files].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
  }
}
