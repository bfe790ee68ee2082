/**
 * A drawn page (see ssr/firstScreen.ts) is complete on screen from its HTML and stylesheets: its
 * scripts and the data its browser render asks for are not needed to show it. On a phone's slow
 * link, fetched alongside the stylesheets, they share the bandwidth the first screen waits for.
 * So on such a page they start one frame after the first paint: the page's `<script src>` tags and
 * script and fetch preloads are taken out of the head and added again by a small inline script
 * then (or at the load event, whichever comes first, as a tab opened in the background draws no
 * frames). Everything else (stylesheets, the image preload, the remotes' configuration) stays.
 */

/** `<script ...></script>` with no inline code (the shell's entry script, or a data island). */
const EMPTY_SCRIPT = /<script\b([^>]*)><\/script>/g;
const LINK = /<link\b([^>]*)>/g;

type AttributeName = 'src' | 'type' | 'fetchpriority' | 'rel' | 'as' | 'href';
const ATTRIBUTES = Object.fromEntries(
  (['src', 'type', 'fetchpriority', 'rel', 'as', 'href'] as const).map((name) => [name, new RegExp(`(?:^|\\s)${name}=(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i')]),
) as Record<AttributeName, RegExp>;

/** An attribute's value in a tag's attribute text, quoted or not (the template is minified, the hints are not). */
function attribute(attributes: string, name: AttributeName): string | undefined {
  const found = ATTRIBUTES[name].exec(attributes.replace(/\s*\/$/, ''));
  const value = found ? (found[1] ?? found[2] ?? found[3]) : undefined;
  // The characters escapeAttribute (./files) escapes: the loader sets the value as the parser would have read it.
  return value?.replace(/&(amp|quot|lt|gt|#39);/g, (_, entity: string) => ENTITIES[entity]!);
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" };

interface Deferred {
  scripts: Array<{ src: string; highPriority: boolean }>;
  preloads: Array<{ href: string; as: 'script' | 'fetch' }>;
}

/** The loader: adds the scripts (run in order) and then the preloads, once. */
function loader({ scripts, preloads }: Deferred): string {
  const data = JSON.stringify({ scripts, preloads }).replace(/</g, '\\u003c');
  return (
    '<script>(function(){var d=document,w=window,started=false,p=' +
    data +
    ';function start(){if(started)return;started=true;var h=d.head;' +
    'p.scripts.forEach(function(x){var s=d.createElement("script");s.src=x.src;s.async=false;if(x.highPriority)s.fetchPriority="high";h.appendChild(s)});' +
    'p.preloads.forEach(function(x){var l=d.createElement("link");l.rel="preload";l.href=x.href;l.as=x.as;if(x.as==="fetch")l.crossOrigin="anonymous";h.appendChild(l)})}' +
    'w.requestAnimationFrame(function(){w.setTimeout(start,0)});w.addEventListener("load",start)})()</script>'
  );
}

/** The page with its scripts and script/fetch preloads started after the first paint (head only). */
export function startScriptsAfterFirstPaint(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const deferred: Deferred = { scripts: [], preloads: [] };
  const head = html
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
  if (!deferred.scripts.length) return html;
  return `${head}${loader(deferred)}${html.slice(headEnd)}`;
}
