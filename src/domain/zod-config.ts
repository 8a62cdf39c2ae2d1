import { config } from "zod";

/**
 * Imported (for this effect) before zod by every schema module the browser runs. Our pages' CSP
 * has no 'unsafe-eval', and zod's JIT first probes `new Function` — a CSP violation on every page
 * that parses. Parsing without the JIT is as correct, and fast enough for forms. (Only `config` is
 * imported: calling it through the `z` namespace would keep all of zod, locales included, in the
 * page's script.)
 */
config({ jitless: true });
