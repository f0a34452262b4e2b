// Fails when src/db/schema.ts and the committed migrations disagree: drizzle-kit generates
// into a scratch copy of drizzle/, and any new file there means a migration is missing.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';

// drizzle-kit reads --out as relative to the working folder, so the scratch copy lives here.
const scratch = mkdtempSync('.migration-check-');
try {
  cpSync('drizzle', scratch, { recursive: true });
  const before = readdirSync(scratch).sort();
  execFileSync(
    'npx',
    ['drizzle-kit', 'generate', '--dialect=postgresql', '--schema=./src/db/schema.ts', `--out=./${scratch}`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const added = readdirSync(scratch).filter((f) => !before.includes(f));
  if (added.length > 0) {
    console.error(`Schema and migrations disagree: drizzle-kit would add ${added.join(', ')}.`);
    console.error('Run `npm run db:generate` and commit the new migration.');
    process.exitCode = 1;
  } else {
    console.log('Migrations match the schema.');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
