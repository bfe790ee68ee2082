/**
 * The child of inFreshProcess (freshProcess.ts): `tsx freshProcessEntry.ts <module> <function> <options JSON> <result file>`
 * runs the part's function with the options and writes what it answers to the result file.
 */
import fs from 'node:fs';

async function main(): Promise<void> {
  const [file, exportName, options, resultFile] = process.argv.slice(2);
  if (!file || !exportName || !options || !resultFile)
    throw new Error('usage: freshProcessEntry.ts <module> <function> <options JSON> <result file>');
  const part = ((await import(file)) as Record<string, unknown>)[exportName];
  if (typeof part !== 'function') throw new Error(`${file} has no function ${exportName}`);
  const result: unknown = await (part as (options: unknown) => Promise<unknown>)(JSON.parse(options));
  fs.writeFileSync(resultFile, JSON.stringify(result));
}

main().then(
  // The parts leave pools and timers behind them that their own commands end with process.exit too.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
