import { useEffect, useRef, useState, type ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/**
 * A file input with a translated button instead of the browser's "Choose File". Keyed by the
 * location, so the chosen files are cleared once a save redirects back to the page. The real input
 * stays in the form (visually hidden, still focusable and labelled by the surrounding label). Files
 * chosen before the page hydrated are named once it has.
 */
export function FileInput({
  name,
  accept,
  multiple,
  onChange,
  resetOnNavigation = true,
  ...input
}: { name: string; accept: string; multiple?: boolean; resetOnNavigation?: boolean } & Omit<
  ComponentProps<"input">,
  "type" | "name" | "accept" | "multiple"
>) {
  const { t } = useTranslation();
  const location = useLocation();
  // The courier's forms keep their files through a failed or offline submit; admin forms clear after a save.
  const key = resetOnNavigation ? location.key : "kept";
  const [chosen, setChosen] = useState<{ key: string; names: string[] }>({ key: "", names: [] });
  const names = chosen.key === key ? chosen.names : [];
  const wrapper = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const files = wrapper.current?.querySelector<HTMLInputElement>("input[type=file]")?.files;
    if (files?.length) setChosen({ key, names: [...files].map((f) => f.name) });
  }, [key]);
  return (
    <span className="file-input" ref={wrapper}>
      <input
        {...input}
        key={key}
        type="file"
        name={name}
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          setChosen({ key, names: [...(event.currentTarget.files ?? [])].map((f) => f.name) });
          onChange?.(event);
        }}
      />
      <span className="btn btn-outline file-input-button" aria-hidden="true">
        {multiple ? t("files.chooseMany") : t("files.choose")}
      </span>
      <span className="file-input-names">{names.length ? names.join(", ") : t("files.none")}</span>
    </span>
  );
}
