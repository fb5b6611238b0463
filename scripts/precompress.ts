/** Writes .br and .gz next to every compressible client asset, so the server never compresses at request time. */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const compressible = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;
let count = 0;

function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(name) && statSync(file).size > 512) {
      const source = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      count++;
    }
  }
}

walk(root);
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), root)}`);
