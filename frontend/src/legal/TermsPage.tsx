import { SupportEmailLink } from './contact';
import { LegalPage } from './LegalPage';
import type { LegalSection } from './LegalPage';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Acceptance and Eligibility',
    blocks: [
      'These Terms and Conditions are the agreement between you and Claims Copilot. By creating an account or using Claims Copilot, you agree to them, along with our Privacy Policy and Use of AI Policy. If you do not agree, please do not use the service.',
      "You must be 18 or older to use Claims Copilot. If you use it to help a family member, you confirm that you have that person's permission.",
    ],
  },
  {
    title: 'Service Description',
    blocks: [
      'Claims Copilot is an AI-powered self-help tool for VA benefits, claims and appeals. It offers claims tracking, secure document storage, AI document analysis, an AI chat assistant, VA forms and templates, and estimates of disability ratings and deadlines.',
      'Claims Copilot is not affiliated with or endorsed by the U.S. Department of Veterans Affairs (VA). We are not a VA agent, a veterans service organization (VSO) or an attorney, we do not file claims for you, and we do not represent you before the VA. Accredited VSOs can help you with your claim free of charge.',
    ],
  },
  {
    title: 'User Accounts',
    blocks: [
      'You sign in to Claims Copilot through our secure sign-in page. Please keep your account details accurate and your sign-in private, and use your account only for yourself or a family member you are helping.',
      'You are responsible for what happens in your account. If you think someone else has used it, contact us right away.',
    ],
  },
  {
    title: 'Subscriptions and Payments',
    blocks: [
      'Claims Copilot has a Free plan with limited features and usage limits, and paid plans for more capacity. The Basic plan costs $9.99 per month and renews automatically each month until you cancel. Any other plan or billing option shows its price before you pay.',
      'You can cancel at any time from the Billing page, and you keep paid access until the end of the period you have paid for. If you are subscribing to Basic for the first time, you are covered by a 30-day money-back guarantee: ask us within 30 days of your first payment and we will refund it in full. Other payments are not refundable, except where the law requires.',
    ],
  },
  {
    title: 'User Conduct',
    blocks: [
      'Please use Claims Copilot honestly and respectfully. You agree not to:',
      {
        list: [
          'use it to prepare or submit false or misleading information to the VA or anyone else;',
          'upload content you do not have the right to share, or content that is unlawful or harmful;',
          "try to access another person's account or data;",
          'disrupt, overload, copy, scrape or reverse engineer the service.',
        ],
      },
      'We may suspend or close accounts that break these rules.',
    ],
  },
  {
    title: 'Intellectual Property',
    blocks: [
      'The Claims Copilot software, design, text and templates belong to us or our licensors. We give you a personal, non-transferable permission to use them for your own claims, or those of a family member you are helping.',
      'Your documents and information stay yours. You allow us to store and process them only so we can provide the service to you.',
    ],
  },
  {
    title: 'Disclaimers',
    blocks: [
      'Claims Copilot is provided "as is" and "as available". We do not give legal, medical or financial advice, and nothing in the service should be treated as such advice.',
      'AI results, rating estimates and deadline estimates can be wrong, so please check them before you rely on them. Only the VA decides your claim, and we cannot promise any outcome. Claims Copilot is not HIPAA compliant.',
    ],
  },
  {
    title: 'Limitation of Liability',
    blocks: [
      'To the fullest extent the law allows, Claims Copilot is not liable for indirect, incidental, special, consequential or punitive damages, or for lost benefits, profits or data.',
      'Our total liability for any claim about the service is limited to the greater of $100 or the amount you paid us in the 12 months before the claim arose. Some states do not allow certain limits, so parts of this section may not apply to you.',
    ],
  },
  {
    title: 'Indemnification',
    blocks: [
      'If someone makes a claim against Claims Copilot because of how you used the service, the content you uploaded, or a breach of these Terms, you agree to cover the resulting costs and losses, including reasonable legal fees. This does not apply to problems we caused ourselves.',
    ],
  },
  {
    title: 'Governing Law',
    blocks: [
      'These Terms are governed by the laws of the United States and the State of North Carolina, without regard to conflict-of-law rules.',
      'If a problem comes up, please contact us first. Most concerns can be sorted out quickly and informally.',
    ],
  },
  {
    title: 'Changes to These Terms',
    blocks: [
      'We may update these Terms from time to time. When we do, we will change the "Last updated" date at the top of this page and tell you about important changes by email or in the app.',
      'If you keep using Claims Copilot after a change, the updated Terms apply. If you do not agree with them, you can stop using the service and cancel your subscription.',
    ],
  },
  {
    title: 'Contact Us',
    blocks: [
      <>
        If you have questions about these Terms, your subscription or a refund, email us at <SupportEmailLink />. We will do our best to
        reply promptly.
      </>,
    ],
  },
];

export function TermsPage() {
  return <LegalPage title="Terms and Conditions" dateLine="Last updated August 22, 2025" sections={SECTIONS} />;
}
