import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { i18nFor } from "~/infra/i18n.server";
import { AdminTable, type AdminTableProps } from "./admin-table";

type Row = { id: number; name: string; city: string | null };
const rows: Row[] = [
  { id: 4, name: "Oleh", city: "Nitra" },
  { id: 9, name: "Jana", city: null },
];

const render = (props: Partial<AdminTableProps<Row>>) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={["/admin/users?q=a&page=2"]}>
      <I18nextProvider i18n={i18nFor("en")}>
        <AdminTable<Row>
          rows={rows}
          empty="Nobody yet"
          columns={[
            { header: "Name", render: (r) => r.name },
            { header: "City", className: "whitespace-nowrap", render: (r) => r.city ?? "—" },
          ]}
          {...props}
        />
      </I18nextProvider>
    </MemoryRouter>,
  );

describe("AdminTable (every admin list's table)", () => {
  test("header cells are column headers, and each cell carries its header as the label of the stacked card", () => {
    const html = render({});
    expect(html).toContain('<table class="table table-cards">');
    expect(html).toContain('<th scope="col">Name</th><th scope="col">City</th>');
    expect(html).toContain('<td data-label="Name">Oleh</td><td data-label="City" class="whitespace-nowrap">Nitra</td>');
    expect(html).toContain('<td data-label="City" class="whitespace-nowrap">—</td>');
    expect(html).not.toContain("Nobody yet");
    expect(html).not.toContain("admin-pager");
  });

  test("no rows: one row spanning every column says what the list would hold", () => {
    expect(render({ rows: [] })).toContain(
      '<td colSpan="2" class="admin-empty"><span class="admin-empty-text">Nobody yet</span></td>',
    );
    const selectable = render({ rows: [], selection: { form: "bulk", label: (r) => r.name } });
    expect(selectable).toContain('colSpan="3"');
  });

  test("a left-out column (false) has neither a header nor cells", () => {
    const html = render({ columns: [{ header: "Name", render: (r) => r.name }, false, null] });
    expect(html).toContain('<th scope="col">Name</th></tr>');
    expect(html).not.toContain("City");
  });

  test("selection: a checkbox per row in the bulk form, named after the row, under a hidden header", () => {
    const html = render({ selection: { form: "bulk-x", label: (r) => `Select ${r.name}` } });
    expect(html).toContain('<th scope="col"><span class="sr-only">Select</span></th>');
    expect(html).toContain(
      '<td class="admin-cell-check"><label class="admin-row-check"><input type="checkbox" form="bulk-x" aria-label="Select Oleh" name="ids" value="4"/></label></td><td data-label="Name">Oleh</td>',
    );
    expect(html).toContain('<input type="checkbox" form="bulk-x" aria-label="Select Jana" name="ids" value="9"/>');
  });

  test("a sorted column: aria-sort on the header cell, a link to the other direction, an arrow hidden from readers", () => {
    const html = render({
      columns: [
        { header: "Name", sort: { to: "/admin/users?sort=name&dir=desc", dir: "asc" }, render: (r) => r.name },
        { header: "City", sort: { to: "/admin/users?sort=city&dir=asc", dir: null }, render: (r) => r.city },
      ],
    });
    expect(html).toContain(
      '<th scope="col" aria-sort="ascending"><a href="/admin/users?sort=name&amp;dir=desc" data-app-link="" class="admin-sort">Name<span aria-hidden="true"> ▲</span></a></th>',
    );
    expect(html).toContain(
      '<th scope="col"><a href="/admin/users?sort=city&amp;dir=asc" data-app-link="" class="admin-sort">City</a></th>',
    );
  });

  test("the pager keeps the list's filters and counts the records", () => {
    const html = render({ pager: { page: 2, pageCount: 3, total: 45 } });
    expect(html).toContain("Records: 45");
    expect(html).toContain('href="/admin/users?q=a&amp;page=1"');
    expect(html).toContain('href="/admin/users?q=a&amp;page=3"');
  });

  test("row keys and attributes, a cell named by its header, and a table that does not stack", () => {
    const html = render({
      cards: false,
      className: "admin-extra",
      rowKey: (r) => r.id * 10,
      rowProps: (r) => ({ className: r.city ? undefined : "admin-row-alert", "data-testid": `row-${r.id}` }),
      selection: { form: "f", label: (r) => r.name },
      columns: [{ header: "Actions", namedCell: true, render: (r) => r.name }],
    });
    expect(html).toContain('<table class="table admin-extra">');
    expect(html).toContain('<tr class="admin-row-alert" data-testid="row-9">');
    expect(html).toContain('aria-label="Oleh" name="ids" value="40"');
    expect(html).toContain('<td aria-label="Actions">Oleh</td>');
    expect(html).not.toContain("data-label");
  });

  test("a named table's wrapper is a labelled region the keyboard can reach; an unnamed one is a plain box", () => {
    expect(render({ label: "Service records" })).toContain(
      '<div class="table-wrap" role="region" aria-label="Service records" tabindex="0">',
    );
    expect(render({})).toContain('<div class="table-wrap"><table');
  });
});
