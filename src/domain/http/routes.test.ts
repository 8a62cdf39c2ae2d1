import { describe, expect, test } from "vitest";
import { allowedMethods, exportedMethods, routeFor, routeSegments, type Route } from "./routes";

describe("methods from what each route exports", () => {
  test.each([
    ["export const POST = createLead;", ["POST"]],
    ["export const { POST, DELETE } = watchlistRoutes;", ["POST", "DELETE"]],
    ["export async function GET(req: Request) {}\nexport async function PUT() {}", ["GET", "PUT"]],
    ["export function GET() {}", ["GET"]],
    ["export { handler as DELETE, other as GET };", ["GET", "DELETE"]],
    ['export const dynamic = "force-dynamic";\nexport const runtime = "nodejs";', []],
    ["const GET = 1; // not exported", []],
  ])("%j exports %j", (src, methods) => expect(exportedMethods(src)).toEqual(methods));

  test.each([
    [["POST"], ["POST", "OPTIONS"]],
    [["GET"], ["GET", "HEAD", "OPTIONS"]],
    [
      ["POST", "DELETE"],
      ["POST", "DELETE", "OPTIONS"],
    ],
  ] as const)("%j allows %j", (exported, allow) => expect(allowedMethods(exported)).toEqual(allow));

  test.each([
    ["api/leads", ["api", "leads"]],
    ["(shop)/api/x", ["api", "x"]],
    ["api/_lib", null],
  ])("folder %s is %j", (folder, segments) => expect(routeSegments(folder)).toEqual(segments));

  const routes: Route[] = [
    { segments: ["api", "leads"], methods: ["POST"] },
    { segments: ["api", "leads", "[id]"], methods: ["PUT"] },
    { segments: ["api", "leads", "with-files"], methods: ["POST"] },
    { segments: ["api", "auth", "[...all]"], methods: ["GET", "POST"] },
    { segments: ["api", "admin", "sites", "[siteId]", "staff", "[userId]"], methods: ["DELETE"] },
  ];
  test.each([
    ["/api/leads", ["api", "leads"]],
    ["/api/leads?x=1", ["api", "leads"]],
    ["/api/leads/with-files", ["api", "leads", "with-files"]],
    ["/api/leads/0b4c7f7e-1111-4222-8333-444455556666", ["api", "leads", "[id]"]],
    ["/api/auth/sign-in/email", ["api", "auth", "[...all]"]],
    ["/api/auth", null],
    ["/api/admin/sites/1001/staff/u1", ["api", "admin", "sites", "[siteId]", "staff", "[userId]"]],
    ["/api/nothing", null],
  ])("%s reaches %j", (path, segments) => expect(routeFor(routes, path)?.segments ?? null).toEqual(segments));
});
