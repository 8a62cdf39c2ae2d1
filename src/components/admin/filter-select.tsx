import { inputClass } from "@/components/ui/input-class";

/**
 * A filter form's choice (a plain GET form: the leads' and the stock list's filters): its label, its
 * options as [value, text], and first an option for "no choice" (`any`: "All", "Any") when it has one.
 */
export function FilterSelect({
  name,
  label,
  value,
  options,
  any,
}: {
  name: string;
  label: string;
  value: string | number | null | undefined;
  options: ReadonlyArray<readonly [string, string]>;
  any?: string;
}) {
  return (
    <label className="block text-sm font-semibold">
      {label}
      <select name={name} defaultValue={value == null ? "" : String(value)} className={inputClass}>
        {any !== undefined && <option value="">{any}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
