export { applyInboxFile, applyTakenMail, emptyInbox, positionOf, removeInboxFile, takenMessageOf } from './inbox-history.js';
export type { InboxHistory, Taking } from './inbox-history.js';
export { RECORDED_MEMBERS_KEPT } from './recorded-work.js';
export { reducer } from './reducer.js';
export type { Action } from './reducer.js';
export { NO_FACTS, isPrintSession } from './state.js';
export type { AgentLog, AgentRecord, Facts, Problem, TeamState, TranscriptRecord } from './state.js';
