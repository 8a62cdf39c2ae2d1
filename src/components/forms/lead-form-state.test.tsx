// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { LeadFormValues } from "@/domain/leads/form-schema";
import { useLeadFormState, type LeadCheck } from "./lead-form-state";

/*
 * The enquiry form's field state on its own (lead-form.test.tsx has it inside the form): fields
 * drawn without a value take the one the form started with, and what was sent is what the fields hold.
 */
afterEach(cleanup);

const pass: LeadCheck = async (values) => ({ values: values as LeadFormValues });

function Probe({ sent, start }: { sent: unknown[]; start: Record<string, string> }) {
  const form = useLeadFormState({ check: pass, defaultValues: start });
  return (
    <form onSubmit={form.handleSubmit(async (v) => void sent.push(v))}>
      <input type="hidden" data-testid="day" {...form.register("day")} />
      <input aria-label="Last name" defaultValue={start.last_name} {...form.register("last_name")} />
      <button type="submit">Send</button>
    </form>
  );
}

test("a hidden field drawn without its value takes the one the form started with, and sends it", async () => {
  const sent: unknown[] = [];
  render(<Probe sent={sent} start={{ day: "20", last_name: "Smith" }} />);
  expect((screen.getByTestId("day") as HTMLInputElement).value).toBe("20");
  fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Jones" } });
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
  await waitFor(() => expect(sent).toEqual([{ day: "20", last_name: "Jones" }]));
});
