// Every view, in names.ts's order; the keymap is the base bindings and each view's key, so help and footer know it.
import { dashboardView } from './dashboard.js';
import { BASE_KEYMAP, makeKeymap, type Binding, type Command } from '../keys/keymap.js';
import { stepsView } from '../panes/steps/index.js';
import { timelineView } from '../panes/timeline/index.js';
import { workflowView } from '../panes/workflow/index.js';
import { DASHBOARD, VIEW_NAMES, type ViewName } from './names.js';
import type { View } from './view.js';
import type { Note } from '../keys/view-state.js';

const BY_NAME: { readonly [Name in ViewName]: View } = {
  dashboard: dashboardView,
  timeline: timelineView,
  steps: stepsView,
  workflow: workflowView,
};

export const VIEWS: readonly View[] = VIEW_NAMES.map((name) => BY_NAME[name]);

export const viewNamed = (name: ViewName): View => BY_NAME[name];

/** The views' keys go where the help lists them: after the team keys. */
const AFTER = BASE_KEYMAP.findIndex((binding) => binding.command === 'prevTeam') + 1;
const viewBindings: Binding[] = VIEWS.flatMap((view) => (view.key ? [{ ...view.key, command: { view: view.name } }] : []));

export const KEYMAP = makeKeymap([...BASE_KEYMAP.slice(0, AFTER), ...viewBindings, ...BASE_KEYMAP.slice(AFTER)]);

export function describeNote(note: Note, mode: ViewName): string {
  const key = (command: Command) => KEYMAP.keyOf(command);
  const pressed = key(note.command);
  if (note.why === 'close-first') return `${pressed}: close this first (${key('close')})`;
  if (mode === DASHBOARD) return `${pressed}: focus a member pane first (${key('nextPane')})`;
  return `${pressed}: member panes are on the dashboard (${key({ view: mode })})`;
}
