import fs from 'node:fs';
import path from 'node:path';
import type { GatewayConfig } from '../config';

/** A stylesheet the gateway serves from a build folder of its own, to put in a drawn page's head. */
export interface InlineStylesheet {
  /**
   * The file's name in its build's folder: what that build's webpack runtime looks for in a
   * `<style data-href>` before it loads the chunk's stylesheet (mini-css-extract's findStylesheet
   * compares the name and the full address; a remote's full address is absolute, from its
   * entry script's, so the name is the one both the shell and every remote match). Names carry
   * their content hash, so two builds' names never meet.
   */
  name: string;
  css: string;
}

/**
 * Larger stylesheets stay linked: inlined, they would be downloaded again with every drawn page
 * instead of once into the cache. Today's are 2-6 KB each (brotli 0.4-1.7 KB).
 */
export const MAX_INLINE_STYLESHEET_BYTES = 24 * 1024;

const FILE_NAME = /^[\w.-]+\.css$/;

/**
 * Each file read once: a build names its stylesheets by their content hash, so a name's text never
 * changes, and a drawn page, answered per request, asks for the same few names again and again
 * (no file system call on that path once read). A missing file is looked for again (a remote not
 * built yet); a new build's names come in beside the old ones, a few per deployment.
 */
const readFiles = new Map<string, string | null>();
function readCss(file: string): string | null {
  const known = readFiles.get(file);
  if (known !== undefined) return known;
  let css: string;
  try {
    css = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  // The text goes inside <style>: only `</style` could end it early; `\/` is the same character to CSS.
  const inline = Buffer.byteLength(css) > MAX_INLINE_STYLESHEET_BYTES ? null : css.replace(/<\/(style)/gi, '<\\/$1');
  readFiles.set(file, inline);
  return inline;
}

/**
 * The stylesheets a drawn page paints with, read from the shell's and the local remotes' build
 * folders (the only ones the gateway draws with: see ssr/drawing.ts), so the page needs no request
 * before its first paint: on a phone's slow network each linked stylesheet blocked the drawn
 * page's first paint for a round trip. Null for any other address, a missing file, or one too large:
 * that stylesheet is linked as before.
 */
export function inlineStylesheets(config: Pick<GatewayConfig, 'shellDir' | 'localRemotes'>): (href: string) => InlineStylesheet | null {
  return (href) => {
    const remote = /^\/remotes\/([\w-]+)\/([^/]+)$/.exec(href);
    const [dir, name] = remote
      ? [config.localRemotes.find((local) => local.folder === remote[1])?.dir, remote[2]!]
      : [config.shellDir, href.slice(1)];
    if (!dir || !FILE_NAME.test(name)) return null;
    const css = readCss(path.join(dir, name));
    return css === null ? null : { name, css };
  };
}
