/**
 * A drawn page (see ssr/firstScreen.ts) is complete on screen from its HTML and stylesheets: its
 * scripts and the data its browser render asks for are not needed to show it. On a phone's slow
 * link, fetched alongside the stylesheets, they share the bandwidth the first screen waits for.
 * So on such a page they start one frame after the first paint: the shell template's `<script src>`
 * tags and script and fetch preloads are taken out of its head (once per template, see
 * takeScripts), and a small inline script adds them again then, with the page's own script and
 * data hints (or at the load event, whichever comes first, as a tab opened in the background
 * draws no frames). Everything else (stylesheets, the image preload, the remotes' configuration)
 * stays in the head.
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
 * The inline script that starts the template's scripts and preloads and the page's script and data
 * hints one frame after the first paint. The page's stylesheet hints are left out: a drawn page
 * links its stylesheets already (withFirstScreen). The code alone (what the page's
 * Content-Security-Policy hashes); afterFirstPaintLoader puts it in its element.
 */
export function afterFirstPaintScript({ scripts, preloads }: DeferredScripts, hints: Hint[]): string {
  const data = JSON.stringify({ scripts, preloads: [...preloads, ...hints.filter(isPreload)] }).replace(/</g, '\\u003c');
  return (
    '(function(){var d=document,w=window,started=false,p=' +
    data +
    ';function start(){if(started)return;started=true;var h=d.head;' +
    'p.scripts.forEach(function(x){var s=d.createElement("script");s.src=x.src;s.async=false;if(x.highPriority)s.fetchPriority="high";h.appendChild(s)});' +
    'p.preloads.forEach(function(x){var l=d.createElement("link");l.rel="preload";l.href=x.href;l.as=x.as;if(x.as==="fetch")l.crossOrigin="anonymous";h.appendChild(l)})}' +
    'w.requestAnimationFrame(function(){w.setTimeout(start,0)});w.addEventListener("load",start)})()'
  );
}

/** afterFirstPaintScript in its script element. */
export function afterFirstPaintLoader(deferred: DeferredScripts, hints: Hint[]): string {
  return `<script>${afterFirstPaintScript(deferred, hints)}</script>`;
}
