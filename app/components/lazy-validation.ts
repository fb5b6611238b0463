import type { Submission } from "@conform-to/react";
import { useEffect, useState } from "react";

type Mode = "onSubmit" | "onBlur" | "onInput";

/**
 * Conform validation whose validators (Zod, Conform's adapter, the schemas: about 29 KB compressed)
 * come in a chunk of their own, fetched once a form has hydrated, so no page waits for them before it
 * can be used. Until they have arrived every submit goes to the action, which checks the same schema and
 * answers with the same translated messages, as it does without JavaScript. Checks on blur or input wait
 * for them too: without a validator, Conform would send each of those to the action.
 */
export function createLazyValidation<Validators>(importValidators: () => Promise<Validators>) {
  let loaded: Validators | undefined;
  let pending: Promise<Validators> | undefined;

  function load(): Promise<Validators> {
    pending ??= importValidators().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // The next form to mount tries again.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  }

  /** Options for `useForm`: `onValidate` once the validators are here, and the modes that go with it. */
  function useLazyValidation<Schema, Value>(
    validate: (validators: Validators, formData: FormData) => Submission<Schema, string[], Value>,
    modes: { shouldValidate?: Mode; shouldRevalidate?: Mode } = {},
  ) {
    const [validators, setValidators] = useState(loaded);
    useEffect(() => {
      if (validators) return;
      let current = true;
      load().then(
        (module) => current && setValidators(() => module),
        // A chunk that did not arrive leaves the checks to the action.
        () => {},
      );
      return () => {
        current = false;
      };
    }, [validators]);
    if (!validators) return { shouldValidate: "onSubmit" as const, shouldRevalidate: "onSubmit" as const };
    const shouldValidate = modes.shouldValidate ?? "onSubmit";
    return {
      onValidate: ({ formData }: { formData: FormData }) => validate(validators, formData),
      shouldValidate,
      shouldRevalidate: modes.shouldRevalidate ?? shouldValidate,
    };
  }

  return { useLazyValidation };
}
