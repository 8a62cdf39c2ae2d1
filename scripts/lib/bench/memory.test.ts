import { expect, test } from "vitest";
import { residentOf } from "./memory";

const STATUS = "Name:\tnode\nVmPeak:\t 11644064 kB\nVmHWM:\t  921600 kB\nVmRSS:\t  409600 kB\nThreads:\t11\n";

test.each([
  [STATUS, { rssMb: 400, hwmMb: 900 }],
  ["Name:\tnode\nVmRSS:\t1536 kB\n", { rssMb: 2, hwmMb: 0 }],
  ["", { rssMb: 0, hwmMb: 0 }],
])("a process's resident memory is read from its /proc status (%#)", (status, resident) => expect(residentOf(status)).toEqual(resident));
