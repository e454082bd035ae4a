/**
 * Builds the public forms' browser runtime (decision 0027): apps/web/forms/main.ts and the kind
 * modules it imports lazily, bundled by rolldown into apps/web/build/forms/ with hashed names, a
 * manifest.json naming the entry, and NAME.gz/NAME.br beside each script. Served at /forms/static/.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { bundleBrowserScripts, newestMtime } from "./build-helpers.ts";

const root = resolve(import.meta.dirname, "..");
export const FORMS_BUILD_DIR = join(root, "apps/web/build/forms");
const manifestFile = join(FORMS_BUILD_DIR, "manifest.json");
const sources = [
  "apps/web/forms",
  "apps/web/widget/popups/altcha.ts",
  "packages/commerce/src",
  "scripts/build-forms.ts",
  "package-lock.json",
];

/** What the server reads: the entry's hashed file name and every file of the build. */
export interface FormsManifest {
  main: string;
  files: string[];
}

const KINDS_MODULE = "virtual:cwf-kinds";
const kindsDirectory = join(root, "apps/web/forms/kinds");

/** The kind modules present (apps/web/forms/kinds/*.ts but the shared context), each imported lazily by its name. */
function kindModulesSource(): string {
  const names = existsSync(kindsDirectory)
    ? readdirSync(kindsDirectory).filter((file) => /^[a-z-]+\.ts$/.test(file) && file !== "context.ts")
    : [];
  const entries = names.map((file) => `${JSON.stringify(file.slice(0, -3))}: () => import(${JSON.stringify(join(kindsDirectory, file))})`);
  return `export const KIND_MODULES = {${entries.join(",")}};\n`;
}

export function formsBuildIsFresh(): boolean {
  return existsSync(manifestFile) && statSync(manifestFile).mtimeMs >= Math.max(...sources.map(newestMtime));
}

export async function buildForms({ force = false } = {}): Promise<void> {
  if (!force && formsBuildIsFresh()) return;
  console.log("Building the forms' runtime…");
  const built = await bundleBrowserScripts({
    entry: { name: "main", file: join(root, "apps/web/forms/main.ts") },
    directory: FORMS_BUILD_DIR,
    plugins: [
      {
        name: "cwf-kinds",
        resolveId: (id) => (id === KINDS_MODULE ? `\0${KINDS_MODULE}` : null),
        load: (id) => (id === `\0${KINDS_MODULE}` ? kindModulesSource() : null),
      },
    ],
  });
  const manifest: FormsManifest = { main: built.entry, files: built.files };
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Built the forms' runtime: ${manifest.files.length} scripts, ${built.precompressed} precompressed forms.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildForms({ force: process.argv.includes("--force") });
