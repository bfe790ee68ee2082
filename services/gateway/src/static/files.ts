import fs from 'node:fs';

/**
 * What is made from a file (its text, its JSON, a renderer built from it), made again only when
 * the file changes (a redeployed shell or remote: a new modification time or size). Null while the
 * file is missing, or when making it failed (until the file changes again).
 */
export function whenChanged<T>(
  make: (file: string) => T,
  onError: (error: unknown, file: string) => void = () => undefined,
): (file: string) => T | null {
  const made = new Map<string, { stamp: string; value: T | null }>();
  return (file) => {
    let stamp: string;
    try {
      const stat = fs.statSync(file);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return null;
    }
    const known = made.get(file);
    if (known?.stamp === stamp) return known.value;
    let value: T | null = null;
    try {
      value = make(file);
    } catch (error) {
      onError(error, file);
    }
    made.set(file, { stamp, value });
    return value;
  };
}

/** A JSON file, parsed again only when it changes; null when missing or broken. */
export const jsonFile = <T>(): ((file: string) => T | null) => whenChanged((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as T);

/** A value for a double-quoted HTML attribute. */
export const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
