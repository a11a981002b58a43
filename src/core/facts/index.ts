export { applyInboxFile, removeInboxFile } from './inbox-history.js';
export { applyTakenMail, takenMessageOf } from './inbox-taken.js';
export { emptyInbox, positionOf } from './inbox-versions.js';
export type { InboxHistory, Taking } from './inbox-versions.js';
export { RECORDED_MEMBERS_KEPT } from './recorded-work.js';
export { reducer } from './reducer.js';
export type { Action } from './reducer.js';
export { NO_FACTS, isPrintSession } from './state.js';
export type { AgentLog, AgentRecord, Facts, Problem, TeamState, TranscriptRecord } from './state.js';
