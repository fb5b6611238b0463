import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AppLink } from "~/components/app-link";
import { formatEur, type ServiceDue } from "~/domain/maintenance";
import { HTML_LANG, isLanguage } from "~/domain/rules";
import type { VehicleStatus } from "~/domain/status";
import { useLazyValidation } from "./lazy-validation";
import { AdminTable } from "./admin-table";
import { Badge, useFormatDate } from "./ui";
import { FieldError } from "../form-messages";
import { FormKey } from "../form-key";
import { Intent } from "../intent";

type ServiceRecord = {
  id: number;
  serviceDate: Date | string;
  description: string;
  costCents: number | null;
  nextDueAt: Date | string | null;
  nextDueKm: number | null;
  completedAt: Date | string | null;
  problemReportId: number | null;
};

type Props = {
  vehicle: { id: number; status: VehicleStatus; odometerKm: number | null };
  assignee: { id: number; email: string; fullName: string | null } | null;
  records: ServiceRecord[];
  due: ServiceDue;
  today: string;
  result?: SubmissionResult<string[]>;
  /** The add-record form's key; the parent remounts this section with a new one after a record is added. */
  formKey: string;
};

/** The vehicle's service: in service or not (audited buttons), the odometer, the records and a form for a new one. */
export function VehicleService({ vehicle, assignee, records, due, today, result, formKey }: Props) {
  const { t, i18n } = useTranslation("admin");
  const formatDate = useFormatDate();
  const locale = isLanguage(i18n.language) ? HTML_LANG[i18n.language] : "sk";
  const inService = vehicle.status === "maintenance";
  const [form, fields] = useForm({
    id: "service-record",
    lastResult: result,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.serviceRecordSchema })),
    defaultValue: { serviceDate: today },
  });
  return (
    <div className="card form-stack" id="service" data-testid="vehicle-service">
      <h2>{t("vehicles.service.title")}</h2>
      <p>
        <Badge tone={inService ? "warn" : "ok"}>{t(`common:vehicleStatus.${vehicle.status}`)}</Badge>{" "}
        {due ? (
          <Badge tone={due.state === "overdue" ? "danger" : "warn"}>
            {t(due.state === "overdue" ? "vehicles.service.dueOverdue" : "vehicles.service.dueSoon")}
          </Badge>
        ) : null}
      </p>
      {inService ? <p className="field-hint">{t("vehicles.service.inServiceNote")}</p> : null}
      {inService && assignee ? (
        <p className="alert alert-info">
          <AppLink to={`/admin/users/${assignee.id}`}>{assignee.fullName ?? assignee.email}</AppLink>:{" "}
          {t("vehicles.service.assignedNote")}
        </p>
      ) : null}
      <Form method="post" action={`/admin/vehicles/${vehicle.id}/service`}>
        <Intent value={inService ? "serviceComplete" : "serviceStart"} />
        <button type="submit" className={inService ? "btn btn-primary" : "btn btn-outline"}>
          {inService ? t("vehicles.service.complete") : t("vehicles.service.putInService")}
        </button>
      </Form>
      <Form method="post" action={`/admin/vehicles/${vehicle.id}/service`} className="admin-inline-form">
        <Intent value="odometer" />
        <label className="field">
          {t("vehicles.service.odometer")}
          <input
            type="number"
            name="odometerKm"
            min={0}
            step={1}
            inputMode="numeric"
            defaultValue={vehicle.odometerKm ?? ""}
            required
          />
        </label>
        <button type="submit" className="btn btn-outline">
          {t("vehicles.service.saveOdometer")}
        </button>
      </Form>
      <h3>{t("vehicles.service.records")}</h3>
      <AdminTable
        rows={records}
        label={t("vehicles.service.records")}
        rowProps={(r) => ({ "data-testid": `service-record-${r.id}` })}
        empty={t("vehicles.service.noRecords")}
        columns={[
          {
            header: t("vehicles.service.date"),
            className: "whitespace-nowrap",
            render: (r) => (
              <>
                {formatDate(r.serviceDate)}{" "}
                {r.completedAt ? null : <Badge tone="warn">{t("vehicles.service.open")}</Badge>}
              </>
            ),
          },
          {
            header: t("vehicles.service.description"),
            render: (r) => (
              <>
                {r.description}
                {r.problemReportId ? (
                  <>
                    {" · "}
                    <AppLink to={`/admin/problem-reports?status=all&report=${r.problemReportId}`}>
                      {t("vehicles.service.fromReport", { id: r.problemReportId })}
                    </AppLink>
                  </>
                ) : null}
              </>
            ),
          },
          {
            header: t("vehicles.service.cost"),
            render: (r) => (r.costCents === null ? "—" : formatEur(r.costCents, locale)),
          },
          { header: t("vehicles.service.nextDueAt"), render: (r) => formatDate(r.nextDueAt) },
          { header: t("vehicles.service.nextDueKm"), render: (r) => r.nextDueKm ?? "—" },
        ]}
      />
      <Form
        method="post"
        action={`/admin/vehicles/${vehicle.id}/service`}
        {...getFormProps(form)}
        className="form-stack"
      >
        <h3>{t("vehicles.service.add")}</h3>
        <Intent value="serviceRecord" />
        <FormKey value={formKey} />
        <div className="admin-grid">
          <label className="field">
            {t("vehicles.service.date")}
            <input {...getInputProps(fields.serviceDate, { type: "date" })} required />
            <FieldError ns="admin" errors={fields.serviceDate.errors} id={fields.serviceDate.errorId} />
          </label>
          <label className="field">
            {t("vehicles.service.cost")}
            <input {...getInputProps(fields.cost, { type: "text" })} inputMode="decimal" placeholder="49,90" />
            <FieldError ns="admin" errors={fields.cost.errors} id={fields.cost.errorId} />
          </label>
        </div>
        <label className="field">
          {t("vehicles.service.description")}
          <textarea {...getTextareaProps(fields.description)} required maxLength={2000} rows={2} />
          <FieldError ns="admin" errors={fields.description.errors} id={fields.description.errorId} />
        </label>
        <div className="admin-grid">
          <label className="field">
            {t("vehicles.service.nextDueAt")}
            <input {...getInputProps(fields.nextDueAt, { type: "date" })} />
            <FieldError ns="admin" errors={fields.nextDueAt.errors} id={fields.nextDueAt.errorId} />
          </label>
          <label className="field">
            {t("vehicles.service.nextDueKm")}
            <input {...getInputProps(fields.nextDueKm, { type: "number" })} min={0} step={1} inputMode="numeric" />
            <FieldError ns="admin" errors={fields.nextDueKm.errors} id={fields.nextDueKm.errorId} />
          </label>
        </div>
        <button type="submit" className="btn btn-outline">
          {t("vehicles.service.addButton")}
        </button>
      </Form>
    </div>
  );
}
