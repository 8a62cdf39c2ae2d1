// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { LOOKUP_MSG } from "@/domain/lookups/lookup";
import { VALUATION_MSG } from "@/domain/lookups/valuation";
import { LookupForm } from "./lookup-form";
import { LookupFormPage } from "./lookup-form-page";
import { renderToString } from "react-dom/server";
import { TEST_FORM_SITE } from "./test-site";

/*
 * The vehicle-lookup form, step by step: rego + state → the vehicle → odometer and condition
 * → the enquiry form filled in with what was found, each step's event fired; a rego not found or a
 * lookup that is down goes on by hand with a note (nothing lost); the trade-in lead carries the car.
 */
const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push }), usePathname: () => "/trade-in" }));
const track = vi.fn();
vi.mock("@/client/analytics", () => ({ track: (...a: unknown[]) => track(...a) }));

const site = TEST_FORM_SITE;
const COROLLA = { make: "Toyota", model: "Corolla", year: 2019, badge: "Ascent Sport", vin: "JTNKU3JE60J021234" };

let requests: Array<{ url: string; body: unknown }> = [];
let lookup: () => Response = () => Response.json({ found: true, vehicle: COROLLA, provider: "autograb" });
let valuate: () => Response = () => Response.json({ found: true, low: 18_500, high: 21_000, provider: "autograb" });
beforeEach(() => {
  requests = [];
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, body: JSON.parse(String(init.body)) });
      if (url === "/api/simple-autograb-lookup") return lookup();
      if (url === "/api/trade-in-valuation") return valuate();
      return Response.json({ lead: { id: "3f2b8c1e-0000-4000-8000-000000000002" } }, { status: 201 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  push.mockReset();
  track.mockReset();
  lookup = () => Response.json({ found: true, vehicle: COROLLA, provider: "autograb" });
});

const renderForm = (valuation = false) =>
  render(
    <LookupForm
      kind="trade-in"
      formSite={site}
      endpoint="/api/simple-autograb-lookup"
      carHistory={false}
      valuation={valuation}
      allowFiles={false}
    />,
  );
const box = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const heading = () => screen.getByRole("heading", { level: 2 }).textContent;
const events = () => track.mock.calls.map((c) => c[0] as number);

describe("LookupForm (trade-in)", () => {
  test("a bad rego is refused where it is typed, and nothing is looked up", async () => {
    renderForm();
    fireEvent.change(box("Rego"), { target: { value: "ABC-123!!" } });
    click("Find my vehicle");
    await waitFor(() => expect(screen.getByText("Please enter a valid rego.")).toBeTruthy());
    expect(box("Rego").getAttribute("aria-invalid")).toBe("true");
    expect(requests).toEqual([]);
  });

  test("the rego's state starts on the dealer's own (Parkside: VIC)", () => {
    renderForm();
    expect(box("State").value).toBe("vic");
  });

  test("found: the vehicle, then odometer and condition (checked), then the enquiry form filled in; the lead carries the car", async () => {
    renderForm();
    fireEvent.change(box("Rego"), { target: { value: "abc 123" } });
    fireEvent.change(box("State"), { target: { value: "vic" } });
    click("Find my vehicle");
    await waitFor(() => expect(heading()).toBe("Is this your vehicle?"));
    expect(requests[0]).toEqual({ url: "/api/simple-autograb-lookup", body: { rego: "ABC123", state: "vic" } });
    expect(screen.getByTestId("lookup-title").textContent).toBe("2019 Toyota Corolla Ascent Sport");
    expect(screen.getByTestId("lookup-vin").textContent).toContain(COROLLA.vin);
    // the heading of each step takes focus, for a screen reader
    click("Yes, continue");
    await waitFor(() => expect(heading()).toBe("Odometer and condition"));
    expect(document.activeElement?.textContent).toBe("Odometer and condition");

    click("Continue");
    await waitFor(() => expect(screen.getByText("Please enter the odometer reading in km.")).toBeTruthy());
    expect(screen.getByText("Please choose the vehicle’s condition.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Odometer (km)"), { target: { value: "54,300" } });
    fireEvent.change(screen.getByLabelText("Condition"), { target: { value: "Good" } });
    click("Continue");
    await waitFor(() => expect(heading()).toBe("Your details"));
    expect(screen.getByText("2019 Toyota Corolla Ascent Sport, 54,300 km, good condition")).toBeTruthy();
    expect(box("Your vehicle").value).toBe("2019 Toyota Corolla Ascent Sport");
    expect(box("Rego").value).toBe("ABC123");
    expect(events()).toEqual([42, 43, 45, 46]);

    const person: Array<[string, string]> = [
      ["First name", "Mary"],
      ["Last name", "Smith"],
      ["Email", "mary@example.com"],
      ["Phone", "0412345678"],
      ["Postcode", "3134"],
    ];
    for (const [label, value] of person) fireEvent.change(box(label), { target: { value } });
    fireEvent.change(box("Comments"), { target: { value: "Trade-in please" } });
    fireEvent.click(screen.getByRole("button", { name: "Value my trade-in" }));
    await waitFor(() => expect(push).toHaveBeenCalled());
    const lead = (requests.at(-1)!.body as { lead: Record<string, unknown> }).lead;
    expect(lead.trade_in_vehicle).toEqual({
      source: "autograb",
      ...COROLLA,
      rego: "ABC123",
      state: "vic",
      odometer: 54300,
      condition: "Good",
    });
  });

  test.each([
    ["not found", () => Response.json({ found: false, provider: "autograb" }), LOOKUP_MSG.notFound, 44],
    ["the lookup down", () => Response.json({ error: "Lookup failed." }, { status: 502 }), LOOKUP_MSG.unavailable, 44],
  ])("%s: on by hand, with a note, the rego kept", async (_, answer, note, event) => {
    lookup = answer;
    renderForm();
    fireEvent.change(box("Rego"), { target: { value: "ZZZ999" } });
    click("Find my vehicle");
    await waitFor(() => expect(screen.getByTestId("lookup-note").textContent).toBe(note));
    expect(heading()).toBe("Your vehicle and your details");
    expect(box("Rego").value).toBe("ZZZ999");
    expect(events()).toContain(event);
  });

  test("by hand from the start: straight to the enquiry form", async () => {
    renderForm();
    click("Enter details by hand");
    await waitFor(() => expect(heading()).toBe("Your vehicle and your details"));
    expect(screen.queryByTestId("lookup-note")).toBeNull();
    expect(requests).toEqual([]);
  });

  /** rego → vehicle → odometer and condition, on a site that gives a trade-in figure */
  async function toValuation() {
    renderForm(true);
    fireEvent.change(box("Rego"), { target: { value: "ABC123" } });
    click("Find my vehicle");
    await waitFor(() => expect(heading()).toBe("Is this your vehicle?"));
    click("Yes, continue");
    await waitFor(() => expect(heading()).toBe("Odometer and condition"));
    fireEvent.change(screen.getByLabelText("Odometer (km)"), { target: { value: "54,300" } });
    fireEvent.change(screen.getByLabelText("Condition"), { target: { value: "Good" } });
    click("See my trade-in value");
    await waitFor(() => expect(heading()).toBe("Your details"));
  }

  test("the trade-in range after odometer and condition, then the details", async () => {
    await toValuation();
    expect(requests[1]).toEqual({
      url: "/api/trade-in-valuation",
      body: { make: "Toyota", model: "Corolla", year: 2019, badge: "Ascent Sport", odometer: 54300, condition: "Good" },
    });
    expect(screen.getByTestId("trade-in-range").textContent).toBe("$18,500 – $21,000");
  });

  test.each([
    ["no figure for the car", () => Response.json({ found: false, provider: "autograb" }), VALUATION_MSG.none],
    ["the valuation down", () => Response.json({ error: "down" }, { status: 503 }), VALUATION_MSG.unavailable],
  ])("we'll be in touch, and the form goes on", async (_, answer, note) => {
    valuate = answer;
    await toValuation();
    expect(screen.getByTestId("trade-in-none").textContent).toBe(note);
    expect(screen.queryByTestId("trade-in-value")).toBeNull();
    valuate = () => Response.json({ found: true, low: 18_500, high: 21_000, provider: "autograb" });
  });
});

describe("the rego step without JavaScript", () => {
  test("the rego step is a GET of its own page with the rego and state (no personal data): the page looks it up", () => {
    document.body.innerHTML = renderToString(
      <LookupForm kind="trade-in" formSite={site} endpoint="/api/nevdis" carHistory={false} valuation={false} allowFiles={false} />,
    );
    const form = document.querySelector<HTMLFormElement>('[data-testid="lookup-rego"]')!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/trade-in");
    expect([...form.querySelectorAll("input, select")].map((e) => e.getAttribute("name")).filter(Boolean)).toEqual(["rego", "state"]);
  });

  const page = (looked: Parameters<typeof LookupFormPage>[0]["looked"]) => {
    document.body.innerHTML = renderToString(
      <LookupFormPage
        kind="trade-in"
        formSite={site}
        lookup={{ endpoint: "/api/nevdis", carHistory: false, valuation: false }}
        looked={looked}
      />,
    );
    return document.querySelector("main, body")!;
  };
  const value = (name: string) => document.querySelector<HTMLInputElement>(`form [name="${name}"]`)?.getAttribute("value");

  test("found by the page: the plain form, the car and its rego filled in", () => {
    const body = page({
      rego: "ABC123",
      state: "vic",
      title: "2019 Toyota Corolla Ascent Sport",
      vehicle: { source: "nevdis", make: "Toyota", model: "Corolla", year: 2019, rego: "ABC123", state: "vic" },
    });
    expect(body.querySelector('[data-testid="lookup-rego"]')).toBeNull();
    expect(body.querySelector('[data-testid="lead-form-trade-in"]')).not.toBeNull();
    expect(value("trade_vehicle")).toBe("2019 Toyota Corolla Ascent Sport");
    expect(value("Rego")).toBe("ABC123");
    expect(body.querySelector<HTMLSelectElement>('form [name="state"]')!.querySelector("option[selected]")?.getAttribute("value")).toBe(
      "vic",
    );
    expect(body.textContent).toContain("We found 2019 Toyota Corolla Ascent Sport");
  });

  test("not found by the page: the plain form with the note, the rego kept", () => {
    const body = page({ rego: "NOPE99", state: "vic", note: LOOKUP_MSG.notFound });
    expect(body.textContent).toContain(LOOKUP_MSG.notFound);
    expect(value("Rego")).toBe("NOPE99");
    expect(value("trade_vehicle")).toBe("");
  });

  test("a bad rego: the rego step again, with its message and what was typed", () => {
    const body = page({ rego: "ABC-123!!", state: "vic", errors: { rego: "Please enter a valid rego." } });
    const form = body.querySelector('[data-testid="lookup-rego"]')!;
    expect(form.textContent).toContain("Please enter a valid rego.");
    expect(form.querySelector('[name="rego"]')!.getAttribute("value")).toBe("ABC-123!!");
  });
});
