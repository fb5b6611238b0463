import { useLayoutEffect, useState } from "react";

/**
 * The rule for every form: React never owns a field's value. Fields are uncontrolled (`defaultValue`,
 * `defaultChecked`, Conform's `getInputProps`), so what a person typed, chose or attached before the
 * scripts ran stays in the DOM and is what the form sends. Where a component needs a field's value as
 * state (which parts of the form show), it starts from this hook: the value the field holds when the form
 * hydrates, read from the DOM before the first paint of the hydrated form, not the server's initial value.
 * docs/resilience.md, "Before the scripts run".
 */
export function useFieldFromDom(formId: string, name: string, initial: string) {
  const [value, setValue] = useState(initial);
  useLayoutEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const live = new FormData(form).get(name);
    if (typeof live === "string") setValue(live);
  }, [formId, name]);
  return [value, setValue] as const;
}
