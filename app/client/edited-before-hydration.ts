/**
 * Whether anything in the form was typed or chosen since the server rendered it: each field compared
 * with its markup's own value (`defaultValue`, `defaultChecked`, `defaultSelected`). Used when a form
 * hydrates, to treat what the courier did before the scripts arrived as if done after.
 */
export function editedBeforeHydration(form: HTMLFormElement): boolean {
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement) {
      if (element.type === "file" || element.type === "hidden") continue;
      if (element.type === "checkbox" || element.type === "radio") {
        if (element.checked !== element.defaultChecked) return true;
      } else if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement) {
      for (const option of element.options) if (option.selected !== option.defaultSelected) return true;
    }
  }
  return false;
}
