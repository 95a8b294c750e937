/**
 * Claim strategy and predictions (Pro), pure: what to strengthen first on an open claim, which
 * decision-review lane fits a decided one, the secondary conditions worth claiming, and what a grant
 * could mean for the combined rating and the monthly amount. Server-side: the secondary pairs read
 * conditions with the shared reader (`./reading`), which the frontend bundle must not carry; the
 * frontend imports the types and words from the package root (`@cc/contracts`).
 */
export * from './strategy/types';
export * from './strategy/messages';
export * from './strategy/strengthen';
export * from './strategy/reviewLanes';
export * from './strategy/lowestCompensable';
export * from './strategy/predictions';
export * from './strategy/decisionWindow';
export * from './strategy/secondaryPairs';
export * from './strategy/secondaries';
