import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { useLazyValidation } from "./lazy-validation";
import { useFormatDate } from "./ui";
import { FormKey } from "../form-key";
import { FieldError } from "../form-messages";
import { Intent } from "../intent";

export function VehicleImages({
  vehicleId,
  images,
}: {
  vehicleId: number;
  images: { id: number; width: number | null; height: number | null }[];
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="card">
      <h2>{t("vehicles.images")}</h2>
      {images.length === 0 ? <p className="field-hint">{t("vehicles.noImages")}</p> : null}
      <ul className="admin-media">
        {images.map((image, index) => (
          <li key={image.id}>
            <a href={`/media/${image.id}`} target="_blank" rel="noreferrer">
              <img
                src={`/media/${image.id}`}
                alt={t("vehicles.imageAlt", { n: index + 1 })}
                width={image.width ?? 160}
                height={image.height ?? 120}
                loading="lazy"
              />
            </a>
            <Form method="post" action={`/admin/vehicles/${vehicleId}/images/remove`}>
              <Intent value="removeImage" />
              <input type="hidden" name="id" value={image.id} />
              <button type="submit" className="btn btn-outline">
                {t("vehicles.removeImage")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Problem = {
  id: number;
  description: string;
  status: "open" | "resolved";
  response: string | null;
  createdAt: Date | string;
  userEmail: string | null;
};

export function VehicleProblems({
  vehicleId,
  problems,
  result,
  formKey,
}: {
  vehicleId: number;
  problems: Problem[];
  result?: SubmissionResult<string[]>;
  formKey: string;
}) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const [form, fields] = useForm({
    id: "vehicle-problem",
    lastResult: result,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.vehicleProblemSchema })),
  });
  return (
    <div className="card">
      <h2>{t("vehicles.problems")}</h2>
      {problems.length === 0 ? <p className="field-hint">{t("vehicles.noProblems")}</p> : null}
      <ul className="admin-list">
        {problems.map((p) => (
          <li key={p.id}>
            <a href={`/admin/problem-reports?report=${p.id}`}>{formatDate(p.createdAt)}</a> ·{" "}
            {t(`reports.status.${p.status}`)} · {p.userEmail ?? "—"}
            <p>{p.description}</p>
            {p.response ? <p className="field-hint">{p.response}</p> : null}
          </li>
        ))}
      </ul>
      <Form
        method="post"
        action={`/admin/vehicles/${vehicleId}/problems`}
        {...getFormProps(form)}
        className="form-stack"
      >
        <Intent value="problem" />
        <FormKey value={formKey} />
        <label className="field">
          {t("vehicles.addProblem")}
          <textarea {...getTextareaProps(fields.description)} required maxLength={2000} />
          <FieldError ns="admin" errors={fields.description.errors} id={fields.description.errorId} />
        </label>
        <button type="submit" className="btn btn-outline">
          {t("vehicles.addProblemButton")}
        </button>
      </Form>
    </div>
  );
}
