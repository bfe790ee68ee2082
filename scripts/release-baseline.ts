/**
 * Tags every workspace's current version (`<name>@<version>`, lerna's independent-mode tags) where no
 * such tag exists yet, once, on the commit that introduced versioning. `npm run release` (lerna version
 * with conventional commits) then compares each area only with its own last release, instead of
 * counting the whole history as one change to everything.
 */
import { execFileSync } from 'node:child_process';

const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' }).trim();
const workspaces = JSON.parse(
  execFileSync('npx', ['lerna', 'list', '--all', '--json', '--loglevel', 'silent'], { encoding: 'utf8' }),
) as Array<{
  name: string;
  version: string;
}>;
const existing = new Set(git('tag', '--list').split('\n'));
let made = 0;
for (const { name, version } of workspaces) {
  const tag = `${name}@${version}`;
  if (existing.has(tag)) continue;
  git('tag', '-a', tag, '-m', tag);
  made += 1;
  console.log(`tagged ${tag}`);
}
console.log(made ? `${made} baseline tags made; push them with git push --tags.` : 'Every workspace already has its baseline tag.');
