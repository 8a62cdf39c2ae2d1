// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { FAR_DATE_MESSAGE, MSG, PAST_DATE_MESSAGE } from "@/domain/leads/messages";
import { renderToString } from "react-dom/server";
import { LeadForm } from "./lead-form";
import { TEST_FORM_SITE } from "./test-site";

/*
 * The enquiry form in a browser-like DOM: the validation messages under each field, prefill from the
 * stored details (and a signed-in customer's saved ones first), the sent state (the lead posted,
 * the details saved, the success page) and the failure state (alert, form-level message,
 * every value kept).
 */
const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push }), usePathname: () => "/contact" }));
const track = vi.fn();
vi.mock("@/client/analytics", () => ({ track: (...a: unknown[]) => track(...a) }));

const site = TEST_FORM_SITE;

let requests: Array<{ url: string; method: string; body: unknown; key: string | null }> = [];
let answer: () => Response = () => Response.json({ lead: { id: "3f2b8c1e-0000-4000-8000-000000000001" } }, { status: 201 });
beforeEach(() => {
  requests = [];
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({
        url,
        method: init.method ?? "GET",
        body: JSON.parse(String(init.body)),
        key: new Headers(init.headers).get("idempotency-key"),
      });
      return answer();
    }),
  );
  vi.stubGlobal("alert", vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  push.mockReset();
  track.mockReset();
  answer = () => Response.json({ lead: { id: "3f2b8c1e-0000-4000-8000-000000000001" } }, { status: 201 });
});

const box = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(box(label), { target: { value } });
const errorOf = (label: string) => document.getElementById(`${box(label).id}-error`)?.textContent ?? null;
const send = () => fireEvent.click(screen.getByRole("button", { name: "Send enquiry" }));

function fillValid() {
  type("First name", "Mary");
  type("Last name", "Smith");
  type("Email", "mary@example.com");
  type("Phone", "0412345678");
  type("Postcode", "3134");
  type("Comments", "Is the CX-5 still available?");
}

describe("LeadForm (contact)", () => {
  test("an empty form: the spec's required message under every required field, nothing sent", async () => {
    render(<LeadForm kind="contact" site={site} />);
    send();
    await waitFor(() => expect(errorOf("First name")).toBe(MSG.required));
    for (const label of ["Last name", "Email", "Phone", "Postcode", "Comments"]) expect(errorOf(label)).toBe(MSG.required);
    expect(box("First name").getAttribute("aria-invalid")).toBe("true");
    expect(requests).toEqual([]);
  });

  test.each([
    ["Email", "mary@", MSG.email],
    ["Postcode", "313", MSG.postcode],
    ["Phone", "12345", MSG.phoneAU],
    ["First name", "Mary2", MSG.alpha],
  ])("%s %j → %s", async (label, value, message) => {
    render(<LeadForm kind="contact" site={site} />);
    fillValid();
    type(label, value);
    send();
    await waitFor(() => expect(errorOf(label)).toBe(message));
    expect(requests).toEqual([]);
  });

  test("prefilled from the details stored after the last enquiry; a signed-in customer's saved ones come first", async () => {
    localStorage.setItem(
      "user_details",
      JSON.stringify({ name: "Stored", last_name: "Shopper", email: "stored@example.com", postcode: "3000" }),
    );
    render(<LeadForm kind="contact" site={site} prefill={{ name: "Saved", phone: "0412 345 678" }} />);
    await waitFor(() => expect(box("First name").value).toBe("Saved"));
    expect(box("Last name").value).toBe("Shopper");
    expect(box("Email").value).toBe("stored@example.com");
    expect(box("Phone").value).toBe("0412 345 678");
    expect(box("Postcode").value).toBe("3000");
  });

  test("sent: the lead is posted once, the details are kept for next time, event 22 fires and the success page opens", async () => {
    render(<LeadForm kind="contact" site={site} />);
    fillValid();
    send();
    await waitFor(() => expect(push).toHaveBeenCalledWith("/success?category=general-enquiry"));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: "/api/leads",
      method: "POST",
      body: { lead: { first_name: "Mary", last_name: "Smith", email: "mary@example.com", postcode: "3134", form: "contact" } },
    });
    expect(JSON.parse(localStorage.getItem("user_details")!)).toMatchObject({ name: "Mary", email: "mary@example.com" });
    expect(track).toHaveBeenCalledWith(22, expect.objectContaining({ lead_id: "3f2b8c1e-0000-4000-8000-000000000001" }), expect.anything());
  });

  test("on a site whose box starts unticked, an untouched box sends a no", async () => {
    render(<LeadForm kind="contact" site={{ ...site, optInTicked: false }} />);
    fillValid();
    send();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect((requests[0]!.body as { lead: Record<string, unknown> }).lead.opt_in).toBe(false);
  });

  test("no hidden default is sent: no state without a rego; with a rego, the state the shopper saw beside it", async () => {
    render(<LeadForm kind="contact" site={site} />);
    fillValid();
    send();
    await waitFor(() => expect(requests).toHaveLength(1));
    const sent = (requests[0]!.body as { lead: Record<string, unknown> }).lead;
    expect(sent).not.toHaveProperty("state");
    expect(sent.opt_in).toBe(true); // the box the shopper saw, ticked
    cleanup();
    sessionStorage.clear();
    render(<LeadForm kind="contact" site={site} />);
    fillValid();
    type("Rego", "ABC123");
    await waitFor(() => expect(box("State")).toBeTruthy());
    fireEvent.change(box("State"), { target: { value: "vic" } });
    send();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect((requests[1]!.body as { lead: Record<string, unknown> }).lead).toMatchObject({ Rego: "ABC123", state: "vic" });
  });

  test("the State beside a rego starts on the dealer's own state (a Perth dealer: WA), never the spec's QLD", async () => {
    render(<LeadForm kind="contact" site={{ ...site, state: "wa" }} />);
    fillValid();
    type("Rego", "ABC123");
    await waitFor(() => expect(box("State")).toBeTruthy());
    expect(box("State").value).toBe("wa");
    send();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect((requests[0]!.body as { lead: Record<string, unknown> }).lead).toMatchObject({ Rego: "ABC123", state: "wa" });
  });

  test("Idempotency-Key: one per submission, the same on every retry of it (503s, the shopper sending it again)", async () => {
    let unavailable = 4;
    answer = () =>
      unavailable-- > 0
        ? Response.json({ error: MSG.submitFailed }, { status: 503 })
        : Response.json({ lead: { id: "3f2b8c1e-0000-4000-8000-000000000001" } }, { status: 201 });
    render(<LeadForm kind="contact" site={site} />);
    fillValid();
    send();
    // tried three times (at most 2 more), then the failure state
    await waitFor(() => expect(screen.getByTestId("form-error").textContent).toBe(MSG.submitFailed), { timeout: 6000 });
    expect(requests).toHaveLength(3);
    // the shopper sends it again, unchanged: the same submission, the same key
    send();
    await waitFor(() => expect(push).toHaveBeenCalledWith("/success?category=general-enquiry"), { timeout: 6000 });
    expect(requests.length).toBeGreaterThanOrEqual(4);
    const keys = new Set(requests.map((r) => r.key));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    // a new submission (the same form with a new message: an update of that lead) goes once, without a
    // key: the server takes keys only when it creates a lead, so a retried update would reach the dealer twice
    type("Comments", "And a trade-in?");
    send();
    await waitFor(() => expect(requests.at(-1)!.method).toBe("PUT"));
    expect(requests.at(-1)!.key).toBeFalsy();
  }, 20_000);

  test("refused by the server: the alert, the form-level message, the server's field message, every value kept", async () => {
    answer = () => Response.json({ error: "Please check the highlighted fields.", errors: { postcode: MSG.postcode } }, { status: 422 });
    render(<LeadForm kind="contact" site={site} />);
    fillValid();
    send();
    await waitFor(() => expect(screen.getByTestId("form-error").textContent).toBe("Please check the highlighted fields."));
    expect(window.alert).toHaveBeenCalledWith(MSG.submitFailed);
    expect(errorOf("Postcode")).toBe(MSG.postcode);
    expect(box("Comments").value).toBe("Is the CX-5 still available?");
    expect(push).not.toHaveBeenCalled();
  });
});

describe("the server's HTML: a form that posts without JavaScript (docs/features/forms-and-leads.md)", () => {
  const html = (props: Partial<Parameters<typeof LeadForm>[0]> = {}) => {
    const div = document.createElement("div");
    div.innerHTML = renderToString(<LeadForm kind="contact" site={site} {...props} />);
    return div.querySelector("form")!;
  };

  test("posts to the form endpoint with its kind, its page and its car; an unticked opt-in posts false", () => {
    const form = html({
      vehicle: { slug: "2024-mazda-cx-5-abc1", name: "2024 Mazda CX-5", carType: "used" },
      submissionToken: "3f1c7a2e-5b7d-4e0a-9c1d-2b6f8e4a9d10",
    });
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(`${site.leadBase}/leads/form`);
    const hidden = (name: string) => (form.querySelector(`input[type=hidden][name="${name}"]`) as HTMLInputElement | null)?.value;
    expect(hidden("form")).toBe("contact");
    expect(hidden("return_to")).toBe("/contact?vehicle=2024-mazda-cx-5-abc1");
    expect(hidden("vehicle")).toBe("2024-mazda-cx-5-abc1");
    expect(hidden("submission")).toBe("3f1c7a2e-5b7d-4e0a-9c1d-2b6f8e4a9d10"); // posted twice, one lead
    expect(hidden("opt_in")).toBe("false");
    // every field the shopper fills has its spec name, so the browser posts it
    for (const name of ["first_name", "last_name", "email", "phone", "postcode", "message", "middle_name", "where_did_you_hear"])
      expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull();
  });

  test("the optional fields fold under Add more details, closed until one has a value or a message", () => {
    const closed = html().querySelector("details")!;
    expect(closed.querySelector("summary")!.textContent).toBe("Add more details");
    expect(closed.hasAttribute("open")).toBe(false);
    expect(closed.querySelector("[name=middle_name]")).not.toBeNull();
    expect(closed.querySelector("[name=where_did_you_hear]")).not.toBeNull();
    expect(
      html({ refused: { errors: {}, values: { middle_name: "Jo" } } })
        .querySelector("details")!
        .hasAttribute("open"),
    ).toBe(true);
  });

  test.each([
    ["the spec's default: ticked", true, true],
    ["the site's setting (a new site's default): unticked", false, false],
  ])("the marketing box starts as the site says: %s", (_why, optInTicked, checked) => {
    const form = html({ site: { ...site, optInTicked } });
    const boxOf = form.querySelector("input[type=checkbox][name=opt_in]") as HTMLInputElement;
    expect(boxOf.hasAttribute("checked")).toBe(checked);
    // a refused post keeps what the shopper chose, whatever the site's start
    const refused = html({ site: { ...site, optInTicked }, refused: { errors: {}, values: { opt_in: String(!checked) } } });
    expect((refused.querySelector("input[type=checkbox][name=opt_in]") as HTMLInputElement).hasAttribute("checked")).toBe(!checked);
  });

  test("a refused post comes back with the alert, each message under its field and every value", () => {
    const form = html({
      refused: {
        errors: { email: MSG.email, first_name: MSG.required },
        values: { first_name: "", email: "not-an-email", phone: "0412 345 678", message: "Keep me", opt_in: "false" },
      },
    });
    expect(form.querySelector("[data-testid=form-error]")!.textContent).toContain(MSG.submitFailed);
    const email = form.querySelector("[name=email]") as HTMLInputElement;
    expect(email.getAttribute("value")).toBe("not-an-email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(form.querySelector(`#${CSS.escape(email.getAttribute("aria-describedby")!)}`)!.textContent).toBe(MSG.email);
    expect(form.querySelector("[name=phone]")!.getAttribute("value")).toBe("0412 345 678");
    expect(form.querySelector("[name=message]")!.textContent).toBe("Keep me");
    expect((form.querySelector("input[type=checkbox][name=opt_in]") as HTMLInputElement).hasAttribute("checked")).toBe(false);
  });
});

describe("LeadForm (service): a booking's date from the location's today, within a year", () => {
  // the page is drawn with the server's clock: today at the site and its one location
  const dated = { ...site, today: { site: "2026-11-18", locations: { 10011: "2026-11-18" } } };
  const book = (day: string, month: string, year: string) => {
    render(<LeadForm kind="service" site={dated} />);
    fillValid();
    type("Day", day);
    type("Month", month);
    type("Year", year);
    fireEvent.click(screen.getByRole("button", { name: "Book service" }));
  };

  test("the Year list is the site's this year and next, whatever the browser's clock", () => {
    render(<LeadForm kind="service" site={dated} />);
    expect([...(box("Year") as unknown as HTMLSelectElement).options].map((o) => o.value)).toEqual(["", "2026", "2027"]);
  });

  test.each([
    ["a day already gone", ["17", "11", "2026"], PAST_DATE_MESSAGE],
    ["beyond a year", ["19", "11", "2027"], FAR_DATE_MESSAGE],
  ] as const)("%s: the message under the date, nothing sent", async (_, [day, month, year], message) => {
    book(day, month, year);
    await waitFor(() => expect(errorOf("Day")).toBe(message));
    expect(requests).toEqual([]);
  });

  test("today is sent", async () => {
    book("18", "11", "2026");
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({ lead: { day: 18, month: 11, year: 2026 } });
  });
});

describe("LeadForm's field state", () => {
  test("a field's message shows when the shopper leaves it, not while first typing; after that on each change", async () => {
    render(<LeadForm kind="contact" site={site} />);
    type("Email", "mary@");
    await new Promise((r) => setTimeout(r, 50));
    expect(errorOf("Email")).toBeNull();
    fireEvent.blur(box("Email"));
    await waitFor(() => expect(errorOf("Email")).toBe(MSG.email));
    type("Email", "mary@example.com");
    await waitFor(() => expect(errorOf("Email")).toBeNull());
  });

  test("a refused send puts the focus on the first field with a message, in the page's order", async () => {
    render(<LeadForm kind="contact" site={site} />);
    fillValid();
    type("Postcode", "31");
    type("Last name", "");
    send();
    await waitFor(() => expect(document.activeElement).toBe(box("Last name")));
    expect(errorOf("Postcode")).toBe(MSG.postcode);
  });

  test("what a field holds is sent even when no change was seen (typed before the script ran, or filled by the browser)", async () => {
    render(<LeadForm kind="contact" site={site} />);
    fillValid();
    box("Last name").value = "Early";
    send();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({ lead: { last_name: "Early" } });
  });

  test("a group of boxes sends the ticked values; a lone box, ticked or not", async () => {
    const dated = { ...site, today: { site: "2026-11-18", locations: { 10011: "2026-11-18" } } };
    render(<LeadForm kind="service" site={dated} />);
    fillValid();
    type("Day", "20");
    type("Month", "11");
    type("Year", "2026");
    for (const s of ["Tyres", "Wheel alignment"]) fireEvent.click(screen.getByRole("checkbox", { name: s }));
    fireEvent.click(screen.getByRole("button", { name: "Book service" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const sent = (requests[0]!.body as { lead: Record<string, unknown> }).lead;
    expect(sent.additional_services).toEqual(["Tyres", "Wheel alignment"]);
    expect(sent.opt_in).toBe(true);
  });
});
