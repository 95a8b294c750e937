/**
 * The shared reading of a sentence: probability phrases with their negation, service places and
 * dates, condition identity (side, body part, family), audiograms, PTSD stressors and TBI
 * secondaries. The offline analysis engine, the evidence rules and the chat tools all read with
 * this one module, so they cannot disagree (docs/legal-rules.md lists each rule with its citation).
 *
 * Server-side only: it depends on chrono-node, which the frontend bundle must not carry
 * (docs/ARCHITECTURE.md, "Folders and what each may import"; the lint rule for frontend/ forbids importing it).
 */
export * from './reading/conditions';
export * from './reading/dates';
export * from './reading/hearing';
export * from './reading/negation';
export * from './reading/opinion';
export * from './reading/service';
export * from './reading/stressor';
export * from './reading/tbi';
