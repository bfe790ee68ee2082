import vm from 'node:vm';
import { startScriptsAfterFirstPaint } from './afterFirstPaint';

/** A drawn page's head as the gateway makes it: the shell's minified template plus the page's hints. */
const PAGE =
  '<!doctype html><html lang=en><head><title>Shop</title><link rel="stylesheet" href="/bootstrap.css"><link rel="preload" as="image" href="/media/unga.svg" fetchpriority="high">' +
  '<script defer src=/main.js fetchpriority=high></script><link rel=preload href=/react.1a2b.js as=script><link href=/framework.3c4d.js rel=preload as=script>' +
  '<script id="shop-remotes" type="application/json">{"remotes":[]}</script>' +
  '<link rel="preload" href="/remotes/mf-catalog/mf-manifest.json" as="fetch" crossorigin="anonymous" /><link rel="preload" href="/remotes/mf-catalog/page.css" as="style" />' +
  '<link rel="preload" href="/api/site/products/view/unga" as="fetch" crossorigin="anonymous" /></head>' +
  '<body><div id="root"><main>Unga</main></div><script type="application/json" id="first-screen">{}</script></body></html>';

interface FakeElement {
  tag: string;
  [property: string]: unknown;
}

/** Runs the page's inline loader against a stand-in document: what it adds to the head, and when. */
function runLoader(html: string) {
  const inline = /<script>([\s\S]*?)<\/script>/.exec(html);
  if (!inline) throw new Error('no inline loader');
  const added: FakeElement[] = [];
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const listeners: Record<string, Array<() => void>> = {};
  const window = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
    addEventListener: (name: string, callback: () => void) => (listeners[name] ??= []).push(callback),
  };
  const document = {
    head: { appendChild: (element: FakeElement) => added.push(element) },
    createElement: (tag: string): FakeElement => ({ tag }),
  };
  vm.runInNewContext(inline[1]!, { window, document });
  return {
    added,
    frame: () => frames.splice(0).forEach((callback) => callback()),
    timers: () => timers.splice(0).forEach((callback) => callback()),
    load: () => (listeners.load ?? []).forEach((callback) => callback()),
  };
}

describe('a drawn page starts its scripts after the first paint', () => {
  const page = startScriptsAfterFirstPaint(PAGE);
  const head = page.slice(0, page.indexOf('</head>'));

  it('takes the scripts and the script and data preloads out of the head', () => {
    expect(head).not.toMatch(/<script[^>]*\bsrc=/);
    expect(head).not.toMatch(/as="?(script|fetch)"?/);
  });

  it('keeps what the first paint needs, and the data islands', () => {
    for (const kept of ['<link rel="stylesheet" href="/bootstrap.css">', '<link rel="preload" as="image" href="/media/unga.svg" fetchpriority="high">', '<link rel="preload" href="/remotes/mf-catalog/page.css" as="style" />', '<script id="shop-remotes" type="application/json">{"remotes":[]}</script>']) {
      expect(head).toContain(kept);
    }
    expect(page.slice(page.indexOf('</head>'))).toBe(PAGE.slice(PAGE.indexOf('</head>')));
  });

  it('adds them again one frame after the first paint: the entry script first, in order, then the preloads', () => {
    const loader = runLoader(page);
    loader.frame();
    expect(loader.added).toEqual([]);
    loader.timers();
    expect(loader.added).toEqual([
      { tag: 'script', src: '/main.js', async: false, fetchPriority: 'high' },
      { tag: 'link', rel: 'preload', href: '/react.1a2b.js', as: 'script' },
      { tag: 'link', rel: 'preload', href: '/framework.3c4d.js', as: 'script' },
      { tag: 'link', rel: 'preload', href: '/remotes/mf-catalog/mf-manifest.json', as: 'fetch', crossOrigin: 'anonymous' },
      { tag: 'link', rel: 'preload', href: '/api/site/products/view/unga', as: 'fetch', crossOrigin: 'anonymous' },
    ]);
    // Once only, whichever comes first.
    loader.load();
    expect(loader.added).toHaveLength(5);
  });

  it('starts them at the load event in a tab that draws no frames (opened in the background)', () => {
    const loader = runLoader(page);
    loader.load();
    expect(loader.added.map((element) => element.src ?? element.href)).toEqual(['/main.js', '/react.1a2b.js', '/framework.3c4d.js', '/remotes/mf-catalog/mf-manifest.json', '/api/site/products/view/unga']);
  });

  it('asks for the address the tag named, and an address cannot close the loader early', () => {
    const tricky = startScriptsAfterFirstPaint('<head><script defer src=/main.js></script><link rel="preload" href="/api/x?a=1&amp;b=&lt;/script&gt;&lt;b&gt;" as="fetch" /></head>');
    expect(tricky).not.toContain('</script><b>');
    const loader = runLoader(tricky);
    loader.load();
    expect(loader.added[1]).toMatchObject({ href: '/api/x?a=1&b=</script><b>' });
  });

  it('leaves a page without scripts as it is', () => {
    const plain = '<!doctype html><html><head><title>Shop</title></head><body></body></html>';
    expect(startScriptsAfterFirstPaint(plain)).toBe(plain);
  });
});
