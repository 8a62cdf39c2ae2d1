import { buttonVariants } from "@/components/ui/button";
import { SelectField, TextArea, TextField } from "@/components/ui/text-field";
import { WIDGET_FORM_FIELDS, type WidgetsFormState } from "@/domain/site/integrations";

/**
 * The site's widget and tracking ids: a plain form post (it works without JavaScript), checked on
 * the server with the platform API's schema; a refused post comes back with each field's message.
 * An empty field removes its widget.
 */
export function WidgetsForm({ siteId, state, back }: { siteId: number; state: WidgetsFormState; back: "settings" | "console" }) {
  const { values, errors } = state;
  const failed = Object.keys(errors).length > 0;
  const field = ([name, label, hint]: (typeof WIDGET_FORM_FIELDS)[number]) => (
    <TextField key={name} name={name} label={label} hint={hint} defaultValue={values[name]} error={errors[name]} autoComplete="off" />
  );
  const [tagManager, analytics, pixel, ...chats] = WIDGET_FORM_FIELDS;
  return (
    <form
      method="post"
      action={`/api/admin/sites/${siteId}/widgets`}
      noValidate
      aria-label="Widgets and tracking"
      className="space-y-4"
      data-testid="widgets"
    >
      <input type="hidden" name="back" value={back} />
      {failed && (
        <p role="alert" data-testid="widgets-error" className="rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800">
          Please check the highlighted fields. Nothing was saved.
        </p>
      )}
      {state.saved && (
        <p
          role="status"
          data-testid="widgets-done"
          className="rounded-md border border-green-700 bg-green-50 p-3 font-semibold text-green-900"
        >
          Widgets saved. The website loads them now.
        </p>
      )}
      <p className="text-sm text-neutral-700">
        Each id is checked against its vendor&apos;s format. Leave a field empty to remove its widget. Saving an id also switches on the
        site&apos;s flag the widget needs
        {state.flagsOff.length ? ` (off now: ${state.flagsOff.join(", ")})` : ""}.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {field(tagManager)}
        {field(analytics)}
        {field(pixel)}
        <SelectField
          name="facebook_mode"
          label="Meta pixel mode"
          hint="Local: the app's stand-in (demo and tests); live: Meta's script."
          defaultValue={values.facebook_mode}
          options={[
            ["live", "Live"],
            ["local", "Local stand-in"],
          ]}
          error={errors.facebook_mode}
        />
        <SelectField
          name="live_chat_provider"
          label="Live chat"
          defaultValue={values.live_chat_provider}
          options={[
            ["", "None"],
            ["local", "The app's own chat"],
            ["livechat", "LiveChat (licence below)"],
          ]}
          error={errors.live_chat_provider}
        />
        <TextField
          name="live_chat_license"
          label="LiveChat licence number"
          hint="6 to 10 digits"
          defaultValue={values.live_chat_license}
          error={errors.live_chat_license}
          autoComplete="off"
        />
        {chats.map(field)}
        <TextArea
          name="chatbot_settings"
          label="Chatbot settings"
          hint="One a line as name=value, e.g. greeting=G'day (true, false and numbers are read as such)."
          defaultValue={values.chatbot_settings}
          error={errors.chatbot_settings}
        />
      </div>
      <button type="submit" className={buttonVariants({ size: "sm" })}>
        Save widgets
      </button>
    </form>
  );
}
