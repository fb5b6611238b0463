import { lazy, Suspense, useEffect, type ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import type { DashboardActionData, DashboardData } from "./types";
import { DocumentBanner, DocumentRenewalForm } from "./document-renewal";
import { useDates } from "./format";
import { MyApplication } from "./my-application";
import { CooldownNotice, MyReports } from "./my-reports";
import { HandoverConfirmations } from "./handover-confirmations";
import { RenewalBox } from "./renewal-box";
import { RequestsList } from "./requests-list";
import { VehicleCard } from "./vehicle-card";
import { VehicleModal } from "./vehicle-modal";
import { documentFieldId, type DocumentKind } from "~/domain/documents";

// The two forms that validate with Zod and Conform (about 35 KB compressed) load only for the couriers
// who see them; the dashboard of a working courier does without. The server renders them whole, so the
// form is there and posts without JavaScript; on the client the rest hydrates while their chunk loads.
const LazyApplicationForm = lazy(() => import("./application-form").then((m) => ({ default: m.ApplicationForm })));
const LazyReportModal = lazy(() => import("./report-modal").then((m) => ({ default: m.ReportModal })));
const ApplicationForm = (props: ComponentProps<typeof LazyApplicationForm>) => (
  <Suspense fallback={null}>
    <LazyApplicationForm {...props} />
  </Suspense>
);
const ReportModal = (props: ComponentProps<typeof LazyReportModal>) => (
  <Suspense fallback={null}>
    <LazyReportModal {...props} />
  </Suspense>
);

const POLL_MS = 20_000;

/**
 * While a decision is pending, the page refreshes its data when the tab regains focus and every
 * 20 s while visible, so an approval shows up without a manual reload.
 */
function useDecisionPolling(waiting: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const refresh = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    const timer = window.setInterval(refresh, POLL_MS);
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [waiting, revalidate]);
}

export function DashboardView({
  data,
  actionData,
}: {
  data: DashboardData;
  actionData: DashboardActionData | undefined;
}) {
  const { t } = useTranslation("dashboard");
  const pendingRequest = data.requests.some((r) => r.status === "pending");
  useDecisionPolling(data.status === "applied_for_job" || pendingRequest || data.status === "lease_expired");
  return (
    <>
      {data.documents ? <DocumentBanner documents={data.documents} /> : null}
      {data.applicationKept ? (
        <p className="alert alert-info" data-testid="application-kept">
          {t("apply.kept")}
        </p>
      ) : null}
      <HandoverConfirmations handovers={data.handovers} actionData={actionData} formKey={data.formKey} />
      <StatusPanel data={data} actionData={actionData} />
      <DocumentRenewalForm data={data} actionData={actionData} />
      <MyReports reports={data.reports} actionData={actionData} formKey={data.formKey} />
      {data.hasPay ? <PayLink ibanMissing={data.ibanMissing} /> : null}
      <PlatformAccounts accounts={data.platformAccounts} />
      {data.modal === "application" ? <MyApplication application={data.applicationDetail} /> : null}
      {data.modal === "vehicle" ? <VehicleModal data={data} actionData={actionData} /> : null}
      {data.modal === "report" ? <ReportModal data={data} actionData={actionData} /> : null}
      <DataExportLink />
    </>
  );
}

/** The Pay page (week so far, payday, statements, bank details) is a page of its own: the dashboard stays light. */
function PayLink({ ibanMissing }: { ibanMissing: boolean }) {
  const { t } = useTranslation("pay");
  return (
    <section className="card dash-section" data-testid="pay-link">
      <h2 className="dash-h2">{t("page.title")}</h2>
      <p>{t("page.teaser")}</p>
      {ibanMissing ? (
        <p className="alert alert-error" data-testid="pay-iban-missing">
          {t("page.ibanMissing")}
        </p>
      ) : null}
      <div className="dash-actions">
        <Link to={ibanMissing ? "/dashboard/pay#bank" : "/dashboard/pay"} className="btn btn-primary">
          {ibanMissing ? t("page.addIban") : t("page.open")}
        </Link>
      </div>
    </section>
  );
}

/** The courier's linked delivery-platform accounts (shown only when there are some). */
function PlatformAccounts({ accounts }: { accounts: DashboardData["platformAccounts"] }) {
  const { t } = useTranslation("dashboard");
  if (accounts.length === 0) return null;
  return (
    <section className="card dash-section" data-testid="platform-accounts">
      <h2 className="dash-h2">{t("platformAccounts.title")}</h2>
      <p className="field-hint">{t("platformAccounts.hint")}</p>
      <ul className="dash-list">
        {accounts.map((a) => (
          <li key={a.id}>
            <strong>{a.platformName}</strong> · {a.accountId} ·{" "}
            {t("platformAccounts.range", { from: a.startsOn, to: a.endsOn ?? t("platformAccounts.open") })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Download my data": a plain link to the resource route, so it downloads with or without JS. */
function DataExportLink() {
  const { t } = useTranslation("dashboard");
  return (
    <p className="dash-export">
      <a href="/dashboard/export" download className="btn btn-outline" data-testid="data-export">
        {t("dataExport.link")}
      </a>
      <span className="field-hint">{t("dataExport.hint")}</span>
      <Link to="/account/sessions" className="btn btn-ghost">
        {t("auth:sessions.link")}
      </Link>
    </p>
  );
}

function ModalLink({
  modal,
  className = "btn btn-outline",
  children,
}: {
  modal: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Link to={`/dashboard?modal=${modal}`} preventScrollReset className={className}>
      {children}
    </Link>
  );
}

function StatusPanel({ data, actionData }: { data: DashboardData; actionData: DashboardActionData | undefined }) {
  const { t } = useTranslation("dashboard");
  const { dateTime } = useDates();
  const viewApplication = data.application ? (
    <ModalLink modal="application">{t("myApplication.view")}</ModalLink>
  ) : null;
  const requestButton = (
    <ModalLink modal="vehicle" className="btn btn-primary">
      {t("vehicle.open")}
    </ModalLink>
  );
  const history =
    data.requests.length > 0 ? (
      <section className="card dash-section">
        <h2 className="dash-h2">{t("requests.title")}</h2>
        <RequestsList requests={data.requests} />
      </section>
    ) : null;
  const rejectedRequest = data.requests.find((r) => r.status === "rejected");

  switch (data.status) {
    case "created_account":
      return <p className="alert alert-info">{t("status.created")}</p>;
    case "confirmed_account":
      return <ApplicationForm drafts={data.drafts} draft={data.draft} actionData={actionData} />;
    case "job_rejected":
      return (
        <div className="dash-stack">
          <div className="card dash-section" data-testid="status-job_rejected">
            <h2 className="dash-h2">{t("status.jobRejectedTitle")}</h2>
            {data.application?.rejectionReason ? (
              <p>{t("status.rejectedReason", { reason: data.application.rejectionReason })}</p>
            ) : null}
            {data.replaceDocuments.length > 0 ? (
              <div className="replace-documents" data-testid="replace-documents">
                <p>{t("status.replaceDocuments")}</p>
                <ul className="dash-list">
                  {data.replaceDocuments.map((kind) => (
                    <li key={kind}>
                      <a href={`#${documentFieldId(kind as DocumentKind)}`}>{t(`apply.documents.${kind}`)}</a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p>{t("status.applyAgain")}</p>
            <div className="dash-actions">{viewApplication}</div>
          </div>
          <ApplicationForm
            drafts={data.drafts}
            draft={data.draft}
            replaceDocuments={data.replaceDocuments}
            actionData={actionData}
          />
        </div>
      );
    case "applied_for_job":
      return (
        <div className="card dash-section" data-testid="status-applied_for_job">
          <h2 className="dash-h2">{t("status.appliedTitle")}</h2>
          <p>{t("status.appliedText")}</p>
          {data.application ? (
            <p className="field-hint">{t("myApplication.submitted", { date: dateTime(data.application.createdAt) })}</p>
          ) : null}
          <div className="dash-actions">{viewApplication}</div>
        </div>
      );
    case "working_no_vehicle":
    case "vehicle_rejected":
      return (
        <div className="dash-stack">
          <div className="card dash-section" data-testid={`status-${data.status}`}>
            <h2 className="dash-h2">
              {data.status === "vehicle_rejected" ? t("status.vehicleRejectedTitle") : t("status.workingTitle")}
            </h2>
            {data.status === "vehicle_rejected" && rejectedRequest?.reason ? (
              <p>{t("status.rejectedReason", { reason: rejectedRequest.reason })}</p>
            ) : null}
            <p>{t("status.workingText")}</p>
            <div className="dash-actions">
              {requestButton}
              {viewApplication}
            </div>
          </div>
          {history}
        </div>
      );
    case "applied_for_vehicle":
      return (
        <div className="dash-stack">
          <div className="card dash-section" data-testid="status-applied_for_vehicle">
            <h2 className="dash-h2">{t("status.vehiclePendingTitle")}</h2>
            <p>{t("status.vehiclePendingText")}</p>
            <div className="dash-actions">{viewApplication}</div>
          </div>
          {history}
        </div>
      );
    case "documents_expired":
      return (
        <div className="dash-stack">
          <div className="card dash-section" data-testid="status-documents_expired">
            <h2 className="dash-h2">{t("status.documentsExpiredTitle")}</h2>
            <p>{t("status.documentsExpiredText")}</p>
            <div className="dash-actions">{viewApplication}</div>
          </div>
          {data.vehicle ? (
            <section className="card dash-section">
              <h2 className="dash-h2">{t("vehicle.yourVehicle")}</h2>
              <VehicleCard vehicle={data.vehicle} showLease>
                <div className="dash-actions">
                  <ModalLink modal="report" className="btn btn-primary">
                    {t("report.open")}
                  </ModalLink>
                </div>
              </VehicleCard>
              {data.nextReportAt ? <CooldownNotice until={data.nextReportAt} /> : null}
            </section>
          ) : null}
          {history}
        </div>
      );
    case "working_with_vehicle":
    case "lease_expired":
      return (
        <div className="dash-stack">
          {data.status === "lease_expired" ? (
            <p className="alert alert-info" data-testid="status-lease_expired">
              {t("status.leaseExpired")}
            </p>
          ) : null}
          <section className="card dash-section" data-testid="status-working_with_vehicle">
            <h2 className="dash-h2">{t("vehicle.yourVehicle")}</h2>
            {data.vehicle ? (
              <VehicleCard vehicle={data.vehicle} showLease>
                {data.renewal ? <RenewalBox renewal={data.renewal} actionData={actionData} /> : null}
                <div className="dash-actions">
                  <ModalLink modal="report" className="btn btn-primary">
                    {t("report.open")}
                  </ModalLink>
                  {data.status === "working_with_vehicle" ? (
                    <ModalLink modal="vehicle">{t("vehicle.swapOpen")}</ModalLink>
                  ) : null}
                </div>
              </VehicleCard>
            ) : (
              <p>{t("vehicle.noneAssigned")}</p>
            )}
            {data.nextReportAt ? <CooldownNotice until={data.nextReportAt} /> : null}
          </section>
          {history}
          <div className="dash-actions">{viewApplication}</div>
        </div>
      );
  }
}
