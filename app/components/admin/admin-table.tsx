import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { EmptyRow, Pager, RowCheck } from "./ui";
import { scrollRegion } from "~/components/scroll-region";

/** One column of an admin table: its header is also the label a cell shows when rows stack as cards on phones. */
export type Column<Row> = {
  header: string;
  render: (row: Row) => React.ReactNode;
  /** Classes of the body cells (`whitespace-nowrap`, `min-w-0` …). */
  className?: string;
  /** A sortable column: where its header links to, and the current direction when the list is sorted by it. */
  sort?: { to: `/${string}`; dir: "asc" | "desc" | null };
  /** Name the cell by its header, for cells holding controls rather than a value (a row's actions form). */
  namedCell?: boolean;
};

/** `false` or `null` leave a column out, so a screen can show one only under a filter. */
export type Columns<Row> = readonly (Column<Row> | false | null)[];

type KeyOf<Row> = Row extends { id: number } ? { rowKey?: (row: Row) => number } : { rowKey: (row: Row) => number };

export type AdminTableProps<Row> = {
  rows: readonly Row[];
  columns: Columns<Row>;
  /** What the list says when it has no rows. */
  empty: string;
  /** A checkbox per row belonging to the bulk bar's form `form`; `label` names the row for screen readers. */
  selection?: { form: string; label: (row: Row) => string };
  /** The pager and "Records: N" below the table. */
  pager?: { page: number; pageCount: number; total: number };
  /** Extra classes on the table element. */
  className?: string;
  /** Rows become stacked cards on phones (on by default); off for short tables that fit as they are. */
  cards?: boolean;
  /**
   * The table's name, for a table wide enough to scroll sideways: its wrapper becomes a labelled
   * region the keyboard can reach and scroll (WCAG 2.1.1).
   */
  label?: string;
  /** Attributes of a body row (a class, a `data-testid`). */
  rowProps?: (row: Row) => Omit<React.ComponentProps<"tr">, "children"> & { [data: `data-${string}`]: string };
} & KeyOf<Row>;

const idOf = (row: unknown) => (row as { id: number }).id;

/** The table of an admin list: headers, an empty row, a cell per column (labelled for the stacked cards) and the pager. */
export function AdminTable<Row>({
  rows,
  columns,
  empty,
  selection,
  pager,
  className,
  cards = true,
  label: tableLabel,
  rowProps,
  rowKey = idOf,
}: AdminTableProps<Row>) {
  const { t } = useTranslation("admin");
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  const label = (column: Column<Row>) => (cards ? column.header : undefined);
  return (
    <>
      <div className="table-wrap" {...(tableLabel ? scrollRegion(tableLabel) : {})}>
        <table className={["table", cards ? "table-cards" : "", className ?? ""].filter(Boolean).join(" ")}>
          <thead>
            <tr>
              {selection ? (
                <th scope="col">
                  <span className="sr-only">{t("bulk.select")}</span>
                </th>
              ) : null}
              {shown.map((column) => (
                <HeaderCell key={column.header} column={column} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? <EmptyRow colSpan={shown.length + (selection ? 1 : 0)} text={empty} /> : null}
            {rows.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {selection ? (
                  <td className="admin-cell-check">
                    <RowCheck form={selection.form} id={rowKey(row)} label={selection.label(row)} />
                  </td>
                ) : null}
                {shown.map((column) => (
                  <td
                    key={column.header}
                    data-label={label(column)}
                    aria-label={column.namedCell ? column.header : undefined}
                    className={column.className}
                  >
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pager ? <Pager page={pager.page} pageCount={pager.pageCount} total={pager.total} /> : null}
    </>
  );
}

/** A sortable header links to the other direction; aria-sort belongs on the header cell, not on the link inside it. */
function HeaderCell<Row>({ column }: { column: Column<Row> }) {
  const { sort } = column;
  if (!sort) return <th scope="col">{column.header}</th>;
  return (
    <th scope="col" aria-sort={sort.dir === null ? undefined : sort.dir === "asc" ? "ascending" : "descending"}>
      <AppLink to={sort.to} className="admin-sort">
        {column.header}
        {sort.dir === null ? null : <span aria-hidden="true">{sort.dir === "asc" ? " ▲" : " ▼"}</span>}
      </AppLink>
    </th>
  );
}
