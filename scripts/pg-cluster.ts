/**
 * A throw-away PostgreSQL cluster for tests: its own temporary data folder, a free loopback port (never
 * 5432, never the system's cluster), trust authentication for the `postgres` user.
 *
 *   bun scripts/pg-cluster.ts start      prints DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres and the folder
 *   bun scripts/pg-cluster.ts stop DIR   stops that cluster (pg_ctl stop -m fast) and removes the folder
 *
 * Tests import startThrowAwayCluster() and createDatabase(). initdb refuses to run as root: as root
 * the PostgreSQL programs run as the `postgres` user (su); as anyone else they run directly.
 */
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SQL } from "bun";

export type ThrowAwayCluster = { url: string; dir: string; port: number; stop: () => Promise<void> };

const isRoot = process.getuid?.() === 0;

/** The newest installed PostgreSQL's programs: /usr/lib/postgresql/<newest>/bin, else /usr/local/bin. */
export function postgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(path.join(base, name, "bin", "initdb")))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : [];
  if (versions[0]) return path.join(base, versions[0], "bin");
  return existsSync("/usr/local/bin/initdb") ? "/usr/local/bin" : null;
}

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/** Runs a PostgreSQL program as the postgres user (root) or as ourselves; throws with its output on failure. */
async function runPg(program: string, args: string[]) {
  const command = isRoot
    ? ["su", "postgres", "-s", "/bin/sh", "-c", [program, ...args].map(quote).join(" ")]
    : [program, ...args];
  const proc = Bun.spawn(command, {
    stdout: "pipe",
    stderr: "pipe",
    stdin: "ignore",
    env: { ...process.env, LC_ALL: "C.UTF-8" },
  });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  if ((await proc.exited) !== 0) throw new Error(`${path.basename(program)} failed: ${(err || out).trim()}`);
}

/** A loopback port nobody listens on now (5432 excluded, so the system's cluster is never touched). */
function freePort(): number {
  for (;;) {
    const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    const port = probe.port;
    probe.stop(true);
    if (port !== 5432) return port;
  }
}

/** Stops the cluster in DIR and removes the folder. */
export async function stopCluster(dir: string, bin = postgresBin()) {
  const data = path.join(dir, "db");
  if (bin && existsSync(path.join(data, "postmaster.pid")))
    await runPg(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
  rmSync(dir, { recursive: true, force: true });
}

/** Server settings given as `-c NAME=VALUE` at start, e.g. `{ shared_preload_libraries: "auto_explain" }`. */
export type ClusterSettings = Record<string, string | number>;

/**
 * initdb into a new temporary folder and start the server on a free loopback port (about 2 s), with
 * SETTINGS on top of the defaults below. The server's log is the file `log` in the folder.
 */
export async function startThrowAwayCluster(settings: ClusterSettings = {}): Promise<ThrowAwayCluster> {
  const extra = Object.entries(settings).map(([name, value]) => {
    // pg_ctl splits its -o string on spaces: names and values must be single words.
    if (!/^[a-z_.]+$/.test(name) || !/^[\w.,:/%-]+$/.test(String(value)))
      throw new Error(`Not a plain setting: ${name}=${value}`);
    return ` -c ${name}=${value}`;
  });
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (no initdb): apt-get install -y postgresql");
  const dir = mkdtempSync(path.join(tmpdir(), "courier-pg-"));
  try {
    if (isRoot) {
      const [uid, gid] = (await Promise.all([Bun.$`id -u postgres`.text(), Bun.$`id -g postgres`.text()])).map((n) =>
        Number(n.trim()),
      );
      chownSync(dir, uid!, gid!);
    }
    const data = path.join(dir, "db");
    await runPg(path.join(bin, "initdb"), [
      "-D",
      data,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
      "--no-sync",
    ]);
    // A port can be taken between the probe and the start: try a few.
    for (let attempt = 1; ; attempt++) {
      const port = freePort();
      // fsync off: the data is thrown away, and tests should not wait on the disk.
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off${extra.join("")}`;
      try {
        await runPg(path.join(bin, "pg_ctl"), [
          "-D",
          data,
          "-o",
          options,
          "-l",
          path.join(dir, "log"),
          "-w",
          "-t",
          "30",
          "start",
        ]);
      } catch (error) {
        if (attempt < 3) continue;
        const log = existsSync(path.join(dir, "log")) ? readFileSync(path.join(dir, "log"), "utf8").slice(-2000) : "";
        throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
      }
      return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir, port, stop: () => stopCluster(dir, bin) };
    }
  } catch (error) {
    await stopCluster(dir, bin).catch(() => {});
    throw error;
  }
}

/** Creates database NAME on the server of URL (dropping an old one of that name) and returns its URL. */
export async function createDatabase(url: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  const admin = new SQL(url, { max: 1 });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.close();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

if (import.meta.main) {
  const [command, dir] = process.argv.slice(2);
  if (command === "start") {
    const cluster = await startThrowAwayCluster();
    console.log(`DATABASE_URL=${cluster.url}`);
    console.log(`PG_CLUSTER_DIR=${cluster.dir}`);
  } else if (command === "stop" && dir) {
    await stopCluster(dir);
    console.log(`stopped and removed ${dir}`);
  } else {
    console.error("usage: bun scripts/pg-cluster.ts start | stop DIR");
    process.exit(2);
  }
}
