/**
 * The completeness check every app with a catalog runs in its tests (not exported from the package
 * index: it reads files): `expect(catalogProblems({ en, translations: { sw }, sourceDir })).toEqual([])`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from './catalog';

/** The arguments a message interpolates (`{total}`, `{count, plural, ...}`), nested ones included. */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  // Compiled, a message is a list of parts: text, or an argument [name] / [name, 'plural', { case: parts }].
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part) || typeof part[0] !== 'string') continue;
      names.add(part[0]);
      const cases: unknown = part[2];
      if (cases && typeof cases === 'object') for (const value of Object.values(cases)) walk(value);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

/** The literal ids the source passes to a translate function: `t('shop.sortBy'` (dynamic ids are the type checker's). */
export function idsUsedIn(sourceDir: string): Set<string> {
  const ids = new Set<string>();
  for (const file of sourceFiles(sourceDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"]([\w.-]+)['"]/g)) ids.add(match[1]!);
  }
  return ids;
}

/** Every problem of an app's catalogs, as sentences: an empty list is a complete translation. */
export function catalogProblems({
  en,
  translations,
  sourceDir,
}: {
  en: Messages;
  translations: Record<string, Messages>;
  sourceDir?: string;
}): string[] {
  const problems: string[] = [];
  if (sourceDir) {
    for (const id of idsUsedIn(sourceDir)) if (!(id in en)) problems.push(`"${id}" is used in the code but not in the English catalog`);
  }
  for (const [language, messages] of Object.entries(translations)) {
    for (const [id, message] of Object.entries(en)) {
      const translated = messages[id];
      if (typeof translated !== 'string' || !translated.trim()) {
        problems.push(`"${id}" has no ${language} translation`);
        continue;
      }
      const expected = messageArguments(message).join(', ');
      const found = messageArguments(translated).join(', ');
      if (expected !== found) problems.push(`"${id}" in ${language} uses {${found}} where English uses {${expected}}`);
    }
    for (const id of Object.keys(messages)) if (!(id in en)) problems.push(`"${id}" in ${language} is not in the English catalog`);
  }
  return problems;
}

/**
 * Every problem of an app's server message rules (see serverMessages): an exact rule's catalog
 * entry must say what the server says, in English word for word, and a pattern's named groups must
 * be its message's arguments, so the English catalog stays the server's words.
 */
export function serverMessageProblems(rules: ReadonlyArray<readonly [string | RegExp, string]>, en: Messages): string[] {
  const problems: string[] = [];
  for (const [english, id] of rules) {
    const message = en[id];
    if (message === undefined) {
      problems.push(`"${id}" of the server's "${String(english)}" is not in the English catalog`);
    } else if (typeof english === 'string') {
      if (message !== english) problems.push(`"${id}" says "${message}" where the server says "${english}"`);
    } else {
      const groups = [...english.source.matchAll(/\(\?<(\w+)>/g)].map((group) => group[1]!).sort();
      if (groups.join(', ') !== messageArguments(message).join(', ')) {
        problems.push(`"${id}" uses {${messageArguments(message).join(', ')}} where its pattern captures {${groups.join(', ')}}`);
      }
    }
  }
  return problems;
}
