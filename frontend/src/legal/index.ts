export { AiPolicyPage } from './AiPolicyPage';
export { PrivacyPolicyPage } from './PrivacyPolicyPage';
export { TermsPage } from './TermsPage';
