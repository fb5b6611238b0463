import { useTranslation } from "react-i18next";
import { UrlDialog } from "~/components/dialog";
import type { ApplicationView } from "./types";
import { useDates } from "./format";

/** Every submitted field and thumbnails of the user's own documents (served only to them and admins). */
export function MyApplication({ application }: { application: ApplicationView | null }) {
  const { t } = useTranslation("dashboard");
  const { dateTime } = useDates();
  return (
    <UrlDialog title={t("myApplication.title")} closeTo="/dashboard" wide>
      {!application ? (
        <p>{t("myApplication.none")}</p>
      ) : (
        <div className="form-stack" data-testid="my-application">
          <p>
            <span className={`badge badge-${application.status}`}>
              {t(`myApplication.status.${application.status}`)}
            </span>{" "}
            <span className="field-hint">
              {t("myApplication.submitted", { date: dateTime(application.createdAt) })}
            </span>
          </p>
          {application.rejectionReason ? (
            <p className="alert alert-error">{t("status.rejectedReason", { reason: application.rejectionReason })}</p>
          ) : null}
          <dl className="dash-dl">
            <dt>{t("apply.fullName")}</dt>
            <dd>{application.fullName}</dd>
            <dt>{t("apply.age")}</dt>
            <dd>{application.age}</dd>
            <dt>{t("apply.citizenship")}</dt>
            <dd>{t(`apply.citizenships.${application.citizenship}`)}</dd>
            <dt>{t("apply.phone")}</dt>
            <dd>{application.phone}</dd>
            <dt>{t("apply.contactMethod")}</dt>
            <dd>{t(`contactMethods.${application.contactMethod}`)}</dd>
            <dt>{t("apply.contactUsername")}</dt>
            <dd>{application.contactUsername || "—"}</dd>
            <dt>{t("apply.comment")}</dt>
            <dd className="dash-pre">{application.comment || "—"}</dd>
          </dl>
          <h3 className="dash-h3">{t("apply.documentsTitle")}</h3>
          {application.files.length === 0 ? (
            <p className="field-hint">{t("myApplication.documentsDeleted")}</p>
          ) : (
            <ul className="doc-gallery">
              {application.files.map((file) => (
                <li key={file.id}>
                  <a href={`/files/${file.id}`} target="_blank" rel="noreferrer">
                    <img
                      src={`/files/${file.id}`}
                      alt={t(`apply.documents.${file.kind}`)}
                      width={file.width ?? 160}
                      height={file.height ?? 120}
                      loading="lazy"
                    />
                  </a>
                  <span>{t(`apply.documents.${file.kind}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </UrlDialog>
  );
}
