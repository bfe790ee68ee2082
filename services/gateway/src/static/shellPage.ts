import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import { CART_COOKIE, LANGUAGE_COOKIE, SHOP_LANGUAGES, SIGNED_IN_COOKIE, type ShopLanguage } from '@shop/api-types';
import type { GatewayConfig, RemoteEntry } from '../config';
import type { LookUpPage } from '../pages/pageTable';
import { withFirstScreen, type FirstScreens } from '../ssr/firstScreen';
import { HEAD_SLOT, LOCAL_PUBLIC_URL, pageHead, SITE_NAME, withHeadSlot } from '../ssr/pageHead';
import { choosePageLanguage, LANGUAGE_PARAMETER, withPageLanguage } from '../ssr/pageLanguage';
import { pagePolicies } from '../security/contentSecurityPolicy';
import { afterFirstPaintScript, takeScripts } from './afterFirstPaint';
import { bestCompressed } from './bestCompressed';
import { whenChanged } from './files';
import { hintTags, pageHints } from './pageHints';
import { inlineStylesheets } from './inlineStylesheets';

/** The template's preload of /remotes.json (minified or not). */
const REMOTES_PRELOAD = /<link rel="?preload"? href="?\/remotes\.json"?[^>]*>/;
/** `?lang=` that decided a page becomes the shopper's choice, kept as long as the header's switch keeps it (store-kit's writeLanguageCookie). */
const LANGUAGE_COOKIE_OPTIONS = { path: '/', maxAge: 365 * 24 * 3600 * 1000, sameSite: 'lax', httpOnly: false, overwrite: true } as const;

/** The query without `lang`: a page is drawn and kept once per language, however its language was chosen. */
function withoutLanguageParameter(search: string): string {
  if (!search.includes(`${LANGUAGE_PARAMETER}=`)) return search;
  const params = new URLSearchParams(search);
  params.delete(LANGUAGE_PARAMETER);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

type PerLanguage<T> = Record<ShopLanguage, T>;
const perLanguage = <T>(make: (language: ShopLanguage) => T): PerLanguage<T> =>
  Object.fromEntries(SHOP_LANGUAGES.map((language) => [language, make(language)])) as PerLanguage<T>;

/**
 * The shell's index.html for a storefront page, with the remotes' configuration (what
 * /remotes.json answers) and the page's preload hints in its head (see pageHints), drawn when the
 * shell's page table says so (see ssr/firstScreen.ts), with its own title, description and share
 * tags (ssr/pageHead.ts), and 404 for the shop's NotFound (a path no page takes, or an unknown
 * product, brand or product type the drawing found). Small and made per page, so it is compressed
 * per request (koa-compress) and revalidated by its ETag (`no-cache`), like the shell's entry file.
 * In the shopper's language (ssr/pageLanguage.ts): `<html lang data-shop-language>`, the drawn
 * copy and the head's words, with hreflang links to the page's other versions.
 */
export function shellPage(
  config: Pick<GatewayConfig, 'shellDir' | 'localRemotes' | 'formTargets'> & Partial<Pick<GatewayConfig, 'publicUrl'>>,
  lookUpPage: LookUpPage,
  screens?: FirstScreens,
  /** The client's address (clientAddress/trustedProxies.ts): its share of the drawing queue is counted by it. */
  addressOf: (req: IncomingMessage) => string = (req) => req.socket.remoteAddress ?? 'unknown',
): (ctx: Koa.Context, remotes: RemoteEntry[]) => Promise<void> {
  const publicUrl = config.publicUrl ?? LOCAL_PUBLIC_URL;
  const hintsFor = pageHints(config);
  const inline = inlineStylesheets(config);
  // The same page for every shopper until the catalogue changes: compressed at brotli's best once.
  const compressed = bestCompressed();
  // Made once per remotes' configuration; a drawn page adds its loader's hash (see contentSecurityPolicy.ts).
  const policyFor = pagePolicies(config.formTargets);
  // The remotes' configuration goes into the page (shell/src/federation/remotes.ts reads it), so
  // the shell needs no /remotes.json request first; its preload in the template is then unused.
  // A drawn page's copy has its scripts apart (see afterFirstPaint): both made once per template and language.
  const template = whenChanged((file) => {
    // The template's title and description give way to each page's own head (HEAD_SLOT).
    const source = withHeadSlot(fs.readFileSync(file, 'utf8').replace(REMOTES_PRELOAD, ''));
    return perLanguage((language) => {
      const plain = withPageLanguage(source, language);
      return { plain, drawn: takeScripts(plain) };
    });
  });
  // staticSite answers 503 before this when the shell is not built.
  const unbuilt = perLanguage(() => ({ plain: '', drawn: takeScripts('') }));
  const read = () => template(path.join(config.shellDir, 'index.html')) ?? unbuilt;

  return async (ctx, remotes) => {
    const cookie = ctx.cookies.get(LANGUAGE_COOKIE);
    const parameter = ctx.search ? ctx.query[LANGUAGE_PARAMETER] : undefined;
    const { language, from } = choosePageLanguage(cookie, parameter, ctx.get('accept-language'));
    // The language of a link the shopper followed becomes their choice, for the pages they go on to.
    if (from === 'address' && cookie === undefined) ctx.cookies.set(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_OPTIONS);
    const shell = read()[language];
    // Looked up once: the drawing, the hints and the head are of the same page.
    const at = lookUpPage(ctx.path);
    const found = at?.match ?? null;
    const configuration = `<script id="shop-remotes" type="application/json">${JSON.stringify({ remotes }).replace(/</g, '\\u003c')}</script>`;
    const drawn = screens
      ? await screens.draw(
          {
            found,
            path: ctx.path,
            search: withoutLanguageParameter(ctx.search),
            userAgent: ctx.get('user-agent'),
            cartCookie: ctx.cookies.get(CART_COOKIE),
            signedIn: Boolean(ctx.cookies.get(SIGNED_IN_COOKIE)),
            origin: `http://127.0.0.1:${ctx.req.socket.localPort}`,
            language,
            client: addressOf(ctx.req),
          },
          remotes,
        )
      : null;
    // A drawn page's browser render makes the same first calls before it replaces the copy: preloaded as for any page.
    const hints = hintsFor(found, remotes, language);
    const policy = policyFor(remotes);
    let html: string;
    let head: string;
    let contentSecurityPolicy: string;
    if (drawn) {
      html = withFirstScreen(shell.drawn.html, drawn, inline);
      // The loader's code is the page's (its hints): allowed by its hash, so the page, its ETag and its policy stay alike for every shopper.
      const loader = afterFirstPaintScript(shell.drawn.deferred, hints);
      head = `${configuration}<script>${loader}</script>`;
      contentSecurityPolicy = policy.withInlineScript(loader);
    } else {
      html = shell.plain;
      head = `${configuration}${hintTags(hints)}`;
      contentSecurityPolicy = policy.plain;
    }
    // A drawn page's head was made with it (and kept with it); a plain page's is its table entry's.
    const pageTags =
      drawn?.head ??
      pageHead({
        publicUrl,
        path: ctx.path,
        language,
        meta: at?.meta[language] ?? { title: SITE_NAME, description: '' },
        notFound: at?.notFound ?? false,
      });
    const status = drawn ? (drawn.status ?? 200) : at?.notFound ? 404 : 200;
    // At the end of the head: after the shell's own entry script and start-up chunks, so those are asked for first.
    const headEnd = html.indexOf('</head>');
    const body = (headEnd < 0 ? html : `${html.slice(0, headEnd)}${head}${html.slice(headEnd)}`).replace(HEAD_SLOT, () => pageTags);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', contentSecurityPolicy);
    // A page drawn from the shopper's cart is theirs alone.
    ctx.set('Cache-Control', drawn?.personal ? 'private, no-cache' : 'no-cache');
    // Drawn for a phone or a computer, the cart and checkout from the cart cookie, the language from
    // its cookie or the address; Accept-Language only when it decided, so a page in a language asked
    // for by cookie or address is one copy to a shared cache, not one per header a browser sends.
    ctx.set(
      'Vary',
      from === 'accept-language' ? 'Accept-Encoding, User-Agent, Cookie, Accept-Language' : 'Accept-Encoding, User-Agent, Cookie',
    );
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
    ctx.etag = etag;
    ctx.status = status;
    if (status === 200 && ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const best = compressed.get(etag);
    if (best && ctx.acceptsEncodings('br', 'identity') === 'br') {
      ctx.compress = false;
      ctx.set('Content-Encoding', 'br');
      ctx.body = best;
      return;
    }
    compressed.offer(etag, body);
    ctx.body = body;
  };
}
