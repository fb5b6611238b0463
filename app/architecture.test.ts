import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The layers of docs/architecture.md, checked on every import of app/**, db/** and server.ts.
 * Arrows run one way: web → services → models → infra, with domain pure and importable by all,
 * and components (with their browser helpers in client/) beside the web layer.
 */
const root = path.resolve(import.meta.dirname, "..");

type Layer = "domain" | "infra" | "models" | "services" | "client" | "components" | "web" | "server";

const LAYERS: [Layer, RegExp][] = [
  ["domain", /^app\/domain\//],
  ["infra", /^app\/infra\/|^db\/schema(\.sqlite|\.pg|\.tables|\.dialects)?\.ts$/],
  ["models", /^app\/models\/|^db\/seed[\w-]*\.ts$/],
  ["services", /^app\/services\//],
  ["client", /^app\/client\//],
  ["components", /^app\/components\//],
  ["web", /^app\/(routes|middleware)\/|^app\/(root|entry\.server|entry\.client)\.tsx$|^app\/routes\.ts$/],
  ["server", /^server\.ts$/],
];

/** Who may import whom (a layer may always import itself). */
export const ALLOWED: Record<Layer, Layer[]> = {
  domain: [],
  infra: ["domain"],
  models: ["infra", "domain"],
  services: ["models", "infra", "domain"],
  client: ["domain"],
  components: ["client", "domain"],
  web: ["services", "models", "infra", "domain", "components", "client"],
  server: ["web", "services", "infra", "domain"],
};

/** Packages that speak the database's own language: only the models and the db infrastructure. */
const DATABASE_PACKAGES = /^drizzle-orm(\/|$)/;
/** The SQLite driver itself (its package and the `$client` handle) stays in the infrastructure. */
const SQLITE_DRIVER = /^bun:sqlite$/;
const maySpeakSqlite = (file: string) => /^app\/infra\/|^db\//.test(file);
const DATABASE_MODULES = new Set([
  "db/schema.ts",
  "db/schema.sqlite.ts",
  "db/schema.pg.ts",
  "db/schema.tables.ts",
  "db/schema.dialects.ts",
  "app/infra/db.server.ts",
  "app/infra/db-postgres.server.ts",
]);
/** What the rest may take from the db infrastructure: connection-level signals, never a query. */
const CONNECTION_EXPORTS = new Set(["migrateDatabase", "closeDatabase", "dataVersion", "databaseAnswers"]);
const mayQueryDatabase = (file: string) =>
  /^app\/models\/|^app\/infra\/(db|db-postgres|db-copy|backup|sql-dialect)\.server\.ts$|^db\//.test(file);
/**
 * Query runners only SQLite has (drizzle's synchronous `.all()`, `.get()`, `.run()`, `.values()`):
 * models await their queries, so the same code runs on PostgreSQL.
 */
const SQLITE_ONLY_CALLS = /\.(all|get|run|values)\(\)|\.(all|get|run)\(\{|\b(db\(\)|tx)\.(all|get|run)\(/;

/** The temporary-file half of uploads belongs to the models; a route only receives a form. */
const UPLOAD_MODULE = "app/infra/uploads.server.ts";
const UPLOAD_EXPORTS_FOR_WEB = new Set([
  "receiveUploadForm",
  "UploadError",
  "type ReceivedFile",
  "type UploadSpec",
  "fileHeaders",
]);

/** SMTP belongs to the outbox sender alone: everything else queues its mail in the transaction that causes it. */
const MAIL_MODULE = "app/infra/mail.server.ts";
const MAIL_SENDER = "app/services/outbox.server.ts";
const NODEMAILER = /^nodemailer(\/|$)/;

export function layerOf(file: string): Layer | null {
  return LAYERS.find(([, pattern]) => pattern.test(file))?.[0] ?? null;
}

type Import = { specifier: string; names: string[] };

const IMPORT =
  /(?:import|export)\s+(type\s+)?(?:([\w*\s{},]*?)\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

export function importsOf(source: string): Import[] {
  const found: Import[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4] ?? "";
    const typeOnly = Boolean(match[1]);
    const clause = match[2] ?? "";
    const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? "";
    const names = braces
      .split(",")
      .map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean)
      .map((n) => (typeOnly && !n.startsWith("type ") ? `type ${n}` : n));
    const bare = clause
      .replace(/\{[^}]*\}/, "")
      .replace(/,/g, "")
      .trim();
    if (bare) names.push(bare);
    found.push({ specifier, names });
  }
  return found;
}

function resolve(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("~/")) target = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith("~db/")) target = `db/${specifier.slice(4)}`;
  else if (specifier.startsWith("."))
    target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  for (const ext of ["", ".ts", ".tsx"]) {
    const candidate = target + ext;
    if (candidate.endsWith(".ts") || candidate.endsWith(".tsx")) {
      try {
        if (statSync(path.join(root, candidate)).isFile()) return candidate;
      } catch {
        // not this extension
      }
    }
  }
  return target;
}

/** Every rule broken by one file's imports, as readable lines. */
export function violations(
  file: string,
  source: string,
  resolveImport: (from: string, specifier: string) => string | null = resolve,
): string[] {
  const layer = layerOf(file);
  if (!layer) return [`${file}: belongs to no layer (see docs/architecture.md)`];
  const problems: string[] = [];
  if (!maySpeakSqlite(file) && /\$client\b/.test(source))
    problems.push(`${file}: uses $client; the SQLite driver stays in app/infra/`);
  if (layer === "models" && SQLITE_ONLY_CALLS.test(source))
    problems.push(`${file}: runs a query with ${SQLITE_ONLY_CALLS.exec(source)![0]}; await the query instead`);
  for (const { specifier, names } of importsOf(source)) {
    if (SQLITE_DRIVER.test(specifier) && !maySpeakSqlite(file))
      problems.push(`${file}: imports ${specifier}; the SQLite driver stays in app/infra/`);
    if (DATABASE_PACKAGES.test(specifier) && !mayQueryDatabase(file))
      problems.push(`${file}: imports ${specifier}; the database is the models' business`);
    if (NODEMAILER.test(specifier) && file !== MAIL_MODULE)
      problems.push(`${file}: imports ${specifier}; only ${MAIL_MODULE} speaks SMTP`);
    // Generated route types, style sheets and translation files are not code of a layer.
    if (/\/\+types\/|\.(css|json)$/.test(specifier)) continue;
    const target = resolveImport(file, specifier);
    if (!target) continue;
    const targetLayer = layerOf(target);
    if (!targetLayer) {
      problems.push(`${file}: imports ${target}, which belongs to no layer`);
      continue;
    }
    if (targetLayer !== layer && !ALLOWED[layer].includes(targetLayer))
      problems.push(`${file}: ${layer} may not import ${targetLayer} (${target})`);
    if (DATABASE_MODULES.has(target) && !mayQueryDatabase(file)) {
      const queries = names.filter((name) => !CONNECTION_EXPORTS.has(name));
      if (target.startsWith("db/schema") || queries.length > 0)
        problems.push(
          `${file}: takes ${queries.join(", ") || "the schema"} from ${target}; only models query the database`,
        );
    }
    if (target === MAIL_MODULE && file !== MAIL_SENDER && names.some((name) => !name.startsWith("type "))) {
      problems.push(`${file}: sends mail itself; queue it in the outbox (queueMail in the caller's transaction)`);
    }
    if (target === UPLOAD_MODULE && layer === "web") {
      const helpers = names.filter((name) => !UPLOAD_EXPORTS_FOR_WEB.has(name));
      if (helpers.length > 0)
        problems.push(`${file}: calls upload helpers ${helpers.join(", ")}; the models own temporary files`);
    }
  }
  return problems;
}

/**
 * A refusal a model or service raises (`class XError extends Error` under app/models/ or app/services/)
 * becomes an answer in app/routes/model-errors.server.ts alone, so every page says the same thing for
 * it. UploadError is not one of them: it is the transport's (app/infra/), raised while a multipart body
 * is read, and each upload form words its refusal for its own files.
 */
const MODEL_ERROR_MAPPER = "app/routes/model-errors.server.ts";

export function modelErrorClasses(sources: { file: string; source: string }[]): string[] {
  return sources
    .filter(({ file }) => /^app\/(models|services)\//.test(file))
    .flatMap(({ source }) => [...source.matchAll(/export class (\w+Error) extends/g)].map((m) => m[1]!));
}

/** Route files that map a model error by hand (`instanceof XError`) instead of through the one mapper. */
export function handMappedErrors(file: string, source: string, classes: readonly string[]): string[] {
  if (!file.startsWith("app/routes/") || file === MODEL_ERROR_MAPPER) return [];
  return [...source.matchAll(/instanceof\s+(\w+)/g)]
    .map((m) => m[1]!)
    .filter((name) => classes.includes(name))
    .map((name) => `${file}: maps ${name} by hand; answer it through ${MODEL_ERROR_MAPPER}`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe("architecture", () => {
  test("every import of app/**, db/** and server.ts follows the layer rule", () => {
    const files = [...sourceFiles("app"), ...sourceFiles("db"), "server.ts"];
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => violations(file, readFileSync(path.join(root, file), "utf8")));
    expect(found).toEqual([]);
  });

  test("no route file maps a model error by hand", () => {
    const files = [...sourceFiles("app")].map((file) => ({
      file,
      source: readFileSync(path.join(root, file), "utf8"),
    }));
    const classes = modelErrorClasses(files);
    expect(classes).toContain("DecisionError");
    expect(classes).toContain("PayoutFileError");
    expect(classes).not.toContain("UploadError");
    expect(files.flatMap(({ file, source }) => handMappedErrors(file, source, classes))).toEqual([]);
  });

  test("no form field is keyed by Conform's field key (a remount at hydration drops what was typed)", () => {
    // Conform's key differs once the form hydrates: a keyed field is a new element then, with its default
    // value, and what the person typed before (or while) the scripts ran is gone. The second-factor code is
    // the exception: a wrong code resets that form on purpose, and the page hydrates before anyone types.
    const keyed = sourceFiles("app")
      .filter((file) => file.endsWith(".tsx") && file !== "app/routes/auth/second-factor.tsx")
      .flatMap((file) =>
        [...readFileSync(path.join(root, file), "utf8").matchAll(/key=\{(?:fields?\.\w+|field)\.key\}/g)].map(
          (m) => `${file}: ${m[0]}`,
        ),
      );
    expect(keyed).toEqual([]);
  });

  test("the model-error check catches a hand-made mapping and leaves the rest alone", () => {
    const classes = ["DecisionError", "VehicleError"];
    const handMade = "} catch (error) {\n  if (error instanceof DecisionError) return refuse(context, error.key);";
    expect(handMappedErrors("app/routes/admin/x.tsx", handMade, classes)).toHaveLength(1);
    expect(
      handMappedErrors("app/routes/x.tsx", "if (!(error instanceof VehicleError)) throw error;", classes),
    ).toHaveLength(1);
    expect(handMappedErrors(MODEL_ERROR_MAPPER, handMade, classes)).toEqual([]);
    expect(handMappedErrors("app/models/x.server.ts", handMade, classes)).toEqual([]);
    expect(
      handMappedErrors("app/routes/x.tsx", "if (error instanceof UploadError) return uploadRefusal();", classes),
    ).toEqual([]);
  });

  test("the check catches each kind of forbidden import", () => {
    const at = (_from: string, specifier: string) =>
      specifier.startsWith("~/")
        ? `app/${specifier.slice(2)}.ts`
        : specifier.startsWith("~db/")
          ? `db/${specifier.slice(4)}.ts`
          : null;
    expect(
      violations("app/components/x.tsx", 'import type { NewsMedia } from "~/models/content.server";', at),
    ).toHaveLength(1);
    expect(
      violations("app/models/x.server.ts", 'import { hit } from "~/services/rate-limit.server";', at),
    ).toHaveLength(1);
    expect(violations("app/infra/x.server.ts", 'import { getInstance } from "~/middleware/i18n";', at)).toHaveLength(1);
    expect(violations("app/domain/x.ts", 'import { now } from "~/infra/clock.server";', at)).toHaveLength(1);
    expect(violations("app/services/x.server.ts", 'import { db } from "~/infra/db.server";', at)).toHaveLength(1);
    expect(
      violations("app/services/x.server.ts", 'import { rateLimits } from "~db/schema";', at).length,
    ).toBeGreaterThan(0);
    expect(violations("app/services/x.server.ts", 'import { users } from "~db/schema.pg";', at).length).toBeGreaterThan(
      0,
    );
    expect(
      violations("app/routes/x.ts", 'import { openPostgres } from "~/infra/db-postgres.server";', at),
    ).toHaveLength(1);
    expect(violations("app/routes/x.ts", 'import { eq } from "drizzle-orm";', at)).toHaveLength(1);
    expect(
      violations("app/routes/x.ts", 'import { prepareUpload, UploadError } from "~/infra/uploads.server";', at),
    ).toHaveLength(1);
    expect(violations("app/lib/x.ts", "", at)).toHaveLength(1);
    expect(violations("app/models/x.server.ts", 'import { Database } from "bun:sqlite";', at)).toHaveLength(1);
    expect(violations("app/models/x.server.ts", "const n = db().$client.query('select 1');", at)).toHaveLength(1);
    expect(violations("app/models/x.server.ts", "const row = db().select().from(users).get();", at)).toHaveLength(1);
    expect(violations("app/models/x.server.ts", "const rows = listQuery().all({ userId });", at)).toHaveLength(1);
    expect(violations("app/models/x.server.ts", "tx.run(sql`PRAGMA foreign_keys = ON`);", at)).toHaveLength(1);
    expect(violations("app/models/x.server.ts", 'import { sendMail } from "~/infra/mail.server";', at)).toHaveLength(1);
    expect(violations("app/services/x.server.ts", 'import nodemailer from "nodemailer";', at)).toHaveLength(1);
    // Allowed arrows stay quiet.
    expect(
      violations(
        "app/services/x.server.ts",
        'import { dataVersion } from "~/infra/db.server";\nimport { findUserById } from "~/models/users.server";',
        at,
      ),
    ).toEqual([]);
    expect(
      violations("app/routes/x.ts", 'import { receiveUploadForm, UploadError } from "~/infra/uploads.server";', at),
    ).toEqual([]);
    expect(violations("app/components/x.tsx", 'import { DOCUMENT_KINDS } from "~/domain/documents";', at)).toEqual([]);
    expect(
      violations(
        "app/models/x.server.ts",
        'import { eq } from "drizzle-orm";\nconst [row] = await db().select().from(users).where(eq(users.id, 1)).limit(1);',
        at,
      ),
    ).toEqual([]);
    expect(
      violations(
        "app/models/x.server.ts",
        "await tx.insert(users).values({ email });\nconst [row] = await listQuery().execute({ userId });",
        at,
      ),
    ).toEqual([]);
    expect(violations("app/infra/x.server.ts", 'import { Database } from "bun:sqlite";', at)).toEqual([]);
    expect(violations("app/services/outbox.server.ts", 'import { sendMail } from "~/infra/mail.server";', at)).toEqual(
      [],
    );
  });
});
