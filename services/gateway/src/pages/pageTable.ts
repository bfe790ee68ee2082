import fs from 'node:fs';
import path from 'node:path';
import { SHOP_LANGUAGES, type PageText, type ShopLanguage, type StorefrontPage } from '@shop/api-types';
import type { Logger } from '@shop/service-kit';
import { whenChanged } from '../static/files';

/**
 * The storefront's page table, as the shell declares it (shell/src/routing/pages.ts) and its server
 * build ships it (dist/server/pages.js): the one source of the pages the gateway prepares, their
 * preload hints and whether they are drawn. Read again only when a redeployed shell brings a new
 * one; its patterns are split once per table, so a request only compares path segments.
 */

const isPageText = (value: unknown): value is PageText =>
  typeof (value as Partial<PageText> | null)?.title === 'string' && typeof (value as Partial<PageText>).description === 'string';

/**
 * Each language's title and description, made once per table: an older shell's table may carry no
 * meta (the head then says the shop's name alone) or no translation (English then).
 */
function pageTexts(meta: StorefrontPage['meta'] | undefined): PageTexts {
  const english: PageText = isPageText(meta) ? { title: meta.title, description: meta.description } : { title: '', description: '' };
  const texts = {} as PageTexts;
  for (const language of SHOP_LANGUAGES) {
    const translated: unknown = meta?.[language as Exclude<ShopLanguage, 'en'>];
    texts[language] = isPageText(translated) ? { title: translated.title, description: translated.description } : english;
  }
  return texts;
}

/** A page's title and description in each of the shop's languages (English where the table gives no other). */
export type PageTexts = Record<ShopLanguage, PageText>;

/** A page of a remote whose first screen the gateway prepares. */
export interface PreparedPage {
  /** The route pattern, with the :params the owning module reads: the renderer is given it as is. */
  pattern: string;
  remote: string;
  module: string;
  /** API reads preloaded with the page, with :params from the path. */
  preload: string[];
  drawn?: 'shared' | 'cart';
  /** The query parameters the page reads (the rest are not drawn, see ssr/drawnUrl.ts); absent when the table does not say. */
  query?: readonly string[];
  /** The page's title and description in the table: its head's when the renderer tells none better. */
  meta: PageTexts;
}

export interface PageMatch {
  page: PreparedPage;
  params: Record<string, string>;
}

/** The prepared page at a path, or null: a page of the shell itself, one left to the browser, or no table. */
export type FindPage = (pathname: string) => PageMatch | null;

/** Any page of the table at a path, prepared or not: what its HTML is answered with. */
export interface PageAt {
  /** The page's own title and description in each language (a drawn page may tell better ones). */
  meta: PageTexts;
  /** The shop's NotFound: answered 404. */
  notFound: boolean;
  /** Its first screen, when the gateway prepares one. */
  match: PageMatch | null;
}

/** The table's page at a path; null when there is no table (a path the table does not know is its NotFound). */
export type LookUpPage = (pathname: string) => PageAt | null;

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

const NO_PAGE = pageTexts({ title: 'Page not found', description: '', sw: { title: 'Ukurasa haupatikani', description: '' } });

/** A table's pages, each with its pattern split once; the first page whose pattern matches is the page. */
export function compilePageLookup(pages: readonly StorefrontPage[]): LookUpPage {
  const compiled = pages.map((page) => {
    const { owner, firstScreen } = page;
    const meta = pageTexts(page.meta);
    const prepared: PreparedPage | null =
      'remote' in owner && firstScreen
        ? {
            pattern: page.path,
            remote: owner.remote,
            module: owner.module,
            preload: firstScreen.preload,
            meta,
            ...(firstScreen.drawn ? { drawn: firstScreen.drawn } : {}),
            ...(Array.isArray(firstScreen.query) ? { query: firstScreen.query.filter((name) => typeof name === 'string') } : {}),
          }
        : null;
    return { pattern: compilePattern(page.path), prepared, meta, notFound: page.notFound === true, signedOut: page.signedOut };
  });
  // A page for signed-in shoppers prepares the files of the page a signed-out one is sent to (its
  // data reads and drawing are that page's business, not this one's).
  for (const entry of compiled) {
    if (typeof entry.signedOut !== 'string' || !entry.prepared) continue;
    const actual = pathSegments(entry.signedOut);
    const target = compiled.find(({ pattern }) => matchSegments(pattern, actual))?.prepared;
    entry.prepared = target
      ? { pattern: entry.prepared.pattern, remote: target.remote, module: target.module, preload: [], meta: entry.prepared.meta }
      : null;
  }
  return (pathname) => {
    const actual = pathSegments(pathname);
    for (const { pattern, prepared, meta, notFound } of compiled) {
      const params = matchSegments(pattern, actual);
      if (params) return { meta, notFound, match: prepared ? { page: prepared, params } : null };
    }
    // A table without a '*' page: nothing here, as a table's NotFound would say.
    return { meta: NO_PAGE, notFound: true, match: null };
  };
}

/** A table's prepared pages (compilePageLookup): pages the gateway leaves alone keep their place, so the first match still decides. */
export function compilePageTable(pages: readonly StorefrontPage[]): FindPage {
  const lookUp = compilePageLookup(pages);
  return (pathname) => lookUp(pathname)?.match ?? null;
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
 * plain, without hints, and 200.
 */
export function pageLookup(shellDir: string, logger: Logger): LookUpPage {
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
      return compilePageLookup(pages);
    },
    (error, table) =>
      logger.warn({ err: error, file: table }, 'the shell’s page table could not be read: pages are served without first screens'),
  );
  let missingLogged = false;
  return (pathname) => {
    const lookUp = load(file);
    if (!lookUp) {
      if (!missingLogged && !fs.existsSync(file))
        logger.warn({ file }, 'the shell has no page table: pages are served without first screens');
      missingLogged = true;
      return null;
    }
    return lookUp(pathname);
  };
}

/** The prepared pages of the shell's table in shellDir (pageLookup). */
export function pageTable(shellDir: string, logger: Logger): FindPage {
  const lookUp = pageLookup(shellDir, logger);
  return (pathname) => lookUp(pathname)?.match ?? null;
}
