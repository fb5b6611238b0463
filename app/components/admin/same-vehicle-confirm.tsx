import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";

export type SameVehicleConflict = { vehicleId: number; vehicleName: string; rows: { id: number; courier: string }[] };

/**
 * The step between "Approve selected" and the decision when selected requests want one vehicle:
 * the bulk post answered with this (with or without JavaScript) and changed nothing. "Approve anyway"
 * posts the same selection again with the confirmation. It takes the focus (no JS: `autofocus`; with JS
 * an effect, keyed by the route per attempt), so a keyboard or screen reader user starts from it.
 */
export function SameVehicleConfirm({ ids, groups }: { ids: number[]; groups: SameVehicleConflict[] }) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card form-stack" aria-labelledby="same-vehicle-title" data-testid="same-vehicle-confirm">
      <h2 id="same-vehicle-title" ref={heading} tabIndex={-1} autoFocus>
        {t("bulk.confirmTitle")}
      </h2>
      <p>{t("bulk.confirmIntro")}</p>
      <ul className="list-disc pl-5">
        {groups.map((group) => (
          <li key={group.vehicleId}>
            {t("bulk.confirmGroup", {
              vehicle: group.vehicleName,
              winner: group.rows[0]!.courier,
              others: group.rows
                .slice(1)
                .map((row) => row.courier)
                .join(", "),
            })}
          </li>
        ))}
      </ul>
      <Form method="post" className="admin-row-actions">
        {ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <input type="hidden" name="confirm" value="sameVehicle" />
        <button type="submit" name="intent" value="bulkApprove" className="btn btn-primary">
          {t("bulk.approveAnyway")}
        </button>
        <Link className="btn btn-outline" to={`${location.pathname}${location.search}`} replace>
          {t("bulk.keepSelection")}
        </Link>
      </Form>
    </section>
  );
}
