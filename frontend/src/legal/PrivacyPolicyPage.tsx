import { SupportEmailLink } from './contact';
import { LegalPage } from './LegalPage';
import type { LegalSection } from './LegalPage';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Overview',
    blocks: [
      'This Privacy Policy explains what information Claims Copilot collects, how we use it, and the choices you have. Claims Copilot is a self-help tool that helps veterans and their families prepare, file and track VA disability claims and appeals.',
      'Claims Copilot is not affiliated with or endorsed by the U.S. Department of Veterans Affairs (VA). By using Claims Copilot, you agree to the practices described here.',
    ],
  },
  {
    title: 'Information We Collect',
    blocks: [
      'We only collect what we need to run Claims Copilot for you. This includes:',
      {
        list: [
          'Account details, such as your name, email address and profile picture from your sign-in, and any profile details you add, like your branch of service.',
          'Claim details you enter, such as conditions, ratings, status, notes and deadlines.',
          'Documents you upload, their details (filename, file size and document category), and the results of any AI analysis.',
          'Your conversations with the AI assistant.',
          'Subscription and billing status. Card payments are handled by our payment provider, and we do not store your full card number.',
          'Basic technical information, such as your browser type and the time of each visit, which we need to keep the service working and secure.',
        ],
      },
    ],
  },
  {
    title: 'How We Use Your Information',
    blocks: [
      'We use your information to provide Claims Copilot: to store your documents, track your claims, run AI analysis, answer your questions in the chat, and remind you about status changes and deadlines.',
      'We also use it to manage your subscription, help you when you contact us, keep the service safe, and fix and improve it. We do not sell your personal information.',
    ],
  },
  {
    title: 'Data Protection and Storage',
    blocks: [
      'We protect your information with reasonable safeguards, such as encrypted connections and access controls. Access to your data is limited to the people and systems that need it to run the service.',
      'No online service can promise perfect security. Claims Copilot is not HIPAA compliant, so please think carefully about which medical records you choose to upload.',
    ],
  },
  {
    title: 'Data Retention and Deletion',
    blocks: [
      'We keep your information for as long as your account is open, so it is there when you come back. You can delete your documents, claims and chat conversations at any time.',
      'If you would like your whole account deleted, contact us and we will remove your information within a reasonable time. We may keep a small amount of information, such as billing records, when the law requires it, and deleted data may remain in backups for a short time before it is overwritten.',
    ],
  },
  {
    title: 'Information Sharing',
    blocks: [
      'We share your information only with companies that help us run Claims Copilot, such as hosting, payment and AI service providers, and only so they can do that work for us. They are required to protect it.',
      'We do not send anything to the VA or anyone else on your behalf. We may disclose information if the law requires it, or to protect the safety and rights of our users and our service.',
    ],
  },
  {
    title: 'User Responsibilities',
    blocks: [
      'Please keep your sign-in details private and let us know right away if you think someone else has used your account. Only upload documents that you have the right to share.',
      'Before uploading, consider covering up details the tool does not need, such as your full Social Security number. You are responsible for making sure the information you enter is accurate.',
    ],
  },
  {
    title: 'Your Privacy Rights',
    blocks: [
      'You can ask to see, correct, download or delete the personal information we hold about you. Depending on where you live, your state may give you additional rights.',
      'To make a request, contact us using the details below. We will never treat you differently for using your privacy rights.',
    ],
  },
  {
    title: "Children's Privacy",
    blocks: [
      'Claims Copilot is for adults. You must be 18 or older to use it, including when you are helping a family member with their claim.',
      'We do not knowingly collect information from anyone under 18. If we learn that we have, we will delete it.',
    ],
  },
  {
    title: 'Changes to This Policy',
    blocks: [
      'We may update this policy from time to time. When we do, we will change the effective date at the top of this page, and we will tell you about important changes by email or in the app.',
      'If you keep using Claims Copilot after a change, the updated policy applies.',
    ],
  },
  {
    title: 'Contact Us',
    blocks: [
      <>
        If you have questions about this policy or your information, email us at <SupportEmailLink />. We will do our best to reply
        promptly.
      </>,
      'Please do not send medical records or other sensitive documents by email.',
    ],
  },
];

export function PrivacyPolicyPage() {
  return <LegalPage title="Privacy Policy" dateLine="Effective August 22, 2025" sections={SECTIONS} />;
}
