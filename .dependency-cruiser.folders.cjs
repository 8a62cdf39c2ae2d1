// The second pass of `npm run deps`: the folders of src/server, not only their modules, point one
// way. No two folders import each other, directly or round a loop (a shared piece moves down to the
// floor its users share). The demo code is left out of this pass: its seam points up on purpose
// (start-up and the image service load src/server/demo/index.ts by dynamic import, when asked), and
// the first pass (.dependency-cruiser.cjs) already keeps everything else out of it.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS config, as dependency-cruiser reads it
const base = require("./.dependency-cruiser.cjs");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-folder-cycle",
      severity: "error",
      comment: "no two folders of src/server import each other, directly or round a loop",
      scope: "folder",
      from: { path: "^src/server/" },
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: [...base.options.exclude.path, "^src/server/(demo|testing)/"] },
  },
};
