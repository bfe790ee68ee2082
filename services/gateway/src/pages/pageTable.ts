import fs from 'node:fs';
import path from 'node:path';
import type { StorefrontPage } from '@shop/api-types';
import type { Logger } from '@shop/service-kit';
import { whenChanged } from '../static/files';

/**
 * The storefront's page table, as the shell declares it (shell/src/routing/pages.ts) and its server
 * build ships it (dist/server/pages.js): the one source of the pages the gateway prepares, their
 * preload hints and whether they are drawn. Read again only when a redeployed shell brings a new
 * one; its patterns are split once per table, so a request only compares path segments.
 */

/** A page of a remote whose first screen the gateway prepares. */
export interface PreparedPage {
  /** The route pattern, with the :params the owning module reads: the renderer is given it as is. */
  pattern: string;
  remote: string;
  module: string;
  /** API reads preloaded with the page, with :params from the path. */
  preload: string[];
  drawn?: 'shared' | 'cart';
}

export interface PageMatch {
  page: PreparedPage;
  params: Record<string, string>;
}

/** The prepared page at a path, or null: a page of the shell itself, one left to the browser, or no table. */
export type FindPage = (pathname: string) => PageMatch | null;

interface CompiledPattern {
  /** Each segment: a literal, or a :param's name (`param: true`). */
  segments: Array<{ text: string; param: boolean }>;
  /** Ends in '*': any further segments match. */
  splat: boolean;
}

const pathSegments = (pathname: string): string[] => pathname.split('/').filter(Boolean);

function compilePattern(pattern: string): CompiledPattern {
  const parts = pathSegments(pattern);
  const splat = parts.at(-1) === '*';
  const segments = (splat ? parts.slice(0, -1) : parts).map((part) =>
    part.startsWith(':') ? { text: part.slice(1), param: true } : { text: part, param: false },
  );
  return { segments, splat };
}

function matchSegments({ segments, splat }: CompiledPattern, actual: string[]): Record<string, string> | null {
  if (splat ? actual.length < segments.length : actual.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment.param) params[segment.text] = actual[i]!;
    else if (segment.text !== actual[i]) return null;
  }
  return params;
}

/** The path's :params when it matches the pattern ('/product/:slug', '/profile/*'), else null. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  return matchSegments(compilePattern(pattern), pathSegments(pathname));
}

/** A table's pages, each with its pattern split once; pages the gateway leaves alone keep their place, so the first match still decides. */
export function compilePageTable(pages: readonly StorefrontPage[]): FindPage {
  const compiled = pages.map((page) => {
    const { owner, firstScreen } = page;
    const prepared: PreparedPage | null =
      'remote' in owner && firstScreen
        ? {
            pattern: page.path,
            remote: owner.remote,
            module: owner.module,
            preload: firstScreen.preload,
            ...(firstScreen.drawn ? { drawn: firstScreen.drawn } : {}),
          }
        : null;
    return { pattern: compilePattern(page.path), prepared };
  });
  return (pathname) => {
    const actual = pathSegments(pathname);
    for (const { pattern, prepared } of compiled) {
      const params = matchSegments(pattern, actual);
      if (params) return prepared ? { page: prepared, params } : null;
    }
    return null;
  };
}

/** Only what the gateway relies on is checked: a table of another shape is not used at all. */
function isPageTable(value: unknown): value is StorefrontPage[] {
  return (
    Array.isArray(value) &&
    value.every((page: Partial<StorefrontPage> | null) => {
      if (typeof page?.path !== 'string' || typeof page.owner !== 'object' || page.owner === null) return false;
      if ('remote' in page.owner && (typeof page.owner.remote !== 'string' || typeof page.owner.module !== 'string')) return false;
      return (
        page.firstScreen === undefined ||
        (Array.isArray(page.firstScreen.preload) && page.firstScreen.preload.every((read) => typeof read === 'string'))
      );
    })
  );
}

/** Where the shell's build puts its page table. */
export const pageTableFile = (shellDir: string): string => path.join(shellDir, 'server', 'pages.js');

/**
 * The page table of the shell in shellDir, as the gateway uses it on every page request. Without
 * one (a shell built before it had one, or not built), pages are served as before any was drawn:
 * plain, and without hints.
 */
export function pageTable(shellDir: string, logger: Logger): FindPage {
  const file = pageTableFile(shellDir);
  const load = whenChanged(
    (table) => {
      const module = { exports: {} as { STOREFRONT_PAGES?: unknown } };
      // The shell's own build: a CommonJS file of data, evaluated as the renderers are (ssr/drawing.ts).
      (new Function('module', 'exports', fs.readFileSync(table, 'utf8')) as (module: { exports: unknown }, exports: unknown) => void)(
        module,
        module.exports,
      );
      const pages = module.exports.STOREFRONT_PAGES;
      if (!isPageTable(pages)) throw new Error('STOREFRONT_PAGES is not a page table');
      return compilePageTable(pages);
    },
    (error, table) =>
      logger.warn({ err: error, file: table }, 'the shell’s page table could not be read: pages are served without first screens'),
  );
  let missingLogged = false;
  return (pathname) => {
    const find = load(file);
    if (!find) {
      if (!missingLogged && !fs.existsSync(file))
        logger.warn({ file }, 'the shell has no page table: pages are served without first screens');
      missingLogged = true;
      return null;
    }
    return find(pathname);
  };
}
