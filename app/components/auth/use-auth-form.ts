import { useForm, type Submission } from "@conform-to/react";
import { createElement, type LinkHTMLAttributes, useState } from "react";
import { PrefetchPageLinks, useFetcher, useRouteLoaderData } from "react-router";
import type { z } from "zod";
import { isNetworkFailure } from "~/client/network";
import { useCaptcha, type CaptchaConfig } from "./use-captcha";
import { useEarlySubmit } from "./early-submit";
import { useLazyValidation } from "./lazy-validation";
import type * as Validators from "./validators";
import type { AuthFormResult } from "~/domain/auth-forms";

/**
 * Below the stylesheet and the first paint: PrefetchPageLinks spreads its other props onto every link it
 * renders, though its props type does not list this attribute.
 */
const LOW_PRIORITY: Pick<LinkHTMLAttributes<HTMLLinkElement>, "fetchPriority"> = { fetchPriority: "low" };

type SchemaName = "loginSchema" | "registerSchema" | "emailOnlySchema";
type RootCaptcha = { captcha?: CaptchaConfig; authFallback?: AuthFormResult["fallback"] } | undefined;

/**
 * One auth form: Conform validation with the shared schema, submission through a fetcher so errors
 * appear in place, and the invisible captcha token added just before sending. Without JavaScript
 * the same `<form method="post" action>` posts natively and `serverResult` carries the answer.
 */
export function useAuthForm<Name extends SchemaName>(options: {
  id: string;
  /** The shared schema, by name: it comes with the validators' chunk (lazy-validation.ts). */
  schema: Name;
  action: string;
  captcha?: "login" | "register";
  serverResult?: AuthFormResult;
}) {
  const fetcher = useFetcher<AuthFormResult>({ key: options.id });
  const root = useRouteLoaderData("root") as RootCaptcha;
  const getToken = useCaptcha(options.captcha ? root?.captcha : undefined, options.captcha ?? "login");
  const [solving, setSolving] = useState(false);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  // A request that never arrived (the route's clientAction toasts it) leaves the form as it was.
  const result = (isNetworkFailure(fetcher.data) ? undefined : fetcher.data) ?? options.serverResult;

  type S = (typeof Validators)[Name];
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: result?.reply,
    // Tabbing through empty fields says nothing; errors come with the first submit, then follow typing.
    ...useLazyValidation(
      (v, formData) =>
        v.parseWithZod(formData, { schema: v[options.schema] as S }) as Submission<z.input<S>, string[], z.output<S>>,
      { shouldValidate: "onSubmit", shouldRevalidate: "onInput" },
    ),
    onSubmit(event, { formData }) {
      event.preventDefault();
      void (async () => {
        setCaptchaFailed(false);
        if (options.captcha) {
          setSolving(true);
          const token = await getToken();
          setSolving(false);
          // Spec §5: no token, no request.
          if (token === null) return setCaptchaFailed(true);
          if (token) formData.set("captchaToken", token);
        }
        await fetcher.submit(formData, { method: "post", action: options.action });
      })();
    },
  });

  const early = useEarlySubmit(options.id);

  return {
    /** Spread on the `<form>`: with a captcha, a submit made before hydration waits for it (early-submit.ts). */
    scriptProps: options.captcha ? early : {},
    /** Render it: the action's route module is fetched ahead, so a submit made offline still reaches its clientAction. */
    preload: createElement(PrefetchPageLinks, { page: options.action, ...LOW_PRIORITY }),
    form,
    fields,
    result,
    fetcher,
    busy: solving || fetcher.state !== "idle",
    captchaFailed,
    fallback: result?.fallback ?? root?.authFallback ?? null,
  };
}
