import { expect, test } from "vitest";
import { availableLookups } from "./providers";

const none = { AUTOGRAB_API_KEY: undefined, REDBOOK_API_KEY: undefined, NEVDIS_API_KEY: undefined };

test.each([
  ["production without keys: none (the demo's fake never meets a real dealer's shoppers)", { ...none, APP_ENV: "production" }, []],
  ["production with Redbook's key: Redbook", { ...none, APP_ENV: "production", REDBOOK_API_KEY: "k" }, ["redbook"]],
  [
    "production with every key",
    { APP_ENV: "production", AUTOGRAB_API_KEY: "a", REDBOOK_API_KEY: "r", NEVDIS_API_KEY: "n" },
    ["autograb", "redbook", "nevdis"],
  ],
  ["development: every one (the local fake with the demo regos)", { ...none, APP_ENV: "development" }, ["autograb", "redbook", "nevdis"]],
  ["the browser tests: every one", { ...none, APP_ENV: "test" }, ["autograb", "redbook", "nevdis"]],
] as const)("%s", (_why, e, want) => expect(availableLookups(e)).toEqual(want));
