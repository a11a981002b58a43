import { snapshot } from '../store/snapshot.js';
import { settledSession } from './session.js';

export async function runJson(claudeDir: string, team: string | undefined): Promise<number> {
  const { store } = await settledSession(claudeDir);
  const document = snapshot(store.getState(), { claudeDir, team });
  if (team !== undefined && document.teams.length === 0) {
    process.stderr.write(`teamtop: no team named "${team}" in ${claudeDir}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  return 0;
}
