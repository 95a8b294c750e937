/** The database the launcher creates in the embedded cluster, and which the admin command line opens. */
export const EMBEDDED_DATABASE_NAME = 'claims_copilot';
