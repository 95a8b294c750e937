/**
 * Which built JavaScript files a page needs on its first load, read from Vite's manifest
 * (frontend/dist/.vite/manifest.json, `build.manifest`). A page needs the entry (index.html's
 * script) with everything it imports statically (the modulepreloads), and each lazily loaded module
 * the page renders at once with everything that imports statically. Modules it loads later (other
 * routes, dialogs, the chat's markdown) are not counted. A browser test
 * (test/browser/firstLoad.browser.test.ts) checks these lists against what Chromium fetches.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The lazily loaded modules (paths under frontend/) each first-load page renders without a click.
 * At / the entry waits for the sign-in check: a signed-out visitor gets the landing page (the entry
 * holds the public pages' frame, no react-admin), a signed-in one the app (react-admin) with the
 * shell around the dashboard, and never the landing page (docs/decisions/performance.md).
 */
export const FIRST_LOAD_PAGES = {
  landing: ['src/landing/LandingPage.tsx'],
  dashboard: ['src/App.tsx', 'src/shell/Shell.tsx', 'src/dashboard/DashboardPage.tsx'],
} as const satisfies Record<string, readonly string[]>;
export type FirstLoadPage = keyof typeof FIRST_LOAD_PAGES;

export async function readManifest(dist: string): Promise<Manifest> {
  return JSON.parse(await fs.readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The JS files (paths under dist) `page` needs, in load order: the entry's first. */
export function pageScripts(manifest: Manifest, page: FirstLoadPage): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The Vite manifest has no ${key}: is it still loaded lazily (frontend/src), or was it renamed?`);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(chunk.file);
    chunk.imports?.forEach(add);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the Vite manifest, found ${entries.join(', ') || 'none'}`);
  add(entries[0]!);
  for (const key of FIRST_LOAD_PAGES[page]) {
    if (!manifest[key]?.isDynamicEntry) throw new Error(`${key} is not a lazily loaded chunk in the Vite manifest`);
    add(key);
  }
  return files.filter((file) => file.endsWith('.js'));
}

/** Each first-load page's scripts and their gzip size in bytes (each file compressed on its own, as served). */
export async function firstLoad(dist: string): Promise<Record<FirstLoadPage, { scripts: string[]; gzip: number }>> {
  const manifest = await readManifest(dist);
  const measure = async (page: FirstLoadPage) => {
    const scripts = pageScripts(manifest, page);
    let gzip = 0;
    for (const file of scripts) gzip += gzipSync(await fs.readFile(path.join(dist, file))).length;
    return { scripts, gzip };
  };
  return { landing: await measure('landing'), dashboard: await measure('dashboard') };
}

/** The bench's target for each first-load page, gzip. */
export const FIRST_LOAD_LIMIT_BYTES = 250 * 1024;

/**
 * The most each page may fetch, gzip, checked by test/browser/firstLoad.browser.test.ts: the target,
 * for the landing page and the dashboard alike (the dashboard fetches its header's menus, popover,
 * tooltips and mobile drawer when first used, and the claims' readiness and deadline lists when
 * there is one to show).
 */
export const FIRST_LOAD_CEILING_BYTES: Record<FirstLoadPage, number> = {
  landing: FIRST_LOAD_LIMIT_BYTES,
  dashboard: FIRST_LOAD_LIMIT_BYTES,
};
