/**
 * A drawn page (see ssr/firstScreen.ts) is complete on screen from its HTML and stylesheets: its
 * scripts and the data its browser render asks for are not needed to show it. On a phone's slow
 * link, fetched alongside the stylesheets, they share the bandwidth the first screen waits for.
 * So on such a page they start once the browser reports the first contentful paint (its Paint
 * Timing entry, which comes when the frame is on screen): the shell template's `<script src>` tags
 * and script and fetch preloads are taken out of its head (once per template, see takeScripts), and
 * a small inline script adds them again then, with the page's own script and data hints.
 * Not at the load event nor one animation frame in, as before: both come before the paint is on
 * screen when the page's few files arrive quickly but the phone's CPU is slow (the frame's style,
 * layout and raster still running), and the scripts then shared the CPU and the link with it.
 * A tab that draws no frames (opened in the background, prerendered) starts them at the load event;
 * a browser without PerformanceObserver at once, and one without Paint Timing (Safari before 14.1)
 * NO_PAINT_FALLBACK_MS after the load event.
 * Everything else (stylesheets, the image preload, the remotes' configuration) stays in the head.
 */
import type { Hint } from './pageHints';

/** `<script ...></script>` with no inline code (the shell's entry script, or a data island). */
const EMPTY_SCRIPT = /<script\b([^>]*)><\/script>/g;
const LINK = /<link\b([^>]*)>/g;

type AttributeName = 'src' | 'type' | 'fetchpriority' | 'rel' | 'as' | 'href';
const ATTRIBUTES = Object.fromEntries(
  (['src', 'type', 'fetchpriority', 'rel', 'as', 'href'] as const).map((name) => [
    name,
    new RegExp(`(?:^|\\s)${name}=(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i'),
  ]),
) as Record<AttributeName, RegExp>;

/** An attribute's value in a tag's attribute text, quoted or not (the built template is minified). */
function attribute(attributes: string, name: AttributeName): string | undefined {
  const found = ATTRIBUTES[name].exec(attributes.replace(/\s*\/$/, ''));
  return found ? (found[1] ?? found[2] ?? found[3]) : undefined;
}

type Preload = { href: string; as: 'script' | 'fetch' };

/** What a drawn page starts after its first paint: the template's scripts (run in order) and preloads. */
export interface DeferredScripts {
  scripts: Array<{ src: string; highPriority: boolean }>;
  preloads: Preload[];
}

/** The shell's template without the scripts and script/fetch preloads of its head, and those apart. */
export function takeScripts(template: string): { html: string; deferred: DeferredScripts } {
  const headEnd = template.indexOf('</head>');
  const deferred: DeferredScripts = { scripts: [], preloads: [] };
  if (headEnd < 0) return { html: template, deferred };
  const head = template
    .slice(0, headEnd)
    .replace(EMPTY_SCRIPT, (tag: string, attributes: string) => {
      const src = attribute(attributes, 'src');
      // A data island (type="application/json") is not a script to run.
      if (!src || attribute(attributes, 'type')) return tag;
      deferred.scripts.push({ src, highPriority: attribute(attributes, 'fetchpriority') === 'high' });
      return '';
    })
    .replace(LINK, (tag: string, attributes: string) => {
      const as = attribute(attributes, 'as');
      const href = attribute(attributes, 'href');
      if (attribute(attributes, 'rel') !== 'preload' || !href || (as !== 'script' && as !== 'fetch')) return tag;
      deferred.preloads.push({ href, as });
      return '';
    });
  return { html: `${head}${template.slice(headEnd)}`, deferred };
}

const isPreload = (hint: Hint): hint is Preload => hint.as === 'script' || hint.as === 'fetch';

/**
 * How long after the load event a visible page that never reports a contentful paint (none is
 * expected: a drawn page has text) waits before starting its scripts anyway, so the shop always starts.
 */
export const NO_PAINT_FALLBACK_MS = 3000;

/**
 * The inline script that starts the template's scripts and preloads and the page's script and data
 * hints after the first contentful paint is on screen (see the top of this file). The page's
 * stylesheet hints are left out: a drawn page has its stylesheets in its head already (withFirstScreen). The
 * code alone (what the page's Content-Security-Policy hashes); afterFirstPaintLoader puts it in its element.
 */
export function afterFirstPaintScript({ scripts, preloads }: DeferredScripts, hints: Hint[]): string {
  // One list, in order, of arrays rather than objects (fewer bytes in every drawn page): a script
  // is [src] or [src, 0, 1] when of high priority, a preload [href, as].
  const data = JSON.stringify([
    ...scripts.map(({ src, highPriority }) => (highPriority ? [src, 0, 1] : [src])),
    ...[...preloads, ...hints.filter(isPreload)].map(({ href, as }) => [href, as]),
  ]).replace(/</g, '\\u003c');
  // Written small by hand: it is in every drawn page's HTML, the first bytes a shopper waits for.
  // The elements go into the head in one insertion (a fragment): one by one, the callback was a
  // task of 8-16 ms in Chromium here (its first appends stalled for milliseconds each), 4-7 ms so;
  // scripts appended together still run in their order (async false).
  return (
    // crossOrigin "" is "anonymous" (a fetch() is a CORS request: its preload must be too, or it is not reused).
    '(function(d,p,g){function start(){if(!g){g=1;var f=d.createDocumentFragment();p.forEach(function(x){var e=d.createElement(x[1]?"link":"script");' +
    'x[1]?(e.rel="preload",e.href=x[0],(e.as=x[1])=="fetch"&&(e.crossOrigin="")):(e.src=x[0],e.async=!1,x[2]&&(e.fetchPriority="high"));' +
    'f.append(e)});d.head.append(f)}}' +
    // The observer's callback is a task of its own after the frame is on screen: nothing to wait for then.
    // Not `buffered`: in the head, it runs before the page's first paint.
    'try{new PerformanceObserver(function(l){l.getEntriesByName("first-contentful-paint")[0]&&start()}).observe({type:"paint"})}catch(e){start()}' +
    'addEventListener("load",function(){setTimeout(start,d.hidden?0:' +
    `${NO_PAINT_FALLBACK_MS / 1000}e3` +
    ')})})(document,' +
    data +
    ')'
  );
}

/** afterFirstPaintScript in its script element. */
export function afterFirstPaintLoader(deferred: DeferredScripts, hints: Hint[]): string {
  return `<script>${afterFirstPaintScript(deferred, hints)}</script>`;
}
