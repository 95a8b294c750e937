// Filled by the AI analysis and billing issues: this workspace only reserves its place in the monorepo for now.
export {};
