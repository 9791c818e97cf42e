/**
 * The end-to-end tests drive Debian's Chromium (never a downloaded browser build). This makes
 * sure it is there: installs it with apt-get when running as root, else says what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command: string, args: string[]) {
  execFileSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

if (existsSync(chromiumPath)) {
  process.exit(0);
}

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log(`Chromium not found at ${chromiumPath}; installing Debian's chromium package…`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation']);
  if (existsSync(chromiumPath)) process.exit(0);
}

console.error(
  [
    `The end-to-end tests need Chromium at ${chromiumPath}.`,
    'Install it with:  sudo apt-get install chromium   (Debian/Ubuntu)',
    'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
  ].join('\n'),
);
process.exit(1);
